//===- FusionBase.td - The fusion dialect and its enums ------*- tablegen -*-===//
#ifndef FUSION_BASE_TD
#define FUSION_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Fusion_Dialect : Dialect {
  let name = "fusion";
  let cppNamespace = "::mlir::fusion";
  let summary = "Fused convolution, normalization and activation chains";
  let description = [{
    The `fusion` dialect holds convolutions whose per-channel normalization
    (BatchNorm in eval mode) and elementwise activation have been proven to
    form one straight chain. `fusion.conv_bn_act` is the matched form: it
    still carries the normalization statistics, so nothing is lost before the
    fold. `fusion.conv_bias_act` is the folded form the lowering consumes: the
    statistics are gone, baked into the filter and bias.

    Both ops are exact about layout: the `layout` attribute names which
    dimension of the input, filter and result is the channel, so every
    per-channel value is applied to the right axis.
  }];
  let useDefaultAttributePrinterParser = 1;
  // Tiling a fused conv (TilingInterface) builds slices, pads and index
  // arithmetic around it.
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
  let extraClassDeclaration = [{
    /// Version of the dialect's textual form and of the fusion report schema.
    /// Bumped on any incompatible change; see docs/FusionGuide.md.
    static constexpr int kVersion = 1;
  }];
}

/// Which dimension of input, filter and result is which. Depthwise layouts
/// name a filter with one input channel per group.
def Fusion_ConvLayout : I32EnumAttr<"ConvLayout", "data and filter layout of a convolution", [
    I32EnumAttrCase<"nchw_fchw", 0>,
    I32EnumAttrCase<"nhwc_hwcf", 1>,
    I32EnumAttrCase<"nhwc_fhwc", 2>,
    I32EnumAttrCase<"nchw_chw", 3>,
    I32EnumAttrCase<"nhwc_hwc", 4>,
    I32EnumAttrCase<"nhwc_hwcm", 5>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

def Fusion_ActivationKind : I32EnumAttr<"ActivationKind", "elementwise activation", [
    I32EnumAttrCase<"none", 0>,
    I32EnumAttrCase<"relu", 1>,
    I32EnumAttrCase<"relu6", 2>,
    I32EnumAttrCase<"clamp", 3>,
    I32EnumAttrCase<"leaky_relu", 4>,
    I32EnumAttrCase<"sigmoid", 5>,
    I32EnumAttrCase<"silu", 6>,
    I32EnumAttrCase<"hardswish", 7>,
    I32EnumAttrCase<"hardsigmoid", 8>
  ]> {
  let cppNamespace = "::mlir::fusion";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Detection heads
//===----------------------------------------------------------------------===//

/// How a raw box regression encodes a box. Always declared, never guessed.
def Fusion_BoxCoding : I32EnumAttr<"BoxCoding", "encoding of raw box regressions", [
    // SSD / RetinaNet (torchvision BoxCoder): (dx, dy, dw, dh) against an
    // anchor box, scaled by per-coordinate weights or variances.
    I32EnumAttrCase<"center_size", 0>,
    // YOLOv8 (ultralytics dist2bbox): distances left, top, right, bottom
    // from an anchor point, in units of the point's stride.
    I32EnumAttrCase<"ltrb_distance", 1>,
    // Already decoded (x1, y1, x2, y2); no anchors.
    I32EnumAttrCase<"corners", 2>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

/// Coordinates of a box: corners or center and size.
def Fusion_BoxFormat : I32EnumAttr<"BoxFormat", "coordinate order of a box", [
    I32EnumAttrCase<"xyxy", 0>,
    I32EnumAttrCase<"cxcywh", 1>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

/// Shape of the anchors operand. Boxes: `[N, 4]`, `[1, N, 4]`, `[B, N, 4]`.
/// Anchor points (x, y): `[N, 2]` or `[2, N]`, with strides `[N]` or
/// `[1, N]` beside them.
def Fusion_AnchorLayout : I32EnumAttr<"AnchorLayout", "shape of the anchors", [
    I32EnumAttrCase<"n4", 0>,
    I32EnumAttrCase<"one_n4", 1>,
    I32EnumAttrCase<"bn4", 2>,
    I32EnumAttrCase<"points_n2", 3>,
    I32EnumAttrCase<"points_2n", 4>,
    I32EnumAttrCase<"none", 5>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

/// Order of a head output. One tensor: `[B, N, K]` (anchor-major, as SSD's
/// permute and concat leave it) or `[B, K, N]` (channel-major, as YOLOv8's
/// Detect leaves it); `K` is the box coordinates (times DFL bins) or the
/// classes. Or the head convs' own outputs, one tensor per level, before any
/// permute or concat: `[B, A*K, H, W]` (`nchw`) or `[B, H, W, A*K]`
/// (`nhwc`), with `A` anchors per cell; a level's anchors are in (h, w, a)
/// order, value `k` of anchor `a` is channel `a*K + k`, and the levels
/// follow one another in operand order.
def Fusion_HeadLayout : I32EnumAttr<"HeadLayout", "order of a head output", [
    I32EnumAttrCase<"bnk", 0>,
    I32EnumAttrCase<"bkn", 1>,
    I32EnumAttrCase<"nchw", 2>,
    I32EnumAttrCase<"nhwc", 3>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

/// What turns class logits into scores.
def Fusion_ScoreActivation : I32EnumAttr<"ScoreActivation", "class logits to scores", [
    I32EnumAttrCase<"none", 0>,
    I32EnumAttrCase<"sigmoid", 1>,
    I32EnumAttrCase<"softmax", 2>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

/// How center-size weights apply to the deltas: torchvision's BoxCoder
/// divides by (wx, wy, ww, wh); SSD-style variances multiply. The two round
/// differently in f32, so the form the frontend used is kept.
def Fusion_DeltaScaling : I32EnumAttr<"DeltaScaling", "how box weights scale deltas", [
    I32EnumAttrCase<"divide", 0>,
    I32EnumAttrCase<"multiply", 1>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

/// What `wh_clamp` does with a NaN delta. `propagate`: `minimumf`, NaN
/// stays NaN (TOSA's clamp). `bound`: `cmpf ugt` + `select`, NaN becomes
/// the bound (torch-mlir's linalg spelling of `clamp(max=)`).
def Fusion_ClampNan : I32EnumAttr<"ClampNan", "what the exp clamp does with NaN", [
    I32EnumAttrCase<"propagate", 0>,
    I32EnumAttrCase<"bound", 1>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

/// How a softmax (DFL bins, class scores) is spelled; the spellings round
/// differently. `divide`: the max starts at -inf, then
/// `exp(x - max) / sum` (torch-mlir's linalg). `reciprocal`: the max starts
/// at the lowest finite value, then `exp(x - max) * (1 / sum)` (TOSA's
/// reduce_max, reciprocal and mul, as tosa-to-linalg lowers them).
def Fusion_SoftmaxForm : I32EnumAttr<"SoftmaxForm", "spelling of a softmax", [
    I32EnumAttrCase<"divide", 0>,
    I32EnumAttrCase<"reciprocal", 1>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

/// What a decode writes. `split`: boxes `[B, N, 4]` and scores
/// `[B, N, C']`, two results. `bnk`: one result `[B, N, 4 + C']`; `bkn`: one
/// result `[B, 4 + C', N]` (YOLOv8's packed output): each anchor's box, then
/// its scores.
def Fusion_OutputPacking : I32EnumAttr<"OutputPacking", "results of a decode", [
    I32EnumAttrCase<"split", 0>,
    I32EnumAttrCase<"bnk", 1>,
    I32EnumAttrCase<"bkn", 2>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

//===----------------------------------------------------------------------===//
// Lowering configurations
//===----------------------------------------------------------------------===//

/// How a fused conv becomes loops. A strategy is a case here, a branch
/// where the strategies are dispatched (lib/Transforms/LowerToLoops.cpp),
/// and a rule in the selection (lib/Transforms/SelectLowering.cpp).
def Fusion_LoweringStrategy : I32EnumAttr<"LoweringStrategy", "how a fused conv becomes loops", [
    // One scf.forall over the output; each iteration keeps a block of
    // channels x columns in registers through the whole reduction.
    I32EnumAttrCase<"register_block", 0>,
    // Implicit GEMM on tensor cores: one warp per tile of 16 output columns
    // by 8 output channels, one m16n8k8 TF32 MMA per 8-deep step of the
    // reduction (lib/Transforms/ImplicitGemmLowering.cpp).
    I32EnumAttrCase<"mma_sync", 1>
  ]> {
  let cppNamespace = "::mlir::fusion";
  let genSpecializedAttr = 0;
}

/// The order of a register-blocked forall's dimensions.
def Fusion_LoopOrder : I32EnumAttr<"LoopOrder", "order of a fused loop nest's dimensions", [
    // The output layout's order: the contiguous dimension innermost (what
    // the GPU mapping expects: thread x walks it).
    I32EnumAttrCase<"layout", 0>,
    // (batch, rows, column blocks, channel blocks): each input tile is read
    // once for every channel block.
    I32EnumAttrCase<"channels_inner", 1>,
    // (batch, channel blocks, rows, column blocks): each filter block is
    // read once for every tile.
    I32EnumAttrCase<"channels_outer", 2>
  ]> {
  let cppNamespace = "::mlir::fusion";
  let genSpecializedAttr = 0;
}

/// The arithmetic of a fused conv's products: what a user trades for
/// speed, stated per op and checked against a tolerance derived from it.
def Fusion_Precision : I32EnumAttr<"Precision", "arithmetic of a fused conv's products", [
    // Exact f32 multiply-adds on CUDA cores (or the element type's own).
    I32EnumAttrCase<"fp32", 0>,
    // Each operand rounded to TF32 (10-bit mantissa, round to nearest,
    // ties away: cvt.rna.tf32.f32), products on tensor cores, f32 sums: what
    // PyTorch's allow_tf32 gives.
    I32EnumAttrCase<"tf32", 1>,
    // Each operand split into a TF32 high part and a TF32 remainder; three
    // MMAs per product (hi*hi + hi*lo + lo*hi), CUTLASS's 3xTF32: about f32
    // accuracy on tensor cores.
    I32EnumAttrCase<"tf32x3", 2>,
    // Operands in the conv's own type on tensor cores (f16 or bf16,
    // mma.sync m16n8k16), f32 sums: products exact, as on CUDA cores with
    // f32 accumulators. f32 convs stay exact (fp32) under this policy;
    // under tf32 and tf32x3, f16 and bf16 convs take it.
    I32EnumAttrCase<"native", 3>
  ]> {
  let cppNamespace = "::mlir::fusion";
  let genSpecializedAttr = 0;
}

#endif // FUSION_BASE_TD

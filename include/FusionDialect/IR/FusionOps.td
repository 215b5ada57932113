//===- FusionOps.td - fused convolution ops ------------------*- tablegen -*-===//
#ifndef FUSION_OPS_TD
#define FUSION_OPS_TD

include "FusionDialect/IR/FusionBase.td"
include "FusionDialect/IR/FusionAttrs.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/TilingInterface.td"

class Fusion_Op<string mnemonic, list<Trait> traits = []>
    : Op<Fusion_Dialect, mnemonic, traits>;

def Fusion_FloatTensor : RankedTensorOf<[F16, BF16, F32]>;
def Fusion_ParamTensor : RankedTensorOf<[F16, BF16, F32, F64]>;

class Fusion_ConvOpBase<string mnemonic, list<Trait> traits = []>
    : Fusion_Op<mnemonic, !listconcat(traits, [Pure,
        DeclareOpInterfaceMethods<TilingInterface,
          ["getLoopIteratorTypes", "getIterationDomain",
           "getTiledImplementation", "getResultTilePosition"]>])> {
  code commonExtraDecls = [{
    /// Index of the channel dimension in the input and the result.
    int64_t getChannelDim() {
      return ::mlir::fusion::isChannelsLast(getLayout()) ? 3 : 1;
    }
  }];
  let hasVerifier = 1;
}

def Fusion_ConvBnActOp : Fusion_ConvOpBase<"conv_bn_act"> {
  let summary = "convolution, eval-mode BatchNorm and activation, matched but not folded";
  let description = [{
    The matched form of a Conv → BatchNorm → activation chain. It computes,
    per output channel `c`:

    ```
    y = conv(input, filter) + bias[c]                      (bias optional)
    z = (y - mean[c]) * gamma[c] / sqrt(variance[c] + epsilon) + beta[c]
    out = act(z)
    ```

    `mean` and `variance` are running (eval) statistics; the op never holds
    batch statistics. `fusion-fold-bn` turns it into `fusion.conv_bias_act`
    when the statistics and filter are constants; otherwise it stays and the
    lowering applies the per-channel scale and shift in its epilogue.

    Where a frontend emitted the normalization as an arbitrary per-channel
    affine `y * s + t` that is not in the textbook shape, the matcher writes
    it as statistics that compute exactly that affine: `gamma = s`,
    `beta = t`, `mean = 0`, `variance = 1`, `epsilon = 0`, in f64.

    Padding is `[top, bottom, left, right]`; input elements outside the
    image read as zero. f16 and bf16 accumulate in f32.
  }];
  let arguments = (ins
    Fusion_FloatTensor:$input,
    Fusion_FloatTensor:$filter,
    Optional<Fusion_ParamTensor>:$bias,
    Fusion_ParamTensor:$mean,
    Fusion_ParamTensor:$variance,
    Fusion_ParamTensor:$gamma,
    Fusion_ParamTensor:$beta,
    F64Attr:$epsilon,
    Fusion_ConvLayout:$layout,
    DenseI64ArrayAttr:$strides,
    DenseI64ArrayAttr:$dilations,
    DenseI64ArrayAttr:$padding,
    I64Attr:$groups,
    Fusion_ActivationAttr:$activation,
    OptionalAttr<Fusion_LoweringConfigAttr>:$lowering_config
  );
  let results = (outs Fusion_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $filter (`bias` `(` $bias^ `:` type($bias) `)`)?
    `mean` `(` $mean `:` type($mean) `)`
    `variance` `(` $variance `:` type($variance) `)`
    `gamma` `(` $gamma `:` type($gamma) `)`
    `beta` `(` $beta `:` type($beta) `)`
    `epsilon` `(` $epsilon `)`
    `layout` `(` $layout `)` `strides` `(` $strides `)`
    `dilations` `(` $dilations `)` `padding` `(` $padding `)`
    `groups` `(` $groups `)` `act` $activation
    attr-dict `:` type($input) `,` type($filter) `->` type($result)
  }];
  let extraClassDeclaration = commonExtraDecls;
}

def Fusion_ConvBiasActOp : Fusion_ConvOpBase<"conv_bias_act"> {
  let summary = "convolution with bias and activation in one pass over memory";
  let description = [{
    The folded form the lowering consumes:
    `out = act(conv(input, filter) + bias[c])`, each output element written
    once. Produced by `fusion-fold-bn` from `fusion.conv_bn_act`, or directly
    by `fusion-fuse` for chains that carry no normalization (exports that
    already folded their BatchNorm).

    Padding is `[top, bottom, left, right]`; input elements outside the
    image read as zero. f16 and bf16 accumulate in f32.
  }];
  let arguments = (ins
    Fusion_FloatTensor:$input,
    Fusion_FloatTensor:$filter,
    Optional<Fusion_ParamTensor>:$bias,
    Fusion_ConvLayout:$layout,
    DenseI64ArrayAttr:$strides,
    DenseI64ArrayAttr:$dilations,
    DenseI64ArrayAttr:$padding,
    I64Attr:$groups,
    Fusion_ActivationAttr:$activation,
    OptionalAttr<Fusion_LoweringConfigAttr>:$lowering_config
  );
  let results = (outs Fusion_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $filter (`bias` `(` $bias^ `:` type($bias) `)`)?
    `layout` `(` $layout `)` `strides` `(` $strides `)`
    `dilations` `(` $dilations `)` `padding` `(` $padding `)`
    `groups` `(` $groups `)` `act` $activation
    attr-dict `:` type($input) `,` type($filter) `->` type($result)
  }];
  let extraClassDeclaration = commonExtraDecls;
}

def Fusion_RoundToTf32Op : Fusion_Op<"round_to_tf32", [Pure]> {
  let summary = "an f32 rounded to TF32, as tensor cores take it";
  let description = [{
    `%r = fusion.round_to_tf32 %x` keeps the sign, the exponent and the top
    10 mantissa bits of `%x`, rounded to nearest with ties away from zero
    (PTX's `cvt.rna.tf32.f32`), the low 13 bits zero; NaN stays NaN and a
    carry out of the largest finite value gives infinity. The mma_sync
    strategy rounds each MMA operand with it. `fusion-lower-tf32-rounding`
    lowers it to `cvt.rna.tf32.f32` on the GPU and to the same function in
    integer arithmetic on the host, so both round bit for bit alike.
  }];
  let arguments = (ins F32:$value);
  let results = (outs F32:$result);
  let assemblyFormat = "$value attr-dict";
}

def Fusion_WarpSyncOp : Fusion_Op<"warp_sync",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "a barrier among the 32 lanes of a warp, after their "
                "asynchronous copies where asked";
  let description = [{
    `fusion.warp_sync` waits until every lane of the warp has reached it and
    makes the lanes' memory writes before it visible to their reads after
    it (PTX `bar.warp.sync` with every lane in the mask).

    `fusion.warp_sync pending_copy_groups N` first closes the lane's
    asynchronous copies (`nvgpu.device_async_copy`, PTX `cp.async`) issued
    since the last such point into a group and waits until at most `N` of
    its groups are still in flight (`cp.async.commit_group`,
    `cp.async.wait_group N`), so that the copies of every older group have
    landed when the warp meets: with `N = 1` a warp multiplies one stage
    while the copies of the next fill another.

    The mma_sync strategy's GPU form meets the warp between filling a
    shared-memory stage and reading fragments from it, and after reading.
    It is written as this op, whose memory effects are declared, rather
    than as the NVVM ops, whose are not (the buffer deallocation pipeline
    refuses ops of unknown effects); `fusion-lower-warp-sync` lowers it
    after bufferization. A warp barrier: where a block's warps share a
    stage, `fusion.block_sync` is the barrier to use.
  }];
  let arguments = (ins
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$pending_copy_groups);
  let assemblyFormat =
      "(`pending_copy_groups` $pending_copy_groups^)? attr-dict";
}

def Fusion_BlockSyncOp : Fusion_Op<"block_sync",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "a barrier among the threads of a block, after their "
                "asynchronous copies where asked";
  let description = [{
    `fusion.block_sync` waits until every thread of the block has reached it
    and makes the block's shared-memory writes before it visible to every
    thread's reads after it (PTX `bar.sync 0`). Every thread of the block
    must reach it, the same number of times: the mma_sync strategy's GPU
    form puts in a block exactly the warps that share its A tile, none
    idle, and every one takes the same trips.

    `fusion.block_sync pending_copy_groups N` first closes the thread's
    asynchronous copies issued since the last such point into a group and
    waits until at most `N` of its groups are still in flight, as
    `fusion.warp_sync` does; the barrier then makes every thread's landed
    copies visible to the block.

    The mma_sync strategy meets the block between filling a shared-memory
    stage (the A tile the block's warps share, each warp's B tile) and
    reading fragments from it, and after reading. `fusion-lower-warp-sync`
    lowers it after bufferization, for the reason given at
    `fusion.warp_sync`.
  }];
  let arguments = (ins
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$pending_copy_groups);
  let assemblyFormat =
      "(`pending_copy_groups` $pending_copy_groups^)? attr-dict";
}

def Fusion_DecodeDetectionsOp : Fusion_Op<"decode_detections", [Pure, AttrSizedOperandSegments]> {
  let summary = "box decode and score preparation of a detection head in one pass";
  let description = [{
    Reads a detector's raw head outputs once and writes exactly what NMS
    consumes: decoded boxes `[B, N, 4]` in `format`, and scores
    `[B, N, C']`, where `C' = C - 1` when `drop_background` is set (class 0
    dropped after the activation) and `C` otherwise. Nothing is capped:
    every anchor of every image is kept. With `packed(bnk)` the two are one
    result `[B, N, 4 + C']`, with `packed(bkn)` one result `[B, 4 + C', N]`
    (YOLOv8's output): the box, then the scores.

    Semantics per image `b` and anchor `n`. The IR gives them exactly, in
    this order, so that a fused program rounds as the frontend's did.

    `coding(center_size)`: the raw values are `(d0, d1, d2, d3)` and the
    anchor is `(ax1, ay1, ax2, ay2)` (`anchor_format = xyxy`) or
    `(acx, acy, aw, ah)` (`cxcywh`). This is torchvision's `BoxCoder.decode`:

    ```
    aw = ax2 - ax1; ah = ay2 - ay1; acx = ax1 + 0.5 * aw; acy = ay1 + 0.5 * ah
    dx = d0 / wx; dy = d1 / wy; dw = d2 / ww; dh = d3 / wh   (scaling divide;
                                                    multiply: d0 * wx, ...)
    dw = min(dw, wh_clamp); dh = min(dh, wh_clamp)           (when given)
    cx = dx * aw + acx; cy = dy * ah + acy; w = exp(dw) * aw; h = exp(dh) * ah
    xyxy: (cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h)
    cxcywh: (cx, cy, w, h)
    ```

    The clamp's `min` is `minimumf` (`clamp_nan(propagate)`, the default:
    a NaN delta stays NaN) or `dw > wh_clamp (unordered) ? wh_clamp : dw`
    (`clamp_nan(bound)`: a NaN delta becomes the bound, as torch-mlir's
    linalg spells `clamp(max=)`).

    `coding(ltrb_distance)`: the raw values are the distances
    `(l, t, r, b)`. With `dfl_bins(k)`, k > 0, each distance is the
    expectation over k logits: `sum_j softmax(logits)[j] * j`. The anchor
    point is `(px, py)` and its stride `s`. This is ultralytics'
    `dist2bbox(...) * stride`:

    ```
    x1 = px - l; y1 = py - t; x2 = px + r; y2 = py + b
    xyxy: (x1 * s, y1 * s, x2 * s, y2 * s)
    cxcywh: ((x1 + x2) / 2 * s, (y1 + y2) / 2 * s, (x2 - x1) * s, (y2 - y1) * s)
    ```

    `coding(corners)`: the raw values are `(x1, y1, x2, y2)`; `cxcywh`
    converts them as above, with `s = 1`.

    Scores: `sigmoid` is `1 / (1 + exp(-x))` per class. `softmax` is over
    the classes of one anchor. Every softmax (classes, DFL bins) is spelled
    as `softmax_form` says: `divide` (the default) takes the max from -inf
    and computes `exp(x - max) / sum(exp(x - max))`; `reciprocal` takes the
    max from the lowest finite value and computes
    `exp(x - max) * (1 / sum(exp(x - max)))`. Sums run in index order from
    0. `none` copies.

    The head outputs: one tensor `[B, N, K]` (`bnk`) or `[B, K, N]`
    (`bkn`), or the head convs' outputs themselves, one operand per level,
    `[B, A*K, H, W]` (`nchw`) or `[B, H, W, A*K]` (`nhwc`). Here K is 4,
    `4 * dfl_bins` with DFL (coordinate-major: the k bins of `l`, then
    those of `t`, ...), or C. A level holds `H * W * A` anchors in
    (h, w, a) order, value `k` of anchor `a` in channel `a*K + k`: the order
    torchvision's heads (`view`, `permute(0, 3, 4, 1, 2)`, `reshape`) and
    YOLOv8's Detect (`view(B, K, -1)`) give, so the op reads the raw conv
    outputs and no permute or concat runs. Levels follow one another in
    operand order. Score levels take their `A` from the box levels: as many
    levels, of the same `H x W`. The anchors operand's shape is given by
    `anchors(...)`, and `strides` (ltrb_distance only) is `[N]` or `[1, N]`.
  }];
  let arguments = (ins
    Variadic<Fusion_FloatTensor>:$boxes,
    Variadic<Fusion_FloatTensor>:$scores,
    Optional<Fusion_FloatTensor>:$anchors,
    Optional<Fusion_FloatTensor>:$strides,
    Fusion_BoxCoding:$coding,
    Fusion_BoxFormat:$format,
    Fusion_AnchorLayout:$anchor_layout,
    DefaultValuedAttr<Fusion_BoxFormat, "::mlir::fusion::BoxFormat::xyxy">:$anchor_format,
    Fusion_HeadLayout:$box_layout,
    Fusion_HeadLayout:$score_layout,
    DefaultValuedAttr<DenseF64ArrayAttr, "{1.0, 1.0, 1.0, 1.0}">:$weights,
    DefaultValuedAttr<Fusion_DeltaScaling, "::mlir::fusion::DeltaScaling::divide">:$scaling,
    OptionalAttr<F64Attr>:$wh_clamp,
    DefaultValuedAttr<Fusion_ClampNan, "::mlir::fusion::ClampNan::propagate">:$clamp_nan,
    DefaultValuedAttr<I64Attr, "0">:$dfl_bins,
    Fusion_ScoreActivation:$score_activation,
    DefaultValuedAttr<Fusion_SoftmaxForm, "::mlir::fusion::SoftmaxForm::divide">:$softmax_form,
    UnitAttr:$drop_background,
    DefaultValuedAttr<Fusion_OutputPacking, "::mlir::fusion::OutputPacking::split">:$packing
  );
  let results = (outs Variadic<Fusion_FloatTensor>:$outputs);
  let assemblyFormat = [{
    `boxes` `(` $box_layout $boxes `:` type($boxes) `)`
    `scores` `(` $score_layout $scores `:` type($scores) `)`
    (`anchors` `(` $anchors^ `:` type($anchors) `)`)?
    (`strides` `(` $strides^ `:` type($strides) `)`)?
    `coding` `(` $coding `)` (`weights` `(` custom<ExactFloats>($weights)^ `)`)?
    (`scaling` `(` $scaling^ `)`)? (`wh_clamp` `(` $wh_clamp^ `)`)?
    (`clamp_nan` `(` $clamp_nan^ `)`)?
    (`dfl_bins` `(` $dfl_bins^ `)`)?
    `anchor_layout` `(` $anchor_layout `)`
    (`anchor_format` `(` $anchor_format^ `)`)?
    `score` `(` $score_activation `)`
    (`softmax_form` `(` $softmax_form^ `)`)?
    (`drop_background` $drop_background^)?
    `to` $format (`packed` `(` $packing^ `)`)?
    attr-dict `->` type($outputs)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Where each anchor's raw box values lie (valid on a verified op).
    ::mlir::fusion::HeadGeometry getBoxGeometry();
    /// Where each anchor's class logits lie (valid on a verified op).
    ::mlir::fusion::HeadGeometry getScoreGeometry();
    /// Anchors per image.
    int64_t getNumAnchors();
    /// Classes in the raw scores (before a background class is dropped).
    int64_t getNumClasses();
    /// Classes written per anchor.
    int64_t getNumKeptClasses() {
      return getNumClasses() - (getDropBackground() ? 1 : 0);
    }
  }];
}

#endif // FUSION_OPS_TD

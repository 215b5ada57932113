//===- Passes.td - fusion passes -----------------------------*- tablegen -*-===//
#ifndef FUSION_TRANSFORMS_PASSES_TD
#define FUSION_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def FuseChains : Pass<"fusion-fuse", "::mlir::ModuleOp"> {
  let summary = "Find Conv → BatchNorm → activation chains and fuse each legal one";
  let description = [{
    Walks every convolution in linalg-on-tensors and TOSA form
    (`linalg.conv_2d_*`, `linalg.depthwise_conv_2d_*`, `tosa.conv2d`,
    `tosa.depthwise_conv2d`) and follows its result through the elementwise
    ops a frontend emitted. The ops are read as one scalar function of the
    conv output; the pass accepts the chain when that function is a
    per-channel affine (the BatchNorm, in whatever form it arrived) followed
    by a known activation, and replaces it with `fusion.conv_bn_act` (a
    normalization was found) or `fusion.conv_bias_act` (none was).

    A `tensor.pad` with zero padding value feeding the conv is absorbed into
    the op's padding. Chains are cut where fusing further would change the
    program: a residual add before the activation, an intermediate with a
    second user, batch statistics, a multiply by a computed tensor, and the
    other cases listed in docs/FusionGuide.md, each with a stable reason id.

    Functions carrying the unit attribute `fusion.exclude` are left alone,
    so a module can keep an unfused reference copy of a network.
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit one remark per candidate chain: fused, or the reason id and "
           "the op that stopped it">,
    Option<"reportFile", "report", "std::string", /*default=*/"\"\"",
           "Write the fusion report as JSON to this file ('-' for stdout)">
  ];
  let dependentDialects = [
    "::mlir::fusion::FusionDialect", "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect", "::mlir::tosa::TosaDialect",
    "::mlir::linalg::LinalgDialect"
  ];
}

def FoldBatchNorm : Pass<"fusion-fold-bn", "::mlir::ModuleOp"> {
  let summary = "Fold BatchNorm statistics into the filter and bias";
  let description = [{
    Rewrites each `fusion.conv_bn_act` whose filter, bias and statistics are
    constants into `fusion.conv_bias_act` with
    `w' = w·γ/√(σ²+ε)` per output channel and `b' = (b−μ)·γ/√(σ²+ε)+β`,
    computed in f64 and rounded once to the filter's element type. Constants
    are read in every form frontends emit: `arith.constant` and `tosa.const`,
    dense, splat and `dense_resource` blobs, through reshapes, transposes and
    elementwise ops on constants. The folded filter is a new constant: a
    filter shared with another op is never changed.

    Ops whose parameters are not constants stay `fusion.conv_bn_act`; the
    lowering applies their scale and shift in the epilogue. A fold whose
    values overflow or go non-finite in the target type is refused with a
    remark naming `overflow_in_target_type` or `non_finite_fold`.
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for every op that is not folded">,
    Option<"testSkipWeightScaling", "test-skip-weight-scaling", "bool",
           /*default=*/"false",
           "Test only: fold into the bias but leave the filter unscaled, a "
           "wrong fold that parity checks must catch">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

def LowerToLinalg : Pass<"fusion-lower-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower fused ops to linalg: one convolution and one epilogue";
  let description = [{
    Expands `fusion.conv_bias_act` and `fusion.conv_bn_act` into a linalg
    named convolution on a zero-filled accumulator, followed by one
    elementwise `linalg.generic` adding the bias and applying the
    normalization (for the unfolded op) and the activation. f16/bf16 accumulate in f32. The
    result runs on every upstream CPU pipeline, which is how the test suite
    checks fused against unfused numerics.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect", "::mlir::tensor::TensorDialect"
  ];
}

def LowerToLoops : Pass<"fusion-lower-to-loops", "::mlir::ModuleOp"> {
  let summary = "Lower fused ops to one loop nest each: every output element "
                "accumulated, biased, normalized and activated in registers";
  let description = [{
    Expands each `fusion.conv_bias_act` and `fusion.conv_bn_act` into a single
    all-parallel `linalg.generic` over the output: the body runs the
    reduction over input channels and the kernel window (reading input and
    filter through `tensor.extract`, zero outside the padded border),
    accumulates in f32 (or the element type, if wider), then adds the bias,
    applies the normalization and the activation and writes the element
    once. No intermediate (conv result, normalized value) is ever stored.

    One expansion serves every layout and grouping (depthwise, channel
    multipliers, any `groups`). On the GPU each such generic becomes exactly
    one kernel; on the CPU it is the loop nest the parity checks run.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect", "::mlir::tensor::TensorDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def MapLoopsToGpu : Pass<"fusion-map-loops-to-gpu"> {
  let summary = "Tile each outermost scf.parallel into blocks of threads, "
                "the contiguous dimension on thread x";
  let description = [{
    Loops from linalg iterate row-major: their last dimension is the one
    adjacent threads should share for coalesced loads and stores. Each
    outermost `scf.parallel` without reductions is tiled by
    `[..., 1, rows, lanes]` and mapped: tiles to blocks (last dimension to
    x, then y, z), the tile's last dimension to thread x and the one before
    to thread y; further dimensions run inside each thread. Applied to fused
    and unfused kernels alike, so comparisons stay fair; then
    `convert-parallel-loops-to-gpu` makes the launches.
  }];
  let options = [
    Option<"lanes", "lanes", "int64_t", /*default=*/"32",
           "Threads along the contiguous dimension (thread x)">,
    Option<"rows", "rows", "int64_t", /*default=*/"4",
           "Threads along the next dimension (thread y)">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::affine::AffineDialect"];
}

def DumpPtx : Pass<"fusion-dump-ptx", "::mlir::ModuleOp"> {
  let summary = "Write the PTX of every gpu.binary to files, one per binary";
  let description = [{
    For each `gpu.binary` whose object holds assembly (`cubin-format=isa`),
    writes `<dir>/<binary name>.ptx`, ready for `ptxas` or a driver-API
    runner. The module is not changed.
  }];
  let options = [
    Option<"directory", "dir", "std::string", /*default=*/"\".\"",
           "Directory the .ptx files are written to (must exist)">
  ];
}

#endif // FUSION_TRANSFORMS_PASSES_TD

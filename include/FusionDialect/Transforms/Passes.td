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
           "Write the fusion report as JSON to this file ('-' for stdout)">,
    Option<"convsOnly", "convs-only", "bool", /*default=*/"false",
           "Fuse nothing past the conv: each conv (with its zero padding and "
           "accumulator init) becomes a fused op without normalization or "
           "activation. This is the unfused baseline built with the fused "
           "path's conv codegen, so a comparison measures the fusion alone">
  ];
  let dependentDialects = [
    "::mlir::fusion::FusionDialect", "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect", "::mlir::tosa::TosaDialect",
    "::mlir::linalg::LinalgDialect"
  ];
}

def FuseDetections : Pass<"fusion-fuse-detect", "::mlir::ModuleOp"> {
  let summary = "Fuse a detection head's box decode and score preparation, "
                "and the permutes and concats before them, into one op";
  let description = [{
    Looks at each function's rank-3 results the way NMS reads them: boxes
    `[B, N, 4]` with scores `[B, N, C']`, or one packed `[B, 4 + C', N]` or
    `[B, N, 4 + C']` (YOLOv8). Each output element is traced back through
    the frontend's ops (linalg or TOSA: reshapes, permutes, slices, gathers,
    per-level concats, elementwise ops, softmax reductions, the DFL's 1x1
    projection) to the head convs' outputs, and written as one scalar
    expression. A candidate is replaced by `fusion.decode_detections`,
    reading the head convs' outputs directly, only when the op's formulas
    give the same expression for every element of every image and anchor:
    the same coding, constants and rounding order, and boxes and scores
    taken from the same anchor. That proof covers the anchor order through
    every reshape, permute and concat; a decode the op cannot express
    exactly is refused, never approximated.

    Refusals, each with a stable reason id (docs/FusionGuide.md):
    `layout_mismatch` (boxes and scores order the anchors differently),
    `unknown_box_coding`, `anchor_shape_mismatch`, `multi_use` (an
    intermediate is read outside the decode) and `unrecognized_pattern`.
    Every anchor is kept: nothing is capped.

    Functions carrying the unit attribute `fusion.exclude` are left alone.
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit one remark per decode candidate: fused, or the reason id "
           "and why">,
    Option<"reportFile", "report", "std::string", /*default=*/"\"\"",
           "Write the detection report as JSON to this file ('-' for "
           "stdout)">,
    Option<"testSkipProof", "test-skip-proof", "bool", /*default=*/"false",
           "Test only: fuse a candidate once anchor 0 fits, without proving "
           "the other anchors (nor checking other users): wrong fusions, "
           "such as boxes and scores in different anchor orders, that "
           "parity checks must catch">
  ];
  let dependentDialects = [
    "::mlir::fusion::FusionDialect", "::mlir::arith::ArithDialect"
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
           "wrong fold that parity checks must catch">,
    Option<"testDropEpsilon", "test-drop-epsilon", "bool",
           /*default=*/"false",
           "Test only: fold with epsilon taken as 0, a wrong fold that "
           "parity checks must catch">
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

def SelectLowering : Pass<"fusion-select-lowering"> {
  let summary = "Choose each fused conv's lowering configuration once, from "
                "its shape, its type and the target";
  let description = [{
    Gives every `fusion.conv_bias_act` and `fusion.conv_bn_act` without one
    a `lowering_config` attribute (see `#fusion.lowering_config`): the
    strategy and its parameters, which `fusion-lower-to-loops` then emits
    exactly. A configuration already in the IR (a user's, for tuning or a
    test) is kept, and refused with an error when the target cannot take
    it.

    `register_block` (the one strategy today): the channel block is the
    largest power of two up to `channels-per-thread` dividing the group's
    output channels (in NHWC, where neighbouring channels are neighbours in
    memory, the largest dividing all output channels if larger); the column
    block is the largest divisor of the output width up to
    `columns-per-thread` (1 for a dynamic width). With `reuse-order` (the
    host), the loop order streams fewer bytes from memory twice: channel
    blocks innermost when the input would otherwise be re-read from memory
    for every channel block, outermost when the filter would be re-read for
    every tile (a re-read of at most 1 MiB counts as a cache hit);
    otherwise the output layout's order, which the GPU mapping takes.

    With `explain`, one remark per op: the configuration and why.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"gpu\"",
           "What the loops will run on: gpu (loop_order must be layout) or "
           "cpu">,
    Option<"channelsPerThread", "channels-per-thread", "int64_t",
           /*default=*/"4",
           "Most output channels one iteration computes">,
    Option<"columnsPerThread", "columns-per-thread", "int64_t",
           /*default=*/"4",
           "Most output columns one iteration computes">,
    Option<"reuseOrder", "reuse-order", "bool", /*default=*/"false",
           "Order the loops for the host's caches instead of the layout">,
    Option<"precision", "precision", "::mlir::fusion::Precision",
           /*default=*/"::mlir::fusion::Precision::fp32",
           "Arithmetic of the fused convs' products: strategy mma_sync for "
           "every dense one-group conv with output channels a multiple of "
           "8 the policy covers (tf32, tf32x3: f32 convs under that "
           "policy, f16/bf16 convs in their own type; native: f16/bf16 "
           "convs only); the others keep register_block in fp32",
           [{::mlir::fusion::precisionOptionValues()}]>,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "One remark per fused op: its configuration and why">
  ];
}

def LowerToLoops : Pass<"fusion-lower-to-loops", "::mlir::ModuleOp"> {
  let summary = "Lower fused ops to one loop nest each, as their "
                "lowering_config says (register blocks or warp tiles on "
                "tensor cores): every output accumulated, biased, "
                "normalized and activated in registers, stored once";
  let description = [{
    Expands each `fusion.conv_bias_act` and `fusion.conv_bn_act` into one
    `scf.forall` over the output, as the op's `#fusion.lowering_config`
    says (chosen by `fusion-select-lowering`; an op without one gets what
    the selection would choose under this pass's options). Each iteration
    (one GPU thread, one trip of the CPU's innermost parallel loop)
    computes a register block of `channels_per_thread` output channels by
    `columns_per_thread` output columns: it runs the reduction over input
    channels and the kernel window with one accumulator per output (f32, or
    the element type if wider), reading each input value once for all the
    block's channels of one group and each filter value once for all its
    columns, then adds the bias, applies the normalization and the
    activation and writes the block into its tile as one vector
    (`vector.transfer_write` in the tile's memory order), the tile into the
    output through `tensor.parallel_insert_slice`. No intermediate (conv
    result, normalized value) is ever stored.

    The forall's dimensions follow the configuration's `loop_order`
    (`layout`: its last dimension is the contiguous one, columns in NCHW,
    channels in NHWC). Rows of the kernel window that fall in the padding
    are skipped, and bounds are checked only on sides that have padding.

    One expansion serves every layout and grouping (dense, grouped,
    depthwise, channel multipliers). `fusion-to-ptx` maps each forall to
    one kernel; `fusion-to-cpu` runs the same loop nest on the host.

    Strategy `mma_sync` (see `#fusion.lowering_config`) is an implicit GEMM
    instead: for `target=gpu` one iteration per lane of a warp tile (the
    forall's innermost dimension, 32, mapped `#gpu.lane`), the warp's
    tiles of each step copied by its lanes together into one of two
    shared-memory stages (a module-level workgroup global; `cp.async` for
    f32) while the previous step is multiplied, the lanes meeting at
    `fusion.warp_sync`, its MMAs `nvgpu.mma.sync` (m16n8k8 TF32, m16n8k16
    f16 and bf16; the bf16 ones lowered by `fusion-lower-bf16-mma-sync`);
    for `target=cpu` one iteration per warp tile that fills the same stage
    (a tensor), builds every lane's fragments from it and emulates the
    MMA. The GPU form adds a global to the enclosing module: apply it to a
    module, not to functions in parallel.
  }];
  let options = [
    Option<"channelsPerThread", "channels-per-thread", "int64_t",
           /*default=*/"4",
           "For ops without a lowering_config: most output channels one "
           "iteration computes">,
    Option<"columnsPerThread", "columns-per-thread", "int64_t",
           /*default=*/"4",
           "For ops without a lowering_config: most output columns one "
           "iteration computes">,
    Option<"reuseOrder", "reuse-order", "bool", /*default=*/"false",
           "Order the forall's dimensions for cache reuse on the host: "
           "channel blocks innermost (each input tile read once for every "
           "channel) or outermost (each filter block read once for every "
           "tile), whichever reads fewer bytes again; off keeps the output "
           "layout's order, which the GPU mapping expects">,
    Option<"target", "target", "std::string", /*default=*/"\"gpu\"",
           "What the loops will run on: gpu (an mma_sync tile is a warp, "
           "one iteration per lane, its MMA nvgpu.mma.sync) or cpu (one "
           "iteration per warp tile, the lanes' fragments and the MMA "
           "emulated exactly)">,
    Option<"testMmaTileShift", "test-mma-tile-shift", "int64_t",
           /*default=*/"0",
           "Test only: read each mma_sync tile's input this many columns "
           "off, a wrong tile index that parity checks must catch">,
    Option<"decodeLanes", "decode-lanes", "int64_t", /*default=*/"1",
           "Anchors one iteration of a detection decode computes, as the "
           "lanes of a vector: the largest divisor of this, the anchor "
           "count and every level's first anchor; 1 keeps one anchor per "
           "iteration, the GPU's one per thread">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect", "::mlir::gpu::GPUDialect",
    "::mlir::nvgpu::NVGPUDialect", "::mlir::NVVM::NVVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::bufferization::BufferizationDialect"
  ];
}

def LowerTf32Rounding : Pass<"fusion-lower-tf32-rounding"> {
  let summary = "Lower fusion.round_to_tf32 for the GPU or the host";
  let description = [{
    On the GPU each `fusion.round_to_tf32` becomes `cvt.rna.tf32.f32`
    (`nvvm.convert.float.to.tf32`, rounding mode rna) with the low 13 bits
    cleared; on the host the same rounding in integer arithmetic: add half
    of the last kept bit to the magnitude's bits, clear the 13 below it, and
    keep a NaN as it is. Runs late on the GPU (inside the kernel modules),
    where no pass needs to know the NVVM op's memory effects.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"gpu\"",
           "gpu (cvt.rna.tf32.f32) or cpu (integer arithmetic)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def LowerBf16MmaSync : Pass<"fusion-lower-bf16-mma-sync"> {
  let summary = "Lower nvgpu.mma.sync on bf16 operands to nvvm.mma.sync";
  let description = [{
    `nvgpu.mma.sync` m16n8k16 with bf16 operands (`vector<4x2xbf16>`,
    `vector<2x2xbf16>`) and f32 accumulators becomes `nvvm.mma.sync` with
    `multiplicandAPtxType`/`multiplicandBPtxType` bf16, each register two
    bf16 packed into an i32. Upstream's `convert-nvgpu-to-nvvm` deduces no
    PTX type for these operands in LLVM 22; every other `nvgpu.mma.sync`
    is left to it. Runs late in `fusion-to-ptx` (inside the kernel
    modules, before `convert-nvgpu-to-nvvm`), where no pass needs to know
    the NVVM op's memory effects.
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def LowerWarpSync : Pass<"fusion-lower-warp-sync"> {
  let summary = "Lower fusion.warp_sync and fusion.block_sync to NVVM "
                "barriers";
  let description = [{
    Each `fusion.warp_sync` becomes `nvvm.bar.warp.sync` with a full mask
    (all 32 lanes), each `fusion.block_sync` `nvvm.barrier0`, preceded by
    `nvvm.cp.async.commit.group` and `nvvm.cp.async.wait.group N` where it
    has `pending_copy_groups N`. Runs in `fusion-to-ptx` after bufferization
    and the deallocation pipeline, which refuse the NVVM ops (they declare
    no memory effects).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ExpandStridedCopies : Pass<"fusion-expand-strided-copies"> {
  let summary = "Turn copies into or out of strided views into elementwise "
                "parallel loops";
  let description = [{
    Bufferization writes a padded interior or a concatenation slice as a
    `memref.copy` into a strided view. Lowered as is, such a copy calls
    `memrefCopy` from MLIR's C runner utilities on the host: on the GPU that
    dereferences device memory on the host, and on the CPU it ties the
    program to that library. As an `scf.parallel` of loads and stores it
    becomes a kernel (`fusion-map-loops-to-gpu`) or vectorizable host code.
    Copies between buffers without a layout map stay, for `gpu.memcpy` or
    `memcpy`; any other copy (an offset slice too: `gpu.memcpy`'s lowering
    takes only plain buffers) becomes a loop.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def ScalarizeBlockWrites : Pass<"fusion-scalarize-block-writes"> {
  let summary = "Write a register block built element by element as one "
                "store per element";
  let description = [{
    `fusion-lower-to-loops` writes each register block into its output tile
    as one `vector.transfer_write` of a `vector.from_elements`, so that
    bufferization sees one write per block rather than a chain of inserts
    whose in-place analysis grows with its square. After bufferization, on
    the host, this pass turns each such write into one `memref.store` per
    element: LLVM's SLP vectorizer then packs the stores and the
    accumulators feeding them as it did before, where a wide vector
    assembled from scalars ran 3.4x slower (a 3x3 64-channel conv at
    56x56, bench/RESULTS.md). Writes of other vectors stay.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def CheckStaticIndexLists : Pass<"fusion-check-static-index-lists"> {
  let summary = "Refuse static size lists that hold the dynamic marker "
                "without a value behind it";
  let description = [{
    Ops with mixed static and dynamic index lists (`tensor.pad`,
    `tensor.extract_slice`, `memref.subview`, ...) mark a dynamic entry with
    INT64_MIN in the static list and take its value from an operand. The
    parser and the verifiers accept INT64_MIN written as a literal, with no
    operand behind it; upstream's printer and bufferization then read past
    the operand list and crash. Run first by `fusion-to-cpu` and
    `fusion-to-ptx` (and so by fusion-verify and fusion-compile), this pass
    reports such an op with the list and the position instead. It checks
    the tile-size lists of `transform.structured.tile_using_forall` and
    `tile_using_for` the same way, and refuses a `tensor.dim` or
    `memref.dim` whose constant index names no dimension of its source (the
    lowered program would read past the sizes).
  }];
}

def CheckAssertions : Pass<"fusion-check-assertions"> {
  let summary = "Refuse a model whose cf.assert fails for every input";
  let description = [{
    Frontends guard a model with `cf.assert` (torch-mlir checks a
    BatchNorm's parameter shapes that way). On static shapes the condition
    is a constant; a false one makes every run of the compiled program
    abort there (in fusion-verify, whose programs run in-process, the tool
    itself). This pass folds each condition from constants and static
    shapes, leaving the IR as it is, and refuses the model with the
    assertion's message when the condition is false. Run first by
    `fusion-to-cpu` and `fusion-to-ptx`.
  }];
}

def ResolveReshapeShapes : Pass<"fusion-resolve-reshape-shapes"> {
  let summary = "Write a tosa.reshape's -1 as the size its static result "
                "type gives";
  let description = [{
    TOSA lets one entry of a `tosa.reshape` shape be -1, the size the
    element count implies. Upstream's folding of a reshape of a constant
    builds a tensor type from the shape as written, -1 included, and crashes
    (`mlir-opt --canonicalize` does, on a reshape by `[1, 1, 1, -1]`). Where
    the reshape's result type is static, this pass gives it that shape as a
    new `tosa.const_shape`: the same meaning, nothing left for the folder to
    misread. Run first by `fusion-to-cpu` and `fusion-to-ptx` (and so by
    fusion-verify and fusion-compile).
  }];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

def OutlineLoopNests : Pass<"fusion-outline-loop-nests", "::mlir::ModuleOp"> {
  let summary = "Move each top-level loop nest of a large host function "
                "into a function of its own, never inlined";
  let description = [{
    On the host, every fused op and every remaining elementwise op is a loop
    nest in the model's one function. LLVM's loop passes (vectorization,
    induction-variable simplification) cost more per loop the larger the
    function is: 400 loop nests in one function took minutes at O3, where
    400 functions of one nest take seconds. A function with at least
    `min-nests` loop nests (loops without results, directly in its body)
    gets each as a call to `<function>_nest<k>`, a private function with
    internal linkage and LLVM's `noinline` (`passthrough`), so that LLVM's
    inliner does not rebuild the large function. Runs after bufferization
    and `convert-linalg-to-loops`, on memrefs.
  }];
  let options = [
    Option<"minNests", "min-nests", "int64_t", /*default=*/"16",
           "Outline the nests of functions holding at least this many">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def FlattenConstantGlobals : Pass<"fusion-flatten-constant-globals",
                                    "::mlir::ModuleOp"> {
  let summary = "Give every multi-dimensional memref.global a 1-D type, "
                "reshaped where it is read";
  let description = [{
    `finalize-memref-to-llvm` turns a `memref<64x256x3x3xf32>` global into a
    nested LLVM array, and the translation to LLVM IR builds one LLVM
    constant per innermost row: a network's weights became millions of
    three-element constants, each uniqued in the LLVM context. The full-size
    ResNet-50's 25.6 M weights took longer to translate, optimize and free
    than the whole MLIR pipeline took to compile the network. A 1-D global
    is one constant built from the attribute's bytes. Each
    `memref.get_global` of a flattened global reads the 1-D global and
    `memref.expand_shape`s it back, so every user sees the type it had.
    Globals with a layout, a dynamic shape or a use other than
    `memref.get_global` are left alone. Runs after bufferization, before
    the memref lowering; dense and resource-backed initial values keep
    their bytes (reshaping them copies nothing).
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def InnermostParallelLoop : Pass<"fusion-innermost-parallel-loop",
                                  "::mlir::func::FuncOp"> {
  let summary = "Order a linalg op's loops with its reductions inside all "
                "but its innermost parallel loop";
  let description = [{
    `convert-linalg-to-loops` nests loops in the op's iterator order: a
    named conv's reductions (input channel, kernel rows and columns) are
    innermost, so the innermost loop runs over 3 or 1 kernel columns and
    nothing vectorizes (about 1 GFLOP/s for the reference programs
    `fusion-verify` checks against). This pass generalizes each linalg op
    that has both reduction loops and more than one parallel loop, and
    interchanges its loops so that every reduction sits between the outer
    parallel loops and the innermost one (the output's contiguous
    dimension: a conv's width in NCHW, its channels in NHWC; a matmul's
    columns): the innermost loop then walks memory with unit stride and
    LLVM vectorizes it. Each output element still accumulates its terms in
    the same order (the reductions keep their relative order), so results
    are bit for bit the same. Runs on buffers or tensors, before
    `convert-linalg-to-loops`.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def MergeKernelModules : Pass<"fusion-merge-kernel-modules",
                                "::mlir::ModuleOp"> {
  let summary = "Put the kernels of a module with many kernel modules into "
                "one gpu.module";
  let description = [{
    `gpu-kernel-outlining` gives every kernel a `gpu.module` of its own, and
    `gpu-module-to-binary` then runs LLVM's NVPTX pipeline (module setup,
    libdevice load and link, O3, code generation) once per module. When the
    module holds at least `min-modules` kernel modules, their contents move
    into one `gpu.module @fusion_kernels` (the first free name of that
    stem); each kernel takes its old module's name, which is unique, and
    each `gpu.launch_func` is pointed at it. Other symbols a kernel module
    held (functions and globals the outliner copied in) keep their names
    where free and are renamed, with their uses in that module, where
    another module's copy took the name; external declarations (libdevice's
    functions) are kept once, and two that differ in type are an error.

    A kernel identical to an earlier one (attributes, signature and body,
    locations aside; a network repeats its blocks) is then dropped and its
    launches go to the first copy, so it is compiled once. So is a kernel
    that differs from an earlier one only in the values of scalar float
    constants (blocks whose folded biases differ): the constants that differ
    become trailing `f32` (or their type's) arguments of the first copy, and
    each launch passes its own values. Runs after
    outlining and before `nvvm-attach-target`; the runtime then loads one
    module instead of hundreds.
  }];
  let options = [
    Option<"minModules", "min-modules", "int64_t", /*default=*/"16",
           "Merge when the module holds at least this many kernel modules "
           "(0: never)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def ParallelizeReductions : Pass<"fusion-parallelize-reductions"> {
  let summary = "Reductions over many GPU threads: parallel loops first, "
                "long reductions split into partials and a combine";
  let description = [{
    `convert-linalg-to-parallel-loops` runs in parallel only the parallel
    loops before a linalg op's first reduction loop; a reduction that
    frontends place first (torch-mlir's softmax over YOLOv8's DFL bins
    reduces loop 1 of 4) made a one-thread kernel. On tensors, before
    bufferization:

    - every linalg generic (and named op whose reduction loops are not
      innermost, generalized first) has its loops permuted so that the
      parallel ones come first: one thread per output, the reduction in the
      original order (the same bits);
    - where a generic has at most `max-outputs` outputs and at least
      `min-inputs` inputs per output, its outermost reduction loop k is
      split as k = s x L + l: one op computes a partial result per output
      and s (about `target-threads` in all, each over at least `min-chunk`
      inputs), a second combines each output's partials in order of s into
      its initial value. The combiner is read off the body: one arith op
      with a neutral element (sum, product, maximum, minimum, ...) folding
      into the output, or the arg-max torch-mlir writes (a maximum and an
      index replaced on `cmpf`); anything else is left alone. Sums then
      round in another order; maxima, minima and arg-max give the same
      bits. The split repeats on the combine while it is still long.
  }];
  let options = [
    Option<"minChunk", "min-chunk", "int64_t", /*default=*/"32",
           "Fewest inputs one partial result reduces">,
    Option<"minInputs", "min-inputs", "int64_t", /*default=*/"256",
           "Split only reductions with at least this many inputs per "
           "output">,
    Option<"targetThreads", "target-threads", "int64_t", /*default=*/"65536",
           "Partial results a split aims for, outputs x parts">,
    Option<"maxOutputs", "max-outputs", "int64_t", /*default=*/"8192",
           "Split only reductions with at most this many outputs "
           "(0: never split, only reorder loops)">
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def MapLoopsToGpu : Pass<"fusion-map-loops-to-gpu"> {
  let summary = "Map every loop nest that touches memory to blocks of "
                "threads, the contiguous dimension on thread x";
  let description = [{
    Loops from linalg and from the fused ops' foralls iterate row-major:
    their last dimension is the one adjacent threads should share for
    coalesced loads and stores. Each outermost `scf.parallel` without
    reductions has its leading dimensions (batch, channel blocks) collapsed
    into one, so that at most three remain, and is tiled into blocks: the
    last dimension on thread x, the one before on thread y, the collapsed
    one on thread z, and the tiles on blocks x, y, z. Blocks hold at most
    `lanes` x `rows` threads and shrink to the extents (powers of two), so
    a 7x7 feature map runs in 8x8 threads rather than idling three quarters
    of a 32x4 block. A loop whose last dimension is a warp's lanes (an
    mma_sync tile, marked `#gpu.lane`) gets exactly 32 threads on x; the
    dimension before, the warps of a block, which share a shared-memory
    stage and meet at block barriers, goes on y whole where it is a
    constant of at most 8 (as fusion-lower-to-loops makes it), else as many
    warps as `lanes` x `rows` allows, at most 8.

    So that the host never dereferences a device buffer, memory work that is
    not in a parallel loop becomes one first: a loop nest with no parallel
    dimension (or a store into a rank-0 buffer) is wrapped in a one-trip
    parallel loop, a one-thread kernel. Strided copies are expected to be
    loops already (`fusion-expand-strided-copies`); plain copies stay,
    to become `gpu.memcpy` (`fusion-device-buffers`).

    Applied to fused and unfused kernels alike, so comparisons stay fair;
    then `convert-parallel-loops-to-gpu` makes the launches.
  }];
  let options = [
    Option<"lanes", "lanes", "int64_t", /*default=*/"32",
           "Most threads along the contiguous dimension (thread x)">,
    Option<"rows", "rows", "int64_t", /*default=*/"4",
           "Rows of lanes: lanes x rows is the most threads of a block">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::memref::MemRefDialect"];
}

def DeviceBuffers : Pass<"fusion-device-buffers", "::mlir::ModuleOp"> {
  let summary = "Put every buffer the kernels touch in device memory; host "
                "code only allocates, copies and launches";
  let description = [{
    Runs after kernel outlining, on every host function of the module:
    `memref.alloc` becomes `gpu.alloc`, `memref.dealloc` becomes
    `gpu.dealloc`, `memref.copy` between buffers without a layout map
    becomes `gpu.memcpy`, and each `memref.get_global` constant (filters,
    folded biases) is read from a device copy that stays resident: the
    runtime's `fusion_resident_<type>` uploads it the first time it is asked
    for and returns the same buffer on every later call. A private
    `__fusion_upload_constants()` asks for all of them, which fusion-compile
    runs when its library is loaded. Globals that are not constant, returned
    constants, and element types the runtime does not cover are uploaded on
    every call instead (and freed at the end of the block unless returned);
    so are all of them with `resident-constants=false`.

    The calling convention that follows: memref arguments and results of a
    host function are device buffers. A runner allocates the inputs on the
    device, calls the function, and copies the results back (and frees
    them). The runtime keeps the resident constants until the process
    ends.

    Fails, naming the op, where host code would still read or write a buffer
    (a loop left on the host, a strided copy): such a program would
    dereference device pointers on the host.
  }];
  let options = [
    Option<"residentConstants", "resident-constants", "bool",
           /*default=*/"true",
           "Keep constants in device memory from the first call on "
           "(false: upload them on every call)">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect"];
}

def ExternalizeWeights : Pass<"fusion-externalize-weights", "::mlir::ModuleOp"> {
  let summary = "Leave large float constants out: weights given at run time";
  let description = [{
    Every float tensor constant (`arith.constant`, `tosa.const`) of at least
    `min-elements` elements that is not a splat becomes a private
    `memref.global` without data, marked `fusion.weight`, with the
    `fusion.range` [min, max, mean, standard deviation] of the values it
    held, read through
    `memref.get_global` and `bufferization.to_tensor` where the constant
    was. A library compiled so lists its weights in its signature and
    exports their addresses; a runner fills them before the first call
    (fusion-gpu-run draws from a normal distribution of each weight's mean
    and deviation, clipped to its range), and a GPU library keeps its
    device copy from the first call on. For checking and timing full-size
    networks on a machine the library is carried to, without carrying the
    weights. Run it after fusion and folding (the pipelines' `external-weights`
    option does), so that the weights left out are the fused program's.
  }];
  let options = [
    Option<"minElements", "min-elements", "int64_t", /*default=*/"1024",
           "Smallest constant left out, in elements">
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::bufferization::BufferizationDialect"];
}

def UpcastToF64 : Pass<"fusion-upcast-to-f64", "::mlir::ModuleOp"> {
  let summary = "Evaluate a model in f64: every narrower float type widened";
  let description = [{
    Rewrites every f16, bf16 and f32 type (scalars, tensor and memref
    elements, function signatures, block arguments) to f64, widens constants
    exactly (dense, splat and `dense_resource` data), and drops the
    `arith.extf`/`arith.truncf` that become no-ops. `fusion-verify` compares
    the fused and the unfused f32 programs with this f64 evaluation of the
    model, so an error that both f32 programs share cannot hide.

    Works on linalg, tensor, arith and math, before bufferization; TOSA has
    no f64 type, so TOSA is lowered to linalg first. Fails, naming the
    constant, where a constant cannot be read.
  }];
}

def CheckLaunchLimits : Pass<"fusion-check-launch-limits", "::mlir::ModuleOp"> {
  let summary = "Prove every kernel launch within the device's limits";
  let description = [{
    `cuLaunchKernel` refuses a launch outside the hardware's limits only at
    run time (CUDA_ERROR_INVALID_VALUE). This pass proves them at compile
    time for every `gpu.launch_func`: block x and y at most 1024, block z at
    most 64, at most 1024 threads per block, grid x at most 2^31 - 1, grid y
    and z at most 65535. A launch outside them is an error naming the
    kernel and its dimensions. Blocks are always constant; a grid x over a
    dynamic extent is accepted (under 2^31 - 1 blocks for any extent under
    2^31), and a grid y or z over one is a warning (not proven within 65535).

    With `ptxas=<path>`, after the kernels are PTX (`gpu.binary`), each
    kernel module is assembled for `chip` and a block may have no more
    threads than the kernel's register use allows (64K registers per SM,
    allocated per warp in units of 256).

    One-thread kernels (grid and block of one) are a serial loop nest on one
    GPU thread: `explain` lists them with the elements of the buffers they
    receive (an upper bound on what they touch), and
    `max-one-thread-elements=N` refuses one over more than N. The module is
    not changed.
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "One remark per launch: kernel, grid, block, and for one-thread "
           "kernels the elements they receive">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "ptxas to assemble each kernel module with, bounding threads per "
           "block by register use (empty: not checked)">,
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target SM given to ptxas">,
    Option<"maxOneThreadElements", "max-one-thread-elements", "int64_t",
           /*default=*/"0",
           "Refuse a one-thread kernel whose buffers hold more elements "
           "than this (0: list them only)">
  ];
}

def CheckPtx : Pass<"fusion-check-ptx", "::mlir::ModuleOp"> {
  let summary = "Fail on PTX that calls a function it does not define";
  let description = [{
    Kernels that use exp or sqrt call libdevice (`__nv_expf`, `__nv_sqrtf`).
    When libdevice was not linked (no CUDA toolkit was found and no
    `libdevice=` was given), the PTX declares them `.extern` and neither
    ptxas nor the driver can load it. This pass stops compilation there,
    naming the kernel module and the function. The module is not changed.
  }];
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

//===- Passes.h - fusion pass entry points ----------------------*- C++ -*-===//
#ifndef FUSIONDIALECT_TRANSFORMS_PASSES_H
#define FUSIONDIALECT_TRANSFORMS_PASSES_H

#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Transforms/PrecisionOption.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include <functional>

namespace mlir {
class RewritePatternSet;
namespace fusion {
struct FusionReport;
struct DetectionReport;

#define GEN_PASS_DECL
#include "FusionDialect/Transforms/Passes.h.inc"

/// Fails, with an error at the op, when an op under `root` has a static
/// index list (padding, offsets, sizes, strides) holding the dynamic marker
/// with no operand behind it (fusion-check-static-index-lists). The fusion
/// passes run it first: upstream's printer would crash on their output.
LogicalResult checkStaticIndexLists(Operation *root);

/// fusion-fuse that also stores its report in `*report` when it runs, for a
/// compiler that acts on the decisions without parsing JSON. `report` must
/// outlive the pass manager; each run overwrites it, so give each module
/// compiled in parallel its own.
std::unique_ptr<Pass> createFuseChains(const FuseChainsOptions &options,
                                       FusionReport *report);

/// fusion-fuse-detect that also stores its report in `*report` when it
/// runs; `report` must outlive the pass manager.
std::unique_ptr<Pass> createFuseDetections(const FuseDetectionsOptions &options,
                                           DetectionReport *report);

/// Patterns rewriting `fusion.conv_bn_act` with constant parameters into
/// `fusion.conv_bias_act` with folded filter and bias.
void populateFoldBatchNormPatterns(RewritePatternSet &patterns);

/// The pattern lowering `nvgpu.mma.sync` m16n8k16 on bf16 operands to
/// `nvvm.mma.sync` with its PTX types named (upstream's nvgpu-to-nvvm
/// lowering deduces none for bf16 in LLVM 22).
void populateLowerBf16MmaSyncPatterns(RewritePatternSet &patterns);

/// fusion.warp_sync to nvvm.bar.warp.sync over the whole warp and
/// fusion.block_sync to nvvm.barrier0, each after the cp.async wait it asks.
void populateLowerWarpSyncPatterns(RewritePatternSet &patterns);

/// Patterns expanding both fused ops into linalg named convolutions plus one
/// elementwise epilogue.
void populateLowerToLinalgPatterns(RewritePatternSet &patterns);

/// A fused conv's lowering configuration as fusion-select-lowering picks it,
/// and why, in words for its remark.
struct LoweringChoice {
  LoweringConfigAttr config;
  std::string why;
};

/// The configuration fusion-select-lowering gives `fusedConv` (a
/// fusion.conv_bias_act or fusion.conv_bn_act) under `options`, ignoring
/// any it already has. Fails for a dynamic channel dimension.
FailureOr<LoweringChoice>
selectLoweringConfig(Operation *fusedConv,
                     const SelectLoweringOptions &options);

/// Patterns expanding both fused ops into one register-blocked scf.forall
/// whose body holds the conv reduction and the epilogue, as each op's
/// `lowering_config` says; an op without one gets what
/// fusion-select-lowering would choose under `options`.
void populateLowerToLoopsPatterns(RewritePatternSet &patterns,
                                  const LowerToLoopsOptions &options = {});

/// Patterns expanding `fusion.decode_detections` into one scf.forall over
/// (image, anchor) that decodes the box and prepares the scores in
/// registers. Both fusion-lower-to-loops and fusion-lower-to-linalg add
/// them: the decode has one lowering. With `lanes` > 1 an iteration
/// decodes that many consecutive anchors as vector lanes (fewer where the
/// anchor count or a level boundary needs it), one loop per level: the
/// host's SIMD form; the GPU keeps one anchor per thread.
void populateLowerDecodeToLoopsPatterns(RewritePatternSet &patterns,
                                        int64_t lanes = 1);

/// `type` as fusion-upcast-to-f64 rewrites it: every float narrower than
/// f64 made f64 (scalars, tensor and memref elements, function types).
Type widenToF64(Type type);

/// Whether a reduction rewrite may apply to `op` (a caller's veto).
using ReductionControlFn = std::function<bool(linalg::LinalgOp op)>;

/// Patterns of fusion-parallelize-reductions: linalg ops with their
/// parallel loops first, and long reductions with few outputs split into
/// partial results and a combine. `control`, when given, is asked before
/// each rewrite.
void populateParallelizeReductionsPatterns(
    RewritePatternSet &patterns, const ParallelizeReductionsOptions &options,
    const ReductionControlFn &control = {});

#define GEN_PASS_REGISTRATION
#include "FusionDialect/Transforms/Passes.h.inc"

} // namespace fusion
} // namespace mlir

#endif // FUSIONDIALECT_TRANSFORMS_PASSES_H

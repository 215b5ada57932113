//===- CpuPipeline.cpp - the fusion-to-cpu pipeline -----------------------===//
///
/// Built from textual pipeline fragments of upstream passes: their names are
/// the stable interface across MLIR releases, their C++ factories are not.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fusion;

/// Everything after fusion: TOSA and fused ops to linalg, bufferize, loops,
/// LLVM.
static constexpr llvm::StringLiteral kLowering =
    "func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,"
    "tosa-to-tensor,convert-elementwise-to-linalg),"
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
    "convert-linalg-to-loops,lower-affine,convert-scf-to-cf,"
    "expand-strided-metadata,finalize-memref-to-llvm,convert-math-to-llvm,"
    "convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,"
    "convert-func-to-llvm,reconcile-unrealized-casts";

LogicalResult
mlir::fusion::buildFusionToCpuPipeline(OpPassManager &pm,
                                       const FusionToCpuOptions &options) {
  if (options.fuse) {
    pm.addPass(createFuseChains());
    FoldBatchNormOptions fold;
    fold.testSkipWeightScaling = options.testSkipWeightScaling;
    pm.addPass(createFoldBatchNorm(fold));
  }
  if (options.linalgConvs)
    pm.addPass(createLowerToLinalg());
  else
    pm.addPass(createLowerToLoops());
  return parsePassPipeline(kLowering, pm, llvm::errs());
}

/// After fusion: one kernel per parallel loop nest, in blocks of 32 x 4
/// threads with the contiguous output dimension on thread x. Kernels read
/// constants and feature maps from global memory and write each output once.
static constexpr llvm::StringLiteral kGpuLowering =
    "func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,"
    "tosa-to-tensor),"
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "func.func(convert-linalg-to-parallel-loops,fusion-map-loops-to-gpu,"
    "convert-parallel-loops-to-gpu),"
    "lower-affine,canonicalize,gpu-kernel-outlining";

LogicalResult
mlir::fusion::buildFusionToPtxPipeline(OpPassManager &pm,
                                       const FusionToPtxOptions &options) {
  if (options.fuse) {
    pm.addPass(createFuseChains());
    pm.addPass(createFoldBatchNorm());
  }
  pm.addPass(createLowerToLoops());
  if (failed(parsePassPipeline(kGpuLowering, pm, llvm::errs())))
    return failure();
  std::string nvvm = "gpu-lower-to-nvvm-pipeline{cubin-chip=" +
                     options.chip + " cubin-features=" + options.features +
                     " cubin-format=isa}";
  if (failed(parsePassPipeline(nvvm, pm, llvm::errs())))
    return failure();
  if (!options.dumpPtx.empty()) {
    DumpPtxOptions dump;
    dump.directory = options.dumpPtx;
    pm.addPass(createDumpPtx(dump));
  }
  return success();
}

void mlir::fusion::registerFusionPipelines() {
  PassPipelineRegistration<FusionToPtxOptions>(
      "fusion-to-ptx",
      "Fuse (unless fuse=false) and compile linalg/TOSA to GPU kernels as PTX",
      [](OpPassManager &pm, const FusionToPtxOptions &options) {
        if (failed(buildFusionToPtxPipeline(pm, options)))
          llvm::errs() << "fusion-to-ptx: an upstream pass is missing from "
                          "this MLIR build\n";
      });
  PassPipelineRegistration<FusionToCpuOptions>(
      "fusion-to-cpu",
      "Fuse (unless fuse=false) and lower linalg/TOSA to LLVM for the host",
      [](OpPassManager &pm, const FusionToCpuOptions &options) {
        if (failed(buildFusionToCpuPipeline(pm, options)))
          llvm::errs() << "fusion-to-cpu: an upstream pass is missing from "
                          "this MLIR build\n";
      });
}

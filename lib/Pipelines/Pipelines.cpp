//===- Pipelines.cpp - the shared front and the registrations -------------===//
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Transforms/Passes.h"
#include "PipelineStages.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fusion;

std::string mlir::fusion::defaultLibdevicePath() {
  return FUSION_DEFAULT_LIBDEVICE;
}

FusionFront::Mode mlir::fusion::fusionMode(bool fuse, bool reference) {
  if (fuse)
    return FusionFront::Mode::Fuse;
  return reference ? FusionFront::Mode::Upstream
                   : FusionFront::Mode::ConvsOnly;
}

void mlir::fusion::addFusionFront(OpPassManager &pm, const FusionFront &front) {
  // Before anything (ours or upstream's) builds a mixed index list.
  pm.addPass(createCheckStaticIndexLists());
  // Before a program that aborts on every run is built (and, in
  // fusion-verify, run in-process).
  pm.addPass(createCheckAssertions());
  // Before anything folds a tosa.reshape.
  pm.addPass(createResolveReshapeShapes());
  switch (front.mode) {
  case FusionFront::Mode::Fuse: {
    pm.addPass(createFuseDetections(FuseDetectionsOptions(), nullptr));
    pm.addPass(createFuseChains(FuseChainsOptions(), front.report));
    FoldBatchNormOptions fold;
    fold.testSkipWeightScaling = front.testSkipWeightScaling;
    pm.addPass(createFoldBatchNorm(fold));
    break;
  }
  case FusionFront::Mode::ConvsOnly: {
    FuseChainsOptions alone;
    alone.convsOnly = true;
    pm.addPass(createFuseChains(alone, front.report));
    break;
  }
  case FusionFront::Mode::Upstream:
    break;
  }
  if (front.externalWeights > 0) {
    ExternalizeWeightsOptions weights;
    weights.minElements = front.externalWeights;
    pm.addPass(createExternalizeWeights(weights));
  }
  if (front.linalgConvs) {
    pm.addPass(createLowerToLinalg());
    return;
  }
  SelectLoweringOptions select;
  select.target = front.loweringTarget;
  select.channelsPerThread = front.channelsPerThread;
  select.columnsPerThread = front.columnsPerThread;
  select.reuseOrder = front.reuseOrder;
  select.explain = front.explainLowering;
  select.precision = front.precision;
  pm.addPass(createSelectLowering(select));
  LowerToLoopsOptions loops;
  loops.channelsPerThread = front.channelsPerThread;
  loops.columnsPerThread = front.columnsPerThread;
  loops.reuseOrder = front.reuseOrder;
  loops.decodeLanes = front.decodeLanes;
  loops.target = front.loweringTarget;
  loops.testMmaTileShift = front.testMmaTileShift;
  pm.addPass(createLowerToLoops(loops));
}

void mlir::fusion::addFusionPasses(OpPassManager &pm,
                                   const FusionPassesOptions &options,
                                   FusionReport *report,
                                   DetectionReport *detections) {
  if (options.fuseDetections && !options.convsOnly) {
    FuseDetectionsOptions detect;
    detect.explain = options.explain;
    pm.addPass(createFuseDetections(detect, detections));
  }
  FuseChainsOptions fuse;
  fuse.explain = options.explain;
  fuse.reportFile = options.reportFile;
  fuse.convsOnly = options.convsOnly;
  pm.addPass(createFuseChains(fuse, report));
  if (!options.foldBatchNorm || options.convsOnly)
    return;
  FoldBatchNormOptions fold;
  fold.explain = options.explain;
  pm.addPass(createFoldBatchNorm(fold));
}

std::string mlir::fusion::bufferDeallocationPasses() {
  std::string canonicalize = kCanonicalize.str();
  return "expand-realloc," + canonicalize +
         ",ownership-based-buffer-deallocation," + canonicalize +
         ",buffer-deallocation-simplification,"
         "bufferization-lower-deallocations,cse," +
         canonicalize;
}

LogicalResult mlir::fusion::addUpstreamPasses(OpPassManager &pm,
                                              StringRef pipeline) {
  return parsePassPipeline(pipeline, pm, llvm::errs());
}

void mlir::fusion::registerFusionPipelines() {
  // Registered through the builder that may fail, so that a bad chip or
  // feature stops the tool (exit 1, the message on stderr) instead of
  // running a pipeline that emits PTX ptxas rejects.
  registerPassPipeline(
      "fusion-to-ptx",
      "Fuse (unless fuse=false) and compile linalg/TOSA to GPU kernels as "
      "PTX, with a host side in the LLVM dialect that launches them on "
      "device buffers",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        FusionToPtxOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (std::optional<std::string> why = explainInvalidPtxOptions(options))
          return errorHandler("fusion-to-ptx: " + *why);
        if (failed(buildFusionToPtxPipeline(pm, options)))
          return errorHandler("fusion-to-ptx: an upstream pass is missing "
                              "from this MLIR build");
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> printOptions) {
        printOptions(FusionToPtxOptions());
      });
  registerPassPipeline(
      "fusion-to-cpu",
      "Fuse (unless fuse=false) and lower linalg/TOSA to LLVM for the host",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        FusionToCpuOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (failed(buildFusionToCpuPipeline(pm, options)))
          return errorHandler("fusion-to-cpu: an upstream pass is missing "
                              "from this MLIR build");
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> printOptions) {
        printOptions(FusionToCpuOptions());
      });
}

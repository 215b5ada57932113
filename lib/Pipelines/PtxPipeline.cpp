//===- PtxPipeline.cpp - the fusion-to-ptx pipeline -----------------------===//
///
/// One kernel per parallel loop nest: a fused op's forall, or a remaining
/// linalg op's loops. Blocks are sized to the loop's extents with the
/// contiguous output dimension on thread x; every buffer a kernel touches is
/// in device memory, and the host code only allocates, copies and launches.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Transforms/Passes.h"
#include "PipelineStages.h"

using namespace mlir;
using namespace mlir::fusion;

/// From the fused ops' loop nests to outlined kernels on device buffers.
static constexpr llvm::StringLiteral kGpuLowering =
    "func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,"
    "tosa-to-tensor),"
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
    "func.func(scf-forall-to-parallel,fusion-expand-strided-copies,"
    "convert-linalg-to-parallel-loops,"
    "fusion-map-loops-to-gpu,convert-parallel-loops-to-gpu),"
    "lower-affine,canonicalize,func.func(gpu-launch-sink-index-computations),"
    "gpu-kernel-outlining,fusion-device-buffers,func.func(gpu-async-region),"
    "canonicalize";

LogicalResult
mlir::fusion::buildFusionToPtxPipeline(OpPassManager &pm,
                                       const FusionToPtxOptions &options) {
  FusionFront front;
  front.mode = fusionMode(options.fuse, options.reference);
  front.channelsPerThread = options.channelsPerThread;
  front.columnsPerThread = options.columnsPerThread;
  addFusionFront(pm, front);
  if (failed(addUpstreamPasses(pm, kGpuLowering)))
    return failure();
  std::string nvvm = "gpu-lower-to-nvvm-pipeline{cubin-chip=" +
                     options.chip + " cubin-features=" + options.features +
                     " cubin-format=isa}";
  if (failed(addUpstreamPasses(pm, nvvm)))
    return failure();
  if (!options.dumpPtx.empty()) {
    DumpPtxOptions dump;
    dump.directory = options.dumpPtx;
    pm.addPass(createDumpPtx(dump));
  }
  return success();
}

//===- PtxPipeline.cpp - the fusion-to-ptx pipeline -----------------------===//
///
/// One kernel per parallel loop nest: a fused op's forall, or a remaining
/// linalg op's loops. Blocks are sized to the loop's extents with the
/// contiguous output dimension on thread x; every buffer a kernel touches is
/// in device memory, and the host code only allocates, copies and launches.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Runtime/LaunchLimits.h"
#include "FusionDialect/Transforms/Passes.h"
#include "PipelineStages.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::fusion;

/// From the fused ops' loop nests to outlined kernels on device buffers.
/// Calls are inlined first (after fusion, which looks at each function's
/// results): a caller that frees two or more buffers a callee returned
/// checks at run time whether they alias, in a helper on host bookkeeping
/// arrays that would become device buffers read in a one-thread kernel
/// calling `free`. Inlined, the callee's results are written into the
/// caller's buffers and nothing is returned to free.
/// After outlining, symbol-dce drops what only kernels read, which the
/// outliner copied into their modules: the mma_sync kernels'
/// shared-memory stage, a workgroup global the host cannot lower.
static std::string gpuLowering(const FusionToPtxOptions &options) {
  return "inline,"
         "func.func(tosa-infer-shapes,tosa-to-linalg-named,tosa-to-linalg,"
         "tosa-to-arith,"
         "tosa-to-tensor,convert-elementwise-to-linalg,"
         "fusion-parallelize-reductions),"
         "one-shot-bufferize{bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map}," +
         bufferDeallocationPasses() +
         ",convert-bufferization-to-memref,"
         "func.func(scf-forall-to-parallel,fusion-expand-strided-copies,"
         "convert-linalg-to-parallel-loops,"
         "fusion-map-loops-to-gpu{lanes=" +
         std::to_string(options.blockLanes) +
         " rows=" + std::to_string(options.blockRows) +
         "},convert-parallel-loops-to-gpu),"
         "lower-affine," +
         kCanonicalize.str() +
         ",func.func(gpu-launch-sink-index-computations),"
         "gpu-kernel-outlining,symbol-dce,fusion-device-buffers,"
         "func.func(gpu-async-"
         "region)," +
         kCanonicalize.str();
}

/// The launch limits, proven where the kernels' bodies are still there to
/// measure one-thread kernels by.
static std::string launchCheck(const FusionToPtxOptions &options) {
  std::string check = "fusion-check-launch-limits{max-one-thread-elements=" +
                      std::to_string(options.maxOneThreadElements);
  if (options.explainLaunches)
    check += " explain";
  return check + "}";
}

/// Upstream's gpu-lower-to-nvvm-pipeline, spelled out so that the NVVM
/// target links libdevice: kernels with exp (sigmoid, SiLU) or sqrt (an
/// unfolded BatchNorm) call it.
static std::string nvvmLowering(const FusionToPtxOptions &options) {
  std::string target = "nvvm-attach-target{chip=" + options.chip +
                       " features=" + options.features + " O=3";
  if (!options.libdevice.empty())
    target += " l=" + options.libdevice;
  target += "}";
  return "fusion-flatten-constant-globals,"
         "fusion-lower-tf32-rounding{target=gpu},fusion-lower-bf16-mma-sync,"
         "fusion-lower-warp-sync,"
         "convert-nvgpu-to-nvvm,"
         "gpu-kernel-outlining,convert-vector-to-scf{full-unroll=true},"
         "convert-scf-to-cf,convert-nvvm-to-llvm,convert-func-to-llvm,"
         "expand-strided-metadata," +
         target +
         ",lower-affine,convert-arith-to-llvm,convert-index-to-llvm,"
         "canonicalize,cse,"
         "gpu.module(strip-debuginfo,convert-gpu-to-nvvm,"
         "llvm-optimize-for-nvvm-target,canonicalize,cse,"
         "reconcile-unrealized-casts),"
         "gpu-to-llvm,reconcile-unrealized-casts,"
         "gpu-module-to-binary{format=isa},convert-math-to-llvm,"
         "canonicalize,cse,reconcile-unrealized-casts";
}

std::optional<std::string>
mlir::fusion::explainInvalidPtxTarget(StringRef chip, StringRef features) {
  // LLVM itself only warns ("not a recognized processor") and emits PTX
  // that ptxas then rejects; the subtarget tables say what is valid.
  static const bool initialized = [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargetMCs();
    return true;
  }();
  (void)initialized;
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return std::nullopt;
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!info)
    return std::nullopt;
  auto list = [](auto entries) {
    std::string names;
    for (const auto &e : entries)
      names += (names.empty() ? "" : ", ") + std::string(e.Key);
    return names;
  };
  if (!info->isCPUStringValid(chip))
    return "unknown chip '" + chip.str() +
           "'; the NVPTX target knows: " +
           list(info->getAllProcessorDescriptions());
  SmallVector<StringRef> requested;
  llvm::SplitString(features, requested, ",");
  for (StringRef feature : requested) {
    StringRef name = feature.drop_front();
    bool known = llvm::any_of(info->getAllProcessorFeatures(),
                              [&](const llvm::SubtargetFeatureKV &kv) {
                                return name == kv.Key;
                              });
    if ((!feature.starts_with("+") && !feature.starts_with("-")) || !known)
      return "unknown feature '" + feature.str() +
             "' (features are +name or -name, comma-separated); the NVPTX "
             "target knows: " +
             list(info->getAllProcessorFeatures());
  }
  return std::nullopt;
}

std::optional<std::string>
mlir::fusion::explainInvalidPtxOptions(const FusionToPtxOptions &options) {
  if (std::optional<std::string> why =
          explainInvalidPtxTarget(options.chip, options.features))
    return why;
  if (options.precision != Precision::fp32) {
    // mma.sync with TF32 operands, its m16n8k16 bf16 form and
    // cvt.rna.tf32.f32 arrived with sm_80.
    unsigned version = 0;
    StringRef chip = options.chip;
    if (!chip.consume_front("sm_") ||
        chip.take_while(llvm::isDigit).getAsInteger(10, version) ||
        version < 80)
      return "precision " + stringifyPrecision(options.precision).str() +
             " runs on tensor cores (mma.sync with TF32, f16 and bf16 "
             "operands), which chip '" +
             options.chip + "' lacks (sm_80 or newer)";
  }
  int64_t lanes = options.blockLanes, rows = options.blockRows;
  // Each factor at most the limit first, so that the product cannot
  // overflow.
  if (lanes < 1 || rows < 1 || lanes > kMaxThreadsPerBlock ||
      rows > kMaxThreadsPerBlock || lanes * rows > kMaxThreadsPerBlock)
    return "block-lanes and block-rows must be at least 1, and block-lanes "
           "x block-rows at most " +
           std::to_string(kMaxThreadsPerBlock) + " (threads per block); got " +
           std::to_string(lanes) + " x " + std::to_string(rows);
  return std::nullopt;
}

LogicalResult
mlir::fusion::buildFusionToPtxPipeline(OpPassManager &pm,
                                       const FusionToPtxOptions &options,
                                       FusionReport *report) {
  if (explainInvalidPtxOptions(options))
    return failure();
  FusionFront front = frontFor(options);
  front.report = report;
  addFusionFront(pm, front);
  if (failed(addUpstreamPasses(pm, gpuLowering(options))))
    return failure();
  if (failed(addUpstreamPasses(pm, launchCheck(options))))
    return failure();
  // After the launch check, whose messages name each kernel as outlined.
  MergeKernelModulesOptions merge;
  merge.minModules = options.mergeMinModules;
  pm.addPass(createMergeKernelModules(merge));
  if (failed(addUpstreamPasses(pm, nvvmLowering(options))))
    return failure();
  pm.addPass(createCheckPtx());
  if (!options.ptxas.empty()) {
    CheckLaunchLimitsOptions registers;
    registers.ptxas = options.ptxas;
    registers.chip = options.chip;
    pm.addPass(createCheckLaunchLimits(registers));
  }
  if (!options.dumpPtx.empty()) {
    DumpPtxOptions dump;
    dump.directory = options.dumpPtx;
    pm.addPass(createDumpPtx(dump));
  }
  return success();
}

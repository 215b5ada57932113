//===- Pipelines.h - end-to-end fusion pipelines ----------------*- C++ -*-===//
#ifndef FUSIONDIALECT_PIPELINES_PIPELINES_H
#define FUSIONDIALECT_PIPELINES_PIPELINES_H

#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Transforms/PrecisionOption.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class OpPassManager;
namespace fusion {
struct FusionReport;
struct DetectionReport;

/// The CUDA toolkit's libdevice found when the library was built, or "".
std::string defaultLibdevicePath();

/// Options every pipeline shares: whether to fuse.
template <typename Derived>
struct FusionPipelineOptions : public PassPipelineOptions<Derived> {
  ::mlir::detail::PassOptions::Option<bool> fuse{
      *this, "fuse",
      llvm::cl::desc("Run fusion-fuse-detect, fusion-fuse and fusion-fold-bn "
                     "first; false builds the unfused baseline: each conv "
                     "alone with the same loop-nest codegen, normalization, "
                     "activation and detection decode as separate ops"),
      llvm::cl::init(true)};
  ::mlir::detail::PassOptions::Option<bool> reference{
      *this, "reference",
      llvm::cl::desc("With fuse=false, leave convs to upstream linalg "
                     "instead: an independent implementation that parity "
                     "checks compare against"),
      llvm::cl::init(false)};
  ::mlir::detail::PassOptions::Option<int64_t> externalWeights{
      *this, "external-weights",
      llvm::cl::desc("Leave float constants of at least this many elements "
                     "out of the program, after fusion and folding: weights "
                     "given at run time (fusion-externalize-weights); 0 "
                     "keeps them all"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<bool> explainLowering{
      *this, "explain-lowering",
      llvm::cl::desc("One remark per fused conv: the lowering configuration "
                     "fusion-select-lowering chose (or the IR set) and why"),
      llvm::cl::init(false)};
  ::mlir::detail::PassOptions::Option<Precision> precision{
      *this, "precision",
      llvm::cl::desc("Arithmetic of the fused convs' products "
                     "(fusion-select-lowering precision): every dense "
                     "one-group conv with output channels a multiple of 8 "
                     "that the policy covers (tf32, tf32x3: f32 convs as "
                     "the policy says and f16/bf16 convs in their own type; "
                     "native: f16/bf16 convs only) runs as an implicit GEMM "
                     "on tensor cores (strategy mma_sync; on the host with "
                     "the MMA emulated), the others in fp32"),
      llvm::cl::init(Precision::fp32), precisionOptionValues()};
  ::mlir::detail::PassOptions::Option<int64_t> testMmaTileShift{
      *this, "test-mma-tile-shift",
      llvm::cl::desc("Test only: mma_sync tiles read their input this many "
                     "columns off (fusion-lower-to-loops "
                     "test-mma-tile-shift), a wrong tile index that parity "
                     "checks must catch"),
      llvm::cl::init(0)};
  ::mlir::detail::PassOptions::Option<bool> testSkipWeightScaling{
      *this, "test-skip-weight-scaling",
      llvm::cl::desc("Test only: fold BatchNorm into the bias but not the "
                     "filter, a wrong fold that parity checks must catch "
                     "(on the host and on the GPU)"),
      llvm::cl::init(false)};
};

struct FusionToCpuOptions : public FusionPipelineOptions<FusionToCpuOptions> {
  /// The register block of the fused loop nests: on the host, wide enough
  /// that LLVM's SLP vectorizer fills AVX-512 lanes along the columns
  /// (bench/RESULTS.md, "Register block on the CPU").
  PassOptions::Option<int64_t> channelsPerThread{
      *this, "channels-per-thread",
      llvm::cl::desc("Most output channels one iteration of a fused loop "
                     "nest computes in registers"),
      llvm::cl::init(8)};
  PassOptions::Option<int64_t> columnsPerThread{
      *this, "columns-per-thread",
      llvm::cl::desc("Most output columns one iteration of a fused loop "
                     "nest computes in registers"),
      llvm::cl::init(32)};
  PassOptions::Option<bool> reuseOrder{
      *this, "reuse-order",
      llvm::cl::desc("Order each fused loop nest so that the input or the "
                     "filter, whichever would be streamed again more, is "
                     "read once (fusion-lower-to-loops reuse-order)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> decodeLanes{
      *this, "decode-lanes",
      llvm::cl::desc("Anchors one iteration of a detection decode computes, "
                     "as the lanes of a vector (fusion-lower-to-loops "
                     "decode-lanes); 1 runs the GPU's one anchor per "
                     "iteration"),
      llvm::cl::init(8)};
  PassOptions::Option<bool> linalgConvs{
      *this, "linalg-convs",
      llvm::cl::desc("Lower fused ops to a linalg named conv plus an "
                     "epilogue (fusion-lower-to-linalg) instead of one loop "
                     "nest each (fusion-lower-to-loops, the GPU's form)"),
      llvm::cl::init(false)};
  PassOptions::Option<int64_t> outlineMinNests{
      *this, "outline-min-nests",
      llvm::cl::desc("Give each loop nest of a function holding at least "
                     "this many its own function, so that LLVM's loop "
                     "passes stay linear in the model's size "
                     "(fusion-outline-loop-nests min-nests); 0: never"),
      llvm::cl::init(16)};
  PassOptions::Option<bool> f64{
      *this, "f64",
      llvm::cl::desc("Evaluate the program in f64 (fusion-upcast-to-f64 "
                     "after the fused ops are lowered): the model in f64 "
                     "that fused and unfused programs are checked against"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> testGpuLoopMapping{
      *this, "test-gpu-loop-mapping",
      llvm::cl::desc("Test only: tile, collapse and map every loop nest as "
                     "fusion-to-ptx does (fusion-map-loops-to-gpu), then run "
                     "the mapped loops on the host: checks the GPU path's "
                     "index arithmetic on the CPU"),
      llvm::cl::init(false)};
};

struct FusionToPtxOptions : public FusionPipelineOptions<FusionToPtxOptions> {
  /// The register block of the fused loop nests: one GPU thread's outputs.
  PassOptions::Option<int64_t> channelsPerThread{
      *this, "channels-per-thread",
      llvm::cl::desc("Most output channels one iteration of a fused loop "
                     "nest computes in registers"),
      llvm::cl::init(4)};
  PassOptions::Option<int64_t> columnsPerThread{
      *this, "columns-per-thread",
      llvm::cl::desc("Most output columns one iteration of a fused loop "
                     "nest computes in registers"),
      llvm::cl::init(4)};
  /// The most threads of a block (fusion-map-loops-to-gpu): blocks shrink
  /// to a loop's extents, so these bound them rather than fix them.
  PassOptions::Option<int64_t> blockLanes{
      *this, "block-lanes",
      llvm::cl::desc("Most threads of a block along a loop nest's "
                     "contiguous dimension, thread x "
                     "(fusion-map-loops-to-gpu lanes)"),
      llvm::cl::init(32)};
  PassOptions::Option<int64_t> blockRows{
      *this, "block-rows",
      llvm::cl::desc("Rows of lanes: block-lanes x block-rows is the most "
                     "threads of a block (fusion-map-loops-to-gpu rows)"),
      llvm::cl::init(4)};
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target SM, e.g. sm_80 or sm_90"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features; sm_90 needs +ptx80 or newer"),
      llvm::cl::init("+ptx80")};
  PassOptions::Option<std::string> libdevice{
      *this, "libdevice",
      llvm::cl::desc("libdevice bitcode linked into the kernels (exp, sqrt); "
                     "the default is the CUDA toolkit's found at build "
                     "time. Without it, kernels that need it are refused "
                     "(fusion-check-ptx)"),
      llvm::cl::init(defaultLibdevicePath())};
  PassOptions::Option<std::string> ptxas{
      *this, "ptxas",
      llvm::cl::desc("ptxas to assemble each kernel module with, proving "
                     "every launch's block within what the kernel's "
                     "register use allows (fusion-check-launch-limits); "
                     "empty: launch limits are proven without it"),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> mergeMinModules{
      *this, "merge-min-modules",
      llvm::cl::desc("Put every kernel into one gpu.module when there are "
                     "at least this many kernel modules, compiling identical "
                     "kernels once (fusion-merge-kernel-modules "
                     "min-modules); 0: never"),
      llvm::cl::init(16)};
  PassOptions::Option<int64_t> maxOneThreadElements{
      *this, "max-one-thread-elements",
      llvm::cl::desc("Refuse a one-thread kernel whose buffers hold more "
                     "elements than this (0: allow any)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> explainLaunches{
      *this, "explain-launches",
      llvm::cl::desc("One remark per kernel launch: grid, block, and the "
                     "elements a one-thread kernel receives"),
      llvm::cl::init(false)};
  PassOptions::Option<std::string> dumpPtx{
      *this, "dump-ptx",
      llvm::cl::desc("Directory to write each kernel module's PTX to "
                     "(fusion-dump-ptx); empty writes none"),
      llvm::cl::init("")};
};

/// What addFusionPasses adds: the typed form of fusion-fuse's and
/// fusion-fold-bn's options.
struct FusionPassesOptions {
  /// One remark per candidate chain (and per fold refused).
  bool explain = false;
  /// Write the report as JSON to this file ("-" for stdout); empty: none.
  std::string reportFile;
  /// Each conv alone, no epilogue: the unfused baseline (no fold then).
  bool convsOnly = false;
  /// Run fusion-fold-bn after fusion-fuse.
  bool foldBatchNorm = true;
  /// Run fusion-fuse-detect before fusion-fuse (not with convsOnly).
  bool fuseDetections = true;
};

/// fusion-fuse-detect, fusion-fuse, then fusion-fold-bn, on tensors: for a
/// compiler that keeps its own lowering. `report` and `detections`, when
/// given, receive the fusion and detection reports as data each time the
/// pass manager runs (they must outlive `pm`).
void addFusionPasses(OpPassManager &pm,
                     const FusionPassesOptions &options = {},
                     FusionReport *report = nullptr,
                     DetectionReport *detections = nullptr);

/// Why `chip` and `features` are no NVPTX target LLVM can emit for (an
/// unknown SM, a feature that is not `+name`/`-name` of a known PTX
/// feature), listing the valid ones; nullopt when they are, or when this
/// LLVM has no NVPTX target to ask.
std::optional<std::string> explainInvalidPtxTarget(llvm::StringRef chip,
                                                   llvm::StringRef features);

/// Why `options` cannot build a PTX pipeline: an invalid target
/// (explainInvalidPtxTarget) or a block shape no GPU launches; nullopt when
/// they can. Every tool and the registered pipeline ask this one question.
std::optional<std::string>
explainInvalidPtxOptions(const FusionToPtxOptions &options);

/// linalg/TOSA on tensors -> GPU kernels (one per fused op, one per
/// remaining linalg op) -> NVVM -> PTX text in gpu.binary, host side in the
/// LLVM dialect with gpu.launch_func. Fails when an upstream pass it names
/// is not registered, or when explainInvalidPtxOptions rejects the options.
/// `report`, when given, receives fusion-fuse's report as data.
LogicalResult buildFusionToPtxPipeline(OpPassManager &pm,
                                       const FusionToPtxOptions &options,
                                       FusionReport *report = nullptr);

/// linalg/TOSA on tensors -> LLVM dialect for the host, runnable with
/// mlir-runner or the ExecutionEngine. The same lowering with fuse=false is
/// the baseline every fused-vs-unfused comparison uses.
/// Fails when an upstream pass it names is not registered.
/// `report`, when given, receives fusion-fuse's report as data.
LogicalResult buildFusionToCpuPipeline(OpPassManager &pm,
                                       const FusionToCpuOptions &options,
                                       FusionReport *report = nullptr);

/// Registers `fusion-to-cpu` and `fusion-to-ptx`.
void registerFusionPipelines();

} // namespace fusion
} // namespace mlir

#endif // FUSIONDIALECT_PIPELINES_PIPELINES_H

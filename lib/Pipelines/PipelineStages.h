//===- PipelineStages.h - stages both pipelines share -----------*- C++ -*-===//
#ifndef FUSIONDIALECT_LIB_PIPELINES_PIPELINESTAGES_H
#define FUSIONDIALECT_LIB_PIPELINES_PIPELINESTAGES_H

#include "FusionDialect/IR/FusionDialect.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir::fusion {
struct FusionReport;

/// What the shared front of a pipeline does before the common lowering.
struct FusionFront {
  enum class Mode {
    /// fusion-fuse-detect, fusion-fuse and fusion-fold-bn.
    Fuse,
    /// Each conv alone becomes a fused op with no epilogue (fusion-fuse
    /// convs-only): unfused, with the fused path's conv codegen.
    ConvsOnly,
    /// Nothing: convs go through upstream linalg, an independent
    /// implementation for parity checks.
    Upstream,
  };
  Mode mode = Mode::Fuse;
  bool testSkipWeightScaling = false;
  /// Lower fused ops to a linalg named conv plus epilogue (the reference)
  /// rather than a register-blocked loop nest.
  bool linalgConvs = false;
  int64_t channelsPerThread = 4;
  int64_t columnsPerThread = 4;
  /// Order the fused loop nests for the host's caches (fusion-lower-to-loops
  /// reuse-order); the GPU keeps the layout's order.
  bool reuseOrder = false;
  /// What fusion-select-lowering chooses for: "gpu" or "cpu".
  std::string loweringTarget = "gpu";
  /// Arithmetic of the fused convs' products (fusion-select-lowering).
  Precision precision = Precision::fp32;
  /// Test only: mma_sync tiles read their input this many columns off.
  int64_t testMmaTileShift = 0;
  /// One remark per fused op: its lowering configuration and why.
  bool explainLowering = false;
  /// Anchors one iteration of a detection decode computes as vector lanes
  /// (fusion-lower-to-loops decode-lanes); the GPU keeps one per thread.
  int64_t decodeLanes = 1;
  /// Float constants of at least this many elements become weights given at
  /// run time (fusion-externalize-weights), after fusion; 0: none.
  int64_t externalWeights = 0;
  /// Receives fusion-fuse's report (Mode::Fuse and ConvsOnly); may be null.
  FusionReport *report = nullptr;
};

/// The front for a pipeline's `fuse` and `reference` options.
FusionFront::Mode fusionMode(bool fuse, bool reference);

/// The front that a pipeline's common options ask for.
template <typename Options>
FusionFront frontFor(const Options &options) {
  FusionFront front;
  front.mode = fusionMode(options.fuse, options.reference);
  front.channelsPerThread = options.channelsPerThread;
  front.columnsPerThread = options.columnsPerThread;
  front.externalWeights = options.externalWeights;
  front.testSkipWeightScaling = options.testSkipWeightScaling;
  front.explainLowering = options.explainLowering;
  front.precision = options.precision;
  front.testMmaTileShift = options.testMmaTileShift;
  return front;
}

/// The passes of `front.mode`, then the fused ops' lowering.
void addFusionFront(OpPassManager &pm, const FusionFront &front);

/// `canonicalize` without upstream's RemoveDuplicateSuccessorInputUses: on a
/// loop carrying many iter_args with the same initial value (a register
/// block's accumulators, 224 on the host, all starting at zero) that pattern
/// is quadratic, 5.3 of the 5.5 s the first canonicalization of a full-size
/// ResNet-50 took, and it found nothing to rewrite in our loop nests (the IR
/// after is identical). The name is upstream's pattern debug name: were it
/// renamed, the pattern would run again, slower but still correct.
inline constexpr llvm::StringLiteral kCanonicalize =
    "canonicalize{disable-patterns=\"(anonymous "
    "namespace)::RemoveDuplicateSuccessorInputUses\"}";

/// Upstream's buffer-deallocation-pipeline, spelled out with kCanonicalize.
std::string bufferDeallocationPasses();

/// Appends a textual pipeline of upstream passes; their names are the stable
/// interface across MLIR releases, their C++ factories are not. Fails, with
/// the parser's message, when a pass is not registered.
LogicalResult addUpstreamPasses(OpPassManager &pm, llvm::StringRef pipeline);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_LIB_PIPELINES_PIPELINESTAGES_H

//===- CpuPipeline.cpp - the fusion-to-cpu pipeline -----------------------===//
///
/// The host runs the same register-blocked loop nests the GPU kernels are
/// made of (scf.forall, then scf.parallel), so the parity checks on the CPU
/// exercise the GPU's loop structure and epilogue.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Pipelines/Pipelines.h"
#include "PipelineStages.h"

using namespace mlir;
using namespace mlir::fusion;

/// Everything after the fused ops' lowering: TOSA to linalg (and, when
/// the host runs the GPU's loop nests, the GPU's reduction rewrites),
/// bufferize, loops, LLVM. Shapes are inferred first, as upstream's own
/// TOSA pipeline does: tosa-to-linalg crashes on a result declared less
/// static than its operands give (tosa.reduce_sum to `1x3x?x1` from
/// `1x3x1x4`), which the TOSA verifier accepts.
static constexpr llvm::StringLiteral kCpuToLinalg =
    "tosa-infer-shapes,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,"
    "tosa-to-tensor,convert-elementwise-to-linalg";
static constexpr llvm::StringLiteral kGpuReductions =
    ",fusion-parallelize-reductions";
static std::string cpuFront() {
  return "one-shot-bufferize{bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map}," +
         bufferDeallocationPasses() +
         ",convert-bufferization-to-memref,"
         "func.func(scf-forall-to-parallel,fusion-expand-strided-copies,"
         "fusion-scalarize-block-writes)";
}
/// The GPU's tiling, collapsing and one-thread wrapping of every loop nest,
/// without the launch: the host then runs the mapped loops in order.
static constexpr llvm::StringLiteral kGpuLoopMapping =
    "func.func(convert-linalg-to-parallel-loops,fusion-map-loops-to-gpu)";
/// Reductions inside the outer parallel loops, so the innermost loop is the
/// output's contiguous dimension and vectorizes (the reference programs'
/// convs ran at about 1 GFLOP/s with the kernel's width innermost).
static constexpr llvm::StringLiteral kCpuLoops =
    "func.func(fusion-innermost-parallel-loop),convert-linalg-to-loops,";
static constexpr llvm::StringLiteral kCpuBack =
    "func.func(convert-vector-to-scf{full-unroll=true}),"
    "fusion-flatten-constant-globals,lower-affine,convert-scf-to-cf,"
    "expand-strided-metadata,lower-affine,convert-vector-to-llvm,"
    "convert-ub-to-llvm,"
    "finalize-memref-to-llvm,"
    "convert-math-to-llvm,"
    "convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,"
    "convert-func-to-llvm,reconcile-unrealized-casts";

LogicalResult
mlir::fusion::buildFusionToCpuPipeline(OpPassManager &pm,
                                       const FusionToCpuOptions &options,
                                       FusionReport *report) {
  FusionFront front = frontFor(options);
  front.report = report;
  front.linalgConvs = options.linalgConvs;
  front.reuseOrder = options.reuseOrder;
  front.loweringTarget = "cpu";
  // The GPU loop mapping runs what a GPU thread runs: one anchor.
  front.decodeLanes = options.testGpuLoopMapping ? 1 : options.decodeLanes;
  addFusionFront(pm, front);
  // The model in f64: TOSA has no f64 and the fused ops take none, so both
  // are lowered first.
  if (options.f64 &&
      failed(addUpstreamPasses(pm, "func.func(" + kCpuToLinalg.str() +
                                       "),fusion-upcast-to-f64")))
    return failure();
  std::string lowering =
      "fusion-lower-tf32-rounding{target=cpu},func.func(" + kCpuToLinalg.str();
  if (options.testGpuLoopMapping)
    lowering += kGpuReductions.str();
  lowering += ")," + cpuFront() + ",";
  if (options.testGpuLoopMapping)
    lowering += kGpuLoopMapping.str() + ",";
  lowering += kCpuLoops.str();
  if (options.outlineMinNests > 0)
    lowering += "fusion-outline-loop-nests{min-nests=" +
                std::to_string(options.outlineMinNests) + "},";
  lowering += kCpuBack.str();
  return addUpstreamPasses(pm, lowering);
}

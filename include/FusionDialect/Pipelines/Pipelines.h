//===- Pipelines.h - end-to-end fusion pipelines ----------------*- C++ -*-===//
#ifndef FUSIONDIALECT_PIPELINES_PIPELINES_H
#define FUSIONDIALECT_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class OpPassManager;
namespace fusion {

struct FusionToCpuOptions : public PassPipelineOptions<FusionToCpuOptions> {
  PassOptions::Option<bool> fuse{
      *this, "fuse",
      llvm::cl::desc("Run fusion-fuse and fusion-fold-bn first; false builds "
                     "the unfused baseline with the same codegen"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> linalgConvs{
      *this, "linalg-convs",
      llvm::cl::desc("Lower fused ops to a linalg named conv plus an "
                     "epilogue (fusion-lower-to-linalg) instead of one loop "
                     "nest each (fusion-lower-to-loops, the GPU's form)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> testSkipWeightScaling{
      *this, "test-skip-weight-scaling",
      llvm::cl::desc("Test only: fold BatchNorm into the bias but not the "
                     "filter, a wrong fold that parity checks must catch"),
      llvm::cl::init(false)};
};

/// linalg/TOSA on tensors -> LLVM dialect for the host, runnable with
/// mlir-runner or the ExecutionEngine. The same lowering with fuse=false is
/// the baseline every fused-vs-unfused comparison uses.
/// Fails when an upstream pass it names is not registered.
LogicalResult buildFusionToCpuPipeline(OpPassManager &pm,
                                       const FusionToCpuOptions &options);

/// Registers `fusion-to-cpu`.
void registerFusionPipelines();

} // namespace fusion
} // namespace mlir

#endif // FUSIONDIALECT_PIPELINES_PIPELINES_H

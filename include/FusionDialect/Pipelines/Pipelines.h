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

struct FusionToPtxOptions : public PassPipelineOptions<FusionToPtxOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target SM, e.g. sm_80 or sm_90"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features; sm_90 needs +ptx80 or newer"),
      llvm::cl::init("+ptx80")};
  PassOptions::Option<bool> fuse{
      *this, "fuse",
      llvm::cl::desc("Run fusion-fuse and fusion-fold-bn first; false builds "
                     "the unfused baseline with the same codegen"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> dumpPtx{
      *this, "dump-ptx",
      llvm::cl::desc("Directory to write each kernel module's PTX to "
                     "(fusion-dump-ptx); empty writes none"),
      llvm::cl::init("")};
};

/// linalg/TOSA on tensors -> GPU kernels (one per fused op, one per
/// remaining linalg op) -> NVVM -> PTX text in gpu.binary, host side in the
/// LLVM dialect with gpu.launch_func. Fails when an upstream pass it names
/// is not registered.
LogicalResult buildFusionToPtxPipeline(OpPassManager &pm,
                                       const FusionToPtxOptions &options);

/// linalg/TOSA on tensors -> LLVM dialect for the host, runnable with
/// mlir-runner or the ExecutionEngine. The same lowering with fuse=false is
/// the baseline every fused-vs-unfused comparison uses.
/// Fails when an upstream pass it names is not registered.
LogicalResult buildFusionToCpuPipeline(OpPassManager &pm,
                                       const FusionToCpuOptions &options);

/// Registers `fusion-to-cpu` and `fusion-to-ptx`.
void registerFusionPipelines();

} // namespace fusion
} // namespace mlir

#endif // FUSIONDIALECT_PIPELINES_PIPELINES_H

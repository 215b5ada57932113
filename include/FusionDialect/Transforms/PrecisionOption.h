//===- PrecisionOption.h - the precision policy's command-line values -----===//
///
/// The spellings of `Precision` as a command-line value, with one line of
/// help each, written once for every option that takes a policy
/// (fusion-select-lowering, both pipelines, fusion-verify).
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_TRANSFORMS_PRECISIONOPTION_H
#define FUSIONDIALECT_TRANSFORMS_PRECISIONOPTION_H

#include "FusionDialect/IR/FusionDialect.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::fusion {

/// `llvm::cl::values` for a `Precision` option.
inline llvm::cl::ValuesClass precisionOptionValues() {
  return llvm::cl::values(
      clEnumValN(Precision::fp32, "fp32",
                 "exact f32 products on CUDA cores (default)"),
      clEnumValN(Precision::tf32, "tf32",
                 "f32 operands rounded to TF32 (PyTorch's allow_tf32), "
                 "f16/bf16 operands as they are, on tensor cores; sm_80 or "
                 "newer"),
      clEnumValN(Precision::tf32x3, "tf32x3",
                 "f32 operands split into two TF32 parts, three MMAs (about "
                 "f32 accuracy), f16/bf16 operands as they are, on tensor "
                 "cores; sm_80 or newer"),
      clEnumValN(Precision::native, "native",
                 "f16/bf16 operands as they are on tensor cores, f32 "
                 "sums; f32 convs exact; sm_80 or newer"));
}

/// The policy a conv of element type `elementType` gets under `policy`:
/// f32 convs take tf32 and tf32x3 (fp32 otherwise); f16 and bf16 convs take
/// `native` under any tensor-core policy (fp32 otherwise). Other types keep
/// fp32.
inline Precision precisionFor(Precision policy, Type elementType) {
  if (policy == Precision::fp32)
    return Precision::fp32;
  if (elementType.isF32())
    return policy == Precision::native ? Precision::fp32 : policy;
  if (elementType.isF16() || elementType.isBF16())
    return Precision::native;
  return Precision::fp32;
}

} // namespace mlir::fusion

#endif // FUSIONDIALECT_TRANSFORMS_PRECISIONOPTION_H

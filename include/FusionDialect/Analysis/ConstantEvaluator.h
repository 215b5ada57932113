//===- ConstantEvaluator.h - read constant tensors as f64 -------*- C++ -*-===//
///
/// \file
/// Evaluates tensor values that are computed from constants alone, in f64.
/// MLIR 22's canonicalizer folds none of `rsqrt`, `reciprocal`, `pow` or
/// `add` on BatchNorm parameters, and frontends compute `1/sqrt(var+eps)`
/// with rank-1 generics or TOSA ops, so the fold reads through them itself.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_CONSTANTEVALUATOR_H
#define FUSIONDIALECT_ANALYSIS_CONSTANTEVALUATOR_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include <vector>

namespace mlir::fusion {

/// A dense row-major tensor of doubles.
struct ConstTensor {
  SmallVector<int64_t> shape;
  std::vector<double> values;

  int64_t size() const { return static_cast<int64_t>(values.size()); }
  /// Row-major linear index of `index`.
  int64_t linearize(ArrayRef<int64_t> index) const;
};

/// Largest tensor the evaluator materializes (a ResNet-50 filter is 2.4M).
constexpr int64_t kMaxEvaluatedElements = int64_t(1) << 25;

/// Evaluates `value` when it is computed from constants only; fails for
/// anything that depends on a function argument, a global, or an op the
/// evaluator does not know.
FailureOr<ConstTensor> evaluateConstantTensor(Value value);

/// True when `value` is computed from constants only (no arguments, no side
/// effects), checked without materializing anything.
bool isComputedFromConstants(Value value);

/// Reads the constant data of an `arith.constant`/`tosa.const` attribute:
/// dense, splat, hex or `dense_resource` of any float or integer type.
FailureOr<ConstTensor> readElementsAttr(Attribute attr);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_CONSTANTEVALUATOR_H

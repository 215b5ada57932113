//===- ElementwiseSemantics.h - pointwise meaning of ops --------*- C++ -*-===//
///
/// \file
/// One pointwise interpreter for the scalar ops inside `linalg.generic`
/// bodies and for TOSA's elementwise tensor ops. The constant evaluator and
/// the chain matcher both use it, so a formula is read the same way whether
/// it computes a parameter or transforms a feature map.
///
/// Everything is evaluated in f64 (never rounded per op); an explicit
/// `arith.truncf` or `tosa.cast` rounds to its result type, because the
/// program it came from does.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_ELEMENTWISESEMANTICS_H
#define FUSIONDIALECT_ANALYSIS_ELEMENTWISESEMANTICS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Operation.h"
#include <optional>

namespace mlir::fusion {

/// True when `op` has a pointwise meaning `evaluatePointwise` knows: scalar
/// arith/math ops, or TOSA elementwise ops on tensors.
bool hasPointwiseSemantics(Operation *op);

/// Applies `op` to scalar operands (booleans as 0/1). Returns nullopt for ops
/// without a known pointwise meaning or with non-neutral extra operands (a
/// `tosa.mul` shift other than zero).
std::optional<double> evaluatePointwise(Operation *op,
                                        ArrayRef<double> operands);

/// Rounds `value` to the float type `type` (identity for f64 and non-floats).
double roundToType(double value, Type type);

/// `arith.cmpf` on doubles: ordered predicates are false and unordered ones
/// true when either side is NaN.
bool evaluateFloatPredicate(arith::CmpFPredicate predicate, double a,
                            double b);

/// `arith.maximumf` / `arith.minimumf` on doubles: NaN if either side is.
double nanPropagatingMax(double a, double b);
double nanPropagatingMin(double a, double b);

/// Reads an `arith.constant` (or `tosa.const`) scalar, a splat, or a rank-0
/// tensor constant as a double.
std::optional<double> getScalarConstant(Value value);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_ELEMENTWISESEMANTICS_H

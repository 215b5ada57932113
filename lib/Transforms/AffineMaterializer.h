//===- AffineMaterializer.h - a symbolic affine as IR -----------*- C++ -*-===//
///
/// \file
/// Used by fusion-fuse when a normalization's parameters are not constants:
/// the matcher proved the chain is `x * s + t` per channel, and this builds
/// `s` and `t` as vectors from the parameters the program holds.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_LIB_TRANSFORMS_AFFINEMATERIALIZER_H
#define FUSIONDIALECT_LIB_TRANSFORMS_AFFINEMATERIALIZER_H

#include "FusionDialect/Analysis/ChainExpr.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::fusion {

/// Emits a symbolic per-channel affine `x * s + t` (parameters that are not
/// constants) as IR on `tensor<C x f32>`: the formula's own ops, applied to
/// whole parameter vectors instead of one element at a time.
class AffineMaterializer {
public:
  AffineMaterializer(OpBuilder &b, Location loc, int64_t channels)
      : b(b), loc(loc), type(RankedTensorType::get({channels}, b.getF32Type())) {}

  /// Scale and shift of `node`, a node that depends on the conv output.
  FailureOr<std::pair<Value, Value>> affine(ChainExpr *node);
  /// `a + b` on vectors of any float type, in f32.
  Value add(Value a, Value c) {
    return elementwise<arith::AddFOp>({toF32(a), toF32(c)});
  }

private:
  /// A parameter-only node as a vector.
  FailureOr<Value> vector(ChainExpr *node);
  /// `name(operands...)` applied elementwise, as a rank-1 linalg.generic
  /// writing a fresh tensor (never in place into a parameter or constant).
  Value elementwise(OperationName name, ValueRange operands,
                    ArrayRef<NamedAttribute> attrs = {});
  template <typename OpTy>
  Value elementwise(ValueRange operands) {
    return elementwise(OperationName(OpTy::getOperationName(), b.getContext()),
                       operands);
  }
  Value splat(double v) {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, b.getF32FloatAttr(float(v))));
  }
  Value toF32(Value v) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getElementType().isF32())
      return v;
    OperationName cast(t.getElementType().getIntOrFloatBitWidth() < 32
                           ? arith::ExtFOp::getOperationName()
                           : arith::TruncFOp::getOperationName(),
                       b.getContext());
    return elementwise(cast, {v});
  }

  OpBuilder &b;
  Location loc;
  RankedTensorType type;
  DenseMap<ChainExpr *, Value> vectors;
  DenseMap<ChainExpr *, std::pair<Value, Value>> affines;
};

} // namespace mlir::fusion

#endif // FUSIONDIALECT_LIB_TRANSFORMS_AFFINEMATERIALIZER_H

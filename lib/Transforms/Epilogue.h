//===- Epilogue.h - what a fused op does after the conv ---------*- C++ -*-===//
///
/// \file
/// The epilogue of both fused ops, emitted by every lowering so that they
/// compute the same thing: add the bias, apply the normalization (unfolded
/// op), apply the activation (ActivationAttr's documented formula), round
/// once to the result type.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_LIB_TRANSFORMS_EPILOGUE_H
#define FUSIONDIALECT_LIB_TRANSFORMS_EPILOGUE_H

#include "FusionDialect/IR/FusionDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::fusion {

/// A float constant of scalar type `type`.
Value floatConstant(OpBuilder &b, Location loc, Type type, double v);

/// Casts a float scalar to `to` (extension or truncation).
Value castFloat(OpBuilder &b, Location loc, Value v, Type to);

/// Emits `act(a)` with the semantics documented on ActivationAttr.
Value emitActivation(OpBuilder &b, Location loc, Value a, ActivationAttr act);

struct FusedEpilogue {
  bool hasBias = false;
  bool hasNorm = false;
  double epsilon = 0.0;
  ActivationAttr activation;
  /// Accumulation type: f32, or the element type if wider.
  Type accType;
  Type resultType;

  template <typename OpTy>
  static FusedEpilogue of(OpTy op) {
    FusedEpilogue e;
    e.hasBias = static_cast<bool>(op.getBias());
    if constexpr (std::is_same_v<OpTy, ConvBnActOp>) {
      e.hasNorm = true;
      e.epsilon = op.getEpsilon().convertToDouble();
    }
    e.activation = op.getActivation();
    e.resultType = getElementTypeOrSelf(op.getType());
    e.accType = accumulatorType(e.resultType);
    return e;
  }
  static Type accumulatorType(Type elementType);

  /// `acc` in accType; `perChannel` holds this channel's bias (if any) then
  /// mean, variance, gamma, beta (if normalized), in any float type.
  Value emit(OpBuilder &b, Location loc, Value acc,
             ValueRange perChannel) const;
};

} // namespace mlir::fusion

#endif // FUSIONDIALECT_LIB_TRANSFORMS_EPILOGUE_H

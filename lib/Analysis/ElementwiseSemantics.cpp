//===- ElementwiseSemantics.cpp - pointwise meaning of ops ----------------===//
#include "FusionDialect/Analysis/ElementwiseSemantics.h"
#include "FusionDialect/Analysis/ConstantEvaluator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cmath>

using namespace mlir;
using namespace mlir::fusion;

double mlir::fusion::roundToType(double value, Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  auto floatType = dyn_cast<FloatType>(type);
  if (!floatType || floatType.isF64())
    return value;
  bool losesInfo = false;
  APFloat f(value);
  f.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
            &losesInfo);
  return f.convertToDouble();
}

bool mlir::fusion::evaluateFloatPredicate(arith::CmpFPredicate p, double a,
                                          double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse: return false;
  case P::AlwaysTrue: return true;
  case P::OEQ: return !unordered && a == b;
  case P::OGT: return !unordered && a > b;
  case P::OGE: return !unordered && a >= b;
  case P::OLT: return !unordered && a < b;
  case P::OLE: return !unordered && a <= b;
  case P::ONE: return !unordered && a != b;
  case P::ORD: return !unordered;
  case P::UEQ: return unordered || a == b;
  case P::UGT: return unordered || a > b;
  case P::UGE: return unordered || a >= b;
  case P::ULT: return unordered || a < b;
  case P::ULE: return unordered || a <= b;
  case P::UNE: return unordered || a != b;
  case P::UNO: return unordered;
  }
  return false;
}

double mlir::fusion::nanPropagatingMax(double a, double b) {
  return std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b);
}
double mlir::fusion::nanPropagatingMin(double a, double b) {
  return std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b);
}
static double attrToDouble(Attribute attr) {
  if (auto f = dyn_cast_or_null<FloatAttr>(attr))
    return f.getValueAsDouble();
  if (auto i = dyn_cast_or_null<IntegerAttr>(attr))
    return static_cast<double>(i.getInt());
  return NAN;
}

std::optional<double> mlir::fusion::getScalarConstant(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || !def->hasTrait<OpTrait::ConstantLike>())
    return std::nullopt;
  Attribute attr;
  if (auto c = dyn_cast<arith::ConstantOp>(def))
    attr = c.getValue();
  else if (auto c = dyn_cast<tosa::ConstOp>(def))
    attr = c.getValuesAttr();
  if (auto f = dyn_cast_or_null<FloatAttr>(attr))
    return f.getValueAsDouble();
  if (auto i = dyn_cast_or_null<IntegerAttr>(attr))
    return i.getType().isInteger(1) ? double(i.getValue().getBoolValue())
                                    : double(i.getInt());
  if (attr) {
    FailureOr<ConstTensor> t = readElementsAttr(attr);
    if (succeeded(t) && t->size() >= 1) {
      double first = t->values.front();
      if (llvm::all_of(t->values, [&](double v) {
            return v == first || (std::isnan(v) && std::isnan(first));
          }))
        return first;
    }
  }
  return std::nullopt;
}

/// `tosa.mul` only means a plain product when its shift is zero.
static bool hasNeutralShift(tosa::MulOp mul) {
  Value shift = mul.getShift();
  if (!shift)
    return true;
  std::optional<double> s = getScalarConstant(shift);
  return s && *s == 0.0;
}

bool mlir::fusion::hasPointwiseSemantics(Operation *op) {
  if (auto mul = dyn_cast<tosa::MulOp>(op))
    return hasNeutralShift(mul);
  return isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
             arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
             arith::MaxNumFOp, arith::MinNumFOp, arith::CmpFOp,
             arith::SelectOp, arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp,
             arith::UIToFPOp, math::SqrtOp,
             math::RsqrtOp, math::ExpOp, math::LogOp, math::TanhOp,
             math::PowFOp, math::AbsFOp, math::ErfOp, tosa::AddOp,
             tosa::SubOp, tosa::ReciprocalOp, tosa::RsqrtOp, tosa::PowOp,
             tosa::ExpOp, tosa::LogOp, tosa::NegateOp, tosa::AbsOp,
             tosa::MaximumOp, tosa::MinimumOp, tosa::ClampOp, tosa::SigmoidOp,
             tosa::TanhOp, tosa::CastOp, tosa::GreaterEqualOp,
             tosa::GreaterOp, tosa::SelectOp>(op);
}

std::optional<double> mlir::fusion::evaluatePointwise(Operation *op,
                                                      ArrayRef<double> v) {
  if (!hasPointwiseSemantics(op))
    return std::nullopt;
  auto arity = [&](unsigned n) { return v.size() >= n; };
  using R = std::optional<double>;
  Type resultType = op->getNumResults() ? op->getResult(0).getType() : Type();
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case<arith::AddFOp, tosa::AddOp>(
          [&](auto) -> R { return arity(2) ? R(v[0] + v[1]) : R(); })
      .Case<arith::SubFOp, tosa::SubOp>(
          [&](auto) -> R { return arity(2) ? R(v[0] - v[1]) : R(); })
      .Case<arith::MulFOp, tosa::MulOp>(
          [&](auto) -> R { return arity(2) ? R(v[0] * v[1]) : R(); })
      .Case<arith::DivFOp>(
          [&](auto) -> R { return arity(2) ? R(v[0] / v[1]) : R(); })
      .Case<arith::NegFOp, tosa::NegateOp>(
          [&](auto) -> R { return arity(1) ? R(-v[0]) : R(); })
      .Case<arith::MaximumFOp, tosa::MaximumOp>(
          [&](auto) -> R { return arity(2) ? R(nanPropagatingMax(v[0], v[1])) : R(); })
      .Case<arith::MinimumFOp, tosa::MinimumOp>(
          [&](auto) -> R { return arity(2) ? R(nanPropagatingMin(v[0], v[1])) : R(); })
      .Case<arith::MaxNumFOp>([&](auto) -> R {
        return arity(2) ? R(std::fmax(v[0], v[1])) : R();
      })
      .Case<arith::MinNumFOp>([&](auto) -> R {
        return arity(2) ? R(std::fmin(v[0], v[1])) : R();
      })
      .Case<arith::CmpFOp>([&](arith::CmpFOp cmp) -> R {
        return arity(2) ? R(evaluateFloatPredicate(cmp.getPredicate(), v[0], v[1]))
                        : R();
      })
      .Case<tosa::GreaterEqualOp>(
          [&](auto) -> R { return arity(2) ? R(v[0] >= v[1]) : R(); })
      .Case<tosa::GreaterOp>(
          [&](auto) -> R { return arity(2) ? R(v[0] > v[1]) : R(); })
      .Case<arith::SelectOp, tosa::SelectOp>([&](auto) -> R {
        return arity(3) ? R(v[0] != 0.0 ? v[1] : v[2]) : R();
      })
      .Case<arith::ExtFOp>([&](auto) -> R { return arity(1) ? R(v[0]) : R(); })
      .Case<arith::SIToFPOp, arith::UIToFPOp>([&](auto) -> R {
        return arity(1) ? R(roundToType(v[0], resultType)) : R();
      })
      .Case<arith::TruncFOp, tosa::CastOp>([&](auto) -> R {
        return arity(1) ? R(roundToType(v[0], resultType)) : R();
      })
      .Case<math::SqrtOp>(
          [&](auto) -> R { return arity(1) ? R(std::sqrt(v[0])) : R(); })
      .Case<math::RsqrtOp, tosa::RsqrtOp>(
          [&](auto) -> R { return arity(1) ? R(1.0 / std::sqrt(v[0])) : R(); })
      .Case<tosa::ReciprocalOp>(
          [&](auto) -> R { return arity(1) ? R(1.0 / v[0]) : R(); })
      .Case<math::ExpOp, tosa::ExpOp>(
          [&](auto) -> R { return arity(1) ? R(std::exp(v[0])) : R(); })
      .Case<math::LogOp, tosa::LogOp>(
          [&](auto) -> R { return arity(1) ? R(std::log(v[0])) : R(); })
      .Case<math::TanhOp, tosa::TanhOp>(
          [&](auto) -> R { return arity(1) ? R(std::tanh(v[0])) : R(); })
      .Case<math::ErfOp>(
          [&](auto) -> R { return arity(1) ? R(std::erf(v[0])) : R(); })
      .Case<math::PowFOp, tosa::PowOp>(
          [&](auto) -> R { return arity(2) ? R(std::pow(v[0], v[1])) : R(); })
      .Case<math::AbsFOp, tosa::AbsOp>(
          [&](auto) -> R { return arity(1) ? R(std::fabs(v[0])) : R(); })
      .Case<tosa::SigmoidOp>([&](auto) -> R {
        return arity(1) ? R(1.0 / (1.0 + std::exp(-v[0]))) : R();
      })
      .Case<tosa::ClampOp>([&](tosa::ClampOp clamp) -> R {
        if (!arity(1))
          return R();
        double lo = attrToDouble(clamp.getMinValAttr());
        double hi = attrToDouble(clamp.getMaxValAttr());
        if (std::isnan(v[0]))
          return v[0];
        return std::min(std::max(v[0], lo), hi);
      })
      .Default([](Operation *) -> R { return std::nullopt; });
}

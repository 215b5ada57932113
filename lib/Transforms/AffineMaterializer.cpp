//===- AffineMaterializer.cpp - a symbolic affine as IR -------------------===//
#include "AffineMaterializer.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"

using namespace mlir;
using namespace mlir::fusion;

Value AffineMaterializer::elementwise(OperationName name, ValueRange operands,
                                      ArrayRef<NamedAttribute> attrs) {
  MLIRContext *ctx = b.getContext();
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(),
                                       type.getElementType());
  SmallVector<AffineMap> maps(operands.size() + 1,
                              AffineMap::getMultiDimIdentityMap(1, ctx));
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, operands, ValueRange{init}, maps,
      SmallVector<utils::IteratorType>{utils::IteratorType::parallel},
      [&](OpBuilder &nested, Location l, ValueRange args) {
        OperationState state(l, name);
        state.addOperands(args.drop_back());
        state.addTypes(nested.getF32Type());
        state.addAttributes(attrs);
        Operation *scalar = nested.create(state);
        linalg::YieldOp::create(nested, l, scalar->getResult(0));
      });
  return generic.getResult(0);
}

FailureOr<Value> AffineMaterializer::vector(ChainExpr *node) {
  if (Value v = vectors.lookup(node))
    return v;
  Value result;
  switch (node->kind) {
  case ChainExpr::Kind::Input:
    return failure();
  case ChainExpr::Kind::Constant:
    result = splat(node->constant);
    break;
  case ChainExpr::Kind::Param:
    if (node->channelValues.empty()) {
      result = toF32(node->paramSource);
    } else {
      std::vector<double> values = node->channelValues;
      if (values.size() == 1)
        values.assign(type.getDimSize(0), values[0]);
      SmallVector<float> data(values.begin(), values.end());
      result = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(type, ArrayRef<float>(data)));
    }
    break;
  case ChainExpr::Kind::Apply: {
    // Elementwise-mappable arith/math ops apply to whole vectors as they
    // are; anything else is not materialized.
    if (!node->op->hasTrait<OpTrait::Elementwise>())
      return failure();
    SmallVector<Value> operands;
    for (ChainExpr *operand : node->operands) {
      FailureOr<Value> v = vector(operand);
      if (failed(v))
        return failure();
      operands.push_back(*v);
    }
    if (isa<arith::ExtFOp, arith::TruncFOp>(node->op))
      result = operands[0];
    else
      result = elementwise(node->op->getName(), operands,
                           node->op->getAttrs());
    break;
  }
  }
  vectors[node] = result;
  return result;
}

FailureOr<std::pair<Value, Value>> AffineMaterializer::affine(ChainExpr *node) {
  auto it = affines.find(node);
  if (it != affines.end())
    return it->second;
  std::pair<Value, Value> result;
  if (node->kind == ChainExpr::Kind::Input) {
    result = {splat(1.0), splat(0.0)};
  } else {
    Operation *op = node->op;
    auto dep = [&](unsigned i) { return node->operands[i]->dependsOnInput; };
    auto affineOf = [&](unsigned i) { return affine(node->operands[i]); };
    auto vectorOf = [&](unsigned i) { return vector(node->operands[i]); };
    if (isa<arith::AddFOp, arith::SubFOp, tosa::AddOp, tosa::SubOp>(op)) {
      bool sub = isa<arith::SubFOp, tosa::SubOp>(op);
      std::pair<Value, Value> lhs, rhs;
      for (unsigned i = 0; i < 2; ++i) {
        std::pair<Value, Value> &side = i ? rhs : lhs;
        if (dep(i)) {
          FailureOr<std::pair<Value, Value>> a = affineOf(i);
          if (failed(a))
            return failure();
          side = *a;
        } else {
          FailureOr<Value> v = vectorOf(i);
          if (failed(v))
            return failure();
          side = {splat(0.0), *v};
        }
      }
      auto combine = [&](Value a, Value c) -> Value {
        return sub ? elementwise<arith::SubFOp>({a, c})
                   : elementwise<arith::AddFOp>({a, c});
      };
      result = {combine(lhs.first, rhs.first),
                combine(lhs.second, rhs.second)};
    } else if (isa<arith::MulFOp, tosa::MulOp, arith::DivFOp>(op)) {
      unsigned var = dep(0) ? 0 : 1;
      if (isa<arith::DivFOp>(op) && var != 0)
        return failure();
      FailureOr<std::pair<Value, Value>> a = affineOf(var);
      FailureOr<Value> k = vectorOf(1 - var);
      if (failed(a) || failed(k))
        return failure();
      auto apply = [&](Value v) -> Value {
        return isa<arith::DivFOp>(op) ? elementwise<arith::DivFOp>({v, *k})
                                      : elementwise<arith::MulFOp>({v, *k});
      };
      result = {apply(a->first), apply(a->second)};
    } else if (isa<arith::NegFOp, tosa::NegateOp>(op)) {
      FailureOr<std::pair<Value, Value>> a = affineOf(0);
      if (failed(a))
        return failure();
      result = {elementwise<arith::NegFOp>({a->first}),
                elementwise<arith::NegFOp>({a->second})};
    } else if (isa<arith::ExtFOp, arith::TruncFOp, tosa::CastOp>(op)) {
      FailureOr<std::pair<Value, Value>> a = affineOf(0);
      if (failed(a))
        return failure();
      result = *a;
    } else {
      return failure();
    }
  }
  affines[node] = result;
  return result;
}


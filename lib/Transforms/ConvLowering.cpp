//===- ConvLowering.cpp - shared by the fused-op lowerings ----------------===//
#include "ConvLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::fusion;

Value mlir::fusion::floatConstant(OpBuilder &b, Location loc, Type type,
                                  double v) {
  return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v));
}

Value mlir::fusion::emitActivation(OpBuilder &b, Location loc, Value a,
                                   ActivationAttr act) {
  Type t = a.getType();
  auto c = [&](double v) { return floatConstant(b, loc, t, v); };
  auto clamp = [&](Value x, double lo, double hi) {
    Value m = arith::MaximumFOp::create(b, loc, x, c(lo));
    return arith::MinimumFOp::create(b, loc, m, c(hi)).getResult();
  };
  auto sigmoidDenominator = [&]() {
    Value neg = arith::NegFOp::create(b, loc, a);
    Value e = math::ExpOp::create(b, loc, neg);
    return arith::AddFOp::create(b, loc, c(1.0), e).getResult();
  };
  switch (act.getKind()) {
  case ActivationKind::none:
    return a;
  case ActivationKind::relu: {
    Value positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGT, a, c(0.0));
    return arith::SelectOp::create(b, loc, positive, a, c(0.0));
  }
  case ActivationKind::relu6:
    return clamp(a, 0.0, 6.0);
  case ActivationKind::clamp:
    return clamp(a, act.getMin().convertToDouble(),
                 act.getMax().convertToDouble());
  case ActivationKind::leaky_relu: {
    Value positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGT, a, c(0.0));
    Value scaled = arith::MulFOp::create(
        b, loc, a, c(act.getAlpha().convertToDouble()));
    return arith::SelectOp::create(b, loc, positive, a, scaled);
  }
  case ActivationKind::sigmoid:
    return arith::DivFOp::create(b, loc, c(1.0), sigmoidDenominator());
  case ActivationKind::silu:
    return arith::DivFOp::create(b, loc, a, sigmoidDenominator());
  case ActivationKind::hardswish: {
    Value shifted = arith::AddFOp::create(b, loc, a, c(3.0));
    Value gate = clamp(shifted, 0.0, 6.0);
    Value product = arith::MulFOp::create(b, loc, a, gate);
    return arith::DivFOp::create(b, loc, product, c(6.0));
  }
  case ActivationKind::hardsigmoid: {
    Value shifted = arith::AddFOp::create(b, loc, a, c(3.0));
    return arith::DivFOp::create(b, loc, clamp(shifted, 0.0, 6.0), c(6.0));
  }
  }
  return a;
}

SmallVector<Value> mlir::fusion::forCarrying(OpBuilder &b, Location loc,
                                             int64_t extent, ValueRange carried,
                                             LoopBody body) {
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, extent);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, step, carried,
      [&](OpBuilder &nb, Location l, Value iv, ValueRange args) {
        scf::YieldOp::create(nb, l, body(nb, l, iv, args));
      });
  return SmallVector<Value>(loop.getResults());
}

void mlir::fusion::insertInParallel(OpBuilder &b, Location loc, Value tile,
                                    Value shared,
                                    ArrayRef<OpFoldResult> offsets,
                                    ArrayRef<OpFoldResult> sizes,
                                    ArrayRef<OpFoldResult> strides) {
  auto inParallel = scf::InParallelOp::create(b, loc);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(inParallel.getBody());
  tensor::ParallelInsertSliceOp::create(b, loc, tile, shared, offsets, sizes,
                                        strides);
}

LogicalResult mlir::fusion::checkLoweringTarget(Operation *root, StringRef pass,
                                                StringRef target) {
  if (target == "gpu" || target == "cpu")
    return success();
  return root->emitError() << pass << ": unknown target '" << target
                           << "'; expected gpu or cpu";
}

Value mlir::fusion::castFloat(OpBuilder &b, Location loc, Value v, Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, loc, to, v);
  return arith::TruncFOp::create(b, loc, to, v);
}

SmallVector<Value> mlir::fusion::filterIndex(IndexMath &m, ConvLayout layout,
                                             Value f, Value ci, Value kh,
                                             Value kw, int64_t multiplier) {
  switch (layout) {
  case ConvLayout::nchw_fchw:
    return {f, ci, kh, kw};
  case ConvLayout::nhwc_hwcf:
    return {kh, kw, ci, f};
  case ConvLayout::nhwc_fhwc:
    return {f, kh, kw, ci};
  case ConvLayout::nchw_chw:
    return {f, kh, kw};
  case ConvLayout::nhwc_hwc:
    return {kh, kw, f};
  case ConvLayout::nhwc_hwcm:
    return {kh, kw, m.div(f, multiplier),
            arith::RemUIOp::create(m.b, m.loc, f, m.c(multiplier))};
  }
  return {};
}

FilterGeometry FilterGeometry::of(ConvLayout layout, ArrayRef<int64_t> f,
                                  int64_t outChannels, int64_t groups) {
  switch (layout) {
  case ConvLayout::nchw_fchw:
    return {f[2], f[3], f[1], outChannels / groups};
  case ConvLayout::nhwc_hwcf:
    return {f[0], f[1], f[2], outChannels / groups};
  case ConvLayout::nhwc_fhwc:
    return {f[1], f[2], f[3], outChannels / groups};
  case ConvLayout::nchw_chw:
    return {f[1], f[2], 1, 1};
  case ConvLayout::nhwc_hwc:
    return {f[0], f[1], 1, 1};
  case ConvLayout::nhwc_hwcm:
    return {f[0], f[1], 1, f[3]};
  }
  return {1, 1, 1, 1};
}

FailureOr<SmallVector<Value>> mlir::fusion::dynamicResultSizes(
    OpBuilder &b, Location loc, Value input, RankedTensorType resultType,
    ConvLayout layout, const FilterGeometry &geometry,
    ArrayRef<int64_t> padding, ArrayRef<int64_t> strides,
    ArrayRef<int64_t> dilations) {
  bool last = isChannelsLast(layout);
  int64_t hDim = last ? 1 : 2, wDim = last ? 2 : 3;
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    if (!resultType.isDynamicDim(d))
      continue;
    if (d == 0) {
      sizes.push_back(tensor::DimOp::create(b, loc, input, 0));
      continue;
    }
    if (d != hDim && d != wDim)
      return failure();
    bool isH = d == hDim;
    int64_t padTotal = isH ? padding[0] + padding[1] : padding[2] + padding[3];
    int64_t kernel = isH ? geometry.kernelH : geometry.kernelW;
    int64_t dilation = dilations[isH ? 0 : 1];
    Value in = tensor::DimOp::create(b, loc, input, d);
    Value numerator = arith::AddIOp::create(
        b, loc, in, index(padTotal - dilation * (kernel - 1) - 1));
    Value quotient =
        arith::DivUIOp::create(b, loc, numerator, index(strides[isH ? 0 : 1]));
    sizes.push_back(arith::AddIOp::create(b, loc, quotient, index(1)));
  }
  return sizes;
}

LogicalResult mlir::fusion::lowerAllFusedOps(Operation *root,
                                             RewritePatternSet &&patterns,
                                             StringRef target) {
  if (failed(applyPatternsGreedily(root, std::move(patterns))))
    return failure();
  WalkResult left = root->walk([&](Operation *op) {
    if (isa<ConvBiasActOp, ConvBnActOp, DecodeDetectionsOp>(op)) {
      op->emitError("fused op could not be lowered to ") << target;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(left.wasInterrupted());
}

Type FusedEpilogue::accumulatorType(Type elementType) {
  return elementType.getIntOrFloatBitWidth() < 32
             ? Type(Float32Type::get(elementType.getContext()))
             : elementType;
}

Value FusedEpilogue::emit(OpBuilder &b, Location l, Value x,
                          ValueRange perChannel) const {
  unsigned next = 0;
  if (hasBias)
    x = arith::AddFOp::create(b, l, x,
                              castFloat(b, l, perChannel[next++], accType));
  if (hasNorm) {
    Value mean = castFloat(b, l, perChannel[next++], accType);
    Value var = castFloat(b, l, perChannel[next++], accType);
    Value gamma = castFloat(b, l, perChannel[next++], accType);
    Value beta = castFloat(b, l, perChannel[next++], accType);
    Value denom = math::SqrtOp::create(
        b, l,
        arith::AddFOp::create(b, l, var,
                              floatConstant(b, l, accType, epsilon)));
    Value centered = arith::SubFOp::create(b, l, x, mean);
    Value scaled = arith::MulFOp::create(
        b, l, centered, arith::DivFOp::create(b, l, gamma, denom));
    x = arith::AddFOp::create(b, l, scaled, beta);
  }
  x = emitActivation(b, l, x, activation);
  return castFloat(b, l, x, resultType);
}

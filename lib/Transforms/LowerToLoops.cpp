//===- LowerToLoops.cpp - fused ops to one loop nest each -----------------===//
///
/// A fused op becomes one all-parallel linalg.generic over its output whose
/// body runs the whole reduction and the epilogue for one element: the
/// accumulator, the biased and normalized value live in registers and the
/// element is stored once. Mapped to the GPU, each generic is one kernel.
///
/// One body serves every layout and grouping: output channel `f` of group
/// `f / (F / groups)` reads input channels `[g * Cg, (g + 1) * Cg)`, which
/// covers dense, grouped, depthwise and depthwise-with-multiplier convs.
///
//===----------------------------------------------------------------------===//
#include "ConvLowering.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_LOWERTOLOOPS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

/// Filter indices of (output channel f, group-local input channel ci, kh, kw).
static SmallVector<Value> filterIndex(OpBuilder &b, Location loc,
                                      ConvLayout layout, Value f, Value ci,
                                      Value kh, Value kw, int64_t multiplier) {
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
  case ConvLayout::nhwc_hwcm: {
    Value m = arith::ConstantIndexOp::create(b, loc, multiplier);
    return {kh, kw, arith::DivUIOp::create(b, loc, f, m),
            arith::RemUIOp::create(b, loc, f, m)};
  }
  }
  return {};
}

template <typename OpTy>
static FailureOr<Value> lowerToLoops(OpTy op, PatternRewriter &rewriter) {
  Location loc = op.getLoc();
  auto resultType = cast<RankedTensorType>(op.getType());
  auto inputType = cast<RankedTensorType>(op.getInput().getType());
  auto filterType = cast<RankedTensorType>(op.getFilter().getType());
  ConvLayout layout = op.getLayout();
  bool last = isChannelsLast(layout);
  int64_t cDim = last ? 3 : 1, hDim = last ? 1 : 2, wDim = last ? 2 : 3;
  if (inputType.isDynamicDim(cDim) || resultType.isDynamicDim(cDim))
    return failure();
  FilterGeometry geo = FilterGeometry::of(layout, filterType.getShape(),
                                          resultType.getDimSize(cDim),
                                          op.getGroups());
  FusedEpilogue epilogue = FusedEpilogue::of(op);
  Type accType = epilogue.accType;
  MLIRContext *ctx = rewriter.getContext();

  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // Input extents (the padded border reads as zero).
  Value inH = tensor::DimOp::create(rewriter, loc, op.getInput(), hDim);
  Value inW = tensor::DimOp::create(rewriter, loc, op.getInput(), wDim);

  ArrayRef<int64_t> pads = op.getPadding(), strides = op.getStrides(),
                    dilations = op.getDilations();
  FailureOr<SmallVector<Value>> dynamicSizes =
      dynamicResultSizes(rewriter, loc, op.getInput(), resultType, layout,
                         geo, pads, strides, dilations);
  if (failed(dynamicSizes))
    return failure();

  SmallVector<Value> perChannel = FusedEpilogue::perChannelOperands(op);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(4, ctx);
  AffineMap channelMap =
      AffineMap::get(4, 0, rewriter.getAffineDimExpr(cDim), ctx);
  SmallVector<AffineMap> maps(perChannel.size(), channelMap);
  maps.push_back(identity);
  Value out = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                      resultType.getElementType(),
                                      *dynamicSizes);
  Value input = op.getInput(), filter = op.getFilter();
  Type inElement = inputType.getElementType();

  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{resultType}, perChannel, ValueRange{out}, maps,
      SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value n = linalg::IndexOp::create(b, l, 0);
        Value f = linalg::IndexOp::create(b, l, cDim);
        Value oh = linalg::IndexOp::create(b, l, hDim);
        Value ow = linalg::IndexOp::create(b, l, wDim);
        // First input channel of this output channel's group.
        Value group = arith::DivUIOp::create(b, l, f,
                                             index(b, geo.groupOutChannels));
        Value firstIn =
            arith::MulIOp::create(b, l, group, index(b, geo.groupInChannels));
        Value zeroAcc = floatConstant(b, l, accType, 0.0);
        Value zeroIn = floatConstant(b, l, inElement, 0.0);
        auto origin = [&](Value o, int64_t stride, int64_t pad) -> Value {
          Value scaled = arith::MulIOp::create(b, l, o, index(b, stride));
          return arith::SubIOp::create(b, l, scaled, index(b, pad));
        };
        Value ohOrigin = origin(oh, strides[0], pads[0]);
        Value owOrigin = origin(ow, strides[1], pads[2]);
        Value zeroIdx = index(b, 0);

        auto ciLoop = scf::ForOp::create(
            b, l, index(b, 0), index(b, geo.groupInChannels), index(b, 1),
            ValueRange{zeroAcc},
            [&](OpBuilder &b1, Location l1, Value ci, ValueRange acc1) {
              Value cin = arith::AddIOp::create(b1, l1, firstIn, ci);
              auto khLoop = scf::ForOp::create(
                  b1, l1, index(b1, 0), index(b1, geo.kernelH), index(b1, 1),
                  acc1,
                  [&](OpBuilder &b2, Location l2, Value kh, ValueRange acc2) {
                    Value ih = arith::AddIOp::create(
                        b2, l2, ohOrigin,
                        arith::MulIOp::create(b2, l2, kh,
                                              index(b2, dilations[0])));
                    auto kwLoop = scf::ForOp::create(
                        b2, l2, index(b2, 0), index(b2, geo.kernelW),
                        index(b2, 1), acc2,
                        [&](OpBuilder &b3, Location l3, Value kw,
                            ValueRange acc3) {
                          Value iw = arith::AddIOp::create(
                              b3, l3, owOrigin,
                              arith::MulIOp::create(b3, l3, kw,
                                                    index(b3, dilations[1])));
                          auto inside = [&](Value i, Value extent) {
                            Value lo = arith::CmpIOp::create(
                                b3, l3, arith::CmpIPredicate::sge, i, zeroIdx);
                            Value hi = arith::CmpIOp::create(
                                b3, l3, arith::CmpIPredicate::slt, i, extent);
                            return arith::AndIOp::create(b3, l3, lo, hi)
                                .getResult();
                          };
                          Value valid = arith::AndIOp::create(
                              b3, l3, inside(ih, inH), inside(iw, inW));
                          Value ihSafe =
                              arith::SelectOp::create(b3, l3, valid, ih, zeroIdx);
                          Value iwSafe =
                              arith::SelectOp::create(b3, l3, valid, iw, zeroIdx);
                          SmallVector<Value> inIdx =
                              last ? SmallVector<Value>{n, ihSafe, iwSafe, cin}
                                   : SmallVector<Value>{n, cin, ihSafe, iwSafe};
                          Value x = tensor::ExtractOp::create(b3, l3, input, inIdx);
                          x = arith::SelectOp::create(b3, l3, valid, x, zeroIn);
                          Value w = tensor::ExtractOp::create(
                              b3, l3, filter,
                              filterIndex(b3, l3, layout, f, ci, kh, kw,
                                          geo.groupOutChannels));
                          Value prod = arith::MulFOp::create(
                              b3, l3, castFloat(b3, l3, x, accType),
                              castFloat(b3, l3, w, accType));
                          Value sum =
                              arith::AddFOp::create(b3, l3, acc3[0], prod);
                          scf::YieldOp::create(b3, l3, sum);
                        });
                    scf::YieldOp::create(b2, l2, kwLoop.getResults());
                  });
              scf::YieldOp::create(b1, l1, khLoop.getResults());
            });
        Value result = epilogue.emit(b, l, ciLoop.getResult(0),
                                     args.drop_back());
        linalg::YieldOp::create(b, l, result);
      });
  return generic.getResult(0);
}

namespace {
struct LowerToLoopsPass
    : public mlir::fusion::impl::LowerToLoopsBase<LowerToLoopsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLowerToLoopsPatterns(patterns);
    if (failed(lowerAllFusedOps(getOperation(), std::move(patterns), "loops")))
      signalPassFailure();
  }
};
} // namespace

void mlir::fusion::populateLowerToLoopsPatterns(RewritePatternSet &patterns) {
  StringRef why = "dynamic channel dimension";
  patterns.add<LowerFusedOpPattern<ConvBiasActOp, lowerToLoops<ConvBiasActOp>>,
               LowerFusedOpPattern<ConvBnActOp, lowerToLoops<ConvBnActOp>>>(
      patterns.getContext(), why);
}

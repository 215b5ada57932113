//===- LowerToLinalg.cpp - fused ops to linalg ----------------------------===//
///
/// The reference lowering: a linalg named convolution accumulating in f32
/// (or the element type, if wider) and one elementwise epilogue that adds
/// the bias, applies the normalization (unfolded op only) and the
/// activation, and rounds once to the result type. The GPU and tiled CPU
/// lowerings must compute exactly this.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "ConvLowering.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_LOWERTOLINALG
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

template <typename OpTy>
static FailureOr<Value> lowerConv(OpTy op, PatternRewriter &rewriter) {
  Location loc = op.getLoc();
  auto resultType = cast<RankedTensorType>(op.getType());
  Type elementType = resultType.getElementType();
  Type accType = FusedEpilogue::accumulatorType(elementType);
  ConvLayout layout = op.getLayout();
  bool last = isChannelsLast(layout);
  int64_t groups = op.getGroups();
  auto inputType = cast<RankedTensorType>(op.getInput().getType());
  int64_t inChannels = inputType.getDimSize(last ? 3 : 1);
  auto filterShape = cast<RankedTensorType>(op.getFilter().getType()).getShape();
  if (groups != 1 && !isDepthwise(layout) &&
      !(layout == ConvLayout::nchw_fchw && groups == inChannels &&
        filterShape[0] == inChannels))
    return failure();
  FilterGeometry geometry = FilterGeometry::of(
      layout, filterShape, resultType.getDimSize(last ? 3 : 1), groups);
  FailureOr<SmallVector<Value>> dynamicSizes = dynamicResultSizes(
      rewriter, loc, op.getInput(), resultType, layout, geometry,
      op.getPadding(), op.getStrides(), op.getDilations());
  if (failed(dynamicSizes))
    return failure();

  // Explicit zero padding.
  Value input = op.getInput();
  ArrayRef<int64_t> pad = op.getPadding();
  if (llvm::any_of(pad, [](int64_t p) { return p != 0; })) {
    int64_t h = last ? 1 : 2, w = last ? 2 : 3;
    SmallVector<OpFoldResult> low(4, rewriter.getIndexAttr(0)),
        high(4, rewriter.getIndexAttr(0));
    low[h] = rewriter.getIndexAttr(pad[0]);
    high[h] = rewriter.getIndexAttr(pad[1]);
    low[w] = rewriter.getIndexAttr(pad[2]);
    high[w] = rewriter.getIndexAttr(pad[3]);
    SmallVector<int64_t> paddedShape(inputType.getShape());
    if (!ShapedType::isDynamic(paddedShape[h]))
      paddedShape[h] += pad[0] + pad[1];
    if (!ShapedType::isDynamic(paddedShape[w]))
      paddedShape[w] += pad[2] + pad[3];
    Value zero = floatConstant(rewriter, loc, inputType.getElementType(), 0.0);
    input = tensor::PadOp::create(
        rewriter, loc,
        RankedTensorType::get(paddedShape, inputType.getElementType()), input,
        low, high, zero);
  }

  // Accumulator, zero-initialized in the accumulation type.
  SmallVector<int64_t> accShape(resultType.getShape());
  Value filter = op.getFilter();
  auto filterType = cast<RankedTensorType>(filter.getType());
  if (layout == ConvLayout::nhwc_hwcm) {
    accShape = {accShape[0], accShape[1], accShape[2], filterType.getDimSize(2),
                filterType.getDimSize(3)};
  }
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, accShape, accType, *dynamicSizes);
  Value init = linalg::FillOp::create(rewriter, loc,
                                      floatConstant(rewriter, loc, accType, 0.0),
                                      empty)
                   .getResult(0);
  auto accTensorType = RankedTensorType::get(accShape, accType);
  auto vector2 = VectorType::get({2}, rewriter.getI64Type());
  SmallVector<NamedAttribute> convAttrs = {
      rewriter.getNamedAttr(
          "strides", DenseIntElementsAttr::get(vector2, op.getStrides())),
      rewriter.getNamedAttr(
          "dilations", DenseIntElementsAttr::get(vector2, op.getDilations()))};
  SmallVector<Value, 2> ins{input, filter};
  Value conv;
  switch (layout) {
  case ConvLayout::nchw_fchw:
    if (groups > 1) {
      // Depthwise written with an FCHW filter: [C, 1, KH, KW] -> [C, KH, KW].
      Value collapsed = tensor::CollapseShapeOp::create(
          rewriter, loc, filter,
          SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}});
      conv = linalg::DepthwiseConv2DNchwChwOp::create(
                 rewriter, loc, TypeRange{accTensorType},
                 ValueRange{input, collapsed}, ValueRange{init}, convAttrs)
                 .getResult(0);
    } else {
      conv = linalg::Conv2DNchwFchwOp::create(rewriter, loc,
                                              TypeRange{accTensorType}, ins,
                                              ValueRange{init}, convAttrs)
                 .getResult(0);
    }
    break;
  case ConvLayout::nhwc_hwcf:
    conv = linalg::Conv2DNhwcHwcfOp::create(rewriter, loc,
                                            TypeRange{accTensorType}, ins,
                                            ValueRange{init}, convAttrs)
               .getResult(0);
    break;
  case ConvLayout::nhwc_fhwc:
    conv = linalg::Conv2DNhwcFhwcOp::create(rewriter, loc,
                                            TypeRange{accTensorType}, ins,
                                            ValueRange{init}, convAttrs)
               .getResult(0);
    break;
  case ConvLayout::nchw_chw:
    conv = linalg::DepthwiseConv2DNchwChwOp::create(
               rewriter, loc, TypeRange{accTensorType}, ins, ValueRange{init}, convAttrs)
               .getResult(0);
    break;
  case ConvLayout::nhwc_hwc:
    conv = linalg::DepthwiseConv2DNhwcHwcOp::create(
               rewriter, loc, TypeRange{accTensorType}, ins, ValueRange{init}, convAttrs)
               .getResult(0);
    break;
  case ConvLayout::nhwc_hwcm: {
    Value conv5 = linalg::DepthwiseConv2DNhwcHwcmOp::create(
                      rewriter, loc, TypeRange{accTensorType}, ins,
                      ValueRange{init}, convAttrs)
                      .getResult(0);
    conv = tensor::CollapseShapeOp::create(
        rewriter, loc, conv5,
        SmallVector<ReassociationIndices>{{0}, {1}, {2}, {3, 4}});
    break;
  }
  }

  // One elementwise epilogue: bias, normalization, activation, rounding.
  int64_t channelDim = last ? 3 : 1;
  MLIRContext *ctx = rewriter.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(4, ctx);
  AffineMap perChannel =
      AffineMap::get(4, 0, rewriter.getAffineDimExpr(channelDim), ctx);
  SmallVector<Value> epilogueInputs{conv};
  llvm::append_range(epilogueInputs, FusedEpilogue::perChannelOperands(op));
  SmallVector<AffineMap> maps(epilogueInputs.size(), perChannel);
  maps.front() = identity;
  maps.push_back(identity);
  Value out = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                      elementType, *dynamicSizes);
  SmallVector<utils::IteratorType> iterators(4, utils::IteratorType::parallel);
  FusedEpilogue epilogue = FusedEpilogue::of(op);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{resultType}, epilogueInputs, ValueRange{out},
      maps, iterators, [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(
            b, l, epilogue.emit(b, l, args[0], args.slice(1, args.size() - 2)));
      });
  return generic.getResult(0);
}

namespace {
struct LowerToLinalgPass : public mlir::fusion::impl::LowerToLinalgBase<LowerToLinalgPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLowerToLinalgPatterns(patterns);
    populateLowerDecodeToLoopsPatterns(patterns);
    if (failed(lowerAllFusedOps(getOperation(), std::move(patterns), "linalg")))
      signalPassFailure();
  }
};
} // namespace

void mlir::fusion::populateLowerToLinalgPatterns(RewritePatternSet &patterns) {
  StringRef why = "grouped convolutions (1 < groups < channels) and dynamic "
                  "channel dimensions have no linalg lowering";
  MLIRContext *ctx = patterns.getContext();
  patterns.add<LowerFusedOpPattern<ConvBiasActOp>>(
      ctx, lowerConv<ConvBiasActOp>, why);
  patterns.add<LowerFusedOpPattern<ConvBnActOp>>(ctx, lowerConv<ConvBnActOp>,
                                                 why);
}

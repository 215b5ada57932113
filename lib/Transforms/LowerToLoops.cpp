//===- LowerToLoops.cpp - fused ops to one register-blocked loop nest -----===//
///
/// A fused op becomes one scf.forall over its output. Each iteration keeps a
/// block of outputs (channels x columns) in registers through the whole
/// reduction, so one input load feeds every channel of the block and one
/// filter load every column; bias, normalization and activation then run on
/// the registers and each element is stored once. Mapped to the GPU, each
/// forall is one kernel and each iteration one thread.
///
/// One body serves every layout and grouping: output channel `f` of group
/// `f / (F / groups)` reads input channels `[g * Cg, (g + 1) * Cg)`, which
/// covers dense, grouped, depthwise and depthwise-with-multiplier convs.
///
//===----------------------------------------------------------------------===//
#include "ConvLowering.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_LOWERTOLOOPS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

namespace {
/// The outputs one iteration computes.
struct RegisterBlock {
  int64_t channels = 1, columns = 1;
  /// Every channel of the block is in one group, so all read the same input
  /// values: one load serves them all.
  bool sharedInput = true;
};

} // namespace

/// Runs `body` only where `condition` holds (a null condition always holds);
/// elsewhere the accumulators pass through.
static SmallVector<Value>
accumulateIf(OpBuilder &b, Location loc, Value condition, ValueRange accs,
             function_ref<SmallVector<Value>(OpBuilder &, Location)> body) {
  if (!condition)
    return body(b, loc);
  auto branch = scf::IfOp::create(
      b, loc, condition,
      [&](OpBuilder &nb, Location l) { scf::YieldOp::create(nb, l, body(nb, l)); },
      [&](OpBuilder &nb, Location l) { scf::YieldOp::create(nb, l, accs); });
  return SmallVector<Value>(branch.getResults());
}

template <typename OpTy>
static FailureOr<Value> lowerToLoopNest(OpTy op, PatternRewriter &rewriter,
                                        const LowerToLoopsOptions &options) {
  Location loc = op.getLoc();
  FailureOr<FusedConvShape> shape = FusedConvShape::of(op);
  if (failed(shape))
    return failure();
  const FusedConvShape &s = *shape;
  // The one place strategies are dispatched.
  LoweringConfigAttr config = op.getLoweringConfigAttr();
  if (!config) {
    SelectLoweringOptions select;
    select.channelsPerThread = options.channelsPerThread;
    select.columnsPerThread = options.columnsPerThread;
    select.reuseOrder = options.reuseOrder;
    FailureOr<LoweringChoice> choice = selectLoweringConfig(op, select);
    if (failed(choice))
      return failure();
    config = choice->config;
  }
  switch (config.getStrategy()) {
  case LoweringStrategy::register_block:
    break;
  case LoweringStrategy::mma_sync: {
    ImplicitGemmOptions gemm;
    gemm.warpPerIteration = options.target == "cpu";
    gemm.testTileShift = options.testMmaTileShift;
    return lowerToImplicitGemm(op, config, rewriter, gemm);
  }
  }
  RegisterBlock block;
  block.channels = config.getChannelsPerThread();
  block.columns = config.getColumnsPerThread();
  block.sharedInput = s.geo.groupOutChannels % block.channels == 0;
  FusedEpilogue epilogue = FusedEpilogue::of(op);
  Type accType = epilogue.accType;
  Type inElement = s.input.getElementType();

  ArrayRef<int64_t> pads = op.getPadding(), strides = op.getStrides(),
                    dilations = op.getDilations();
  FailureOr<SmallVector<Value>> dynamicSizes =
      dynamicResultSizes(rewriter, loc, op.getInput(), s.result, s.layout,
                         s.geo, pads, strides, dilations);
  if (failed(dynamicSizes))
    return failure();
  Value out = tensor::EmptyOp::create(rewriter, loc, s.result.getShape(),
                                      s.result.getElementType(), *dynamicSizes);
  // One iteration per register block: channels and columns count blocks.
  // `order[i]` is the output dimension the forall's i-th dimension walks.
  SmallVector<int64_t> order = loopOrderDims(config.getLoopOrder(), s.last);
  SmallVector<OpFoldResult> bounds;
  for (int64_t d : order) {
    int64_t perBlock = d == s.cDim   ? block.channels
                       : d == s.wDim ? block.columns
                                     : 1;
    bounds.push_back(perBlock == 1 ? tensor::getMixedSize(rewriter, loc, out, d)
                                   : rewriter.getIndexAttr(
                                         s.result.getDimSize(d) / perBlock));
  }
  Value input = op.getInput(), filter = op.getFilter();
  Value inH = tensor::DimOp::create(rewriter, loc, input, s.hDim);
  Value inW = tensor::DimOp::create(rewriter, loc, input, s.wDim);
  SmallVector<Value> perChannel = FusedEpilogue::perChannelOperands(op);
  // Bounds are checked only on sides that have padding: without it, every
  // window of a valid output lies inside the input.
  bool checkTop = pads[0] > 0, checkBottom = pads[1] > 0;
  bool checkLeft = pads[2] > 0, checkRight = pads[3] > 0;

  auto body = [&](OpBuilder &b, Location l, ValueRange ivs) {
    IndexMath m{b, l};
    // The induction variables by output dimension.
    SmallVector<Value> args(4);
    for (int64_t i = 0; i < 4; ++i)
      args[order[i]] = ivs[i];
    Value n = args[0], shared = ivs[4];
    Value f0 = m.mul(args[s.cDim], block.channels);
    Value ow0 = m.mul(args[s.wDim], block.columns);
    int64_t inputsPerTap = block.sharedInput ? 1 : block.channels;
    SmallVector<Value> channel, firstIn;
    for (int64_t k = 0; k < block.channels; ++k) {
      channel.push_back(m.add(f0, k));
      if (k < inputsPerTap)
        firstIn.push_back(m.mul(m.div(channel[k], s.geo.groupOutChannels),
                                s.geo.groupInChannels));
    }
    Value ohOrigin = arith::SubIOp::create(
        b, l, m.mul(args[s.hDim], strides[0]), m.c(pads[0]));
    SmallVector<Value> owOrigin;
    for (int64_t j = 0; j < block.columns; ++j)
      owOrigin.push_back(arith::SubIOp::create(
          b, l, m.mul(m.add(ow0, j), strides[1]), m.c(pads[2])));
    Value zeroAcc = floatConstant(b, l, accType, 0.0);
    Value zeroIn = floatConstant(b, l, inElement, 0.0);

    // One tap of the window: every block output gains x * w.
    auto tap = [&](OpBuilder &tb, Location tl, Value ci, Value ih, Value kh,
                   Value kw, ValueRange accs) {
      IndexMath t{tb, tl};
      SmallVector<Value> xs;
      for (int64_t k = 0; k < inputsPerTap; ++k) {
        Value cin = t.add(firstIn[k], ci);
        for (int64_t j = 0; j < block.columns; ++j) {
          Value iw = t.add(owOrigin[j], t.mul(kw, dilations[1]));
          Value valid = t.inside(iw, inW, checkLeft, checkRight);
          Value safe =
              valid ? arith::SelectOp::create(tb, tl, valid, iw, t.c(0)) : iw;
          SmallVector<Value> index = s.last
                                         ? SmallVector<Value>{n, ih, safe, cin}
                                         : SmallVector<Value>{n, cin, ih, safe};
          Value x = tensor::ExtractOp::create(tb, tl, input, index);
          if (valid)
            x = arith::SelectOp::create(tb, tl, valid, x, zeroIn);
          xs.push_back(castFloat(tb, tl, x, accType));
        }
      }
      SmallVector<Value> next;
      for (int64_t k = 0; k < block.channels; ++k) {
        Value w = tensor::ExtractOp::create(
            tb, tl, filter,
            filterIndex(t, s.layout, channel[k], ci, kh, kw,
                        s.geo.groupOutChannels));
        w = castFloat(tb, tl, w, accType);
        int64_t row = block.sharedInput ? 0 : k;
        for (int64_t j = 0; j < block.columns; ++j) {
          Value prod = arith::MulFOp::create(
              tb, tl, xs[row * block.columns + j], w);
          next.push_back(arith::AddFOp::create(
              tb, tl, accs[k * block.columns + j], prod));
        }
      }
      return next;
    };
    // The kernel row `kh` of this output row, and whether it is inside.
    auto rowAt = [&](OpBuilder &rb, Location rl, Value kh) {
      IndexMath r{rb, rl};
      Value ih = r.add(ohOrigin, r.mul(kh, dilations[0]));
      return std::make_pair(ih, r.inside(ih, inH, checkTop, checkBottom));
    };
    // Structured bindings cannot be captured in C++17 lambdas.
    Value ih, rowInside;

    SmallVector<Value> zeros(block.channels * block.columns, zeroAcc);
    SmallVector<Value> sums;
    if (s.last) {
      // NHWC: the input channel, contiguous in memory, innermost.
      sums = forCarrying(
          b, l, s.geo.kernelH, zeros,
          [&](OpBuilder &b1, Location l1, Value kh, ValueRange a1) {
            std::tie(ih, rowInside) = rowAt(b1, l1, kh);
            return accumulateIf(
                b1, l1, rowInside, a1, [&](OpBuilder &b2, Location l2) {
                  return forCarrying(
                      b2, l2, s.geo.kernelW, a1,
                      [&](OpBuilder &b3, Location l3, Value kw, ValueRange a3) {
                        return forCarrying(b3, l3, s.geo.groupInChannels, a3,
                                           [&](OpBuilder &b4, Location l4,
                                               Value ci, ValueRange a4) {
                                             return tap(b4, l4, ci, ih, kh, kw,
                                                        a4);
                                           });
                      });
                });
          });
    } else {
      sums = forCarrying(
          b, l, s.geo.groupInChannels, zeros,
          [&](OpBuilder &b1, Location l1, Value ci, ValueRange a1) {
            return forCarrying(
                b1, l1, s.geo.kernelH, a1,
                [&](OpBuilder &b2, Location l2, Value kh, ValueRange a2) {
                  std::tie(ih, rowInside) = rowAt(b2, l2, kh);
                  return accumulateIf(
                      b2, l2, rowInside, a2, [&](OpBuilder &b3, Location l3) {
                        return forCarrying(b3, l3, s.geo.kernelW, a2,
                                           [&](OpBuilder &b4, Location l4,
                                               Value kw, ValueRange a4) {
                                             return tap(b4, l4, ci, ih, kh, kw,
                                                        a4);
                                           });
                      });
                });
          });
    }

    // Epilogue in registers, then the block written into its tile as one
    // vector, in the tile's memory order (channels then columns in NCHW,
    // columns then channels in NHWC). One write, not one insert per
    // element: bufferization's in-place analysis of a chain of inserts
    // into the tile grows with the chain's square (224 inserts of an 8 x 28
    // host block took most of a ResNet-50's compile time).
    SmallVector<OpFoldResult> offsets(4), sizes(4, b.getIndexAttr(1));
    offsets[0] = n;
    offsets[s.cDim] = f0;
    offsets[s.hDim] = args[s.hDim];
    offsets[s.wDim] = ow0;
    sizes[s.cDim] = b.getIndexAttr(block.channels);
    sizes[s.wDim] = b.getIndexAttr(block.columns);
    SmallVector<OpFoldResult> unitStrides(4, b.getIndexAttr(1));
    Value tile = tensor::ExtractSliceOp::create(b, l, shared, offsets, sizes,
                                                unitStrides);
    SmallVector<Value> blockValues(block.channels * block.columns);
    for (int64_t k = 0; k < block.channels; ++k) {
      SmallVector<Value> params;
      for (Value p : perChannel)
        params.push_back(tensor::ExtractOp::create(b, l, p, channel[k]));
      for (int64_t j = 0; j < block.columns; ++j)
        blockValues[s.last ? j * block.channels + k : k * block.columns + j] =
            epilogue.emit(b, l, sums[k * block.columns + j], params);
    }
    int64_t outer = std::min(s.cDim, s.wDim), inner = std::max(s.cDim, s.wDim);
    auto vectorType = VectorType::get({s.last ? block.columns : block.channels,
                                       s.last ? block.channels : block.columns},
                                      s.result.getElementType());
    Value vector =
        vector::FromElementsOp::create(b, l, vectorType, blockValues);
    AffineMap tileDims = AffineMap::get(
        4, 0, {b.getAffineDimExpr(outer), b.getAffineDimExpr(inner)},
        b.getContext());
    tile = vector::TransferWriteOp::create(b, l, vector, tile,
                                           SmallVector<Value>(4, m.c(0)),
                                           tileDims, ArrayRef<bool>{true, true})
               .getResult();
    insertInParallel(b, l, tile, shared, offsets, sizes, unitStrides);
  };
  auto forall = scf::ForallOp::create(rewriter, loc, bounds, ValueRange{out},
                                      std::nullopt, body);
  return forall.getResult(0);
}

namespace {
struct LowerToLoopsPass
    : public mlir::fusion::impl::LowerToLoopsBase<LowerToLoopsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (channelsPerThread < 1 || columnsPerThread < 1) {
      getOperation().emitError("fusion-lower-to-loops: channels-per-thread "
                               "and columns-per-thread must be at least 1");
      return signalPassFailure();
    }
    if (decodeLanes < 1) {
      getOperation().emitError(
          "fusion-lower-to-loops: decode-lanes must be at least 1");
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    if (failed(checkLoweringTarget(getOperation(), "fusion-lower-to-loops",
                                   target)))
      return signalPassFailure();
    LowerToLoopsOptions options;
    options.channelsPerThread = channelsPerThread;
    options.columnsPerThread = columnsPerThread;
    options.reuseOrder = reuseOrder;
    options.target = target;
    options.testMmaTileShift = testMmaTileShift;
    populateLowerToLoopsPatterns(patterns, options);
    populateLowerDecodeToLoopsPatterns(patterns, decodeLanes);
    if (failed(lowerAllFusedOps(getOperation(), std::move(patterns), "loops")))
      signalPassFailure();
  }
};
} // namespace

void mlir::fusion::populateLowerToLoopsPatterns(
    RewritePatternSet &patterns, const LowerToLoopsOptions &options) {
  StringRef why = "dynamic channel dimension";
  MLIRContext *ctx = patterns.getContext();
  patterns.add<LowerFusedOpPattern<ConvBiasActOp>>(
      ctx,
      [options](ConvBiasActOp op, PatternRewriter &rewriter) {
        return lowerToLoopNest(op, rewriter, options);
      },
      why);
  patterns.add<LowerFusedOpPattern<ConvBnActOp>>(
      ctx,
      [options](ConvBnActOp op, PatternRewriter &rewriter) {
        return lowerToLoopNest(op, rewriter, options);
      },
      why);
}

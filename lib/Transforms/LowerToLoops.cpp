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

/// Builds the index arithmetic of one iteration; constants of 0 and 1 fold
/// away here rather than in a later canonicalization.
struct IndexMath {
  OpBuilder &b;
  Location loc;
  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, int64_t v) {
    return v ? arith::AddIOp::create(b, loc, x, c(v)).getResult() : x;
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, int64_t v) {
    return v == 1 ? x : arith::MulIOp::create(b, loc, x, c(v)).getResult();
  }
  Value div(Value x, int64_t v) {
    return v == 1 ? x : arith::DivUIOp::create(b, loc, x, c(v)).getResult();
  }
  /// `0 <= i` when `low`, `i < extent` when `high`; null when neither.
  Value inside(Value i, Value extent, bool low, bool high) {
    Value lo, hi;
    if (low)
      lo = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, c(0));
    if (high)
      hi = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i,
                                 extent);
    if (lo && hi)
      return arith::AndIOp::create(b, loc, lo, hi);
    return lo ? lo : hi;
  }
};
} // namespace

/// Filter indices of (output channel f, group-local input channel ci, kh, kw).
static SmallVector<Value> filterIndex(IndexMath &m, ConvLayout layout, Value f,
                                      Value ci, Value kh, Value kw,
                                      int64_t multiplier) {
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

using AccumulatorBody = function_ref<SmallVector<Value>(OpBuilder &, Location,
                                                        Value, ValueRange)>;

/// `for iv in [0, extent)` carrying the accumulators.
static SmallVector<Value> accumulateOver(OpBuilder &b, Location loc,
                                         int64_t extent, ValueRange accs,
                                         AccumulatorBody body) {
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, extent);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, step, accs,
      [&](OpBuilder &nb, Location l, Value iv, ValueRange args) {
        scf::YieldOp::create(nb, l, body(nb, l, iv, args));
      });
  return SmallVector<Value>(loop.getResults());
}

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
  auto resultType = cast<RankedTensorType>(op.getType());
  auto inputType = cast<RankedTensorType>(op.getInput().getType());
  auto filterType = cast<RankedTensorType>(op.getFilter().getType());
  ConvLayout layout = op.getLayout();
  bool last = isChannelsLast(layout);
  int64_t cDim = last ? 3 : 1, hDim = last ? 1 : 2, wDim = last ? 2 : 3;
  if (inputType.isDynamicDim(cDim) || resultType.isDynamicDim(cDim))
    return failure();
  int64_t outChannels = resultType.getDimSize(cDim);
  FilterGeometry geo = FilterGeometry::of(layout, filterType.getShape(),
                                          outChannels, op.getGroups());
  // The one place strategies are dispatched; register_block is the one
  // there is.
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
  }
  RegisterBlock block;
  block.channels = config.getChannelsPerThread();
  block.columns = config.getColumnsPerThread();
  block.sharedInput = geo.groupOutChannels % block.channels == 0;
  FusedEpilogue epilogue = FusedEpilogue::of(op);
  Type accType = epilogue.accType;
  Type inElement = inputType.getElementType();

  ArrayRef<int64_t> pads = op.getPadding(), strides = op.getStrides(),
                    dilations = op.getDilations();
  FailureOr<SmallVector<Value>> dynamicSizes =
      dynamicResultSizes(rewriter, loc, op.getInput(), resultType, layout,
                         geo, pads, strides, dilations);
  if (failed(dynamicSizes))
    return failure();
  Value out = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                      resultType.getElementType(),
                                      *dynamicSizes);
  // One iteration per register block: channels and columns count blocks.
  // `order[i]` is the output dimension the forall's i-th dimension walks.
  SmallVector<int64_t> order = loopOrderDims(config.getLoopOrder(), last);
  SmallVector<OpFoldResult> bounds;
  for (int64_t d : order) {
    int64_t perBlock =
        d == cDim ? block.channels : d == wDim ? block.columns : 1;
    bounds.push_back(perBlock == 1 ? tensor::getMixedSize(rewriter, loc, out, d)
                                   : rewriter.getIndexAttr(
                                         resultType.getDimSize(d) / perBlock));
  }
  Value input = op.getInput(), filter = op.getFilter();
  Value inH = tensor::DimOp::create(rewriter, loc, input, hDim);
  Value inW = tensor::DimOp::create(rewriter, loc, input, wDim);
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
    Value f0 = m.mul(args[cDim], block.channels);
    Value ow0 = m.mul(args[wDim], block.columns);
    int64_t inputsPerTap = block.sharedInput ? 1 : block.channels;
    SmallVector<Value> channel, firstIn;
    for (int64_t k = 0; k < block.channels; ++k) {
      channel.push_back(m.add(f0, k));
      if (k < inputsPerTap)
        firstIn.push_back(m.mul(m.div(channel[k], geo.groupOutChannels),
                                geo.groupInChannels));
    }
    Value ohOrigin = arith::SubIOp::create(
        b, l, m.mul(args[hDim], strides[0]), m.c(pads[0]));
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
          SmallVector<Value> index = last
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
            filterIndex(t, layout, channel[k], ci, kh, kw,
                        geo.groupOutChannels));
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
    if (last) {
      // NHWC: the input channel, contiguous in memory, innermost.
      sums = accumulateOver(
          b, l, geo.kernelH, zeros,
          [&](OpBuilder &b1, Location l1, Value kh, ValueRange a1) {
            std::tie(ih, rowInside) = rowAt(b1, l1, kh);
            return accumulateIf(b1, l1, rowInside, a1, [&](OpBuilder &b2,
                                                           Location l2) {
              return accumulateOver(
                  b2, l2, geo.kernelW, a1,
                  [&](OpBuilder &b3, Location l3, Value kw, ValueRange a3) {
                    return accumulateOver(
                        b3, l3, geo.groupInChannels, a3,
                        [&](OpBuilder &b4, Location l4, Value ci,
                            ValueRange a4) {
                          return tap(b4, l4, ci, ih, kh, kw, a4);
                        });
                  });
            });
          });
    } else {
      sums = accumulateOver(
          b, l, geo.groupInChannels, zeros,
          [&](OpBuilder &b1, Location l1, Value ci, ValueRange a1) {
            return accumulateOver(
                b1, l1, geo.kernelH, a1,
                [&](OpBuilder &b2, Location l2, Value kh, ValueRange a2) {
                  std::tie(ih, rowInside) = rowAt(b2, l2, kh);
                  return accumulateIf(b2, l2, rowInside, a2, [&](OpBuilder &b3,
                                                                 Location l3) {
                    return accumulateOver(
                        b3, l3, geo.kernelW, a2,
                        [&](OpBuilder &b4, Location l4, Value kw,
                            ValueRange a4) {
                          return tap(b4, l4, ci, ih, kh, kw, a4);
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
    offsets[cDim] = f0;
    offsets[hDim] = args[hDim];
    offsets[wDim] = ow0;
    sizes[cDim] = b.getIndexAttr(block.channels);
    sizes[wDim] = b.getIndexAttr(block.columns);
    SmallVector<OpFoldResult> unitStrides(4, b.getIndexAttr(1));
    Value tile = tensor::ExtractSliceOp::create(b, l, shared, offsets, sizes,
                                                unitStrides);
    SmallVector<Value> blockValues(block.channels * block.columns);
    for (int64_t k = 0; k < block.channels; ++k) {
      SmallVector<Value> params;
      for (Value p : perChannel)
        params.push_back(tensor::ExtractOp::create(b, l, p, channel[k]));
      for (int64_t j = 0; j < block.columns; ++j)
        blockValues[last ? j * block.channels + k : k * block.columns + j] =
            epilogue.emit(b, l, sums[k * block.columns + j], params);
    }
    int64_t outer = std::min(cDim, wDim), inner = std::max(cDim, wDim);
    auto vectorType = VectorType::get({last ? block.columns : block.channels,
                                       last ? block.channels : block.columns},
                                      resultType.getElementType());
    Value vector =
        vector::FromElementsOp::create(b, l, vectorType, blockValues);
    AffineMap tileDims = AffineMap::get(
        4, 0, {b.getAffineDimExpr(outer), b.getAffineDimExpr(inner)},
        b.getContext());
    tile = vector::TransferWriteOp::create(b, l, vector, tile,
                                           SmallVector<Value>(4, m.c(0)),
                                           tileDims, ArrayRef<bool>{true, true})
               .getResult();
    auto inParallel = scf::InParallelOp::create(b, l);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(inParallel.getBody());
    tensor::ParallelInsertSliceOp::create(b, l, tile, shared, offsets, sizes,
                                          unitStrides);
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
    LowerToLoopsOptions options{channelsPerThread, columnsPerThread,
                                reuseOrder};
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

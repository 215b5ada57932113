//===- ConvLowering.h - shared by the fused-op lowerings --------*- C++ -*-===//
///
/// \file
/// What every lowering of the fused ops must agree on: where the kernel
/// window and channel groups sit in each filter layout, the output extents,
/// and the epilogue (add the bias, apply the normalization of the unfolded
/// op, apply the activation by ActivationAttr's documented formula, round
/// once to the result type).
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_LIB_TRANSFORMS_CONVLOWERING_H
#define FUSIONDIALECT_LIB_TRANSFORMS_CONVLOWERING_H

#include "FusionDialect/IR/FusionDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace mlir::fusion {

/// Where the kernel window and channel groups sit in a filter layout.
struct FilterGeometry {
  int64_t kernelH, kernelW;
  /// Input channels each output channel reads, and output channels per
  /// group (the channel multiplier of depthwise layouts).
  int64_t groupInChannels, groupOutChannels;

  static FilterGeometry of(ConvLayout layout, ArrayRef<int64_t> filterShape,
                           int64_t outChannels, int64_t groups);
};

/// What every lowering of a fused conv reads off its types first.
struct FusedConvShape {
  RankedTensorType result, input, filter;
  ConvLayout layout;
  /// Channels innermost (NHWC); the channel, row and column dimensions of
  /// the input and the result.
  bool last;
  int64_t cDim, hDim, wDim;
  int64_t outChannels;
  FilterGeometry geo;

  /// Fails for a dynamic channel dimension, which no lowering takes.
  template <typename OpTy> static FailureOr<FusedConvShape> of(OpTy op) {
    FusedConvShape s;
    s.result = cast<RankedTensorType>(op.getType());
    s.input = cast<RankedTensorType>(op.getInput().getType());
    s.filter = cast<RankedTensorType>(op.getFilter().getType());
    s.layout = op.getLayout();
    s.last = isChannelsLast(s.layout);
    s.cDim = s.last ? 3 : 1;
    s.hDim = s.last ? 1 : 2;
    s.wDim = s.last ? 2 : 3;
    if (s.input.isDynamicDim(s.cDim) || s.result.isDynamicDim(s.cDim))
      return failure();
    s.outChannels = s.result.getDimSize(s.cDim);
    s.geo = FilterGeometry::of(s.layout, s.filter.getShape(), s.outChannels,
                               op.getGroups());
    return s;
  }
};

/// Sizes for the dynamic dimensions of `resultType` (batch, height, width),
/// read off `input` as the verifier computes them:
/// (in + pad_lo + pad_hi - dilation * (kernel - 1) - 1) / stride + 1.
/// Fails for a dynamic channel dimension.
FailureOr<SmallVector<Value>>
dynamicResultSizes(OpBuilder &b, Location loc, Value input,
                   RankedTensorType resultType, ConvLayout layout,
                   const FilterGeometry &geometry, ArrayRef<int64_t> padding,
                   ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations);

/// `order[i]`: the output dimension a register-blocked forall's i-th
/// dimension walks, for a layout whose channel dimension is last or not.
SmallVector<int64_t> loopOrderDims(LoopOrder order, bool channelsLast);

/// Applies a lowering's patterns to `root`; fails, naming the op, when a
/// fused op is left (`target` names the lowering in the message).
LogicalResult lowerAllFusedOps(Operation *root, RewritePatternSet &&patterns,
                               StringRef target);

/// Replaces a fused op by what `lower` builds for it; `why` explains a
/// failure.
template <typename OpTy>
struct LowerFusedOpPattern : public OpRewritePattern<OpTy> {
  using Lowering = std::function<FailureOr<Value>(OpTy, PatternRewriter &)>;
  LowerFusedOpPattern(MLIRContext *ctx, Lowering lower, StringRef why)
      : OpRewritePattern<OpTy>(ctx), lower(std::move(lower)), why(why.str()) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    FailureOr<Value> lowered = lower(op, rewriter);
    if (failed(lowered))
      return rewriter.notifyMatchFailure(op, why);
    rewriter.replaceOp(op, *lowered);
    return success();
  }
  Lowering lower;
  std::string why;
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
  Value rem(Value x, int64_t v) {
    return v == 1 ? c(0) : arith::RemUIOp::create(b, loc, x, c(v)).getResult();
  }
  /// `0 <= i` when `low`, `i < extent` when `high`; null when neither.
  Value inside(Value i, Value extent, bool low, bool high) {
    Value lo, hi;
    if (low)
      lo = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, c(0));
    if (high)
      hi = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, extent);
    if (lo && hi)
      return arith::AndIOp::create(b, loc, lo, hi);
    return lo ? lo : hi;
  }
};
/// Filter indices of (output channel f, group-local input channel ci, kh,
/// kw) in `layout`; `multiplier` is the channel multiplier of nhwc_hwcm.
SmallVector<Value> filterIndex(IndexMath &m, ConvLayout layout, Value f,
                               Value ci, Value kh, Value kw,
                               int64_t multiplier);

using LoopBody =
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value, ValueRange)>;

/// `for iv in [0, extent)` carrying `carried` (accumulators, fragments);
/// returns the loop's results.
SmallVector<Value> forCarrying(OpBuilder &b, Location loc, int64_t extent,
                               ValueRange carried, LoopBody body);

/// Ends a forall body: `tile` inserted into the shared output `shared` at
/// `offsets`, `sizes`, `strides`, the iteration's one write.
void insertInParallel(OpBuilder &b, Location loc, Value tile, Value shared,
                      ArrayRef<OpFoldResult> offsets,
                      ArrayRef<OpFoldResult> sizes,
                      ArrayRef<OpFoldResult> strides);

/// Fails, with an error on `root` naming `pass`, unless `target` is "gpu"
/// or "cpu": the targets the fused ops' lowerings know.
LogicalResult checkLoweringTarget(Operation *root, StringRef pass,
                                  StringRef target);

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

  /// The per-channel operands of `op` in the order `emit` reads them: bias
  /// (if any), then mean, variance, gamma, beta (if normalized).
  template <typename OpTy>
  static SmallVector<Value> perChannelOperands(OpTy op) {
    SmallVector<Value> operands;
    if (Value bias = op.getBias())
      operands.push_back(bias);
    if constexpr (std::is_same_v<OpTy, ConvBnActOp>)
      operands.append(
          {op.getMean(), op.getVariance(), op.getGamma(), op.getBeta()});
    return operands;
  }

  /// `acc` in accType; `perChannel` holds this channel's bias (if any) then
  /// mean, variance, gamma, beta (if normalized), in any float type.
  Value emit(OpBuilder &b, Location loc, Value acc,
             ValueRange perChannel) const;
};

/// How the mma_sync strategy's loop nest is built.
struct ImplicitGemmOptions {
  /// One iteration per warp tile, its lanes and MMA emulated (the host);
  /// otherwise one iteration per lane with nvgpu.mma.sync (the GPU).
  bool warpPerIteration = false;
  /// Test only: input columns each tile reads off by, a wrong tile index.
  int64_t testTileShift = 0;
};

/// The mma_sync strategy (see LoweringConfigAttr): `op` as an implicit GEMM
/// over warp tiles, its epilogue on the accumulators. Fails when `config`
/// does not fit `op`.
template <typename OpTy>
FailureOr<Value> lowerToImplicitGemm(OpTy op, LoweringConfigAttr config,
                                     PatternRewriter &rewriter,
                                     const ImplicitGemmOptions &options);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_LIB_TRANSFORMS_CONVLOWERING_H

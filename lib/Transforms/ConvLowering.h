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

} // namespace mlir::fusion

#endif // FUSIONDIALECT_LIB_TRANSFORMS_CONVLOWERING_H

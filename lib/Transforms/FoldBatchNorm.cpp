//===- FoldBatchNorm.cpp - the fusion-fold-bn pass ------------------------===//
///
/// Folding is done once, in f64, from the constants as the program holds
/// them, and each folded value is rounded once to its storage type. The old
/// filter is never touched: the folded one is a new constant, so a filter
/// shared with another op stays bit-identical for it.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Analysis/ElementwiseSemantics.h"
#include "FusionDialect/Analysis/Refusal.h"
#include "FusionDialect/Transforms/DeadCode.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include <cmath>

namespace mlir::fusion {
#define GEN_PASS_DEF_FOLDBATCHNORM
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

/// Where the output channel sits in a filter of `layout`: the element at
/// linear index `i` belongs to channel `(i / inner) % count`, so the fold
/// walks runs of `inner` weights that share one scale.
struct ChannelRuns {
  int64_t inner;
  int64_t count;
};
static ChannelRuns filterChannelRuns(ConvLayout layout,
                                     ArrayRef<int64_t> shape) {
  auto product = [&](size_t from, size_t to) {
    int64_t p = 1;
    for (size_t d = from; d < to; ++d)
      p *= shape[d];
    return p;
  };
  switch (layout) {
  case ConvLayout::nchw_fchw:
  case ConvLayout::nhwc_fhwc:
  case ConvLayout::nchw_chw:
    return {product(1, shape.size()), shape[0]};
  case ConvLayout::nhwc_hwcf:
    return {1, shape[3]};
  case ConvLayout::nhwc_hwc:
    return {1, shape[2]};
  case ConvLayout::nhwc_hwcm:
    return {1, shape[2] * shape[3]};
  }
  return {product(0, shape.size()), 1};
}

/// Rounds `v` to `type`; fails when the result is not finite there.
static FailureOr<APFloat> roundChecked(double v, FloatType type) {
  APFloat f(v);
  bool losesInfo;
  f.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
            &losesInfo);
  if (!f.isFinite())
    return failure();
  return f;
}

namespace {
/// What a fold attempt found; `reason` is None on success.
struct FoldOutcome {
  Refusal reason = Refusal::None;
  std::string detail;
};
} // namespace

/// `cleanUp` erases the old parameters once unused (not inside a pattern:
/// the greedy driver does that itself and must see every erasure).
/// The two test-only wrong folds that parity checks must catch.
struct WrongFold {
  bool skipWeightScaling = false;
  bool dropEpsilon = false;
};

static FoldOutcome tryFold(RewriterBase &rewriter, ConvBnActOp op,
                           bool cleanUp, WrongFold wrong = {}) {
  FoldOutcome out;
  auto read = [](Value v) -> FailureOr<ConstTensor> {
    return v ? evaluateConstantTensor(v) : FailureOr<ConstTensor>(ConstTensor());
  };
  FailureOr<ConstTensor> filter = read(op.getFilter()), bias = read(op.getBias()),
                         mean = read(op.getMean()), var = read(op.getVariance()),
                         gamma = read(op.getGamma()), beta = read(op.getBeta());
  if (failed(filter) || failed(bias) || failed(mean) || failed(var) ||
      failed(gamma) || failed(beta)) {
    out.reason = Refusal::NonConstantParameters;
    out.detail = "the filter, bias or statistics are not constants; the "
                 "scale and shift stay in the epilogue";
    return out;
  }
  int64_t channels = mean->size();
  double eps = wrong.dropEpsilon ? 0.0 : op.getEpsilon().convertToDouble();
  std::vector<double> scale(channels), shift(channels);
  for (int64_t c = 0; c < channels; ++c) {
    double b = op.getBias() ? bias->values[c] : 0.0;
    scale[c] = gamma->values[c] / std::sqrt(var->values[c] + eps);
    shift[c] = (b - mean->values[c]) * scale[c] + beta->values[c];
    if (!std::isfinite(scale[c]) || !std::isfinite(shift[c])) {
      out.reason = Refusal::NonFiniteFold;
      std::string detail;
      llvm::raw_string_ostream os(detail);
      os << "channel " << c << " folds to a non-finite scale or shift: gamma "
         << formatDetailNumber(gamma->values[c]) << " / sqrt(variance "
         << formatDetailNumber(var->values[c]) << " + epsilon "
         << formatDetailNumber(eps) << ") = " << formatDetailNumber(scale[c])
         << ", shift " << formatDetailNumber(shift[c]);
      out.detail = std::move(detail);
      return out;
    }
  }

  auto filterType = cast<RankedTensorType>(op.getFilter().getType());
  auto elementType = cast<FloatType>(filterType.getElementType());
  ArrayRef<int64_t> shape = filterType.getShape();
  // f32 filters (nearly all) are rounded by the hardware conversion, which
  // rounds to nearest even as APFloat would, without an APFloat per weight.
  bool f32 = elementType.isF32();
  SmallVector<APFloat> folded;
  std::vector<float> folded32;
  if (f32)
    folded32.reserve(filter->size());
  else
    folded.reserve(filter->size());
  ChannelRuns runs = filterChannelRuns(op.getLayout(), shape);
  int64_t outer = filter->size() / (runs.inner * runs.count);
  int64_t linear = 0;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t c = 0; c < runs.count; ++c) {
      double s = wrong.skipWeightScaling ? 1.0 : scale[c];
      bool finite = true;
      if (f32) {
        for (int64_t i = 0; i < runs.inner; ++i, ++linear) {
          auto w = static_cast<float>(filter->values[linear] * s);
          finite &= std::isfinite(w);
          folded32.push_back(w);
        }
      } else {
        for (int64_t i = 0; i < runs.inner && finite; ++i, ++linear) {
          FailureOr<APFloat> w = roundChecked(filter->values[linear] * s,
                                              elementType);
          finite = succeeded(w);
          if (finite)
            folded.push_back(*w);
        }
      }
      if (!finite) {
        out.reason = Refusal::OverflowInTargetType;
        out.detail = ("a folded weight of channel " + Twine(c) +
                      " overflows the filter's element type")
                         .str();
        return out;
      }
    }
  }
  // The bias is kept in f32: f16/bf16 convs accumulate in f32.
  FloatType biasType = rewriter.getF32Type();
  SmallVector<APFloat> foldedBias;
  for (int64_t c = 0; c < channels; ++c) {
    FailureOr<APFloat> t = roundChecked(shift[c], biasType);
    if (failed(t)) {
      out.reason = Refusal::OverflowInTargetType;
      out.detail = ("the folded bias of channel " + Twine(c) +
                    " overflows f32")
                       .str();
      return out;
    }
    foldedBias.push_back(*t);
  }

  Location loc = op.getLoc();
  Value newFilter = arith::ConstantOp::create(
      rewriter, loc,
      f32 ? DenseElementsAttr::get(filterType, ArrayRef<float>(folded32))
          : DenseElementsAttr::get(filterType, folded));
  Value newBias = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(RankedTensorType::get({channels}, biasType),
                             foldedBias));
  SmallVector<Operation *> oldProducers;
  for (Value operand : op->getOperands())
    if (Operation *def = operand.getDefiningOp())
      oldProducers.push_back(def);
  rewriter.replaceOpWithNewOp<ConvBiasActOp>(
      op, op.getType(), op.getInput(), newFilter, newBias, op.getLayout(),
      op.getStrides(), op.getDilations(), op.getPadding(), op.getGroups(),
      op.getActivation(), op.getLoweringConfigAttr());
  if (cleanUp)
    eraseDeadOpsFrom(oldProducers);
  return out;
}

namespace {
struct FoldBatchNormPattern : public OpRewritePattern<ConvBnActOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvBnActOp op,
                                PatternRewriter &rewriter) const override {
    FoldOutcome outcome = tryFold(rewriter, op, /*cleanUp=*/false);
    if (outcome.reason != Refusal::None)
      return rewriter.notifyMatchFailure(op, outcome.detail);
    return success();
  }
};

struct FoldBatchNormPass
    : public mlir::fusion::impl::FoldBatchNormBase<FoldBatchNormPass> {
  using Base::Base;
  void runOnOperation() override {
    // A malformed index list would crash upstream's printer on our output.
    if (failed(checkStaticIndexLists(getOperation())))
      return signalPassFailure();
    SmallVector<ConvBnActOp> ops;
    getOperation().walk([&](ConvBnActOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (ConvBnActOp op : ops) {
      rewriter.setInsertionPoint(op);
      Location loc = op.getLoc();
      FoldOutcome outcome = tryFold(rewriter, op, /*cleanUp=*/true,
                                    {testSkipWeightScaling, testDropEpsilon});
      if (outcome.reason != Refusal::None && explain)
        emitRemark(loc) << "not folded [" << getReasonId(outcome.reason)
                        << "]: " << outcome.detail;
    }
  }
};
} // namespace

void mlir::fusion::populateFoldBatchNormPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldBatchNormPattern>(patterns.getContext());
}

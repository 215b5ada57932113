//===- FuseChains.cpp - the fusion-fuse pass ------------------------------===//
///
/// Matching lives in Analysis/ChainMatcher; this pass turns each match into
/// one fused op, explains every decision, and writes the report. Chains are
/// rewritten one conv at a time in program order, so a later conv already
/// sees the fused value of an earlier chain as its input.
///
//===----------------------------------------------------------------------===//
#include "AffineMaterializer.h"
#include "FusionDialect/Analysis/ChainMatcher.h"
#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Transforms/DeadCode.h"
#include "FusionDialect/Transforms/FusionReport.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_FUSECHAINS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

/// Functions carrying this unit attribute are left unfused.
static constexpr StringLiteral kExcludeAttr = "fusion.exclude";

static Value channelConstant(OpBuilder &b, Location loc,
                             ArrayRef<double> values, FloatType type) {
  auto tensorType =
      RankedTensorType::get({int64_t(values.size())}, type);
  SmallVector<APFloat> data;
  for (double v : values) {
    APFloat f(v);
    bool losesInfo;
    f.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &losesInfo);
    data.push_back(f);
  }
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(tensorType, data));
}

/// Builds the fused op for `m` and returns its (possibly transposed) value.
static Value buildFusedOp(OpBuilder &b, ChainMatch &m) {
  ConvMatch &conv = m.conv;
  MLIRContext *ctx = b.getContext();
  SmallVector<Location> locs{conv.conv->getLoc()};
  for (Operation *op : conv.absorbed)
    locs.push_back(op->getLoc());
  for (ChainStep &step : m.steps)
    for (Operation *op : step.ops)
      locs.push_back(op->getLoc());
  Location loc = FusedLoc::get(ctx, locs);

  int64_t channels = conv.channels;
  auto resultType = cast<RankedTensorType>(conv.output.getType());
  Value filter = conv.filter;
  if (conv.collapseGroupedFilter)
    filter = tensor::CollapseShapeOp::create(
        b, loc, filter, SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}, {4}});
  FloatType f32 = b.getF32Type(), f64 = b.getF64Type();

  // The conv's own bias: a value, a uniform constant, or nothing.
  Value bias = conv.bias;
  if (!bias && conv.scalarBias != 0.0)
    bias = channelConstant(b, loc,
                           std::vector<double>(channels, conv.scalarBias), f32);

  ArrayRef<int64_t> strides = conv.strides, dilations = conv.dilations,
                    padding = conv.padding;
  uint64_t groups = conv.groups;
  Value fused;
  if (m.hasNorm) {
    // The recovered affine, written as statistics that compute exactly it.
    FloatType statType = f64;
    Value gamma, beta;
    if (m.affine.symbolic) {
      AffineMaterializer materializer(b, loc, channels);
      FailureOr<std::pair<Value, Value>> st = materializer.affine(m.affineRoot);
      if (failed(st))
        return {};
      std::tie(gamma, beta) = *st;
      statType = f32;
    } else {
      gamma = channelConstant(b, loc, m.affine.scale, f64);
      beta = channelConstant(b, loc, m.affine.shift, f64);
    }
    Value mean =
        channelConstant(b, loc, std::vector<double>(channels, 0.0), statType);
    Value var =
        channelConstant(b, loc, std::vector<double>(channels, 1.0), statType);
    fused =
        ConvBnActOp::create(b, loc, resultType, conv.input, filter, bias, mean,
                            var, gamma, beta, APFloat(0.0), conv.layout,
                            strides, dilations, padding, groups, m.activation,
                            /*lowering_config=*/LoweringConfigAttr());
  } else {
    if (m.affine.symbolic) {
      // A shift from parameters that are not constants: built as vectors.
      AffineMaterializer materializer(b, loc, channels);
      FailureOr<std::pair<Value, Value>> st = materializer.affine(m.affineRoot);
      if (failed(st))
        return {};
      bias = bias ? materializer.add(bias, st->second) : st->second;
    } else if (!m.affine.isZeroShift()) {
      FailureOr<ConstTensor> constBias =
          bias ? evaluateConstantTensor(bias) : FailureOr<ConstTensor>();
      if (!bias || succeeded(constBias)) {
        std::vector<double> values(m.affine.shift);
        if (bias)
          for (int64_t c = 0; c < channels; ++c)
            values[c] += constBias->values[c];
        bias = channelConstant(b, loc, values, f32);
      } else {
        AffineMaterializer materializer(b, loc, channels);
        bias = materializer.add(bias,
                                channelConstant(b, loc, m.affine.shift, f32));
      }
    }
    fused = ConvBiasActOp::create(b, loc, resultType, conv.input, filter, bias,
                                  conv.layout, strides, dilations, padding,
                                  groups, m.activation,
                                  /*lowering_config=*/LoweringConfigAttr());
  }

  // Re-apply the layout change the chain made (TOSA's NHWC conv inside an
  // NCHW network): per-channel ops commute with it.
  ArrayRef<int64_t> perm = m.steps.back().perm;
  if (llvm::equal(perm, ArrayRef<int64_t>{0, 1, 2, 3}))
    return fused;
  Value replaced = m.replacedValue();
  bool tosaTranspose = false;
  for (ChainStep &step : m.steps)
    for (Operation *op : step.ops)
      tosaTranspose |= isa<tosa::TransposeOp, tosa::ReshapeOp>(op);
  if (tosaTranspose) {
    SmallVector<int32_t> perms(perm.begin(), perm.end());
    return tosa::TransposeOp::create(b, loc, replaced.getType(), fused,
                                     b.getDenseI32ArrayAttr(perms));
  }
  Value init = tensor::EmptyOp::create(
      b, loc, cast<RankedTensorType>(replaced.getType()).getShape(),
      resultType.getElementType());
  return linalg::TransposeOp::create(b, loc, fused, init, perm)->getResult(0);
}

/// Appends, last first, the ops a match absorbed after the conv (a collapse,
/// a group concat, an accumulator rounding), then the conv: once the match's
/// value is replaced they are dead. What fed the conv (an absorbed pad, the
/// accumulator init) is erased through them when nothing else reads it.
static void appendConvAndResultSide(const ConvMatch &conv,
                                    SmallVectorImpl<Operation *> &dead) {
  for (Operation *op : llvm::reverse(conv.absorbed))
    if (isa<tensor::CollapseShapeOp, tosa::ConcatOp, linalg::GenericOp>(op))
      dead.push_back(op);
  dead.push_back(conv.conv);
}

/// The conv alone (its zero padding and accumulator init absorbed) as a
/// fused op with no normalization and no activation.
static void wrapConvAlone(ConvMatch &conv) {
  OpBuilder b(conv.conv);
  b.setInsertionPointAfterValue(conv.output);
  Location loc = conv.conv->getLoc();
  Value filter = conv.filter;
  if (conv.collapseGroupedFilter)
    filter = tensor::CollapseShapeOp::create(
        b, loc, filter,
        SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}, {4}});
  Value bias = conv.bias;
  if (!bias && conv.scalarBias != 0.0)
    bias = channelConstant(
        b, loc, std::vector<double>(conv.channels, conv.scalarBias),
        b.getF32Type());
  auto resultType = cast<RankedTensorType>(conv.output.getType());
  Value alone = ConvBiasActOp::create(
      b, loc, resultType, conv.input, filter, bias, conv.layout, conv.strides,
      conv.dilations, conv.padding, conv.groups,
      ActivationAttr::get(b.getContext(), ActivationKind::none),
      /*lowering_config=*/LoweringConfigAttr());
  conv.output.replaceAllUsesWith(alone);
  SmallVector<Operation *> dead;
  appendConvAndResultSide(conv, dead);
  eraseDeadOpsFrom(dead);
}

namespace {
struct FuseChainsPass : public mlir::fusion::impl::FuseChainsBase<FuseChainsPass> {
  using Base::Base;
  FuseChainsPass(const FuseChainsOptions &options, FusionReport *sink)
      : Base(options), sink(sink) {}

  /// Where an embedding compiler reads the report as data; may be null.
  FusionReport *sink = nullptr;

  void runOnOperation() override {
    // A malformed index list would crash upstream's printer on our output.
    if (failed(checkStaticIndexLists(getOperation())))
      return signalPassFailure();
    FusionReport report;
    getOperation().walk([&](func::FuncOp func) {
      if (func->hasAttr(kExcludeAttr))
        return;
      SmallVector<Operation *> convs;
      func.walk([&](Operation *op) {
        if (matchConvolution(op).status != ConvMatchStatus::NotAConv)
          convs.push_back(op);
      });
      for (Operation *conv : convs) {
        if (!convsOnly) {
          processConv(conv, report);
          continue;
        }
        ConvMatchResult alone = matchConvolution(conv);
        if (alone.status == ConvMatchStatus::Matched)
          wrapConvAlone(alone.match);
      }
    });
    if (sink)
      *sink = report;
    if (!reportFile.empty()) {
      std::string error;
      if (!report.writeJsonFile(reportFile, error)) {
        getOperation().emitError("cannot write fusion report '")
            << reportFile << "': " << error;
        return signalPassFailure();
      }
    }
  }

  /// Names a BatchNorm that sits before this conv's zero padding: it is a
  /// candidate a forward fold would take, and must not.
  void reportNormBeforePadding(Operation *convOp, FusionReport &report) {
    ConvMatchResult conv = matchConvolution(convOp);
    if (conv.status != ConvMatchStatus::Matched)
      return;
    Operation *norm = findNormalizationBeforePadding(conv.match);
    if (!norm)
      return;
    ChainRecord record;
    record.loc = formatReportLocation(norm->getLoc());
    record.conv = convOp->getName().getStringRef().str();
    record.norm = "batchnorm";
    record.activation = "none";
    record.reason = getReasonId(Refusal::BnBeforeConvPadded).str();
    record.detail = "a BatchNorm before a zero-padded conv cannot fold into "
                    "it: its shift does not commute with the zero padding";
    report.chains.push_back(record);
    if (explain)
      norm->emitRemark() << "not fused [" << record.reason << "]: "
                         << norm->getName() << " before " << record.conv
                         << ": " << record.detail;
  }

  void processConv(Operation *convOp, FusionReport &report) {
    reportNormBeforePadding(convOp, report);
    std::optional<ChainMatch> m = matchChain(convOp);
    if (!m)
      return;
    // Everything the explanation names is read before the rewrite erases it.
    Location convLoc = convOp->getLoc();
    std::string convName = convOp->getName().getStringRef().str();
    std::string offender =
        m->offender && m->offender != convOp
            ? m->offender->getName().getStringRef().str()
            : std::string();
    bool folded = m->fused && m->hasNorm && !m->affine.symbolic &&
                  isComputedFromConstants(m->conv.filter) &&
                  (!m->conv.bias || isComputedFromConstants(m->conv.bias));
    if (m->fused && !rewrite(*m)) {
      m->fused = false;
      m->reason = Refusal::NonConstantParameters;
      m->detail = "the non-constant normalization parameters go through an "
                  "op that cannot be applied to whole channel vectors";
      offender.clear();
    }

    ChainRecord record;
    record.loc = formatReportLocation(convLoc);
    record.conv = convName;
    record.fused = m->fused;
    record.norm = m->hasNorm ? "batchnorm" : "none";
    record.activation =
        m->fused ? m->activation.getName().str() : std::string("none");
    record.folded = folded && m->fused;
    record.reason = getReasonId(m->reason).str();
    record.detail = m->detail;
    report.chains.push_back(record);
    if (!explain)
      return;
    std::string parts = convName;
    if (m->fused) {
      if (m->hasNorm)
        parts += " + batchnorm";
      else if (!m->affine.isZeroShift())
        parts += " + bias";
      if (record.activation != "none")
        parts += " + " + record.activation;
    }
    InFlightDiagnostic diag = emitRemark(convLoc);
    if (!m->fused)
      diag << "not fused [" << record.reason << "]: " << parts;
    else if (m->reason == Refusal::None)
      diag << "fused [fused]: " << parts;
    else
      diag << "fused in part [" << record.reason << "]: " << parts;
    if (m->reason != Refusal::None) {
      if (!offender.empty())
        diag << "; stopped at '" << offender << "'";
      diag << ": " << m->detail;
    }
  }

  /// Rewrites the chain; false when a symbolic normalization could not be
  /// materialized (nothing is changed then).
  bool rewrite(ChainMatch &m) {
    Operation *last = m.steps.back().ops.back();
    for (ChainStep &step : m.steps)
      for (Operation *op : step.ops)
        if (last->isBeforeInBlock(op))
          last = op;
    struct Recorder : public OpBuilder::Listener {
      SmallVector<Operation *> created;
      void notifyOperationInserted(Operation *op,
                                   OpBuilder::InsertPoint) override {
        created.push_back(op);
      }
    } recorder;
    OpBuilder b(last->getContext(), &recorder);
    b.setInsertionPointAfter(last);
    Value fused = buildFusedOp(b, m);
    if (!fused) {
      for (Operation *op : llvm::reverse(recorder.created))
        op->erase();
      return false;
    }
    m.replacedValue().replaceAllUsesWith(fused);

    // Assert-only readers never look at the conv output's values.
    for (Operation *user : m.assertOnlyUsers) {
      b.setInsertionPoint(user);
      Value placeholder = tensor::EmptyOp::create(
          b, user->getLoc(),
          cast<RankedTensorType>(m.conv.output.getType()).getShape(),
          cast<RankedTensorType>(m.conv.output.getType()).getElementType());
      user->replaceUsesOfWith(m.conv.output, placeholder);
    }

    // The chain from its end back to the conv, then whatever fed only it
    // (pad, accumulator fill, BatchNorm parameters).
    SmallVector<Operation *> dead;
    for (ChainStep &step : llvm::reverse(m.steps))
      for (Operation *op : llvm::reverse(step.ops))
        dead.push_back(op);
    appendConvAndResultSide(m.conv, dead);
    eraseDeadOpsFrom(dead);
    return true;
  }
};
} // namespace

std::unique_ptr<Pass>
mlir::fusion::createFuseChains(const FuseChainsOptions &options,
                               FusionReport *report) {
  return std::make_unique<FuseChainsPass>(options, report);
}

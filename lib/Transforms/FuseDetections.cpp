//===- FuseDetections.cpp - the fusion-fuse-detect pass -------------------===//
///
/// Matching and its proof live in Analysis/DetectionMatcher; this pass
/// builds one fusion.decode_detections per proven candidate, reading the
/// head convs' outputs directly, explains every decision and writes the
/// report. What the decode replaced (the permutes, concats and elementwise
/// ops, and the anchor arithmetic on constants) is erased once unused.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Analysis/DetectionMatcher.h"
#include "FusionDialect/Transforms/DeadCode.h"
#include "FusionDialect/Transforms/FusionReport.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_FUSEDETECTIONS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

/// Functions carrying this unit attribute are left unfused.
static constexpr StringLiteral kExcludeAttr = "fusion.exclude";

/// `c`'s value, or a new constant of its data in the layout's shape.
static Value materialize(OpBuilder &b, Location loc, const DecodeConstant &c,
                         FloatType type) {
  if (!c)
    return {};
  if (c.value)
    return c.value;
  SmallVector<APFloat> values;
  for (double v : c.data->values) {
    APFloat f(v);
    bool losesInfo;
    f.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &losesInfo);
    values.push_back(f);
  }
  auto tensorType = RankedTensorType::get(c.shape, type);
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(tensorType, values));
}

static DecodeDetectionsOp buildDecode(OpBuilder &b, Location loc,
                                      const DetectionMatch &m) {
  auto type = cast<FloatType>(
      cast<ShapedType>(m.roots[0].getType()).getElementType());
  Value anchors = materialize(b, loc, m.anchors, type);
  Value strides = materialize(b, loc, m.strides, type);
  const DecodeSpec &s = m.spec;
  FloatAttr clamp = s.whClamp ? b.getF64FloatAttr(*s.whClamp) : FloatAttr();
  SmallVector<Type> results;
  for (Value root : m.roots)
    results.push_back(root.getType());
  return DecodeDetectionsOp::create(
      b, loc, results, m.boxOperands, m.scoreOperands, anchors, strides,
      s.coding, s.format, s.anchorLayout, s.anchorFormat, m.boxLayout,
      m.scoreLayout, s.weights, s.scaling, clamp, s.clampNan, s.dflBins,
      s.scoreActivation, s.softmaxForm, s.dropBackground, s.packing);
}

static StringRef outputsName(OutputPacking packing) {
  switch (packing) {
  case OutputPacking::split:
    return "split";
  case OutputPacking::bnk:
    return "packed_bnk";
  case OutputPacking::bkn:
    return "packed_bkn";
  }
  return "split";
}

namespace {
struct FuseDetectionsPass
    : public mlir::fusion::impl::FuseDetectionsBase<FuseDetectionsPass> {
  using Base::Base;
  FuseDetectionsPass(const FuseDetectionsOptions &options,
                     DetectionReport *sink)
      : Base(options), sink(sink) {}

  /// Where an embedding compiler reads the report as data; may be null.
  DetectionReport *sink = nullptr;

  void runOnOperation() override {
    // A malformed index list would crash upstream's printer on our output.
    if (failed(checkStaticIndexLists(getOperation())))
      return signalPassFailure();
    DetectionReport report;
    getOperation().walk([&](func::FuncOp func) {
      if (func->hasAttr(kExcludeAttr))
        return;
      for (DetectionMatch &m : matchDetections(func, !testSkipProof))
        process(func, m, report);
    });
    if (sink)
      *sink = report;
    if (!reportFile.empty()) {
      std::string error;
      if (!report.writeJsonFile(reportFile, error)) {
        getOperation().emitError("cannot write detection report '")
            << reportFile << "': " << error;
        return signalPassFailure();
      }
    }
  }

  void process(func::FuncOp func, DetectionMatch &m, DetectionReport &report) {
    Operation *producer = m.roots[0].getDefiningOp();
    Location loc = producer ? producer->getLoc() : func.getLoc();
    DetectionRecord record;
    record.loc = formatReportLocation(loc);
    record.outputs = outputsName(m.spec.packing).str();
    if (m.matched()) {
      OpBuilder b(func.getBody().back().getTerminator());
      SmallVector<Location> locs;
      for (Value root : m.roots)
        if (Operation *def = root.getDefiningOp())
          locs.push_back(def->getLoc());
      DecodeDetectionsOp op =
          buildDecode(b, FusedLoc::get(b.getContext(), locs), m);
      if (failed(op.verify())) {
        // The match is proven against the op's formulas; a verifier
        // refusal here is a bug. Leave the program as it was.
        op->erase();
        m.reason = Refusal::UnrecognizedPattern;
        m.detail = "the matched decode does not verify as "
                   "fusion.decode_detections";
      } else {
        // The op may read a root itself (a head returned as it is).
        for (auto [root, result] : llvm::zip(m.roots, op.getOutputs()))
          root.replaceAllUsesExcept(result, op);
        eraseDeadOpsFrom(m.replaced);
        record.coding = stringifyBoxCoding(m.spec.coding).str();
        record.format = stringifyBoxFormat(m.spec.format).str();
        record.score = stringifyScoreActivation(m.spec.scoreActivation).str();
        record.heads = stringifyHeadLayout(m.boxLayout).str();
        record.levels = m.boxOperands.size();
        record.anchors = m.anchorsPerImage;
        record.classes = m.spec.classes;
      }
    }
    record.fused = m.matched();
    record.reason = getReasonId(m.reason).str();
    record.detail = m.detail;
    report.detections.push_back(record);
    if (!explain)
      return;
    InFlightDiagnostic diag = emitRemark(loc);
    if (!record.fused) {
      diag << "not fused [" << record.reason << "]: detection decode";
      if (m.offender)
        diag << "; stopped at '" << m.offender->getName() << "'";
      diag << ": " << m.detail;
      return;
    }
    diag << "fused [fused]: detection decode " << record.coding;
    if (m.spec.dflBins)
      diag << " (DFL " << m.spec.dflBins << " bins)";
    diag << " to " << record.format << ", " << record.score << " scores of "
         << record.classes << " classes"
         << (m.spec.dropBackground ? " (background dropped)" : "") << ", "
         << record.anchors << " anchors read from " << record.levels << " "
         << record.heads << " head tensor" << (record.levels == 1 ? "" : "s")
         << ", " << record.outputs << " outputs";
  }
};
} // namespace

std::unique_ptr<Pass>
mlir::fusion::createFuseDetections(const FuseDetectionsOptions &options,
                                   DetectionReport *report) {
  return std::make_unique<FuseDetectionsPass>(options, report);
}

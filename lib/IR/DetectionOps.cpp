//===- DetectionOps.cpp - the detection-head op's verifier ----------------===//
///
/// fusion.decode_detections states its codings and layouts instead of
/// leaving them to be guessed, so the verifier checks every shape those
/// declarations imply: a box tensor read as [B, N, 4] that is really
/// [B, 4, N] would decode garbage without a single wrong type.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"

#include <limits>
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::fusion;

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

static bool isPerLevel(HeadLayout layout) {
  return layout == HeadLayout::nchw || layout == HeadLayout::nhwc;
}

HeadLevel HeadLevel::ofShape(ArrayRef<int64_t> shape, HeadLayout layout,
                             int64_t firstAnchor, int64_t &channels) {
  bool nchw = layout == HeadLayout::nchw;
  HeadLevel level;
  level.firstAnchor = firstAnchor;
  level.height = nchw ? shape[2] : shape[1];
  level.width = nchw ? shape[3] : shape[2];
  channels = nchw ? shape[1] : shape[3];
  return level;
}

unsigned HeadGeometry::levelOf(int64_t n) const {
  unsigned level = 0;
  while (level + 1 < levels.size() && levels[level + 1].firstAnchor <= n)
    ++level;
  return level;
}

std::pair<unsigned, SmallVector<int64_t, 4>>
HeadGeometry::locate(int64_t b, int64_t n, int64_t k) const {
  switch (layout) {
  case HeadLayout::bnk:
    return {0, {b, n, k}};
  case HeadLayout::bkn:
    return {0, {b, k, n}};
  case HeadLayout::nchw:
  case HeadLayout::nhwc:
    break;
  }
  unsigned l = levelOf(n);
  const HeadLevel &level = levels[l];
  int64_t local = n - level.firstAnchor;
  int64_t a = local % level.anchorsPerCell;
  int64_t cell = local / level.anchorsPerCell;
  int64_t h = cell / level.width, w = cell % level.width;
  int64_t channel = a * values + k;
  if (layout == HeadLayout::nchw)
    return {l, {b, channel, h, w}};
  return {l, {b, h, w, channel}};
}

namespace {
/// Reads a head's geometry off its operand types, reporting the first shape
/// that contradicts the declared layout.
struct GeometryReader {
  DecodeDetectionsOp op;
  StringRef what;

  InFlightDiagnostic error() { return op.emitOpError(); }

  /// `valuesPerAnchor` is known for boxes (4 or 4 * bins); scores take the
  /// anchors per cell of `boxLevels` and derive the classes.
  FailureOr<HeadGeometry> read(ValueRange operands, HeadLayout layout,
                               int64_t valuesPerAnchor,
                               const HeadGeometry *boxLevels) {
    HeadGeometry g;
    g.layout = layout;
    if (!isPerLevel(layout)) {
      if (operands.size() != 1)
        return error() << what << " layout " << stringifyHeadLayout(layout)
                       << " takes one tensor, got " << operands.size();
      auto type = cast<RankedTensorType>(operands[0].getType());
      if (type.getRank() != 3)
        return error() << "expects " << what << " of rank 3 ([B, N, K] or "
                       << "[B, K, N]), got rank " << type.getRank();
      ArrayRef<int64_t> s = type.getShape();
      g.images = s[0];
      g.anchors = layout == HeadLayout::bnk ? s[1] : s[2];
      g.values = layout == HeadLayout::bnk ? s[2] : s[1];
      return g;
    }
    if (operands.empty())
      return error() << what << " layout " << stringifyHeadLayout(layout)
                     << " takes one tensor per level, got none";
    if (boxLevels && boxLevels->levels.size() != operands.size())
      return error() << "expects one score level per box level ("
                     << boxLevels->levels.size() << "), got "
                     << operands.size();
    for (auto [l, operand] : llvm::enumerate(operands)) {
      auto type = cast<RankedTensorType>(operand.getType());
      if (type.getRank() != 4)
        return error() << "expects " << what << " level " << l
                       << " of rank 4 (" << stringifyHeadLayout(layout)
                       << "), got rank " << type.getRank();
      ArrayRef<int64_t> s = type.getShape();
      int64_t channels = 0;
      HeadLevel level = HeadLevel::ofShape(s, layout, g.anchors, channels);
      if (l == 0)
        g.images = s[0];
      else if (s[0] != g.images)
        return error() << "expects every " << what << " level to hold "
                       << g.images << " images, level " << l << " holds "
                       << s[0];
      if (!boxLevels) {
        if (channels % valuesPerAnchor != 0 || channels == 0)
          return error() << what << " level " << l << " has " << channels
                         << " channels, not a multiple of " << valuesPerAnchor
                         << " values per anchor";
        level.anchorsPerCell = channels / valuesPerAnchor;
        g.values = valuesPerAnchor;
      } else {
        const HeadLevel &box = boxLevels->levels[l];
        if (box.height != level.height || box.width != level.width)
          return error() << what << " level " << l << " is " << level.height
                         << "x" << level.width << ", its box level is "
                         << box.height << "x" << box.width;
        level.anchorsPerCell = box.anchorsPerCell;
        if (channels % box.anchorsPerCell != 0)
          return error() << what << " level " << l << " has " << channels
                         << " channels for " << box.anchorsPerCell
                         << " anchors per cell";
        int64_t classes = channels / box.anchorsPerCell;
        if (l > 0 && classes != g.values)
          return error() << "expects the same classes on every " << what
                         << " level: level 0 has " << g.values << ", level "
                         << l << " has " << classes;
        g.values = classes;
      }
      if (level.numAnchors() == 0)
        return error() << what << " level " << l << " holds no anchors";
      g.levels.push_back(level);
      g.anchors += level.numAnchors();
    }
    return g;
  }
};
} // namespace

static int64_t boxValuesPerAnchor(DecodeDetectionsOp op) {
  return op.getDflBins() > 0 ? 4 * op.getDflBins() : 4;
}

HeadGeometry DecodeDetectionsOp::getBoxGeometry() {
  GeometryReader reader{*this, "boxes"};
  return *reader.read(getBoxes(), getBoxLayout(), boxValuesPerAnchor(*this),
                      nullptr);
}

HeadGeometry DecodeDetectionsOp::getScoreGeometry() {
  HeadGeometry boxes = getBoxGeometry();
  GeometryReader reader{*this, "scores"};
  return *reader.read(getScores(), getScoreLayout(), 0,
                      isPerLevel(getScoreLayout()) ? &boxes : nullptr);
}

int64_t DecodeDetectionsOp::getNumAnchors() {
  return getBoxGeometry().anchors;
}

int64_t DecodeDetectionsOp::getNumClasses() {
  return getScoreGeometry().values;
}

LogicalResult DecodeDetectionsOp::verify() {
  if (getBoxes().empty() || getScores().empty())
    return emitOpError("expects box and score operands");
  Type element = cast<RankedTensorType>(getBoxes()[0].getType()).getElementType();
  SmallVector<Type> all(getBoxes().getTypes());
  llvm::append_range(all, getScores().getTypes());
  llvm::append_range(all, getOutputs().getTypes());
  if (getAnchors())
    all.push_back(getAnchors().getType());
  if (getStrides())
    all.push_back(getStrides().getType());
  for (Type t : all) {
    auto shaped = cast<RankedTensorType>(t);
    if (shaped.getElementType() != element)
      return emitOpError("expects every operand and result of one element "
                         "type, got ")
             << element << " and " << shaped.getElementType();
    if (!shaped.hasStaticShape())
      return emitOpError("needs static shapes, got ") << shaped;
  }

  BoxCoding coding = getCoding();
  int64_t bins = getDflBins();
  if (bins < 0)
    return emitOpError("expects dfl_bins >= 0, got ") << bins;
  // 4 * bins box values per anchor must be a channel count.
  if (bins > std::numeric_limits<int64_t>::max() / 4)
    return emitOpError("expects 4 x dfl_bins to fit int64, got dfl_bins ")
           << bins;
  if (bins > 0 && coding != BoxCoding::ltrb_distance)
    return emitOpError("dfl_bins applies to coding ltrb_distance only");
  if (isPerLevel(getScoreLayout()) && !isPerLevel(getBoxLayout()))
    return emitOpError("score levels take their anchors per cell from box "
                       "levels (box layout nchw or nhwc)");
  GeometryReader boxReader{*this, "boxes"};
  FailureOr<HeadGeometry> b = boxReader.read(
      getBoxes(), getBoxLayout(), boxValuesPerAnchor(*this), nullptr);
  if (failed(b))
    return failure();
  GeometryReader scoreReader{*this, "scores"};
  FailureOr<HeadGeometry> s =
      scoreReader.read(getScores(), getScoreLayout(), 0,
                       isPerLevel(getScoreLayout()) ? &*b : nullptr);
  if (failed(s))
    return failure();
  int64_t perAnchor = boxValuesPerAnchor(*this);
  if (b->values != perAnchor)
    return emitOpError("expects ")
           << perAnchor << " box values per anchor"
           << (bins > 0 ? " (4 distances x dfl_bins)" : "") << ", got "
           << b->values;
  if (s->images != b->images || s->anchors != b->anchors)
    return emitOpError("expects scores for the boxes' ")
           << b->images << " images x " << b->anchors << " anchors, got "
           << s->images << " x " << s->anchors;

  // The box weights.
  ArrayRef<double> weights = getWeights();
  if (weights.size() != 4)
    return emitOpError("expects 4 weights, got ") << weights.size();
  if (coding == BoxCoding::center_size && getScaling() == DeltaScaling::divide)
    for (auto [i, w] : llvm::enumerate(weights))
      if (w == 0.0)
        return emitOpError("weight ") << i << " is zero and scaling divides";
  if (getWhClamp() && coding != BoxCoding::center_size)
    return emitOpError("wh_clamp applies to coding center_size only");
  if (!getWhClamp() && getClampNan() != ClampNan::propagate)
    return emitOpError("clamp_nan applies to a wh_clamp");
  bool anySoftmax =
      bins > 0 || getScoreActivation() == ScoreActivation::softmax;
  if (!anySoftmax && getSoftmaxForm() != SoftmaxForm::divide)
    return emitOpError("softmax_form applies to a softmax (dfl_bins or "
                       "score(softmax))");

  // The anchors, as the declared layout reads them.
  AnchorLayout layout = getAnchorLayout();
  auto anchors = getAnchors() ? getAnchors().getType() : RankedTensorType();
  SmallVector<int64_t> expected;
  switch (layout) {
  case AnchorLayout::n4:
    expected = {b->anchors, 4};
    break;
  case AnchorLayout::one_n4:
    expected = {1, b->anchors, 4};
    break;
  case AnchorLayout::bn4:
    expected = {b->images, b->anchors, 4};
    break;
  case AnchorLayout::points_n2:
    expected = {b->anchors, 2};
    break;
  case AnchorLayout::points_2n:
    expected = {2, b->anchors};
    break;
  case AnchorLayout::none:
    break;
  }
  bool boxAnchors = layout == AnchorLayout::n4 ||
                    layout == AnchorLayout::one_n4 ||
                    layout == AnchorLayout::bn4;
  bool pointAnchors = layout == AnchorLayout::points_n2 ||
                      layout == AnchorLayout::points_2n;
  switch (coding) {
  case BoxCoding::center_size:
    if (!boxAnchors)
      return emitOpError("coding center_size needs anchor boxes "
                         "(anchor_layout n4, one_n4 or bn4)");
    break;
  case BoxCoding::ltrb_distance:
    if (!pointAnchors)
      return emitOpError("coding ltrb_distance needs anchor points "
                         "(anchor_layout points_n2 or points_2n)");
    break;
  case BoxCoding::corners:
    if (layout != AnchorLayout::none)
      return emitOpError("coding corners takes no anchors (anchor_layout "
                         "none)");
    break;
  }
  if (layout == AnchorLayout::none && getAnchors())
    return emitOpError("anchor_layout none takes no anchors operand");
  if (layout != AnchorLayout::none) {
    if (!getAnchors())
      return emitOpError("anchor_layout ")
             << stringifyAnchorLayout(layout) << " needs an anchors operand";
    if (anchors.getShape() != ArrayRef<int64_t>(expected))
      return emitOpError("anchor_layout ")
             << stringifyAnchorLayout(layout) << " expects anchors "
             << shapeString(expected) << ", got "
             << shapeString(anchors.getShape());
  }
  if (coding == BoxCoding::ltrb_distance) {
    if (!getStrides())
      return emitOpError("coding ltrb_distance needs a strides operand");
    ArrayRef<int64_t> st = getStrides().getType().getShape();
    if (st != ArrayRef<int64_t>{b->anchors} &&
        st != ArrayRef<int64_t>{1, b->anchors})
      return emitOpError("expects strides [")
             << b->anchors << "] or [1, " << b->anchors << "], got "
             << shapeString(st);
  } else if (getStrides()) {
    return emitOpError("strides apply to coding ltrb_distance only");
  }

  // What NMS reads.
  int64_t classes = s->values - (getDropBackground() ? 1 : 0);
  if (s->values < 1)
    return emitOpError("expects at least one class");
  if (classes < 1)
    return emitOpError("drop_background leaves no class of ") << s->values;
  SmallVector<SmallVector<int64_t>> want;
  switch (getPacking()) {
  case OutputPacking::split:
    want = {{b->images, b->anchors, 4}, {b->images, b->anchors, classes}};
    break;
  case OutputPacking::bnk:
    want = {{b->images, b->anchors, 4 + classes}};
    break;
  case OutputPacking::bkn:
    want = {{b->images, 4 + classes, b->anchors}};
    break;
  }
  if (getOutputs().size() != want.size())
    return emitOpError("expects ")
           << want.size() << " result" << (want.size() == 1 ? "" : "s")
           << " for packed(" << stringifyOutputPacking(getPacking())
           << "), got " << getOutputs().size();
  static const char *names[] = {"decoded boxes", "decoded scores"};
  for (auto [i, result] : llvm::enumerate(getOutputs())) {
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(result.getType()).getShape();
    if (shape != ArrayRef<int64_t>(want[i]))
      return emitOpError("expects ")
             << (want.size() == 1 ? "packed detections" : names[i]) << " "
             << shapeString(want[i]) << ", got " << shapeString(shape);
  }
  return success();
}

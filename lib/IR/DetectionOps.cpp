//===- DetectionOps.cpp - the detection-head op's verifier ----------------===//
///
/// fusion.decode_detections states its codings and layouts instead of
/// leaving them to be guessed, so the verifier checks every shape those
/// declarations imply: a box tensor read as [B, N, 4] that is really
/// [B, 4, N] would decode garbage without a single wrong type.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::fusion;

namespace {
/// Images, anchors and values per anchor of a head output, by its layout.
struct HeadDims {
  int64_t images, anchors, values;
};
} // namespace

static HeadDims readHead(RankedTensorType type, HeadLayout layout) {
  ArrayRef<int64_t> s = type.getShape();
  if (layout == HeadLayout::bnk)
    return {s[0], s[1], s[2]};
  return {s[0], s[2], s[1]};
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

int64_t DecodeDetectionsOp::getNumAnchors() {
  return readHead(getBoxes().getType(), getBoxLayout()).anchors;
}

int64_t DecodeDetectionsOp::getNumClasses() {
  return readHead(getScores().getType(), getScoreLayout()).values;
}

LogicalResult DecodeDetectionsOp::verify() {
  auto boxes = getBoxes().getType(), scores = getScores().getType();
  auto outBoxes = cast<RankedTensorType>(getDecodedBoxes().getType());
  auto outScores = cast<RankedTensorType>(getDecodedScores().getType());
  Type element = boxes.getElementType();
  SmallVector<Type> all = {scores, outBoxes, outScores};
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
  if (!boxes.hasStaticShape())
    return emitOpError("needs static shapes, got ") << boxes;
  if (boxes.getRank() != 3 || scores.getRank() != 3)
    return emitOpError("expects boxes and scores of rank 3 ([B, N, K] or "
                       "[B, K, N]), got ranks ")
           << boxes.getRank() << " and " << scores.getRank();

  BoxCoding coding = getCoding();
  int64_t bins = getDflBins();
  if (bins < 0)
    return emitOpError("expects dfl_bins >= 0, got ") << bins;
  if (bins > 0 && coding != BoxCoding::ltrb_distance)
    return emitOpError("dfl_bins applies to coding ltrb_distance only");
  HeadDims b = readHead(boxes, getBoxLayout());
  HeadDims s = readHead(scores, getScoreLayout());
  int64_t perAnchor = bins > 0 ? 4 * bins : 4;
  if (b.values != perAnchor)
    return emitOpError("expects ")
           << perAnchor << " box values per anchor"
           << (bins > 0 ? " (4 distances x dfl_bins)" : "") << ", got "
           << b.values;
  if (s.images != b.images || s.anchors != b.anchors)
    return emitOpError("expects scores for the boxes' ")
           << b.images << " images x " << b.anchors << " anchors, got "
           << s.images << " x " << s.anchors;

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

  // The anchors, as the declared layout reads them.
  AnchorLayout layout = getAnchorLayout();
  auto anchors = getAnchors() ? getAnchors().getType() : RankedTensorType();
  SmallVector<int64_t> expected;
  switch (layout) {
  case AnchorLayout::n4:
    expected = {b.anchors, 4};
    break;
  case AnchorLayout::one_n4:
    expected = {1, b.anchors, 4};
    break;
  case AnchorLayout::bn4:
    expected = {b.images, b.anchors, 4};
    break;
  case AnchorLayout::points_n2:
    expected = {b.anchors, 2};
    break;
  case AnchorLayout::points_2n:
    expected = {2, b.anchors};
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
    if (st != ArrayRef<int64_t>{b.anchors} &&
        st != ArrayRef<int64_t>{1, b.anchors})
      return emitOpError("expects strides [")
             << b.anchors << "] or [1, " << b.anchors << "], got "
             << shapeString(st);
  } else if (getStrides()) {
    return emitOpError("strides apply to coding ltrb_distance only");
  }

  // What NMS reads.
  int64_t classes = s.values - (getDropBackground() ? 1 : 0);
  if (classes < 1)
    return emitOpError("drop_background leaves no class of ")
           << s.values;
  SmallVector<int64_t> wantBoxes = {b.images, b.anchors, 4};
  SmallVector<int64_t> wantScores = {b.images, b.anchors, classes};
  if (outBoxes.getShape() != ArrayRef<int64_t>(wantBoxes))
    return emitOpError("expects decoded boxes ")
           << shapeString(wantBoxes) << ", got "
           << shapeString(outBoxes.getShape());
  if (outScores.getShape() != ArrayRef<int64_t>(wantScores))
    return emitOpError("expects decoded scores ")
           << shapeString(wantScores) << ", got "
           << shapeString(outScores.getShape());
  return success();
}

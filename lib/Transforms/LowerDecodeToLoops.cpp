//===- LowerDecodeToLoops.cpp - a detection decode as one loop nest -------===//
///
/// fusion.decode_detections becomes one scf.forall over (image, anchor):
/// each iteration reads its anchor's raw box values, anchor and class
/// logits once, decodes the box and prepares every score in registers, and
/// writes the 4 box coordinates and the C' scores NMS reads. Mapped to the
/// GPU it is one kernel, where the unfused head ran one per elementwise op.
///
/// The arithmetic follows the op's documented formulas in their order, in
/// the element type, so that a fused program rounds as the frontend did.
///
//===----------------------------------------------------------------------===//
#include "ConvLowering.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::fusion;

namespace {
/// Scalar arithmetic of one iteration, in one float type.
struct ScalarMath {
  OpBuilder &b;
  Location loc;
  Type type;
  Value k(double v) { return floatConstant(b, loc, type, v); }
  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }
  Value min(Value x, Value y) {
    return arith::MinimumFOp::create(b, loc, x, y);
  }
  Value max(Value x, Value y) {
    return arith::MaximumFOp::create(b, loc, x, y);
  }
  Value at(Value t, ArrayRef<Value> index) {
    return tensor::ExtractOp::create(b, loc, t, index);
  }
  /// Value `value` of anchor `n` of image `img` in a head output.
  Value head(Value t, HeadLayout layout, Value img, Value n, Value value) {
    return layout == HeadLayout::bnk ? at(t, {img, n, value})
                                     : at(t, {img, value, n});
  }
  /// A loop over [0, count) carrying `init`; `step` returns the new values.
  ValueRange loop(int64_t count, ValueRange init,
                  function_ref<SmallVector<Value>(Value, ValueRange)> step) {
    auto forOp = scf::ForOp::create(
        b, loc, idx(0), idx(count), idx(1), init,
        [&](OpBuilder &nb, Location nl, Value i, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          scf::YieldOp::create(nb, nl, step(i, args));
        });
    return forOp.getResults();
  }
  /// The max and the sum of exp(x - max) over `count` values: a softmax's
  /// two reductions, in torch's order (max first, then the sum).
  struct Softmax {
    Value most, total;
  };
  Softmax softmax(int64_t count, function_ref<Value(Value)> value) {
    Value most = loop(count, {k(-INFINITY)}, [&](Value i, ValueRange a) {
      return SmallVector<Value>{max(a[0], value(i))};
    })[0];
    Value total = loop(count, {k(0.0)}, [&](Value i, ValueRange a) {
      return SmallVector<Value>{add(a[0], exp(sub(value(i), most)))};
    })[0];
    return {most, total};
  }
  /// One probability of that softmax.
  Value probability(const Softmax &s, Value x) {
    return div(exp(sub(x, s.most)), s.total);
  }
};
} // namespace

/// The four raw box values of one anchor; with DFL, each distance is the
/// expectation of its bins' softmax.
static SmallVector<Value> rawBox(ScalarMath &m, DecodeDetectionsOp op,
                                 Value img, Value n) {
  Value boxes = op.getBoxes();
  HeadLayout layout = op.getBoxLayout();
  int64_t bins = op.getDflBins();
  SmallVector<Value> values;
  for (int64_t i = 0; i < 4; ++i) {
    if (bins == 0) {
      values.push_back(m.head(boxes, layout, img, n, m.idx(i)));
      continue;
    }
    auto logit = [&](Value j) {
      Value c = arith::AddIOp::create(m.b, m.loc, m.idx(i * bins), j);
      return m.head(boxes, layout, img, n, c);
    };
    ScalarMath::Softmax binSoftmax = m.softmax(bins, logit);
    Value expectation =
        m.loop(bins, {m.k(0.0)}, [&](Value j, ValueRange a) {
          Value p = m.probability(binSoftmax, logit(j));
          Value jf = arith::UIToFPOp::create(
              m.b, m.loc, m.type,
              arith::IndexCastUIOp::create(m.b, m.loc, m.b.getI64Type(), j));
          return SmallVector<Value>{m.add(a[0], m.mul(p, jf))};
        })[0];
    values.push_back(expectation);
  }
  return values;
}

/// (x1, y1, x2, y2) as the op's formulas give them, then `format`.
static SmallVector<Value> decodeBox(ScalarMath &m, DecodeDetectionsOp op,
                                    Value img, Value n) {
  SmallVector<Value> d = rawBox(m, op, img, n);
  Value anchors = op.getAnchors();
  bool cxcywh = op.getFormat() == BoxFormat::cxcywh;
  switch (op.getCoding()) {
  case BoxCoding::center_size: {
    auto anchor = [&](int64_t k) {
      Value c = m.idx(k);
      switch (op.getAnchorLayout()) {
      case AnchorLayout::one_n4:
        return m.at(anchors, {m.idx(0), n, c});
      case AnchorLayout::bn4:
        return m.at(anchors, {img, n, c});
      default:
        return m.at(anchors, {n, c});
      }
    };
    Value aw, ah, acx, acy;
    if (op.getAnchorFormat() == BoxFormat::xyxy) {
      Value x1 = anchor(0), y1 = anchor(1), x2 = anchor(2), y2 = anchor(3);
      aw = m.sub(x2, x1);
      ah = m.sub(y2, y1);
      acx = m.add(x1, m.mul(m.k(0.5), aw));
      acy = m.add(y1, m.mul(m.k(0.5), ah));
    } else {
      acx = anchor(0);
      acy = anchor(1);
      aw = anchor(2);
      ah = anchor(3);
    }
    ArrayRef<double> w = op.getWeights();
    SmallVector<Value> s(4);
    for (int64_t i = 0; i < 4; ++i)
      s[i] = op.getScaling() == DeltaScaling::divide ? m.div(d[i], m.k(w[i]))
                                                     : m.mul(d[i], m.k(w[i]));
    if (std::optional<APFloat> clamp = op.getWhClamp()) {
      s[2] = m.min(s[2], m.k(clamp->convertToDouble()));
      s[3] = m.min(s[3], m.k(clamp->convertToDouble()));
    }
    Value cx = m.add(m.mul(s[0], aw), acx);
    Value cy = m.add(m.mul(s[1], ah), acy);
    Value pw = m.mul(m.exp(s[2]), aw);
    Value ph = m.mul(m.exp(s[3]), ah);
    if (cxcywh)
      return {cx, cy, pw, ph};
    Value hw = m.mul(m.k(0.5), pw), hh = m.mul(m.k(0.5), ph);
    return {m.sub(cx, hw), m.sub(cy, hh), m.add(cx, hw), m.add(cy, hh)};
  }
  case BoxCoding::ltrb_distance: {
    bool n2 = op.getAnchorLayout() == AnchorLayout::points_n2;
    Value px = n2 ? m.at(anchors, {n, m.idx(0)}) : m.at(anchors, {m.idx(0), n});
    Value py = n2 ? m.at(anchors, {n, m.idx(1)}) : m.at(anchors, {m.idx(1), n});
    TypedValue<RankedTensorType> strides = op.getStrides();
    Value s = strides.getType().getRank() == 1
                  ? m.at(strides, {n})
                  : m.at(strides, {m.idx(0), n});
    Value x1 = m.sub(px, d[0]), y1 = m.sub(py, d[1]);
    Value x2 = m.add(px, d[2]), y2 = m.add(py, d[3]);
    if (!cxcywh)
      return {m.mul(x1, s), m.mul(y1, s), m.mul(x2, s), m.mul(y2, s)};
    Value two = m.k(2.0);
    return {m.mul(m.div(m.add(x1, x2), two), s),
            m.mul(m.div(m.add(y1, y2), two), s), m.mul(m.sub(x2, x1), s),
            m.mul(m.sub(y2, y1), s)};
  }
  case BoxCoding::corners:
    if (!cxcywh)
      return d;
    Value two = m.k(2.0);
    return {m.div(m.add(d[0], d[2]), two), m.div(m.add(d[1], d[3]), two),
            m.sub(d[2], d[0]), m.sub(d[3], d[1])};
  }
  return d;
}

static FailureOr<SmallVector<Value>>
lowerDecode(DecodeDetectionsOp op, PatternRewriter &rewriter) {
  Location loc = op.getLoc();
  auto boxType = cast<RankedTensorType>(op.getDecodedBoxes().getType());
  auto scoreType = cast<RankedTensorType>(op.getDecodedScores().getType());
  Type type = boxType.getElementType();
  int64_t images = boxType.getDimSize(0), anchors = boxType.getDimSize(1);
  int64_t classes = op.getNumClasses(), kept = scoreType.getDimSize(2);
  int64_t first = classes - kept;
  Value boxInit = tensor::EmptyOp::create(rewriter, loc, boxType.getShape(), type);
  Value scoreInit =
      tensor::EmptyOp::create(rewriter, loc, scoreType.getShape(), type);
  SmallVector<OpFoldResult> bounds = {rewriter.getIndexAttr(images),
                                      rewriter.getIndexAttr(anchors)};

  auto body = [&](OpBuilder &b, Location l, ValueRange args) {
    Value img = args[0], n = args[1];
    Value sharedBoxes = args[2], sharedScores = args[3];
    ScalarMath m{b, l, type};
    SmallVector<Value> box = decodeBox(m, op, img, n);
    // Tiles of the shared outputs, written in place: no buffer of the
    // iteration's own, which a GPU thread could not allocate.
    SmallVector<OpFoldResult> unit(3, b.getIndexAttr(1));
    SmallVector<OpFoldResult> boxOffsets = {img, n, b.getIndexAttr(0)};
    SmallVector<OpFoldResult> boxSizes = {b.getIndexAttr(1), b.getIndexAttr(1),
                                          b.getIndexAttr(4)};
    Value boxTile = tensor::ExtractSliceOp::create(
        b, l, RankedTensorType::get({1, 1, 4}, type), sharedBoxes, boxOffsets,
        boxSizes, unit);
    for (int64_t k = 0; k < 4; ++k)
      boxTile = tensor::InsertOp::create(b, l, box[k], boxTile,
                                         {m.idx(0), m.idx(0), m.idx(k)});

    Value scores = op.getScores();
    HeadLayout layout = op.getScoreLayout();
    auto logit = [&](Value c) { return m.head(scores, layout, img, n, c); };
    ScalarMath::Softmax classSoftmax;
    if (op.getScoreActivation() == ScoreActivation::softmax)
      classSoftmax = m.softmax(classes, logit);
    SmallVector<OpFoldResult> scoreOffsets = {img, n, b.getIndexAttr(0)};
    SmallVector<OpFoldResult> scoreSizes = {
        b.getIndexAttr(1), b.getIndexAttr(1), b.getIndexAttr(kept)};
    Value scoreTile = tensor::ExtractSliceOp::create(
        b, l, RankedTensorType::get({1, 1, kept}, type), sharedScores,
        scoreOffsets, scoreSizes, unit);
    scoreTile = m.loop(kept, {scoreTile}, [&](Value c, ValueRange a) {
      Value x = logit(arith::AddIOp::create(b, l, c, m.idx(first)));
      Value score = x;
      switch (op.getScoreActivation()) {
      case ScoreActivation::none:
        break;
      case ScoreActivation::sigmoid:
        score = m.div(m.k(1.0),
                      m.add(m.k(1.0), m.exp(arith::NegFOp::create(b, l, x))));
        break;
      case ScoreActivation::softmax:
        score = m.probability(classSoftmax, x);
        break;
      }
      Value zero = m.idx(0);
      return SmallVector<Value>{
          tensor::InsertOp::create(b, l, score, a[0], {zero, zero, c})};
    })[0];

    auto inParallel = scf::InParallelOp::create(b, l);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(inParallel.getBody());
    tensor::ParallelInsertSliceOp::create(b, l, boxTile, sharedBoxes,
                                          boxOffsets, boxSizes, unit);
    tensor::ParallelInsertSliceOp::create(b, l, scoreTile, sharedScores,
                                          scoreOffsets, scoreSizes, unit);
  };
  auto forall = scf::ForallOp::create(rewriter, loc, bounds,
                                      ValueRange{boxInit, scoreInit},
                                      std::nullopt, body);
  return SmallVector<Value>{forall.getResult(0), forall.getResult(1)};
}

namespace {
struct LowerDecodeDetections : public OpRewritePattern<DecodeDetectionsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DecodeDetectionsOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Value>> lowered = lowerDecode(op, rewriter);
    if (failed(lowered))
      return rewriter.notifyMatchFailure(op, "decode could not be lowered");
    rewriter.replaceOp(op, *lowered);
    return success();
  }
};
} // namespace

void mlir::fusion::populateLowerDecodeToLoopsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LowerDecodeDetections>(patterns.getContext());
}

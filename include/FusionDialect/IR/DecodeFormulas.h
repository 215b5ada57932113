//===- DecodeFormulas.h - fusion.decode_detections' arithmetic --*- C++ -*-===//
///
/// \file
/// The formulas of `fusion.decode_detections`, written once over a value
/// domain. The lowering instantiates them with MLIR values (it emits the
/// ops); `fusion-fuse-detect` instantiates them with symbolic expressions to
/// prove that a candidate op computes, element for element, what the
/// frontend's ops computed. One text for both means the proof is about the
/// code that runs.
///
/// A domain `Math` provides:
///   Scalar, Index                      value types
///   k(double), idx(int64_t)            constants (k in the element type)
///   lowest()                           the lowest finite value of the type
///   add, sub, mul, div, min, max(Scalar, Scalar), exp, neg(Scalar)
///   selectAbove(x, bound)              x > bound or unordered ? bound : x
///   addIdx(Index, Index), toFloat(Index)
///   box(img, n, k), score(img, n, c)   raw head values
///   anchor(ArrayRef<Index>), stride(ArrayRef<Index>)
///   loop(count, init, step)            a sequential loop carrying Scalars
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_IR_DECODEFORMULAS_H
#define FUSIONDIALECT_IR_DECODEFORMULAS_H

#include "FusionDialect/IR/FusionDialect.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cmath>
#include <optional>

namespace mlir::fusion {

/// Everything the formulas read of an op: its attributes and the shapes of
/// its anchors and strides. The recognizer fills one in for a candidate
/// before any op exists.
struct DecodeSpec {
  BoxCoding coding = BoxCoding::corners;
  BoxFormat format = BoxFormat::xyxy;
  AnchorLayout anchorLayout = AnchorLayout::none;
  BoxFormat anchorFormat = BoxFormat::xyxy;
  SmallVector<double, 4> weights = SmallVector<double, 4>(4, 1.0);
  DeltaScaling scaling = DeltaScaling::divide;
  std::optional<double> whClamp;
  ClampNan clampNan = ClampNan::propagate;
  int64_t dflBins = 0;
  ScoreActivation scoreActivation = ScoreActivation::none;
  SoftmaxForm softmaxForm = SoftmaxForm::divide;
  bool dropBackground = false;
  OutputPacking packing = OutputPacking::split;
  /// Rank of the strides operand (1: [N], 2: [1, N]).
  int64_t strideRank = 1;
  /// Classes of the raw scores.
  int64_t classes = 0;

  int64_t keptClasses() const { return classes - (dropBackground ? 1 : 0); }
  int64_t firstKeptClass() const { return dropBackground ? 1 : 0; }

  static DecodeSpec of(DecodeDetectionsOp op) {
    DecodeSpec s;
    s.coding = op.getCoding();
    s.format = op.getFormat();
    s.anchorLayout = op.getAnchorLayout();
    s.anchorFormat = op.getAnchorFormat();
    s.weights.assign(op.getWeights().begin(), op.getWeights().end());
    s.scaling = op.getScaling();
    if (std::optional<APFloat> clamp = op.getWhClamp())
      s.whClamp = clamp->convertToDouble();
    s.clampNan = op.getClampNan();
    s.dflBins = op.getDflBins();
    s.scoreActivation = op.getScoreActivation();
    s.softmaxForm = op.getSoftmaxForm();
    s.dropBackground = op.getDropBackground();
    s.packing = op.getPacking();
    if (op.getStrides())
      s.strideRank = op.getStrides().getType().getRank();
    s.classes = op.getNumClasses();
    return s;
  }
};

template <typename Math> class DecodeFormulas {
public:
  using Scalar = typename Math::Scalar;
  using Index = typename Math::Index;

  DecodeFormulas(Math &m, const DecodeSpec &spec) : m(m), spec(spec) {}

  /// A softmax's two reductions over `count` values, in torch's order (the
  /// max first, then the sum of exp(x - max)).
  struct Softmax {
    Scalar most, total;
  };
  Softmax softmax(int64_t count, function_ref<Scalar(Index)> value) {
    Scalar most = softmaxMax(count, value);
    Scalar total = m.loop(count, {m.k(0.0)}, [&](Index i, ArrayRef<Scalar> a) {
      return SmallVector<Scalar>{m.add(a[0], term(value(i), most))};
    })[0];
    return {most, total};
  }
  /// One probability of that softmax.
  Scalar probability(const Softmax &s, Scalar x) {
    return normalize(term(x, s.most), normalizer(s.total));
  }

  // The pieces of a softmax, for a lowering that keeps each term rather
  // than computing it twice: the same operations, so the same bits.

  /// The max over `count` values, from -inf or the lowest finite value.
  Scalar softmaxMax(int64_t count, function_ref<Scalar(Index)> value) {
    Scalar start = spec.softmaxForm == SoftmaxForm::divide ? m.k(-INFINITY)
                                                           : m.lowest();
    return m.loop(count, {start}, [&](Index i, ArrayRef<Scalar> a) {
      return SmallVector<Scalar>{m.max(a[0], value(i))};
    })[0];
  }
  /// exp(x - max): a term of the sum and the numerator of a probability.
  Scalar term(Scalar x, Scalar most) { return m.exp(m.sub(x, most)); }
  /// What a term is divided by (the sum) or multiplied by (its reciprocal).
  Scalar normalizer(Scalar total) {
    if (spec.softmaxForm == SoftmaxForm::divide)
      return total;
    return m.div(m.k(1.0), total);
  }
  Scalar normalize(Scalar term, Scalar normalizer) {
    if (spec.softmaxForm == SoftmaxForm::divide)
      return m.div(term, normalizer);
    return m.mul(term, normalizer);
  }

  /// The four raw box values of one anchor; with DFL, each distance is the
  /// expectation of its bins' softmax.
  SmallVector<Scalar> rawBox(Index img, Index n) {
    int64_t bins = spec.dflBins;
    SmallVector<Scalar> values;
    for (int64_t i = 0; i < 4; ++i) {
      if (bins == 0) {
        values.push_back(m.box(img, n, m.idx(i)));
        continue;
      }
      auto logit = [&](Index j) {
        return m.box(img, n, m.addIdx(m.idx(i * bins), j));
      };
      Softmax binSoftmax = softmax(bins, logit);
      values.push_back(m.loop(bins, {m.k(0.0)}, [&](Index j,
                                                    ArrayRef<Scalar> a) {
        Scalar p = probability(binSoftmax, logit(j));
        return SmallVector<Scalar>{m.add(a[0], m.mul(p, m.toFloat(j)))};
      })[0]);
    }
    return values;
  }

  /// The decoded box of one anchor, in `format`.
  SmallVector<Scalar> box(Index img, Index n) {
    SmallVector<Scalar> d = rawBox(img, n);
    bool cxcywh = spec.format == BoxFormat::cxcywh;
    switch (spec.coding) {
    case BoxCoding::center_size:
      return centerSize(d, img, n, cxcywh);
    case BoxCoding::ltrb_distance: {
      bool n2 = spec.anchorLayout == AnchorLayout::points_n2;
      Scalar px = n2 ? m.anchor({n, m.idx(0)}) : m.anchor({m.idx(0), n});
      Scalar py = n2 ? m.anchor({n, m.idx(1)}) : m.anchor({m.idx(1), n});
      Scalar s =
          spec.strideRank == 1 ? m.stride({n}) : m.stride({m.idx(0), n});
      Scalar x1 = m.sub(px, d[0]), y1 = m.sub(py, d[1]);
      Scalar x2 = m.add(px, d[2]), y2 = m.add(py, d[3]);
      if (!cxcywh)
        return {m.mul(x1, s), m.mul(y1, s), m.mul(x2, s), m.mul(y2, s)};
      Scalar two = m.k(2.0);
      return {m.mul(m.div(m.add(x1, x2), two), s),
              m.mul(m.div(m.add(y1, y2), two), s), m.mul(m.sub(x2, x1), s),
              m.mul(m.sub(y2, y1), s)};
    }
    case BoxCoding::corners:
      if (!cxcywh)
        return d;
      Scalar two = m.k(2.0);
      return {m.div(m.add(d[0], d[2]), two), m.div(m.add(d[1], d[3]), two),
              m.sub(d[2], d[0]), m.sub(d[3], d[1])};
    }
    return d;
  }

  /// What every score of one anchor shares: its class softmax, if any.
  std::optional<Softmax> prepareScores(Index img, Index n) {
    if (spec.scoreActivation != ScoreActivation::softmax)
      return std::nullopt;
    return softmax(spec.classes,
                   [&](Index c) { return m.score(img, n, c); });
  }

  /// Score of raw class `c` (already offset past a dropped background).
  Scalar score(const std::optional<Softmax> &shared, Index img, Index n,
               Index c) {
    Scalar x = m.score(img, n, c);
    switch (spec.scoreActivation) {
    case ScoreActivation::none:
      return x;
    case ScoreActivation::sigmoid:
      return m.div(m.k(1.0), m.add(m.k(1.0), m.exp(m.neg(x))));
    case ScoreActivation::softmax:
      return probability(*shared, x);
    }
    return x;
  }

private:
  SmallVector<Scalar> centerSize(ArrayRef<Scalar> d, Index img, Index n,
                                 bool cxcywh) {
    auto anchor = [&](int64_t k) {
      Index c = m.idx(k);
      switch (spec.anchorLayout) {
      case AnchorLayout::one_n4:
        return m.anchor({m.idx(0), n, c});
      case AnchorLayout::bn4:
        return m.anchor({img, n, c});
      default:
        return m.anchor({n, c});
      }
    };
    Scalar aw, ah, acx, acy;
    if (spec.anchorFormat == BoxFormat::xyxy) {
      Scalar x1 = anchor(0), y1 = anchor(1), x2 = anchor(2), y2 = anchor(3);
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
    SmallVector<Scalar> s;
    for (int64_t i = 0; i < 4; ++i)
      s.push_back(spec.scaling == DeltaScaling::divide
                      ? m.div(d[i], m.k(spec.weights[i]))
                      : m.mul(d[i], m.k(spec.weights[i])));
    if (spec.whClamp) {
      for (int64_t i = 2; i < 4; ++i)
        s[i] = spec.clampNan == ClampNan::propagate
                   ? m.min(s[i], m.k(*spec.whClamp))
                   : m.selectAbove(s[i], m.k(*spec.whClamp));
    }
    Scalar cx = m.add(m.mul(s[0], aw), acx);
    Scalar cy = m.add(m.mul(s[1], ah), acy);
    Scalar pw = m.mul(m.exp(s[2]), aw);
    Scalar ph = m.mul(m.exp(s[3]), ah);
    if (cxcywh)
      return {cx, cy, pw, ph};
    Scalar hw = m.mul(m.k(0.5), pw), hh = m.mul(m.k(0.5), ph);
    return {m.sub(cx, hw), m.sub(cy, hh), m.add(cx, hw), m.add(cy, hh)};
  }

  Math &m;
  const DecodeSpec &spec;
};

} // namespace mlir::fusion

#endif // FUSIONDIALECT_IR_DECODEFORMULAS_H

//===- DetectionMatcher.cpp - find a detection head's decode --------------===//
///
/// A candidate is a function result shaped like what NMS reads: boxes
/// [B, N, 4] with scores [B, N, C'], or one packed [B, 4 + C', N] or
/// [B, N, 4 + C']. The match runs in stages, each narrowing what the op
/// could be and each with its own refusal:
///
///  1. Level scan: trace the first box value and the first score of every
///     anchor; the head tensors they read, run by run, are the levels.
///     Boxes and scores must come in the same runs (layout_mismatch).
///  2. Box fit on anchor 0: each coding, format and anchor tensor the trace
///     read is tried through DecodeFormulas until one gives the traced
///     expressions exactly (unknown_box_coding, anchor_shape_mismatch).
///  3. Score fit on anchor 0: copy, sigmoid or softmax, background or not.
///  4. Proof: every element of every image and anchor, traced and computed
///     by the formulas, must be the same expression; where boxes and scores
///     read different cells, the orders differ (layout_mismatch).
///  5. The intermediates must have no other users (multi_use).
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Analysis/DetectionMatcher.h"
#include "FusionDialect/Analysis/ElementTrace.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fusion;
using Id = ExprArena::Id;

/// Arena size past which a proof starts afresh between anchors. Anchors
/// share little but constants, and a small arena stays in cache.
static constexpr size_t kArenaLimit = size_t(1) << 14;

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}

namespace {
/// The formulas' value domain for proofs: expressions in an ExprArena. Head
/// values are traced from the candidate's operands, so an expected
/// expression names the same elements a traced one does.
struct ExprMath {
  using Scalar = Id;
  using Index = int64_t;

  ExprArena &arena;
  ElementTracer &tracer;
  const HeadGeometry &boxes, &scores;
  ArrayRef<Value> boxOperands, scoreOperands;
  const ConstTensor *anchors = nullptr, *strides = nullptr;
  bool broken = false;

  Id k(double v) { return arena.constant(v); }
  Id lowest() { return arena.constant(lowestFinite(arena.getType())); }
  int64_t idx(int64_t v) { return v; }
  Id add(Id x, Id y) { return arena.add(x, y); }
  Id sub(Id x, Id y) { return arena.sub(x, y); }
  Id mul(Id x, Id y) { return arena.mul(x, y); }
  Id div(Id x, Id y) { return arena.div(x, y); }
  Id min(Id x, Id y) { return arena.min(x, y); }
  Id max(Id x, Id y) { return arena.max(x, y); }
  Id exp(Id x) { return arena.exp(x); }
  Id neg(Id x) { return arena.neg(x); }
  Id selectAbove(Id x, Id bound) {
    return arena.select(
        arena.compare(arith::CmpFPredicate::UGT, x, bound), bound, x);
  }
  int64_t addIdx(int64_t x, int64_t y) { return x + y; }
  Id toFloat(int64_t i) { return arena.constant(double(i)); }
  Id anchor(ArrayRef<int64_t> index) { return read(anchors, index); }
  Id stride(ArrayRef<int64_t> index) { return read(strides, index); }
  Id box(int64_t img, int64_t n, int64_t k) {
    return head(boxes, boxOperands, img, n, k);
  }
  Id score(int64_t img, int64_t n, int64_t c) {
    return head(scores, scoreOperands, img, n, c);
  }
  SmallVector<Id>
  loop(int64_t count, ArrayRef<Id> init,
       function_ref<SmallVector<Id>(int64_t, ArrayRef<Id>)> step) {
    SmallVector<Id> carried(init);
    for (int64_t i = 0; i < count; ++i)
      carried = step(i, carried);
    return carried;
  }

private:
  Id read(const ConstTensor *data, ArrayRef<int64_t> index) {
    if (!data) {
      broken = true;
      return k(0.0);
    }
    return arena.constant(data->values[data->linearize(index)]);
  }
  Id head(const HeadGeometry &g, ArrayRef<Value> operands, int64_t img,
          int64_t n, int64_t value) {
    auto [operand, index] = g.locate(img, n, value);
    FailureOr<Id> id = tracer.trace(operands[operand], index);
    if (failed(id)) {
      broken = true;
      return k(0.0);
    }
    return *id;
  }
};

/// Where the op's output elements lie among the function's results.
struct OutputView {
  OutputPacking packing = OutputPacking::split;
  Value boxRoot, scoreRoot;
  int64_t images = 0, anchors = 0, kept = 0;

  std::pair<Value, SmallVector<int64_t, 3>> box(int64_t b, int64_t n,
                                                int64_t k) const {
    if (packing == OutputPacking::bkn)
      return {boxRoot, {b, k, n}};
    return {boxRoot, {b, n, k}};
  }
  std::pair<Value, SmallVector<int64_t, 3>> score(int64_t b, int64_t n,
                                                  int64_t c) const {
    switch (packing) {
    case OutputPacking::split:
      return {scoreRoot, {b, n, c}};
    case OutputPacking::bnk:
      return {scoreRoot, {b, n, 4 + c}};
    case OutputPacking::bkn:
      return {scoreRoot, {b, 4 + c, n}};
    }
    return {scoreRoot, {b, n, c}};
  }
  SmallVector<Value, 2> roots() const {
    if (packing == OutputPacking::split)
      return {boxRoot, scoreRoot};
    return {boxRoot};
  }
};

/// One way to read a head: its geometry and operands.
struct HeadOption {
  HeadGeometry geometry;
  SmallVector<Value> operands;
};

/// A run of anchors whose values one head tensor holds.
struct Run {
  Value source;
  int64_t anchors = 0;
};

/// A candidate decode: the spec, with the anchors and strides it reads.
struct Hypothesis {
  DecodeSpec spec;
  DecodeConstant anchors, strides;
};

/// Why a stage failed; the deepest stage's reason is the one reported.
struct Failure {
  int stage = -1;
  Refusal reason = Refusal::UnrecognizedPattern;
  std::string detail;
  Operation *offender = nullptr;
};

class Matcher {
public:
  Matcher(FloatType type, bool prove)
      : arena(type), tracer(arena), prove(prove) {}

  /// The match, or the refusal of the stage that got furthest.
  FailureOr<DetectionMatch> run(const OutputView &view, Failure &why);

private:
  FailureOr<SmallVector<Run>> scanRuns(const OutputView &view, bool boxes,
                                       Failure &why);
  /// The one head tensor anchor `n`'s first box value (or score) reads.
  FailureOr<Value> headOf(const OutputView &view, bool boxes, int64_t n,
                          Failure &why);
  std::vector<HeadOption> headOptions(ArrayRef<Run> runs,
                                      const HeadOption *boxLevels);
  std::vector<std::pair<HeadOption, Hypothesis>>
  fitBoxes(const OutputView &view, ArrayRef<HeadOption> options,
           const HeadOption &anyScores, Failure &why);
  /// Stage 3: the score activations that give anchor 0's scores.
  std::vector<Hypothesis> scoreHypotheses(const OutputView &view,
                                          const HeadOption &boxes,
                                          const HeadOption &scores,
                                          const Hypothesis &box);
  /// Stage 4: `h` gives every element of every image and anchor.
  bool proveAll(const OutputView &view, const HeadOption &boxes,
                const HeadOption &scores, const Hypothesis &h, Failure &why);
  bool sameAsFormulas(const OutputView &view, const HeadOption &boxes,
                      const HeadOption &scores, const Hypothesis &h,
                      int64_t image, int64_t anchor, bool withBoxes,
                      bool withScores);
  std::string diagnose(const OutputView &view, const HeadOption &boxes,
                       const HeadOption &scores, int64_t image,
                       int64_t anchor, bool &layout);
  std::string describeCell(Id expression, const HeadOption &head);
  void refuse(Failure &why, int stage, Refusal reason, const Twine &detail,
              Operation *offender = nullptr) {
    if (stage < why.stage)
      return;
    why.stage = stage;
    why.reason = reason;
    why.detail = detail.str();
    why.offender = offender;
  }
  void reset() {
    arena.clear();
    tracer.clearMemo();
  }

  ExprArena arena;
  ElementTracer tracer;
  /// False (tests only): anchor 0 decides.
  bool prove;
};
} // namespace

//===----------------------------------------------------------------------===//
// Stage 1: levels
//===----------------------------------------------------------------------===//

FailureOr<Value> Matcher::headOf(const OutputView &view, bool boxes,
                                 int64_t n, Failure &why) {
  StringRef what = boxes ? "box" : "score";
  if (arena.size() > kArenaLimit)
    reset();
  auto [root, index] = boxes ? view.box(0, n, 0) : view.score(0, n, 0);
  FailureOr<Id> id = tracer.trace(root, index);
  if (failed(id)) {
    refuse(why, 0, Refusal::UnrecognizedPattern,
           "the " + what + " values go through " +
               (tracer.getFailedOp()
                    ? "'" + tracer.getFailedOp()->getName().getStringRef() +
                          "'"
                    : StringRef("an op")) +
               ": " + tracer.getFailure(),
           tracer.getFailedOp());
    return failure();
  }
  Value head;
  for (Id leaf : arena.elementsOf(*id)) {
    unsigned source = arena.get(leaf).source;
    Value value = tracer.getSource(source);
    if (tracer.isUnreadSource(source)) {
      Operation *op = value.getDefiningOp();
      refuse(why, 0, Refusal::UnrecognizedPattern,
             "the " + what + " values go through '" +
                 op->getName().getStringRef() +
                 "', which the recognizer does not read",
             op);
      return failure();
    }
    if (head && head != value) {
      refuse(why, 0, Refusal::UnrecognizedPattern,
             "anchor " + Twine(n) + "'s " + what + " reads two head tensors");
      return failure();
    }
    head = value;
  }
  if (!head) {
    refuse(why, 0, Refusal::UnrecognizedPattern,
           "anchor " + Twine(n) + "'s " + what + " is a constant");
    return failure();
  }
  return head;
}

FailureOr<SmallVector<Run>> Matcher::scanRuns(const OutputView &view,
                                              bool boxes, Failure &why) {
  StringRef what = boxes ? "box" : "score";
  // Runs are found by galloping to each run's end: O(levels x log N)
  // traces. A head that comes back after another, which this could miss,
  // fails the proof over every anchor instead.
  SmallVector<Run> runs;
  for (int64_t start = 0; start < view.anchors;) {
    FailureOr<Value> head = headOf(view, boxes, start, why);
    if (failed(head))
      return failure();
    int64_t last = start, step = 1;
    while (true) {
      int64_t next = std::min(last + step, view.anchors - 1);
      if (next == last)
        break;
      FailureOr<Value> at = headOf(view, boxes, next, why);
      if (failed(at))
        return failure();
      if (*at != *head)
        break;
      last = next;
      step *= 2;
    }
    // The run ends in (last, last + step]: bisect.
    int64_t hi = std::min(last + step, view.anchors);
    while (hi - last > 1) {
      int64_t mid = last + (hi - last) / 2;
      FailureOr<Value> at = headOf(view, boxes, mid, why);
      if (failed(at))
        return failure();
      if (*at == *head)
        last = mid;
      else
        hi = mid;
    }
    runs.push_back({*head, last - start + 1});
    start = last + 1;
  }
  for (auto [i, run] : llvm::enumerate(runs)) {
    auto type = cast<RankedTensorType>(run.source.getType());
    if (type.getElementType() != arena.getType() ||
        (type.getRank() != 3 && type.getRank() != 4)) {
      refuse(why, 0, Refusal::UnrecognizedPattern,
             "the " + what + " head " + shapeString(type.getShape()) +
                 " is not a rank-3 head output or a rank-4 conv output of "
                 "the decode's element type");
      return failure();
    }
    for (size_t j = 0; j < i; ++j)
      if (runs[j].source == run.source) {
        refuse(why, 0, Refusal::LayoutMismatch,
               "the " + what + " anchors leave a head tensor and come "
                               "back to it");
        return failure();
      }
  }
  return runs;
}

std::vector<HeadOption> Matcher::headOptions(ArrayRef<Run> runs,
                                             const HeadOption *boxLevels) {
  std::vector<HeadOption> options;
  auto rank = [](Value v) { return cast<ShapedType>(v.getType()).getRank(); };
  if (runs.size() == 1 && rank(runs[0].source) == 3) {
    ArrayRef<int64_t> s = shapeOf(runs[0].source);
    for (HeadLayout layout : {HeadLayout::bnk, HeadLayout::bkn}) {
      HeadGeometry g;
      g.layout = layout;
      g.images = s[0];
      g.anchors = layout == HeadLayout::bnk ? s[1] : s[2];
      g.values = layout == HeadLayout::bnk ? s[2] : s[1];
      if (g.anchors == runs[0].anchors)
        options.push_back({g, {runs[0].source}});
    }
    return options;
  }
  for (HeadLayout layout : {HeadLayout::nchw, HeadLayout::nhwc}) {
    if (boxLevels && boxLevels->geometry.layout != HeadLayout::nchw &&
        boxLevels->geometry.layout != HeadLayout::nhwc)
      return options;
    HeadGeometry g;
    g.layout = layout;
    SmallVector<Value> operands;
    bool ok = true;
    for (auto [l, run] : llvm::enumerate(runs)) {
      if (rank(run.source) != 4) {
        ok = false;
        break;
      }
      ArrayRef<int64_t> s = shapeOf(run.source);
      int64_t channels = 0;
      HeadLevel level = HeadLevel::ofShape(s, layout, g.anchors, channels);
      int64_t cells = level.height * level.width;
      if (boxLevels) {
        const HeadLevel &box = boxLevels->geometry.levels[l];
        if (box.height != level.height || box.width != level.width) {
          ok = false;
          break;
        }
      }
      if (cells == 0 || run.anchors % cells != 0) {
        ok = false;
        break;
      }
      level.anchorsPerCell = run.anchors / cells;
      if (channels % level.anchorsPerCell != 0) {
        ok = false;
        break;
      }
      int64_t perAnchor = channels / level.anchorsPerCell;
      if (l > 0 && perAnchor != g.values) {
        ok = false;
        break;
      }
      g.values = perAnchor;
      g.images = s[0];
      g.levels.push_back(level);
      g.anchors += level.numAnchors();
      operands.push_back(run.source);
    }
    if (ok)
      options.push_back({g, operands});
  }
  return options;
}

//===----------------------------------------------------------------------===//
// Stages 2-4: fit and prove
//===----------------------------------------------------------------------===//

bool Matcher::sameAsFormulas(const OutputView &view, const HeadOption &boxes,
                             const HeadOption &scores, const Hypothesis &h,
                             int64_t image, int64_t anchor, bool withBoxes,
                             bool withScores) {
  const ConstTensor *anchors = h.anchors.data ? &*h.anchors.data : nullptr;
  const ConstTensor *strides = h.strides.data ? &*h.strides.data : nullptr;
  ExprMath m{arena,        tracer,          boxes.geometry, scores.geometry,
             boxes.operands, scores.operands, anchors,        strides};
  DecodeFormulas<ExprMath> f(m, h.spec);
  if (withBoxes) {
    SmallVector<Id> expected = f.box(image, anchor);
    if (m.broken)
      return false;
    for (int64_t k = 0; k < 4; ++k) {
      auto [root, index] = view.box(image, anchor, k);
      FailureOr<Id> traced = tracer.trace(root, index);
      if (failed(traced) || *traced != expected[k])
        return false;
    }
  }
  if (withScores) {
    auto shared = f.prepareScores(image, anchor);
    for (int64_t c = 0; c < h.spec.keptClasses(); ++c) {
      Id expected =
          f.score(shared, image, anchor, c + h.spec.firstKeptClass());
      if (m.broken)
        return false;
      auto [root, index] = view.score(image, anchor, c);
      FailureOr<Id> traced = tracer.trace(root, index);
      if (failed(traced) || *traced != expected)
        return false;
    }
  }
  return true;
}

/// A constant the trace read, as the operand of a layout: the value itself
/// when its shape is the layout's, else its data in that shape.
static DecodeConstant asLayout(Value value, const ConstTensor &data,
                               ArrayRef<int64_t> shape) {
  DecodeConstant c;
  c.shape.assign(shape.begin(), shape.end());
  c.data = data;
  c.data->shape.assign(shape.begin(), shape.end());
  if (shapeOf(value) == shape)
    c.value = value;
  return c;
}

namespace {
/// What may scale each raw delta, and what may clamp dw and dh, read off the
/// traced expressions of anchor 0's box. These are candidates, not answers:
/// with a weight of 1, a delta is multiplied by the anchor's width first,
/// which looks like a weight too. The fit tries them all.
struct DeltaCandidates {
  /// Per delta: (multiplies?, factor); the first is no scaling at all.
  SmallVector<SmallVector<std::pair<bool, double>, 2>, 4> scale;
  /// The first is no clamp.
  SmallVector<std::optional<std::pair<ClampNan, double>>, 2> clamps;
};
} // namespace

static DeltaCandidates readDeltaCandidates(const ExprArena &arena,
                                           ArrayRef<Id> traced,
                                           ArrayRef<std::optional<Id>> raw) {
  DeltaCandidates c;
  DenseSet<Id> all;
  SmallVector<Id> nodes;
  for (Id root : traced)
    for (Id id : arena.subexpressions(root))
      if (all.insert(id).second)
        nodes.push_back(id);
  using Kind = ExprArena::Kind;
  auto addOnce = [](auto &list, auto value) {
    if (!llvm::is_contained(list, value))
      list.push_back(value);
  };
  for (int64_t k = 0; k < 4; ++k) {
    c.scale.push_back({{false, 1.0}});
    if (!raw[k])
      continue;
    for (Id id : nodes) {
      const ExprArena::Node &n = arena.get(id);
      if (n.kind != Kind::Mul && n.kind != Kind::Div)
        continue;
      for (int i = 0; i < 2; ++i)
        if (n.operands[i] == *raw[k] && (n.kind == Kind::Mul || i == 0))
          if (auto f = arena.constantValue(n.operands[1 - i]))
            if (c.scale[k].size() < 4)
              addOnce(c.scale[k], std::pair{n.kind == Kind::Mul, *f});
    }
  }
  c.clamps.push_back(std::nullopt);
  for (Id id : nodes) {
    const ExprArena::Node &n = arena.get(id);
    if (n.kind == Kind::Min) {
      for (int i = 0; i < 2; ++i)
        if (auto bound = arena.constantValue(n.operands[i]))
          addOnce(c.clamps, std::optional{std::pair{ClampNan::propagate,
                                                    *bound}});
    } else if (n.kind == Kind::Select) {
      const ExprArena::Node &cond = arena.get(n.operands[0]);
      if (cond.kind == Kind::Compare &&
          cond.predicate == uint8_t(arith::CmpFPredicate::UGT) &&
          cond.operands[0] == n.operands[2] &&
          cond.operands[1] == n.operands[1])
        if (auto bound = arena.constantValue(n.operands[1]))
          addOnce(c.clamps,
                  std::optional{std::pair{ClampNan::bound, *bound}});
    }
  }
  return c;
}

/// Every choice of one scale per delta, as weights of both scalings.
static SmallVector<std::pair<DeltaScaling, SmallVector<double, 4>>>
weightChoices(const DeltaCandidates &c) {
  SmallVector<std::pair<DeltaScaling, SmallVector<double, 4>>> choices;
  SmallVector<size_t, 4> pick(4, 0);
  while (true) {
    for (DeltaScaling scaling :
         {DeltaScaling::divide, DeltaScaling::multiply}) {
      SmallVector<double, 4> weights;
      for (int64_t k = 0; k < 4; ++k) {
        auto [multiplies, factor] = c.scale[k][pick[k]];
        bool same = multiplies == (scaling == DeltaScaling::multiply);
        weights.push_back(same ? factor : 1.0 / factor);
      }
      choices.push_back({scaling, weights});
    }
    int64_t k = 0;
    while (k < 4 && ++pick[k] == c.scale[k].size())
      pick[k++] = 0;
    if (k == 4)
      break;
  }
  return choices;
}

std::vector<std::pair<HeadOption, Hypothesis>>
Matcher::fitBoxes(const OutputView &view, ArrayRef<HeadOption> options,
                  const HeadOption &anyScores, Failure &why) {
  std::vector<std::pair<HeadOption, Hypothesis>> fits;
  for (const HeadOption &option : options) {
    int64_t values = option.geometry.values;
    if (values != 4 && (values % 4 != 0 || values < 8))
      continue;
    int64_t bins = values == 4 ? 0 : values / 4;
    int64_t n = view.anchors, b = view.images;
    SmallVector<Id> traced;
    bool ok = true;
    for (int64_t k = 0; k < 4 && ok; ++k) {
      auto [root, index] = view.box(0, 0, k);
      FailureOr<Id> id = tracer.trace(root, index);
      ok = succeeded(id);
      if (ok)
        traced.push_back(*id);
    }
    if (!ok)
      continue;
    // Raw deltas of anchor 0, as elements of the head tensors.
    SmallVector<std::optional<Id>> raw;
    for (int64_t k = 0; k < 4; ++k) {
      auto [operand, index] = option.geometry.locate(0, 0, k);
      std::optional<unsigned> source =
          tracer.findSource(option.operands[operand]);
      raw.push_back(source ? arena.findElement(
                                 *source, linearizeIndex(
                                              index, shapeOf(option.operands
                                                                 [operand])))
                           : std::nullopt);
    }

    std::vector<Hypothesis> hypotheses;
    DecodeSpec base;
    base.dflBins = bins;
    for (BoxFormat format : {BoxFormat::xyxy, BoxFormat::cxcywh}) {
      if (bins == 0) {
        Hypothesis h;
        h.spec = base;
        h.spec.coding = BoxCoding::corners;
        h.spec.format = format;
        hypotheses.push_back(h);
      }
    }
    SmallVector<Value> constants(tracer.getConstantsRead());
    // Center-size against every constant with the anchors' element count.
    DeltaCandidates deltas = readDeltaCandidates(arena, traced, raw);
    auto weights = weightChoices(deltas);
    for (Value c : constants) {
      const ConstTensor &data = tracer.getConstantData(c);
      SmallVector<std::pair<AnchorLayout, SmallVector<int64_t>>> layouts;
      if (data.size() == 4 * n)
        layouts.push_back({AnchorLayout::n4, {n, 4}});
      if (b > 1 && data.size() == 4 * n * b)
        layouts.push_back({AnchorLayout::bn4, {b, n, 4}});
      if (bins != 0)
        layouts.clear();
      for (auto &[layout, shape] : layouts) {
        if (layout == AnchorLayout::n4 && shapeOf(c).size() == 3 &&
            shapeOf(c)[0] == 1)
          layout = AnchorLayout::one_n4, shape = {1, n, 4};
        for (auto &[scaling, w] : weights)
          for (auto &clamp : deltas.clamps)
            for (BoxFormat anchorFormat :
                 {BoxFormat::xyxy, BoxFormat::cxcywh})
              for (BoxFormat format : {BoxFormat::xyxy, BoxFormat::cxcywh}) {
                Hypothesis h;
                h.spec = base;
                h.spec.coding = BoxCoding::center_size;
                h.spec.format = format;
                h.spec.anchorLayout = layout;
                h.spec.anchorFormat = anchorFormat;
                h.spec.weights = w;
                h.spec.scaling = scaling;
                if (clamp) {
                  h.spec.clampNan = clamp->first;
                  h.spec.whClamp = clamp->second;
                }
                h.anchors = asLayout(c, data, shape);
                hypotheses.push_back(h);
              }
      }
    }
    // Distances from anchor points, times strides.
    for (Value p : constants) {
      const ConstTensor &points = tracer.getConstantData(p);
      if (points.size() != 2 * n)
        continue;
      for (Value s : constants) {
        const ConstTensor &strides = tracer.getConstantData(s);
        if (strides.size() != n)
          continue;
        for (auto [layout, shape] :
             {std::pair{AnchorLayout::points_2n, SmallVector<int64_t>{2, n}},
              std::pair{AnchorLayout::points_n2, SmallVector<int64_t>{n, 2}}})
          for (BoxFormat format : {BoxFormat::xyxy, BoxFormat::cxcywh})
            for (SoftmaxForm softmax :
                 {SoftmaxForm::divide, SoftmaxForm::reciprocal}) {
              if (bins == 0 && softmax != SoftmaxForm::divide)
                continue;
              Hypothesis h;
              h.spec = base;
              h.spec.coding = BoxCoding::ltrb_distance;
              h.spec.format = format;
              h.spec.anchorLayout = layout;
              h.spec.softmaxForm = softmax;
              h.anchors = asLayout(p, points, shape);
              bool flat = shapeOf(s).size() == 1;
              SmallVector<int64_t> strideShape =
                  flat ? SmallVector<int64_t>{n} : SmallVector<int64_t>{1, n};
              h.strides = asLayout(s, strides, strideShape);
              h.spec.strideRank = flat ? 1 : 2;
              hypotheses.push_back(h);
            }
      }
    }
    for (const Hypothesis &h : hypotheses)
      if (sameAsFormulas(view, option, anyScores, h, 0, 0, true, false))
        fits.push_back({option, h});
  }
  if (fits.empty()) {
    // Anchors: constants shaped as boxes (last dimension 4) or points (a
    // dimension of 2). Refused for their shape when one is read and none
    // has the element count these anchors need.
    int64_t n = view.anchors, b = view.images;
    SmallVector<std::string> shapes;
    bool rightSize = false;
    for (Value c : tracer.getConstantsRead()) {
      ArrayRef<int64_t> shape = shapeOf(c);
      int64_t size = tracer.getConstantData(c).size();
      bool boxes = shape.size() >= 2 && shape.back() == 4;
      bool points = shape.size() >= 2 &&
                    (shape.back() == 2 || shape[shape.size() - 2] == 2);
      if (!boxes && !points)
        continue;
      shapes.push_back(shapeString(shape));
      rightSize |= (boxes && (size == 4 * n || size == 4 * n * b)) ||
                   (points && size == 2 * n);
    }
    if (!shapes.empty() && !rightSize)
      refuse(why, 2, Refusal::AnchorShapeMismatch,
             "the box decode reads anchors " + llvm::join(shapes, ", ") +
                 "; " + Twine(n) + " anchors need [" + Twine(n) +
                 ", 4], [1, " + Twine(n) + ", 4] or [B, " + Twine(n) +
                 ", 4] boxes, or [2, " + Twine(n) + "] or [" + Twine(n) +
                 ", 2] points");
    else
      refuse(why, 2, Refusal::UnknownBoxCoding,
             "anchor 0's box is none of the codings the op defines "
             "(center-size deltas against anchors, ltrb distances from "
             "anchor points times strides, corners), in any output format");
  }
  return fits;
}

std::string Matcher::describeCell(Id expression, const HeadOption &head) {
  SmallVector<Id> leaves = arena.elementsOf(expression);
  if (leaves.empty())
    return "no head value";
  const ExprArena::Node &leaf = arena.get(leaves.front());
  Value source = tracer.getSource(leaf.source);
  SmallVector<int64_t> at = tracer.sourceIndex(leaf.source, leaf.index);
  const HeadGeometry &g = head.geometry;
  auto level = llvm::find(head.operands, source);
  if (level == head.operands.end())
    return "a tensor that is not the head's";
  unsigned l = level - head.operands.begin();
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (g.layout) {
  case HeadLayout::bnk:
    os << "anchor " << at[1];
    break;
  case HeadLayout::bkn:
    os << "anchor " << at[2];
    break;
  case HeadLayout::nchw:
  case HeadLayout::nhwc: {
    bool nchw = g.layout == HeadLayout::nchw;
    int64_t channel = nchw ? at[1] : at[3];
    int64_t h = nchw ? at[2] : at[1], w = nchw ? at[3] : at[2];
    os << "level " << l << " cell (" << h << ", " << w << ") anchor "
       << channel / g.values;
    break;
  }
  }
  return os.str();
}

std::string Matcher::diagnose(const OutputView &view, const HeadOption &boxes,
                              const HeadOption &scores, int64_t image,
                              int64_t anchor, bool &layout) {
  auto [boxRoot, boxIndex] = view.box(image, anchor, 0);
  auto [scoreRoot, scoreIndex] = view.score(image, anchor, 0);
  FailureOr<Id> box = tracer.trace(boxRoot, boxIndex);
  FailureOr<Id> score = tracer.trace(scoreRoot, scoreIndex);
  std::string boxCell = succeeded(box) ? describeCell(*box, boxes) : "?";
  std::string scoreCell =
      succeeded(score) ? describeCell(*score, scores) : "?";
  layout = boxCell != scoreCell;
  if (layout)
    return "output anchor " + std::to_string(anchor) + " takes its box from " +
           boxCell + " but its scores from " + scoreCell +
           ": the box and score paths order the anchors differently";
  return "output anchor " + std::to_string(anchor) + " (image " +
         std::to_string(image) +
         ") is not what the formulas give for the head's anchor at " +
         boxCell + ", although anchor 0 is (the anchors of a level are not "
         "in (h, w, a) order, or the decode differs there)";
}

std::vector<Hypothesis>
Matcher::scoreHypotheses(const OutputView &view, const HeadOption &boxes,
                         const HeadOption &scores, const Hypothesis &box) {
  std::vector<Hypothesis> fits;
  int64_t classes = scores.geometry.values;
  bool dfl = box.spec.dflBins > 0;
  for (bool drop : {false, true}) {
    if (classes - (drop ? 1 : 0) != view.kept)
      continue;
    for (ScoreActivation activation :
         {ScoreActivation::none, ScoreActivation::sigmoid,
          ScoreActivation::softmax})
      for (SoftmaxForm softmax :
           {SoftmaxForm::divide, SoftmaxForm::reciprocal}) {
        // One softmax_form serves the DFL bins and the classes.
        if (dfl ? softmax != box.spec.softmaxForm
                : activation != ScoreActivation::softmax &&
                      softmax != SoftmaxForm::divide)
          continue;
        Hypothesis h = box;
        h.spec.scoreActivation = activation;
        h.spec.softmaxForm = softmax;
        h.spec.dropBackground = drop;
        h.spec.classes = classes;
        h.spec.packing = view.packing;
        if (sameAsFormulas(view, boxes, scores, h, 0, 0, false, true))
          fits.push_back(h);
      }
  }
  return fits;
}

bool Matcher::proveAll(const OutputView &view, const HeadOption &boxes,
                       const HeadOption &scores, const Hypothesis &h,
                       Failure &why) {
  if (!prove)
    return true;
  for (int64_t img = 0; img < view.images; ++img)
    for (int64_t n = 0; n < view.anchors; ++n) {
      if (arena.size() > kArenaLimit)
        reset();
      if (sameAsFormulas(view, boxes, scores, h, img, n, true, true))
        continue;
      bool layout = false;
      std::string detail = diagnose(view, boxes, scores, img, n, layout);
      refuse(why, 4,
             layout ? Refusal::LayoutMismatch : Refusal::UnrecognizedPattern,
             detail);
      return false;
    }
  return true;
}

/// The ops a match replaces must feed nothing else.
static Operation *findOutsideUser(ArrayRef<Operation *> region,
                                  ArrayRef<Value> roots, Operation *&inside) {
  llvm::SmallPtrSet<Operation *, 32> members(region.begin(), region.end());
  for (Operation *op : region)
    for (OpResult result : op->getResults()) {
      if (llvm::is_contained(roots, result) ||
          isComputedFromConstants(result))
        continue;
      for (Operation *user : result.getUsers())
        if (!members.contains(user)) {
          inside = op;
          return user;
        }
    }
  return nullptr;
}

FailureOr<DetectionMatch> Matcher::run(const OutputView &view, Failure &why) {
  FailureOr<SmallVector<Run>> boxRuns = scanRuns(view, true, why);
  if (failed(boxRuns))
    return failure();
  FailureOr<SmallVector<Run>> scoreRuns = scanRuns(view, false, why);
  if (failed(scoreRuns))
    return failure();
  auto counts = [](ArrayRef<Run> runs) {
    SmallVector<std::string> c;
    for (const Run &r : runs)
      c.push_back(std::to_string(r.anchors));
    return llvm::join(c, ", ");
  };
  bool boxLevels = cast<ShapedType>((*boxRuns)[0].source.getType()).getRank() == 4;
  bool scoreLevels =
      cast<ShapedType>((*scoreRuns)[0].source.getType()).getRank() == 4;
  if (boxLevels && scoreLevels && counts(*boxRuns) != counts(*scoreRuns)) {
    refuse(why, 1, Refusal::LayoutMismatch,
           "the boxes come from " + Twine(boxRuns->size()) +
               " head tensors of " + counts(*boxRuns) +
               " anchors, the scores from " + Twine(scoreRuns->size()) +
               " of " + counts(*scoreRuns));
    return failure();
  }
  if (!boxLevels && scoreLevels) {
    refuse(why, 1, Refusal::UnrecognizedPattern,
           "the scores are read per level but the boxes from one tensor");
    return failure();
  }

  std::vector<HeadOption> boxOptions = headOptions(*boxRuns, nullptr);
  if (boxOptions.empty()) {
    refuse(why, 1, Refusal::UnrecognizedPattern,
           "the box head tensors' shapes do not hold " + counts(*boxRuns) +
               " anchors in whole cells");
    return failure();
  }
  // Anchor 0's box reads no score; any score reading serves the box fit.
  std::vector<HeadOption> firstScores =
      headOptions(*scoreRuns, scoreLevels ? &boxOptions[0] : nullptr);
  if (firstScores.empty()) {
    refuse(why, 1, Refusal::LayoutMismatch,
           "the score head tensors do not match the box levels' cells");
    return failure();
  }
  std::vector<std::pair<HeadOption, Hypothesis>> boxFits =
      fitBoxes(view, boxOptions, firstScores[0], why);
  if (boxFits.empty())
    return failure();

  for (auto &[boxOption, boxHypothesis] : boxFits) {
    std::vector<HeadOption> scoreOptions =
        headOptions(*scoreRuns, scoreLevels ? &boxOption : nullptr);
    for (const HeadOption &scoreOption : scoreOptions)
      for (const Hypothesis &h :
           scoreHypotheses(view, boxOption, scoreOption, boxHypothesis)) {
        if (!proveAll(view, boxOption, scoreOption, h, why))
          continue;
        // Stage 5: nothing else may read what the op replaces.
        SmallVector<Value, 2> roots = view.roots();
        Operation *inside = nullptr;
        Operation *user = findOutsideUser(tracer.getVisited(), roots, inside);
        if (user && prove) {
          refuse(why, 5, Refusal::MultiUse,
                 "the intermediate of '" + inside->getName().getStringRef() +
                     "' is also read by '" + user->getName().getStringRef() +
                     "' outside the decode",
                 inside);
          return failure();
        }
        DetectionMatch match;
        match.roots = roots;
        match.replaced.assign(tracer.getVisited().begin(),
                              tracer.getVisited().end());
        match.spec = h.spec;
        match.boxLayout = boxOption.geometry.layout;
        match.scoreLayout = scoreOption.geometry.layout;
        match.boxOperands = boxOption.operands;
        match.scoreOperands = scoreOption.operands;
        match.anchors = h.anchors;
        match.strides = h.strides;
        match.images = view.images;
        match.anchorsPerImage = view.anchors;
        return match;
      }
  }
  refuse(why, 3, Refusal::UnrecognizedPattern,
         "anchor 0's scores are not a copy, sigmoid or softmax of its class "
         "logits (background kept or dropped) as the op defines them");
  return failure();
}

//===----------------------------------------------------------------------===//
// Candidates
//===----------------------------------------------------------------------===//

std::vector<DetectionMatch> mlir::fusion::matchDetections(func::FuncOp func,
                                                         bool prove) {
  std::vector<DetectionMatch> matches;
  if (func.isExternal())
    return matches;
  Operation *terminator = func.getBody().back().getTerminator();
  SmallVector<Value> results;
  for (Value v : terminator->getOperands()) {
    // A decode that is already one op is not a candidate again.
    if (isa_and_nonnull<DecodeDetectionsOp>(v.getDefiningOp()))
      continue;
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (type && type.getRank() == 3 && type.hasStaticShape() &&
        isa<FloatType>(type.getElementType()) && !llvm::is_contained(results, v))
      results.push_back(v);
  }

  // Candidate views: boxes [B, N, 4] paired with scores [B, N, C'], then
  // every other result as one packed output.
  std::vector<SmallVector<OutputView, 2>> candidates;
  SmallVector<bool> paired(results.size(), false);
  for (size_t i = 0; i < results.size(); ++i)
    for (size_t j = i + 1; j < results.size(); ++j) {
      if (paired[i] || paired[j])
        continue;
      ArrayRef<int64_t> a = shapeOf(results[i]), c = shapeOf(results[j]);
      if (a[0] != c[0] || a[1] != c[1] || (a[2] != 4 && c[2] != 4))
        continue;
      // With four classes either could be the boxes: both are tried.
      SmallVector<OutputView, 2> views;
      for (auto [box, score] : {std::pair{i, j}, std::pair{j, i}}) {
        if (shapeOf(results[box])[2] != 4)
          continue;
        OutputView view;
        view.boxRoot = results[box];
        view.scoreRoot = results[score];
        view.images = a[0];
        view.anchors = a[1];
        view.kept = shapeOf(results[score])[2];
        views.push_back(view);
      }
      candidates.push_back(views);
      paired[i] = paired[j] = true;
    }
  for (size_t i = 0; i < results.size(); ++i) {
    if (paired[i])
      continue;
    ArrayRef<int64_t> s = shapeOf(results[i]);
    SmallVector<OutputView, 2> views;
    for (OutputPacking packing : {OutputPacking::bkn, OutputPacking::bnk}) {
      int64_t values = packing == OutputPacking::bkn ? s[1] : s[2];
      if (values < 5)
        continue;
      OutputView view;
      view.packing = packing;
      view.boxRoot = view.scoreRoot = results[i];
      view.images = s[0];
      view.anchors = packing == OutputPacking::bkn ? s[2] : s[1];
      view.kept = values - 4;
      views.push_back(view);
    }
    if (!views.empty())
      candidates.push_back(views);
  }

  for (ArrayRef<OutputView> views : candidates) {
    // Arguments handed back unchanged are no decode. (An argument paired
    // with computed scores still makes one: its boxes are already decoded.)
    if (llvm::all_of(views.front().roots(),
                     [](Value v) { return isa<BlockArgument>(v); }))
      continue;
    Failure why;
    DetectionMatch match;
    match.roots = views.front().roots();
    match.spec.packing = views.front().packing;
    for (const OutputView &view : views) {
      auto type = cast<FloatType>(
          cast<ShapedType>(view.boxRoot.getType()).getElementType());
      Matcher matcher(type, prove);
      FailureOr<DetectionMatch> found = matcher.run(view, why);
      if (failed(found))
        continue;
      match = *found;
      break;
    }
    if (!match.matched() || match.boxOperands.empty()) {
      match.reason = why.reason;
      match.detail = why.detail;
      match.offender = why.offender;
      matches.push_back(match);
      continue;
    }
    matches.push_back(match);
  }
  return matches;
}

//===- LowerDecodeToLoops.cpp - a detection decode as one loop nest -------===//
///
/// fusion.decode_detections becomes one scf.forall over (image, anchor):
/// each iteration reads its anchor's raw box values, anchor and class
/// logits once, decodes the box and prepares every score in registers, and
/// writes the 4 box coordinates and the C' scores NMS reads. Mapped to the
/// GPU it is one kernel, where the unfused head ran one per elementwise op
/// and one per permute or concat.
///
/// The arithmetic is DecodeFormulas, instantiated with MLIR values: the
/// recognizer proves its matches against the same text.
///
/// On the host an iteration may decode several consecutive anchors as the
/// lanes of one vector (`lanes`): every operation is the scalar one applied
/// per lane, so the bits are those of the one-anchor loop, but the
/// divisions, maxima and sums of the DFL and score activations run as SIMD
/// instructions, as the unfused elementwise ops' loops do after LLVM
/// vectorizes them. Channel-major heads are read as contiguous vectors;
/// other layouts gather their lanes one element at a time. Per-level heads
/// then get one loop per level instead of a branch per iteration.
///
//===----------------------------------------------------------------------===//
#include "ConvLowering.h"
#include "FusionDialect/IR/DecodeFormulas.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"

#include <numeric>

using namespace mlir;
using namespace mlir::fusion;

/// Loops of at most this many trips are unrolled.
static constexpr int64_t kUnrolledTrips = 32;

namespace {
/// The formulas' value domain for emitting IR: scalars of one float type.
struct IRMath {
  using Scalar = Value;
  using Index = Value;

  OpBuilder &b;
  Location loc;
  Type type;
  DecodeDetectionsOp op;
  const HeadGeometry &boxes, &scores;
  /// The level of the anchor being decoded, where the caller has branched
  /// on it once: per-level heads then read their operand directly.
  std::optional<unsigned> level = std::nullopt;
  /// Consecutive anchors decoded at once, as the lanes of a vector; the
  /// anchor index `n` the formulas pass around is the first of them.
  int64_t lanes = 1;
  /// The first lane's anchor, as the formulas index anchors and strides.
  Value anchorIndex = nullptr;

  /// The type of a Scalar: the element type, or a vector of `lanes` of it.
  Type scalarType() {
    return lanes == 1 ? type : VectorType::get({lanes}, type);
  }
  /// A scalar of the element type as a Scalar (every lane the same).
  Value splat(Value scalar) {
    if (lanes == 1)
      return scalar;
    return vector::BroadcastOp::create(b, loc, scalarType(), scalar);
  }
  Value k(double v) { return splat(floatConstant(b, loc, type, v)); }
  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value lowest() {
    auto floatType = cast<FloatType>(type);
    return splat(arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(floatType, APFloat::getLargest(
                                      floatType.getFloatSemantics(), true))));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value min(Value x, Value y) {
    return arith::MinimumFOp::create(b, loc, x, y);
  }
  Value max(Value x, Value y) {
    return arith::MaximumFOp::create(b, loc, x, y);
  }
  Value selectAbove(Value x, Value bound) {
    Value above = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGT, x,
                                        bound);
    return arith::SelectOp::create(b, loc, above, bound, x);
  }
  Value addIdx(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value toFloat(Value i) {
    return splat(arith::UIToFPOp::create(
        b, loc, type,
        arith::IndexCastUIOp::create(b, loc, b.getI64Type(), i)));
  }
  Value anchor(ArrayRef<Value> index) {
    return alongAnchors(op.getAnchors(), index);
  }
  Value stride(ArrayRef<Value> index) {
    return alongAnchors(op.getStrides(), index);
  }
  Value box(Value img, Value n, Value k) {
    return lanesOf(op.getBoxes(), boxes, img, n, k);
  }
  Value score(Value img, Value n, Value c) {
    return lanesOf(op.getScores(), scores, img, n, c);
  }

  /// The values of anchors n .. n + lanes - 1 read by `readOne`, one
  /// element at a time.
  Value gather(Value n, function_ref<Value(Value)> readOne) {
    if (lanes == 1)
      return readOne(n);
    SmallVector<Value> elements;
    for (int64_t i = 0; i < lanes; ++i)
      elements.push_back(readOne(i ? addIdx(n, idx(i)) : n));
    return vector::FromElementsOp::create(
        b, loc, cast<VectorType>(scalarType()), elements);
  }
  /// `lanes` consecutive elements of `tensor` from `index` along its last
  /// dimension.
  Value contiguous(Value tensor, ArrayRef<Value> index) {
    Value padding = floatConstant(b, loc, type, 0.0);
    return vector::TransferReadOp::create(
        b, loc, cast<VectorType>(scalarType()), tensor, index, padding,
        ArrayRef<bool>{true});
  }

  /// A loop over [0, count) carrying `init`; `step` returns the new values.
  /// Short loops (DFL bins, a few classes) are unrolled, so that the terms
  /// two loops share (a softmax's exp(x - max)) become common
  /// subexpressions and are computed once.
  SmallVector<Value>
  loop(int64_t count, ArrayRef<Value> init,
       function_ref<SmallVector<Value>(Value, ArrayRef<Value>)> step) {
    if (count <= kUnrolledTrips) {
      SmallVector<Value> carried(init.begin(), init.end());
      for (int64_t i = 0; i < count; ++i)
        carried = step(idx(i), carried);
      return carried;
    }
    auto forOp = scf::ForOp::create(
        b, loc, idx(0), idx(count), idx(1), init,
        [&](OpBuilder &nb, Location nl, Value i, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          SmallVector<Value> carried(args.begin(), args.end());
          scf::YieldOp::create(nb, nl, step(i, carried));
        });
    return SmallVector<Value>(forOp.getResults());
  }

private:
  /// An anchors or strides operand at `index`, where the position holding
  /// the anchor `n` walks the lanes.
  Value alongAnchors(Value tensor, ArrayRef<Value> index) {
    if (lanes == 1)
      return tensor::ExtractOp::create(b, loc, tensor, index);
    auto at = llvm::find(index, anchorIndex);
    if (at == index.end())
      return splat(tensor::ExtractOp::create(b, loc, tensor, index));
    size_t position = at - index.begin();
    if (position + 1 == index.size())
      return contiguous(tensor, index);
    return gather(anchorIndex, [&](Value n) {
      SmallVector<Value> laneIndex(index.begin(), index.end());
      laneIndex[position] = n;
      return tensor::ExtractOp::create(b, loc, tensor, laneIndex);
    });
  }

  /// Value `value` of the lanes' anchors: one vector read where they lie
  /// next to each other in the head (channel-major, one anchor per cell),
  /// a gather otherwise.
  Value lanesOf(ValueRange operands, const HeadGeometry &g, Value img,
                Value n, Value value) {
    if (lanes == 1)
      return head(operands, g, img, n, value);
    if (g.levels.empty() && g.layout == HeadLayout::bkn)
      return contiguous(operands[0], {img, value, n});
    std::optional<unsigned> known =
        g.levels.size() == 1 ? std::optional<unsigned>(0) : this->level;
    if (known && g.layout == HeadLayout::nchw &&
        g.levels[*known].anchorsPerCell == 1) {
      // The level's cells in (h, w) order are its anchors in order.
      const HeadLevel &l = g.levels[*known];
      Value cells = tensor::CollapseShapeOp::create(
          b, loc, operands[*known],
          SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
      Value local =
          arith::SubIOp::create(b, loc, n, idx(l.firstAnchor)).getResult();
      return contiguous(cells, {img, value, local});
    }
    return gather(n, [&](Value lane) {
      return head(operands, g, img, lane, value);
    });
  }

  /// Value `k` of anchor `n` of image `img`. Per-level heads pick the level
  /// with one switch and find the anchor's cell in it.
  Value head(ValueRange operands, const HeadGeometry &g, Value img, Value n,
             Value value) {
    if (g.levels.empty()) {
      if (g.layout == HeadLayout::bnk)
        return tensor::ExtractOp::create(b, loc, operands[0],
                                         ValueRange{img, n, value});
      return tensor::ExtractOp::create(b, loc, operands[0],
                                       ValueRange{img, value, n});
    }
    if (g.levels.size() == 1)
      return atLevel(operands[0], g, g.levels[0], img, n, value);
    if (this->level)
      return atLevel(operands[*this->level], g, g.levels[*this->level], img,
                     n, value);
    Value level = idx(0);
    for (const HeadLevel &l : ArrayRef(g.levels).drop_front()) {
      Value past = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, n,
                                         idx(l.firstAnchor));
      level = addIdx(level, arith::IndexCastUIOp::create(
                                b, loc, b.getIndexType(), past));
    }
    SmallVector<int64_t> cases;
    for (int64_t l = 0, e = g.levels.size(); l < e; ++l)
      cases.push_back(l);
    auto sw = scf::IndexSwitchOp::create(b, loc, TypeRange{type}, level,
                                         cases, cases.size());
    auto fill = [&](Region &region, function_ref<Value()> yielded) {
      OpBuilder::InsertionGuard guard(b);
      b.createBlock(&region);
      scf::YieldOp::create(b, loc, yielded());
    };
    {
      for (auto [l, region] : llvm::enumerate(sw.getCaseRegions()))
        fill(region, [&, l = l] {
          return atLevel(operands[l], g, g.levels[l], img, n, value);
        });
      // Unreachable: n is below the anchor count.
      fill(sw.getDefaultRegion(), [&] { return k(0.0); });
    }
    return sw.getResult(0);
  }

  Value atLevel(Value operand, const HeadGeometry &g, const HeadLevel &l,
                Value img, Value n, Value value) {
    Value local =
        arith::SubIOp::create(b, loc, n, idx(l.firstAnchor)).getResult();
    Value a = arith::RemUIOp::create(b, loc, local, idx(l.anchorsPerCell));
    Value cell = arith::DivUIOp::create(b, loc, local, idx(l.anchorsPerCell));
    Value h = arith::DivUIOp::create(b, loc, cell, idx(l.width));
    Value w = arith::RemUIOp::create(b, loc, cell, idx(l.width));
    Value channel = addIdx(
        arith::MulIOp::create(b, loc, a, idx(g.values)).getResult(), value);
    if (g.layout == HeadLayout::nchw)
      return tensor::ExtractOp::create(b, loc, operand,
                                       ValueRange{img, channel, h, w});
    return tensor::ExtractOp::create(b, loc, operand,
                                     ValueRange{img, h, w, channel});
  }
};

/// Where one iteration's outputs go: a tile of each shared result, written
/// in place (a GPU thread cannot allocate a buffer of its own).
struct OutputTiles {
  /// Result, offsets, sizes and the tile for the box and for the scores
  /// (the same tile when packed).
  struct Tile {
    unsigned result;
    SmallVector<OpFoldResult> offsets, sizes;
    Value value;
  };
  SmallVector<Tile, 2> tiles;
  unsigned boxTile = 0, scoreTile = 0;
  /// Position of value `i` of the box (or of score `i`) within its tile.
  int64_t boxBase = 0, scoreBase = 0;
  bool channelMajor = false;

  /// Where value `i` of the first lane's anchor lies in a tile; the lanes
  /// follow along dimension 2 (channel-major) or 1.
  SmallVector<Value> position(IRMath &m, int64_t base, Value i) {
    Value at = base ? m.addIdx(i, m.idx(base)) : i;
    Value zero = m.idx(0);
    if (channelMajor)
      return {zero, at, zero};
    return {zero, zero, at};
  }
  /// `value` (one Scalar: every lane) written at `at` of `tile`.
  Value write(IRMath &m, Value value, Value tile, ArrayRef<Value> at) {
    if (m.lanes == 1)
      return tensor::InsertOp::create(m.b, m.loc, value, tile, at);
    if (channelMajor)
      return vector::TransferWriteOp::create(m.b, m.loc, value, tile, at,
                                             ArrayRef<bool>{true})
          .getResult();
    for (int64_t i = 0; i < m.lanes; ++i) {
      Value element = vector::ExtractOp::create(m.b, m.loc, value, i);
      tile = tensor::InsertOp::create(m.b, m.loc, element, tile,
                                      laneAt(m, at, i));
    }
    return tile;
  }
  /// The Scalar at `at` of `tile`, as `write` left it.
  Value read(IRMath &m, Value tile, ArrayRef<Value> at) {
    if (m.lanes == 1)
      return tensor::ExtractOp::create(m.b, m.loc, tile, at);
    if (channelMajor)
      return m.contiguous(tile, at);
    SmallVector<Value> elements;
    for (int64_t i = 0; i < m.lanes; ++i)
      elements.push_back(
          tensor::ExtractOp::create(m.b, m.loc, tile, laneAt(m, at, i)));
    return vector::FromElementsOp::create(
        m.b, m.loc, cast<VectorType>(m.scalarType()), elements);
  }

private:
  SmallVector<Value> laneAt(IRMath &m, ArrayRef<Value> at, int64_t lane) {
    SmallVector<Value> index(at.begin(), at.end());
    index[1] = m.idx(lane);
    return index;
  }
};
} // namespace

static OutputTiles makeTiles(OpBuilder &b, Location l, DecodeDetectionsOp op,
                             Value img, Value n, ValueRange shared,
                             int64_t kept, int64_t lanes) {
  OutputTiles t;
  Type type = cast<RankedTensorType>(op.getOutputs()[0].getType()).getElementType();
  auto tile = [&](unsigned result, bool channelMajor, int64_t count) {
    OutputTiles::Tile tl;
    tl.result = result;
    OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
    OpFoldResult width = b.getIndexAttr(lanes);
    if (channelMajor) {
      tl.offsets = {img, zero, n};
      tl.sizes = {one, b.getIndexAttr(count), width};
    } else {
      tl.offsets = {img, n, zero};
      tl.sizes = {one, width, b.getIndexAttr(count)};
    }
    SmallVector<OpFoldResult> unit(3, one);
    SmallVector<int64_t> shape =
        channelMajor ? SmallVector<int64_t>{1, count, lanes}
                     : SmallVector<int64_t>{1, lanes, count};
    tl.value = tensor::ExtractSliceOp::create(
        b, l, RankedTensorType::get(shape, type), shared[result], tl.offsets,
        tl.sizes, unit);
    return tl;
  };
  switch (op.getPacking()) {
  case OutputPacking::split:
    t.tiles = {tile(0, false, 4), tile(1, false, kept)};
    t.scoreTile = 1;
    break;
  case OutputPacking::bnk:
  case OutputPacking::bkn:
    t.channelMajor = op.getPacking() == OutputPacking::bkn;
    t.tiles = {tile(0, t.channelMajor, 4 + kept)};
    t.scoreBase = 4;
    break;
  }
  return t;
}

/// Each kept score of one anchor, activated, into `tile`.
static Value writeScores(IRMath &m, DecodeFormulas<IRMath> &f,
                         const DecodeSpec &spec, OutputTiles &t, Value tile,
                         Value img, Value n) {
  return m.loop(spec.keptClasses(), {tile}, [&](Value c, ArrayRef<Value> a) {
    Value raw = spec.firstKeptClass() ? m.addIdx(c, m.idx(1)) : c;
    Value score = f.score(std::nullopt, img, n, raw);
    return SmallVector<Value>{
        t.write(m, score, a[0], t.position(m, t.scoreBase, c))};
  })[0];
}

/// The class softmax of one anchor into `tile`, each exp(x - max) computed
/// once: the terms are written to the tile while they are summed, then
/// normalized in place. The formulas' pieces in their order, so the bits
/// are those of exp, sum and divide as the op defines them.
static Value writeSoftmax(IRMath &m, DecodeFormulas<IRMath> &f,
                          const DecodeSpec &spec, OutputTiles &t, Value tile,
                          Value img, Value n) {
  auto logit = [&](Value c) { return m.score(img, n, c); };
  Value most = f.softmaxMax(spec.classes, logit);
  Value total = m.k(0.0);
  if (spec.firstKeptClass())
    total = m.add(total, f.term(logit(m.idx(0)), most));
  SmallVector<Value> kept =
      m.loop(spec.keptClasses(), {tile, total}, [&](Value c,
                                                    ArrayRef<Value> a) {
        Value raw = spec.firstKeptClass() ? m.addIdx(c, m.idx(1)) : c;
        Value term = f.term(logit(raw), most);
        Value written =
            t.write(m, term, a[0], t.position(m, t.scoreBase, c));
        return SmallVector<Value>{written, m.add(a[1], term)};
      });
  Value normalizer = f.normalizer(kept[1]);
  return m.loop(spec.keptClasses(), {kept[0]}, [&](Value c,
                                                   ArrayRef<Value> a) {
    SmallVector<Value> at = t.position(m, t.scoreBase, c);
    Value term = t.read(m, a[0], at);
    return SmallVector<Value>{
        t.write(m, f.normalize(term, normalizer), a[0], at)};
  })[0];
}

/// The first anchor of each level where every per-level head splits the
/// anchors alike (so that one branch per anchor selects all its operands);
/// empty where there is one level, or the heads split them differently.
static SmallVector<int64_t> sharedLevelStarts(const HeadGeometry &boxes,
                                              const HeadGeometry &scores) {
  SmallVector<int64_t> starts;
  for (const HeadGeometry *g : {&boxes, &scores}) {
    if (g->levels.size() < 2)
      continue;
    SmallVector<int64_t> mine;
    for (const HeadLevel &level : g->levels)
      mine.push_back(level.firstAnchor);
    if (!starts.empty() && starts != mine)
      return {};
    starts = mine;
  }
  return starts;
}

/// The most anchors, up to `requested`, that one iteration can decode as
/// vector lanes: a divisor of the anchor count and of every level's first
/// anchor, so that the lanes of one iteration never straddle a level.
static int64_t lanesFor(int64_t requested, const HeadGeometry &boxes,
                        const HeadGeometry &scores) {
  int64_t lanes = std::max<int64_t>(requested, 1);
  lanes = std::gcd(lanes, boxes.anchors);
  for (const HeadGeometry *g : {&boxes, &scores})
    for (const HeadLevel &level : g->levels)
      lanes = std::gcd(lanes, level.firstAnchor);
  return lanes;
}

static SmallVector<Value> lowerDecode(DecodeDetectionsOp op,
                                      PatternRewriter &rewriter,
                                      int64_t requestedLanes) {
  Location loc = op.getLoc();
  Type type = cast<RankedTensorType>(op.getOutputs()[0].getType()).getElementType();
  HeadGeometry boxes = op.getBoxGeometry(), scores = op.getScoreGeometry();
  DecodeSpec spec = DecodeSpec::of(op);
  int64_t kept = spec.keptClasses();
  SmallVector<Value> inits;
  for (Type t : op.getOutputs().getTypes())
    inits.push_back(tensor::EmptyOp::create(
        rewriter, loc, cast<RankedTensorType>(t).getShape(), type));
  int64_t lanes = lanesFor(requestedLanes, boxes, scores);
  SmallVector<int64_t> levelStarts = sharedLevelStarts(boxes, scores);

  /// One forall over (image, iteration) for anchors [first, first + count):
  /// of one level where `level` says so, else of any level, each iteration
  /// branching on its own.
  auto emitForall = [&](ValueRange outputs, int64_t first, int64_t count,
                        std::optional<unsigned> level) {
    SmallVector<OpFoldResult> bounds = {rewriter.getIndexAttr(boxes.images),
                                        rewriter.getIndexAttr(count / lanes)};
    auto body = [&](OpBuilder &b, Location l, ValueRange args) {
      Value img = args[0], n = args[1];
      if (lanes > 1)
        n = arith::MulIOp::create(
            b, l, n, arith::ConstantIndexOp::create(b, l, lanes));
      if (first)
        n = arith::AddIOp::create(b, l, n,
                                  arith::ConstantIndexOp::create(b, l, first));
      ValueRange shared = args.drop_front(2);
      IRMath m{b, l, type, op, boxes, scores, level};
      m.lanes = lanes;
      m.anchorIndex = n;
      OutputTiles t = makeTiles(b, l, op, img, n, shared, kept, lanes);
      auto decodeInto = [&](IRMath &m, OutputTiles &t) {
        DecodeFormulas<IRMath> f(m, spec);
        SmallVector<Value> box = f.box(img, n);
        Value &boxTile = t.tiles[t.boxTile].value;
        for (int64_t k = 0; k < 4; ++k)
          boxTile = t.write(m, box[k], boxTile,
                            t.position(m, t.boxBase, m.idx(k)));
        Value &scoreTile = t.tiles[t.scoreTile].value;
        scoreTile = spec.scoreActivation == ScoreActivation::softmax
                        ? writeSoftmax(m, f, spec, t, scoreTile, img, n)
                        : writeScores(m, f, spec, t, scoreTile, img, n);
      };

      if (level || levelStarts.size() < 2) {
        decodeInto(m, t);
      } else {
        // One branch per anchor on its level, rather than one per value
        // read.
        Value levelIndex = m.idx(0);
        for (int64_t start : ArrayRef(levelStarts).drop_front()) {
          Value past = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::uge, n, m.idx(start));
          levelIndex = m.addIdx(levelIndex, arith::IndexCastUIOp::create(
                                                b, l, b.getIndexType(), past));
        }
        SmallVector<Type> tileTypes;
        for (OutputTiles::Tile &tile : t.tiles)
          tileTypes.push_back(tile.value.getType());
        SmallVector<int64_t> cases =
            llvm::to_vector(llvm::seq<int64_t>(0, levelStarts.size()));
        auto sw = scf::IndexSwitchOp::create(b, l, tileTypes, levelIndex,
                                             cases, cases.size());
        auto tileValues = [](const OutputTiles &tiles) {
          SmallVector<Value> values;
          for (const OutputTiles::Tile &tile : tiles.tiles)
            values.push_back(tile.value);
          return values;
        };
        for (auto [c, region] : llvm::enumerate(sw.getCaseRegions())) {
          OpBuilder::InsertionGuard guard(b);
          b.createBlock(&region);
          IRMath atLevel = m;
          atLevel.level = unsigned(c);
          OutputTiles levelTiles = t;
          decodeInto(atLevel, levelTiles);
          scf::YieldOp::create(b, l, tileValues(levelTiles));
        }
        {
          // Unreachable: n is below the anchor count.
          OpBuilder::InsertionGuard guard(b);
          b.createBlock(&sw.getDefaultRegion());
          scf::YieldOp::create(b, l, tileValues(t));
        }
        for (auto [tile, result] : llvm::zip(t.tiles, sw.getResults()))
          tile.value = result;
      }

      auto inParallel = scf::InParallelOp::create(b, l);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(inParallel.getBody());
      SmallVector<OpFoldResult> unit(3, b.getIndexAttr(1));
      for (OutputTiles::Tile &tile : t.tiles)
        tensor::ParallelInsertSliceOp::create(b, l, tile.value,
                                              shared[tile.result],
                                              tile.offsets, tile.sizes, unit);
    };
    auto forall = scf::ForallOp::create(rewriter, loc, bounds, outputs,
                                        std::nullopt, body);
    // Unrolled loops repeat reads and terms: compute each once.
    DominanceInfo dominance(forall);
    eliminateCommonSubExpressions(rewriter, dominance, forall);
    return SmallVector<Value>(forall.getResults());
  };

  // One thread per anchor (the GPU's kernel) branches on the level; vector
  // lanes run one loop per level instead: one body with a case per level,
  // each with its lanes unrolled, ran YOLOv8n's decode slower than one
  // anchor per iteration did (bench/RESULTS.md).
  if (lanes == 1 || levelStarts.size() < 2)
    return emitForall(inits, 0, boxes.anchors, std::nullopt);
  SmallVector<Value> outputs = inits;
  for (auto [index, start] : llvm::enumerate(levelStarts)) {
    int64_t end = index + 1 < levelStarts.size() ? levelStarts[index + 1]
                                                 : boxes.anchors;
    outputs = emitForall(outputs, start, end - start, unsigned(index));
  }
  return outputs;
}

namespace {
struct LowerDecodeDetections : public OpRewritePattern<DecodeDetectionsOp> {
  LowerDecodeDetections(MLIRContext *context, int64_t lanes)
      : OpRewritePattern(context), lanes(lanes) {}
  LogicalResult matchAndRewrite(DecodeDetectionsOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, lowerDecode(op, rewriter, lanes));
    return success();
  }

private:
  int64_t lanes;
};
} // namespace

void mlir::fusion::populateLowerDecodeToLoopsPatterns(
    RewritePatternSet &patterns, int64_t lanes) {
  patterns.add<LowerDecodeDetections>(patterns.getContext(), lanes);
}

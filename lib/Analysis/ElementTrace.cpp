//===- ElementTrace.cpp - one tensor element as a scalar formula ----------===//
#include "FusionDialect/Analysis/ElementTrace.h"
#include "FusionDialect/Analysis/ElementwiseSemantics.h"
#include "FusionDialect/IR/FusionDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cfloat>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::fusion;
using Id = ExprArena::Id;
using Kind = ExprArena::Kind;

//===----------------------------------------------------------------------===//
// ExprArena
//===----------------------------------------------------------------------===//

double ExprArena::round(double v) const { return roundToType(v, type); }

ExprArena::Key ExprArena::keyOf(const Node &node) {
  uint64_t last;
  if (node.kind == Kind::Element)
    last = (uint64_t(node.source) << 40) ^ uint64_t(node.index);
  else
    std::memcpy(&last, &node.value, sizeof(last));
  return {{(uint64_t(node.kind) << 56) | (uint64_t(node.predicate) << 48) |
               node.operands[0],
           (uint64_t(node.operands[1]) << 32) | node.operands[2], last}};
}

Id ExprArena::intern(Node node) {
  auto [it, inserted] = interned.try_emplace(keyOf(node), Id(nodes.size()));
  if (inserted)
    nodes.push_back(node);
  return it->second;
}

void ExprArena::clear() {
  nodes.clear();
  interned.clear();
}

Id ExprArena::constant(double value) {
  Node n{Kind::Constant};
  n.value = round(value);
  return intern(n);
}

Id ExprArena::element(unsigned source, int64_t index) {
  Node n{Kind::Element};
  n.source = source;
  n.index = index;
  return intern(n);
}

std::optional<Id> ExprArena::findElement(unsigned source, int64_t index) const {
  Node n{Kind::Element};
  n.source = source;
  n.index = index;
  auto it = interned.find(keyOf(n));
  if (it == interned.end())
    return std::nullopt;
  return it->second;
}

std::optional<double> ExprArena::constantValue(Id id) const {
  if (nodes[id].kind != Kind::Constant)
    return std::nullopt;
  return nodes[id].value;
}

Id ExprArena::neg(Id x) {
  if (auto v = constantValue(x))
    return constant(-*v);
  Node n{Kind::Neg};
  n.operands[0] = x;
  return intern(n);
}

/// exp(L) rounds to 0 in the arena's type for every L at most this.
static bool expUnderflows(double bound, FloatType type) {
  return roundToType(std::exp(bound), type) == 0.0;
}

Id ExprArena::exp(Id x) {
  if (auto v = constantValue(x))
    return constant(std::exp(*v));
  // exp(max(y, L)) is exp(y) for every y when exp(L) is 0: below L both
  // are 0, NaN stays NaN. TOSA's clamp(min = lowest) before exp is this.
  const Node &arg = nodes[x];
  if (arg.kind == Kind::Max)
    for (int i = 0; i < 2; ++i)
      if (auto bound = constantValue(arg.operands[i]))
        if (expUnderflows(*bound, type))
          return exp(arg.operands[1 - i]);
  Node n{Kind::Exp};
  n.operands[0] = x;
  return intern(n);
}

Id ExprArena::sqrt(Id x) {
  if (auto v = constantValue(x))
    return constant(std::sqrt(*v));
  Node n{Kind::Sqrt};
  n.operands[0] = x;
  return intern(n);
}

Id ExprArena::rsqrt(Id x) {
  if (auto v = constantValue(x))
    return constant(1.0 / std::sqrt(*v));
  Node n{Kind::Rsqrt};
  n.operands[0] = x;
  return intern(n);
}

static bool isCommutative(Kind kind) {
  return kind == Kind::Add || kind == Kind::Mul || kind == Kind::Max ||
         kind == Kind::Min;
}


Id ExprArena::add(Id x, Id y) {
  auto vx = constantValue(x), vy = constantValue(y);
  if (vx && vy)
    return constant(*vx + *vy);
  return make(Kind::Add, x, y);
}

Id ExprArena::sub(Id x, Id y) {
  auto vx = constantValue(x), vy = constantValue(y);
  if (vx && vy)
    return constant(*vx - *vy);
  return make(Kind::Sub, x, y);
}

Id ExprArena::mul(Id x, Id y) {
  auto vx = constantValue(x), vy = constantValue(y);
  if (vx && vy)
    return constant(*vx * *vy);
  if (vy && *vy == 1.0)
    return x;
  if (vx && *vx == 1.0)
    return y;
  return make(Kind::Mul, x, y);
}

Id ExprArena::div(Id x, Id y) {
  auto vx = constantValue(x), vy = constantValue(y);
  if (vx && vy)
    return constant(*vx / *vy);
  if (vy) {
    if (*vy == 1.0)
      return x;
    // x / 2^k and x * 2^-k are the same correctly rounded value.
    int exponent;
    double mantissa = std::frexp(*vy, &exponent);
    if (std::abs(mantissa) == 0.5 && std::isfinite(*vy)) {
      double inverse = 1.0 / *vy;
      if (round(inverse) == inverse)
        return mul(x, constant(inverse));
    }
  }
  return make(Kind::Div, x, y);
}

Id ExprArena::max(Id x, Id y) {
  auto vx = constantValue(x), vy = constantValue(y);
  if (vx && vy)
    return constant(nanPropagatingMax(*vx, *vy));
  // max(x, -inf) is x for every x, NaN included.
  if (vy && *vy == -INFINITY)
    return x;
  if (vx && *vx == -INFINITY)
    return y;
  return make(Kind::Max, x, y);
}

Id ExprArena::min(Id x, Id y) {
  auto vx = constantValue(x), vy = constantValue(y);
  if (vx && vy)
    return constant(nanPropagatingMin(*vx, *vy));
  return make(Kind::Min, x, y);
}


Id ExprArena::compare(arith::CmpFPredicate predicate, Id x, Id y) {
  auto vx = constantValue(x), vy = constantValue(y);
  if (vx && vy) {
    Node n{Kind::Constant};
    n.value = evaluateFloatPredicate(predicate, *vx, *vy) ? 1.0 : 0.0;
    return intern(n);
  }
  Node n{Kind::Compare};
  n.predicate = uint8_t(predicate);
  n.operands[0] = x;
  n.operands[1] = y;
  return intern(n);
}

Id ExprArena::select(Id condition, Id ifTrue, Id ifFalse) {
  if (auto c = constantValue(condition))
    return *c != 0.0 ? ifTrue : ifFalse;
  if (ifTrue == ifFalse)
    return ifTrue;
  Node n{Kind::Select};
  n.operands[0] = condition;
  n.operands[1] = ifTrue;
  n.operands[2] = ifFalse;
  return intern(n);
}

Id ExprArena::make(Kind kind, Id x, Id y) {
  if (isCommutative(kind) && y < x)
    std::swap(x, y);
  Node n{kind};
  n.operands[0] = x;
  n.operands[1] = y;
  return intern(n);
}

SmallVector<Id> ExprArena::subexpressions(Id root) const {
  SmallVector<Id> order, stack{root};
  DenseSet<Id> seen;
  while (!stack.empty()) {
    Id id = stack.pop_back_val();
    if (!seen.insert(id).second)
      continue;
    order.push_back(id);
    const Node &n = nodes[id];
    int arity = 0;
    switch (n.kind) {
    case Kind::Constant:
    case Kind::Element:
      break;
    case Kind::Neg:
    case Kind::Exp:
    case Kind::Sqrt:
    case Kind::Rsqrt:
      arity = 1;
      break;
    case Kind::Select:
      arity = 3;
      break;
    default:
      arity = 2;
    }
    for (int i = 0; i < arity; ++i)
      stack.push_back(n.operands[i]);
  }
  return order;
}

SmallVector<Id> ExprArena::elementsOf(Id root) const {
  SmallVector<Id> leaves;
  for (Id id : subexpressions(root))
    if (nodes[id].kind == Kind::Element)
      leaves.push_back(id);
  return leaves;
}

//===----------------------------------------------------------------------===//
// ElementTracer
//===----------------------------------------------------------------------===//

double mlir::fusion::lowestFinite(FloatType type) {
  return APFloat::getLargest(type.getFloatSemantics(), /*Negative=*/true)
      .convertToDouble();
}

int64_t mlir::fusion::linearizeIndex(ArrayRef<int64_t> index,
                                     ArrayRef<int64_t> shape) {
  int64_t linear = 0;
  for (auto [i, extent] : llvm::zip_equal(index, shape))
    linear = linear * extent + i;
  return linear;
}

SmallVector<int64_t> mlir::fusion::delinearizeIndex(int64_t linear,
                                                    ArrayRef<int64_t> shape) {
  SmallVector<int64_t> index(shape.size());
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    index[d] = linear % shape[d];
    linear /= shape[d];
  }
  return index;
}

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}

FailureOr<Id> ElementTracer::fail(Operation *op, const Twine &why) {
  failedOp = op;
  failureText = why.str();
  return failure();
}

std::optional<unsigned> ElementTracer::findSource(Value value) const {
  auto it = llvm::find(sources, value);
  if (it == sources.end())
    return std::nullopt;
  return unsigned(it - sources.begin());
}

SmallVector<int64_t> ElementTracer::sourceIndex(unsigned id,
                                                int64_t index) const {
  return delinearizeIndex(index, shapeOf(sources[id]));
}

/// Ops whose results a trace stops at without calling them unread: the head
/// convolutions (and the fused ops they may already be).
static bool isHeadProducer(Operation *op) {
  if (!op)
    return true;
  if (isa<ConvBiasActOp, ConvBnActOp, tosa::Conv2DOp,
          tosa::DepthwiseConv2DOp>(op))
    return true;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalg::isaConvolutionOpInterface(linalgOp);
}

bool ElementTracer::isUnreadSource(unsigned id) const {
  return !isHeadProducer(sources[id].getDefiningOp());
}

Id ElementTracer::sourceElement(Value value, ArrayRef<int64_t> index) {
  unsigned id = sources.size();
  if (auto existing = findSource(value))
    id = *existing;
  else
    sources.insert(value);
  return arena.element(id, linearizeIndex(index, shapeOf(value)));
}

/// An element not traced yet.
static constexpr Id kNotTraced = ~Id(0);

/// What traceLinalg needs of an op, read once: iteration space, maps and
/// the yielded values.
struct ElementTracer::LinalgInfo {
  SmallVector<int64_t> ranges;
  /// Loop dimensions that reduce, in loop order.
  SmallVector<unsigned> reduced;
  /// Per operand (by operand number): its indexing map, and per result of
  /// the map the loop dimension it reads (-1: not a plain dimension).
  SmallVector<AffineMap> maps;
  SmallVector<SmallVector<int64_t, 4>> dims;
  /// Operands before the inits; body argument i is operand i.
  unsigned inputs = 0;
  Block *body = nullptr;
  bool dynamic = false;
};

ElementTracer::ElementTracer(ExprArena &arena) : arena(arena) {}
ElementTracer::~ElementTracer() = default;

void ElementTracer::clearMemo() {
  for (auto [value, linear] : filled)
    memo[value][linear] = kNotTraced;
  filled.clear();
}

const ElementTracer::LinalgInfo *ElementTracer::getLinalgInfo(Operation *op) {
  std::unique_ptr<LinalgInfo> &slot = linalgInfo[op];
  if (slot)
    return slot.get();
  auto linalgOp = cast<linalg::LinalgOp>(op);
  slot = std::make_unique<LinalgInfo>();
  LinalgInfo &info = *slot;
  info.ranges = linalgOp.getStaticLoopRanges();
  info.inputs = linalgOp.getNumDpsInputs();
  info.body = linalgOp.getBlock();
  info.dynamic = llvm::any_of(info.ranges, ShapedType::isDynamic);
  for (auto [d, type] : llvm::enumerate(linalgOp.getIteratorTypesArray()))
    if (type == utils::IteratorType::reduction)
      info.reduced.push_back(d);
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = linalgOp.getMatchingIndexingMap(&operand);
    SmallVector<int64_t, 4> dims;
    for (AffineExpr expr : map.getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      dims.push_back(dim ? int64_t(dim.getPosition()) : -1);
    }
    info.maps.push_back(map);
    info.dims.push_back(dims);
  }
  return slot.get();
}

FailureOr<Id> ElementTracer::trace(Value value, ArrayRef<int64_t> index) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return fail(value.getDefiningOp(), "a value without a static shape");
  // Slice starts, gather indices and the like come from the program; the
  // verifiers of some ops (tosa.slice) let an out-of-range start through.
  ArrayRef<int64_t> shape = type.getShape();
  if (index.size() != shape.size())
    return fail(value.getDefiningOp(), "an element index of another rank");
  for (auto [i, extent] : llvm::zip(index, shape))
    if (i < 0 || i >= extent)
      return fail(value.getDefiningOp(),
                  "an element index outside its tensor (a slice or gather "
                  "reads past the end)");
  std::vector<Id> &known = memo[value];
  if (known.empty())
    known.assign(type.getNumElements(), kNotTraced);
  int64_t linear = linearizeIndex(index, type.getShape());
  if (known[linear] != kNotTraced)
    return known[linear];
  FailureOr<Id> id = traceUncached(value, index);
  // The memo may have grown while tracing: look the slot up again.
  if (succeeded(id)) {
    std::vector<Id> &slot = memo[value];
    slot[linear] = *id;
    filled.push_back({value, linear});
  }
  return id;
}

FailureOr<Id> ElementTracer::constantElement(Value value,
                                             ArrayRef<int64_t> index) {
  auto it = constantData.find(value);
  if (it == constantData.end()) {
    Attribute attr;
    if (!matchPattern(value, m_Constant(&attr)))
      return fail(value.getDefiningOp(), "an unreadable constant");
    FailureOr<ConstTensor> data = readElementsAttr(attr);
    if (failed(data))
      return fail(value.getDefiningOp(), "an unreadable constant");
    it = constantData.try_emplace(value, std::move(*data)).first;
    if (it->second.size() > 1)
      constants.insert(value);
  }
  const ConstTensor &data = it->second;
  int64_t linear = data.size() == 1 ? 0 : linearizeIndex(index, shapeOf(value));
  return arena.constant(data.values[linear]);
}

FailureOr<int64_t> ElementTracer::integerElement(Value value,
                                                 ArrayRef<int64_t> index) {
  FailureOr<Id> id = trace(value, index);
  if (failed(id))
    return failure();
  std::optional<double> v = arena.constantValue(*id);
  if (!v)
    return fail(value.getDefiningOp(), "gather indices that are not constants");
  return int64_t(*v);
}

bool ElementTracer::isReadable(Operation *op) const {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (!linalgOp.hasPureTensorSemantics())
      return false;
    if (linalg::isaConvolutionOpInterface(linalgOp)) {
      // The DFL projection: one output channel, a constant filter. A head
      // conv has many output channels and is where traces stop.
      FailureOr<linalg::ConvolutionDimensions> dims =
          linalg::inferConvolutionDims(linalgOp);
      if (failed(dims) || linalgOp.getNumDpsInputs() != 2)
        return false;
      SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
      for (unsigned d : dims->outputChannel)
        if (ranges[d] != 1)
          return false;
      return isComputedFromConstants(linalgOp.getDpsInputs()[1]);
    }
    if (linalg::isaContractionOpInterface(linalgOp))
      return false;
    return true;
  }
  if (auto conv = dyn_cast<tosa::Conv2DOp>(op))
    return shapeOf(conv.getWeight())[0] == 1 &&
           isComputedFromConstants(conv.getWeight()) &&
           isComputedFromConstants(conv.getBias());
  return isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::CastOp,
             tensor::ExtractSliceOp, tensor::ConcatOp, tensor::EmptyOp,
             tosa::ReshapeOp, tosa::TransposeOp, tosa::SliceOp,
             tosa::ConcatOp, tosa::TileOp, tosa::GatherOp, tosa::AddOp,
             tosa::SubOp, tosa::MulOp, tosa::MaximumOp, tosa::MinimumOp,
             tosa::ExpOp, tosa::ReciprocalOp, tosa::SigmoidOp,
             tosa::NegateOp, tosa::ClampOp, tosa::RsqrtOp,
             tosa::ReduceMaxOp, tosa::ReduceSumOp>(op);
}

FailureOr<Id> ElementTracer::traceUncached(Value value,
                                           ArrayRef<int64_t> index) {
  Operation *op = value.getDefiningOp();
  if (!op)
    return sourceElement(value, index);
  if (op->hasTrait<OpTrait::ConstantLike>())
    return constantElement(value, index);
  auto [known, fresh] = readable.try_emplace(op, false);
  if (fresh)
    known->second = isReadable(op);
  if (!known->second)
    return sourceElement(value, index);
  visited.insert(op);
  return traceOp(op, cast<OpResult>(value), index);
}

FailureOr<Id> ElementTracer::traceOp(Operation *op, OpResult result,
                                     ArrayRef<int64_t> index) {
  if (isa<linalg::LinalgOp>(op))
    return traceLinalg(op, result, index);
  if (op->getDialect() && op->getDialect()->getNamespace() == "tosa")
    return traceTosa(op, result, index);
  return traceTensorOp(op, result, index);
}

FailureOr<Id> ElementTracer::traceTensorOp(Operation *op, OpResult result,
                                           ArrayRef<int64_t> index) {
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op)) {
    Value source = op->getOperand(0);
    int64_t linear = linearizeIndex(index, shapeOf(result));
    return trace(source, delinearizeIndex(linear, shapeOf(source)));
  }
  if (auto cast = dyn_cast<tensor::CastOp>(op))
    return trace(cast.getSource(), index);
  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(op)) {
    ArrayRef<int64_t> offsets = slice.getStaticOffsets(),
                      strides = slice.getStaticStrides();
    if (ShapedType::isDynamicShape(offsets) ||
        ShapedType::isDynamicShape(strides))
      return fail(op, "a slice with dynamic offsets");
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    SmallVector<int64_t> at;
    unsigned kept = 0;
    for (unsigned d = 0; d < offsets.size(); ++d) {
      int64_t i = dropped.test(d) ? 0 : index[kept++];
      at.push_back(offsets[d] + i * strides[d]);
    }
    return trace(slice.getSource(), at);
  }
  if (auto concat = dyn_cast<tensor::ConcatOp>(op)) {
    int64_t dim = concat.getDim();
    SmallVector<int64_t> at(index);
    for (Value input : concat.getInputs()) {
      int64_t extent = shapeOf(input)[dim];
      if (at[dim] < extent)
        return trace(input, at);
      at[dim] -= extent;
    }
    return fail(op, "a concat index out of range");
  }
  if (isa<tensor::EmptyOp>(op))
    return fail(op, "reads an uninitialized tensor");
  return fail(op, "an op the recognizer does not read");
}

namespace {
/// Evaluates one linalg body for one point of the iteration space.
struct BodyEvaluator {
  ElementTracer &tracer;
  ExprArena &arena;
  Operation *op;
  Block *body;
  ArrayRef<int64_t> iv;
  /// Block argument -> its expression, filled lazily.
  function_ref<FailureOr<Id>(BlockArgument)> argument;
  llvm::SmallDenseMap<Value, Id, 16> values;
  Operation *failedOp = nullptr;
  std::string why;

  FailureOr<Id> failAt(Operation *at, StringRef text) {
    failedOp = at;
    why = text.str();
    return failure();
  }

  FailureOr<Id> eval(Value v) {
    auto it = values.find(v);
    if (it != values.end())
      return it->second;
    FailureOr<Id> id = evalUncached(v);
    if (succeeded(id))
      values[v] = *id;
    return id;
  }

  FailureOr<Id> evalUncached(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body)
        return argument(arg);
      return failAt(op, "a block argument from outside the body");
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != body ||
        def->hasTrait<OpTrait::ConstantLike>()) {
      if (std::optional<double> c = getScalarConstant(v))
        return arena.constant(*c);
      return failAt(def, "a value computed outside the body");
    }
    if (auto index = dyn_cast<linalg::IndexOp>(def))
      return arena.constant(double(iv[index.getDim()]));
    auto unary = [&](function_ref<Id(Id)> f) -> FailureOr<Id> {
      FailureOr<Id> x = eval(def->getOperand(0));
      if (failed(x))
        return failure();
      return f(*x);
    };
    auto binary = [&](function_ref<Id(Id, Id)> f) -> FailureOr<Id> {
      FailureOr<Id> x = eval(def->getOperand(0));
      if (failed(x))
        return failure();
      FailureOr<Id> y = eval(def->getOperand(1));
      if (failed(y))
        return failure();
      return f(*x, *y);
    };
    return TypeSwitch<Operation *, FailureOr<Id>>(def)
        .Case([&](arith::AddFOp) {
          return binary([&](Id x, Id y) { return arena.add(x, y); });
        })
        .Case([&](arith::SubFOp) {
          return binary([&](Id x, Id y) { return arena.sub(x, y); });
        })
        .Case([&](arith::MulFOp) {
          return binary([&](Id x, Id y) { return arena.mul(x, y); });
        })
        .Case([&](arith::DivFOp) {
          return binary([&](Id x, Id y) { return arena.div(x, y); });
        })
        .Case([&](arith::MaximumFOp) {
          return binary([&](Id x, Id y) { return arena.max(x, y); });
        })
        .Case([&](arith::MinimumFOp) {
          return binary([&](Id x, Id y) { return arena.min(x, y); });
        })
        .Case([&](arith::NegFOp) {
          return unary([&](Id x) { return arena.neg(x); });
        })
        .Case([&](math::ExpOp) {
          return unary([&](Id x) { return arena.exp(x); });
        })
        .Case([&](math::SqrtOp) {
          return unary([&](Id x) { return arena.sqrt(x); });
        })
        .Case([&](math::RsqrtOp) {
          return unary([&](Id x) { return arena.rsqrt(x); });
        })
        .Case([&](arith::CmpFOp cmp) {
          return binary([&](Id x, Id y) {
            return arena.compare(cmp.getPredicate(), x, y);
          });
        })
        .Case([&](arith::SelectOp select) -> FailureOr<Id> {
          FailureOr<Id> c = eval(select.getCondition());
          if (failed(c))
            return failure();
          FailureOr<Id> t = eval(select.getTrueValue());
          if (failed(t))
            return failure();
          FailureOr<Id> f = eval(select.getFalseValue());
          if (failed(f))
            return failure();
          return arena.select(*c, *t, *f);
        })
        .Case<arith::TruncFOp, arith::ExtFOp, arith::UIToFPOp,
              arith::SIToFPOp, arith::IndexCastOp, arith::IndexCastUIOp>(
            [&](Operation *cast) -> FailureOr<Id> {
              // Conversions of constants (an f64 bound truncated to f32, an
              // index to a float) round once, as the conversion does.
              FailureOr<Id> x = eval(cast->getOperand(0));
              if (failed(x))
                return failure();
              std::optional<double> c = arena.constantValue(*x);
              if (!c)
                return failAt(cast, "a conversion of a computed value");
              return arena.constant(*c);
            })
        .Default([&](Operation *other) -> FailureOr<Id> {
          return failAt(other, "a body op the recognizer does not read");
        });
  }
};
} // namespace

FailureOr<Id> ElementTracer::traceLinalg(Operation *operation, OpResult result,
                                         ArrayRef<int64_t> index) {
  auto op = cast<linalg::LinalgOp>(operation);
  const LinalgInfo &info = *getLinalgInfo(operation);
  if (info.dynamic)
    return fail(op, "a loop with a dynamic extent");
  unsigned r = result.getResultNumber();
  unsigned initNumber = info.inputs + r;
  Value init = operation->getOperand(initNumber);
  SmallVector<int64_t, 8> iv(info.ranges.size(), -1);
  for (auto [k, expr] : llvm::enumerate(info.maps[initNumber].getResults())) {
    int64_t dim = info.dims[initNumber][k];
    if (dim >= 0) {
      iv[dim] = index[k];
      continue;
    }
    // A reduction's kept unit dimension is written as the constant 0.
    auto c = dyn_cast<AffineConstantExpr>(expr);
    if (!c || c.getValue() != index[k])
      return fail(op, "an output indexing map that is not a permutation");
  }
  for (unsigned d = 0; d < iv.size(); ++d)
    if (iv[d] < 0 && !llvm::is_contained(info.reduced, d))
      return fail(op, "a parallel loop the output does not index");
  Value yielded = info.body->getTerminator()->getOperand(r);

  // The accumulator starts as the init element (read only if the body reads
  // it) and runs through the reduction points in loop order.
  std::optional<Id> acc;
  BlockArgument accArg = info.body->getArgument(initNumber);
  int64_t points = 1;
  for (unsigned d : info.reduced)
    points *= info.ranges[d];
  if (points == 0)
    return trace(init, index);
  auto indexOf = [&](unsigned operand) {
    SmallVector<int64_t, 4> at;
    const SmallVector<int64_t, 4> &dims = info.dims[operand];
    if (llvm::all_of(dims, [](int64_t d) { return d >= 0; })) {
      for (int64_t d : dims)
        at.push_back(iv[d]);
      return at;
    }
    for (int64_t v : info.maps[operand].compose(iv))
      at.push_back(v);
    return at;
  };
  for (int64_t p = 0; p < points; ++p) {
    int64_t rest = p;
    for (int64_t i = int64_t(info.reduced.size()) - 1; i >= 0; --i) {
      unsigned d = info.reduced[i];
      iv[d] = rest % info.ranges[d];
      rest /= info.ranges[d];
    }
    auto argument = [&](BlockArgument arg) -> FailureOr<Id> {
      if (arg == accArg) {
        if (!acc) {
          FailureOr<Id> start = trace(init, index);
          if (failed(start))
            return failure();
          acc = *start;
        }
        return *acc;
      }
      unsigned number = arg.getArgNumber();
      if (number >= info.inputs)
        return fail(op, "a body that reads another result's accumulator");
      Value input = operation->getOperand(number);
      if (!isa<ShapedType>(input.getType())) {
        if (std::optional<double> c = getScalarConstant(input))
          return arena.constant(*c);
        return fail(op, "a scalar operand that is not a constant");
      }
      return trace(input, indexOf(number));
    };
    BodyEvaluator eval{*this,    arena,   operation, info.body, iv,
                       argument, {},      nullptr,   {}};
    FailureOr<Id> value = eval.eval(yielded);
    if (failed(value)) {
      if (eval.failedOp)
        return fail(eval.failedOp, eval.why);
      return failure();
    }
    acc = *value;
  }
  return *acc;
}

/// Constant shape operands of TOSA ops (tosa.const_shape).
static FailureOr<SmallVector<int64_t>> constShape(Value shape) {
  SmallVector<int64_t> values;
  if (!shape.getDefiningOp() ||
      !tosa::getConstShapeValues(shape.getDefiningOp(), values))
    return failure();
  return values;
}

FailureOr<Id> ElementTracer::broadcastOperand(Value operand,
                                              ArrayRef<int64_t> index) {
  ArrayRef<int64_t> shape = shapeOf(operand);
  if (shape.size() != index.size())
    return fail(operand.getDefiningOp(), "an operand of another rank");
  SmallVector<int64_t> at(index);
  for (unsigned d = 0; d < at.size(); ++d)
    if (shape[d] == 1)
      at[d] = 0;
  return trace(operand, at);
}

/// True when `value` is a zero constant (TOSA's shift and zero points).
static bool isZeroConstant(Value value) {
  FailureOr<ConstTensor> c = evaluateConstantTensor(value);
  return succeeded(c) &&
         llvm::all_of(c->values, [](double v) { return v == 0.0; });
}

FailureOr<Id> ElementTracer::traceTosa(Operation *op, OpResult result,
                                       ArrayRef<int64_t> index) {
  // Elementwise ops, read as tosa-to-linalg lowers them.
  auto operand = [&](unsigned i) { return broadcastOperand(op->getOperand(i),
                                                           index); };
  auto unary = [&](function_ref<Id(Id)> f) -> FailureOr<Id> {
    FailureOr<Id> x = operand(0);
    if (failed(x))
      return failure();
    return f(*x);
  };
  auto binary = [&](function_ref<Id(Id, Id)> f) -> FailureOr<Id> {
    FailureOr<Id> x = operand(0);
    if (failed(x))
      return failure();
    FailureOr<Id> y = operand(1);
    if (failed(y))
      return failure();
    return f(*x, *y);
  };
  auto propagates = [&](tosa::NanPropagationMode mode) {
    return mode == tosa::NanPropagationMode::PROPAGATE;
  };
  auto reduce = [&](uint32_t axis, double start,
                    function_ref<Id(Id, Id)> f) -> FailureOr<Id> {
    Value input = op->getOperand(0);
    SmallVector<int64_t> at(index);
    Id acc = arena.constant(start);
    for (int64_t i = 0, e = shapeOf(input)[axis]; i < e; ++i) {
      at[axis] = i;
      FailureOr<Id> x = trace(input, at);
      if (failed(x))
        return failure();
      acc = f(*x, acc);
    }
    return acc;
  };
  return TypeSwitch<Operation *, FailureOr<Id>>(op)
      .Case([&](tosa::AddOp) {
        return binary([&](Id x, Id y) { return arena.add(x, y); });
      })
      .Case([&](tosa::SubOp) {
        return binary([&](Id x, Id y) { return arena.sub(x, y); });
      })
      .Case([&](tosa::MulOp mul) -> FailureOr<Id> {
        if (!isZeroConstant(mul.getShift()))
          return fail(op, "a tosa.mul with a shift");
        return binary([&](Id x, Id y) { return arena.mul(x, y); });
      })
      .Case([&](tosa::MaximumOp max) -> FailureOr<Id> {
        if (!propagates(max.getNanMode()))
          return fail(op, "a maximum that ignores NaN");
        return binary([&](Id x, Id y) { return arena.max(x, y); });
      })
      .Case([&](tosa::MinimumOp min) -> FailureOr<Id> {
        if (!propagates(min.getNanMode()))
          return fail(op, "a minimum that ignores NaN");
        return binary([&](Id x, Id y) { return arena.min(x, y); });
      })
      .Case([&](tosa::ExpOp) {
        return unary([&](Id x) { return arena.exp(x); });
      })
      .Case([&](tosa::RsqrtOp) {
        return unary([&](Id x) { return arena.rsqrt(x); });
      })
      .Case([&](tosa::ReciprocalOp) {
        return unary([&](Id x) { return arena.div(arena.constant(1.0), x); });
      })
      .Case([&](tosa::SigmoidOp) {
        return unary([&](Id x) {
          Id one = arena.constant(1.0);
          return arena.div(one, arena.add(arena.exp(arena.neg(x)), one));
        });
      })
      .Case([&](tosa::NegateOp neg) -> FailureOr<Id> {
        if (!isZeroConstant(neg.getInput1Zp()) ||
            !isZeroConstant(neg.getOutputZp()))
          return fail(op, "a negate with zero points");
        return unary([&](Id x) { return arena.neg(x); });
      })
      .Case([&](tosa::ClampOp clamp) -> FailureOr<Id> {
        auto lo = dyn_cast<FloatAttr>(clamp.getMinValAttr());
        auto hi = dyn_cast<FloatAttr>(clamp.getMaxValAttr());
        if (!lo || !hi || !propagates(clamp.getNanMode()))
          return fail(op, "a clamp the recognizer does not read");
        return unary([&](Id x) {
          Id upper = arena.min(x, arena.constant(hi.getValueAsDouble()));
          return arena.max(upper, arena.constant(lo.getValueAsDouble()));
        });
      })
      .Case([&](tosa::ReduceMaxOp max) -> FailureOr<Id> {
        if (!propagates(max.getNanMode()))
          return fail(op, "a reduce_max that ignores NaN");
        auto element = cast<FloatType>(
            cast<ShapedType>(max.getType()).getElementType());
        return reduce(max.getAxis(), lowestFinite(element),
                      [&](Id x, Id acc) { return arena.max(x, acc); });
      })
      .Case([&](tosa::ReduceSumOp sum) {
        return reduce(sum.getAxis(), 0.0,
                      [&](Id x, Id acc) { return arena.add(x, acc); });
      })
      .Case([&](tosa::ReshapeOp reshape) {
        Value source = reshape.getInput1();
        int64_t linear = linearizeIndex(index, shapeOf(result));
        return trace(source, delinearizeIndex(linear, shapeOf(source)));
      })
      .Case([&](tosa::TransposeOp transpose) {
        ArrayRef<int32_t> perms = transpose.getPerms();
        SmallVector<int64_t> at(index.size());
        for (auto [k, p] : llvm::enumerate(perms))
          at[p] = index[k];
        return trace(transpose.getInput1(), at);
      })
      .Case([&](tosa::SliceOp slice) -> FailureOr<Id> {
        FailureOr<SmallVector<int64_t>> start = constShape(slice.getStart());
        if (failed(start))
          return fail(op, "a slice with a computed start");
        SmallVector<int64_t> at(index);
        for (unsigned d = 0; d < at.size(); ++d)
          at[d] += (*start)[d];
        return trace(slice.getInput1(), at);
      })
      .Case([&](tosa::ConcatOp concat) -> FailureOr<Id> {
        uint32_t axis = concat.getAxis();
        SmallVector<int64_t> at(index);
        for (Value input : concat.getInput1()) {
          int64_t extent = shapeOf(input)[axis];
          if (at[axis] < extent)
            return trace(input, at);
          at[axis] -= extent;
        }
        return fail(op, "a concat index out of range");
      })
      .Case([&](tosa::TileOp tile) {
        Value input = tile.getInput1();
        ArrayRef<int64_t> shape = shapeOf(input);
        SmallVector<int64_t> at(index);
        for (unsigned d = 0; d < at.size(); ++d)
          at[d] %= shape[d];
        return trace(input, at);
      })
      .Case([&](tosa::GatherOp gather) -> FailureOr<Id> {
        // values [N, K, C], indices [N, W] -> [N, W, C].
        FailureOr<int64_t> k =
            integerElement(gather.getIndices(), {index[0], index[1]});
        if (failed(k))
          return failure();
        if (*k < 0 || *k >= shapeOf(gather.getValues())[1])
          return fail(op, "a gather index out of range");
        return trace(gather.getValues(), {index[0], *k, index[2]});
      })
      .Case([&](tosa::Conv2DOp conv) -> FailureOr<Id> {
        // A one-channel 1x1 projection with constant weights (the DFL):
        // the bias, then input times weight summed over input channels, as
        // tosa-to-linalg's conv_2d_nhwc_fhwc on a bias-filled init does.
        ArrayRef<int64_t> w = shapeOf(conv.getWeight());
        if (w[1] != 1 || w[2] != 1 || !isZeroConstant(conv.getInputZp()) ||
            !isZeroConstant(conv.getWeightZp()) ||
            llvm::any_of(conv.getPad(), [](int64_t p) { return p != 0; }) ||
            llvm::any_of(conv.getStride(), [](int64_t s) { return s != 1; }))
          return fail(op, "a conv the recognizer does not read");
        FailureOr<Id> acc = broadcastOperand(conv.getBias(), {index[3]});
        if (failed(acc))
          return failure();
        Id sum = *acc;
        for (int64_t c = 0; c < w[3]; ++c) {
          FailureOr<Id> x =
              trace(conv.getInput(), {index[0], index[1], index[2], c});
          if (failed(x))
            return failure();
          FailureOr<Id> f = trace(conv.getWeight(), {index[3], 0, 0, c});
          if (failed(f))
            return failure();
          sum = arena.add(sum, arena.mul(*x, *f));
        }
        return sum;
      })
      .Default([&](Operation *other) -> FailureOr<Id> {
        return fail(other, "an op the recognizer does not read");
      });
}

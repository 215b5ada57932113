//===- ElementTrace.h - one tensor element as a scalar formula --*- C++ -*-===//
///
/// \file
/// A detection head's decode is spelled in many ways: one generic or ten,
/// slices or gathers, a divide or a multiply by the reciprocal, TOSA or
/// linalg, permutes and per-level concats in between. Rather than matching
/// spellings, the recognizer asks what one output element *is*: the tracer
/// follows the element back through layout ops (reshape, transpose, slice,
/// concat, gather, broadcast) and elementwise and reduction ops to the
/// tensors it does not look through (the head convs' outputs, arguments),
/// and writes it as a scalar expression whose leaves are elements of those
/// tensors and constants.
///
/// Expressions are hash-consed: two expressions are the same computation
/// exactly when they have the same id. The only identities applied are ones
/// that hold for every input, NaN and infinities included (commuted operands
/// of add, mul, max and min; x / 2^k as x * 2^-k; x * 1 and x / 1 as x;
/// exp(max(x, L)) as exp(x) where exp(L) rounds to 0), so equal ids mean
/// equal values, bit for bit.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_ELEMENTTRACE_H
#define FUSIONDIALECT_ANALYSIS_ELEMENTTRACE_H

#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::fusion {

/// Hash-consed scalar expressions in one float type.
class ExprArena {
public:
  using Id = uint32_t;
  enum class Kind : uint8_t {
    Constant,
    Element,
    Neg,
    Exp,
    Sqrt,
    Rsqrt,
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
    Compare,
    Select,
  };
  struct Node {
    Kind kind;
    /// Kind::Compare: an arith::CmpFPredicate.
    uint8_t predicate = 0;
    Id operands[3] = {0, 0, 0};
    /// Kind::Constant: the value, rounded to the arena's type.
    double value = 0.0;
    /// Kind::Element: which tensor, and the element's row-major index.
    unsigned source = 0;
    int64_t index = 0;
  };

  explicit ExprArena(FloatType type) : type(type) {}

  FloatType getType() const { return type; }
  Id constant(double value);
  Id element(unsigned source, int64_t index);
  /// The id of an element expression if it exists.
  std::optional<Id> findElement(unsigned source, int64_t index) const;
  Id neg(Id x);
  Id exp(Id x);
  Id sqrt(Id x);
  Id rsqrt(Id x);
  Id add(Id x, Id y);
  Id sub(Id x, Id y);
  Id mul(Id x, Id y);
  Id div(Id x, Id y);
  Id max(Id x, Id y);
  Id min(Id x, Id y);
  Id compare(arith::CmpFPredicate predicate, Id x, Id y);
  Id select(Id condition, Id ifTrue, Id ifFalse);

  const Node &get(Id id) const { return nodes[id]; }
  std::optional<double> constantValue(Id id) const;
  size_t size() const { return nodes.size(); }
  /// Forgets every expression (ids become invalid).
  void clear();
  /// The element leaves `root` depends on, each once.
  SmallVector<Id> elementsOf(Id root) const;
  /// Every expression `root` depends on (itself included).
  SmallVector<Id> subexpressions(Id root) const;

private:
  Id intern(Node node);
  /// A binary node, operands ordered when the op commutes.
  Id make(Kind kind, Id x, Id y);
  double round(double v) const;

  FloatType type;
  std::vector<Node> nodes;
  /// A node packed into three words (kind, predicate and first operand;
  /// the other operands; a constant's bits or an element's source and
  /// index), hashed with one multiply per word: interning is the tracer's
  /// hottest path.
  struct Key {
    uint64_t words[3];
    bool operator==(const Key &other) const {
      return words[0] == other.words[0] && words[1] == other.words[1] &&
             words[2] == other.words[2];
    }
  };
  struct KeyInfo {
    static Key getEmptyKey() { return {{~0ull, 0, 0}}; }
    static Key getTombstoneKey() { return {{~0ull - 1, 0, 0}}; }
    static unsigned getHashValue(const Key &k) {
      uint64_t h = k.words[0] * 0x9E3779B97F4A7C15ull;
      h = (h ^ (h >> 29) ^ k.words[1]) * 0xBF58476D1CE4E5B9ull;
      h = (h ^ (h >> 31) ^ k.words[2]) * 0x94D049BB133111EBull;
      return unsigned(h ^ (h >> 32));
    }
    static bool isEqual(const Key &a, const Key &b) { return a == b; }
  };
  static Key keyOf(const Node &node);
  llvm::DenseMap<Key, Id, KeyInfo> interned;
};

/// Writes tensor elements as ExprArena expressions.
class ElementTracer {
public:
  explicit ElementTracer(ExprArena &arena);
  ~ElementTracer();

  /// Element `index` of `value`. Fails when an op on the way cannot be read
  /// as a function of elements (a body op without a known meaning, an
  /// uninitialized accumulator, a dynamic shape); `failure()` then says why.
  FailureOr<ExprArena::Id> trace(Value value, ArrayRef<int64_t> index);

  /// The tensors traces stop at, by source number.
  ArrayRef<Value> getSources() const { return sources.getArrayRef(); }
  Value getSource(unsigned id) const { return sources[id]; }
  /// Source number of `value`, if a trace stopped there.
  std::optional<unsigned> findSource(Value value) const;
  /// Where element `index` (row-major) of a source lies.
  SmallVector<int64_t> sourceIndex(unsigned id, int64_t index) const;
  /// True for a source a trace stopped at because it could not read its op
  /// (not a convolution's output or an argument).
  bool isUnreadSource(unsigned id) const;
  /// Ops traces looked through.
  ArrayRef<Operation *> getVisited() const { return visited.getArrayRef(); }
  /// Constant tensors of more than one element that traces read.
  ArrayRef<Value> getConstantsRead() const { return constants.getArrayRef(); }
  /// The data of a constant tensor a trace read.
  const ConstTensor &getConstantData(Value value) const {
    return constantData.find(value)->second;
  }
  /// Why the last failed trace failed, and where.
  StringRef getFailure() const { return failureText; }
  Operation *getFailedOp() const { return failedOp; }

  /// Forgets the elements traced so far; call with ExprArena::clear.
  void clearMemo();

private:
  using Id = ExprArena::Id;
  FailureOr<Id> traceUncached(Value value, ArrayRef<int64_t> index);
  FailureOr<Id> traceOp(Operation *op, OpResult result,
                        ArrayRef<int64_t> index);
  FailureOr<Id> traceLinalg(Operation *op, OpResult result,
                            ArrayRef<int64_t> index);
  FailureOr<Id> traceTosa(Operation *op, OpResult result,
                          ArrayRef<int64_t> index);
  FailureOr<Id> traceTensorOp(Operation *op, OpResult result,
                              ArrayRef<int64_t> index);
  FailureOr<Id> constantElement(Value value, ArrayRef<int64_t> index);
  /// Element `index` of an operand broadcast to `resultShape` (TOSA).
  FailureOr<Id> broadcastOperand(Value operand, ArrayRef<int64_t> index);
  Id sourceElement(Value value, ArrayRef<int64_t> index);
  /// A constant integer element (a gather's indices).
  FailureOr<int64_t> integerElement(Value value, ArrayRef<int64_t> index);
  FailureOr<Id> fail(Operation *op, const Twine &why);
  /// True when traces look through `op`; false makes its result a source.
  bool isReadable(Operation *op) const;

  ExprArena &arena;
  llvm::SetVector<Value> sources;
  llvm::SetVector<Operation *> visited;
  llvm::SetVector<Value> constants;
  DenseMap<Value, ConstTensor> constantData;
  /// Per traced value, the id of each element traced so far (row-major;
  /// kNotTraced where none), so that a lookup is an index.
  DenseMap<Value, std::vector<Id>> memo;
  /// The memo entries filled since the last clearMemo, to clear just them.
  std::vector<std::pair<Value, int64_t>> filled;
  /// What traceLinalg needs of an op, read once.
  struct LinalgInfo;
  DenseMap<Operation *, std::unique_ptr<LinalgInfo>> linalgInfo;
  /// isReadable per op, asked once.
  DenseMap<Operation *, bool> readable;
  const LinalgInfo *getLinalgInfo(Operation *op);
  std::string failureText;
  Operation *failedOp = nullptr;
};

/// The lowest finite value of `type` (TOSA's reduce_max starts there).
double lowestFinite(FloatType type);

/// Row-major linear index of `index` in `shape`, and back.
int64_t linearizeIndex(ArrayRef<int64_t> index, ArrayRef<int64_t> shape);
SmallVector<int64_t> delinearizeIndex(int64_t linear, ArrayRef<int64_t> shape);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_ELEMENTTRACE_H

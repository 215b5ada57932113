//===- ChainMatcher.cpp - find a legal chain after one conv ---------------===//
#include "FusionDialect/Analysis/ChainMatcher.h"
#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Analysis/ElementwiseSemantics.h"
#include "FusionDialect/Analysis/NormalizationStatistics.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::fusion;

namespace {
/// Why the walk stopped.
struct Stop {
  Refusal reason = Refusal::None;
  std::string detail;
  Operation *offender = nullptr;
};

/// Thrown-free error plumbing: interpretation either yields a node or sets
/// the stop and fails.
class ChainWalker {
public:
  ChainWalker(ChainExprGraph &graph, const ConvMatch &conv)
      : graph(graph), conv(conv) {}

  /// Walks from the conv output, appending steps until something stops it.
  void walk(SmallVectorImpl<ChainStep> &steps,
            SmallVectorImpl<Operation *> &assertOnlyUsers);
  Stop stop;

private:
  LogicalResult interpret(Operation *op);
  LogicalResult interpretGeneric(linalg::GenericOp op);
  LogicalResult interpretTensorOp(Operation *op);
  FailureOr<ChainExpr *> readParam(Operation *user, Value operand,
                                   ArrayRef<int64_t> channelPositions,
                                   ArrayRef<int64_t> fixedIndex,
                                   StringRef opKind);
  LogicalResult fail(Refusal reason, Operation *offender, const Twine &detail) {
    stop.reason = reason;
    stop.offender = offender;
    stop.detail = detail.str();
    return failure();
  }
  bool isAssertOnlyUser(Operation *user, Value value);
  bool dependsOnActivations(Value value, bool &throughReduction);
  bool refuseComputedStatistics(Value value);

  ChainExprGraph &graph;
  const ConvMatch &conv;
  DenseMap<Value, ChainExpr *> known;
  int64_t channelDim = 1;
  SmallVector<int64_t, 4> perm;
};
} // namespace

/// Ops that compute from feature maps with learned weights: a value they
/// produce is data, never a parameter.
static bool isFeatureOp(Operation *op) {
  return isa<linalg::ConvolutionOpInterface>(op) ||
         isa<linalg::MatmulOp, tosa::Conv2DOp, tosa::DepthwiseConv2DOp,
             tosa::AvgPool2dOp, tosa::MaxPool2dOp, tosa::MatMulOp, ConvBnActOp,
             ConvBiasActOp>(op);
}

/// A reduction over a chain value computes batch statistics when it, or a
/// reduction after it, reduces over the batch (a squeeze-excitation pool
/// keeps each image's values apart). Where the batch cannot be seen, it does
/// when its result flows on without passing a conv or matmul: an SE pool
/// feeds its fully connected layers.
static bool isBatchStatistics(Operation *reduction) {
  if (!isTensorReduction(reduction))
    return false;
  std::optional<bool> direct = reducesBatch(reduction);
  if (direct && *direct)
    return true;
  ForwardSliceOptions options;
  SetVector<Operation *> slice;
  getForwardSlice(reduction, &slice, options);
  for (Operation *op : slice)
    if (isTensorReduction(op) && reducesBatch(op).value_or(false))
      return true;
  if (direct)
    return false;
  return llvm::none_of(slice, isFeatureOp);
}

/// The ops from `start` up to, not including, `join`, when each has one
/// result with one user and `join` is reached within 8 of them: one branch
/// of an activation that reads its input more than once.
static std::optional<SmallVector<Operation *>>
singleUsePathTo(Operation *start, Operation *join) {
  SmallVector<Operation *> branch{start};
  while (branch.size() < 8) {
    Operation *last = branch.back();
    if (last->getNumResults() != 1 || !last->getResult(0).hasOneUse())
      return std::nullopt;
    Operation *next = *last->getResult(0).getUsers().begin();
    if (next == join)
      return branch;
    branch.push_back(next);
  }
  return std::nullopt;
}

static bool isElementwiseCandidate(Operation *op) {
  if (auto g = dyn_cast<linalg::GenericOp>(op))
    return g.getNumReductionLoops() == 0 && g->getNumResults() == 1;
  return op->getNumResults() == 1 &&
         isa<RankedTensorType>(op->getResult(0).getType()) &&
         hasPointwiseSemantics(op);
}

/// An elementwise op reading `value` as its only live input: an activation
/// (or part of one) that a chain stopped before `value` could have absorbed.
static bool isActivationLike(Operation *op, Value value) {
  if (!isElementwiseCandidate(op))
    return false;
  SmallVector<Value> inputs(op->getOperands());
  if (auto g = dyn_cast<linalg::GenericOp>(op))
    inputs = g.getDpsInputs();
  return llvm::all_of(inputs, [&](Value in) {
    auto type = dyn_cast<ShapedType>(in.getType());
    return in == value || !type || type.getRank() <= 1 ||
           isComputedFromConstants(in);
  });
}

static std::string describe(Operation *op) {
  return ("'" + op->getName().getStringRef() + "'").str();
}

bool ChainWalker::isAssertOnlyUser(Operation *user, Value value) {
  auto g = dyn_cast<linalg::GenericOp>(user);
  if (!g || g->getNumResults() != 0)
    return false;
  Block &body = g.getRegion().front();
  for (OpOperand &operand : g->getOpOperands())
    if (operand.get() == value &&
        !body.getArgument(operand.getOperandNumber()).use_empty())
      return false;
  return true;
}

/// True when `value` is computed from feature maps (conv/pool/matmul outputs
/// or chain values) rather than from parameters; `throughReduction` is set
/// when a reduction over a chain value is on the way (batch statistics).
bool ChainWalker::dependsOnActivations(Value value, bool &throughReduction) {
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitUsesFromAbove = false;
  SetVector<Operation *> slice;
  (void)getBackwardSlice(value, &slice, options);
  bool activations = false;
  for (Operation *op : slice) {
    for (Value operand : op->getOperands()) {
      if (known.count(operand) || operand == conv.output) {
        activations = true;
        if (isBatchStatistics(op))
          throughReduction = true;
      }
    }
    if (isFeatureOp(op))
      activations = true;
    // An image-shaped function argument is an input, not a parameter.
    for (Value operand : op->getOperands())
      if (auto arg = dyn_cast<BlockArgument>(operand))
        if (auto type = dyn_cast<ShapedType>(arg.getType()))
          activations |= type.getRank() >= 3;
  }
  if (auto arg = dyn_cast<BlockArgument>(value))
    if (auto type = dyn_cast<ShapedType>(arg.getType()))
      activations |= type.getRank() >= 3;
  return activations;
}

/// Reads a non-chain operand as a per-channel parameter or a scalar.
/// `channelPositions` lists the operand dimensions that follow the channel
/// (at most one); `fixedIndex` gives the index used on every other dimension.
FailureOr<ChainExpr *>
ChainWalker::readParam(Operation *user, Value operand,
                       ArrayRef<int64_t> channelPositions,
                       ArrayRef<int64_t> fixedIndex, StringRef opKind) {
  FailureOr<ConstTensor> value = evaluateConstantTensor(operand);
  if (succeeded(value)) {
    SmallVector<int64_t> index(fixedIndex);
    if (channelPositions.empty()) {
      if (value->size() == 0)
        return fail(Refusal::UnrecognizedPattern, user, "empty constant");
      return graph.constant(value->values[value->linearize(index)]);
    }
    std::vector<double> perChannel;
    for (int64_t c = 0; c < graph.getChannels(); ++c) {
      index[channelPositions[0]] = c;
      perChannel.push_back(value->values[value->linearize(index)]);
    }
    return graph.param(operand, std::move(perChannel));
  }
  bool throughReduction = false;
  if (dependsOnActivations(operand, throughReduction)) {
    if (throughReduction)
      return fail(Refusal::TrainingModeBn, user,
                  "the normalization statistics are computed from the batch "
                  "(a reduction over the conv output); export the model in "
                  "eval mode so running statistics are used");
    // With 1x1 spatial extent a skip connection looks per-channel too.
    if (opKind == "adding")
      return fail(Refusal::ResidualAdd, user,
                  "adding another live tensor (a skip connection) between "
                  "the normalization and the activation");
    return fail(Refusal::NotBatchnorm, user,
                (opKind + " by a tensor computed from the feature maps (e.g. "
                          "a squeeze-excitation gate) is not a BatchNorm")
                    .str());
  }
  auto type = dyn_cast<RankedTensorType>(operand.getType());
  if (channelPositions.empty() || !type || type.getRank() != 1)
    return fail(Refusal::NonConstantParameters, user,
                "a non-constant parameter is not a rank-1 per-channel tensor");
  return graph.param(operand, {});
}

LogicalResult ChainWalker::interpretGeneric(linalg::GenericOp op) {
  if (op->getNumResults() != 1 || op.getNumReductionLoops() != 0)
    return fail(Refusal::None, op, "");
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap outMap = maps.back();
  auto outType = cast<RankedTensorType>(op->getResult(0).getType());
  if (!outMap.isIdentity())
    return fail(Refusal::UnrecognizedPattern, op,
                "the elementwise op has a non-identity output map");
  int64_t rank = outType.getRank();
  ArrayRef<int64_t> outShape = outType.getShape();
  Block &body = op.getRegion().front();
  DenseMap<Value, ChainExpr *> env;

  for (OpOperand &init : op.getDpsInitsMutable())
    if (!body.getArgument(init.getOperandNumber()).use_empty())
      return fail(Refusal::UnrecognizedPattern, op,
                  "the elementwise op reads its output operand");

  for (OpOperand *in : op.getDpsInputOperands()) {
    Value v = in->get();
    AffineMap map = maps[in->getOperandNumber()];
    BlockArgument arg = body.getArgument(in->getOperandNumber());
    if (auto it = known.find(v); it != known.end()) {
      // The chain value must be read elementwise: the same index, or index
      // 0 on a dimension of size 1.
      bool elementwise = map.getNumResults() == rank;
      for (int64_t d = 0; elementwise && d < rank; ++d) {
        AffineExpr e = map.getResult(d);
        auto c = dyn_cast<AffineConstantExpr>(e);
        elementwise = e == outMap.getResult(d) ||
                      (c && c.getValue() == 0 && outShape[d] == 1);
      }
      // Read with a broadcast (a squeeze-excitation gate applied to a
      // feature map): the chain ends here.
      if (!elementwise)
        return fail(Refusal::None, op, "");
      env[arg] = it->second;
      continue;
    }
    // A parameter: which loop dimensions does it vary with?
    SmallVector<int64_t> channelPositions, fixedIndex;
    bool otherDims = false, batchDim = false;
    for (auto [pos, e] : llvm::enumerate(map.getResults())) {
      fixedIndex.push_back(0);
      if (auto c = dyn_cast<AffineConstantExpr>(e)) {
        fixedIndex.back() = c.getValue();
        continue;
      }
      auto d = dyn_cast<AffineDimExpr>(e);
      if (!d)
        return fail(Refusal::UnrecognizedPattern, op,
                    "a parameter is indexed by a non-trivial expression");
      int64_t dim = d.getPosition();
      if (outShape[dim] == 1)
        continue;
      if (dim == channelDim)
        channelPositions.push_back(pos);
      else if (dim == 0 && conv.channelDim != 0)
        batchDim = true;
      else
        otherDims = true;
    }
    // What does the body do with this operand? Names the refusal.
    StringRef use = "combining";
    for (Operation *u : arg.getUsers()) {
      if (isa<arith::AddFOp, arith::SubFOp>(u))
        use = "adding";
      else if (isa<arith::MulFOp, arith::DivFOp>(u))
        use = "multiplying";
    }
    if (otherDims || batchDim) {
      bool channels = !channelPositions.empty();
      bool full = channels && otherDims;
      if (full || batchDim) {
        FailureOr<ConstTensor> c = evaluateConstantTensor(v);
        if (succeeded(c) && !batchDim)
          return fail(Refusal::UnrecognizedPattern, op,
                      "a constant that varies over space is not a "
                      "per-channel parameter");
        if (use == "adding" && full)
          return fail(Refusal::ResidualAdd, op,
                      "adding another live tensor (a skip connection) "
                      "between the normalization and the activation");
        if (use == "multiplying")
          return fail(Refusal::NotBatchnorm, op,
                      "multiplying by a tensor computed per image (e.g. a "
                      "squeeze-excitation gate) is not a BatchNorm");
        return fail(Refusal::UnrecognizedPattern, op,
                    (use + " a full tensor into the chain").str());
      }
      return fail(Refusal::ChannelAxisMismatch, op,
                  "a parameter varies along a dimension that is not the "
                  "conv's output channel");
    }
    FailureOr<ChainExpr *> p =
        readParam(op, v, channelPositions, fixedIndex, use);
    if (failed(p))
      return failure();
    env[arg] = *p;
  }

  for (Operation &inner : body.without_terminator()) {
    if (isa<cf::AssertOp>(inner))
      continue;
    if (inner.getNumResults() != 1)
      return fail(Refusal::UnrecognizedPattern, op,
                  "the body holds " + describe(&inner));
    if (isa<arith::ConstantOp>(inner)) {
      std::optional<double> c = getScalarConstant(inner.getResult(0));
      if (!c)
        return fail(Refusal::UnrecognizedPattern, op, "a non-float constant");
      env[inner.getResult(0)] = graph.constant(*c);
      continue;
    }
    if (!hasPointwiseSemantics(&inner))
      return fail(Refusal::UnrecognizedPattern, op,
                  "the body holds " + describe(&inner) +
                      ", which has no known pointwise meaning");
    SmallVector<ChainExpr *, 3> args;
    for (Value operand : inner.getOperands()) {
      if (auto it = env.find(operand); it != env.end()) {
        args.push_back(it->second);
        continue;
      }
      std::optional<double> c = getScalarConstant(operand);
      if (!c)
        return fail(Refusal::UnrecognizedPattern, op,
                    "the body reads a non-constant value from outside");
      args.push_back(graph.constant(*c));
    }
    env[inner.getResult(0)] = graph.apply(&inner, args);
  }
  Value yielded = body.getTerminator()->getOperand(0);
  auto it = env.find(yielded);
  if (it == env.end())
    return fail(Refusal::UnrecognizedPattern, op,
                "the body yields a value it did not compute");
  known[op->getResult(0)] = it->second;
  return success();
}

/// TOSA elementwise ops (and arith on tensors), with size-1 broadcasting.
LogicalResult ChainWalker::interpretTensorOp(Operation *op) {
  auto outType = cast<RankedTensorType>(op->getResult(0).getType());
  unsigned dataOperands =
      isa<tosa::AddOp, tosa::SubOp, tosa::MulOp, tosa::PowOp, tosa::MaximumOp,
          tosa::MinimumOp, tosa::GreaterEqualOp, tosa::GreaterOp>(op)
          ? 2
      : isa<tosa::SelectOp>(op) ? 3
      : isa<tosa::TosaOp>(op)   ? 1
                                : op->getNumOperands();
  StringRef use = isa<tosa::AddOp, tosa::SubOp, arith::AddFOp, arith::SubFOp>(op)
                      ? "adding"
                  : isa<tosa::MulOp, arith::MulFOp, arith::DivFOp>(op)
                      ? "multiplying"
                      : "combining";
  SmallVector<ChainExpr *, 3> args;
  for (Value operand : op->getOperands().take_front(dataOperands)) {
    if (auto it = known.find(operand); it != known.end()) {
      if (cast<ShapedType>(operand.getType()).getShape() != outType.getShape())
        return fail(Refusal::None, op, "");
      args.push_back(it->second);
      continue;
    }
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || type.getRank() != outType.getRank())
      return fail(Refusal::UnrecognizedPattern, op,
                  "an operand of another rank");
    SmallVector<int64_t> channelPositions, fixedIndex(type.getRank(), 0);
    bool otherDims = false;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (type.getDimSize(d) == 1)
        continue;
      if (d == channelDim)
        channelPositions.push_back(d);
      else
        otherDims = true;
    }
    if (otherDims) {
      if (channelPositions.empty() && type.getShape() != outType.getShape())
        return fail(Refusal::ChannelAxisMismatch, op,
                    "a parameter varies along a dimension that is not the "
                    "conv's output channel");
      if (succeeded(evaluateConstantTensor(operand)))
        return fail(Refusal::UnrecognizedPattern, op,
                    "a constant that varies over space is not a per-channel "
                    "parameter");
      if (use == "adding")
        return fail(Refusal::ResidualAdd, op,
                    "adding another live tensor (a skip connection) between "
                    "the normalization and the activation");
      if (use == "multiplying")
        return fail(Refusal::NotBatchnorm, op,
                    "multiplying by a tensor computed per image (e.g. a "
                    "squeeze-excitation gate) is not a BatchNorm");
      return fail(Refusal::UnrecognizedPattern, op,
                  "combining a full tensor into the chain");
    }
    FailureOr<ChainExpr *> p =
        readParam(op, operand, channelPositions, fixedIndex, use);
    if (failed(p))
      return failure();
    args.push_back(*p);
  }
  known[op->getResult(0)] = graph.apply(op, args);
  return success();
}

/// The permutation a pure layout change applies to its input's dimensions:
/// a transpose, or a same-rank reshape that only moves unit dimensions.
/// torch-mlir's TOSA output writes the NCHW<->NHWC transpose as a reshape
/// where the spatial extents are 1 (the last ResNet stage at small inputs);
/// such a reshape moves no data, so it is the transpose it stands for.
static std::optional<SmallVector<int64_t, 4>>
layoutPermutation(Operation *op) {
  if (auto t = dyn_cast<tosa::TransposeOp>(op))
    return SmallVector<int64_t, 4>(t.getPerms().begin(), t.getPerms().end());
  if (auto t = dyn_cast<linalg::TransposeOp>(op))
    return SmallVector<int64_t, 4>(t.getPermutation().begin(),
                                   t.getPermutation().end());
  if (!isa<tosa::ReshapeOp, tensor::ReshapeOp>(op) || op->getNumResults() != 1)
    return std::nullopt;
  auto in = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto out = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!in || !out || !in.hasStaticShape() || !out.hasStaticShape() ||
      in.getRank() != out.getRank())
    return std::nullopt;
  SmallVector<int64_t, 4> nonUnit, unit;
  for (auto [i, extent] : llvm::enumerate(in.getShape()))
    (extent == 1 ? unit : nonUnit).push_back(i);
  SmallVector<int64_t, 4> perm;
  size_t nextNonUnit = 0, nextUnit = 0;
  for (int64_t extent : out.getShape()) {
    if (extent == 1) {
      if (nextUnit == unit.size())
        return std::nullopt;
      perm.push_back(unit[nextUnit++]);
      continue;
    }
    if (nextNonUnit == nonUnit.size() ||
        in.getDimSize(nonUnit[nextNonUnit]) != extent)
      return std::nullopt;
    perm.push_back(nonUnit[nextNonUnit++]);
  }
  return perm;
}

LogicalResult ChainWalker::interpret(Operation *op) {
  if (auto g = dyn_cast<linalg::GenericOp>(op))
    return interpretGeneric(g);
  if (isElementwiseCandidate(op))
    return interpretTensorOp(op);
  return fail(Refusal::None, op, "");
}

/// Stops the walk at `value` when a normalization computes its statistics
/// from it (a LayerNorm, GroupNorm or InstanceNorm): whatever else would
/// stop the walk there, that is the reason, and it is not a BatchNorm's.
bool ChainWalker::refuseComputedStatistics(Value value) {
  auto type = cast<ShapedType>(conv.output.getType());
  std::optional<ComputedStatistics> seen = findComputedStatistics(
      value, type.getDimSize(0), graph.getChannels());
  if (!seen)
    return false;
  (void)fail(Refusal::ComputedStatistics, seen->reduction,
             "statistics computed from the conv output over " + seen->over +
                 "; only a BatchNorm's running statistics fold");
  return true;
}

void ChainWalker::walk(SmallVectorImpl<ChainStep> &steps,
                       SmallVectorImpl<Operation *> &assertOnlyUsers) {
  Value current = conv.output;
  channelDim = conv.channelDim;
  perm = {0, 1, 2, 3};
  known[current] = graph.input();
  Block *block = conv.conv->getBlock();
  // Activations take a handful of ops; a longer elementwise run is not one
  // chain, and a bound keeps the cut search cheap.
  constexpr size_t kMaxSteps = 32;

  while (true) {
    llvm::SetVector<Operation *> users;
    for (Operation *user : current.getUsers()) {
      if (isAssertOnlyUser(user, current)) {
        if (!llvm::is_contained(assertOnlyUsers, user))
          assertOnlyUsers.push_back(user);
        continue;
      }
      users.insert(user);
    }
    if (users.empty())
      return;
    for (Operation *user : users)
      if (user->getBlock() != block) {
        (void)fail(Refusal::ControlFlowBoundary, user,
                   "the chain value is used inside another region or block");
        return;
      }

    ChainStep step;
    Operation *single = users.size() == 1 ? users.front() : nullptr;
    std::optional<SmallVector<int64_t, 4>> layoutChange;
    if (single)
      layoutChange = layoutPermutation(single);
    if (layoutChange) {
      ArrayRef<int64_t> p = *layoutChange;
      SmallVector<int64_t, 4> newPerm;
      int64_t newChannelDim = -1;
      for (auto [i, src] : llvm::enumerate(p)) {
        newPerm.push_back(perm[src]);
        if (src == channelDim)
          newChannelDim = i;
      }
      perm = newPerm;
      channelDim = newChannelDim;
      known[single->getResult(0)] = known[current];
      step.ops.push_back(single);
      current = single->getResult(0);
    } else if (single) {
      if (failed(interpret(single))) {
        // A reshape into channel groups, say, stops the walk; the
        // GroupNorm behind it is the reason.
        (void)refuseComputedStatistics(current);
        return;
      }
      step.ops.push_back(single);
      current = single->getResult(0);
    } else if (refuseComputedStatistics(current)) {
      return;
    } else if (llvm::any_of(users, isBatchStatistics)) {
      Operation *reduction = *llvm::find_if(users, isBatchStatistics);
      (void)fail(Refusal::TrainingModeBn, reduction,
                 "the conv output is reduced over the batch (batch "
                 "statistics); export the model in eval mode");
      return;
    } else if (users.size() <= 4) {
      // A diamond: every user but one starts a path of single-use
      // elementwise ops that ends in that one, the join (SiLU's
      // x * sigmoid(x), hardswish; TF's LeakyRelu, select(x >= 0, x,
      // x * alpha), whose select reads x itself).
      bool matched = false;
      for (Operation *join : users) {
        SmallVector<Operation *> path;
        bool allReachJoin = true;
        for (Operation *start : users) {
          if (start == join)
            continue;
          std::optional<SmallVector<Operation *>> branch =
              singleUsePathTo(start, join);
          if (!branch) {
            allReachJoin = false;
            break;
          }
          path.append(*branch);
        }
        if (!allReachJoin)
          continue;
        matched = true;
        path.push_back(join);
        // Program order: each op's chain operands are interpreted first.
        llvm::sort(path, [](Operation *a, Operation *b) {
          return a->isBeforeInBlock(b);
        });
        bool throughFeatureOps = llvm::any_of(path, [](Operation *op) {
          return isFeatureOp(op) || isTensorReduction(op);
        });
        for (Operation *op : path) {
          if (isBatchStatistics(op)) {
            (void)fail(Refusal::TrainingModeBn, op,
                       "statistics are computed by a reduction over the "
                       "chain (batch statistics); export the model in eval "
                       "mode");
            return;
          }
          if (throughFeatureOps && op != join) {
            // pool -> fc -> ... -> sigmoid, multiplied back: a gate.
            (void)fail(Refusal::NotBatchnorm, join,
                       "multiplying by a tensor computed from the feature "
                       "map (a squeeze-excitation gate) is not a BatchNorm");
            return;
          }
          if (!isElementwiseCandidate(op) || failed(interpret(op))) {
            if (stop.reason == Refusal::None)
              (void)fail(Refusal::MultiUse, op,
                         "an intermediate has a second user outside the chain");
            return;
          }
          step.ops.push_back(op);
        }
        current = join->getResult(0);
        break;
      }
      if (!matched) {
        users.clear();
        users.insert(current.getUsers().begin(), current.getUsers().end());
      }
    }
    if (step.ops.empty()) {
      // More than one user and no diamond: the value escapes here.
      for (Operation *user : users)
        if (isTensorReduction(user)) {
          (void)fail(Refusal::TrainingModeBn, user,
                     "the conv output is reduced over the batch (batch "
                     "statistics); export the model in eval mode");
          return;
        }
      for (Operation *user : users)
        if (isActivationLike(user, current)) {
          (void)fail(Refusal::MultiUse, user,
                     "an intermediate has a second user outside the chain");
          return;
        }
      return;
    }
    step.value = current;
    step.node = known[current];
    step.perm = perm;
    steps.push_back(std::move(step));
    if (steps.size() >= kMaxSteps)
      return;
  }
}

/// The model's own numbers behind channel `c` of the formula under `root`:
/// its per-channel parameters and scalar constants, in program order.
static std::string describeFormulaInputs(ChainExpr *root, int64_t c) {
  SmallVector<ChainExpr *> worklist{root}, leaves;
  llvm::SmallPtrSet<ChainExpr *, 16> seen;
  while (!worklist.empty()) {
    ChainExpr *node = worklist.pop_back_val();
    if (!seen.insert(node).second)
      continue;
    if (node->kind == ChainExpr::Kind::Param ||
        node->kind == ChainExpr::Kind::Constant)
      leaves.push_back(node);
    llvm::append_range(worklist, node->operands);
  }
  llvm::sort(leaves, [](ChainExpr *a, ChainExpr *b) { return a->id < b->id; });
  std::string text;
  llvm::raw_string_ostream os(text);
  auto list = [&](ChainExpr::Kind kind, const char *name) {
    os << name;
    bool first = true;
    for (ChainExpr *leaf : leaves) {
      if (leaf->kind != kind)
        continue;
      os << (first ? " " : ", ");
      first = false;
      double v = kind == ChainExpr::Kind::Constant ? leaf->constant
                 : c < int64_t(leaf->channelValues.size())
                     ? leaf->channelValues[c]
                     : std::nan("");
      os << formatDetailNumber(v);
    }
    if (first)
      os << " none";
  };
  list(ChainExpr::Kind::Param, "per-channel parameters");
  list(ChainExpr::Kind::Constant, "; constants");
  return text;
}

/// A normalization whose scale or shift is not finite (variance 0 with
/// epsilon 0, an infinite gamma, a gamma near the float limit over a tiny
/// variance) would be rewritten as `x * inf + -inf`: NaN where the model
/// computes a number. Such a chain is refused before anything is rewritten.
static bool refuseNonFiniteAffine(ChainMatch &match, const ChainSplit &split,
                                  Type elementType, Operation *offender) {
  const ChannelAffine &affine = split.affine;
  if (affine.symbolic)
    return false;
  // Finite in f64 is not enough: the epilogue scales in the element type,
  // where 3e38 / sqrt(1e-30) is already infinite.
  double largest = std::numeric_limits<double>::max();
  if (auto floatType = dyn_cast<FloatType>(elementType))
    largest = APFloat::getLargest(floatType.getFloatSemantics())
                  .convertToDouble();
  auto representable = [&](double v) {
    return std::isfinite(v) && std::fabs(v) <= largest;
  };
  for (size_t c = 0; c < affine.scale.size(); ++c) {
    double scale = affine.scale[c];
    double shift = c < affine.shift.size() ? affine.shift[c] : 0.0;
    if (representable(scale) && representable(shift))
      continue;
    std::string detail;
    llvm::raw_string_ostream os(detail);
    os << "channel " << c << " normalizes to x * " << formatDetailNumber(scale)
       << " + " << formatDetailNumber(shift) << ", not finite in "
       << elementType << "; the model's values there: "
       << describeFormulaInputs(split.affineRoot, c)
       << " (nothing of the chain is rewritten)";
    match.reason = Refusal::NonFiniteFold;
    match.detail = std::move(detail);
    match.offender = offender;
    return true;
  }
  return false;
}

std::optional<ChainMatch> mlir::fusion::matchChain(Operation *op) {
  ConvMatchResult convResult = matchConvolution(op);
  if (convResult.status == ConvMatchStatus::NotAConv)
    return std::nullopt;
  ChainMatch match;
  match.conv = convResult.match;
  if (convResult.status == ConvMatchStatus::Refused) {
    bool feedsElementwise = llvm::any_of(op->getUsers(), isElementwiseCandidate);
    if (!feedsElementwise)
      return std::nullopt;
    match.reason = convResult.reason;
    match.detail = convResult.detail;
    match.offender = op;
    return match;
  }

  match.graph = std::make_shared<ChainExprGraph>(match.conv.channels);
  ChainWalker walker(*match.graph, match.conv);
  SmallVector<ChainStep> steps;
  walker.walk(steps, match.assertOnlyUsers);
  if (steps.empty() && walker.stop.reason == Refusal::None)
    return std::nullopt;

  // The longest prefix that reads as affine + known activation and ends in
  // the conv's element type.
  Type elementType =
      cast<ShapedType>(match.conv.output.getType()).getElementType();
  MLIRContext *ctx = op->getContext();
  SplitFailure lastFailure = SplitFailure::UnknownActivation;
  bool anyFailure = false, otherElementType = false;
  int64_t cut = 0;
  ChainSplit best;
  for (int64_t k = steps.size(); k >= 1; --k) {
    const ChainStep &step = steps[k - 1];
    if (cast<ShapedType>(step.value.getType()).getElementType() !=
        elementType) {
      otherElementType = true;
      continue;
    }
    SplitFailure why;
    FailureOr<ChainSplit> s = match.graph->split(step.node, why, ctx);
    if (failed(s)) {
      if (!anyFailure)
        lastFailure = why, anyFailure = true;
      continue;
    }
    cut = k;
    best = std::move(*s);
    break;
  }

  if (cut < int64_t(steps.size()) && anyFailure) {
    Operation *offender = steps[cut].ops.front();
    match.offender = offender;
    switch (lastFailure) {
    case SplitFailure::PerChannelAfterActivation:
      match.reason = Refusal::SignUnknownAcrossActivation;
      match.detail = "a per-channel scale or shift after the activation "
                     "cannot move across it";
      break;
    case SplitFailure::UnknownActivation:
      match.reason = Refusal::UnsupportedActivation;
      match.detail = "the elementwise ops after the conv compute no "
                     "activation the fused ops know";
      break;
    }
  } else {
    match.reason = walker.stop.reason;
    match.detail = walker.stop.detail;
    match.offender = walker.stop.offender;
  }

  if (cut == 0 && !anyFailure && otherElementType &&
      match.reason == Refusal::None) {
    match.reason = Refusal::UnsupportedDtype;
    match.detail = "the chain never returns to the conv's element type, "
                   "which the fused op's result must have";
    match.offender = steps.back().ops.back();
  }
  // Layout changes and identities alone are nothing to fuse.
  if (cut > 0 && best.activation.getKind() == ActivationKind::none &&
      best.affine.isIdentityScale() && best.affine.isZeroShift())
    cut = 0;

  if (cut > 0 && refuseNonFiniteAffine(match, best, elementType,
                                       steps.front().ops.front()))
    cut = 0;
  steps.resize(cut);
  match.steps = std::move(steps);
  if (cut == 0) {
    if (match.reason == Refusal::None)
      return std::nullopt;
    return match;
  }

  match.affine = best.affine;
  match.affineRoot = best.affineRoot;
  match.activation = best.activation;
  match.hasNorm = !best.affine.isIdentityScale();
  match.fused = true;

  // What stops a chain after its activation blocked nothing: one activation
  // is all a fused op holds.
  bool open = best.activation.getKind() == ActivationKind::none;
  if (!open && match.reason != Refusal::SignUnknownAcrossActivation &&
      match.reason != Refusal::UnsupportedActivation) {
    match.reason = Refusal::None;
    match.detail.clear();
    match.offender = nullptr;
  }
  // A residual add or second user only blocks something when an
  // activation-like op lies past it.
  if (match.reason == Refusal::ResidualAdd ||
      match.reason == Refusal::MultiUse) {
    bool somethingPast = match.reason == Refusal::MultiUse;
    if (match.offender && match.reason == Refusal::ResidualAdd)
      for (Operation *user : match.offender->getUsers())
        somethingPast |= isActivationLike(user, match.offender->getResult(0));
    if (!open || !somethingPast) {
      match.reason = Refusal::None;
      match.detail.clear();
      match.offender = nullptr;
    }
  }
  return match;
}

//===- NormalizationStatistics.cpp - statistics a model computes ----------===//
///
/// Frontends write every normalization as reductions and elementwise ops:
/// torch-mlir's LayerNorm is a transpose to channels-last, a sum over the
/// last axis (in f64, then again in f32), `x - mean`, `rsqrt(var + eps)`;
/// its GroupNorm reshapes the map to (batch, groups, channels per group,
/// positions) first. Which elements a reduction sums is read from element
/// counts, which survive every reshape and transpose: a reduction of R
/// values at a time, on a map of C channels and HW positions per image,
/// reduces channels when R is C, groups of channels when R is a multiple of
/// HW, each channel's positions when R is HW.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Analysis/NormalizationStatistics.h"
#include "FusionDialect/Analysis/ElementwiseSemantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::fusion;

/// How far from the normalized tensor its statistics are looked for: a
/// LayerNorm's variance is seven ops from its input in torch-mlir's form.
static constexpr unsigned kSearchDepth = 12;

bool mlir::fusion::isTensorReduction(Operation *op) {
  if (auto g = dyn_cast<linalg::GenericOp>(op))
    return g.getNumReductionLoops() > 0;
  return isa<linalg::ReduceOp, tosa::ReduceSumOp, tosa::ReduceMaxOp,
             tosa::ReduceMinOp, tosa::ReduceProductOp>(op);
}

std::optional<bool> mlir::fusion::reducesBatch(Operation *reduction) {
  if (auto g = dyn_cast<linalg::GenericOp>(reduction)) {
    AffineMap map = g.getIndexingMapsArray().front();
    if (map.getNumResults() > 0)
      if (auto d = dyn_cast<AffineDimExpr>(map.getResult(0)))
        return g.getIteratorTypesArray()[d.getPosition()] ==
               utils::IteratorType::reduction;
    return std::nullopt;
  }
  if (auto r = dyn_cast<linalg::ReduceOp>(reduction))
    return llvm::is_contained(r.getDimensions(), 0);
  if (auto axis = reduction->getAttrOfType<IntegerAttr>("axis")) {
    if (axis.getInt() == 0)
      return true;
    // With one image, leaving the batch axis alone says nothing.
    auto type = dyn_cast<ShapedType>(reduction->getOperand(0).getType());
    if (type && type.getRank() > 0 && type.getDimSize(0) == 1)
      return std::nullopt;
    return false;
  }
  return std::nullopt;
}

/// Static element count of a tensor value, or -1.
static int64_t elementCount(Value value) {
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type || !type.hasStaticShape())
    return -1;
  return type.getNumElements();
}

/// Ops that move or combine values element by element (what a
/// normalization is made of besides its reductions): no conv, matmul or
/// pool, whose result would be a new feature map.
static bool isElementMovingOp(Operation *op) {
  if (auto g = dyn_cast<linalg::GenericOp>(op))
    return g.getNumReductionLoops() == 0;
  if (isa<linalg::TransposeOp, linalg::BroadcastOp, linalg::MapOp,
          linalg::FillOp, tensor::CollapseShapeOp, tensor::ExpandShapeOp,
          tensor::CastOp, tosa::ReshapeOp, tosa::TransposeOp, tosa::CastOp>(
          op))
    return true;
  return op->getNumResults() == 1 &&
         isa<RankedTensorType>(op->getResult(0).getType()) &&
         hasPointwiseSemantics(op);
}

/// The tensors `op` reads: a linalg op's inputs (its inits only give the
/// shape of what it writes), any other op's operands.
static SmallVector<Value> readOperands(Operation *op) {
  if (auto dps = dyn_cast<linalg::LinalgOp>(op))
    return dps.getDpsInputs();
  return SmallVector<Value>(op->getOperands());
}

/// The operand a reduction reduces.
static Value reducedInput(Operation *reduction) {
  if (auto g = dyn_cast<linalg::GenericOp>(reduction))
    return g.getDpsInputs().empty() ? Value() : g.getDpsInputs().front();
  if (auto r = dyn_cast<linalg::ReduceOp>(reduction))
    return r.getInputs().front();
  return reduction->getNumOperands() ? reduction->getOperand(0) : Value();
}

/// A subtraction: a TOSA or linalg sub, or a generic computing one.
static bool isSubtraction(Operation *op) {
  if (isa<tosa::SubOp, linalg::SubOp>(op))
    return true;
  if (auto g = dyn_cast<linalg::GenericOp>(op)) {
    bool found = false;
    g.getRegion().walk([&](Operation *inner) {
      found |= isa<arith::SubFOp, arith::SubIOp>(inner);
    });
    return found;
  }
  return false;
}

/// Whether the result of `reduction` comes back, through element-moving ops
/// only, to a subtraction that also reads a tensor of `elements` values from
/// elsewhere: `x - mean`, which every normalization computes (its variance
/// at least is a mean of `(x - mean)^2`). A squeeze-excitation gate, also a
/// per-image mean brought back to the map, multiplies and never centers.
static bool centersFullTensor(Operation *reduction, int64_t elements) {
  llvm::SmallPtrSet<Value, 16> statistics;
  SmallVector<std::pair<Operation *, unsigned>> work{{reduction, 0}};
  llvm::SmallPtrSet<Operation *, 16> seen{reduction};
  while (!work.empty()) {
    auto [op, depth] = work.pop_back_val();
    for (Value result : op->getResults())
      statistics.insert(result);
    if (depth >= kSearchDepth)
      continue;
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers()) {
        if (!isElementMovingOp(user) || !seen.insert(user).second)
          continue;
        SmallVector<Value> reads = readOperands(user);
        bool readsFullTensor = llvm::any_of(reads, [&](Value v) {
          return !statistics.contains(v) && elementCount(v) == elements;
        });
        bool readsStatistics = llvm::any_of(
            reads, [&](Value v) { return statistics.contains(v); });
        if (readsFullTensor && readsStatistics && isSubtraction(user))
          return true;
        work.push_back({user, depth + 1});
      }
  }
  return false;
}

/// `first` and the reductions that reduce its result further, one after
/// another (TOSA reduces one axis at a time), as one reduction.
static SmallVector<Operation *> reductionRun(Operation *first) {
  SmallVector<Operation *> run{first};
  while (run.back()->getNumResults() == 1 &&
         run.back()->getResult(0).hasOneUse()) {
    Operation *next = *run.back()->getResult(0).getUsers().begin();
    if (!isTensorReduction(next) ||
        reducedInput(next) != run.back()->getResult(0))
      break;
    run.push_back(next);
  }
  return run;
}

/// Whether a run of reductions reduces the batch: yes when one does, no
/// when each is seen not to, unknown otherwise.
static std::optional<bool> runReducesBatch(ArrayRef<Operation *> run) {
  bool allKnown = true;
  for (Operation *reduction : run) {
    std::optional<bool> overBatch = reducesBatch(reduction);
    if (overBatch && *overBatch)
      return true;
    allKnown &= overBatch.has_value();
  }
  return allKnown ? std::optional<bool>(false) : std::nullopt;
}

/// What a run of reductions of a map of `batch` images of `channels`
/// channels and `elements` values in all reduces; nullopt where it may be
/// batch statistics (see the header).
static std::optional<std::string> describeReduction(ArrayRef<Operation *> run,
                                                    int64_t batch,
                                                    int64_t channels,
                                                    int64_t elements) {
  Operation *reduction = run.back();
  if (reduction->getNumResults() != 1 || batch <= 0 || channels <= 0 ||
      elements <= 0 || elements % batch != 0)
    return std::nullopt;
  int64_t perImage = elements / batch;
  if (perImage % channels != 0)
    return std::nullopt;
  int64_t positions = perImage / channels;
  int64_t kept = elementCount(reduction->getResult(0));
  if (kept <= 0 || elements % kept != 0)
    return std::nullopt;
  int64_t reduced = elements / kept;
  std::optional<bool> overBatch = runReducesBatch(run);
  if (reduced <= 1 || perImage % reduced != 0 || (overBatch && *overBatch))
    return std::nullopt;
  if (reduced == positions) {
    // One image: a training-mode BatchNorm reduces the same values.
    if (!overBatch)
      return std::nullopt;
    return llvm::formatv("the {0} positions of each channel of each image "
                         "(an InstanceNorm)",
                         positions)
        .str();
  }
  if (reduced == channels)
    return llvm::formatv("each image's {0} channels at every position (a "
                         "LayerNorm over channels)",
                         channels)
        .str();
  if (reduced == perImage)
    return llvm::formatv("all {0} values of each image (a LayerNorm over the "
                         "whole map, or a GroupNorm of one group)",
                         perImage)
        .str();
  if (reduced % positions == 0 && channels % (reduced / positions) == 0) {
    int64_t perGroup = reduced / positions;
    return llvm::formatv("each image's {0} groups of {1} channels (a "
                         "GroupNorm)",
                         channels / perGroup, perGroup)
        .str();
  }
  return llvm::formatv("{0} values of each image at a time", reduced).str();
}

/// Whether `op` reads a tensor of `elements` values other than `value`.
static bool readsAnotherFullTensor(Operation *op, Value value,
                                   int64_t elements) {
  return llvm::any_of(readOperands(op), [&](Value in) {
    return in != value && elementCount(in) == elements;
  });
}

std::optional<ComputedStatistics>
mlir::fusion::findComputedStatistics(Value value, int64_t batch,
                                     int64_t channels) {
  int64_t elements = elementCount(value);
  if (elements <= 0)
    return std::nullopt;
  SmallVector<std::pair<Value, unsigned>> work{{value, 0}};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    auto [current, depth] = work.pop_back_val();
    for (Operation *user : current.getUsers()) {
      if (!seen.insert(user).second)
        continue;
      if (isTensorReduction(user)) {
        SmallVector<Operation *> run = reductionRun(user);
        if (elementCount(reducedInput(user)) != elements ||
            !centersFullTensor(run.back(), elements))
          continue;
        if (std::optional<std::string> over =
                describeReduction(run, batch, channels, elements))
          return ComputedStatistics{user, *over};
        continue;
      }
      // Only the full tensor, moved or converted (a cast to f64, a
      // reshape into groups), leads to its statistics; an op that adds
      // another feature map (a residual add) leads elsewhere.
      if (depth + 1 >= kSearchDepth || !isElementMovingOp(user) ||
          user->getNumResults() != 1 ||
          elementCount(user->getResult(0)) != elements ||
          readsAnotherFullTensor(user, current, elements))
        continue;
      work.push_back({user->getResult(0), depth + 1});
    }
  }
  return std::nullopt;
}

bool mlir::fusion::isNormalizedByComputedStatistics(Value featureMap) {
  int64_t elements = elementCount(featureMap);
  if (elements <= 0)
    return false;
  SmallVector<std::pair<Value, unsigned>> work{{featureMap, 0}};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    auto [current, depth] = work.pop_back_val();
    Operation *def = current.getDefiningOp();
    if (!def || !seen.insert(def).second)
      continue;
    if (isTensorReduction(def)) {
      if (elementCount(reducedInput(def)) == elements)
        return true;
      continue;
    }
    if (depth >= kSearchDepth || !isElementMovingOp(def))
      continue;
    for (Value operand : def->getOperands())
      work.push_back({operand, depth + 1});
  }
  return false;
}

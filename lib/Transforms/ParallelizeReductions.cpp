//===- ParallelizeReductions.cpp - reductions over many GPU threads -------===//
///
/// `convert-linalg-to-parallel-loops` makes a parallel loop of the leading
/// parallel dimensions of a linalg op and serial loops of everything from
/// the first reduction dimension on. Frontends put reductions anywhere:
/// torch-mlir's softmax over the DFL bins of YOLOv8 reduces dimension 1 of
/// four (`[parallel, reduction, parallel, parallel]`), so the whole op ran
/// on one GPU thread. Two rewrites fix that, on tensors, before
/// bufferization:
///
/// - Reductions innermost: a generic's loops are permuted so that every
///   parallel dimension comes first. Each output element is then one GPU
///   thread, with its reduction in registers in the original order (the
///   same bits).
/// - Split reductions: where there are few outputs and many inputs each
///   (a global average pool at batch 1, a softmax over one row, an SE
///   block's pool over a 112x112 map), the outermost reduction dimension
///   k is split as k = s * L + l into a parallel s and a reduction l: a
///   first op computes a partial result per (output, s) on many threads, a
///   second combines the S partials of each output, in order of s. The
///   combiner is read off the body (a sum, product, maximum or minimum, and
///   the arg-max that torch-mlir's softmax uses); partials start from the
///   combiner's neutral element, the final combine from the op's own
///   initial values. Sums change their rounding (they add in another
///   order); maxima, minima and arg-max do not.
///
/// Both run on the GPU path and on the host when it checks the GPU's loop
/// nests (fusion-to-cpu test-gpu-loop-mapping).
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_PARALLELIZEREDUCTIONS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

/// Whether a parallel loop comes after a reduction loop.
static bool hasParallelAfterReduction(linalg::LinalgOp op) {
  bool reduction = false;
  for (utils::IteratorType t : op.getIteratorTypesArray()) {
    if (t == utils::IteratorType::reduction)
      reduction = true;
    else if (reduction)
      return true;
  }
  return false;
}

namespace {
/// Permutes a generic's loops so that its parallel dimensions come first,
/// each group in its original order.
struct ReductionsInnermost : OpRewritePattern<linalg::GenericOp> {
  ReductionsInnermost(MLIRContext *ctx, const ReductionControlFn &control)
      : OpRewritePattern(ctx), control(control) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasParallelAfterReduction(op))
      return rewriter.notifyMatchFailure(op, "reductions are innermost");
    if (control && !control(op))
      return rewriter.notifyMatchFailure(op, "vetoed by the control function");
    SmallVector<unsigned> order;
    SmallVector<utils::IteratorType> types = op.getIteratorTypesArray();
    for (unsigned d = 0; d < types.size(); ++d)
      if (types[d] == utils::IteratorType::parallel)
        order.push_back(d);
    for (unsigned d = 0; d < types.size(); ++d)
      if (types[d] == utils::IteratorType::reduction)
        order.push_back(d);
    return linalg::interchangeGenericOp(rewriter, op, order);
  }

  ReductionControlFn control;
};

/// Named ops whose reduction loops are not innermost (linalg.reduce over a
/// middle dimension, as tosa.reduce_sum becomes) are generalized first.
struct GeneralizeMisorderedReductions
    : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<linalg::GenericOp>(op) || !hasParallelAfterReduction(op) ||
        !op.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(op, "nothing to generalize");
    return linalg::generalizeNamedOp(rewriter, op);
  }
};

/// How the partial results of a split reduction combine.
struct Combiner {
  /// Per output: the op that combines a new value into the output's block
  /// argument, and which of its two operands is that argument; null for the
  /// index output of an arg-max.
  SmallVector<Operation *> ops;
  SmallVector<unsigned> outputOperand;
  /// For an arg-max: the output holding the index, the compare that decides
  /// whether it is replaced, and the value that becomes the index.
  std::optional<unsigned> indexOutput;
  Operation *compare = nullptr;
  Value indexValue;
};

/// The single op of `op`'s body that combines a value into output `i`'s
/// block argument, which it uses once: `yield combine(f(inputs), out)`.
static Operation *matchCombine(linalg::GenericOp op, unsigned i,
                               unsigned &outputOperand) {
  Block *body = op.getBody();
  BlockArgument out = body->getArgument(op.getNumDpsInputs() + i);
  Operation *def = body->getTerminator()->getOperand(i).getDefiningOp();
  if (!def || def->getNumOperands() != 2 || def->getNumResults() != 1 ||
      !arith::getNeutralElement(def))
    return nullptr;
  if (def->getOperand(0) == out)
    outputOperand = 0;
  else if (def->getOperand(1) == out)
    outputOperand = 1;
  else
    return nullptr;
  // The output's old value must feed nothing else, except an arg-max's
  // compare (checked by the caller).
  return def;
}

/// Reads the combiner off a generic with one output, or off an arg-max with
/// two (a value combined by maximum or minimum, and an index replaced when
/// `cmpf(pred, candidate, old value)` holds). `splitDim` is the loop being
/// split: the arg-max's index must be that loop's position.
static std::optional<Combiner> matchCombiner(linalg::GenericOp op,
                                             unsigned splitDim) {
  Combiner c;
  unsigned inputs = op.getNumDpsInputs();
  Block *body = op.getBody();
  if (op.getNumDpsInits() == 1) {
    unsigned which;
    Operation *combine = matchCombine(op, 0, which);
    if (!combine || !body->getArgument(inputs).hasOneUse())
      return std::nullopt;
    c.ops = {combine};
    c.outputOperand = {which};
    return c;
  }
  if (op.getNumDpsInits() != 2)
    return std::nullopt;
  // An arg-max: which output is the value?
  for (unsigned valueOut = 0; valueOut < 2; ++valueOut) {
    unsigned indexOut = 1 - valueOut;
    unsigned which;
    Operation *combine = matchCombine(op, valueOut, which);
    if (!combine || !isa<arith::MaximumFOp, arith::MinimumFOp,
                         arith::MaxNumFOp, arith::MinNumFOp>(combine))
      continue;
    Value candidate = combine->getOperand(1 - which);
    BlockArgument oldValue = body->getArgument(inputs + valueOut);
    BlockArgument oldIndex = body->getArgument(inputs + indexOut);
    auto select = body->getTerminator()
                      ->getOperand(indexOut)
                      .getDefiningOp<arith::SelectOp>();
    if (!select || select.getFalseValue() != oldIndex ||
        !oldIndex.hasOneUse())
      continue;
    auto compare = select.getCondition().getDefiningOp<arith::CmpFOp>();
    if (!compare || compare.getLhs() != candidate ||
        compare.getRhs() != oldValue)
      continue;
    // The old value feeds the combine and the compare, nothing else.
    if (llvm::any_of(oldValue.getUsers(), [&](Operation *user) {
          return user != combine && user != compare.getOperation();
        }))
      continue;
    // The index is the split loop's position (cast or not).
    Value index = select.getTrueValue();
    Value position = index;
    if (auto cast = index.getDefiningOp<arith::IndexCastOp>())
      position = cast.getIn();
    auto indexOp = position.getDefiningOp<linalg::IndexOp>();
    if (!indexOp || indexOp.getDim() != splitDim)
      continue;
    c.ops.assign(2, nullptr);
    c.outputOperand.assign(2, 0);
    c.ops[valueOut] = combine;
    c.outputOperand[valueOut] = which;
    c.indexOutput = indexOut;
    c.compare = compare;
    c.indexValue = index;
    return c;
  }
  return std::nullopt;
}

/// The largest divisor of `n` that is at most `most`.
static int64_t largestDivisorAtMost(int64_t n, int64_t most) {
  for (int64_t d = std::min(n, most); d > 1; --d)
    if (n % d == 0)
      return d;
  return 1;
}

/// Splits the outermost reduction loop of a generic with few outputs and
/// long reductions into partial results on many threads and a combine.
struct SplitLongReductions : OpRewritePattern<linalg::GenericOp> {
  SplitLongReductions(MLIRContext *ctx,
                      const ParallelizeReductionsOptions &options,
                      const ReductionControlFn &control)
      : OpRewritePattern(ctx), options(options), control(control) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || hasParallelAfterReduction(op) ||
        op.getNumReductionLoops() == 0)
      return rewriter.notifyMatchFailure(op, "not a reduction, innermost");
    // Loop ranges are read off the operands' shapes, which needs every loop
    // to appear alone in some operand's indexing map.
    if (!op.getShapesToLoopsMap())
      return rewriter.notifyMatchFailure(op, "loop ranges not derivable");
    std::optional<SmallVector<int64_t, 4>> ranges = op.getStaticLoopRanges();
    if (!ranges || llvm::any_of(*ranges, ShapedType::isDynamic))
      return rewriter.notifyMatchFailure(op, "dynamic loop ranges");
    unsigned parallel = op.getNumParallelLoops();
    int64_t outputs = 1, inputsPerOutput = 1;
    for (unsigned d = 0; d < ranges->size(); ++d)
      (d < parallel ? outputs : inputsPerOutput) *= (*ranges)[d];
    if (outputs > options.maxOutputs)
      return rewriter.notifyMatchFailure(op, "enough outputs for threads");
    if (inputsPerOutput < options.minInputs)
      return rewriter.notifyMatchFailure(op, "short reductions");
    unsigned splitDim = parallel;
    int64_t extent = (*ranges)[splitDim];
    int64_t want = llvm::divideCeil(options.targetThreads, outputs);
    int64_t most = std::min(want, inputsPerOutput / options.minChunk);
    int64_t parts = largestDivisorAtMost(extent, most);
    if (parts < 2)
      return rewriter.notifyMatchFailure(op, "no divisor to split by");
    std::optional<Combiner> combiner = matchCombiner(op, splitDim);
    if (!combiner)
      return rewriter.notifyMatchFailure(op, "no combiner recognized");
    if (control && !control(op))
      return rewriter.notifyMatchFailure(op, "vetoed by the control function");
    split(op, *combiner, splitDim, parts, extent / parts, rewriter);
    return success();
  }

  /// Loops of the partial op: the parallel ones, s, then l in place of the
  /// split loop, then the other reductions.
  void split(linalg::GenericOp op, const Combiner &combiner, unsigned splitDim,
             int64_t parts, int64_t chunk, PatternRewriter &rewriter) const {
    MLIRContext *ctx = op.getContext();
    Location loc = op.getLoc();
    unsigned rank = op.getNumLoops();
    unsigned parallel = splitDim;
    // Old loop d in the partial op's loops (rank + 1 of them).
    SmallVector<AffineExpr> oldToNew;
    for (unsigned d = 0; d < rank; ++d) {
      if (d < splitDim)
        oldToNew.push_back(getAffineDimExpr(d, ctx));
      else if (d == splitDim)
        oldToNew.push_back(getAffineDimExpr(splitDim, ctx) * chunk +
                           getAffineDimExpr(splitDim + 1, ctx));
      else
        oldToNew.push_back(getAffineDimExpr(d + 1, ctx));
    }
    AffineExpr s = getAffineDimExpr(splitDim, ctx);

    SmallVector<AffineMap> partialMaps;
    for (OpOperand *in : op.getDpsInputOperands())
      partialMaps.push_back(
          op.getMatchingIndexingMap(in).compose(
              AffineMap::get(rank + 1, 0, oldToNew, ctx)));
    // s and l appear in the inputs only as s * L + l: an operand of shape
    // S x L that the body ignores gives their ranges (as upstream's
    // splitReductionByScaling does).
    SmallVector<Value> partialInputs(op.getDpsInputs());
    partialInputs.push_back(tensor::EmptyOp::create(
        rewriter, loc, ArrayRef<int64_t>{parts, chunk}, rewriter.getI1Type()));
    partialMaps.push_back(AffineMap::get(
        rank + 1, 0, {s, getAffineDimExpr(splitDim + 1, ctx)}, ctx));
    // Partial outputs: the output's shape, then S.
    SmallVector<Value> partialInits;
    SmallVector<AffineMap> partialOutMaps, combineInMaps, combineOutMaps;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      unsigned i = init.getOperandNumber() - op.getNumDpsInputs();
      AffineMap map = op.getMatchingIndexingMap(&init);
      auto type = cast<RankedTensorType>(init.get().getType());
      SmallVector<int64_t> shape(type.getShape());
      shape.push_back(parts);
      Value empty = tensor::EmptyOp::create(rewriter, loc, shape,
                                            type.getElementType());
      TypedAttr neutral;
      if (isa_and_nonnull<arith::AddFOp>(combiner.ops[i]))
        // -0.0, not arith's 0.0: a sum of negative zeros stays -0.0.
        neutral = rewriter.getFloatAttr(type.getElementType(), -0.0);
      else if (combiner.ops[i])
        neutral = *arith::getNeutralElement(combiner.ops[i]);
      else
        neutral = rewriter.getZeroAttr(type.getElementType());
      Value neutralValue =
          arith::ConstantOp::create(rewriter, loc, neutral);
      partialInits.push_back(
          linalg::FillOp::create(rewriter, loc, neutralValue, empty)
              .getResult(0));
      SmallVector<AffineExpr> results(
          map.compose(AffineMap::get(rank + 1, 0, oldToNew, ctx))
              .getResults());
      results.push_back(s);
      partialOutMaps.push_back(AffineMap::get(rank + 1, 0, results, ctx));
      // The combine's loops: the parallel ones, then s.
      SmallVector<AffineExpr> combineResults(map.getResults());
      combineResults.push_back(s);
      combineInMaps.push_back(
          AffineMap::get(parallel + 1, 0, combineResults, ctx));
      combineOutMaps.push_back(
          AffineMap::get(parallel + 1, 0, map.getResults(), ctx));
    }
    partialMaps.append(partialOutMaps);

    SmallVector<utils::IteratorType> partialIterators(
        parallel + 1, utils::IteratorType::parallel);
    partialIterators.append(rank - parallel, utils::IteratorType::reduction);
    auto partial = linalg::GenericOp::create(
        rewriter, loc, TypeRange(ValueRange(partialInits)),
        partialInputs, partialInits, partialMaps, partialIterators);
    // The body, with each old loop index rebuilt from the new ones.
    rewriter.cloneRegionBefore(op.getRegion(), partial.getRegion(),
                               partial.getRegion().begin());
    partial.getBody()->insertArgument(op.getNumDpsInputs(),
                                      rewriter.getI1Type(), loc);
    SmallVector<linalg::IndexOp> indices(
        partial.getBody()->getOps<linalg::IndexOp>());
    for (linalg::IndexOp index : indices) {
      rewriter.setInsertionPoint(index);
      unsigned d = index.getDim();
      Value value;
      if (d < splitDim) {
        value = linalg::IndexOp::create(rewriter, loc, d);
      } else if (d == splitDim) {
        Value outer = linalg::IndexOp::create(rewriter, loc, splitDim);
        Value inner = linalg::IndexOp::create(rewriter, loc, splitDim + 1);
        Value size = arith::ConstantIndexOp::create(rewriter, loc, chunk);
        value = arith::AddIOp::create(
            rewriter, loc, arith::MulIOp::create(rewriter, loc, outer, size),
            inner);
      } else {
        value = linalg::IndexOp::create(rewriter, loc, d + 1);
      }
      rewriter.replaceOp(index, value);
    }

    // The combine: each output's S partials into its initial value, in
    // order of s.
    SmallVector<AffineMap> combineMaps(combineInMaps);
    combineMaps.append(combineOutMaps);
    SmallVector<utils::IteratorType> combineIterators(
        parallel, utils::IteratorType::parallel);
    combineIterators.push_back(utils::IteratorType::reduction);
    rewriter.setInsertionPoint(op);
    unsigned outs = op.getNumDpsInits();
    auto combine = linalg::GenericOp::create(
        rewriter, loc, op.getResultTypes(), partial.getResults(),
        op.getDpsInits(), combineMaps, combineIterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          ValueRange parts = args.take_front(outs);
          ValueRange olds = args.drop_front(outs);
          IRMapping map;
          SmallVector<Value> yields(outs);
          for (unsigned i = 0; i < outs; ++i) {
            Operation *op = combiner.ops[i];
            if (!op)
              continue;
            SmallVector<Value> operands(2);
            operands[combiner.outputOperand[i]] = olds[i];
            operands[1 - combiner.outputOperand[i]] = parts[i];
            Operation *copy = b.clone(*op);
            copy->setOperands(operands);
            yields[i] = copy->getResult(0);
          }
          if (combiner.indexOutput) {
            unsigned i = *combiner.indexOutput, v = 1 - i;
            auto compare = cast<arith::CmpFOp>(combiner.compare);
            Value replace = arith::CmpFOp::create(
                b, l, compare.getPredicate(), parts[v], olds[v]);
            yields[i] =
                arith::SelectOp::create(b, l, replace, parts[i], olds[i]);
          }
          linalg::YieldOp::create(b, l, yields);
        });
    rewriter.replaceOp(op, combine.getResults());
  }

  ParallelizeReductionsOptions options;
  ReductionControlFn control;
};

struct ParallelizeReductionsPass
    : public mlir::fusion::impl::ParallelizeReductionsBase<
          ParallelizeReductionsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (minChunk < 1 || minInputs < 2 * minChunk || targetThreads < 1 ||
        maxOutputs < 0) {
      getOperation()->emitError("fusion-parallelize-reductions: min-chunk "
                                "and target-threads must be at least 1, "
                                "min-inputs at least 2 x min-chunk, "
                                "max-outputs at least 0");
      return signalPassFailure();
    }
    ParallelizeReductionsOptions options;
    options.minChunk = minChunk;
    options.minInputs = minInputs;
    options.targetThreads = targetThreads;
    options.maxOutputs = maxOutputs;
    RewritePatternSet patterns(&getContext());
    populateParallelizeReductionsPatterns(patterns, options);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace

void mlir::fusion::populateParallelizeReductionsPatterns(
    RewritePatternSet &patterns, const ParallelizeReductionsOptions &options,
    const ReductionControlFn &control) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<GeneralizeMisorderedReductions>(ctx);
  patterns.add<ReductionsInnermost>(ctx, control);
  patterns.add<SplitLongReductions>(ctx, options, control);
}

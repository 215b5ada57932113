//===- CheckStaticIndexLists.cpp - the dynamic marker without a value -----===//
///
/// A static index list (offsets, sizes, strides, padding) marks a dynamic
/// entry with ShapedType::kDynamic (INT64_MIN) and takes its value from the
/// next dynamic operand. Written as a literal, INT64_MIN passes the parser
/// and the verifiers with no operand behind it, and every consumer that
/// builds the mixed list (printer, bufferization, folding) reads past the
/// operands. This pass is the one place that rejects it, before any of them.
/// Transform ops' tile-size lists are checked as well (the printer crashes on
/// them alike), and so is a `dim` op whose constant index names no dimension
/// of its source: out of range is undefined behaviour that the lowered code
/// turns into a read past the sizes.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/TransformOps/LinalgTransformOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_CHECKSTATICINDEXLISTS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

namespace {
/// One static list and the operands its dynamic entries take.
struct IndexList {
  StringRef name;
  ArrayRef<int64_t> values;
  size_t operands;
};

/// Fails with a message at `op` when a list has more dynamic markers than
/// operands.
LogicalResult checkLists(Operation *op, ArrayRef<IndexList> lists) {
  for (const IndexList &list : lists) {
    size_t markers = llvm::count_if(list.values, ShapedType::isDynamic);
    if (markers == list.operands)
      continue;
    auto at = llvm::find_if(list.values, ShapedType::isDynamic);
    return op->emitOpError("has ")
           << markers << " dynamic entries (the value "
           << ShapedType::kDynamic << ", at position "
           << (at - list.values.begin()) << " of its static " << list.name
           << ") but " << list.operands
           << " operands for them: write a size, or pass a value";
  }
  return success();
}

/// Fails with a message at `dim` when its index is a constant that names no
/// dimension of a ranked source.
LogicalResult checkDimIndex(Operation *dim, Value source, Value index) {
  auto shaped = dyn_cast<ShapedType>(source.getType());
  APInt value;
  if (!shaped || !shaped.hasRank() ||
      !matchPattern(index, m_ConstantInt(&value)))
    return success();
  int64_t rank = shaped.getRank();
  if (value.isNonNegative() && value.slt(rank))
    return success();
  return dim->emitOpError("has index ")
         << value.getSExtValue() << " but its source has rank " << rank
         << ": dimensions are numbered 0 to " << rank - 1;
}

struct CheckStaticIndexListsPass
    : public mlir::fusion::impl::CheckStaticIndexListsBase<
          CheckStaticIndexListsPass> {
  void runOnOperation() override {
    if (failed(fusion::checkStaticIndexLists(getOperation())))
      signalPassFailure();
  }
};
} // namespace

LogicalResult mlir::fusion::checkStaticIndexLists(Operation *root) {
  WalkResult result = root->walk([](Operation *op) {
    LogicalResult checked = success();
    if (auto pad = dyn_cast<tensor::PadOp>(op))
      checked = checkLists(
          op, {{"low padding", pad.getStaticLow(), pad.getLow().size()},
               {"high padding", pad.getStaticHigh(), pad.getHigh().size()}});
    else if (auto view = dyn_cast<OffsetSizeAndStrideOpInterface>(op))
      checked = checkLists(
          op, {{"offsets", view.getStaticOffsets(), view.getOffsets().size()},
               {"sizes", view.getStaticSizes(), view.getSizes().size()},
               {"strides", view.getStaticStrides(), view.getStrides().size()}});
    else if (auto tile = dyn_cast<transform::TileUsingForallOp>(op)) {
      // A packed handle gives the whole list; then the static one is unused.
      if (!tile.getPackedTileSizes() && !tile.getPackedNumThreads())
        checked = checkLists(op, {{"tile sizes", tile.getStaticTileSizes(),
                                   tile.getTileSizes().size()},
                                  {"thread counts", tile.getStaticNumThreads(),
                                   tile.getNumThreads().size()}});
    } else if (auto tile = dyn_cast<transform::TileUsingForOp>(op))
      checked = checkLists(op, {{"tile sizes", tile.getStaticSizes(),
                                 tile.getDynamicSizes().size()}});
    else if (auto dim = dyn_cast<tensor::DimOp>(op))
      checked = checkDimIndex(op, dim.getSource(), dim.getIndex());
    else if (auto dim = dyn_cast<memref::DimOp>(op))
      checked = checkDimIndex(op, dim.getSource(), dim.getIndex());
    return failed(checked) ? WalkResult::interrupt() : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

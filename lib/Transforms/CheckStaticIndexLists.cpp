//===- CheckStaticIndexLists.cpp - the dynamic marker without a value -----===//
///
/// A static index list (offsets, sizes, strides, padding) marks a dynamic
/// entry with ShapedType::kDynamic (INT64_MIN) and takes its value from the
/// next dynamic operand. Written as a literal, INT64_MIN passes the parser
/// and the verifiers with no operand behind it, and every consumer that
/// builds the mixed list (printer, bufferization, folding) reads past the
/// operands. This pass is the one place that rejects it, before any of them.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
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
    return failed(checked) ? WalkResult::interrupt() : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

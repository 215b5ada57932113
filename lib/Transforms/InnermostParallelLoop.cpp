//===- InnermostParallelLoop.cpp - reductions inside the outer loops ------===//
///
/// `convert-linalg-to-loops` keeps a named op's iterator order, and a conv
/// names its reductions last: the innermost loop is the kernel's width.
/// Moving the reductions in front of the innermost parallel loop makes that
/// loop the output's contiguous dimension, which LLVM vectorizes, and keeps
/// each output element's summation order.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_INNERMOSTPARALLELLOOP
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// The loop order with every reduction between the outer parallel loops and
/// the innermost parallel loop; empty when there is nothing to move.
static SmallVector<unsigned>
reductionsBeforeInnermostParallel(ArrayRef<utils::IteratorType> iterators) {
  SmallVector<unsigned> parallel, reduction;
  for (auto [i, kind] : llvm::enumerate(iterators))
    (kind == utils::IteratorType::parallel ? parallel : reduction)
        .push_back(i);
  if (reduction.empty() || parallel.size() < 2)
    return {};
  SmallVector<unsigned> order(parallel.begin(), parallel.end() - 1);
  order.append(reduction);
  order.push_back(parallel.back());
  if (llvm::equal(order, llvm::seq<unsigned>(0, order.size())))
    return {};
  return order;
}

namespace {
struct InnermostParallelLoopPass
    : public mlir::fusion::impl::InnermostParallelLoopBase<
          InnermostParallelLoopPass> {
  void runOnOperation() override {
    // Each op with its new loop order (generalizing keeps the iterators).
    SmallVector<std::pair<linalg::LinalgOp, SmallVector<unsigned>>> moves;
    getOperation().walk([&](linalg::LinalgOp op) {
      SmallVector<unsigned> order =
          reductionsBeforeInnermostParallel(op.getIteratorTypesArray());
      if (!order.empty())
        moves.emplace_back(op, std::move(order));
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, order] : moves) {
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        rewriter.setInsertionPoint(op);
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized))
          continue;
        generic = *generalized;
      }
      // interchangeGenericOp takes, per new loop position, the old loop.
      (void)linalg::interchangeGenericOp(rewriter, generic, order);
    }
  }
};
} // namespace

//===- DeadCode.cpp - erase what a rewrite left unused --------------------===//
#include "FusionDialect/Transforms/DeadCode.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include <deque>
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

/// Linalg ops on tensors have no side effects but do not say so.
static bool isErasableWhenUnused(Operation *op) {
  if (!op->use_empty())
    return false;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.hasPureTensorSemantics();
  return isMemoryEffectFree(op);
}

void mlir::fusion::eraseDeadOpsFrom(ArrayRef<Operation *> roots) {
  // First in, first out: roots come ordered users-first, so each becomes
  // dead before its producer is looked at. A producer is queued again each
  // time one of its users goes, so it is looked at once it has none left.
  std::deque<Operation *> worklist(roots.begin(), roots.end());
  llvm::SmallPtrSet<Operation *, 16> erased;
  while (!worklist.empty()) {
    Operation *op = worklist.front();
    worklist.pop_front();
    if (erased.contains(op) || !isErasableWhenUnused(op))
      continue;
    SetVector<Value> used(op->getOperands().begin(), op->getOperands().end());
    for (Region &region : op->getRegions())
      getUsedValuesDefinedAbove(region, used);
    for (Value operand : used)
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
    op->walk([&](Operation *nested) { erased.insert(nested); });
    op->erase();
  }
}

//===- DeadCode.cpp - erase what a rewrite left unused --------------------===//
#include "FusionDialect/Transforms/DeadCode.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

/// Linalg ops on tensors have no side effects but do not say so.
static bool isErasableWhenUnused(Operation *op) {
  if (!op->use_empty())
    return false;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.hasPureTensorSemantics();
  return isMemoryEffectFree(op) && op->getNumRegions() == 0;
}

void mlir::fusion::eraseDeadOpsFrom(ArrayRef<Operation *> roots) {
  // First in, first out: roots come ordered users-first, so each becomes
  // dead before its producer is looked at; producers are queued behind.
  llvm::SetVector<Operation *> worklist(roots.begin(), roots.end());
  llvm::SmallPtrSet<Operation *, 16> erased;
  for (size_t i = 0; i < worklist.size(); ++i) {
    Operation *op = worklist[i];
    if (erased.contains(op) || !isErasableWhenUnused(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.insert(def);
    erased.insert(op);
    op->erase();
  }
}

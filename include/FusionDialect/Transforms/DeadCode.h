//===- DeadCode.h - erase what a rewrite left unused ------------*- C++ -*-===//
#ifndef FUSIONDIALECT_TRANSFORMS_DEADCODE_H
#define FUSIONDIALECT_TRANSFORMS_DEADCODE_H

#include "mlir/IR/Operation.h"

namespace mlir::fusion {

/// Erases each op of `roots` that has no uses and no side effects, then the
/// producers of its operands that became unused, transitively. A rewrite
/// that replaced a chain calls this on the chain so that its BatchNorm
/// parameters and the old filter do not linger in the output; ops the
/// rewrite did not touch are left to canonicalize.
void eraseDeadOpsFrom(ArrayRef<Operation *> roots);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_TRANSFORMS_DEADCODE_H

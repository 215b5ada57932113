//===- PtxObjects.h - the PTX text in gpu.binary ops ------------*- C++ -*-===//
#ifndef FUSIONDIALECT_LIB_TRANSFORMS_PTXOBJECTS_H
#define FUSIONDIALECT_LIB_TRANSFORMS_PTXOBJECTS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::fusion {

/// Calls `fn` with every gpu.binary under `root` and each of its objects that
/// holds assembly (PTX, from cubin-format=isa); stops when `fn` fails.
inline LogicalResult
forEachPtx(Operation *root,
           function_ref<LogicalResult(gpu::BinaryOp, StringRef)> fn) {
  WalkResult result = root->walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (object && object.getFormat() == gpu::CompilationTarget::Assembly &&
          failed(fn(binary, object.getObject().getValue())))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

} // namespace mlir::fusion

#endif // FUSIONDIALECT_LIB_TRANSFORMS_PTXOBJECTS_H

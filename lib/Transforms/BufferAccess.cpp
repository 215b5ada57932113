//===- BufferAccess.cpp - who touches which buffers -----------------------===//
#include "BufferAccess.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

bool mlir::fusion::isPlainBuffer(Type type) {
  return cast<MemRefType>(type).getLayout().isIdentity();
}

/// Whether `v` is a view of a memref.alloca (through subviews, reshapes).
static bool isStackBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return static_cast<bool>(v.getDefiningOp<memref::AllocaOp>());
}

Operation *
mlir::fusion::findBufferAccess(Operation *root,
                               function_ref<bool(Operation *)> exempt) {
  Operation *found = nullptr;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (exempt && exempt(op))
      return WalkResult::skip();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::advance();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      Value v = effect.getValue();
      if (v && isa<MemRefType>(v.getType()) &&
          isa<MemoryEffects::Read, MemoryEffects::Write>(effect.getEffect()) &&
          !isStackBuffer(v)) {
        found = op;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return found;
}

//===- DeviceBuffers.cpp - buffers in device memory, host only launches ---===//
///
/// Bufferization leaves host allocations and host constants; a kernel handed
/// such a pointer reads host memory, which works only where the GPU shares
/// the host's page tables. Here every buffer becomes a device buffer, so the
/// emitted program runs on any CUDA device through the plain runtime calls
/// (mgpuMemAlloc, mgpuMemcpy, mgpuLaunchKernel).
///
//===----------------------------------------------------------------------===//
#include "BufferAccess.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_DEVICEBUFFERS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// Whether `buffer`, or a view of it, is returned from its function.
static bool isReturned(Value buffer) {
  SmallVector<Value> aliases{buffer};
  while (!aliases.empty()) {
    Value v = aliases.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<func::ReturnOp>(user))
        return true;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user))
        if (view.getViewSource() == v)
          aliases.append(user->result_begin(), user->result_end());
    }
  }
  return false;
}

/// Uploads a host constant into a device buffer read in its place.
static void uploadConstant(memref::GetGlobalOp global) {
  OpBuilder b(global->getContext());
  b.setInsertionPointAfter(global);
  Location loc = global.getLoc();
  auto device = gpu::AllocOp::create(b, loc, global.getType(), Type(),
                                     ValueRange{}, ValueRange{}, ValueRange{});
  auto upload = gpu::MemcpyOp::create(b, loc, TypeRange{}, ValueRange{},
                                      device.getMemref(), global.getResult());
  global.getResult().replaceAllUsesExcept(device.getMemref(), upload);
  if (isReturned(device.getMemref()))
    return;
  b.setInsertionPoint(global->getBlock()->getTerminator());
  gpu::DeallocOp::create(b, loc, TypeRange{}, ValueRange{},
                         device.getMemref());
}

static LogicalResult placeOnDevice(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp,
            memref::GetGlobalOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      auto device = gpu::AllocOp::create(
          b, loc, alloc.getType(), Type(), ValueRange{},
          alloc.getDynamicSizes(), alloc.getSymbolOperands());
      alloc.replaceAllUsesWith(device.getMemref());
      alloc.erase();
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      gpu::DeallocOp::create(b, loc, TypeRange{}, ValueRange{},
                             dealloc.getMemref());
      dealloc.erase();
    } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      if (!fusion::isPlainBuffer(copy.getSource().getType()) ||
          !fusion::isPlainBuffer(copy.getTarget().getType()))
        return copy.emitError("a strided copy left on the host: it must run "
                              "in a kernel (fusion-map-loops-to-gpu)");
      gpu::MemcpyOp::create(b, loc, TypeRange{}, ValueRange{},
                            copy.getTarget(), copy.getSource());
      copy.erase();
    } else {
      uploadConstant(cast<memref::GetGlobalOp>(op));
    }
  }
  // What is left that touches a buffer must not run on the host; the GPU
  // ops are the host's own way to touch device memory.
  auto gpuRuntimeOp = [](Operation *op) {
    return isa<gpu::LaunchFuncOp, gpu::AllocOp, gpu::DeallocOp,
               gpu::MemcpyOp>(op);
  };
  if (Operation *access = fusion::findBufferAccess(func, gpuRuntimeOp))
    return access->emitError("host code would read or write a device "
                             "buffer: only kernels may (the loop was not "
                             "mapped to the GPU)");
  return success();
}

namespace {
struct DeviceBuffersPass
    : public mlir::fusion::impl::DeviceBuffersBase<DeviceBuffersPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isDeclaration() && failed(placeOnDevice(func)))
        return signalPassFailure();
  }
};
} // namespace

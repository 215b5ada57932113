//===- CheckPtx.cpp - PTX that the driver can load ------------------------===//
///
/// Kernels that use exp or sqrt call libdevice (`__nv_expf`, `__nv_sqrtf`).
/// When libdevice was not linked, the PTX declares them `.extern` and
/// neither ptxas nor the driver can load it. Better to stop at compile
/// time, naming the kernel and the function, than to hand a runner a
/// binary that fails to load.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"
#include "PtxObjects.h"


namespace mlir::fusion {
#define GEN_PASS_DEF_CHECKPTX
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// The first function the PTX declares `.extern` and does not define.
static std::optional<StringRef> findExternFunction(StringRef ptx) {
  StringRef marker = ".extern .func";
  size_t at = ptx.find(marker);
  if (at == StringRef::npos)
    return std::nullopt;
  StringRef rest = ptx.drop_front(at + marker.size());
  // `.extern .func (.param .b32 func_retval0) __nv_expf(` or without a
  // return value: the name is the identifier before the parameter list.
  size_t paren = rest.find('(');
  if (rest.ltrim().starts_with("("))
    paren = rest.find('(', rest.find(')'));
  StringRef head = rest.take_front(paren).trim();
  size_t space = head.find_last_of(" \t\n");
  return space == StringRef::npos ? head : head.drop_front(space + 1);
}

namespace {
struct CheckPtxPass : public mlir::fusion::impl::CheckPtxBase<CheckPtxPass> {
  void runOnOperation() override {
    auto check = [](gpu::BinaryOp binary, StringRef ptx) -> LogicalResult {
      std::optional<StringRef> name = findExternFunction(ptx);
      if (!name)
        return success();
      // At the binary's location, not on it: the op holds all the PTX,
      // which the diagnostic would print after the message.
      InFlightDiagnostic diag = mlir::emitError(binary.getLoc(),
                                                "kernel module calls '")
                                << *name << "', which it does not define";
      // Only `__nv_` functions come from libdevice; any other (a host
      // function such as `free`) is a kernel that should not call it.
      if (name->starts_with("__nv_"))
        diag << ": libdevice was not linked (pass libdevice=<CUDA "
                "toolkit>/nvvm/libdevice/libdevice.10.bc to fusion-to-ptx)";
      else
        diag << " and libdevice does not provide";
      return diag;
    };
    if (failed(fusion::forEachPtx(getOperation(), check)))
      signalPassFailure();
  }
};
} // namespace

//===- DumpPtx.cpp - write gpu.binary assembly to files -------------------===//
///
/// The documented way to get each kernel's PTX out of a compiled module (as
/// IREE's dump-executable-binaries does), for ptxas checks and runners.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_DUMPPTX
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

namespace {
struct DumpPtxPass : public mlir::fusion::impl::DumpPtxBase<DumpPtxPass> {
  using Base::Base;
  void runOnOperation() override {
    getOperation().walk([&](gpu::BinaryOp binary) {
      for (Attribute attr : binary.getObjects()) {
        auto object = dyn_cast<gpu::ObjectAttr>(attr);
        if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
          continue;
        SmallString<128> path(directory);
        llvm::sys::path::append(path, binary.getSymName() + ".ptx");
        std::error_code ec;
        llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
        if (ec) {
          binary.emitError("cannot write '") << path << "': " << ec.message();
          return signalPassFailure();
        }
        os << object.getObject().getValue();
      }
    });
  }
};
} // namespace

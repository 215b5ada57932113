//===- DumpPtx.cpp - write gpu.binary assembly to files -------------------===//
///
/// The documented way to get each kernel's PTX out of a compiled module (as
/// IREE's dump-executable-binaries does), for ptxas checks and runners.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"
#include "PtxObjects.h"

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
    auto write = [&](gpu::BinaryOp binary, StringRef ptx) -> LogicalResult {
      SmallString<128> path(directory);
      llvm::sys::path::append(path, binary.getSymName() + ".ptx");
      std::error_code ec;
      llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
      if (ec)
        // At the binary's location: the op itself would be printed with
        // all its PTX after the message.
        return mlir::emitError(binary.getLoc(), "cannot write '")
               << path << "': " << ec.message();
      os << ptx;
      return success();
    };
    if (failed(fusion::forEachPtx(getOperation(), write)))
      signalPassFailure();
  }
};
} // namespace

//===- ExpandStridedCopies.cpp - strided copies as parallel loops ---------===//
///
/// Bufferization writes a pad's interior, a concatenation's slices and
/// similar as `memref.copy` into or out of a strided view. Lowered as is, such
/// a copy is a call into MLIR's C runner utilities on the host (memrefCopy):
/// on the GPU it would dereference device memory on the host, and on the
/// CPU it ties the program to that library. As an elementwise parallel loop
/// it becomes a kernel on the GPU and vectorizable code on the CPU.
/// Copies between buffers without a layout map stay: they are one
/// gpu.memcpy, or one memcpy.
///
//===----------------------------------------------------------------------===//
#include "BufferAccess.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_EXPANDSTRIDEDCOPIES
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;


static void expandStridedCopy(memref::CopyOp copy) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  auto type = cast<MemRefType>(source.getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(type.getRank(), zero), steps(type.getRank(), one),
      ubs;
  for (int64_t d = 0; d < type.getRank(); ++d)
    ubs.push_back(b.createOrFold<memref::DimOp>(loc, source, d));
  if (type.getRank() == 0) {
    lbs.push_back(zero);
    ubs.push_back(one);
    steps.push_back(one);
  }
  scf::ParallelOp::create(
      b, loc, lbs, ubs, steps,
      [&](OpBuilder &nb, Location l, ValueRange ivs) {
        ValueRange index = type.getRank() ? ivs : ValueRange{};
        Value v = memref::LoadOp::create(nb, l, source, index);
        memref::StoreOp::create(nb, l, v, target, index);
      });
  copy.erase();
}

namespace {
struct ExpandStridedCopiesPass
    : public mlir::fusion::impl::ExpandStridedCopiesBase<
          ExpandStridedCopiesPass> {
  void runOnOperation() override {
    getOperation()->walk([&](memref::CopyOp copy) {
      if (!fusion::isPlainBuffer(copy.getSource().getType()) ||
          !fusion::isPlainBuffer(copy.getTarget().getType()))
        expandStridedCopy(copy);
    });
  }
};
} // namespace

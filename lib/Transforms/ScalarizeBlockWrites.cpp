//===- ScalarizeBlockWrites.cpp - a register block's write, per element ---===//
///
/// The fused loop nests write each register block as one vector built from
/// scalars: one op for bufferization to analyse. On the host, LLVM
/// vectorizes scalar stores of contiguous elements (and the accumulator
/// chains behind them) better than it lowers a wide vector assembled by
/// insertelement, so after bufferization the write goes back to one store
/// per element.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_SCALARIZEBLOCKWRITES
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// Replaces `write` of a from_elements vector into a memref, in bounds and
/// unmasked, by one memref.store per element; false when it is not one.
static bool scalarize(vector::TransferWriteOp write) {
  auto elements = write.getVector().getDefiningOp<vector::FromElementsOp>();
  if (!elements || !isa<MemRefType>(write.getBase().getType()) ||
      write.getMask() || !write.getPermutationMap().isProjectedPermutation() ||
      llvm::any_of(write.getInBoundsValues(), [](bool b) { return !b; }))
    return false;
  OpBuilder b(write);
  Location loc = write.getLoc();
  VectorType type = write.getVectorType();
  AffineMap map = write.getPermutationMap();
  SmallVector<int64_t> strides = computeStrides(type.getShape());
  for (auto [linear, value] : llvm::enumerate(elements.getElements())) {
    SmallVector<int64_t> position = delinearize(linear, strides);
    SmallVector<Value> indices(write.getIndices());
    for (auto [vectorDim, result] : llvm::enumerate(map.getResults())) {
      unsigned memDim = cast<AffineDimExpr>(result).getPosition();
      if (position[vectorDim] != 0)
        indices[memDim] = arith::AddIOp::create(
            b, loc, indices[memDim],
            arith::ConstantIndexOp::create(b, loc, position[vectorDim]));
    }
    memref::StoreOp::create(b, loc, value, write.getBase(), indices);
  }
  write.erase();
  if (elements->use_empty())
    elements.erase();
  return true;
}

namespace {
struct ScalarizeBlockWritesPass
    : public mlir::fusion::impl::ScalarizeBlockWritesBase<
          ScalarizeBlockWritesPass> {
  void runOnOperation() override {
    SmallVector<vector::TransferWriteOp> writes;
    getOperation()->walk(
        [&](vector::TransferWriteOp write) { writes.push_back(write); });
    for (vector::TransferWriteOp write : writes)
      scalarize(write);
  }
};
} // namespace

//===- MapLoopsToGpu.cpp - blocks of threads, contiguous dim on x ---------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_MAPLOOPSTOGPU
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// Maps dimension i of `loop` to `processors[rank - 1 - i]` (last dimension
/// first), sequential past the list.
static LogicalResult mapLastFirst(scf::ParallelOp loop,
                                  ArrayRef<gpu::Processor> processors) {
  MLIRContext *ctx = loop.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  SmallVector<gpu::ParallelLoopDimMappingAttr> mapping;
  unsigned rank = loop.getNumLoops();
  for (unsigned i = 0; i < rank; ++i) {
    unsigned fromLast = rank - 1 - i;
    gpu::Processor p = fromLast < processors.size()
                           ? processors[fromLast]
                           : gpu::Processor::Sequential;
    mapping.push_back(
        gpu::ParallelLoopDimMappingAttr::get(ctx, p, identity, identity));
  }
  return gpu::setMappingAttr(loop, mapping);
}

namespace {
struct MapLoopsToGpuPass
    : public mlir::fusion::impl::MapLoopsToGpuBase<MapLoopsToGpuPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> outermost;
    getOperation()->walk([&](scf::ParallelOp op) {
      if (!op->getParentOfType<scf::ParallelOp>() &&
          op.getNumReductions() == 0)
        outermost.push_back(op);
    });
    for (scf::ParallelOp op : outermost) {
      unsigned rank = op.getNumLoops();
      SmallVector<int64_t> tiles(rank, 1);
      tiles[rank - 1] = lanes;
      if (rank > 1)
        tiles[rank - 2] = rows;
      auto [outer, inner] =
          scf::tileParallelLoop(op, tiles, /*noMinMaxBounds=*/false);
      if (failed(mapLastFirst(outer, {gpu::Processor::BlockX,
                                      gpu::Processor::BlockY,
                                      gpu::Processor::BlockZ})) ||
          failed(mapLastFirst(inner, {gpu::Processor::ThreadX,
                                      gpu::Processor::ThreadY}))) {
        op.emitError("could not map the loop to GPU blocks and threads");
        return signalPassFailure();
      }
    }
    // Tiling computes steps as products of constants; the GPU conversion
    // wants them folded. Folding alone keeps single-trip loops, whose
    // mapping must survive.
    RewritePatternSet none(&getContext());
    (void)applyPatternsGreedily(getOperation(), std::move(none));
  }
};
} // namespace

//===- MapLoopsToGpu.cpp - every loop nest to blocks of threads -----------===//
///
/// After this pass, all memory work of a host function sits in mapped
/// parallel loops, each of which `convert-parallel-loops-to-gpu` turns into
/// one kernel launch: the host only allocates, copies contiguous ranges and
/// launches (see fusion-device-buffers).
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_MAPLOOPSTOGPU
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// Whether `op` or an op nested in it reads or writes a buffer that is not
/// a host stack buffer.
static bool touchesBuffers(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return WalkResult::advance();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      Value v = effect.getValue();
      if (!v || !isa<MemRefType>(v.getType()) ||
          !isa<MemoryEffects::Read, MemoryEffects::Write>(effect.getEffect()))
        continue;
      while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
        v = view.getViewSource();
      if (!v.getDefiningOp<memref::AllocaOp>())
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

static bool isContiguous(Type type) {
  auto memref = cast<MemRefType>(type);
  return memref.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(memref);
}

/// A copy into or out of a strided view (the interior of a padded buffer, a
/// slice of a concatenation) becomes an elementwise parallel loop, so it
/// runs as a kernel. Contiguous copies stay: they become one gpu.memcpy.
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
    ubs.push_back(memref::DimOp::create(b, loc, source, d));
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

/// Memory work outside every parallel loop (a loop nest with no parallel
/// dimension, a store into a rank-0 buffer) runs as a one-thread kernel.
static void wrapInSingleIteration(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ParallelOp::create(b, loc, ValueRange{zero},
                                      ValueRange{one}, ValueRange{one});
  op->moveBefore(loop.getBody()->getTerminator());
}

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

/// Trip count of dimension `d`, or nullopt when not constant.
static std::optional<int64_t> tripCount(scf::ParallelOp loop, unsigned d) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[d]);
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[d]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[d]);
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return llvm::divideCeil(std::max<int64_t>(*ub - *lb, 0), *step);
}

/// Threads along the contiguous dimension, then the one before it, then the
/// rest: as many as the extents use, up to lanes x rows in all, so that a
/// small feature map does not leave most of a block idle. Dimensions before
/// the last two count as one: they will share block z and thread z.
static SmallVector<int64_t> threadTile(scf::ParallelOp loop, int64_t lanes,
                                       int64_t rows) {
  unsigned rank = loop.getNumLoops();
  SmallVector<int64_t> tiles(rank, 1);
  int64_t budget = lanes * rows;
  auto fit = [](std::optional<int64_t> extent, int64_t most) {
    if (!extent)
      return most;
    return std::min<int64_t>(
        most, llvm::PowerOf2Ceil(std::max<int64_t>(*extent, 1)));
  };
  int64_t x = fit(tripCount(loop, rank - 1), rank == 1 ? budget : lanes);
  tiles[rank - 1] = x;
  if (rank == 1)
    return tiles;
  int64_t y = fit(tripCount(loop, rank - 2), budget / x);
  tiles[rank - 2] = y;
  if (rank == 2 || budget / (x * y) == 1)
    return tiles;
  // Thread z takes what is left, of the leading dimensions together.
  std::optional<int64_t> leadingTrips = 1;
  for (unsigned d = 0; d + 2 < rank; ++d) {
    std::optional<int64_t> trips = tripCount(loop, d);
    leadingTrips = trips && leadingTrips ? *trips * *leadingTrips
                                         : std::optional<int64_t>();
  }
  tiles[rank - 3] = fit(leadingTrips, budget / (x * y));
  return tiles;
}

namespace {
struct MapLoopsToGpuPass
    : public mlir::fusion::impl::MapLoopsToGpuBase<MapLoopsToGpuPass> {
  using Base::Base;
  void runOnOperation() override {
    if (lanes < 1 || rows < 1) {
      getOperation()->emitError(
          "fusion-map-loops-to-gpu: lanes and rows must be at least 1");
      return signalPassFailure();
    }
    getOperation()->walk([&](memref::CopyOp copy) {
      if (!copy->getParentOfType<scf::ParallelOp>() &&
          (!isContiguous(copy.getSource().getType()) ||
           !isContiguous(copy.getTarget().getType())))
        expandStridedCopy(copy);
    });
    getOperation()->walk([&](func::FuncOp func) {
      for (Block &block : func.getBody())
        for (Operation &op : llvm::make_early_inc_range(block))
          if (op.getNumResults() == 0 &&
              !isa<scf::ParallelOp, memref::CopyOp>(op) &&
              !op.hasTrait<OpTrait::IsTerminator>() && touchesBuffers(&op))
            wrapInSingleIteration(&op);
    });

    SmallVector<scf::ParallelOp> outermost;
    getOperation()->walk([&](scf::ParallelOp op) {
      if (!op->getParentOfType<scf::ParallelOp>() &&
          op.getNumReductions() == 0)
        outermost.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp op : outermost) {
      // Three hardware dimensions: leading loop dimensions (batch, channel
      // blocks) share block z.
      unsigned rank = op.getNumLoops();
      SmallVector<int64_t> tiles = threadTile(op, lanes, rows);
      if (rank > 3) {
        std::vector<unsigned> leading;
        for (unsigned d = 0; d + 2 < rank; ++d)
          leading.push_back(d);
        Operation *next = op->getNextNode();
        rewriter.setInsertionPoint(op);
        mlir::collapseParallelLoops(rewriter, op,
                                   {leading, {rank - 2}, {rank - 1}});
        op = cast<scf::ParallelOp>(next->getPrevNode());
        tiles.erase(tiles.begin(), tiles.begin() + leading.size() - 1);
      }
      auto [outer, inner] =
          scf::tileParallelLoop(op, tiles, /*noMinMaxBounds=*/false);
      if (failed(mapLastFirst(outer, {gpu::Processor::BlockX,
                                      gpu::Processor::BlockY,
                                      gpu::Processor::BlockZ})) ||
          failed(mapLastFirst(inner, {gpu::Processor::ThreadX,
                                      gpu::Processor::ThreadY,
                                      gpu::Processor::ThreadZ}))) {
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

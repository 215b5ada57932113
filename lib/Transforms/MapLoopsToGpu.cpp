//===- MapLoopsToGpu.cpp - every loop nest to blocks of threads -----------===//
///
/// After this pass, all memory work of a host function sits in mapped
/// parallel loops, each of which `convert-parallel-loops-to-gpu` turns into
/// one kernel launch: the host only allocates, copies contiguous ranges and
/// launches (see fusion-device-buffers).
///
//===----------------------------------------------------------------------===//
#include "BufferAccess.h"
#include "FusionDialect/Runtime/LaunchLimits.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_MAPLOOPSTOGPU
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// Moves `group` (in order) into a one-trip parallel loop placed after its
/// last op: a one-thread kernel.
static void wrapInSingleIteration(ArrayRef<Operation *> group) {
  OpBuilder b(group.back()->getContext());
  b.setInsertionPointAfter(group.back());
  Location loc = group.front()->getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ParallelOp::create(b, loc, ValueRange{zero},
                                      ValueRange{one}, ValueRange{one});
  for (Operation *op : group)
    op->moveBefore(loop.getBody()->getTerminator());
}

/// Memory work outside every parallel loop runs as one-thread kernels: a
/// loop nest with no parallel dimension, a rank-0 generic (load, compute,
/// store), or a register-blocked loop nest whose forall had only unit
/// dimensions and was folded away. A group is a run of ops that touch
/// buffers or use what such an op computed, between ops that must stay on
/// the host (parallel loops, copies, allocations, calls, the terminator);
/// independent pure ops in the run (constants, index arithmetic) stay where
/// they are. A group whose values are used past it stays too, and
/// fusion-device-buffers then reports the host access.
static void wrapHostWork(Block &block) {
  SmallVector<Operation *> group;
  llvm::SmallPtrSet<Operation *, 16> members;
  auto flush = [&]() {
    bool closed = !group.empty();
    for (Operation *op : group)
      for (Operation *user : op->getUsers())
        closed &= members.contains(block.findAncestorOpInBlock(*user));
    if (closed)
      wrapInSingleIteration(group);
    group.clear();
    members.clear();
  };
  for (Operation &op : llvm::make_early_inc_range(block)) {
    bool stays = isa<scf::ParallelOp, memref::CopyOp, memref::AllocOp,
                     memref::AllocaOp, memref::DeallocOp, func::CallOp>(op) ||
                 op.hasTrait<OpTrait::IsTerminator>();
    if (stays) {
      flush();
      continue;
    }
    bool usesGroup = llvm::any_of(op.getOperands(), [&](Value v) {
      Operation *def = v.getDefiningOp();
      return def && members.contains(def);
    });
    if (usesGroup || fusion::findBufferAccess(&op)) {
      group.push_back(&op);
      members.insert(&op);
    }
  }
  flush();
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

/// The value of an index computed from constants by products and sums (as
/// tiling writes a tiled loop's steps), or nullopt.
static std::optional<int64_t> constantIndex(Value v) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (!isa_and_nonnull<arith::MulIOp, arith::AddIOp>(def))
    return std::nullopt;
  std::optional<int64_t> a = constantIndex(def->getOperand(0));
  std::optional<int64_t> b = constantIndex(def->getOperand(1));
  if (!a || !b)
    return std::nullopt;
  return isa<arith::MulIOp>(def) ? *a * *b : *a + *b;
}

/// Trip count of dimension `d`, or nullopt when not constant.
static std::optional<int64_t> tripCount(scf::ParallelOp loop, unsigned d) {
  std::optional<int64_t> lb = constantIndex(loop.getLowerBound()[d]);
  std::optional<int64_t> ub = constantIndex(loop.getUpperBound()[d]);
  std::optional<int64_t> step = constantIndex(loop.getStep()[d]);
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return llvm::divideCeil(std::max<int64_t>(*ub - *lb, 0), *step);
}

/// A loop whose last dimension is a warp's lanes: fusion-lower-to-loops
/// marks an mma_sync tile's forall so (a `#gpu.lane` mapping last), and
/// scf-forall-to-parallel keeps the mark.
static bool isWarpLoop(scf::ParallelOp loop) {
  auto mapping = loop->getAttrOfType<ArrayAttr>("mapping");
  return mapping && !mapping.empty() &&
         isa<gpu::GPULaneMappingAttr>(mapping.getValue().back()) &&
         tripCount(loop, loop.getNumLoops() - 1) == fusion::kWarpLanes;
}

/// Threads along the contiguous dimension, then the one before it, then the
/// rest: as many as the extents use, up to lanes x rows in all, so that a
/// small feature map does not leave most of a block idle. Dimensions before
/// the last two count as one: they will share block z and thread z, and
/// thread z holds at most 64 (the hardware's limit; x and y hold 1024).
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
  // A warp's lanes (an mma_sync tile): thread x is exactly the 32 lanes,
  // whatever `lanes` says, so that each warp is one tile. The dimension
  // before is the warps of a block, which share a stage and meet at block
  // barriers: thread y takes it whole where it is a constant of at most
  // kMaxStagedWarps (as fusion-lower-to-loops makes it), whatever `rows`
  // says, so that no warp of the group is in another block or idle.
  // Otherwise warps of that dimension fill the rest of the block, at most
  // kMaxStagedWarps.
  if (isWarpLoop(loop)) {
    tiles[rank - 1] = fusion::kWarpLanes;
    if (rank == 1)
      return tiles;
    std::optional<int64_t> warps = tripCount(loop, rank - 2);
    if (warps && *warps >= 1 && *warps <= fusion::kMaxStagedWarps)
      tiles[rank - 2] = *warps;
    else
      tiles[rank - 2] =
          fit(warps, std::min(std::max<int64_t>(budget / fusion::kWarpLanes, 1),
                              fusion::kMaxStagedWarps));
    return tiles;
  }
  int64_t x = fit(tripCount(loop, rank - 1),
                  std::min(rank == 1 ? budget : lanes, fusion::kMaxBlockX));
  tiles[rank - 1] = x;
  if (rank == 1)
    return tiles;
  int64_t y = fit(tripCount(loop, rank - 2),
                  std::min(budget / x, fusion::kMaxBlockY));
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
  tiles[rank - 3] =
      fit(leadingTrips, std::min(budget / (x * y), fusion::kMaxBlockZ));
  return tiles;
}

/// The block processor of each dimension of the loop over blocks (at most
/// three): the last dimension on x, then y, then z, except that a
/// dimension with more blocks than y or z may hold (65535) trades places
/// with the one on x, which holds 2^31 - 1. Sequential where a dimension
/// still has too many blocks: splitGrid makes that dimension fit first.
static SmallVector<gpu::Processor> blockProcessors(scf::ParallelOp outer) {
  unsigned rank = outer.getNumLoops();
  SmallVector<gpu::Processor> processors;
  const gpu::Processor order[] = {gpu::Processor::BlockX,
                                  gpu::Processor::BlockY,
                                  gpu::Processor::BlockZ};
  for (unsigned i = 0; i < rank; ++i)
    processors.push_back(order[rank - 1 - i]);
  auto blocks = [&](unsigned d) {
    return tripCount(outer, d).value_or(fusion::kMaxGridYZ + 1);
  };
  unsigned onX = rank - 1;
  for (unsigned d = 0; d + 1 < rank; ++d)
    if (blocks(d) > fusion::kMaxGridYZ && blocks(onX) <= fusion::kMaxGridYZ &&
        blocks(d) > blocks(onX))
      std::swap(processors[d], processors[onX]), onX = d;
  return processors;
}

/// Where a dimension of the loop over blocks has more trips than its grid
/// dimension may hold, tiles that loop again so that each block walks
/// several of them in sequence: returns the loop over blocks (now within
/// the limits) and, inside it, the sequential loop; or {outer, null} when
/// nothing had to change.
static std::pair<scf::ParallelOp, scf::ParallelOp>
splitGrid(scf::ParallelOp outer) {
  SmallVector<gpu::Processor> processors = blockProcessors(outer);
  unsigned rank = outer.getNumLoops();
  SmallVector<int64_t> perBlock(rank, 1);
  bool split = false;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t most = processors[d] == gpu::Processor::BlockX
                       ? fusion::kMaxGridX
                       : fusion::kMaxGridYZ;
    std::optional<int64_t> trips = tripCount(outer, d);
    if (trips && *trips > most) {
      perBlock[d] = llvm::divideCeil(*trips, most);
      split = true;
    }
  }
  if (!split)
    return {outer, nullptr};
  // tileParallelLoop multiplies the tile sizes by the loop's steps.
  auto [blocks, sequential] =
      scf::tileParallelLoop(outer, perBlock, /*noMinMaxBounds=*/false);
  return {blocks, sequential};
}

/// Maps each dimension of `loop` to `processors[i]`.
static LogicalResult mapAs(scf::ParallelOp loop,
                           ArrayRef<gpu::Processor> processors) {
  MLIRContext *ctx = loop.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  SmallVector<gpu::ParallelLoopDimMappingAttr> mapping;
  for (gpu::Processor p : processors)
    mapping.push_back(
        gpu::ParallelLoopDimMappingAttr::get(ctx, p, identity, identity));
  return gpu::setMappingAttr(loop, mapping);
}

namespace {
struct MapLoopsToGpuPass
    : public mlir::fusion::impl::MapLoopsToGpuBase<MapLoopsToGpuPass> {
  using Base::Base;
  void runOnOperation() override {
    // Each factor within the limit first, so that the product cannot
    // overflow.
    if (lanes < 1 || rows < 1 || lanes > fusion::kMaxThreadsPerBlock ||
        rows > fusion::kMaxThreadsPerBlock ||
        lanes * rows > fusion::kMaxThreadsPerBlock) {
      getOperation()->emitError("fusion-map-loops-to-gpu: lanes and rows "
                                "must be at least 1, and lanes x rows at "
                                "most ")
          << fusion::kMaxThreadsPerBlock << " (threads per block); got "
          << static_cast<int64_t>(lanes) << " x " << static_cast<int64_t>(rows);
      return signalPassFailure();
    }
    getOperation()->walk([&](func::FuncOp func) {
      for (Block &block : func.getBody())
        wrapHostWork(block);
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
      auto [blocks, sequential] = splitGrid(outer);
      if (sequential &&
          failed(mapAs(sequential,
                       SmallVector<gpu::Processor>(
                           sequential.getNumLoops(),
                           gpu::Processor::Sequential)))) {
        op.emitError("could not map the loop to GPU blocks and threads");
        return signalPassFailure();
      }
      if (failed(mapAs(blocks, blockProcessors(blocks))) ||
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

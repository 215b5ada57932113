//===- LowerWarpSync.cpp - fusion.warp_sync to NVVM -----------------------===//
///
/// The mma_sync strategy's threads meet at fusion.block_sync (or a warp's
/// lanes at fusion.warp_sync) between filling a shared-memory stage and
/// reading their fragments from it (waiting for their asynchronous copies
/// first), and after reading. The ops declare their memory effects, so
/// bufferization and the deallocation pipeline take them; these patterns
/// lower them afterwards to NVVM barriers, which declare none.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_LOWERWARPSYNC
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

namespace {
/// cp.async.commit_group and cp.async.wait_group N where a barrier asks to
/// wait for the thread's asynchronous copies.
template <typename SyncOp>
void waitForCopies(SyncOp op, PatternRewriter &rewriter) {
  if (std::optional<int64_t> pending = op.getPendingCopyGroups()) {
    NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(),
                                     static_cast<int32_t>(*pending));
  }
}

/// fusion.warp_sync as bar.warp.sync with every lane in the mask.
struct LowerWarpSync : OpRewritePattern<WarpSyncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WarpSyncOp op,
                                PatternRewriter &rewriter) const override {
    waitForCopies(op, rewriter);
    Value allLanes = arith::ConstantOp::create(
        rewriter, op.getLoc(), rewriter.getI32Type(),
        rewriter.getI32IntegerAttr(-1));
    NVVM::SyncWarpOp::create(rewriter, op.getLoc(), allLanes);
    rewriter.eraseOp(op);
    return success();
  }
};

/// fusion.block_sync as bar.sync 0 (nvvm.barrier0).
struct LowerBlockSync : OpRewritePattern<BlockSyncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BlockSyncOp op,
                                PatternRewriter &rewriter) const override {
    waitForCopies(op, rewriter);
    NVVM::Barrier0Op::create(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct LowerWarpSyncPass
    : public mlir::fusion::impl::LowerWarpSyncBase<LowerWarpSyncPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLowerWarpSyncPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace

void mlir::fusion::populateLowerWarpSyncPatterns(RewritePatternSet &patterns) {
  patterns.add<LowerWarpSync, LowerBlockSync>(patterns.getContext());
}

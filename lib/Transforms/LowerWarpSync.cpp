//===- LowerWarpSync.cpp - fusion.warp_sync to NVVM -----------------------===//
///
/// The mma_sync strategy's lanes meet at fusion.warp_sync between filling
/// their warp's shared-memory stage and reading their fragments from it
/// (waiting for their asynchronous copies first), and after reading.
/// The op declares its memory effects, so bufferization and the
/// deallocation pipeline take it; this pattern lowers it afterwards to
/// nvvm.bar.warp.sync, which declares none.
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
/// fusion.warp_sync as bar.warp.sync with every lane in the mask, after
/// cp.async.commit_group and cp.async.wait_group N where it asks to wait
/// for the lane's asynchronous copies.
struct LowerWarpSync : OpRewritePattern<WarpSyncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WarpSyncOp op,
                                PatternRewriter &rewriter) const override {
    if (std::optional<int64_t> pending = op.getPendingCopyGroups()) {
      NVVM::CpAsyncCommitGroupOp::create(rewriter, op.getLoc());
      NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(),
                                       static_cast<int32_t>(*pending));
    }
    Value allLanes = arith::ConstantOp::create(
        rewriter, op.getLoc(), rewriter.getI32Type(),
        rewriter.getI32IntegerAttr(-1));
    NVVM::SyncWarpOp::create(rewriter, op.getLoc(), allLanes);
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
  patterns.add<LowerWarpSync>(patterns.getContext());
}

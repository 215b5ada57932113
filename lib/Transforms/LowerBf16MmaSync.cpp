//===- LowerBf16MmaSync.cpp - nvgpu.mma.sync on bf16 to NVVM --------------===//
///
/// The mma_sync strategy emits nvgpu.mma.sync for every operand type: it is
/// a pure op that bufferization and the deallocation pipeline take. LLVM
/// 22's nvgpu-to-nvvm lowering deduces no PTX type for bf16 operands
/// ("failed to deduce operand PTX types"), so this pattern lowers those
/// MMAs itself, late (inside the kernel modules, just before
/// convert-nvgpu-to-nvvm), to nvvm.mma.sync with the types named: each
/// 32-bit register is two bf16 packed into an i32, as PTX passes them.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_LOWERBF16MMASYNC
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

namespace {
/// nvgpu.mma.sync m16n8k16 with bf16 operands (A vector<4x2xbf16>, B
/// vector<2x2xbf16>) and f32 accumulators (vector<2x2xf32>) as
/// nvvm.mma.sync.
struct LowerBf16MmaSync : OpRewritePattern<nvgpu::MmaSyncOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(nvgpu::MmaSyncOp op,
                                PatternRewriter &rewriter) const override {
    auto aType = cast<VectorType>(op.getMatrixA().getType());
    auto bType = cast<VectorType>(op.getMatrixB().getType());
    auto cType = cast<VectorType>(op.getMatrixC().getType());
    if (!aType.getElementType().isBF16() || !bType.getElementType().isBF16())
      return rewriter.notifyMatchFailure(op, "operands are not bf16");
    auto shape = llvm::to_vector(
        llvm::map_range(op.getMmaShape().getAsValueRange<IntegerAttr>(),
                        [](const APInt &v) { return v.getSExtValue(); }));
    if (shape != SmallVector<int64_t>{16, 8, 16} ||
        aType.getShape() != ArrayRef<int64_t>{4, 2} ||
        bType.getShape() != ArrayRef<int64_t>{2, 2} ||
        cType.getShape() != ArrayRef<int64_t>{2, 2} ||
        !cType.getElementType().isF32())
      return rewriter.notifyMatchFailure(
          op, "only m16n8k16 with f32 accumulators (vector<4x2xbf16>, "
              "vector<2x2xbf16>, vector<2x2xf32>)");
    Location loc = op.getLoc();
    auto word = VectorType::get({1}, rewriter.getI32Type());
    auto pack = [&](Value matrix, int64_t registers) {
      SmallVector<Value> packed;
      for (int64_t r = 0; r < registers; ++r) {
        Value pair = vector::ExtractOp::create(rewriter, loc, matrix, r);
        Value bits = vector::BitCastOp::create(rewriter, loc, word, pair);
        packed.push_back(vector::ExtractOp::create(rewriter, loc, bits, 0));
      }
      return packed;
    };
    SmallVector<Value> accumulators;
    for (int64_t r = 0; r < 4; ++r)
      accumulators.push_back(vector::ExtractOp::create(
          rewriter, loc, op.getMatrixC(), ArrayRef<int64_t>{r / 2, r % 2}));
    Type f32 = rewriter.getF32Type();
    auto resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(4, f32));
    Value d =
        NVVM::MmaOp::create(rewriter, loc, resultType, pack(op.getMatrixA(), 4),
                            pack(op.getMatrixB(), 2), accumulators, shape,
                            std::nullopt, std::nullopt,
                            std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                                          NVVM::MMATypes::bf16},
                            std::array<NVVM::MMALayout, 2>{
                                NVVM::MMALayout::row, NVVM::MMALayout::col});
    SmallVector<Value> sums;
    for (int64_t r = 0; r < 4; ++r)
      sums.push_back(LLVM::ExtractValueOp::create(rewriter, loc, d, r));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, cType, sums);
    return success();
  }
};

struct LowerBf16MmaSyncPass
    : public mlir::fusion::impl::LowerBf16MmaSyncBase<LowerBf16MmaSyncPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLowerBf16MmaSyncPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace

void mlir::fusion::populateLowerBf16MmaSyncPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LowerBf16MmaSync>(patterns.getContext());
}

//===- LowerTf32Rounding.cpp - fusion.round_to_tf32 per target ------------===//
///
/// One meaning (fusion.round_to_tf32, documented on the op), two
/// lowerings that agree bit for bit: the GPU's cvt.rna.tf32.f32, and on the
/// host the same rounding in integers, so that the host's emulation of a
/// tensor-core kernel rounds exactly as the kernel does.
///
//===----------------------------------------------------------------------===//
#include "ConvLowering.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_LOWERTF32ROUNDING
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

/// The 19 bits TF32 keeps (sign, exponent, 10 of mantissa), and half of
/// the last one.
static constexpr int32_t kKeptBits = static_cast<int32_t>(0xFFFFE000u);
static constexpr int32_t kHalfLastKeptBit = 0x1000;

static Value lowerOnGpu(OpBuilder &b, Location loc, Value x) {
  Type i32 = b.getI32Type();
  Value tf32 = NVVM::ConvertFloatToTF32Op::create(b, loc, i32, x,
                                                  NVVM::FPRoundingMode::RNA);
  // The PTX ISA leaves the low 13 bits of a .tf32 result unspecified.
  Value kept =
      arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(kKeptBits));
  Value cleared = arith::AndIOp::create(b, loc, tf32, kept);
  return arith::BitcastOp::create(b, loc, b.getF32Type(), cleared);
}

/// Adding half of the last kept bit to the magnitude carries into it
/// exactly when the dropped bits are at least half of it: round to nearest,
/// ties away from zero (the sign bit is apart); a carry out of the largest
/// finite value gives infinity. A NaN whose payload lies in the dropped
/// bits would become infinity, so NaN passes through.
static Value lowerOnHost(OpBuilder &b, Location loc, Value x) {
  Type i32 = b.getI32Type();
  auto bits = [&](int32_t v) {
    return arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(v));
  };
  Value raw = arith::BitcastOp::create(b, loc, i32, x);
  Value carried = arith::AddIOp::create(b, loc, raw, bits(kHalfLastKeptBit));
  Value cleared = arith::AndIOp::create(b, loc, carried, bits(kKeptBits));
  Value rounded = arith::BitcastOp::create(b, loc, b.getF32Type(), cleared);
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(b, loc, isNaN, x, rounded);
}

namespace {
struct LowerTf32RoundingPass
    : public mlir::fusion::impl::LowerTf32RoundingBase<LowerTf32RoundingPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(checkLoweringTarget(getOperation(), "fusion-lower-tf32-rounding",
                                   target)))
      return signalPassFailure();
    bool onGpu = target == "gpu";
    SmallVector<RoundToTf32Op> rounds;
    getOperation()->walk([&](RoundToTf32Op op) { rounds.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (RoundToTf32Op op : rounds) {
      rewriter.setInsertionPoint(op);
      Value lowered = onGpu ? lowerOnGpu(rewriter, op.getLoc(), op.getValue())
                            : lowerOnHost(rewriter, op.getLoc(), op.getValue());
      rewriter.replaceOp(op, lowered);
    }
  }
};
} // namespace

//===- NormBeforeConv.cpp - a BatchNorm feeding a padded conv -------------===//
///
/// Folding a normalization *forward* into the next conv is exact only when
/// the conv reads no padding: zero padding is added after the shift, so
/// padded border outputs would see `t` where the original saw 0. The fusion
/// passes never fold forward; this finds the case so it can be named.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Analysis/ConvMatcher.h"
#include "FusionDialect/Analysis/ElementwiseSemantics.h"
#include "FusionDialect/Analysis/NormalizationStatistics.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"

using namespace mlir;
using namespace mlir::fusion;

/// Number of dimensions of `type` larger than one.
static int64_t nonUnitDims(ShapedType type) {
  return llvm::count_if(type.getShape(), [](int64_t d) { return d != 1; });
}

/// True for values produced by a conv (a chain that fusion handles from the
/// conv's side).
static bool isConvResult(Value v) {
  Operation *def = v.getDefiningOp();
  return def && (matchConvolution(def).status != ConvMatchStatus::NotAConv ||
                 isa<ConvBnActOp, ConvBiasActOp>(def));
}

/// An elementwise op with one feature-map operand and at least one constant
/// per-channel operand: what a BatchNorm looks like on its own.
static bool isStandaloneNormalization(Operation *op) {
  SmallVector<Value> inputs;
  if (auto g = dyn_cast<linalg::GenericOp>(op)) {
    if (g.getNumReductionLoops() != 0 || g->getNumResults() != 1)
      return false;
    inputs = g.getDpsInputs();
  } else if (isa<tosa::AddOp, tosa::SubOp, tosa::MulOp>(op) &&
             hasPointwiseSemantics(op)) {
    inputs.assign(op->operand_begin(), op->operand_begin() + 2);
  } else {
    return false;
  }
  int64_t featureMaps = 0, perChannel = 0;
  for (Value in : inputs) {
    auto type = dyn_cast<ShapedType>(in.getType());
    if (!type)
      return false;
    if (type.getRank() >= 3 && nonUnitDims(type) > 1) {
      if (isComputedFromConstants(in) || isConvResult(in))
        return false;
      ++featureMaps;
    } else if (nonUnitDims(type) == 1 && isComputedFromConstants(in)) {
      ++perChannel;
    }
  }
  return featureMaps == 1 && perChannel >= 1;
}

Operation *mlir::fusion::findNormalizationBeforePadding(const ConvMatch &m) {
  if (llvm::all_of(m.padding, [](int64_t p) { return p == 0; }))
    return nullptr;
  Value input = m.input;
  while (Operation *def = input.getDefiningOp()) {
    if (!isa<tosa::TransposeOp, linalg::TransposeOp>(def))
      break;
    input = def->getOperand(0);
  }
  Operation *def = input.getDefiningOp();
  // A LayerNorm's or GroupNorm's own scale and shift: never folded anyway,
  // and no BatchNorm.
  if (!def || !isStandaloneNormalization(def) ||
      isNormalizedByComputedStatistics(input))
    return nullptr;
  return def;
}

//===- CheckAssertions.cpp - assertions that fail for every input ---------===//
///
/// Frontends guard a model with `cf.assert` (torch-mlir checks a
/// BatchNorm's parameter shapes that way). On static shapes such a
/// condition is a constant, and one that is false makes every run of the
/// compiled program abort at that point: in fusion-verify, whose programs
/// run in-process, the tool itself. This pass folds each assertion's
/// condition from constants and static shapes, without changing the IR, and
/// refuses a model whose assertion cannot hold, with its message.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Matchers.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_CHECKASSERTIONS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

namespace {
/// Conditions are a few ops deep (a dim, a compare); deeper is not folded.
constexpr unsigned kMaxFoldDepth = 8;

/// `value` as a constant, folding the ops that define it from constants. A
/// defining op is folded as a detached clone, since folding may rewrite an
/// op in place (commutative operands are reordered).
Attribute foldToConstant(Value value, unsigned depth = 0) {
  Attribute constant;
  if (matchPattern(value, m_Constant(&constant)))
    return constant;
  Operation *def = value.getDefiningOp();
  if (!def || depth >= kMaxFoldDepth || def->getNumResults() != 1 ||
      def->getNumRegions() != 0)
    return {};
  SmallVector<Attribute> operands;
  for (Value operand : def->getOperands())
    operands.push_back(foldToConstant(operand, depth + 1));
  Operation *clone = def->clone();
  SmallVector<OpFoldResult> results;
  Attribute folded;
  if (succeeded(clone->fold(operands, results)) && results.size() == 1) {
    if (auto attr = dyn_cast<Attribute>(results.front()))
      folded = attr;
    else if (auto forwarded = dyn_cast<Value>(results.front());
             forwarded.getDefiningOp() != clone)
      folded = foldToConstant(forwarded, depth + 1);
  }
  clone->destroy();
  return folded;
}

struct CheckAssertionsPass
    : public mlir::fusion::impl::CheckAssertionsBase<CheckAssertionsPass> {
  void runOnOperation() override {
    WalkResult result = getOperation()->walk([](cf::AssertOp assertion) {
      auto condition =
          dyn_cast_or_null<IntegerAttr>(foldToConstant(assertion.getArg()));
      if (!condition || !condition.getValue().isZero())
        return WalkResult::advance();
      assertion.emitError("this assertion fails for every input (its "
                          "condition folds to false on the model's static "
                          "shapes and constants): \"")
          << assertion.getMsg() << "\"";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

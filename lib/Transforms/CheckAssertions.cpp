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
/// Folds values to constants from the ops that define them. Each value is
/// folded once (conditions share operands), and at most kMaxFoldedOps ops
/// per assertion, so that a condition over a large graph costs little.
class ConstantFolder {
public:
  /// `value` as a constant, or null. A defining op is folded as a detached
  /// clone, since folding may rewrite an op in place (commutative operands
  /// are reordered).
  Attribute fold(Value value) {
    Attribute constant;
    if (matchPattern(value, m_Constant(&constant)))
      return constant;
    auto [known, inserted] = folded.try_emplace(value, Attribute());
    if (!inserted)
      return known->second;
    Operation *def = value.getDefiningOp();
    if (!def || foldedOps >= kMaxFoldedOps || def->getNumResults() != 1 ||
        def->getNumRegions() != 0)
      return {};
    ++foldedOps;
    SmallVector<Attribute> operands;
    for (Value operand : def->getOperands())
      operands.push_back(fold(operand));
    Operation *clone = def->clone();
    SmallVector<OpFoldResult> results;
    Attribute result;
    if (succeeded(clone->fold(operands, results)) && results.size() == 1) {
      if (auto attr = dyn_cast<Attribute>(results.front()))
        result = attr;
      else if (auto forwarded = dyn_cast<Value>(results.front());
               forwarded.getDefiningOp() != clone)
        result = fold(forwarded);
    }
    clone->destroy();
    folded[value] = result;
    return result;
  }

private:
  /// Conditions are a few ops (a dim, a compare); a larger one is not
  /// decided here.
  static constexpr unsigned kMaxFoldedOps = 64;
  DenseMap<Value, Attribute> folded;
  unsigned foldedOps = 0;
};

struct CheckAssertionsPass
    : public mlir::fusion::impl::CheckAssertionsBase<CheckAssertionsPass> {
  void runOnOperation() override {
    WalkResult result = getOperation()->walk([](cf::AssertOp assertion) {
      auto condition = dyn_cast_or_null<IntegerAttr>(
          ConstantFolder().fold(assertion.getArg()));
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

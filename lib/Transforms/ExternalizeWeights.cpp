//===- ExternalizeWeights.cpp - weights given at run time -----------------===//
///
/// A full-size network's weights are most of its library: ResNet-50's are
/// 100 MB. To check and time such a network on a machine the library must
/// be carried to, the weights can be left out and given at run time
/// instead: each large float constant becomes a `memref.global` with no
/// data, marked `fusion.weight` and with the statistics of the values it
/// held (`fusion.range`: min, max, mean, standard deviation), read where
/// the constant was. fusion-compile lists
/// them in the library's signature and exports their addresses
/// (`fusion_weights`); a runner fills each once, before the first call,
/// with values drawn from a normal distribution of the same mean and
/// deviation, clipped to the range (fusion-gpu-run does). Uniform draws
/// over the range would have about 2.6 times the deviation of a trained
/// or initialized filter, and 50 layers would multiply activations by
/// 1e20. The GPU's device
/// copy is made on the first call and kept (fusion-device-buffers).
///
/// Placed after fusion and folding, the weights left out are the ones the
/// fused program reads: the folded filters and biases. Programs compiled
/// from the same model with the same options list the same weights in the
/// same order, so a runner gives them the same values.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Runtime/ResidentConstants.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include <cmath>

namespace mlir::fusion {
#define GEN_PASS_DEF_EXTERNALIZEWEIGHTS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

namespace {
struct ExternalizeWeightsPass
    : public mlir::fusion::impl::ExternalizeWeightsBase<
          ExternalizeWeightsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (minElements < 1) {
      getOperation()->emitError(
          "fusion-externalize-weights: min-elements must be at least 1");
      return signalPassFailure();
    }
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<Operation *> constants;
    module.walk([&](Operation *op) {
      if (op->getNumResults() != 1 || !op->hasTrait<OpTrait::ConstantLike>())
        return;
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      ElementsAttr data;
      if (!type || !isa<FloatType>(type.getElementType()) ||
          !type.hasStaticShape() || type.getNumElements() < minElements ||
          !matchPattern(op->getResult(0), m_Constant(&data)) ||
          data.isSplat())
        return;
      constants.push_back(op);
    });
    OpBuilder top(module.getBodyRegion());
    unsigned count = 0;
    // What a library's signature lists: each weight's global, shape,
    // element type as the model has it, and range, in order.
    SmallVector<Attribute> table;
    for (Operation *op : constants) {
      auto type = cast<RankedTensorType>(op->getResult(0).getType());
      ElementsAttr data;
      (void)matchPattern(op->getResult(0), m_Constant(&data));
      FailureOr<ConstTensor> values = readElementsAttr(data);
      if (failed(values)) {
        op->emitError("fusion-externalize-weights: cannot read this "
                      "constant's values for its range");
        return signalPassFailure();
      }
      // The distribution a runner draws from: the values' mean and standard
      // deviation, within their range (so that a positive variance stays
      // positive, and each layer's gain stays about the model's).
      double lo = values->values.front(), hi = lo, sum = 0, squares = 0;
      for (double v : values->values) {
        lo = std::min(lo, v), hi = std::max(hi, v);
        sum += v;
      }
      double n = double(values->values.size()), mean = sum / n;
      for (double v : values->values)
        squares += (v - mean) * (v - mean);
      double deviation = std::sqrt(squares / n);
      auto memref = MemRefType::get(type.getShape(), type.getElementType());
      top.setInsertionPointToStart(module.getBody());
      std::string name = "__fusion_weight_" + std::to_string(count++);
      auto global = memref::GlobalOp::create(
          top, op->getLoc(), name, top.getStringAttr("private"), memref,
          top.getUnitAttr(), /*constant=*/false, /*alignment=*/nullptr);
      global->setAttr(kWeightAttrName, top.getUnitAttr());
      global->setAttr(kWeightRangeAttrName,
                      top.getF64ArrayAttr({lo, hi, mean, deviation}));
      symbols.insert(global);
      table.push_back(top.getDictionaryAttr({
          top.getNamedAttr("name", global.getSymNameAttr()),
          top.getNamedAttr("shape", top.getDenseI64ArrayAttr(type.getShape())),
          top.getNamedAttr("element", TypeAttr::get(type.getElementType())),
          top.getNamedAttr("range",
                           top.getF64ArrayAttr({lo, hi, mean, deviation})),
      }));
      OpBuilder b(op);
      auto get = memref::GetGlobalOp::create(b, op->getLoc(), memref,
                                             global.getSymName());
      auto tensor = bufferization::ToTensorOp::create(
          b, op->getLoc(), type, get, /*restrict=*/true, /*writable=*/false);
      op->getResult(0).replaceAllUsesWith(tensor.getResult());
      op->erase();
    }
    if (!table.empty())
      module->setAttr(kWeightTableAttrName, top.getArrayAttr(table));
  }
};
} // namespace

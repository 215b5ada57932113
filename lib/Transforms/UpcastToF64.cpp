//===- UpcastToF64.cpp - a model evaluated in f64 -------------------------===//
///
/// The fused and the unfused f32 programs can share an error (a frontend
/// constant rounded badly, an accumulation order that loses digits in both):
/// comparing each with the same program evaluated in f64 shows it. Every
/// f16/bf16/f32 type becomes f64, constants are widened exactly, and the
/// conversions that become no-ops are dropped. Runs on linalg, tensor, arith
/// and math (TOSA has no f64: lower it first).
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_UPCASTTOF64
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

static Type widen(Type type);

Type mlir::fusion::widenToF64(Type type) { return widen(type); }

/// `type` with every float narrower than f64 made f64 (scalars, and the
/// elements of tensors, vectors and memrefs).
static Type widen(Type type) {
  auto f64 = Float64Type::get(type.getContext());
  if (auto f = dyn_cast<FloatType>(type))
    return f.getWidth() < 64 ? Type(f64) : type;
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(widen(tensor.getElementType()));
  if (auto tensor = dyn_cast<UnrankedTensorType>(type))
    return UnrankedTensorType::get(widen(tensor.getElementType()));
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(widen(vector.getElementType()));
  if (auto memref = dyn_cast<MemRefType>(type))
    return MemRefType::get(memref.getShape(), widen(memref.getElementType()),
                           memref.getLayout(), memref.getMemorySpace());
  if (auto fn = dyn_cast<FunctionType>(type)) {
    SmallVector<Type> ins, outs;
    for (Type t : fn.getInputs())
      ins.push_back(widen(t));
    for (Type t : fn.getResults())
      outs.push_back(widen(t));
    return FunctionType::get(type.getContext(), ins, outs);
  }
  return type;
}

/// The value of a float constant attribute as f64, exactly.
static FailureOr<Attribute> widenConstant(Attribute value, Type to) {
  auto f64 = Float64Type::get(value.getContext());
  if (auto f = dyn_cast<FloatAttr>(value))
    return Attribute(FloatAttr::get(f64, f.getValueAsDouble()));
  auto shaped = dyn_cast<ShapedType>(to);
  if (!shaped)
    return failure();
  auto type = cast<ShapedType>(widen(to));
  // A splat stays a splat, however large.
  if (auto splat = dyn_cast<SplatElementsAttr>(value))
    return Attribute(DenseElementsAttr::get(
        type, splat.getSplatValue<APFloat>().convertToDouble()));
  FailureOr<fusion::ConstTensor> data = fusion::readElementsAttr(value);
  if (failed(data))
    return failure();
  return Attribute(
      DenseElementsAttr::get(type, ArrayRef<double>(data->values)));
}

namespace {
struct UpcastToF64Pass
    : public mlir::fusion::impl::UpcastToF64Base<UpcastToF64Pass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failedConstant = false;
    module.walk([&](Operation *op) {
      if (auto func = dyn_cast<func::FuncOp>(op))
        func.setFunctionType(cast<FunctionType>(widen(func.getFunctionType())));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setType(widen(arg.getType()));
      // Globals (weights filled at run time, constants after
      // bufferization): their type, and their data exactly.
      if (auto global = dyn_cast<memref::GlobalOp>(op)) {
        MemRefType type = global.getType();
        if (widen(type) != type) {
          if (auto data = dyn_cast_or_null<ElementsAttr>(
                  global.getInitialValue().value_or(Attribute()))) {
            FailureOr<Attribute> wide =
                widenConstant(data, RankedTensorType::get(
                                        type.getShape(),
                                        type.getElementType()));
            if (failed(wide)) {
              global.emitError("cannot widen this global to f64");
              failedConstant = true;
              return;
            }
            global.setInitialValueAttr(*wide);
          }
          global.setType(cast<MemRefType>(widen(type)));
        }
      }
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        Type type = constant.getType();
        if (widen(type) != type) {
          FailureOr<Attribute> wide = widenConstant(constant.getValue(), type);
          if (failed(wide)) {
            constant.emitError("cannot widen this constant to f64");
            failedConstant = true;
            return;
          }
          constant.setValueAttr(cast<TypedAttr>(*wide));
        }
      }
      for (OpResult result : op->getResults())
        result.setType(widen(result.getType()));
    });
    if (failedConstant)
      return signalPassFailure();
    // Widening and narrowing between floats are now f64 to f64.
    SmallVector<Operation *> noOps;
    module.walk([&](Operation *op) {
      if (isa<arith::ExtFOp, arith::TruncFOp>(op) &&
          op->getOperand(0).getType() == op->getResult(0).getType())
        noOps.push_back(op);
    });
    for (Operation *op : noOps) {
      op->getResult(0).replaceAllUsesWith(op->getOperand(0));
      op->erase();
    }
    if (failed(mlir::verify(module)))
      return signalPassFailure();
  }
};
} // namespace

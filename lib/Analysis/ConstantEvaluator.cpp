//===- ConstantEvaluator.cpp - read constant tensors as f64 ---------------===//
#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Analysis/ElementwiseSemantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cstring>

using namespace mlir;
using namespace mlir::fusion;

int64_t ConstTensor::linearize(ArrayRef<int64_t> index) const {
  int64_t linear = 0;
  for (auto [i, extent] : llvm::zip_equal(index, shape))
    linear = linear * extent + i;
  return linear;
}

static std::optional<int64_t> staticSize(ShapedType type) {
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  int64_t n = type.getNumElements();
  if (n > kMaxEvaluatedElements)
    return std::nullopt;
  return n;
}

/// Decodes one element of raw little-endian storage.
static std::optional<double> decodeRaw(const char *data, Type elementType) {
  if (elementType.isF32()) {
    float value;
    std::memcpy(&value, data, sizeof(value));
    return value;
  }
  if (auto f = dyn_cast<FloatType>(elementType)) {
    unsigned width = f.getWidth();
    uint64_t bits = 0;
    std::memcpy(&bits, data, width / 8);
    APFloat value(f.getFloatSemantics(), APInt(width, bits));
    return value.convertToDouble();
  }
  if (auto i = dyn_cast<IntegerType>(elementType)) {
    unsigned width = i.getWidth();
    if (width == 1)
      return double(*data != 0);
    uint64_t bits = 0;
    std::memcpy(&bits, data, (width + 7) / 8);
    APInt value(width, bits);
    return i.isUnsigned() ? double(value.getZExtValue())
                          : double(value.getSExtValue());
  }
  return std::nullopt;
}

FailureOr<ConstTensor> mlir::fusion::readElementsAttr(Attribute attr) {
  auto typed = dyn_cast_or_null<TypedAttr>(attr);
  if (!typed)
    return failure();
  auto type = dyn_cast<ShapedType>(typed.getType());
  std::optional<int64_t> n = staticSize(type);
  if (!n)
    return failure();
  ConstTensor result;
  result.shape.assign(type.getShape().begin(), type.getShape().end());
  result.values.reserve(*n);
  Type elementType = type.getElementType();

  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (isa<FloatType>(elementType)) {
      if (dense.isSplat()) {
        result.values.assign(
            *n, dense.getSplatValue<APFloat>().convertToDouble());
      } else if (elementType.isF32()) {
        // A real network's filters are millions of f32 values: read them as
        // floats, not one APFloat each.
        auto values = dense.getValues<float>();
        result.values.assign(values.begin(), values.end());
      } else if (elementType.isF64()) {
        for (double v : dense.getValues<double>())
          result.values.push_back(v);
      } else {
        for (const APFloat &v : dense.getValues<APFloat>())
          result.values.push_back(v.convertToDouble());
      }
      return result;
    }
    if (auto intType = dyn_cast<IntegerType>(elementType)) {
      for (const APInt &v : dense.getValues<APInt>())
        result.values.push_back(intType.getWidth() == 1 ? double(v.getBoolValue())
                                : intType.isUnsigned()  ? double(v.getZExtValue())
                                                        : double(v.getSExtValue()));
      return result;
    }
    return failure();
  }

  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return failure();
    ArrayRef<char> data = blob->getData();
    unsigned width = elementType.getIntOrFloatBitWidth();
    unsigned bytes = width == 1 ? 1 : width / 8;
    if (bytes == 0 || data.size() < size_t(*n) * bytes)
      return failure();
    for (int64_t i = 0; i < *n; ++i) {
      std::optional<double> v = decodeRaw(data.data() + i * bytes, elementType);
      if (!v)
        return failure();
      result.values.push_back(*v);
    }
    return result;
  }
  return failure();
}

namespace {
/// Evaluates one value graph, caching shared subexpressions.
class Evaluator {
public:
  FailureOr<ConstTensor> eval(Value value);

private:
  FailureOr<ConstTensor> evalOp(Operation *op, Value value);
  FailureOr<ConstTensor> evalGeneric(linalg::GenericOp op);
  FailureOr<ConstTensor> evalBroadcasting(Operation *op, ValueRange inputs,
                                          ShapedType resultType);
  FailureOr<ConstTensor> evalTranspose(Value input, ArrayRef<int64_t> perm);

  DenseMap<Value, ConstTensor> cache;
};
} // namespace

FailureOr<ConstTensor> Evaluator::eval(Value value) {
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  Operation *op = value.getDefiningOp();
  if (!op || !staticSize(dyn_cast<ShapedType>(value.getType())))
    return failure();
  FailureOr<ConstTensor> result = evalOp(op, value);
  if (succeeded(result))
    cache[value] = *result;
  return result;
}

/// Same data, new shape: reshapes, expand/collapse and casts.
static bool isReshapeLike(Operation *op) {
  return isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::ReshapeOp,
             tensor::CastOp, tosa::ReshapeOp>(op);
}

FailureOr<ConstTensor> Evaluator::evalOp(Operation *op, Value value) {
  auto resultType = cast<ShapedType>(value.getType());
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    return readElementsAttr(c.getValue());
  if (auto c = dyn_cast<tosa::ConstOp>(op))
    return readElementsAttr(c.getValuesAttr());
  if (isReshapeLike(op)) {
    FailureOr<ConstTensor> source = eval(op->getOperand(0));
    if (failed(source))
      return failure();
    ConstTensor result = std::move(*source);
    result.shape.assign(resultType.getShape().begin(),
                        resultType.getShape().end());
    return result;
  }
  if (auto t = dyn_cast<tosa::TransposeOp>(op)) {
    SmallVector<int64_t> perm(t.getPerms().begin(), t.getPerms().end());
    return evalTranspose(t.getInput1(), perm);
  }
  if (auto t = dyn_cast<linalg::TransposeOp>(op))
    return evalTranspose(t.getInput(), t.getPermutation());
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    std::optional<double> v = getScalarConstant(fill.getInputs()[0]);
    if (!v)
      return failure();
    ConstTensor result;
    result.shape.assign(resultType.getShape().begin(),
                        resultType.getShape().end());
    result.values.assign(resultType.getNumElements(), *v);
    return result;
  }
  if (auto b = dyn_cast<linalg::BroadcastOp>(op)) {
    FailureOr<ConstTensor> source = eval(b.getInput());
    if (failed(source))
      return failure();
    ConstTensor result;
    result.shape.assign(resultType.getShape().begin(),
                        resultType.getShape().end());
    result.values.resize(resultType.getNumElements());
    ArrayRef<int64_t> added = b.getDimensions();
    SmallVector<int64_t> index(result.shape.size(), 0), srcIndex;
    for (int64_t linear = 0; linear < result.size(); ++linear) {
      int64_t rem = linear;
      for (int64_t d = result.shape.size() - 1; d >= 0; --d) {
        index[d] = rem % result.shape[d];
        rem /= result.shape[d];
      }
      srcIndex.clear();
      for (int64_t d = 0, e = result.shape.size(); d < e; ++d)
        if (!llvm::is_contained(added, d))
          srcIndex.push_back(index[d]);
      result.values[linear] = source->values[source->linearize(srcIndex)];
    }
    return result;
  }
  if (auto generic = dyn_cast<linalg::GenericOp>(op))
    return evalGeneric(generic);
  if (hasPointwiseSemantics(op)) {
    unsigned dataOperands =
        isa<tosa::AddOp, tosa::SubOp, tosa::MulOp, tosa::PowOp,
            tosa::MaximumOp, tosa::MinimumOp>(op)
            ? 2
            : op->getNumOperands();
    if (isa<tosa::NegateOp, tosa::ReciprocalOp, tosa::RsqrtOp, tosa::ExpOp,
            tosa::LogOp, tosa::AbsOp, tosa::ClampOp, tosa::SigmoidOp,
            tosa::TanhOp, tosa::CastOp>(op))
      dataOperands = 1;
    return evalBroadcasting(op, op->getOperands().take_front(dataOperands),
                            resultType);
  }
  return failure();
}

FailureOr<ConstTensor> Evaluator::evalTranspose(Value input,
                                                ArrayRef<int64_t> perm) {
  FailureOr<ConstTensor> source = eval(input);
  if (failed(source) || perm.size() != source->shape.size())
    return failure();
  ConstTensor result;
  for (int64_t p : perm)
    result.shape.push_back(source->shape[p]);
  result.values.resize(source->size());
  SmallVector<int64_t> index(perm.size()), srcIndex(perm.size());
  for (int64_t linear = 0; linear < result.size(); ++linear) {
    int64_t rem = linear;
    for (int64_t d = perm.size() - 1; d >= 0; --d) {
      index[d] = rem % result.shape[d];
      rem /= result.shape[d];
    }
    for (size_t d = 0; d < perm.size(); ++d)
      srcIndex[perm[d]] = index[d];
    result.values[linear] = source->values[source->linearize(srcIndex)];
  }
  return result;
}

/// Elementwise ops with TOSA/numpy broadcasting of size-1 dimensions.
FailureOr<ConstTensor> Evaluator::evalBroadcasting(Operation *op,
                                                   ValueRange inputs,
                                                   ShapedType resultType) {
  SmallVector<ConstTensor> args;
  for (Value input : inputs) {
    FailureOr<ConstTensor> arg = eval(input);
    if (failed(arg) || arg->shape.size() != size_t(resultType.getRank()))
      return failure();
    args.push_back(std::move(*arg));
  }
  ConstTensor result;
  result.shape.assign(resultType.getShape().begin(),
                      resultType.getShape().end());
  result.values.resize(resultType.getNumElements());
  SmallVector<int64_t> index(result.shape.size()), argIndex;
  SmallVector<double> scalars(args.size());
  for (int64_t linear = 0; linear < result.size(); ++linear) {
    int64_t rem = linear;
    for (int64_t d = result.shape.size() - 1; d >= 0; --d) {
      index[d] = rem % result.shape[d];
      rem /= result.shape[d];
    }
    for (auto [k, arg] : llvm::enumerate(args)) {
      argIndex.assign(index.begin(), index.end());
      for (size_t d = 0; d < argIndex.size(); ++d)
        if (arg.shape[d] == 1)
          argIndex[d] = 0;
      scalars[k] = arg.values[arg.linearize(argIndex)];
    }
    std::optional<double> v = evaluatePointwise(op, scalars);
    if (!v)
      return failure();
    result.values[linear] = *v;
  }
  return result;
}

/// Runs an all-parallel generic point by point through its body.
FailureOr<ConstTensor> Evaluator::evalGeneric(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 0)
    return failure();
  SmallVector<ConstTensor> inputs;
  for (Value in : op.getDpsInputs()) {
    FailureOr<ConstTensor> t = eval(in);
    if (failed(t)) {
      // A rank-0 scalar from a non-tensor source is also fine.
      return failure();
    }
    inputs.push_back(std::move(*t));
  }
  OpOperand *initOperand = op.getDpsInitOperand(0);
  Block &body = op.getRegion().front();
  bool initUsed = !body.getArgument(op.getNumDpsInputs()).use_empty();
  std::optional<ConstTensor> init;
  if (initUsed) {
    FailureOr<ConstTensor> t = eval(initOperand->get());
    if (failed(t))
      return failure();
    init = std::move(*t);
  }
  auto resultType = cast<ShapedType>(op.getResult(0).getType());
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap outMap = maps.back();
  if (!outMap.isPermutation())
    return failure();

  ConstTensor result;
  result.shape.assign(resultType.getShape().begin(),
                      resultType.getShape().end());
  result.values.resize(resultType.getNumElements());
  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> loops(numLoops), outIndex(result.shape.size());
  SmallVector<int64_t> argIndex;
  DenseMap<Value, double> env;

  auto indexThrough = [&](AffineMap map, const ConstTensor &t) -> int64_t {
    argIndex.clear();
    for (AffineExpr e : map.getResults()) {
      if (auto d = dyn_cast<AffineDimExpr>(e))
        argIndex.push_back(loops[d.getPosition()]);
      else if (auto c = dyn_cast<AffineConstantExpr>(e))
        argIndex.push_back(c.getValue());
      else
        return -1;
    }
    return t.linearize(argIndex);
  };

  for (int64_t linear = 0; linear < result.size(); ++linear) {
    int64_t rem = linear;
    for (int64_t d = result.shape.size() - 1; d >= 0; --d) {
      outIndex[d] = rem % result.shape[d];
      rem /= result.shape[d];
    }
    for (unsigned r = 0; r < outMap.getNumResults(); ++r)
      loops[outMap.getDimPosition(r)] = outIndex[r];
    env.clear();
    for (auto [k, t] : llvm::enumerate(inputs)) {
      int64_t at = indexThrough(maps[k], t);
      if (at < 0)
        return failure();
      env[body.getArgument(k)] = t.values[at];
    }
    if (init)
      env[body.getArgument(inputs.size())] = init->values[linear];
    for (Operation &inner : body.without_terminator()) {
      if (isa<cf::AssertOp>(inner))
        continue;
      if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
        env[index.getResult()] = double(loops[index.getDim()]);
        continue;
      }
      if (inner.getNumResults() != 1)
        return failure();
      SmallVector<double> args;
      for (Value operand : inner.getOperands()) {
        auto it = env.find(operand);
        if (it != env.end()) {
          args.push_back(it->second);
          continue;
        }
        std::optional<double> c = getScalarConstant(operand);
        if (!c)
          return failure();
        args.push_back(*c);
      }
      std::optional<double> v;
      if (auto c = dyn_cast<arith::ConstantOp>(inner))
        v = getScalarConstant(c.getResult());
      else
        v = evaluatePointwise(&inner, args);
      if (!v)
        return failure();
      env[inner.getResult(0)] = *v;
    }
    Value yielded = body.getTerminator()->getOperand(0);
    auto it = env.find(yielded);
    std::optional<double> v =
        it != env.end() ? std::optional<double>(it->second)
                        : getScalarConstant(yielded);
    if (!v)
      return failure();
    result.values[linear] = *v;
  }
  return result;
}

FailureOr<ConstTensor> mlir::fusion::evaluateConstantTensor(Value value) {
  Evaluator evaluator;
  return evaluator.eval(value);
}

static bool isComputedFromConstantsImpl(Value value, unsigned depth) {
  Operation *def = value.getDefiningOp();
  if (!def || depth > 32)
    return false;
  if (def->hasTrait<OpTrait::ConstantLike>())
    return true;
  if (!isMemoryEffectFree(def) && !isa<linalg::LinalgOp>(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isComputedFromConstantsImpl(operand, depth + 1);
  });
}

bool mlir::fusion::isComputedFromConstants(Value value) {
  return isComputedFromConstantsImpl(value, 0);
}

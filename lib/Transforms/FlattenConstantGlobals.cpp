//===- FlattenConstantGlobals.cpp - 1-D memref globals --------------------===//
///
/// LLVM IR has no multi-dimensional constant: a nested array global is an
/// array of arrays, and MLIR's translation builds every innermost row as a
/// constant of its own. For a conv's weights the innermost row is the
/// filter's width, 3 or 1 values, so a network's weights became millions of
/// tiny constants that LLVM uniques, walks in its optimizer and frees one by
/// one. A flat global is one constant made from the attribute's raw bytes;
/// the shape lives in the `memref.expand_shape` that reads it.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_FLATTENCONSTANTGLOBALS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// `value` (a global's initial value) reshaped to `flat`: the same bytes
/// under a 1-D type; null where it is neither dense nor resource-backed.
static Attribute reshapeInitialValue(Attribute value, RankedTensorType flat) {
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return dense.reshape(flat);
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
    return DenseResourceElementsAttr::get(flat, resource.getRawHandle());
  return {};
}

namespace {
struct FlattenConstantGlobalsPass
    : public mlir::fusion::impl::FlattenConstantGlobalsBase<
          FlattenConstantGlobalsPass> {
  void runOnOperation() override {
    SmallVector<memref::GlobalOp> globals;
    getOperation()->walk(
        [&](memref::GlobalOp global) { globals.push_back(global); });
    for (memref::GlobalOp global : globals)
      flatten(global);
  }

  void flatten(memref::GlobalOp global) {
    MemRefType type = global.getType();
    if (type.getRank() < 2 || !type.hasStaticShape() ||
        !type.getLayout().isIdentity())
      return;
    Operation *table = SymbolTable::getNearestSymbolTable(global);
    auto uses = SymbolTable::getSymbolUses(global, table);
    if (!uses || llvm::any_of(*uses, [](const SymbolTable::SymbolUse &use) {
          return !isa<memref::GetGlobalOp>(use.getUser());
        }))
      return;
    auto flatTensor =
        RankedTensorType::get({type.getNumElements()}, type.getElementType());
    // No value, or a unit attribute: uninitialized (weights given at run
    // time); only the type changes.
    Attribute value = global.getInitialValueAttr();
    if (value && !isa<UnitAttr>(value)) {
      value = reshapeInitialValue(value, flatTensor);
      if (!value)
        return;
    }
    auto flatType =
        MemRefType::get({type.getNumElements()}, type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    global.setType(flatType);
    if (value)
      global.setInitialValueAttr(value);
    SmallVector<ReassociationIndices> all{
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()))};
    for (const SymbolTable::SymbolUse &use : *uses) {
      auto get = cast<memref::GetGlobalOp>(use.getUser());
      OpBuilder b(get);
      auto flat = memref::GetGlobalOp::create(b, get.getLoc(), flatType,
                                              get.getName());
      auto shaped = memref::ExpandShapeOp::create(
          b, get.getLoc(), type.getShape(), flat, all);
      get.getResult().replaceAllUsesWith(shaped.getResult());
      get.erase();
    }
  }
};
} // namespace

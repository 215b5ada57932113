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
  /// Per global name, its `memref.get_global` readers; a name any other op
  /// refers to maps to an empty list marked unusable.
  struct Readers {
    SmallVector<memref::GetGlobalOp> gets;
    bool onlyGets = true;
  };

  void runOnOperation() override {
    // One walk for the uses of every symbol: asking per global walks the
    // whole module once per global, quadratic in a network's weights.
    llvm::DenseMap<Operation *, llvm::StringMap<Readers>> readersByTable;
    SmallVector<memref::GlobalOp> globals;
    getOperation()->walk([&](memref::GlobalOp global) {
      globals.push_back(global);
      readersByTable.try_emplace(SymbolTable::getNearestSymbolTable(global));
    });
    llvm::DenseSet<Operation *> unknownUses;
    for (auto &[table, readers] : readersByTable) {
      for (Region &region : table->getRegions()) {
        auto uses = SymbolTable::getSymbolUses(&region);
        if (!uses) {
          // An op that may be a symbol table of its own hides its uses:
          // nothing of this table is changed.
          unknownUses.insert(table);
          break;
        }
        for (const SymbolTable::SymbolUse &use : *uses) {
          Readers &r =
              readers[use.getSymbolRef().getRootReference().getValue()];
          auto get = dyn_cast<memref::GetGlobalOp>(use.getUser());
          if (get && use.getSymbolRef().getNestedReferences().empty())
            r.gets.push_back(get);
          else
            r.onlyGets = false;
        }
      }
    }
    for (memref::GlobalOp global : globals) {
      Operation *table = SymbolTable::getNearestSymbolTable(global);
      if (unknownUses.contains(table))
        continue;
      auto &readers = readersByTable[table];
      auto it = readers.find(global.getSymName());
      flatten(global, it == readers.end() ? Readers() : it->second);
    }
  }

  void flatten(memref::GlobalOp global, const Readers &readers) {
    MemRefType type = global.getType();
    if (type.getRank() < 2 || !type.hasStaticShape() ||
        !type.getLayout().isIdentity() || !readers.onlyGets)
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
    for (memref::GetGlobalOp get : readers.gets) {
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

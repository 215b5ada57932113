//===- MergeKernelModules.cpp - one gpu.module for many kernels -----------===//
///
/// Outlining gives each kernel its own gpu.module, and serialization runs a
/// whole LLVM NVPTX pipeline per module (target machine, libdevice loaded
/// and linked, O3, code generation). A network repeats its blocks, and the
/// outliner gives each repeat a kernel of its own: in one module, identical
/// kernels are compiled once (the narrowed ResNet-50 of the corpus: 96
/// kernels become 49, and `--fusion-to-ptx` takes half the time). The
/// fixed cost per module is small next to code generation itself (300
/// distinct kernels: 5.8 s in one module or in 300). Small programs keep
/// one module per kernel (the threshold), so each kernel's PTX can still be
/// read, dumped and assembled alone.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_MERGEKERNELMODULES
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// `stem`, or `stem_<n>` for the first n that `taken` does not hold.
static std::string freeName(StringRef stem,
                            llvm::function_ref<bool(StringRef)> taken) {
  std::string name = stem.str();
  for (unsigned suffix = 0; taken(name); ++suffix)
    name = (stem + "_" + Twine(suffix)).str();
  return name;
}

/// Everything that makes a kernel what it is but its name.
static DictionaryAttr attributesButName(gpu::GPUFuncOp kernel) {
  NamedAttrList attrs(kernel->getAttrDictionary());
  attrs.erase(SymbolTable::getSymbolAttrName());
  return attrs.getDictionary(kernel.getContext());
}

/// Erases each kernel of `merged` that is identical to an earlier one
/// (attributes, signature and body, locations aside) and returns the name of
/// each erased kernel's first copy. Kernels are bucketed by their attributes
/// and op count, so only likely twins are compared op by op.
static llvm::DenseMap<StringAttr, StringAttr>
dropIdenticalKernels(gpu::GPUModuleOp merged) {
  llvm::DenseMap<StringAttr, StringAttr> sameAs;
  llvm::DenseMap<std::pair<DictionaryAttr, unsigned>,
                 SmallVector<gpu::GPUFuncOp>>
      firsts;
  SmallVector<gpu::GPUFuncOp> copies;
  for (auto kernel : merged.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel())
      continue;
    unsigned opCount = 0;
    kernel.getBody().walk([&](Operation *) { ++opCount; });
    SmallVector<gpu::GPUFuncOp> &bucket =
        firsts[{attributesButName(kernel), opCount}];
    gpu::GPUFuncOp *first = llvm::find_if(bucket, [&](gpu::GPUFuncOp f) {
      return OperationEquivalence::isRegionEquivalentTo(
          &f.getBody(), &kernel.getBody(),
          OperationEquivalence::IgnoreLocations);
    });
    if (first == bucket.end()) {
      bucket.push_back(kernel);
      continue;
    }
    sameAs[kernel.getNameAttr()] = first->getNameAttr();
    copies.push_back(kernel);
  }
  for (gpu::GPUFuncOp copy : copies)
    copy.erase();
  return sameAs;
}

namespace {
struct MergeKernelModulesPass
    : public mlir::fusion::impl::MergeKernelModulesBase<
          MergeKernelModulesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> kernelModules(
        module.getOps<gpu::GPUModuleOp>());
    if (minModules <= 0 || int64_t(kernelModules.size()) < minModules)
      return;
    // Only modules as the outliner makes them: no targets attached yet
    // (serialization options would differ per module otherwise).
    for (gpu::GPUModuleOp kernels : kernelModules)
      if (kernels.getTargetsAttr() || kernels.getOffloadingHandlerAttr()) {
        kernels.emitError("fusion-merge-kernel-modules runs before a target "
                          "is attached; this kernel module already has one");
        return signalPassFailure();
      }

    SymbolTable topSymbols(module);
    OpBuilder builder(module.getContext());
    builder.setInsertionPoint(kernelModules.front());
    std::string mergedName = freeName("fusion_kernels", [&](StringRef n) {
      return topSymbols.lookup(n) != nullptr;
    });
    auto merged = gpu::GPUModuleOp::create(builder, module.getLoc(),
                                           mergedName);
    SymbolTable mergedSymbols(merged);

    // Old kernel reference -> new one, for the launches.
    llvm::DenseMap<SymbolRefAttr, SymbolRefAttr> kernelRefs;
    for (gpu::GPUModuleOp kernels : kernelModules) {
      StringRef moduleName = kernels.getSymName();
      SmallVector<Operation *> contents;
      for (Operation &op : *kernels.getBody())
        contents.push_back(&op);
      SymbolTable localSymbols(kernels);
      llvm::StringSet<> claimed; // new names given in this module so far
      SmallVector<Operation *> duplicates;
      for (Operation *op : contents) {
        auto symbol = dyn_cast<SymbolOpInterface>(op);
        if (!symbol)
          continue;
        StringRef oldName = symbol.getName();
        // An external declaration (libdevice's functions, the runtime's)
        // binds by name: each module's copy is the same function, kept once
        // and never renamed.
        if (auto declared = dyn_cast<FunctionOpInterface>(op);
            declared && declared.isExternal()) {
          Operation *kept = mergedSymbols.lookup(oldName);
          if (!kept)
            continue;
          auto keptFunction = dyn_cast<FunctionOpInterface>(kept);
          if (!keptFunction || !keptFunction.isExternal() ||
              keptFunction.getFunctionType() != declared.getFunctionType()) {
            op->emitError("external '")
                << oldName
                << "' is declared differently in two kernel modules; they "
                   "cannot be merged";
            return signalPassFailure();
          }
          duplicates.push_back(op);
          continue;
        }
        auto function = dyn_cast<gpu::GPUFuncOp>(op);
        bool kernel = function && function.isKernel();
        // A kernel is named after its module (unique among the top-level
        // symbols, so among the kernels); what the outliner copied in keeps
        // its name unless another module's copy has it.
        // A name is free when no merged symbol has it and no other symbol
        // of this module, renamed or not yet moved, could claim it.
        std::string newName = freeName(
            kernel ? moduleName : oldName, [&](StringRef n) {
              if (mergedSymbols.lookup(n) || claimed.contains(n))
                return true;
              Operation *local = localSymbols.lookup(n);
              return local && local != op;
            });
        claimed.insert(newName);
        if (newName != oldName) {
          StringAttr newAttr = builder.getStringAttr(newName);
          if (failed(SymbolTable::replaceAllSymbolUses(op, newAttr, kernels))) {
            op->emitError("could not rename '")
                << oldName << "' while merging kernel modules";
            return signalPassFailure();
          }
          symbol.setName(newAttr);
        }
        if (kernel)
          kernelRefs[SymbolRefAttr::get(
              kernels.getSymNameAttr(),
              {FlatSymbolRefAttr::get(builder.getStringAttr(oldName))})] =
              SymbolRefAttr::get(
                  merged.getSymNameAttr(),
                  {FlatSymbolRefAttr::get(builder.getStringAttr(newName))});
      }
      Block *into = merged.getBody();
      for (Operation *op : contents) {
        if (llvm::is_contained(duplicates, op))
          continue;
        op->moveBefore(into, into->end());
        if (isa<SymbolOpInterface>(op))
          mergedSymbols.insert(op, into->end());
      }
      for (Operation *op : duplicates)
        op->erase();
    }

    // Identical kernels (a network repeats its blocks) are compiled once:
    // each launch of a copy launches the first.
    llvm::DenseMap<StringAttr, StringAttr> sameAs = dropIdenticalKernels(merged);
    for (auto &[from, to] : kernelRefs)
      if (StringAttr first = sameAs.lookup(to.getLeafReference()))
        to = SymbolRefAttr::get(merged.getSymNameAttr(),
                                {FlatSymbolRefAttr::get(first)});

    bool unresolved = false;
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto it = kernelRefs.find(launch.getKernel());
      if (it == kernelRefs.end()) {
        launch.emitError("launches ")
            << launch.getKernel()
            << ", which is not a kernel of the merged kernel modules";
        unresolved = true;
        return;
      }
      launch.setKernelAttr(it->second);
    });
    if (unresolved)
      return signalPassFailure();
    for (gpu::GPUModuleOp kernels : kernelModules)
      kernels.erase();
  }
};
} // namespace

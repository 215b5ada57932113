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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
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

/// The ops of a kernel's body in walk order.
static SmallVector<Operation *> opsOf(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> ops;
  kernel.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) { ops.push_back(op); });
  return ops;
}

/// A scalar float constant: the one kind of op two kernels may differ in
/// and still share code (its value becomes an argument).
static FloatAttr floatConstantValue(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  return constant ? dyn_cast<FloatAttr>(constant.getValue()) : FloatAttr();
}

/// Whether `b`'s body is `a`'s up to the values of scalar float constants:
/// the same ops in the same order, with the same attributes, types and
/// operands (matched by position), and the same block structure. Appends to
/// `differing` the walk positions of the float constants whose values
/// differ.
static bool sameUpToFloatConstants(ArrayRef<Operation *> a,
                                   ArrayRef<Operation *> b,
                                   gpu::GPUFuncOp kernelA,
                                   gpu::GPUFuncOp kernelB,
                                   SmallVectorImpl<unsigned> &differing) {
  if (a.size() != b.size())
    return false;
  llvm::DenseMap<Value, Value> values;
  auto mapBlocks = [&](Region &ra, Region &rb) {
    if (ra.getBlocks().size() != rb.getBlocks().size())
      return false;
    for (auto [ba, bb] : llvm::zip_equal(ra, rb)) {
      if (ba.getNumArguments() != bb.getNumArguments())
        return false;
      for (auto [x, y] : llvm::zip_equal(ba.getArguments(), bb.getArguments()))
        if (x.getType() != y.getType())
          return false;
        else
          values[x] = y;
    }
    return true;
  };
  if (!mapBlocks(kernelA.getBody(), kernelB.getBody()))
    return false;
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(a, b))) {
    auto [x, y] = pair;
    // Unstructured control flow is compared exactly (by the caller) only.
    if (x->getNumSuccessors() || x->getName() != y->getName() ||
        x->getNumOperands() != y->getNumOperands() ||
        x->getResultTypes() != y->getResultTypes() ||
        x->getNumRegions() != y->getNumRegions() ||
        x->getNumSuccessors() != y->getNumSuccessors())
      return false;
    FloatAttr fx = floatConstantValue(x), fy = floatConstantValue(y);
    if (fx && fy && fx.getType() == fy.getType()) {
      if (fx != fy)
        differing.push_back(i);
    } else if (x->getRawDictionaryAttrs() != y->getRawDictionaryAttrs() ||
               x->getPropertiesAsAttribute() != y->getPropertiesAsAttribute()) {
      return false;
    }
    for (auto [u, v] : llvm::zip_equal(x->getOperands(), y->getOperands()))
      if (values.lookup(u) != v)
        return false;
    for (auto [ra, rb] : llvm::zip_equal(x->getRegions(), y->getRegions()))
      if (!mapBlocks(ra, rb))
        return false;
    for (auto [u, v] : llvm::zip_equal(x->getResults(), y->getResults()))
      values[u] = v;
  }
  return true;
}

/// What becomes of the kernels of one merged module: each dropped kernel's
/// first copy, and for each kernel that takes hoisted constants their
/// values, in the order of its new trailing arguments.
struct KernelDedup {
  llvm::DenseMap<StringAttr, StringAttr> sameAs;
  llvm::DenseMap<StringAttr, SmallVector<FloatAttr>> hoisted;
};

/// Erases each kernel of `merged` that is identical to an earlier one
/// (attributes, signature and body, locations aside), or identical up to
/// the values of scalar float constants: those values then become trailing
/// arguments of the first copy, and every launch passes its own (a chain of
/// blocks that differ only in their folded biases compiles one kernel).
/// Kernels are bucketed by their attributes and op count, so only likely
/// twins are compared op by op.
static KernelDedup dropIdenticalKernels(gpu::GPUModuleOp merged) {
  KernelDedup dedup;
  struct Group {
    gpu::GPUFuncOp first;
    SmallVector<Operation *> ops;
    /// Members, the first included, with their walk-ordered ops.
    SmallVector<std::pair<gpu::GPUFuncOp, SmallVector<Operation *>>> members;
    llvm::SmallSetVector<unsigned, 8> differing;
  };
  llvm::DenseMap<std::pair<DictionaryAttr, unsigned>, SmallVector<unsigned>>
      buckets;
  std::vector<Group> groups;
  SmallVector<gpu::GPUFuncOp> copies;
  for (auto kernel : merged.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel())
      continue;
    SmallVector<Operation *> ops = opsOf(kernel);
    SmallVector<unsigned> &bucket =
        buckets[{attributesButName(kernel), unsigned(ops.size())}];
    bool placed = false;
    for (unsigned g : bucket) {
      SmallVector<unsigned> differing;
      if (!OperationEquivalence::isRegionEquivalentTo(
              &groups[g].first.getBody(), &kernel.getBody(),
              OperationEquivalence::IgnoreLocations) &&
          !sameUpToFloatConstants(groups[g].ops, ops, groups[g].first, kernel,
                                  differing))
        continue;
      groups[g].differing.insert(differing.begin(), differing.end());
      groups[g].members.push_back({kernel, std::move(ops)});
      dedup.sameAs[kernel.getNameAttr()] = groups[g].first.getNameAttr();
      copies.push_back(kernel);
      placed = true;
      break;
    }
    if (placed)
      continue;
    bucket.push_back(groups.size());
    Group group{kernel, ops, {}, {}};
    group.members.push_back({kernel, ops});
    groups.push_back(std::move(group));
  }
  // The first copy of each group takes the differing constants as
  // arguments; each member's values are kept for its launches.
  for (Group &group : groups) {
    if (group.differing.empty())
      continue;
    SmallVector<unsigned> positions(group.differing.begin(),
                                    group.differing.end());
    llvm::sort(positions);
    for (auto &[member, ops] : group.members) {
      SmallVector<FloatAttr> &values = dedup.hoisted[member.getNameAttr()];
      for (unsigned p : positions)
        values.push_back(floatConstantValue(ops[p]));
    }
    for (unsigned p : positions) {
      Operation *constant = group.ops[p];
      Type type = constant->getResult(0).getType();
      unsigned index = group.first.getNumArguments();
      group.first.insertArgument(index, type, DictionaryAttr(),
                                 constant->getLoc());
      constant->getResult(0).replaceAllUsesWith(group.first.getArgument(index));
      constant->erase();
    }
  }
  for (gpu::GPUFuncOp copy : copies)
    copy.erase();
  return dedup;
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
        // A global the outliner copied into several modules (the
        // mma_sync kernels' shared-memory stage) is the same declaration
        // in each, kept once under its name, so that kernels reading it
        // stay identical.
        if (isa<memref::GlobalOp>(op)) {
          Operation *kept = mergedSymbols.lookup(oldName);
          if (kept && isa<memref::GlobalOp>(kept) &&
              kept->getAttrDictionary() == op->getAttrDictionary()) {
            duplicates.push_back(op);
            continue;
          }
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
    KernelDedup dedup = dropIdenticalKernels(merged);
    // Each launch passes the constants its own kernel had baked in.
    llvm::DenseMap<SymbolRefAttr, SmallVector<FloatAttr>> launchConstants;
    for (auto &[from, to] : kernelRefs) {
      StringAttr name = to.getLeafReference();
      auto values = dedup.hoisted.find(name);
      if (values != dedup.hoisted.end())
        launchConstants[from] = values->second;
      if (StringAttr first = dedup.sameAs.lookup(name))
        to = SymbolRefAttr::get(merged.getSymNameAttr(),
                                {FlatSymbolRefAttr::get(first)});
    }

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
      auto constants = launchConstants.find(launch.getKernel());
      if (constants != launchConstants.end()) {
        OpBuilder atLaunch(launch);
        for (FloatAttr value : constants->second)
          launch.getKernelOperandsMutable().append(ValueRange{
              arith::ConstantOp::create(atLaunch, launch.getLoc(), value)});
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

//===- OutlineLoopNests.cpp - one function per host loop nest -------------===//
///
/// LLVM's loop passes do work per loop that grows with the size of the
/// function around it (analyses recomputed or updated over the whole
/// function): one host function holding hundreds of loop nests, as a deep
/// network or a long elementwise tail gives, took minutes at O3. Each nest in
/// a function of its own keeps that work per nest small. The functions are
/// LLVM `noinline`: a single-use internal function is otherwise inlined
/// straight back.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_OUTLINELOOPNESTS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

namespace {
struct OutlineLoopNestsPass
    : public mlir::fusion::impl::OutlineLoopNestsBase<OutlineLoopNestsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    IRRewriter rewriter(module.getContext());
    SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
    for (func::FuncOp function : functions) {
      if (function.isExternal())
        continue;
      // Loop nests directly in the body (any block): loops on memrefs, so
      // without results to return from the outlined function.
      SmallVector<Operation *> nests;
      for (Block &block : function.getBody())
        for (Operation &op : block)
          if (isa<LoopLikeOpInterface>(op) && op.getNumResults() == 0)
            nests.push_back(&op);
      if (int64_t(nests.size()) < minNests)
        continue;
      for (auto [index, nest] : llvm::enumerate(nests)) {
        Location loc = nest->getLoc();
        rewriter.setInsertionPoint(nest);
        auto region = scf::ExecuteRegionOp::create(rewriter, loc, TypeRange{});
        Block *body = rewriter.createBlock(&region.getRegion());
        rewriter.setInsertionPointToEnd(body);
        auto yield = scf::YieldOp::create(rewriter, loc);
        rewriter.moveOpBefore(nest, yield);
        std::string name =
            (function.getSymName() + "_nest" + Twine(index)).str();
        // A name the module already uses gets a suffix.
        for (unsigned suffix = 0; symbols.lookup(name); ++suffix)
          name = (function.getSymName() + "_nest" + Twine(index) + "_" +
                  Twine(suffix))
                     .str();
        func::CallOp call;
        FailureOr<func::FuncOp> outlined = outlineSingleBlockRegion(
            rewriter, loc, region.getRegion(), name, &call);
        if (failed(outlined)) {
          region.emitError("could not outline this loop nest");
          return signalPassFailure();
        }
        // What convert-func-to-llvm carries over: LLVM's `noinline` and
        // internal linkage (func.func's own `no_inline` is dropped there).
        outlined->setPrivate();
        MLIRContext *context = rewriter.getContext();
        outlined->getOperation()->setAttr(
            "passthrough",
            rewriter.getArrayAttr({rewriter.getStringAttr("noinline")}));
        outlined->getOperation()->setAttr(
            "llvm.linkage",
            LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
        symbols.insert(*outlined);
        // The region now holds the call and a yield: the call takes the
        // region's place.
        Block &callBody = region.getRegion().front();
        rewriter.eraseOp(callBody.getTerminator());
        rewriter.inlineBlockBefore(&callBody, region);
        rewriter.eraseOp(region);
      }
    }
  }
};
} // namespace

//===- fusion-embed.cpp - a compiler that embeds FusionDialect -----------===//
///
/// Builds against an installed FusionDialect only (find_package): parses a
/// model, runs the fusion-to-cpu pipeline from C++ with typed options (or,
/// with --fuse-only, the fusion passes alone, as a compiler with its own
/// lowering would), and acts on the fusion report as data, without parsing
/// any text.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Registration.h"
#include "FusionDialect/Transforms/FusionReport.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  bool fuseOnly = argc == 3 && llvm::StringRef(argv[1]) == "--fuse-only";
  if (argc != 2 && !fuseOnly) {
    llvm::errs() << "usage: fusion-embed [--fuse-only] <model.mlir>\n";
    return 2;
  }
  // The pipelines name upstream passes, so those are registered too.
  mlir::registerAllPasses();
  mlir::fusion::registerFusionPassesAndPipelines();
  mlir::DialectRegistry registry;
  mlir::fusion::registerFusionDialectAndDependencies(registry);
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[argc - 1], &context);
  if (!module)
    return 1;

  // Fuse, fold and lower for the host; the report comes back as a struct.
  mlir::fusion::FusionReport report;
  mlir::PassManager pm(&context);
  if (fuseOnly) {
    mlir::fusion::addFusionPasses(pm, {}, &report);
  } else {
    mlir::fusion::FusionToCpuOptions options;
    options.channelsPerThread = 4;
    if (mlir::failed(
            mlir::fusion::buildFusionToCpuPipeline(pm, options, &report)))
      return 1;
  }
  if (mlir::failed(pm.run(*module)))
    return 1;

  llvm::outs() << "FusionDialect " << mlir::fusion::getPackageVersion()
               << ", dialect v" << mlir::fusion::getDialectVersion()
               << ", report schema v"
               << mlir::fusion::getReportSchemaVersion() << "\n";
  for (const mlir::fusion::ChainRecord &chain : report.chains)
    llvm::outs() << chain.loc << ": " << chain.conv << " "
                 << (chain.fused ? "fused" : "not fused") << " ["
                 << chain.reason << "]\n";
  mlir::fusion::FusionSummary summary = report.summarize();
  llvm::outs() << summary.fused << " of " << summary.candidates
               << " chains fused\n";
  for (const auto &[reason, count] : summary.byReason)
    llvm::outs() << "  " << reason << ": " << count << "\n";

  if (fuseOnly) {
    module->print(llvm::outs());
    return 0;
  }
  int functions = 0;
  module->walk([&](mlir::LLVM::LLVMFuncOp) { ++functions; });
  llvm::outs() << "lowered to " << functions << " llvm.func\n";
  return 0;
}

//===- fusion-opt.cpp - mlir-opt with the fusion dialect ------------------===//
///
/// A full mlir-opt: every upstream dialect, extension and pass is registered
/// next to ours, so any IR a user's toolchain prints can be fed in and every
/// upstream flag works.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::fusion::registerFusionPasses();
  mlir::fusion::registerFusionPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::fusion::FusionDialect>();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "FusionDialect optimizer driver\n", registry));
}

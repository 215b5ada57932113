//===- fusion-opt.cpp - mlir-opt with the fusion dialect ------------------===//
///
/// A full mlir-opt: every upstream dialect, extension and pass is registered
/// next to ours, so any IR a user's toolchain prints can be fed in and every
/// upstream flag works.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::fusion::registerFusionPassesAndPipelines();

  mlir::DialectRegistry registry;
  mlir::fusion::registerFusionDialectAndDependencies(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "FusionDialect optimizer driver\n", registry));
}

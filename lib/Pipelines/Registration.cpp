//===- Registration.cpp - what an embedding compiler registers ------------===//
#include "FusionDialect/Registration.h"
#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Transforms/FusionReport.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include <mutex>

using namespace mlir;

const char *mlir::fusion::getPackageVersion() { return FUSION_PACKAGE_VERSION; }

int mlir::fusion::getDialectVersion() { return FusionDialect::kVersion; }

int mlir::fusion::getReportSchemaVersion() {
  return FusionReport::kSchemaVersion;
}

void mlir::fusion::registerFusionDialect(DialectRegistry &registry) {
  registry.insert<FusionDialect>();
}

void mlir::fusion::registerFusionDialectAndDependencies(
    DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerFusionDialect(registry);
}

void mlir::fusion::registerFusionPassesAndPipelines() {
  // A compiler may reach this from several of its own initializers; MLIR's
  // registry treats a pipeline name registered twice as an error in builds
  // with assertions, so the registrations run once.
  static std::once_flag once;
  std::call_once(once, [] {
    registerFusionPasses();
    registerFusionPipelines();
  });
}

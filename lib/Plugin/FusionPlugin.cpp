//===- FusionPlugin.cpp - the fusion dialect and passes for mlir-opt ------===//
///
/// One shared object that stock `mlir-opt` loads as a dialect plugin
/// (`--load-dialect-plugin`: parse and print fusion ops) and as a pass
/// plugin (`--load-pass-plugin`: the fusion passes and pipelines). It links
/// libMLIR.so, the same one mlir-opt runs on, so the two share one MLIR:
/// one pass registry, one set of TypeIDs.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FusionDialect", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            fusion::registerFusionDialect(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FusionPasses", LLVM_VERSION_STRING,
          [] { fusion::registerFusionPassesAndPipelines(); }};
}

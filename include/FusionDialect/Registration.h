//===- Registration.h - what an embedding compiler registers ----*- C++ -*-===//
///
/// \file
/// The entry points a compiler that embeds FusionDialect calls before it
/// parses IR or builds a pass manager (docs/Embedding.md). The pass and
/// pipeline builders themselves are in FusionDialect/Transforms/Passes.h and
/// FusionDialect/Pipelines/Pipelines.h; the report, as data, in
/// FusionDialect/Transforms/FusionReport.h.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_REGISTRATION_H
#define FUSIONDIALECT_REGISTRATION_H

namespace mlir {
class DialectRegistry;
namespace fusion {

/// The package version (CMake's project version) and the two versioned
/// formats: the dialect's textual form and the fusion report's JSON schema.
/// docs/Embedding.md states what each promises.
const char *getPackageVersion();
int getDialectVersion();
int getReportSchemaVersion();

/// Inserts the fusion dialect alone: enough to parse and print fusion ops
/// in a context whose other dialects the compiler registers itself.
void registerFusionDialect(DialectRegistry &registry);

/// Inserts the fusion dialect and every upstream dialect, interface
/// extension and LLVM IR translation that the passes and the fusion-to-cpu
/// and fusion-to-ptx pipelines read, create or lower through (upstream's
/// full set, as fusion-opt registers it).
void registerFusionDialectAndDependencies(DialectRegistry &registry);

/// Registers the fusion passes and the fusion-to-cpu and fusion-to-ptx
/// pipelines in MLIR's global registry, so that textual pipelines can name
/// them. Safe to call more than once. The pipelines name upstream passes
/// too: a compiler that builds them must have registered those (e.g. with
/// mlir::registerAllPasses()); the builders fail, with the parser's
/// message, on a missing one.
void registerFusionPassesAndPipelines();

} // namespace fusion
} // namespace mlir

#endif // FUSIONDIALECT_REGISTRATION_H

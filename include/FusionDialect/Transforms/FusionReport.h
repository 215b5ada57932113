//===- FusionReport.h - what fusion-fuse decided, as data -------*- C++ -*-===//
///
/// \file
/// One record per candidate chain: the data behind `explain` remarks and the
/// JSON written by `report=<file>`. Schema version 1 (docs/FusionGuide.md).
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_TRANSFORMS_FUSIONREPORT_H
#define FUSIONDIALECT_TRANSFORMS_FUSIONREPORT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <map>
#include <string>

namespace mlir::fusion {

struct ChainRecord {
  std::string loc;
  std::string conv;
  /// "batchnorm" or "none".
  std::string norm;
  std::string activation;
  bool fused = false;
  bool folded = false;
  /// "fused" or a reason id.
  std::string reason;
  std::string detail;
};

/// The counts the JSON's "summary" holds.
struct FusionSummary {
  int64_t candidates = 0;
  int64_t fused = 0;
  int64_t refused = 0;
  /// Reason id -> chains it stopped or cut short (every reason but "fused").
  std::map<std::string, int64_t> byReason;
  /// "<norm>+<activation>" -> fused ops of that form.
  std::map<std::string, int64_t> byForm;
};

struct FusionReport {
  static constexpr int kSchemaVersion = 1;
  llvm::SmallVector<ChainRecord> chains;

  FusionSummary summarize() const;

  /// Writes `{"version", "chains", "summary"}` as JSON.
  void writeJson(llvm::raw_ostream &os) const;
  /// Writes to `path` ("-" for stdout); false and a message on error.
  bool writeJsonFile(llvm::StringRef path, std::string &error) const;
};

} // namespace mlir::fusion

#endif // FUSIONDIALECT_TRANSFORMS_FUSIONREPORT_H

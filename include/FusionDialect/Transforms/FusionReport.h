//===- FusionReport.h - what fusion-fuse decided, as data -------*- C++ -*-===//
///
/// \file
/// One record per candidate chain: the data behind `explain` remarks and the
/// JSON written by `report=<file>`. Schema version 1 (docs/FusionGuide.md).
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_TRANSFORMS_FUSIONREPORT_H
#define FUSIONDIALECT_TRANSFORMS_FUSIONREPORT_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

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

/// How reports and remarks name a location: `file:line:col`, a name, or the
/// location as MLIR prints it.
std::string formatReportLocation(Location loc);

/// One detection-head decode candidate of fusion-fuse-detect.
struct DetectionRecord {
  std::string loc;
  /// "split", "packed_bnk" or "packed_bkn": the results it replaces.
  std::string outputs;
  /// Filled when fused: the op's coding, output format, score activation,
  /// the layout the head is read in (e.g. "nchw") and its levels.
  std::string coding, format, score, heads;
  int64_t levels = 0, anchors = 0, classes = 0;
  bool fused = false;
  /// "fused" or a reason id.
  std::string reason;
  std::string detail;
};

/// What fusion-fuse-detect decided. Schema version 1 (docs/FusionGuide.md).
struct DetectionReport {
  static constexpr int kSchemaVersion = 1;
  std::vector<DetectionRecord> detections;

  /// Writes `{"version", "detections", "summary"}` as JSON.
  void writeJson(llvm::raw_ostream &os) const;
  /// Writes to `path` ("-" for stdout); false and a message on error.
  bool writeJsonFile(llvm::StringRef path, std::string &error) const;
};

} // namespace mlir::fusion

#endif // FUSIONDIALECT_TRANSFORMS_FUSIONREPORT_H

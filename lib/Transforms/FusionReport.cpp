//===- FusionReport.cpp - JSON form of the fusion report ------------------===//
#include "FusionDialect/Transforms/FusionReport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::fusion;

std::string mlir::fusion::formatReportLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().strref() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return os.str();
}

FusionSummary FusionReport::summarize() const {
  FusionSummary summary;
  summary.candidates = chains.size();
  for (const ChainRecord &r : chains) {
    summary.fused += r.fused;
    if (r.fused)
      ++summary.byForm[r.norm + "+" + r.activation];
    if (r.reason != "fused")
      ++summary.byReason[r.reason];
  }
  summary.refused = summary.candidates - summary.fused;
  return summary;
}

void FusionReport::writeJson(llvm::raw_ostream &os) const {
  llvm::json::Array chainArray;
  for (const ChainRecord &r : chains) {
    chainArray.push_back(llvm::json::Object{
        {"loc", r.loc},
        {"conv", r.conv},
        {"norm", r.norm},
        {"activation", r.activation},
        {"fused", r.fused},
        {"folded", r.folded},
        {"reason", r.reason},
        {"detail", r.detail},
    });
  }
  FusionSummary summary = summarize();
  llvm::json::Object reasons;
  for (auto &[reason, count] : summary.byReason)
    reasons[reason] = count;
  // What each fused op computes after the conv: the census of a model.
  llvm::json::Object forms;
  for (auto &[form, count] : summary.byForm)
    forms[form] = count;
  llvm::json::Object root{
      {"version", kSchemaVersion},
      {"chains", std::move(chainArray)},
      {"summary",
       llvm::json::Object{{"candidates", summary.candidates},
                          {"fused", summary.fused},
                          {"refused", summary.refused},
                          {"by_reason", std::move(reasons)},
                          {"by_form", std::move(forms)}}},
  };
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
}

/// Writes what `write` prints to `path` ("-" for stdout).
static bool writeToPath(llvm::StringRef path, std::string &error,
                        llvm::function_ref<void(llvm::raw_ostream &)> write) {
  if (path == "-") {
    write(llvm::outs());
    llvm::outs().flush();
    return true;
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    error = ec.message();
    return false;
  }
  write(os);
  return true;
}

bool FusionReport::writeJsonFile(llvm::StringRef path,
                                 std::string &error) const {
  return writeToPath(path, error,
                     [&](llvm::raw_ostream &os) { writeJson(os); });
}

void DetectionReport::writeJson(llvm::raw_ostream &os) const {
  llvm::json::Array records;
  int64_t fused = 0;
  std::map<std::string, int64_t> byReason;
  for (const DetectionRecord &r : detections) {
    fused += r.fused;
    if (!r.fused)
      ++byReason[r.reason];
    records.push_back(llvm::json::Object{
        {"loc", r.loc},
        {"outputs", r.outputs},
        {"coding", r.coding},
        {"format", r.format},
        {"score", r.score},
        {"heads", r.heads},
        {"levels", r.levels},
        {"anchors", r.anchors},
        {"classes", r.classes},
        {"fused", r.fused},
        {"reason", r.reason},
        {"detail", r.detail},
    });
  }
  llvm::json::Object reasons;
  for (auto &[reason, count] : byReason)
    reasons[reason] = count;
  int64_t candidates = detections.size();
  llvm::json::Object root{
      {"version", kSchemaVersion},
      {"detections", std::move(records)},
      {"summary", llvm::json::Object{{"candidates", candidates},
                                     {"fused", fused},
                                     {"refused", candidates - fused},
                                     {"by_reason", std::move(reasons)}}},
  };
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
}

bool DetectionReport::writeJsonFile(llvm::StringRef path,
                                    std::string &error) const {
  return writeToPath(path, error,
                     [&](llvm::raw_ostream &os) { writeJson(os); });
}

//===- FusionReport.cpp - JSON form of the fusion report ------------------===//
#include "FusionDialect/Transforms/FusionReport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"

using namespace mlir::fusion;

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

bool FusionReport::writeJsonFile(llvm::StringRef path,
                                 std::string &error) const {
  if (path == "-") {
    writeJson(llvm::outs());
    llvm::outs().flush();
    return true;
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    error = ec.message();
    return false;
  }
  writeJson(os);
  return true;
}

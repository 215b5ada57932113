//===- FusionReport.cpp - JSON form of the fusion report ------------------===//
#include "FusionDialect/Transforms/FusionReport.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include <map>

using namespace mlir::fusion;

void FusionReport::writeJson(llvm::raw_ostream &os) const {
  llvm::json::Array chainArray;
  std::map<std::string, int64_t> byReason, byForm;
  int64_t fused = 0;
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
    fused += r.fused;
    if (r.fused)
      ++byForm[r.norm + "+" + r.activation];
    if (r.reason != "fused")
      ++byReason[r.reason];
  }
  llvm::json::Object reasons;
  for (auto &[reason, count] : byReason)
    reasons[reason] = count;
  // What each fused op computes after the conv: the census of a model.
  llvm::json::Object forms;
  for (auto &[form, count] : byForm)
    forms[form] = count;
  llvm::json::Object root{
      {"version", kSchemaVersion},
      {"chains", std::move(chainArray)},
      {"summary",
       llvm::json::Object{{"candidates", int64_t(chains.size())},
                          {"fused", fused},
                          {"refused", int64_t(chains.size()) - fused},
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

//===- fusion-bench.cpp - fused against unfused on the host, side by side -===//
///
/// Times a model's functions (one per layer, or a whole network) compiled
/// for the host three ways from the same IR: fused (`fusion-to-cpu`), the
/// unfused baseline (each conv alone with the same codegen, normalization
/// and activation as separate ops) and the upstream-linalg reference. The
/// programs run on the same inputs, interleaved call by call (the order
/// rotates every round), after warm-up, and the median of the rounds is
/// reported, so a ratio is never taken across runs that a busy machine
/// could have skewed differently.
///
/// For every function it also writes the two numbers that say what is
/// reachable: the FLOPs of its convolutions and the bytes they must move at
/// the least (input, filter and output once each), next to the bytes an
/// unfused chain moves (the conv writes Y, the normalization reads Y and
/// writes Y', the activation reads Y' and writes Y''). Given the machine's
/// measured peaks it gives the floor time and the fraction of the peaks
/// each program reaches.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Runner/HostModel.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>

using namespace mlir;
using namespace mlir::fusion::runner;
namespace cl = llvm::cl;

static cl::OptionCategory toolOptions("fusion-bench options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model.mlir>"),
                                      cl::Required, cl::cat(toolOptions));
static cl::list<std::string>
    entries("entry",
            cl::desc("Functions to time (default: every public function "
                     "with a body, in file order)"),
            cl::CommaSeparated, cl::cat(toolOptions));

enum class Program { Fused, Unfused, Reference };
static cl::list<Program> programs(
    "programs", cl::desc("Programs to time, side by side"),
    cl::values(clEnumValN(Program::Fused, "fused", "fusion-to-cpu"),
               clEnumValN(Program::Unfused, "unfused",
                          "fusion-to-cpu{fuse=false}: the same conv "
                          "codegen, normalization and activation apart"),
               clEnumValN(Program::Reference, "reference",
                          "fusion-to-cpu{fuse=false reference=true}: "
                          "upstream linalg")),
    cl::CommaSeparated, cl::cat(toolOptions));
static cl::opt<unsigned> warmup("warmup",
                                cl::desc("Untimed calls of each program"),
                                cl::init(2), cl::cat(toolOptions));
static cl::opt<unsigned> repeats("repeats",
                                 cl::desc("Timed calls of each program"),
                                 cl::init(11), cl::cat(toolOptions));
static cl::opt<double> minSeconds(
    "min-time",
    cl::desc("Keep timing rounds until each program has run this many "
             "seconds in all (the rounds are still at least --repeats)"),
    cl::init(0.0), cl::cat(toolOptions));
static cl::opt<bool> analyzeOnly(
    "analyze-only",
    cl::desc("Only the FLOPs and bytes of each function, nothing compiled"),
    cl::init(false), cl::cat(toolOptions));
static cl::opt<double> peakGflops(
    "peak-gflops",
    cl::desc("The machine's measured peak, GFLOP/s (for the floor time and "
             "the fraction reached; 0: not shown)"),
    cl::init(0.0), cl::cat(toolOptions));
static cl::opt<double> peakGbs(
    "peak-gbs",
    cl::desc("The machine's measured memory bandwidth, GB/s (0: not shown)"),
    cl::init(0.0), cl::cat(toolOptions));
static cl::opt<int64_t> channelsPerThread(
    "channels-per-thread",
    cl::desc("Register block of the fused loop nests: output channels "
             "(default: fusion-to-cpu's)"),
    cl::init(8), cl::cat(toolOptions));
static cl::opt<int64_t> columnsPerThread(
    "columns-per-thread",
    cl::desc("Register block of the fused loop nests: output columns "
             "(default: fusion-to-cpu's)"),
    cl::init(32), cl::cat(toolOptions));
static cl::opt<bool> reuseOrder(
    "reuse-order",
    cl::desc("Order the fused loop nests for cache reuse (default: "
             "fusion-to-cpu's, on)"),
    cl::init(true), cl::cat(toolOptions));
static cl::opt<int64_t> decodeLanes(
    "decode-lanes",
    cl::desc("Anchors one iteration of a detection decode computes as "
             "vector lanes (default: fusion-to-cpu's, 8)"),
    cl::init(8), cl::cat(toolOptions));
static cl::opt<std::string> jsonFile("json",
                                     cl::desc("Write the results as JSON"),
                                     cl::value_desc("file"), cl::init(""),
                                     cl::cat(toolOptions));

static StringRef nameOf(Program p) {
  switch (p) {
  case Program::Fused:
    return "fused";
  case Program::Unfused:
    return "unfused";
  case Program::Reference:
    return "reference";
  }
  return "";
}

namespace {
/// What a function's convolutions must compute and move, counted on the
/// fused ops `fusion-fuse` finds (a conv it leaves alone is not counted).
struct Work {
  int64_t chains = 0;
  double flops = 0;
  /// Input, filter and output of every conv, once.
  double minBytes = 0;
  /// As minBytes, plus the round trips of the output an unfused chain adds:
  /// two per separate op (normalization, activation).
  double unfusedBytes = 0;
};
} // namespace

static double bytesOf(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return static_cast<double>(tensor.getNumElements()) *
         tensor.getElementTypeBitWidth() / 8;
}

template <typename ConvOp>
static void countConv(ConvOp op, bool hasNorm, Work &work) {
  auto filter = cast<RankedTensorType>(op.getFilter().getType());
  auto result = cast<RankedTensorType>(op.getResult().getType());
  int64_t outChannels = result.getDimSize(op.getChannelDim());
  // Each output element is a dot product over C/groups x KH x KW.
  double reduction =
      static_cast<double>(filter.getNumElements()) / outChannels;
  work.chains += 1;
  work.flops += 2.0 * result.getNumElements() * reduction;
  double once = bytesOf(op.getInput().getType()) + bytesOf(filter) +
                bytesOf(result);
  work.minBytes += once;
  int separateOps = (hasNorm ? 1 : 0) +
                    (op.getActivation().getKind() != fusion::ActivationKind::none ? 1 : 0);
  work.unfusedBytes += once + 2.0 * separateOps * bytesOf(result);
}

/// The work of `entrySym` and what it calls: in a module of many layers,
/// only that function's convs count.
static FailureOr<Work> analyze(ModuleOp original, StringRef entrySym) {
  OwningOpRef<ModuleOp> module = original.clone();
  privatizeAllBut(*module, module->lookupSymbol<func::FuncOp>(entrySym));
  PassManager pm(module->getContext());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(fusion::createFuseChains());
  if (failed(pm.run(*module)))
    return failure();
  Work work;
  module->walk([&](Operation *op) {
    if (auto bn = dyn_cast<fusion::ConvBnActOp>(op))
      countConv(bn, /*hasNorm=*/true, work);
    else if (auto bias = dyn_cast<fusion::ConvBiasActOp>(op))
      countConv(bias, /*hasNorm=*/false, work);
  });
  return work;
}

/// `entry` alone (what it does not call is dropped), lowered for the host
/// and JIT-compiled as `program`.
static std::unique_ptr<ExecutionEngine>
compile(ModuleOp original, StringRef entrySym, Program program) {
  OwningOpRef<ModuleOp> module = original.clone();
  auto entry = module->lookupSymbol<func::FuncOp>(entrySym);
  privatizeAllBut(*module, entry);
  if (failed(addEntryWrapper(*module, entry)))
    return nullptr;
  PassManager pm(module->getContext());
  fusion::FusionToCpuOptions options;
  options.fuse = program == Program::Fused;
  options.reference = program == Program::Reference;
  if (channelsPerThread.getNumOccurrences())
    options.channelsPerThread = channelsPerThread;
  if (columnsPerThread.getNumOccurrences())
    options.columnsPerThread = columnsPerThread;
  if (reuseOrder.getNumOccurrences())
    options.reuseOrder = reuseOrder;
  if (decodeLanes.getNumOccurrences())
    options.decodeLanes = decodeLanes;
  pm.addPass(createSymbolDCEPass());
  if (failed(fusion::buildFusionToCpuPipeline(pm, options)) ||
      failed(pm.run(*module)))
    return nullptr;
  std::string utils =
      std::string(FUSION_RUNNER_UTILS_DIR) + "/libmlir_c_runner_utils.so";
  SmallVector<StringRef> libs{utils};
  return createEngine(*module, libs, llvm::errs());
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static std::vector<std::string> publicFunctions(ModuleOp module) {
  std::vector<std::string> names;
  for (auto f : module.getOps<func::FuncOp>())
    if (f.isPublic() && !f.isDeclaration())
      names.push_back(f.getSymName().str());
  return names;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  cl::HideUnrelatedOptions(toolOptions);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fusion-bench: fused against unfused (and the upstream reference) on "
      "the host, interleaved, with each function's FLOPs and bytes\n");
  if (programs.empty()) {
    programs.push_back(Program::Fused);
    programs.push_back(Program::Unfused);
  }
  if (repeats == 0) {
    llvm::errs() << "fusion-bench: --repeats must be at least 1\n";
    return 2;
  }
  LoadedModel model(inputFile, entries.empty() ? "" : entries.front(),
                    llvm::errs());
  if (!model.ok())
    return 2;
  ModuleOp module = model.getModule();
  std::vector<std::string> names(entries.begin(), entries.end());
  if (names.empty())
    names = publicFunctions(module);

  llvm::outs() << llvm::formatv("{0,-28} {1,6} {2,9} {3,9} {4,9}", "function",
                                "chains", "GFLOP", "MB-min", "MB-unf");
  if (peakGflops > 0 && peakGbs > 0)
    llvm::outs() << llvm::formatv(" {0,9}", "floor-us");
  if (!analyzeOnly)
    for (Program p : programs)
      llvm::outs() << llvm::formatv(" {0,11}", (nameOf(p) + "-ms").str());
  if (!analyzeOnly && programs.size() > 1)
    llvm::outs() << llvm::formatv(" {0,8}", (nameOf(programs[1]) + "/" +
                                            nameOf(programs[0]))
                                               .str());
  if (!analyzeOnly)
    llvm::outs() << llvm::formatv(" {0,8} {1,8}",
                                  (nameOf(programs[0]) + "-GF/s").str(),
                                  (nameOf(programs[0]) + "-GB/s").str());
  llvm::outs() << "\n";
  llvm::outs().flush();

  llvm::json::Array rows;
  for (const std::string &name : names) {
    auto entry = module.lookupSymbol<func::FuncOp>(name);
    if (!entry || entry.isDeclaration()) {
      llvm::errs() << "fusion-bench: no function '" << name
                   << "' with a body in " << inputFile << "\n";
      return 2;
    }
    FailureOr<Work> work = analyze(module, name);
    if (failed(work))
      return 2;
    double floorMs =
        peakGflops > 0 && peakGbs > 0
            ? 1e3 * std::max(work->flops / (peakGflops * 1e9),
                             work->minBytes / (peakGbs * 1e9))
            : 0.0;
    llvm::outs() << llvm::formatv("{0,-28} {1,6} {2,9:f3} {3,9:f2} {4,9:f2}",
                                  name, work->chains, work->flops / 1e9,
                                  work->minBytes / 1e6,
                                  work->unfusedBytes / 1e6);
    if (floorMs > 0)
      llvm::outs() << llvm::formatv(" {0,9:f1}", 1e3 * floorMs);
    llvm::json::Object row{{"function", name},
                           {"chains", work->chains},
                           {"flops", work->flops},
                           {"min_bytes", work->minBytes},
                           {"unfused_bytes", work->unfusedBytes}};
    if (floorMs > 0)
      row["floor_ms"] = floorMs;
    if (analyzeOnly) {
      llvm::outs() << "\n";
      rows.push_back(std::move(row));
      continue;
    }

    FunctionType type = entry.getFunctionType();
    std::vector<std::unique_ptr<ExecutionEngine>> engines;
    for (Program p : programs) {
      engines.push_back(compile(module, name, p));
      if (!engines.back()) {
        llvm::errs() << "\nfusion-bench: " << name << " did not compile as "
                     << nameOf(p) << "\n";
        return 2;
      }
    }
    std::mt19937_64 rng(1);
    std::vector<HostTensor> inputs = makeTensors(type.getInputs());
    for (HostTensor &t : inputs)
      t.fillNormal(rng);
    // One output set per program: a program may keep its output buffer
    // warm in cache, and none should inherit another's.
    std::vector<std::vector<HostTensor>> outputs;
    std::vector<SmallVector<Buffer *>> arguments;
    for (size_t p = 0; p < programs.size(); ++p) {
      outputs.push_back(makeTensors(type.getResults()));
      SmallVector<Buffer *> args;
      for (HostTensor &t : inputs)
        args.push_back(&t);
      for (HostTensor &t : outputs.back())
        args.push_back(&t);
      arguments.push_back(args);
    }
    auto call = [&](size_t p) -> FailureOr<double> {
      auto start = std::chrono::steady_clock::now();
      if (failed(invokeEntry(*engines[p], arguments[p], llvm::errs())))
        return failure();
      return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                           start)
          .count();
    };
    for (unsigned w = 0; w < warmup; ++w)
      for (size_t p = 0; p < programs.size(); ++p)
        if (failed(call(p)))
          return 2;
    std::vector<std::vector<double>> times(programs.size());
    std::vector<double> total(programs.size(), 0.0);
    for (unsigned r = 0;; ++r) {
      bool enough = r >= repeats;
      for (double t : total)
        enough = enough && t >= minSeconds;
      if (enough)
        break;
      for (size_t k = 0; k < programs.size(); ++k) {
        size_t p = (k + r) % programs.size();
        FailureOr<double> seconds = call(p);
        if (failed(seconds))
          return 2;
        times[p].push_back(*seconds);
        total[p] += *seconds;
      }
    }
    llvm::json::Object timings;
    std::vector<double> medians;
    for (auto [p, samples] : llvm::enumerate(times)) {
      double ms = 1e3 * median(samples);
      medians.push_back(ms);
      llvm::outs() << llvm::formatv(" {0,11:f3}", ms);
      timings[nameOf(programs[p])] = llvm::json::Object{
          {"median_ms", ms},
          {"min_ms", 1e3 * *std::min_element(samples.begin(), samples.end())},
          {"calls", static_cast<int64_t>(samples.size())}};
    }
    if (programs.size() > 1)
      llvm::outs() << llvm::formatv(" {0,8:f2}", medians[1] / medians[0]);
    llvm::outs() << llvm::formatv(" {0,8:f1} {1,8:f1}",
                                  work->flops / (medians[0] * 1e6),
                                  work->minBytes / (medians[0] * 1e6));
    llvm::outs() << "\n";
    llvm::outs().flush();
    row["programs"] = std::move(timings);
    rows.push_back(std::move(row));
  }

  if (!jsonFile.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(jsonFile, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      llvm::errs() << "fusion-bench: cannot write " << jsonFile << ": "
                   << ec.message() << "\n";
      return 2;
    }
    llvm::json::Object doc{{"model", inputFile},
                           {"warmup", static_cast<int64_t>(warmup)},
                           {"repeats", static_cast<int64_t>(repeats)},
                           {"functions", std::move(rows)}};
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(doc))) << "\n";
  }
  return 0;
}

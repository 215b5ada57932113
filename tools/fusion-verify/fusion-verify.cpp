//===- fusion-verify.cpp - a fused program against independent references -===//
///
/// Compiles a model three times for the host: the reference (upstream
/// linalg, no fusion: an implementation independent of ours), the program
/// under test (fused, or our unfused baseline), and the model evaluated in
/// f64 (so an error both f32 programs share cannot hide). Runs them on the
/// same frames (seeded random, and any given as .npy files) and compares
/// every output element: |got - ref| <= atol + rtol * |ref|, or, by default
/// (the f64-grounded bound), an output's largest error within a small
/// multiple of the f32 reference's own error against f64: a deep network's
/// f32 rounding outgrows any fixed tolerance, and the f64 model measures
/// it on the same frames, so correct programs pass and wrong folds, whose
/// errors are orders of magnitude larger, still fail. When the model
/// disagrees, or when asked, it compares the output of every fused chain and
/// names the first one that diverges. Exits 1 when a tolerance is exceeded,
/// so lit and CI can use it as a gate; 2 when nothing can be compared.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Runner/HostModel.h"
#include "FusionDialect/Runtime/PrecisionTolerance.h"
#include "FusionDialect/Transforms/Passes.h"
#include "FusionDialect/Transforms/PrecisionOption.h"
#include "ProgramScheduler.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

using namespace mlir;
using namespace mlir::fusion::runner;

/// Half the distance from 1 to the next value of a float type (2^-24 for
/// f32, 2^-11 for f16, 2^-8 for bf16); 0 for anything else.
static double unitRoundoff(Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  return floatType ? std::ldexp(1.0, -int(floatType.getFPMantissaWidth()))
                   : 0.0;
}
namespace cl = llvm::cl;

static cl::OptionCategory toolOptions("fusion-verify options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model.mlir>"),
                                      cl::Required, cl::cat(toolOptions));
static cl::opt<unsigned>
    frames("frames",
           cl::desc("Random frames to run (200; 0 by default when --inputs is "
                    "given)"),
           cl::init(200), cl::cat(toolOptions));
static cl::list<std::string> inputFiles(
    "inputs",
    cl::desc("Frames from .npy files, one per entry input in order, each of "
             "the input's shape or with a leading frame dimension"),
    cl::CommaSeparated, cl::cat(toolOptions));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of the first frame"),
                              cl::init(1), cl::cat(toolOptions));
static cl::opt<double> relTolerance(
    "rtol",
    cl::desc("Relative tolerance (by default from the outputs' type: 1e-5 "
             "for f32, 3.9e-3 for f16, 3.1e-2 for bf16)"),
    cl::init(1e-5), cl::cat(toolOptions));
static cl::opt<double> absTolerance(
    "atol",
    cl::desc("Absolute tolerance (1e-5 whatever the type: a half model's "
             "elements near zero pass within the noise bound, not by a "
             "tolerance blind to the outputs' scale)"),
    cl::init(1e-5), cl::cat(toolOptions));
static cl::opt<double> maxMemoryGiB(
    "max-memory-gib",
    cl::desc("Refuse a run whose frames and outputs need more host memory "
             "than this (GiB, 8 by default): every frame is held at once"),
    cl::init(8.0), cl::cat(toolOptions));
static cl::opt<unsigned> jobs(
    "jobs",
    cl::desc("Threads that compile and run the three programs (the "
             "reference, the checked program, the f64 model), each taking "
             "the next step of the program with the most work left: 0, the "
             "default, for as many as the host has cores, up to 3; 1 for one "
             "after another"),
    cl::init(0), cl::cat(toolOptions));
static cl::opt<bool> checkF64(
    "f64",
    cl::desc("Also check the program against the model evaluated in f64 "
             "(fusion-upcast-to-f64), with the same tolerance"),
    cl::init(true), cl::cat(toolOptions));
static cl::opt<bool> perChain(
    "per-chain",
    cl::desc("Compare the output of every fused chain, not only the model's "
             "(done anyway when the model disagrees)"),
    cl::init(false), cl::cat(toolOptions));
static cl::opt<std::string>
    jsonFile("json",
             cl::desc("Write the results as JSON to this file ('-': stdout)"),
             cl::init(""), cl::cat(toolOptions));
static cl::opt<std::string>
    entryName("entry",
              cl::desc("Function to run (default: the first public function "
                       "with a body)"),
              cl::init(""), cl::cat(toolOptions));
static cl::opt<std::string> writeOutputs(
    "write-outputs",
    cl::desc("Write the checked program's outputs over all frames to "
             "<prefix><index>.npy (float32, leading frame dimension), to "
             "compare with other engines"),
    cl::init(""), cl::cat(toolOptions));
static cl::list<std::string> expectedFiles(
    "expected",
    cl::desc("Outputs of other engines (PyTorch eager, ONNX Runtime) on the "
             "same --inputs frames: one .npy per entry output in order, then "
             "the next engine's; the checked program must agree with them "
             "too, with the same tolerance"),
    cl::CommaSeparated, cl::cat(toolOptions));
enum class Bound { F64Grounded, Strict };
static cl::opt<Bound> bound(
    "bound", cl::desc("What agreement passes"),
    cl::values(
        clEnumValN(Bound::F64Grounded, "f64-grounded",
                   "every element within atol + rtol x |ref|, or the "
                   "output's max abs error within atol + --f32-noise times "
                   "the f32 reference's own max abs error against the model "
                   "in f64, measured on the same frames: f32 rounding grows "
                   "with depth, and the f64 model tells it from a wrong "
                   "program (default)"),
        clEnumValN(Bound::Strict, "strict",
                   "every element within atol + rtol x |ref|, whatever the "
                   "depth")),
    cl::init(Bound::F64Grounded), cl::cat(toolOptions));
static cl::opt<double> f32Noise(
    "f32-noise",
    cl::desc("--bound=f64-grounded: how many times the f32 reference's own "
             "error against the model in f64 an output may miss by (2 by "
             "default; 0 is the strict bound)"),
    cl::init(2.0), cl::cat(toolOptions));
/// The reference's error against f64 counts as rounding only while it stays
/// this small a fraction of the output's scale: 1e-3 for f32, 32 unit
/// roundoffs of a half type (1.6e-2 for f16, 0.125 for bf16, whose
/// references round every op's result: a bf16 MobileNetV3-small's misses
/// the f64 model by 9% of its output's scale). Beyond it the model itself is
/// ill-conditioned in its type (or both programs share an error), and the
/// strict bound applies.
static double noiseScaleCap(Type elementType) {
  return std::max(1e-3, 32.0 * unitRoundoff(elementType));
}
enum class Program { Fused, Unfused, Detect };
static cl::opt<Program> program(
    "program", cl::desc("The program checked against the reference"),
    cl::values(clEnumValN(Program::Fused, "fused",
                          "fusion-fuse and fusion-fold-bn (default)"),
               clEnumValN(Program::Unfused, "unfused",
                          "the unfused baseline the benchmarks compare "
                          "against: each conv alone with the fused path's "
                          "codegen"),
               clEnumValN(Program::Detect, "detect",
                          "fusion-fuse-detect alone, every conv lowered as "
                          "the reference lowers it: only the fused "
                          "detection decode differs")),
    cl::init(Program::Fused), cl::cat(toolOptions));
static cl::opt<fusion::Precision> precision(
    "precision",
    cl::desc("Arithmetic of the checked program's fused convs "
             "(fusion-to-cpu precision); the tolerance follows from it: "
             "rtol 8 x the policy's unit roundoff unless given (tf32 "
             "2^-11, tf32x3 2^-20; fp32 and native none beyond the "
             "types'), the noise bound widened by roundoff / 2^-24"),
    fusion::precisionOptionValues(), cl::init(fusion::Precision::fp32),
    cl::cat(toolOptions));
static cl::opt<int64_t> testMmaTileShift(
    "test-mma-tile-shift",
    cl::desc("Test only: mma_sync tiles read their input this many columns "
             "off (a wrong tile index); the check must fail"),
    cl::init(0), cl::Hidden, cl::cat(toolOptions));
static cl::opt<bool> testGpuLoopMapping(
    "test-gpu-loop-mapping",
    cl::desc("Test only: run the checked program's loops tiled and mapped "
             "as for the GPU (fusion-to-cpu test-gpu-loop-mapping)"),
    cl::init(false), cl::Hidden, cl::cat(toolOptions));
static cl::opt<bool> testDetectSkipProof(
    "test-detect-skip-proof",
    cl::desc("Test only: fusion-fuse-detect fuses a decode once its first "
             "anchor fits, without the proof over every anchor (a wrong "
             "fusion this check must catch)"),
    cl::init(false), cl::Hidden, cl::cat(toolOptions));
static cl::opt<bool> testSkipWeightScaling(
    "test-skip-weight-scaling",
    cl::desc("Test only: use a deliberately wrong fold (filter left "
             "unscaled); the check must fail"),
    cl::init(false), cl::Hidden, cl::cat(toolOptions));
static cl::opt<bool> testDropEpsilon(
    "test-drop-epsilon",
    cl::desc("Test only: use a deliberately wrong fold (epsilon taken as "
             "0); the check must fail"),
    cl::init(false), cl::Hidden, cl::cat(toolOptions));

namespace {
enum class Kind { Reference, Candidate, Float64 };

/// A compiled program and what its outputs are compared with.
struct Compiled {
  std::unique_ptr<ExecutionEngine> engine;
  int64_t fusedOps = 0;
  /// fusion.decode_detections ops in the program.
  int64_t decodes = 0;
};

/// One fused chain's output in both programs: result `index` of the
/// extended entry.
struct Probe {
  unsigned index;
  std::string where;
};
} // namespace

static int64_t countFusedOps(ModuleOp module) {
  int64_t n = 0;
  module.walk([&](Operation *op) {
    n += isa<fusion::ConvBiasActOp, fusion::ConvBnActOp>(op);
  });
  return n;
}

static StringRef programName() {
  switch (program) {
  case Program::Fused:
    return "fused";
  case Program::Unfused:
    return "unfused";
  case Program::Detect:
    return "detect";
  }
  return "fused";
}

static int64_t countDecodes(ModuleOp module) {
  int64_t n = 0;
  module.walk([&](fusion::DecodeDetectionsOp) { ++n; });
  return n;
}

static fusion::FuseDetectionsOptions detectOptions() {
  fusion::FuseDetectionsOptions options;
  options.testSkipProof = testDetectSkipProof;
  return options;
}

static LogicalResult runFusion(ModuleOp module) {
  PassManager pm(module.getContext());
  pm.addPass(fusion::createFuseDetections(detectOptions()));
  pm.addPass(fusion::createFuseChains());
  fusion::FoldBatchNormOptions fold;
  fold.testSkipWeightScaling = testSkipWeightScaling;
  fold.testDropEpsilon = testDropEpsilon;
  pm.addPass(fusion::createFoldBatchNorm(fold));
  return pm.run(module);
}

/// Lowers `module` (its entry wrapper added) for the host and JITs it. The
/// candidate runs the fusion passes first (when checking the fused program)
/// so that its fused ops can be counted; `fused` says they already ran.
static Compiled compile(ModuleOp module, Kind kind, TimingScope &timing,
                        bool fused = false) {
  Compiled out;
  if (kind == Kind::Candidate && program == Program::Fused && !fused &&
      failed(runFusion(module)))
    return out;
  if (kind == Kind::Candidate && program == Program::Detect) {
    PassManager detect(module.getContext());
    detect.addPass(fusion::createFuseDetections(detectOptions()));
    if (failed(detect.run(module)))
      return out;
  }
  out.fusedOps = countFusedOps(module);
  // The reference and the f64 model are exact whatever the IR asks of the
  // checked program: a configuration written in the IR (a tensor-core
  // strategy, a host loop order) is the checked program's alone.
  if (kind != Kind::Candidate)
    module.walk([](Operation *op) {
      if (auto conv = dyn_cast<fusion::ConvBiasActOp>(op))
        conv.removeLoweringConfigAttr();
      else if (auto conv = dyn_cast<fusion::ConvBnActOp>(op))
        conv.removeLoweringConfigAttr();
    });
  out.decodes = countDecodes(module);
  PassManager pm(module.getContext());
  TimingScope passTiming = timing.nest("passes");
  pm.enableTiming(passTiming);
  if (kind == Kind::Float64) {
    // TOSA has no f64 and the fused ops take no f64: lower both first.
    pm.addPass(fusion::createLowerToLoops());
    if (failed(parsePassPipeline(
            "func.func(tosa-infer-shapes,tosa-to-linalg-named,tosa-to-linalg,"
            "tosa-to-arith,"
            "tosa-to-tensor),fusion-upcast-to-f64",
            pm, llvm::errs())))
      return out;
  }
  fusion::FusionToCpuOptions options;
  options.fuse = false;
  options.reference = kind != Kind::Candidate || program == Program::Detect;
  options.testGpuLoopMapping = testGpuLoopMapping && kind == Kind::Candidate;
  if (kind == Kind::Candidate) {
    options.precision = precision;
    options.testMmaTileShift = testMmaTileShift;
  }
  if (failed(fusion::buildFusionToCpuPipeline(pm, options)) ||
      failed(pm.run(module)))
    return out;
  passTiming.stop();
  TimingScope jitTiming = timing.nest("JIT (LLVM O3 and code generation)");
  std::string utils =
      std::string(FUSION_RUNNER_UTILS_DIR) + "/libmlir_c_runner_utils.so";
  SmallVector<StringRef> libs{utils};
  out.engine = createEngine(module, libs, llvm::errs());
  return out;
}

/// Runs `engine` on a copy of `frame` (a program may write into its argument
/// buffers) into `outs`; `widen` converts the frame to f64 for the f64
/// program.
static LogicalResult runOn(ExecutionEngine &engine,
                           const std::vector<HostTensor> &frame,
                           std::vector<HostTensor> &outs, bool widen = false) {
  std::vector<HostTensor> ins;
  if (!widen) {
    for (const HostTensor &t : frame)
      ins.push_back(t);
  } else {
    for (const HostTensor &t : frame) {
      HostTensor wide(RankedTensorType::get(
          t.shape, Float64Type::get(t.elementType.getContext())));
      for (int64_t i = 0; i < t.numElements(); ++i)
        wide.set(i, t.get(i));
      ins.push_back(wide);
    }
  }
  SmallVector<Buffer *> args;
  for (HostTensor &t : ins)
    args.push_back(&t);
  for (HostTensor &t : outs)
    args.push_back(&t);
  return invokeEntry(engine, args, llvm::errs());
}

static std::vector<HostTensor> outputsOf(TypeRange types, bool f64) {
  std::vector<HostTensor> outs;
  for (Type t : types) {
    auto tensor = cast<RankedTensorType>(t);
    if (f64)
      tensor = RankedTensorType::get(tensor.getShape(),
                                     Float64Type::get(t.getContext()));
    outs.emplace_back(tensor);
  }
  return outs;
}

/// [n, c, h, w] of the linear index `i` in `shape`.
static std::string formatIndex(ArrayRef<int64_t> shape, int64_t i) {
  SmallVector<int64_t> index(shape.size());
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    index[d] = shape[d] ? i % shape[d] : 0;
    i = shape[d] ? i / shape[d] : 0;
  }
  std::string s = "[";
  for (auto [k, v] : llvm::enumerate(index))
    s += (k ? "," : "") + std::to_string(v);
  return s + "]";
}

static std::string formatLocation(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return formatLocation(name.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    return fused.getLocations().empty()
               ? std::string("?")
               : formatLocation(fused.getLocations().front());
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (llvm::sys::path::filename(file.getFilename().strref()) + ":" +
            Twine(file.getLine()) + ":" + Twine(file.getColumn()))
        .str();
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

static constexpr llvm::StringLiteral kProbePrefix = "fusion.probe.";

/// The probe id of `loc` (a NameLoc "fusion.probe.<id>"), or -1.
static int64_t probeId(Location loc) {
  auto name = dyn_cast<NameLoc>(loc);
  StringRef text = name ? name.getName().strref() : StringRef();
  int64_t id;
  if (!text.consume_front(kProbePrefix) || text.getAsInteger(10, id))
    return -1;
  return id;
}

/// Extends the entries of both modules with one result per fused chain:
/// the chain's output in the fused program and the value it replaced in the
/// reference. Ops of the reference's entry carry "fusion.probe.<id>" names;
/// a fused op's FusedLoc holds those of the ops it replaced, the last of
/// which computed the replaced value.
static std::vector<Probe> addChainProbes(func::FuncOp fusedEntry,
                                         func::FuncOp referenceEntry) {
  std::map<int64_t, Value> referenceValues;
  referenceEntry.walk([&](Operation *op) {
    int64_t id = probeId(op->getLoc());
    if (id >= 0 && op->getNumResults() == 1)
      referenceValues[id] = op->getResult(0);
  });
  // The last op of each fused chain's location holds its result.
  std::map<int64_t, std::pair<Value, Location>> fusedValues;
  for (Operation &op : fusedEntry.getBody().front()) {
    auto loc = dyn_cast<FusedLoc>(op.getLoc());
    if (!loc || op.getNumResults() != 1 ||
        !isa<RankedTensorType>(op.getResult(0).getType()))
      continue;
    int64_t last = -1;
    for (Location part : loc.getLocations())
      last = std::max(last, probeId(part));
    if (last >= 0)
      fusedValues.insert_or_assign(
          last, std::make_pair(op.getResult(0), op.getLoc()));
  }
  std::vector<Probe> probes;
  SmallVector<Value> fusedExtra, referenceExtra;
  for (auto &[id, fused] : fusedValues) {
    auto it = referenceValues.find(id);
    if (it == referenceValues.end() ||
        it->second.getType() != fused.first.getType())
      continue;
    fusedExtra.push_back(fused.first);
    referenceExtra.push_back(it->second);
    probes.push_back({0, formatLocation(fused.second)});
  }
  auto extend = [](func::FuncOp entry, ArrayRef<Value> extra) {
    auto ret = cast<func::ReturnOp>(entry.getBody().front().getTerminator());
    unsigned base = ret.getNumOperands();
    SmallVector<Value> operands(ret.getOperands());
    operands.append(extra.begin(), extra.end());
    ret->setOperands(operands);
    SmallVector<Type> results(entry.getFunctionType().getResults());
    for (Value v : extra)
      results.push_back(v.getType());
    entry.setFunctionType(FunctionType::get(
        entry.getContext(), entry.getFunctionType().getInputs(), results));
    return base;
  };
  unsigned base = extend(fusedEntry, fusedExtra);
  extend(referenceEntry, referenceExtra);
  for (auto [i, p] : llvm::enumerate(probes))
    p.index = base + i;
  return probes;
}

/// Names every op with a tensor result in `entry` "fusion.probe.<id>", in
/// program order, keeping its location inside.
static void nameProbes(func::FuncOp entry) {
  int64_t id = 0;
  entry.walk([&](Operation *op) {
    if (op->getNumResults() == 1 &&
        isa<RankedTensorType>(op->getResult(0).getType()) &&
        !op->hasTrait<OpTrait::ConstantLike>())
      op->setLoc(NameLoc::get(
          StringAttr::get(op->getContext(), kProbePrefix + Twine(id++)),
          op->getLoc()));
  });
}

static func::FuncOp findFunction(ModuleOp module, StringRef name) {
  return module.lookupSymbol<func::FuncOp>(name);
}

/// Per fused chain: its output in the program under test against the same
/// value in the reference, over `frameSet`.
static LogicalResult compareChains(ModuleOp original, StringRef entrySym,
                                   ArrayRef<std::vector<HostTensor>> frameSet,
                                   llvm::json::Array &jsonChains) {
  OwningOpRef<ModuleOp> named = original.clone();
  nameProbes(findFunction(*named, entrySym));
  OwningOpRef<ModuleOp> fusedModule = named->clone();
  OwningOpRef<ModuleOp> referenceModule = named->clone();
  if (failed(runFusion(*fusedModule)))
    return failure();
  func::FuncOp fusedEntry = findFunction(*fusedModule, entrySym);
  func::FuncOp referenceEntry = findFunction(*referenceModule, entrySym);
  std::vector<Probe> probes = addChainProbes(fusedEntry, referenceEntry);
  if (probes.empty()) {
    llvm::outs() << "per fused chain: no chain of the model was fused here "
                    "(fused ops written by hand are compared as the model)\n";
    return success();
  }
  FunctionType type = fusedEntry.getFunctionType();
  if (failed(addEntryWrapper(*fusedModule, fusedEntry)) ||
      failed(addEntryWrapper(*referenceModule, referenceEntry)))
    return failure();
  TimingScope untimed;
  Compiled fused =
      compile(*fusedModule, Kind::Candidate, untimed, /*fused=*/true);
  Compiled reference = compile(*referenceModule, Kind::Reference, untimed);
  if (!fused.engine || !reference.engine)
    return failure();
  std::vector<Comparison> stats(probes.size());
  for (const std::vector<HostTensor> &frame : frameSet) {
    std::vector<HostTensor> refOuts = outputsOf(type.getResults(), false);
    std::vector<HostTensor> gotOuts = outputsOf(type.getResults(), false);
    if (failed(runOn(*reference.engine, frame, refOuts)) ||
        failed(runOn(*fused.engine, frame, gotOuts)))
      return failure();
    for (auto [k, p] : llvm::enumerate(probes))
      stats[k].add(refOuts[p.index], gotOuts[p.index], relTolerance,
                   absTolerance);
  }
  llvm::outs() << "per fused chain, " << frameSet.size()
               << " frames, in program order:\n";
  llvm::outs() << llvm::formatv("{0,-6} {1,-28} {2,-11} {3,-11} {4}\n", "chain",
                                "conv", "max_abs", "max_rel", "check");
  std::optional<size_t> first;
  for (auto [k, p] : llvm::enumerate(probes)) {
    bool ok = stats[k].violations == 0;
    if (!ok && !first)
      first = k;
    llvm::outs() << llvm::formatv("{0,-6} {1,-28} {2,-11:e2} {3,-11:e2} {4}\n",
                                  k, p.where, stats[k].maxAbs, stats[k].maxRel,
                                  ok ? "ok" : "DIVERGES");
    jsonChains.push_back(llvm::json::Object{{"conv", p.where},
                                            {"max_abs", stats[k].maxAbs},
                                            {"max_rel", stats[k].maxRel},
                                            {"pass", ok}});
  }
  if (first)
    llvm::outs() << "first diverging chain: " << *first << " at "
                 << probes[*first].where << "\n";
  else
    llvm::outs() << "no fused chain diverges\n";
  return success();
}

/// Every frame to run: those read from --inputs, then the random ones.
static FailureOr<std::vector<std::vector<HostTensor>>>
makeFrames(FunctionType type) {
  std::vector<std::vector<HostTensor>> all;
  if (!inputFiles.empty()) {
    if (inputFiles.size() != type.getNumInputs()) {
      llvm::errs() << "fusion-verify: --inputs names " << inputFiles.size()
                   << " files for " << type.getNumInputs() << " inputs\n";
      return failure();
    }
    std::vector<std::vector<HostTensor>> perInput;
    for (auto [path, t] : llvm::zip_equal(inputFiles, type.getInputs())) {
      auto read = readNpyFrames(path, cast<RankedTensorType>(t), llvm::errs());
      if (failed(read))
        return failure();
      perInput.push_back(std::move(*read));
    }
    size_t count = perInput.front().size();
    for (auto &f : perInput)
      if (f.size() != count) {
        llvm::errs() << "fusion-verify: the --inputs files hold different "
                        "numbers of frames\n";
        return failure();
      }
    for (size_t f = 0; f < count; ++f) {
      std::vector<HostTensor> frame;
      for (auto &inputs : perInput)
        frame.push_back(inputs[f]);
      all.push_back(std::move(frame));
    }
  }
  unsigned random = frames;
  if (!inputFiles.empty() && frames.getNumOccurrences() == 0)
    random = 0;
  for (unsigned f = 0; f < random; ++f) {
    std::mt19937_64 rng(seed + f);
    std::vector<HostTensor> frame = makeTensors(type.getInputs());
    for (HostTensor &t : frame)
      t.fillNormal(rng);
    all.push_back(std::move(frame));
  }
  if (all.empty()) {
    llvm::errs() << "fusion-verify: no frames to run\n";
    return failure();
  }
  return all;
}

/// The default rtol for outputs of `elementType`: 1e-5 for f32; 8
/// unit roundoffs of a half type (3.9e-3 for f16, 3.1e-2 for bf16), whose
/// unfused reference rounds every op's result to that type where the fused
/// program rounds once per chain.
static double defaultTolerance(Type elementType) {
  return std::max(1e-5, 8.0 * unitRoundoff(elementType));
}

/// The relative error one product of `policy` may carry, as a unit
/// roundoff (Runtime/PrecisionTolerance.h, shared with fusion-gpu-run).
static double precisionRoundoff(fusion::Precision policy) {
  return fusion::precisionRoundoff(fusion::stringifyPrecision(policy))
      .value_or(0.0);
}

/// The entry's narrowest float result type (the one with the largest unit
/// roundoff); f32 when it has none.
static Type narrowestResultType(FunctionType type) {
  Type narrowest = Float32Type::get(type.getContext());
  for (Type result : type.getResults()) {
    Type element = getElementTypeOrSelf(result);
    if (isa<FloatType>(element) &&
        unitRoundoff(element) > unitRoundoff(narrowest))
      narrowest = element;
  }
  return narrowest;
}

/// Rejects tolerances that make every comparison pass (NaN) or none
/// (negative), before anything is compiled.
static bool checkToleranceOptions() {
  for (auto [name, value] :
       {std::make_pair("rtol", relTolerance.getValue()),
        std::make_pair("atol", absTolerance.getValue()),
        std::make_pair("f32-noise", f32Noise.getValue()),
        std::make_pair("max-memory-gib", maxMemoryGiB.getValue())})
    if (!std::isfinite(value) || value < 0.0) {
      llvm::errs() << "fusion-verify: --" << name << "="
                   << llvm::format("%g", value)
                   << " is not a finite number >= 0\n";
      return false;
    }
  return true;
}

/// How many bytes of outputs the three programs may hold for frames not yet
/// compared: the fastest program runs this far ahead of the slowest.
static constexpr size_t kOutputBytesInFlight = size_t(256) << 20;

/// The bytes of one frame's outputs in the three programs (the f64 model's
/// in f64; each f32 program's counted at 8 bytes per element too, an upper
/// bound); 0 for dynamic shapes.
static size_t outputBytesPerFrame(FunctionType type) {
  size_t bytes = 0;
  for (Type t : type.getResults())
    if (auto shaped = dyn_cast<ShapedType>(t);
        shaped && shaped.hasStaticShape())
      bytes += 3 * 8 * size_t(shaped.getNumElements());
  return bytes;
}

/// A model with nothing to feed or nothing to compare is no check, and one
/// whose frames do not fit in memory would abort in the allocator: both are
/// refused with the numbers.
static bool checkEntrySignature(FunctionType type, unsigned frameCount) {
  if (type.getNumInputs() == 0 || type.getNumResults() == 0) {
    llvm::errs() << "fusion-verify: the entry function has "
                 << type.getNumInputs() << " inputs and "
                 << type.getNumResults()
                 << " results; a check needs at least one of each\n";
    return false;
  }
  constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
  auto bytesOf = [](Type t, unsigned elementBytes) {
    auto shaped = dyn_cast<ShapedType>(t);
    if (!shaped || !shaped.hasStaticShape())
      return 0.0;
    double n = elementBytes;
    for (int64_t d : shaped.getShape())
      n *= double(d);
    return n;
  };
  double total = 0.0;
  for (auto [i, t] : llvm::enumerate(type.getInputs())) {
    double bytes = bytesOf(t, 4);
    if (bytes / kGiB > maxMemoryGiB) {
      llvm::errs() << "fusion-verify: input " << i << " (" << t << ") needs "
                   << llvm::formatv("{0:f1}", bytes / kGiB)
                   << " GiB per frame, over --max-memory-gib="
                   << llvm::format("%g", maxMemoryGiB.getValue()) << "\n";
      return false;
    }
    total += bytes * std::max(frameCount, 1u);
  }
  // The outputs of the frames in flight: three copies of each (reference,
  // checked, f64), at most kOutputBytesInFlight and at least one frame's.
  double perFrame = double(outputBytesPerFrame(type));
  total += std::max(std::min(perFrame * std::max(frameCount, 1u),
                             double(kOutputBytesInFlight)),
                    perFrame);
  if (total / kGiB > maxMemoryGiB) {
    llvm::errs() << "fusion-verify: " << frameCount << " frames and their "
                 << "outputs need " << llvm::format("%.3g", total / kGiB)
                 << " GiB, over --max-memory-gib="
                 << llvm::format("%g", maxMemoryGiB.getValue())
                 << " (run fewer --frames)\n";
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  registerDefaultTimingManagerCLOptions();
  cl::HideUnrelatedOptions(toolOptions);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fusion-verify: a fused (or unfused) program against an independent "
      "reference and an f64 evaluation of the model, on random or given "
      "frames\n");
  if (!checkToleranceOptions())
    return 2;
  if (f32Noise.getNumOccurrences() && f32Noise > 0 && !checkF64) {
    llvm::errs() << "fusion-verify: --f32-noise needs the f64 check "
                    "(--f64)\n";
    return 2;
  }
  if (f32Noise.getNumOccurrences() && f32Noise > 0 && bound == Bound::Strict) {
    llvm::errs() << "fusion-verify: --f32-noise is the factor of "
                    "--bound=f64-grounded; --bound=strict takes none\n";
    return 2;
  }
  // --mlir-timing (hidden): where the time goes, per program: its passes,
  // its JIT compile, its runs.
  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope rootTiming = timingManager.getRootScope();
  TimingScope loadTiming = rootTiming.nest("load the model");
  LoadedModel model(inputFile, entryName, llvm::errs());
  loadTiming.stop();
  if (!model.ok())
    return 2;
  ModuleOp original = model.getModule();
  func::FuncOp entry = model.getEntry();
  FunctionType type = entry.getFunctionType();
  if (!checkEntrySignature(type,
                           inputFiles.empty() || frames.getNumOccurrences()
                               ? frames.getValue()
                               : 1u))
    return 2;
  std::string entrySym = entry.getSymName().str();
  // Tolerances the user did not set follow the outputs' type.
  Type outputType = narrowestResultType(type);
  // The precision policy widens both: rtol to 8 of its unit roundoffs, the
  // noise bound by its roundoff over f32's (the checked program's products
  // err that much more than the f32 reference's).
  // A configuration written in the entry may ask for a looser policy than
  // --precision: the checked program follows it, so the tolerance does.
  fusion::Precision policy = precision;
  int64_t configuredOps = 0;
  entry.walk([&](Operation *op) {
    auto config =
        op->getAttrOfType<fusion::LoweringConfigAttr>("lowering_config");
    if (!config || !isa<fusion::ConvBiasActOp, fusion::ConvBnActOp>(op) ||
        config.getPrecision() == fusion::Precision::fp32)
      return;
    ++configuredOps;
    if (policy == fusion::Precision::fp32 ||
        precisionRoundoff(config.getPrecision()) > precisionRoundoff(policy))
      policy = config.getPrecision();
  });
  double policyRoundoff = precisionRoundoff(policy);
  double noiseWidening = fusion::policyNoiseWidening(policyRoundoff);
  if (!relTolerance.getNumOccurrences())
    relTolerance = fusion::policyRelTolerance(defaultTolerance(outputType),
                                              policyRoundoff);
  double noiseCap = noiseScaleCap(outputType);
  std::string typeName;
  llvm::raw_string_ostream(typeName) << outputType;

  auto build = [&](Kind kind) {
    TimingScope buildTiming = rootTiming.nest(
        kind == Kind::Reference   ? "compile the reference"
        : kind == Kind::Candidate ? "compile the checked program"
                                  : "compile the f64 model");
    OwningOpRef<ModuleOp> module = original.clone();
    Compiled compiled;
    if (succeeded(addEntryWrapper(*module, findFunction(*module, entrySym))))
      compiled = compile(*module, kind, buildTiming);
    return compiled;
  };

  FailureOr<std::vector<std::vector<HostTensor>>> frameSet = makeFrames(type);
  if (failed(frameSet))
    return 2;
  size_t outputs = type.getNumResults();
  size_t frameCount = frameSet->size();

  // The three programs are independent: each is cloned from the model,
  // lowered by its own pass manager and JIT-compiled into its own LLVM
  // context, so they are built and run on threads of their own (the MLIR
  // context is shared; every dialect is loaded before, in LoadedModel). The
  // scheduler keeps the cores busy across compiles and frames; each program's
  // outputs for a frame go to a slot of a ring of `window` frames.
  unsigned parallel =
      jobs ? jobs.getValue()
           : std::min(3u, llvm::hardware_concurrency().compute_thread_count());
  size_t window = std::clamp<size_t>(
      kOutputBytesInFlight / std::max<size_t>(outputBytesPerFrame(type), 1), 1,
      frameCount);
  Compiled reference, candidate, wide;
  // Per program and ring slot, the outputs of one frame.
  std::vector<std::vector<HostTensor>> refRing(window), gotRing(window),
      wideRing(window);
  for (size_t s = 0; s < window; ++s) {
    refRing[s] = outputsOf(type.getResults(), false);
    gotRing[s] = outputsOf(type.getResults(), false);
    wideRing[s] = outputsOf(type.getResults(), true);
  }
  auto timed = [&](StringRef name, auto run) {
    TimingScope runTiming = rootTiming.nest(name);
    return run();
  };
  // Each f32 program must give the same bits twice on the first frame, or no
  // comparison means anything (a program writing into its own constants
  // would not).
  auto sameBitsTwice = [&](ExecutionEngine &engine, size_t f,
                           const std::vector<HostTensor> &outs,
                           StringRef name) {
    std::vector<HostTensor> again = outputsOf(type.getResults(), false);
    if (failed(runOn(engine, (*frameSet)[f], again)))
      return false;
    for (auto [a, b] : llvm::zip_equal(outs, again))
      if (a.data != b.data) {
        llvm::errs() << "fusion-verify: the " << name
                     << " program gives different results on the same "
                        "frame; nothing can be compared\n";
        return false;
      }
    return true;
  };
  fusion_verify::ProgramScheduler scheduler(parallel, frameCount, window);
  // An f32 program: built into `slot`, each frame's outputs into its ring,
  // the first frame run twice.
  auto f32Program = [&](Compiled &slot, Kind kind,
                        std::vector<std::vector<HostTensor>> &ring,
                        StringRef runName, StringRef name) {
    return fusion_verify::ProgramScheduler::Program{
        [&slot, kind, &build] { return bool((slot = build(kind)).engine); },
        [&slot, &ring, &timed, &sameBitsTwice, &frameSet, window, runName,
         name](size_t f) {
          std::vector<HostTensor> &outs = ring[f % window];
          return timed(runName,
                       [&] {
                         return succeeded(
                             runOn(*slot.engine, (*frameSet)[f], outs));
                       }) &&
                 (f || sameBitsTwice(*slot.engine, f, outs, name));
        }};
  };
  scheduler.add(f32Program(candidate, Kind::Candidate, gotRing,
                           "run the checked program", "checked"));
  if (checkF64)
    scheduler.add({[&] { return bool((wide = build(Kind::Float64)).engine); },
                   [&](size_t f) {
                     return timed("run the f64 model", [&] {
                       return succeeded(runOn(*wide.engine, (*frameSet)[f],
                                              wideRing[f % window],
                                              /*widen=*/true));
                     });
                   }});
  scheduler.add(f32Program(reference, Kind::Reference, refRing,
                           "run the reference", "reference"));
  scheduler.start();

  std::vector<Comparison> stats(outputs), wideStats(outputs),
      referenceWideStats(outputs);
  std::vector<std::vector<HostTensor>> written(outputs);
  auto start = std::chrono::steady_clock::now();
  for (size_t f = 0; f < frameCount; ++f) {
    if (!scheduler.waitForFrame(f))
      return 2;
    const std::vector<HostTensor> &refOuts = refRing[f % window];
    const std::vector<HostTensor> &gotOuts = gotRing[f % window];
    const std::vector<HostTensor> &wideOuts = wideRing[f % window];
    if (!writeOutputs.empty() || !expectedFiles.empty())
      for (size_t o = 0; o < outputs; ++o)
        written[o].push_back(gotOuts[o]);
    for (size_t o = 0; o < outputs; ++o) {
      stats[o].add(refOuts[o], gotOuts[o], relTolerance, absTolerance);
      if (checkF64) {
        wideStats[o].add(wideOuts[o], gotOuts[o], relTolerance, absTolerance);
        referenceWideStats[o].add(wideOuts[o], refOuts[o], relTolerance,
                                  absTolerance);
      }
    }
    scheduler.consume(f);
    size_t done = f + 1;
    if (frameCount >= 20 && done % std::max<size_t>(frameCount / 4, 1) == 0 &&
        done != frameCount) {
      double seconds = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - start)
                           .count();
      llvm::errs() << llvm::formatv("fusion-verify: {0}/{1} frames, {2:f1} s\n",
                                    done, frameCount, seconds);
    }
  }
  scheduler.join();
  for (size_t o = 0; o < written.size() && !writeOutputs.empty(); ++o)
    if (failed(writeNpyFrames(writeOutputs + std::to_string(o) + ".npy",
                              written[o], llvm::errs())))
      return 2;

  // Which bound applies, and why: the f64-grounded one needs the f64
  // evaluation and a nonzero factor.
  bool grounded = bound == Bound::F64Grounded && checkF64 && f32Noise > 0;
  std::string strictReason =
      bound == Bound::Strict ? "--bound=strict"
      : !checkF64 ? "no f64 evaluation (--f64=false) to tell f32 rounding "
                    "from error"
                  : "--f32-noise=0";
  // The tolerance f32 itself allows on output `o`: the reference's distance
  // from the f64 model, scaled; none where that distance is no rounding.
  // Rounding, not an error both programs share, when the reference or the
  // checked program stays within the cap of the f64 model: a half model's
  // reference (rounded at every op) may miss by more than its fused program
  // (f32 inside each chain), and an error the two share makes both miss.
  auto referenceIsNoise = [&](size_t o) {
    return std::min(referenceWideStats[o].maxAbs, wideStats[o].maxAbs) <=
           noiseCap * referenceWideStats[o].maxReference;
  };
  auto noiseBound = [&](size_t o) {
    return grounded && referenceIsNoise(o)
               ? absTolerance +
                     f32Noise * noiseWidening * referenceWideStats[o].maxAbs
               : -1.0;
  };
  auto within = [&](const Comparison &c, size_t o) {
    return c.violations == 0 || c.maxAbs <= noiseBound(o);
  };

  llvm::outs() << "fusion-verify: @" << entrySym << ", " << programName()
               << " vs reference, " << frameSet->size() << " frames, seed "
               << seed << ", rtol " << relTolerance << ", atol " << absTolerance
               << ", fused ops " << candidate.fusedOps << ", fused decodes "
               << candidate.decodes << "\n";
  if (policy != fusion::Precision::fp32) {
    llvm::outs() << "precision: " << fusion::stringifyPrecision(policy)
                 << " (products with unit roundoff "
                 << llvm::formatv("{0:e2}", policyRoundoff)
                 << "; rtol from it unless given, noise bound x "
                 << static_cast<int64_t>(noiseWidening) << ")";
    if (configuredOps)
      llvm::outs() << "; " << configuredOps
                   << " fused op(s) set a tensor-core precision in the IR";
    llvm::outs() << "\n";
  }
  llvm::outs() << llvm::formatv("{0,-7} {1,-18} {2,-11} {3,-11} {4,-11} {5}\n",
                                "output", "shape", "max_abs", "max_rel",
                                "mean_rel", "worst");
  bool pass = true, widePass = true;
  llvm::json::Array jsonOutputs;
  for (size_t o = 0; o < outputs; ++o) {
    auto shape = cast<RankedTensorType>(type.getResult(o)).getShape();
    const Comparison &c = stats[o];
    llvm::outs() << llvm::formatv(
        "{0,-7} {1,-18} {2,-11:e2} {3,-11:e2} {4,-11:e2} {5}\n", o,
        formatShape(shape), c.maxAbs, c.maxRel, c.meanRel(),
        formatIndex(shape, c.worst));
    pass &= within(c, o);
    llvm::json::Object out{
        {"index", int64_t(o)},       {"shape", formatShape(shape)},
        {"max_abs", c.maxAbs},       {"max_rel", c.maxRel},
        {"mean_rel", c.meanRel()},   {"worst", formatIndex(shape, c.worst)},
        {"violations", c.violations}};
    if (checkF64) {
      widePass &= within(wideStats[o], o);
      out["f64_max_abs"] = wideStats[o].maxAbs;
      out["f64_max_rel"] = wideStats[o].maxRel;
      out["reference_f64_max_abs"] = referenceWideStats[o].maxAbs;
      out["f64_violations"] = wideStats[o].violations;
    }
    jsonOutputs.push_back(std::move(out));
  }
  if (checkF64) {
    llvm::outs() << "against the model in f64 (max_abs of the checked "
                    "program, of the "
                 << outputType << " reference):";
    for (size_t o = 0; o < outputs; ++o)
      llvm::outs() << llvm::formatv(" {0}: {1:e2}, {2:e2}", o,
                                    wideStats[o].maxAbs,
                                    referenceWideStats[o].maxAbs);
    llvm::outs() << (widePass ? " PASS" : " FAIL") << "\n";
  }
  if (grounded) {
    llvm::outs() << "bound: f64-grounded (default; --bound=strict for the "
                    "tolerance alone): an output passes with every element "
                    "within atol + rtol x |ref|, or with its max_abs within "
                    "the "
                 << outputType << " noise bound\n";
    llvm::outs() << outputType << " noise bound (atol + " << f32Noise.getValue()
                 << (noiseWidening > 1.0
                         ? " x " + std::to_string(int64_t(noiseWidening))
                         : std::string())
                 << " x the reference's error against f64):";
    for (size_t o = 0; o < outputs; ++o) {
      if (referenceIsNoise(o)) {
        llvm::outs() << llvm::formatv(" {0}: {1:e2}", o, noiseBound(o));
        continue;
      }
      llvm::outs() << llvm::formatv(
          " {0}: none (the {4} reference and the checked program miss the "
          "model in f64 by {1:e2} and {5:e2}, both over {2:e0} x the "
          "output's scale {3:e2}: not rounding, so the strict bound)",
          o, referenceWideStats[o].maxAbs, noiseCap,
          referenceWideStats[o].maxReference, typeName, wideStats[o].maxAbs);
    }
    llvm::outs() << "; against another engine, plus the program's own "
                    "error against f64\n";
  } else {
    llvm::outs() << "bound: strict (" << strictReason
                 << "): every element within atol + rtol x |ref|\n";
  }

  // Another engine's outputs on the same frames.
  bool expectedPass = true;
  llvm::json::Array jsonExpected;
  if (expectedFiles.size() % std::max<size_t>(outputs, 1) != 0) {
    llvm::errs() << "fusion-verify: --expected names " << expectedFiles.size()
                 << " files, not a multiple of the " << outputs << " outputs\n";
    return 2;
  }
  for (size_t k = 0; k < expectedFiles.size(); ++k) {
    size_t o = k % outputs;
    auto outType = cast<RankedTensorType>(type.getResult(o));
    FailureOr<std::vector<HostTensor>> expected =
        readNpyFrames(expectedFiles[k], outType, llvm::errs(), "output");
    if (failed(expected))
      return 2;
    if (expected->size() != written[o].size()) {
      llvm::errs() << expectedFiles[k] << ": holds " << expected->size()
                   << " frames, the check ran " << written[o].size() << "\n";
      return 2;
    }
    Comparison c;
    for (auto [want, got] : llvm::zip_equal(*expected, written[o]))
      c.add(want, got, relTolerance, absTolerance);
    // Two f32 programs each miss the f64 model by their own noise: ours is
    // measured, the other engine's is taken as the reference's, scaled.
    bool agrees =
        c.violations == 0 ||
        (noiseBound(o) >= 0 && c.maxAbs <= noiseBound(o) + wideStats[o].maxAbs);
    expectedPass &= agrees;
    std::string name = llvm::sys::path::filename(expectedFiles[k]).str();
    llvm::outs() << llvm::formatv(
        "against {0}: max_abs {1:e2}, max_rel {2:e2}, worst {3} {4}\n", name,
        c.maxAbs, c.maxRel, formatIndex(outType.getShape(), c.worst),
        agrees ? "PASS" : "FAIL");
    jsonExpected.push_back(llvm::json::Object{{"file", name},
                                              {"index", int64_t(o)},
                                              {"max_abs", c.maxAbs},
                                              {"max_rel", c.maxRel},
                                              {"violations", c.violations}});
  }

  llvm::json::Array jsonChains;
  if ((perChain || !pass) && program == Program::Fused &&
      failed(compareChains(original, entrySym, *frameSet, jsonChains)))
    llvm::errs() << "fusion-verify: could not compare per chain\n";

  bool ok = pass && widePass && expectedPass;
  llvm::outs() << (ok ? "PASS" : "FAIL") << "\n";
  if (!jsonFile.empty()) {
    llvm::json::Object root{
        {"entry", entrySym},
        {"program", programName()},
        {"frames", int64_t(frameSet->size())},
        {"seed", int64_t(seed)},
        {"rtol", relTolerance.getValue()},
        {"atol", absTolerance.getValue()},
        {"bound", grounded ? "f64-grounded" : "strict"},
        {"precision", fusion::stringifyPrecision(policy).str()},
        {"f32_noise", grounded ? f32Noise.getValue() : 0.0},
        {"fused_ops", candidate.fusedOps},
        {"fused_decodes", candidate.decodes},
        {"outputs", std::move(jsonOutputs)},
        {"chains", std::move(jsonChains)},
        {"expected", std::move(jsonExpected)},
        {"pass", ok}};
    std::error_code ec;
    llvm::raw_fd_ostream file(jsonFile, ec);
    if (ec) {
      llvm::errs() << "fusion-verify: cannot write " << jsonFile << ": "
                   << ec.message() << "\n";
      return 2;
    }
    file << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  }
  return ok ? 0 : 1;
}

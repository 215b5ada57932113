//===- fusion-verify.cpp - fused vs unfused parity on random frames -------===//
///
/// Compiles a model twice for the host, unfused (the baseline) and through
/// the fusion passes, runs both on the same seeded random frames, and
/// compares every output element: |fused - unfused| <= absTolerance + relTolerance*|unfused|.
/// Exits 1 when any element is outside the tolerance, so lit and CI can use
/// it as a gate.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <random>

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model.mlir>"),
                                      cl::Required);
static cl::opt<unsigned> frames("frames", cl::desc("Random frames to run"),
                                cl::init(200));
static cl::opt<unsigned> seed("seed", cl::desc("Seed of the first frame"),
                              cl::init(1));
static cl::opt<double> relTolerance("rtol", cl::desc("Relative tolerance"),
                            cl::init(1e-5));
static cl::opt<double> absTolerance("atol", cl::desc("Absolute tolerance"),
                            cl::init(1e-5));
static cl::opt<std::string> entryName(
    "entry", cl::desc("Function to run (default: the first public function "
                      "with a body)"),
    cl::init(""));
static cl::opt<bool> testSkipWeightScaling(
    "test-skip-weight-scaling",
    cl::desc("Test only: use a deliberately wrong fold (filter left "
             "unscaled); the check must fail"),
    cl::init(false), cl::Hidden);

namespace {
/// A host buffer with an MLIR ranked memref descriptor pointing at it.
struct HostTensor {
  SmallVector<int64_t> shape;
  Type elementType;
  std::vector<uint8_t> data;
  std::vector<int64_t> descriptor;

  HostTensor(RankedTensorType type)
      : shape(type.getShape()), elementType(type.getElementType()) {
    int64_t n = type.getNumElements();
    data.assign(n * (elementType.getIntOrFloatBitWidth() / 8), 0);
    int64_t rank = shape.size();
    descriptor.assign(3 + 2 * rank, 0);
    rebind();
    int64_t stride = 1;
    for (int64_t d = rank - 1; d >= 0; --d) {
      descriptor[3 + d] = shape[d];
      descriptor[3 + rank + d] = stride;
      stride *= shape[d];
    }
  }
  /// Points the descriptor at this object's own buffer (after a copy).
  void rebind() {
    descriptor[0] = reinterpret_cast<int64_t>(data.data());
    descriptor[1] = reinterpret_cast<int64_t>(data.data());
  }
  int64_t size() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  double get(int64_t i) const {
    if (elementType.isF64())
      return reinterpret_cast<const double *>(data.data())[i];
    if (elementType.isF32())
      return reinterpret_cast<const float *>(data.data())[i];
    uint16_t bits = reinterpret_cast<const uint16_t *>(data.data())[i];
    auto ft = cast<FloatType>(elementType);
    return APFloat(ft.getFloatSemantics(), APInt(16, bits)).convertToDouble();
  }
  void set(int64_t i, double v) {
    if (elementType.isF64()) {
      reinterpret_cast<double *>(data.data())[i] = v;
      return;
    }
    if (elementType.isF32()) {
      reinterpret_cast<float *>(data.data())[i] = float(v);
      return;
    }
    auto ft = cast<FloatType>(elementType);
    APFloat f(v);
    bool losesInfo;
    f.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &losesInfo);
    reinterpret_cast<uint16_t *>(data.data())[i] =
        uint16_t(f.bitcastToAPInt().getZExtValue());
  }
};

struct Comparison {
  double maxAbs = 0, maxRel = 0, sumRel = 0;
  int64_t count = 0, worst = -1, violations = 0;
};
} // namespace

static constexpr llvm::StringLiteral kWrapperName = "__fusion_verify_entry";

/// Adds a wrapper taking every input and output as a memref, so the host
/// calls one C-interface function whatever the model's signature.
static LogicalResult addEntryWrapper(ModuleOp module, func::FuncOp entry) {
  std::string text;
  llvm::raw_string_ostream os(text);
  FunctionType type = entry.getFunctionType();
  auto memrefOf = [](Type t) {
    auto tensor = cast<RankedTensorType>(t);
    return MemRefType::get(tensor.getShape(), tensor.getElementType());
  };
  // The callee is declared so that the wrapper parses on its own.
  os << "func.func private @" << entry.getSymName() << type << "\n";
  os << "func.func @" << kWrapperName << "(";
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    os << (i ? ", " : "") << "%in" << i << ": " << memrefOf(t);
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    os << (type.getNumInputs() + i ? ", " : "") << "%out" << i << ": "
       << memrefOf(t);
  os << ") attributes {llvm.emit_c_interface} {\n";
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    os << "  %t" << i << " = bufferization.to_tensor %in" << i
       << " restrict : " << memrefOf(t) << " to " << t << "\n";
  os << "  ";
  if (type.getNumResults())
    os << "%r:" << type.getNumResults() << " = ";
  os << "func.call @" << entry.getSymName() << "(";
  for (unsigned i = 0; i < type.getNumInputs(); ++i)
    os << (i ? ", " : "") << "%t" << i;
  os << ") : " << type << "\n";
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    os << "  bufferization.materialize_in_destination %r#" << i
       << " in restrict writable %out" << i << " : (" << t << ", "
       << memrefOf(t) << ") -> ()\n";
  os << "  return\n}\n";
  OwningOpRef<ModuleOp> wrapper =
      parseSourceString<ModuleOp>(os.str(), module.getContext());
  if (!wrapper)
    return failure();
  for (auto f : llvm::make_early_inc_range(wrapper->getOps<func::FuncOp>()))
    if (!f.isDeclaration())
      f->moveBefore(module.getBody(), module.getBody()->end());
  return success();
}

static int64_t countFusedOps(ModuleOp module) {
  int64_t n = 0;
  module.walk([&](Operation *op) {
    n += isa<fusion::ConvBiasActOp, fusion::ConvBnActOp>(op);
  });
  return n;
}

static FailureOr<std::unique_ptr<ExecutionEngine>>
compile(ModuleOp module, bool fuse, int64_t &fusedOps) {
  PassManager fusePm(module.getContext());
  if (fuse) {
    fusePm.addPass(fusion::createFuseChains());
    fusion::FoldBatchNormOptions fold;
    fold.testSkipWeightScaling = testSkipWeightScaling;
    fusePm.addPass(fusion::createFoldBatchNorm(fold));
    if (failed(fusePm.run(module)))
      return failure();
  }
  fusedOps = countFusedOps(module);
  PassManager lowerPm(module.getContext());
  fusion::FusionToCpuOptions options;
  options.fuse = false;
  options.reference = true;
  if (failed(fusion::buildFusionToCpuPipeline(lowerPm, options)) ||
      failed(lowerPm.run(module)))
    return failure();
  std::string utils =
      std::string(FUSION_RUNNER_UTILS_DIR) + "/libmlir_c_runner_utils.so";
  SmallVector<StringRef> libs{utils};
  ExecutionEngineOptions engineOptions;
  engineOptions.sharedLibPaths = libs;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  auto engine = ExecutionEngine::create(module, engineOptions);
  if (!engine) {
    llvm::errs() << "fusion-verify: JIT failed: "
                 << llvm::toString(engine.takeError()) << "\n";
    return failure();
  }
  return std::move(*engine);
}

static LogicalResult run(ExecutionEngine &engine, std::vector<HostTensor> &ins,
                         std::vector<HostTensor> &outs) {
  SmallVector<void *> descriptors, args;
  // Containers copy HostTensors around; point each descriptor at the
  // buffer its tensor owns now.
  for (HostTensor &t : ins) {
    t.rebind();
    descriptors.push_back(t.descriptor.data());
  }
  for (HostTensor &t : outs) {
    t.rebind();
    descriptors.push_back(t.descriptor.data());
  }
  for (void *&d : descriptors)
    args.push_back(&d);
  std::string name = ("_mlir_ciface_" + kWrapperName).str();
  if (llvm::Error err = engine.invokePacked(name, args)) {
    llvm::errs() << "fusion-verify: run failed: "
                 << llvm::toString(std::move(err)) << "\n";
    return failure();
  }
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fusion-verify: fused vs unfused parity of a model on random frames\n");
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  registerAllPasses();
  fusion::registerFusionPasses();

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registry.insert<fusion::FusionDialect>();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "fusion-verify: " << error << "\n";
    return 2;
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  OwningOpRef<ModuleOp> original = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!original)
    return 2;

  func::FuncOp entry;
  original->walk([&](func::FuncOp f) {
    if (entry || f.isDeclaration())
      return;
    if (entryName.empty() ? f.isPublic() : f.getSymName() == entryName)
      entry = f;
  });
  if (!entry) {
    llvm::errs() << "fusion-verify: no entry function"
                 << (entryName.empty() ? "" : " named '" + entryName + "'")
                 << "\n";
    return 2;
  }
  FunctionType type = entry.getFunctionType();
  for (Type t : llvm::concat<const Type>(type.getInputs(), type.getResults())) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor || !tensor.hasStaticShape() ||
        !isa<FloatType>(tensor.getElementType())) {
      llvm::errs() << "fusion-verify: entry @" << entry.getSymName()
                   << " must take and return statically shaped float "
                      "tensors, got "
                   << t << "\n";
      return 2;
    }
  }
  std::string entrySym = entry.getSymName().str();
  if (failed(addEntryWrapper(*original, entry)))
    return 2;

  OwningOpRef<ModuleOp> baselineModule = original->clone();
  OwningOpRef<ModuleOp> fusedModule = original->clone();
  int64_t unfusedOps = 0, fusedOps = 0;
  auto baseline = compile(*baselineModule, /*fuse=*/false, unfusedOps);
  auto fused = compile(*fusedModule, /*fuse=*/true, fusedOps);
  if (failed(baseline) || failed(fused))
    return 2;

  std::vector<HostTensor> ins, refOuts, fusedOuts;
  for (Type t : type.getInputs())
    ins.emplace_back(cast<RankedTensorType>(t));
  for (Type t : type.getResults()) {
    refOuts.emplace_back(cast<RankedTensorType>(t));
    fusedOuts.emplace_back(cast<RankedTensorType>(t));
  }
  std::vector<Comparison> stats(refOuts.size());
  for (unsigned f = 0; f < frames; ++f) {
    std::mt19937_64 rng(seed + f);
    std::normal_distribution<double> normal(0.0, 1.0);
    for (HostTensor &t : ins)
      for (int64_t i = 0; i < t.size(); ++i)
        t.set(i, normal(rng));
    // A compiled function may write into its argument buffers; each run
    // gets its own copy of the frame.
    std::vector<std::vector<uint8_t>> frame;
    for (HostTensor &t : ins)
      frame.push_back(t.data);
    auto restore = [&] {
      for (auto [t, saved] : llvm::zip_equal(ins, frame))
        std::copy(saved.begin(), saved.end(), t.data.begin());
    };
    if (failed(run(**baseline, ins, refOuts)))
      return 2;
    restore();
    if (failed(run(**fused, ins, fusedOuts)))
      return 2;
    restore();
    if (f == 0) {
      // Each program must give the same bits twice, or no comparison means
      // anything (a program writing into its own constants would not).
      for (auto [engine, outs, name] :
           {std::make_tuple(&**baseline, &refOuts, "unfused"),
            std::make_tuple(&**fused, &fusedOuts, "fused")}) {
        std::vector<HostTensor> again = *outs;
        for (HostTensor &t : again)
          t.rebind();
        if (failed(run(*engine, ins, again)))
          return 2;
        restore();
        for (auto [a, b] : llvm::zip_equal(*outs, again))
          if (a.data != b.data) {
            llvm::errs() << "fusion-verify: the " << name
                         << " program gives different results on the same "
                            "frame; nothing can be compared\n";
            return 2;
          }
      }
    }
    for (size_t o = 0; o < refOuts.size(); ++o) {
      Comparison &c = stats[o];
      for (int64_t i = 0; i < refOuts[o].size(); ++i) {
        double r = refOuts[o].get(i), v = fusedOuts[o].get(i);
        double abs = std::fabs(v - r);
        if (std::isnan(r) != std::isnan(v))
          abs = INFINITY;
        else if (std::isnan(r))
          abs = 0.0;
        double rel = abs / std::max(std::fabs(r), 1e-3);
        if (abs > absTolerance + relTolerance * std::fabs(r))
          ++c.violations;
        if (abs > c.maxAbs || c.worst < 0) {
          c.maxAbs = std::max(c.maxAbs, abs);
          if (abs >= c.maxAbs)
            c.worst = i;
        }
        c.maxRel = std::max(c.maxRel, rel);
        c.sumRel += rel;
        ++c.count;
      }
    }
    if (frames >= 50 && (f + 1) % 50 == 0)
      llvm::errs() << "fusion-verify: " << f + 1 << "/" << frames
                   << " frames\n";
  }

  llvm::outs() << "fusion-verify: @" << entrySym << ", " << frames
               << " frames, seed " << seed << ", rtol " << relTolerance << ", atol "
               << absTolerance << ", fused ops " << fusedOps << "\n";
  llvm::outs() << llvm::formatv("{0,-7} {1,-18} {2,-11} {3,-11} {4,-11} {5}\n",
                                "output", "shape", "max_abs", "max_rel",
                                "mean_rel", "worst");
  bool pass = true;
  for (size_t o = 0; o < refOuts.size(); ++o) {
    const Comparison &c = stats[o];
    std::string shape;
    for (auto [i, d] : llvm::enumerate(refOuts[o].shape))
      shape += (i ? "x" : "") + std::to_string(d);
    llvm::outs() << llvm::formatv(
        "{0,-7} {1,-18} {2,-11:e2} {3,-11:e2} {4,-11:e2} {5}\n", o, shape,
        c.maxAbs, c.maxRel, c.count ? c.sumRel / c.count : 0.0,
        c.worst % std::max<int64_t>(refOuts[o].size(), 1));
    pass &= c.violations == 0;
  }
  llvm::outs() << (pass ? "PASS" : "FAIL") << "\n";
  return pass ? 0 : 1;
}

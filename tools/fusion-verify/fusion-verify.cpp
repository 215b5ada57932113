//===- fusion-verify.cpp - fused vs unfused parity on random frames -------===//
///
/// Compiles a model twice for the host: the reference (upstream linalg, no
/// fusion: an implementation independent of ours) and the program under
/// test (fused, or our unfused baseline), runs both on the same seeded
/// random frames, and compares every output element:
/// |got - ref| <= atol + rtol * |ref|. Exits 1 when any element is outside
/// the tolerance, so lit and CI can use it as a gate.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Runner/HostModel.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::fusion::runner;
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
enum class Program { Fused, Unfused };
static cl::opt<Program> program(
    "program", cl::desc("The program checked against the reference"),
    cl::values(clEnumValN(Program::Fused, "fused",
                          "fusion-fuse and fusion-fold-bn (default)"),
               clEnumValN(Program::Unfused, "unfused",
                          "the unfused baseline the benchmarks compare "
                          "against: each conv alone with the fused path's "
                          "codegen")),
    cl::init(Program::Fused));
static cl::opt<bool> testGpuLoopMapping(
    "test-gpu-loop-mapping",
    cl::desc("Test only: run the checked program's loops tiled and mapped "
             "as for the GPU (fusion-to-cpu test-gpu-loop-mapping)"),
    cl::init(false), cl::Hidden);
static cl::opt<bool> testSkipWeightScaling(
    "test-skip-weight-scaling",
    cl::desc("Test only: use a deliberately wrong fold (filter left "
             "unscaled); the check must fail"),
    cl::init(false), cl::Hidden);

static int64_t countFusedOps(ModuleOp module) {
  int64_t n = 0;
  module.walk([&](Operation *op) {
    n += isa<fusion::ConvBiasActOp, fusion::ConvBnActOp>(op);
  });
  return n;
}

/// Lowers `module` for the host and JITs it. The reference runs no fusion
/// pass; the fused program runs them first so that its fused ops can be
/// counted.
static std::unique_ptr<ExecutionEngine> compile(ModuleOp module,
                                                bool reference,
                                                int64_t &fusedOps) {
  fusion::FusionToCpuOptions options;
  options.fuse = false;
  options.reference = reference;
  options.testGpuLoopMapping = testGpuLoopMapping && !reference;
  if (!reference && program == Program::Fused) {
    PassManager fusePm(module.getContext());
    fusePm.addPass(fusion::createFuseChains());
    fusion::FoldBatchNormOptions fold;
    fold.testSkipWeightScaling = testSkipWeightScaling;
    fusePm.addPass(fusion::createFoldBatchNorm(fold));
    if (failed(fusePm.run(module)))
      return nullptr;
  }
  fusedOps = countFusedOps(module);
  PassManager lowerPm(module.getContext());
  if (failed(fusion::buildFusionToCpuPipeline(lowerPm, options)) ||
      failed(lowerPm.run(module)))
    return nullptr;
  std::string utils =
      std::string(FUSION_RUNNER_UTILS_DIR) + "/libmlir_c_runner_utils.so";
  SmallVector<StringRef> libs{utils};
  return createEngine(module, libs, llvm::errs());
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fusion-verify: a fused (or unfused) program against an independent "
      "reference, on random frames\n");
  LoadedModel model(inputFile, entryName, llvm::errs());
  if (!model.ok())
    return 2;
  ModuleOp original = model.getModule();
  func::FuncOp entry = model.getEntry();
  FunctionType type = entry.getFunctionType();
  std::string entrySym = entry.getSymName().str();
  if (failed(addEntryWrapper(original, entry)))
    return 2;

  OwningOpRef<ModuleOp> referenceModule = original.clone();
  OwningOpRef<ModuleOp> candidateModule = original.clone();
  int64_t referenceOps = 0, fusedOps = 0;
  std::unique_ptr<ExecutionEngine> reference =
      compile(*referenceModule, /*reference=*/true, referenceOps);
  std::unique_ptr<ExecutionEngine> candidate =
      compile(*candidateModule, /*reference=*/false, fusedOps);
  if (!reference || !candidate)
    return 2;

  std::vector<HostTensor> ins = makeTensors(type.getInputs());
  std::vector<HostTensor> refOuts = makeTensors(type.getResults());
  std::vector<HostTensor> gotOuts = makeTensors(type.getResults());
  auto run = [&](ExecutionEngine &engine, std::vector<HostTensor> &outs) {
    // A compiled function may write into its argument buffers: each run
    // gets its own copy of the frame.
    std::vector<HostTensor> frame = ins;
    SmallVector<Buffer *> args;
    for (HostTensor &t : frame)
      args.push_back(&t);
    for (HostTensor &t : outs)
      args.push_back(&t);
    return invokeEntry(engine, args, llvm::errs());
  };
  std::vector<Comparison> stats(refOuts.size());
  for (unsigned f = 0; f < frames; ++f) {
    std::mt19937_64 rng(seed + f);
    for (HostTensor &t : ins)
      t.fillNormal(rng);
    if (failed(run(*reference, refOuts)) || failed(run(*candidate, gotOuts)))
      return 2;
    if (f == 0) {
      // Each program must give the same bits twice, or no comparison means
      // anything (a program writing into its own constants would not).
      for (auto [engine, outs, name] :
           {std::make_tuple(reference.get(), &refOuts, "reference"),
            std::make_tuple(candidate.get(), &gotOuts, "checked")}) {
        std::vector<HostTensor> again = *outs;
        if (failed(run(*engine, again)))
          return 2;
        for (auto [a, b] : llvm::zip_equal(*outs, again))
          if (a.data != b.data) {
            llvm::errs() << "fusion-verify: the " << name
                         << " program gives different results on the same "
                            "frame; nothing can be compared\n";
            return 2;
          }
      }
    }
    for (size_t o = 0; o < refOuts.size(); ++o)
      stats[o].add(refOuts[o], gotOuts[o], relTolerance, absTolerance);
    if (frames >= 50 && (f + 1) % 50 == 0)
      llvm::errs() << "fusion-verify: " << f + 1 << "/" << frames
                   << " frames\n";
  }

  llvm::outs() << "fusion-verify: @" << entrySym << ", "
               << (program == Program::Fused ? "fused" : "unfused")
               << " vs reference, " << frames << " frames, seed " << seed
               << ", rtol " << relTolerance << ", atol " << absTolerance
               << ", fused ops " << fusedOps << "\n";
  llvm::outs() << llvm::formatv("{0,-7} {1,-18} {2,-11} {3,-11} {4,-11} {5}\n",
                                "output", "shape", "max_abs", "max_rel",
                                "mean_rel", "worst");
  bool pass = true;
  for (size_t o = 0; o < refOuts.size(); ++o) {
    const Comparison &c = stats[o];
    llvm::outs() << llvm::formatv(
        "{0,-7} {1,-18} {2,-11:e2} {3,-11:e2} {4,-11:e2} {5}\n", o,
        formatShape(refOuts[o].shape), c.maxAbs, c.maxRel, c.meanRel(),
        c.worst);
    pass &= c.violations == 0;
  }
  llvm::outs() << (pass ? "PASS" : "FAIL") << "\n";
  return pass ? 0 : 1;
}

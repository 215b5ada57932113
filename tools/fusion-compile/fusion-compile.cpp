//===- fusion-compile.cpp - a model as a shared library, ahead of time ----===//
///
/// Compiles a model's entry function with `fusion-to-ptx` (GPU: host code
/// plus the kernels' PTX, which the CUDA driver loads when the library is
/// opened) or `fusion-to-cpu`, into a shared library that exports
/// `fusion_entry(void **descriptors)` and `fusion_entry_signature`. The
/// runner (`fusion-gpu-run`) needs no MLIR to load and call it, so the
/// libraries built here run on GPU machines where no MLIR is installed.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Transforms/Passes.h"
#include "FusionDialect/Runner/HostModel.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using namespace mlir::fusion::runner;
namespace cl = llvm::cl;

static cl::OptionCategory toolOptions("fusion-compile options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model.mlir>"),
                                      cl::Required, cl::cat(toolOptions));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::Required,
                                       cl::cat(toolOptions));
enum class Target { Gpu, Cpu };
static cl::opt<Target> target(
    "target", cl::desc("What the library runs on"),
    cl::values(clEnumValN(Target::Gpu, "gpu",
                          "fusion-to-ptx: kernels as PTX, host code that "
                          "launches them (default)"),
               clEnumValN(Target::Cpu, "cpu", "fusion-to-cpu")),
    cl::init(Target::Gpu), cl::cat(toolOptions));
static cl::opt<bool> fuse("fuse",
                          cl::desc("Fuse (false: the unfused baseline, each "
                                   "conv alone with the same codegen)"),
                          cl::init(true), cl::cat(toolOptions));
static cl::opt<bool> reference(
    "reference",
    cl::desc("With --fuse=false: upstream linalg convs, the independent "
             "reference the runner checks against"),
    cl::init(false), cl::cat(toolOptions));
static cl::opt<std::string> chip("chip", cl::desc("GPU target SM"),
                                 cl::init("sm_90"), cl::cat(toolOptions));
static cl::opt<std::string> features("features", cl::desc("PTX features"),
                                     cl::init("+ptx80"), cl::cat(toolOptions));
static cl::opt<int64_t> channelsPerThread(
    "channels-per-thread",
    cl::desc("Most output channels one iteration of a fused loop nest "
             "computes (default: the pipeline's, 4 on the GPU, 8 on the CPU)"),
    cl::init(4), cl::cat(toolOptions));
static cl::opt<int64_t> columnsPerThread(
    "columns-per-thread",
    cl::desc("Most output columns one iteration of a fused loop nest "
             "computes (default: the pipeline's, 4 on the GPU, 32 on the "
             "CPU)"),
    cl::init(4), cl::cat(toolOptions));
static cl::opt<std::string>
    entryName("entry",
              cl::desc("Function to compile (default: the first public "
                       "function with a body)"),
              cl::init(""), cl::cat(toolOptions));
static cl::opt<std::string> hostCpu(
    "mcpu",
    cl::desc("Host CPU the library's code is tuned for; the default runs on "
             "any x86-64 machine of the last decade"),
    cl::init("x86-64-v2"), cl::cat(toolOptions));
static cl::opt<bool> wide(
    "f64",
    cl::desc("With --target=cpu, the program in f64 (fusion-to-cpu f64): "
             "with --fuse=false --reference, the model in f64 that "
             "fusion-gpu-run --f64 checks every program against"),
    cl::init(false), cl::cat(toolOptions));
static cl::opt<int64_t> externalWeights(
    "external-weights",
    cl::desc("Leave float constants of at least this many elements out of "
             "the library (after fusion and folding): its signature lists "
             "them and `fusion_weights` holds their addresses, for a runner "
             "to fill before the first call; 0 (default) keeps them"),
    cl::init(0), cl::cat(toolOptions));
static cl::opt<std::string> ptxas(
    "ptxas",
    cl::desc("ptxas proving each kernel's block within what its register "
             "use allows: 'auto' (default) finds it on PATH or in the CUDA "
             "toolkit, 'off' skips the check, anything else is its path"),
    cl::init("auto"), cl::cat(toolOptions));
static cl::opt<bool> linalgConvs(
    "linalg-convs",
    cl::desc("With --target=cpu, lower fused ops to a linalg named conv plus "
             "an epilogue (fusion-lower-to-linalg): an independent lowering "
             "of the fused program, the reference its GPU build is checked "
             "against when weights are given at run time"),
    cl::init(false), cl::cat(toolOptions));
static cl::opt<bool> testSkipWeightScaling(
    "test-skip-weight-scaling",
    cl::desc("Test only: fold BatchNorm into the bias but not the filter, a "
             "wrong fold that checks must catch"),
    cl::init(false), cl::cat(toolOptions));
static cl::opt<bool> testGpuLoopMapping(
    "test-gpu-loop-mapping",
    cl::desc("Test only, --target=cpu: the GPU's loop nests (tiling, split "
             "reductions) run on the host"),
    cl::init(false), cl::cat(toolOptions));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Any option of the target's pipeline (fusion-to-ptx or "
             "fusion-to-cpu, as `fusion-opt --help` lists them), in that "
             "pipeline's syntax, e.g. \"explain-lowering "
             "merge-min-modules=0\"; parsed by the pipeline itself and "
             "applied after the flags above"),
    cl::init(""), cl::cat(toolOptions));
enum class Emit { Shared, Object, LLVMIR };
static cl::opt<Emit> emit(
    "emit", cl::desc("What to write"),
    cl::values(clEnumValN(Emit::Shared, "so", "a shared library (default)"),
               clEnumValN(Emit::Object, "obj", "an object file"),
               clEnumValN(Emit::LLVMIR, "llvm", "LLVM IR, optimized")),
    cl::init(Emit::Shared), cl::cat(toolOptions));

/// Exit 1: the model was read but could not be compiled (a pass refused
/// it, the linker failed).
static int fail(const llvm::Twine &message) {
  llvm::errs() << "fusion-compile: " << message << "\n";
  return 1;
}

/// Exit 2: bad usage or input (an unreadable model, an unknown chip or CPU,
/// options that do not go together, an output nobody can write).
static int badUsage(const llvm::Twine &message) {
  llvm::errs() << "fusion-compile: " << message << "\n";
  return 2;
}

/// Why `cpu` is no processor of `target`, listing the ones it knows; LLVM
/// itself only warns and then stops with a fatal error of its own.
static std::optional<std::string> explainInvalidHostCpu(
    const llvm::Target &target, const llvm::Triple &triple, StringRef cpu) {
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target.createMCSubtargetInfo(triple, "", ""));
  if (!info || info->isCPUStringValid(cpu))
    return std::nullopt;
  std::string known;
  for (const llvm::SubtargetSubTypeKV &kv :
       info->getAllProcessorDescriptions())
    known += (known.empty() ? "" : ", ") + std::string(kv.Key);
  return "unknown --mcpu '" + cpu.str() + "' for " + triple.str() +
         "; it knows: " + known;
}

/// The output must land in a directory that exists: otherwise the error
/// would name the temporary object file instead.
static std::optional<std::string> explainUnwritableOutput(StringRef path) {
  StringRef dir = llvm::sys::path::parent_path(path);
  if (dir.empty() || llvm::sys::fs::is_directory(dir))
    return std::nullopt;
  return "cannot write " + path.str() + ": the directory " + dir.str() +
         " does not exist";
}

/// The ptxas --ptxas names: "" when the check is off or none is found.
static std::string findPtxas() {
  if (ptxas == "off")
    return "";
  if (ptxas != "auto")
    return ptxas;
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  SmallVector<StringRef> dirs;
  std::string home;
  if (const char *cuda = std::getenv("CUDA_HOME"))
    home = std::string(cuda) + "/bin";
  for (StringRef dir : {StringRef(home), StringRef("/usr/local/cuda/bin")})
    if (!dir.empty())
      if (llvm::ErrorOr<std::string> found =
              llvm::sys::findProgramByName("ptxas", {dir}))
        return *found;
  return "";
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  cl::HideUnrelatedOptions(toolOptions);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fusion-compile: a model as a shared library for fusion-gpu-run\n");
  if (std::optional<std::string> why = explainUnwritableOutput(outputFile))
    return badUsage(*why);
  if (target == Target::Gpu)
    if (std::optional<std::string> why =
            fusion::explainInvalidPtxTarget(chip, features))
      return badUsage(*why);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return fail(error);
  if (std::optional<std::string> why =
          explainInvalidHostCpu(*llvmTarget, triple, hostCpu))
    return badUsage(*why);
  if (linalgConvs && target != Target::Cpu)
    return badUsage("--linalg-convs is a host lowering: it needs "
                    "--target=cpu");
  if (wide && target != Target::Cpu)
    return badUsage("--f64 evaluates the model in f64 on the host: it needs "
                    "--target=cpu");
  if (testGpuLoopMapping && target != Target::Cpu)
    return badUsage("--test-gpu-loop-mapping runs the GPU's loop nests on the "
                    "host: it needs --target=cpu");

  // --mlir-timing: the pipeline's passes and the phases after it.
  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope rootTiming = timing.getRootScope();
  TimingScope parseTiming = rootTiming.nest("parse");
  LoadedModel model(inputFile, entryName, llvm::errs());
  if (!model.ok())
    return 2;
  parseTiming.stop();
  MLIRContext &context = model.getContext();
  ModuleOp module = model.getModule();
  func::FuncOp entry = model.getEntry();
  FunctionType type = entry.getFunctionType();
  privatizeAllBut(module, entry);
  if (failed(addEntryWrapper(module, entry)))
    return fail("cannot add the entry wrapper");

  // Only what the entry calls is compiled.
  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return badUsage("bad pass manager options");
  TimingScope pipelineTiming = rootTiming.nest("pipeline");
  pm.enableTiming(pipelineTiming);
  pm.addPass(createSymbolDCEPass());
  if (wide)
    type = cast<FunctionType>(fusion::widenToF64(type));
  auto common = [&](auto &options) {
    options.fuse = fuse;
    options.reference = reference;
    options.externalWeights = externalWeights;
    options.testSkipWeightScaling = testSkipWeightScaling;
    if (channelsPerThread.getNumOccurrences())
      options.channelsPerThread = channelsPerThread;
    if (columnsPerThread.getNumOccurrences())
      options.columnsPerThread = columnsPerThread;
  };
  LogicalResult built = failure();
  if (target == Target::Gpu) {
    fusion::FusionToPtxOptions options;
    common(options);
    options.chip = chip;
    options.features = features;
    options.ptxas = findPtxas();
    if (failed(options.parseFromString(pipelineOptions)))
      return badUsage("bad --pipeline-options for fusion-to-ptx");
    if (std::optional<std::string> why =
            fusion::explainInvalidPtxOptions(options))
      return badUsage(*why);
    built = fusion::buildFusionToPtxPipeline(pm, options);
  } else {
    fusion::FusionToCpuOptions options;
    common(options);
    options.testGpuLoopMapping = testGpuLoopMapping;
    options.f64 = wide;
    options.linalgConvs = linalgConvs;
    if (failed(options.parseFromString(pipelineOptions)))
      return badUsage("bad --pipeline-options for fusion-to-cpu");
    built = fusion::buildFusionToCpuPipeline(pm, options);
  }
  if (failed(built))
    return fail("an upstream pass is missing from this MLIR build");
  if (failed(pm.run(module)))
    return 1;
  pipelineTiming.stop();
  if (failed(
          addPackedEntry(module, type, target == Target::Gpu ? "gpu" : "cpu")))
    return fail("cannot add the packed entry");

  TimingScope translateTiming = rootTiming.nest("translate to LLVM IR");
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return fail("translation to LLVM IR failed");
  translateTiming.stop();

  // For the GPU the host side only allocates, copies and launches (the
  // kernels were optimized by the NVVM pipeline): O3 on one function holding
  // hundreds of launches took most of a deep network's compile time and
  // bought nothing. For the CPU the host side is the kernels.
  bool hostIsKernels = target == Target::Cpu;
  unsigned hostOptLevel = hostIsKernels ? 3 : 1;
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      triple, hostCpu, "", llvm::TargetOptions(), llvm::Reloc::PIC_,
      std::nullopt,
      hostIsKernels ? llvm::CodeGenOptLevel::Aggressive
                    : llvm::CodeGenOptLevel::Less));
  if (!machine)
    return fail("no target machine for " + triple.str() + " " + hostCpu);
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());
  TimingScope optimizeTiming = rootTiming.nest("optimize (LLVM)");
  if (llvm::Error err =
          makeOptimizingTransformer(hostOptLevel, 0,
                                    machine.get())(llvmModule.get()))
    return fail("optimization failed: " + llvm::toString(std::move(err)));
  optimizeTiming.stop();

  if (emit == Emit::LLVMIR) {
    std::error_code ec;
    llvm::ToolOutputFile out(outputFile, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return fail(outputFile + ": " + ec.message());
    llvmModule->print(out.os(), nullptr);
    out.keep();
    return 0;
  }
  std::string objectPath =
      emit == Emit::Object ? outputFile.getValue() : outputFile + ".o";
  {
    std::error_code ec;
    llvm::ToolOutputFile out(objectPath, ec, llvm::sys::fs::OF_None);
    if (ec)
      return fail(objectPath + ": " + ec.message());
    TimingScope codegenTiming = rootTiming.nest("code generation");
    llvm::legacy::PassManager codegen;
    if (machine->addPassesToEmitFile(codegen, out.os(), nullptr,
                                     llvm::CodeGenFileType::ObjectFile))
      return fail("the target cannot emit object files");
    codegen.run(*llvmModule);
    out.keep();
  }
  if (emit == Emit::Object)
    return 0;

  // Linking needs a system linker driver. The library depends on nothing
  // but libc and libm (strided copies are loops, not runtime calls), so it
  // can be carried to another machine alone.
  llvm::ErrorOr<std::string> linker = llvm::sys::findProgramByName("c++");
  if (!linker)
    linker = llvm::sys::findProgramByName("g++");
  if (!linker)
    return fail("no C++ compiler driver (c++ or g++) on PATH to link with");
  TimingScope linkTiming = rootTiming.nest("link");
  SmallVector<StringRef> args{*linker, "-shared", "-o", outputFile, objectPath};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(*linker, args, std::nullopt, {}, 0, 0,
                                         &message);
  llvm::sys::fs::remove(objectPath);
  if (status != 0)
    return fail("linking failed" + (message.empty() ? "" : ": " + message));
  return 0;
}

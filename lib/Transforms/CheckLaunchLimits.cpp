//===- CheckLaunchLimits.cpp - launches the hardware accepts --------------===//
///
/// A launch outside the device's limits is not an error the compiler sees:
/// `cuLaunchKernel` answers CUDA_ERROR_INVALID_VALUE at run time, after the
/// library was built and shipped. Every launch of our kernels has constant
/// dimensions (static shapes, blocks sized by fusion-map-loops-to-gpu), so
/// the limits can be proven here instead, once per launch, naming the
/// kernel and its dimensions when one is outside them.
///
/// The same pass lists one-thread kernels with the elements they can touch
/// (a serial loop nest the mapping could not spread over threads), and,
/// where ptxas is given and the kernels are PTX already, bounds the block by
/// what the kernel's register use allows.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Runtime/LaunchLimits.h"
#include "FusionDialect/Transforms/Passes.h"
#include "PtxObjects.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_CHECKLAUNCHLIMITS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

/// A launch dimension: its value when constant, or -1 when it depends on a
/// dynamic extent.
static int64_t dimension(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return -1;
}

/// The three dimensions, each as `dimension` reads it.
static LaunchDims dimensions(const gpu::KernelDim3 &d) {
  return {dimension(d.x), dimension(d.y), dimension(d.z)};
}

/// Elements of every buffer the kernel receives: an upper bound on what one
/// thread of a one-thread kernel touches; nullopt when a shape is dynamic
/// or the kernel's body is not here (already assembled).
static std::optional<int64_t> bufferElements(gpu::LaunchFuncOp launch) {
  auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
      launch, launch.getKernel());
  if (!kernel)
    return std::nullopt;
  int64_t total = 0;
  for (Type t : kernel.getArgumentTypes()) {
    auto memref = dyn_cast<MemRefType>(t);
    if (!memref)
      continue;
    if (!memref.hasStaticShape())
      return std::nullopt;
    total += memref.getNumElements();
  }
  return total;
}

/// Registers per thread of each entry ptxas assembled from `ptx`, by name;
/// fails with ptxas's message.
static FailureOr<llvm::StringMap<int64_t>>
registersFromPtxas(StringRef ptxas, StringRef chip, StringRef ptx,
                   std::string &error) {
  SmallString<128> input, log;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("fusion-kernel", "ptx", fd, input) ||
      llvm::sys::fs::createTemporaryFile("fusion-ptxas", "log", log)) {
    error = "cannot create a temporary file for ptxas";
    return failure();
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << ptx;
  }
  std::string gpuName = ("--gpu-name=" + chip).str();
  SmallVector<StringRef> args{ptxas, "-v", gpuName, "-o", "/dev/null", input};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt,
                                         redirects, 0, 0, &message);
  auto text = llvm::MemoryBuffer::getFile(log);
  llvm::sys::fs::remove(input);
  llvm::sys::fs::remove(log);
  if (status != 0 || !text) {
    error = "ptxas failed";
    if (!message.empty())
      error += ": " + message;
    if (text)
      error += ": " + (*text)->getBuffer().trim().str();
    return failure();
  }
  // "Compiling entry function 'name' for 'sm_90'" ... "Used 32 registers".
  llvm::StringMap<int64_t> registers;
  StringRef current;
  SmallVector<StringRef> lines;
  (*text)->getBuffer().split(lines, '\n');
  for (StringRef line : lines) {
    StringRef marker = "entry function '";
    if (size_t at = line.find(marker); at != StringRef::npos) {
      StringRef rest = line.drop_front(at + marker.size());
      current = rest.take_until([](char c) { return c == '\''; });
      continue;
    }
    if (size_t at = line.find("Used "); at != StringRef::npos &&
                                        !current.empty()) {
      int64_t count;
      StringRef rest = line.drop_front(at + 5);
      if (!rest.consumeInteger(10, count) &&
          rest.trim().starts_with("registers"))
        registers[current] = count;
    }
  }
  return registers;
}

namespace {
struct CheckLaunchLimitsPass
    : public mlir::fusion::impl::CheckLaunchLimitsBase<CheckLaunchLimitsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Registers per thread per kernel module and entry, from ptxas.
    llvm::StringMap<llvm::StringMap<int64_t>> registers;
    if (!ptxas.empty()) {
      // Only modules with a launch larger than any register use allows
      // are assembled: one ptxas run per kernel module was most of the
      // compile time of networks with hundreds of small kernels.
      llvm::StringSet<> needRegisters;
      module.walk([&](gpu::LaunchFuncOp launch) {
        LaunchDims block = dimensions(launch.getBlockSizeOperandValues());
        if (block.x < 0 || block.y < 0 || block.z < 0 ||
            block.product() > kThreadsAnyRegisterUseAllows)
          needRegisters.insert(launch.getKernelModuleName().getValue());
      });
      auto assemble = [&](gpu::BinaryOp binary, StringRef ptx) {
        if (!needRegisters.contains(binary.getName()))
          return success();
        std::string error;
        FailureOr<llvm::StringMap<int64_t>> used =
            registersFromPtxas(ptxas, chip, ptx, error);
        // At the binary's location, not on it: the op holds all the PTX.
        if (failed(used))
          return LogicalResult(mlir::emitError(binary.getLoc())
                               << "kernel module '" << binary.getName()
                               << "': " << error);
        registers[binary.getName()] = std::move(*used);
        return success();
      };
      if (failed(forEachPtx(module, assemble)))
        return signalPassFailure();
    }

    bool failedAny = false;
    module.walk([&](gpu::LaunchFuncOp launch) {
      StringRef moduleName = launch.getKernelModuleName().getValue();
      StringRef kernelName = launch.getKernelName().getValue();
      std::string name = (moduleName + "::" + kernelName).str();
      LaunchDims grid = dimensions(launch.getGridSizeOperandValues());
      // As remarks print it: "?" where dynamic.
      auto text = [](int64_t d) {
        return d < 0 ? std::string("?") : std::to_string(d);
      };
      std::string gridText = "(" + text(grid.x) + ", " + text(grid.y) +
                             ", " + text(grid.z) + ")";
      LaunchDims block = dimensions(launch.getBlockSizeOperandValues());
      // Blocks are always tiles of constant size. A grid dimension over a
      // dynamic extent cannot be proven: on x it stays under 2^31 - 1 for
      // any extent under 2^31 (fusion-map-loops-to-gpu puts a dynamic
      // extent there); on y and z, which hold only 65535, the user is told.
      if (block.x < 0 || block.y < 0 || block.z < 0) {
        launch.emitError("kernel ")
            << name << ": its block depends on a dynamic extent, so it "
               "cannot be proven within the hardware's limits";
        failedAny = true;
        return;
      }
      for (auto [value, axis] : {std::make_pair(&grid.y, "y"),
                                 std::make_pair(&grid.z, "z")}) {
        if (*value >= 0)
          continue;
        launch.emitWarning("kernel ")
            << name << ": grid " << axis
            << " depends on a dynamic extent, so it is not proven within "
               "the hardware's "
            << kMaxGridYZ << " blocks; a launch over more fails at run time";
        *value = 1;
      }
      bool dynamicX = grid.x < 0;
      if (dynamicX)
        grid.x = 1;
      int64_t most = kMaxThreadsPerBlock;
      std::optional<int64_t> used;
      if (auto it = registers.find(moduleName); it != registers.end())
        if (auto r = it->second.find(kernelName); r != it->second.end()) {
          used = r->second;
          most = maxThreadsForRegisters(*used);
        }
      if (std::optional<std::string> why =
              launchLimitViolation(grid, block, most)) {
        InFlightDiagnostic diag = launch.emitError("kernel ")
                                  << name << " launched with grid "
                                  << grid.str() << " and block "
                                  << block.str() << ": " << *why;
        if (used)
          diag << " (ptxas: " << *used << " registers per thread)";
        failedAny = true;
        return;
      }
      bool oneThread = gridText == "(1, 1, 1)" && block.product() == 1;
      std::optional<int64_t> elements =
          oneThread ? bufferElements(launch) : std::nullopt;
      if (oneThread && maxOneThreadElements > 0 &&
          (!elements || *elements > maxOneThreadElements)) {
        launch.emitError("kernel ")
            << name << " runs on one thread over "
            << (elements ? std::to_string(*elements) : std::string("an unknown number of"))
            << " elements, more than max-one-thread-elements="
            << static_cast<int64_t>(maxOneThreadElements);
        failedAny = true;
        return;
      }
      if (!explain)
        return;
      InFlightDiagnostic remark = launch.emitRemark("launch ")
                                  << name << " grid " << gridText
                                  << " block " << block.str();
      if (used)
        remark << " registers " << *used;
      if (oneThread)
        remark << " one-thread over "
               << (elements ? std::to_string(*elements) : std::string("?"))
               << " elements";
    });
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace

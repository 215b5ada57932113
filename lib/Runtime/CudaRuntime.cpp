//===- CudaRuntime.cpp - mgpu* on the CUDA driver API, or on the host -----===//
///
/// The driver is opened with dlopen and its entry points looked up by the
/// versioned names cuda.h maps them to, so nothing links against libcuda:
/// the library builds on machines with the toolkit and no driver (CI), and
/// says why it cannot run instead of failing to load.
///
/// Launch timing uses an event pair per launch on the launch's stream; the
/// emitted host code synchronizes its stream before returning, so the
/// events are complete when the runner asks for them.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Runtime/CudaRuntime.h"
#include "FusionDialect/Runtime/LaunchLimits.h"
#include "FusionDialect/Runtime/ResidentConstants.h"

#include <cuda.h>
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>

using namespace fusion::cuda;

#define FUSION_STR(x) #x
#define FUSION_XSTR(x) FUSION_STR(x)

// Every driver entry point the runtime uses. Each name is a macro in cuda.h
// for its current version (cuMemAlloc is cuMemAlloc_v2): the stringized
// expansion is the symbol to look up, and decltype gives its type.
#define FUSION_DRIVER_FUNCTIONS(X)                                             \
  X(cuInit)                                                                    \
  X(cuGetErrorName)                                                            \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadData)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuLaunchKernel)                                                            \
  X(cuStreamCreate)                                                            \
  X(cuStreamDestroy)                                                           \
  X(cuStreamSynchronize)                                                       \
  X(cuStreamWaitEvent)                                                         \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventElapsedTime)                                                        \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemAllocAsync)                                                           \
  X(cuMemFreeAsync)                                                            \
  X(cuMemcpyAsync)                                                             \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemsetD32Async)                                                          \
  X(cuMemsetD16Async)                                                          \
  X(cuStreamBeginCapture)                                                      \
  X(cuStreamEndCapture)                                                        \
  X(cuGraphInstantiate)                                                        \
  X(cuGraphLaunch)                                                             \
  X(cuGraphExecDestroy)                                                        \
  X(cuGraphDestroy)

namespace {
struct Driver {
#define FUSION_DECLARE(name) decltype(&name) name##Fn = nullptr;
  FUSION_DRIVER_FUNCTIONS(FUSION_DECLARE)
#undef FUSION_DECLARE
};

struct TimedLaunch {
  Launch launch;
  CUevent start = nullptr, stop = nullptr;
};

/// All of the runtime's state; the emitted code is single-threaded.
struct Runtime {
  std::mutex mutex;
  bool initialized = false;
  Backend backend = Backend::Device;
  Driver driver;
  CUcontext context = nullptr;
  CUdevice device = 0;
  std::string error;
  bool timing = false;
  std::vector<TimedLaunch> launches;
  std::vector<CUevent> spareEvents;
  std::map<const void *, std::string> kernelNames;
  /// Modules in load order: kernels of different modules may share a name.
  std::map<const void *, int> moduleOrdinals;
  // Simulation: buffers by start address, and what went wrong.
  std::map<uintptr_t, size_t> buffers;
  SimulationCounts counts;
  std::vector<std::unique_ptr<std::string>> simulatedFunctions;
  /// Device copies of host constants, by host address (resident).
  struct Resident {
    void *device;
    size_t bytes;
  };
  std::map<const void *, Resident> resident;
  /// The process is exiting: modules and buffers go with the context, and
  /// the driver may already be shut down.
  bool exiting = false;
  /// The last launch, named in errors the device reports later.
  Launch lastLaunch{};
  bool launched = false;
  /// Test only: fail the launch with this number (1 = the first); 0: none.
  long failLaunch = 0;
  long launchCount = 0;
  /// While a call is captured into a CUDA graph: the capturing stream,
  /// handed out as every stream the emitted code creates.
  CUstream capturing = nullptr;
  bool simulatedCapture = false;
};

/// Never destroyed: library destructors (module unloads) run at exit after
/// static objects are gone.
Runtime &runtime() {
  static Runtime *r = new Runtime;
  return *r;
}

void markExiting() { runtime().exiting = true; }

std::string describeLaunch(const Launch &l) {
  return l.kernel + " with grid (" + std::to_string(l.grid[0]) + ", " +
         std::to_string(l.grid[1]) + ", " + std::to_string(l.grid[2]) +
         ") and block (" + std::to_string(l.block[0]) + ", " +
         std::to_string(l.block[1]) + ", " + std::to_string(l.block[2]) + ")";
}

void recordError(const char *call, CUresult result) {
  Runtime &r = runtime();
  const char *name = nullptr;
  if (r.driver.cuGetErrorNameFn)
    r.driver.cuGetErrorNameFn(result, &name);
  std::string message = std::string(call) + " failed with " +
                        (name ? name : std::to_string(int(result)));
  // Kernels fail asynchronously: a later call reports it.
  if (r.launched)
    message += " (last launch: " + describeLaunch(r.lastLaunch) + ")";
  std::fprintf(stderr, "fusion-cuda-runtime: %s\n", message.c_str());
  if (r.error.empty())
    r.error = message;
}

#define FUSION_CHECK(call)                                                     \
  do {                                                                         \
    CUresult result_ = (call);                                                 \
    if (result_ != CUDA_SUCCESS)                                               \
      recordError(#call, result_);                                             \
  } while (false)

std::string openDriver(Driver &driver) {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
  if (!library) {
    const char *why = dlerror();
    return std::string("cannot load the CUDA driver (libcuda.so.1): ") +
           (why ? why : "unknown reason");
  }
#define FUSION_LOOKUP(name)                                                    \
  driver.name##Fn =                                                            \
      reinterpret_cast<decltype(&name)>(dlsym(library, FUSION_XSTR(name)));    \
  if (!driver.name##Fn)                                                        \
    return std::string("the CUDA driver has no ") + FUSION_XSTR(name) +        \
           " (too old for this runtime)";
  FUSION_DRIVER_FUNCTIONS(FUSION_LOOKUP)
#undef FUSION_LOOKUP
  return "";
}

std::string initializeDevice(Runtime &r, int ordinal) {
  std::string why = openDriver(r.driver);
  if (!why.empty())
    return why;
  Driver &d = r.driver;
  CUresult result = d.cuInitFn(0);
  if (result != CUDA_SUCCESS) {
    const char *name = nullptr;
    d.cuGetErrorNameFn(result, &name);
    return std::string("cuInit failed with ") + (name ? name : "?") +
           " (no usable GPU)";
  }
  int count = 0;
  if (d.cuDeviceGetCountFn(&count) != CUDA_SUCCESS || count == 0)
    return "the CUDA driver sees no GPU";
  if (ordinal >= count)
    return "there is no GPU " + std::to_string(ordinal) + " (" +
           std::to_string(count) + " found)";
  if (d.cuDeviceGetFn(&r.device, ordinal) != CUDA_SUCCESS ||
      d.cuDevicePrimaryCtxRetainFn(&r.context, r.device) != CUDA_SUCCESS ||
      d.cuCtxSetCurrentFn(r.context) != CUDA_SUCCESS)
    return "cannot create a context on GPU " + std::to_string(ordinal);
  return "";
}

/// Makes sure the runtime is up before an mgpu* call from emitted code that
/// a runner did not initialize (e.g. under mlir-runner).
Runtime &ready() {
  Runtime &r = runtime();
  if (!r.initialized) {
    std::string why = initialize(Backend::Device, 0);
    if (!why.empty()) {
      std::fprintf(stderr, "fusion-cuda-runtime: %s\n", why.c_str());
      std::abort();
    }
  }
  return r;
}

bool simulating() { return runtime().backend == Backend::HostSimulation; }

void *simulatedAlloc(size_t bytes) {
  Runtime &r = runtime();
  void *p = std::aligned_alloc(256, ((bytes + 255) / 256) * 256 + 256);
  r.buffers[reinterpret_cast<uintptr_t>(p)] = bytes;
  return p;
}

void simulatedFree(void *p) {
  Runtime &r = runtime();
  auto it = r.buffers.find(reinterpret_cast<uintptr_t>(p));
  if (it == r.buffers.end()) {
    ++r.counts.strayFrees;
    return;
  }
  r.buffers.erase(it);
  std::free(p);
}

/// Whether [p, p + bytes) lies in one buffer of the runtime's.
bool insideBuffer(const void *p, size_t bytes) {
  Runtime &r = runtime();
  uintptr_t at = reinterpret_cast<uintptr_t>(p);
  auto it = r.buffers.upper_bound(at);
  if (it == r.buffers.begin())
    return false;
  --it;
  return at + bytes <= it->first + it->second;
}

CUevent takeEvent(Runtime &r) {
  if (!r.spareEvents.empty()) {
    CUevent e = r.spareEvents.back();
    r.spareEvents.pop_back();
    return e;
  }
  CUevent e = nullptr;
  FUSION_CHECK(r.driver.cuEventCreateFn(&e, CU_EVENT_DEFAULT));
  return e;
}
} // namespace

std::string fusion::cuda::initialize(Backend backend, int ordinal) {
  Runtime &r = runtime();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (r.initialized)
    return "";
  r.backend = backend;
  if (backend == Backend::Device) {
    std::string why = initializeDevice(r, ordinal);
    if (!why.empty())
      return why;
  }
  // Registered after cuInit, so it runs before the driver's own exit
  // handlers and before loaded libraries' destructors unload modules.
  std::atexit(markExiting);
  r.initialized = true;
  return "";
}

std::string fusion::cuda::describeDevice() {
  Runtime &r = runtime();
  if (!r.initialized)
    return "no GPU in use";
  if (simulating())
    return "host simulation (no kernel runs)";
  char name[256] = {0};
  int sms = 0;
  FUSION_CHECK(r.driver.cuDeviceGetNameFn(name, sizeof(name), r.device));
  FUSION_CHECK(r.driver.cuDeviceGetAttributeFn(
      &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, r.device));
  return std::string(name) + ", " + deviceChip() + ", " +
         std::to_string(sms) + " SMs";
}

std::string fusion::cuda::deviceChip() {
  Runtime &r = runtime();
  if (simulating() || !r.initialized)
    return "";
  int major = 0, minor = 0;
  FUSION_CHECK(r.driver.cuDeviceGetAttributeFn(
      &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, r.device));
  FUSION_CHECK(r.driver.cuDeviceGetAttributeFn(
      &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, r.device));
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

std::string fusion::cuda::takeError() {
  std::string e;
  std::swap(e, runtime().error);
  return e;
}

void *fusion::cuda::allocate(size_t bytes) {
  Runtime &r = ready();
  if (simulating())
    return simulatedAlloc(bytes);
  CUdeviceptr p = 0;
  FUSION_CHECK(r.driver.cuMemAllocFn(&p, bytes ? bytes : 1));
  return reinterpret_cast<void *>(p);
}

void fusion::cuda::release(void *pointer) {
  Runtime &r = ready();
  if (simulating())
    return simulatedFree(pointer);
  FUSION_CHECK(r.driver.cuMemFreeFn(reinterpret_cast<CUdeviceptr>(pointer)));
}

void fusion::cuda::copyToDevice(void *device, const void *host, size_t bytes) {
  Runtime &r = ready();
  if (simulating()) {
    std::memcpy(device, host, bytes);
    return;
  }
  FUSION_CHECK(r.driver.cuMemcpyHtoDFn(reinterpret_cast<CUdeviceptr>(device),
                                       host, bytes));
}

void fusion::cuda::copyToHost(void *host, const void *device, size_t bytes) {
  Runtime &r = ready();
  if (simulating()) {
    std::memcpy(host, device, bytes);
    return;
  }
  FUSION_CHECK(r.driver.cuMemcpyDtoHFn(
      host, reinterpret_cast<CUdeviceptr>(device), bytes));
}

void fusion::cuda::synchronize() {
  Runtime &r = ready();
  if (!simulating())
    FUSION_CHECK(r.driver.cuCtxSynchronizeFn());
}

void fusion::cuda::setTiming(bool on) { runtime().timing = on; }

std::vector<Launch> fusion::cuda::takeLaunches() {
  Runtime &r = runtime();
  std::vector<Launch> done;
  for (TimedLaunch &t : r.launches) {
    if (t.start && t.stop) {
      FUSION_CHECK(r.driver.cuEventSynchronizeFn(t.stop));
      FUSION_CHECK(r.driver.cuEventElapsedTimeFn(&t.launch.milliseconds,
                                                 t.start, t.stop));
      r.spareEvents.push_back(t.start);
      r.spareEvents.push_back(t.stop);
    }
    done.push_back(t.launch);
  }
  r.launches.clear();
  return done;
}

SimulationCounts fusion::cuda::simulationCounts() {
  Runtime &r = runtime();
  SimulationCounts counts = r.counts;
  for (auto &[start, bytes] : r.buffers)
    counts.liveBytes += bytes;
  for (auto &[host, copy] : r.resident)
    counts.liveBytes -= copy.bytes;
  return counts;
}

void fusion::cuda::setFailLaunch(long n) {
  Runtime &r = runtime();
  r.failLaunch = n > 0 ? r.launchCount + n : 0;
}

namespace {
/// What a captured graph holds: the driver's executable graph, or with the
/// simulation nothing to run.
struct CapturedGraph {
  CUgraphExec exec = nullptr;
  CUstream stream = nullptr;
};
} // namespace

std::string fusion::cuda::beginCapture() {
  Runtime &r = ready();
  if (r.capturing || r.simulatedCapture)
    return "a capture is already under way";
  if (simulating()) {
    r.simulatedCapture = true;
    return "";
  }
  CUstream stream = nullptr;
  CUresult result =
      r.driver.cuStreamCreateFn(&stream, CU_STREAM_NON_BLOCKING);
  if (result == CUDA_SUCCESS)
    result = r.driver.cuStreamBeginCaptureFn(
        stream, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
  if (result != CUDA_SUCCESS) {
    const char *name = nullptr;
    r.driver.cuGetErrorNameFn(result, &name);
    return std::string("cuStreamBeginCapture failed with ") +
           (name ? name : "?");
  }
  r.capturing = stream;
  return "";
}

void *fusion::cuda::endCapture() {
  Runtime &r = ready();
  auto *graph = new CapturedGraph;
  if (simulating()) {
    r.simulatedCapture = false;
    return graph;
  }
  graph->stream = r.capturing;
  r.capturing = nullptr;
  CUgraph captured = nullptr;
  FUSION_CHECK(r.driver.cuStreamEndCaptureFn(graph->stream, &captured));
  if (captured) {
    FUSION_CHECK(r.driver.cuGraphInstantiateFn(&graph->exec, captured, 0));
    FUSION_CHECK(r.driver.cuGraphDestroyFn(captured));
  }
  if (!graph->exec) {
    FUSION_CHECK(r.driver.cuStreamDestroyFn(graph->stream));
    delete graph;
    return nullptr;
  }
  return graph;
}

float fusion::cuda::replayGraph(void *handle, int count) {
  Runtime &r = ready();
  auto *graph = static_cast<CapturedGraph *>(handle);
  if (simulating() || !graph || !graph->exec)
    return 0;
  CUevent start = takeEvent(r), stop = takeEvent(r);
  FUSION_CHECK(r.driver.cuEventRecordFn(start, graph->stream));
  for (int i = 0; i < count; ++i)
    FUSION_CHECK(r.driver.cuGraphLaunchFn(graph->exec, graph->stream));
  FUSION_CHECK(r.driver.cuEventRecordFn(stop, graph->stream));
  FUSION_CHECK(r.driver.cuEventSynchronizeFn(stop));
  float ms = 0;
  FUSION_CHECK(r.driver.cuEventElapsedTimeFn(&ms, start, stop));
  r.spareEvents.push_back(start);
  r.spareEvents.push_back(stop);
  return ms;
}

void fusion::cuda::destroyGraph(void *handle) {
  Runtime &r = runtime();
  auto *graph = static_cast<CapturedGraph *>(handle);
  if (!graph)
    return;
  if (!simulating() && !r.exiting) {
    if (graph->exec)
      FUSION_CHECK(r.driver.cuGraphExecDestroyFn(graph->exec));
    if (graph->stream)
      FUSION_CHECK(r.driver.cuStreamDestroyFn(graph->stream));
  }
  delete graph;
}

//===----------------------------------------------------------------------===//
// Resident constants (ResidentConstants.h).
//===----------------------------------------------------------------------===//

namespace {
/// A rank-1 memref descriptor, as MLIR's C interface passes it.
struct Descriptor1D {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

/// The device copy of `host`'s contiguous data, uploaded on first request.
void residentCopy(Descriptor1D *result, const Descriptor1D *host,
                  int64_t elementBytes) {
  Runtime &r = ready();
  const char *data =
      static_cast<const char *>(host->aligned) + host->offset * elementBytes;
  size_t bytes = size_t(host->size) * size_t(elementBytes);
  void *device = nullptr;
  auto it = r.resident.find(data);
  if (it != r.resident.end() && it->second.bytes == bytes) {
    device = it->second.device;
  } else {
    if (simulating()) {
      device = simulatedAlloc(bytes);
      std::memcpy(device, data, bytes);
    } else {
      CUdeviceptr p = 0;
      FUSION_CHECK(r.driver.cuMemAllocFn(&p, bytes ? bytes : 1));
      if (p)
        FUSION_CHECK(r.driver.cuMemcpyHtoDFn(p, data, bytes));
      device = reinterpret_cast<void *>(p);
    }
    r.resident[data] = {device, bytes};
    r.counts.residentBytes += (long long)bytes;
    ++r.counts.residentUploads;
  }
  *result = {device, device, 0, host->size, 1};
}
} // namespace

extern "C" {
#define FUSION_RESIDENT_ENTRY(type)                                            \
  void _mlir_ciface_fusion_resident_##type(Descriptor1D *result,               \
                                           Descriptor1D *host,                 \
                                           int64_t elementBytes) {             \
    residentCopy(result, host, elementBytes);                                  \
  }
FUSION_RESIDENT_TYPES(FUSION_RESIDENT_ENTRY)
#undef FUSION_RESIDENT_ENTRY
} // extern "C"

//===----------------------------------------------------------------------===//
// The mgpu* ABI, as MLIR 22's GPU-to-LLVM lowering declares it.
//===----------------------------------------------------------------------===//

extern "C" {

void *mgpuModuleLoad(void *data, size_t /*size*/) {
  Runtime &r = ready();
  if (simulating())
    return data;
  CUmodule module = nullptr;
  FUSION_CHECK(r.driver.cuModuleLoadDataFn(&module, data));
  int ordinal = int(r.moduleOrdinals.size());
  r.moduleOrdinals[module] = ordinal;
  return module;
}

/// `data` is NUL-terminated PTX; the driver assembles it for the device.
void *mgpuModuleLoadJIT(void *data, int optLevel) {
  Runtime &r = ready();
  if (simulating())
    return data;
  CUmodule module = nullptr;
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {reinterpret_cast<void *>(intptr_t(optLevel))};
  FUSION_CHECK(r.driver.cuModuleLoadDataExFn(&module, data, 1, options, values));
  int ordinal = int(r.moduleOrdinals.size());
  r.moduleOrdinals[module] = ordinal;
  return module;
}

void mgpuModuleUnload(void *module) {
  Runtime &r = runtime();
  // At exit the context and its modules go with the process, and the
  // driver may already be shut down (CUDA_ERROR_DEINITIALIZED).
  if (!r.initialized || simulating() || !module || r.exiting)
    return;
  CUresult result = r.driver.cuModuleUnloadFn(static_cast<CUmodule>(module));
  if (result != CUDA_SUCCESS && result != CUDA_ERROR_DEINITIALIZED)
    recordError("cuModuleUnload", result);
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  Runtime &r = ready();
  // "<kernel>#<module>": the module's place in load order, which is the
  // order of the gpu.binary ops (and of fusion-dump-ptx's files).
  auto [it, added] = r.moduleOrdinals.try_emplace(
      module, int(r.moduleOrdinals.size()));
  std::string qualified = std::string(name) + "#" + std::to_string(it->second);
  if (simulating()) {
    r.simulatedFunctions.push_back(std::make_unique<std::string>(qualified));
    return r.simulatedFunctions.back().get();
  }
  CUfunction function = nullptr;
  FUSION_CHECK(r.driver.cuModuleGetFunctionFn(
      &function, static_cast<CUmodule>(module), name));
  r.kernelNames[function] = qualified;
  return function;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t /*paramsCount*/) {
  Runtime &r = ready();
  TimedLaunch t;
  t.launch.grid[0] = unsigned(gridX);
  t.launch.grid[1] = unsigned(gridY);
  t.launch.grid[2] = unsigned(gridZ);
  t.launch.block[0] = unsigned(blockX);
  t.launch.block[1] = unsigned(blockY);
  t.launch.block[2] = unsigned(blockZ);
  t.launch.milliseconds = 0;
  if (simulating()) {
    t.launch.kernel = *static_cast<std::string *>(function);
  } else {
    auto name = r.kernelNames.find(function);
    t.launch.kernel = name == r.kernelNames.end() ? "?" : name->second;
  }
  r.lastLaunch = t.launch;
  r.launched = true;
  ++r.launchCount;
  // What cuLaunchKernel refuses, refused the same way on the host; and the
  // test-only injected failure.
  mlir::fusion::LaunchDims grid{gridX, gridY, gridZ};
  mlir::fusion::LaunchDims block{blockX, blockY, blockZ};
  std::optional<std::string> outside =
      mlir::fusion::launchLimitViolation(grid, block);
  if ((simulating() && outside) || r.launchCount == r.failLaunch) {
    std::string message =
        "cuLaunchKernel of " + describeLaunch(t.launch) + " failed with " +
        (outside ? "CUDA_ERROR_INVALID_VALUE (" + *outside + ")"
                 : std::string("CUDA_ERROR_LAUNCH_FAILED (injected by "
                               "--test-fail-launch)"));
    std::fprintf(stderr, "fusion-cuda-runtime: %s\n", message.c_str());
    if (r.error.empty())
      r.error = message;
    return;
  }
  if (simulating()) {
    r.launches.push_back(t);
    return;
  }
  CUstream s = static_cast<CUstream>(stream);
  bool timed = r.timing && !r.capturing;
  if (timed) {
    t.start = takeEvent(r);
    t.stop = takeEvent(r);
    FUSION_CHECK(r.driver.cuEventRecordFn(t.start, s));
  }
  CUresult result = r.driver.cuLaunchKernelFn(
      static_cast<CUfunction>(function), unsigned(gridX), unsigned(gridY),
      unsigned(gridZ), unsigned(blockX), unsigned(blockY), unsigned(blockZ),
      unsigned(smem), s, params, extra);
  if (result != CUDA_SUCCESS) {
    std::string call = "cuLaunchKernel of " + describeLaunch(t.launch);
    r.launched = false; // the launch is named already
    recordError(call.c_str(), result);
    r.launched = true;
  }
  if (timed)
    FUSION_CHECK(r.driver.cuEventRecordFn(t.stop, s));
  r.launches.push_back(t);
}

void *mgpuStreamCreate() {
  Runtime &r = ready();
  if (simulating())
    return &r;
  if (r.capturing)
    return r.capturing;
  CUstream stream = nullptr;
  FUSION_CHECK(r.driver.cuStreamCreateFn(&stream, CU_STREAM_NON_BLOCKING));
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  Runtime &r = ready();
  if (!simulating() && stream != r.capturing)
    FUSION_CHECK(r.driver.cuStreamDestroyFn(static_cast<CUstream>(stream)));
}

void mgpuStreamSynchronize(void *stream) {
  Runtime &r = ready();
  // A capturing stream cannot be waited for; the graph's launch is.
  if (!simulating() && stream != r.capturing)
    FUSION_CHECK(r.driver.cuStreamSynchronizeFn(static_cast<CUstream>(stream)));
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  Runtime &r = ready();
  if (!simulating())
    FUSION_CHECK(r.driver.cuStreamWaitEventFn(static_cast<CUstream>(stream),
                                              static_cast<CUevent>(event), 0));
}

void *mgpuEventCreate() {
  Runtime &r = ready();
  if (simulating())
    return &r;
  CUevent event = nullptr;
  FUSION_CHECK(r.driver.cuEventCreateFn(&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

void mgpuEventDestroy(void *event) {
  Runtime &r = ready();
  if (!simulating())
    FUSION_CHECK(r.driver.cuEventDestroyFn(static_cast<CUevent>(event)));
}

void mgpuEventSynchronize(void *event) {
  Runtime &r = ready();
  if (!simulating() && !r.capturing)
    FUSION_CHECK(r.driver.cuEventSynchronizeFn(static_cast<CUevent>(event)));
}

void mgpuEventRecord(void *event, void *stream) {
  Runtime &r = ready();
  if (!simulating())
    FUSION_CHECK(r.driver.cuEventRecordFn(static_cast<CUevent>(event),
                                          static_cast<CUstream>(stream)));
}

/// Stream-ordered, so a buffer freed at the end of a call is reused by the
/// next without a device-wide synchronization. Managed (host-shared) memory
/// is never asked for by the emitted code and is refused.
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool hostShared) {
  Runtime &r = ready();
  if (hostShared) {
    std::fprintf(stderr, "fusion-cuda-runtime: host-shared allocations are "
                         "not supported\n");
    if (r.error.empty())
      r.error = "host-shared allocation";
    return nullptr;
  }
  if (simulating())
    return simulatedAlloc(bytes);
  CUdeviceptr p = 0;
  FUSION_CHECK(r.driver.cuMemAllocAsyncFn(&p, bytes ? bytes : 1,
                                          static_cast<CUstream>(stream)));
  return reinterpret_cast<void *>(p);
}

void mgpuMemFree(void *pointer, void *stream) {
  Runtime &r = ready();
  if (simulating())
    return simulatedFree(pointer);
  FUSION_CHECK(r.driver.cuMemFreeAsyncFn(reinterpret_cast<CUdeviceptr>(pointer),
                                         static_cast<CUstream>(stream)));
}

void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream) {
  Runtime &r = ready();
  if (simulating()) {
    if (!insideBuffer(dst, bytes))
      ++r.counts.strayCopies;
    std::memcpy(dst, src, bytes);
    return;
  }
  FUSION_CHECK(r.driver.cuMemcpyAsyncFn(reinterpret_cast<CUdeviceptr>(dst),
                                        reinterpret_cast<CUdeviceptr>(src),
                                        bytes, static_cast<CUstream>(stream)));
}

void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream) {
  Runtime &r = ready();
  if (simulating()) {
    for (size_t i = 0; i < count; ++i)
      static_cast<uint32_t *>(dst)[i] = value;
    return;
  }
  FUSION_CHECK(r.driver.cuMemsetD32AsyncFn(reinterpret_cast<CUdeviceptr>(dst),
                                           value, count,
                                           static_cast<CUstream>(stream)));
}

void mgpuMemset16(void *dst, unsigned short value, size_t count,
                  void *stream) {
  Runtime &r = ready();
  if (simulating()) {
    for (size_t i = 0; i < count; ++i)
      static_cast<uint16_t *>(dst)[i] = value;
    return;
  }
  FUSION_CHECK(r.driver.cuMemsetD16AsyncFn(reinterpret_cast<CUdeviceptr>(dst),
                                           value, count,
                                           static_cast<CUstream>(stream)));
}

void mgpuSetDefaultDevice(int32_t device) {
  (void)initialize(Backend::Device, device);
}

} // extern "C"

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
  X(cuMemsetD16Async)

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
};

Runtime &runtime() {
  static Runtime r;
  return r;
}

void recordError(const char *call, CUresult result) {
  Runtime &r = runtime();
  const char *name = nullptr;
  if (r.driver.cuGetErrorNameFn)
    r.driver.cuGetErrorNameFn(result, &name);
  std::string message = std::string(call) + " failed with " +
                        (name ? name : std::to_string(int(result)));
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
  return counts;
}

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
  if (!r.initialized || simulating() || !module)
    return;
  FUSION_CHECK(r.driver.cuModuleUnloadFn(static_cast<CUmodule>(module)));
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
    r.launches.push_back(t);
    return;
  }
  auto name = r.kernelNames.find(function);
  t.launch.kernel = name == r.kernelNames.end() ? "?" : name->second;
  CUstream s = static_cast<CUstream>(stream);
  if (r.timing) {
    t.start = takeEvent(r);
    t.stop = takeEvent(r);
    FUSION_CHECK(r.driver.cuEventRecordFn(t.start, s));
  }
  FUSION_CHECK(r.driver.cuLaunchKernelFn(
      static_cast<CUfunction>(function), unsigned(gridX), unsigned(gridY),
      unsigned(gridZ), unsigned(blockX), unsigned(blockY), unsigned(blockZ),
      unsigned(smem), s, params, extra));
  if (r.timing)
    FUSION_CHECK(r.driver.cuEventRecordFn(t.stop, s));
  r.launches.push_back(t);
}

void *mgpuStreamCreate() {
  Runtime &r = ready();
  if (simulating())
    return &r;
  CUstream stream = nullptr;
  FUSION_CHECK(r.driver.cuStreamCreateFn(&stream, CU_STREAM_NON_BLOCKING));
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  Runtime &r = ready();
  if (!simulating())
    FUSION_CHECK(r.driver.cuStreamDestroyFn(static_cast<CUstream>(stream)));
}

void mgpuStreamSynchronize(void *stream) {
  Runtime &r = ready();
  if (!simulating())
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
  if (!simulating())
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

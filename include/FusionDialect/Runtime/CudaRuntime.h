//===- CudaRuntime.h - the runtime the emitted host code calls --*- C++ -*-===//
///
/// \file
/// The host side that `fusion-to-ptx` emits calls the `mgpu*` functions of
/// MLIR's GPU runtime ABI (module load, stream, alloc, memcpy, launch). This
/// library implements them on the CUDA driver API, which it loads at run
/// time (libcuda.so.1), so it builds wherever cuda.h is and fails with a
/// message, not a loader error, where no driver is. It also implements them
/// on host memory without a GPU (launches recorded, not run), which lets
/// the host side of a compiled program be exercised on any machine.
///
/// Plain C++ and cuda.h only: it is compiled with the runner on GPU
/// machines that have no MLIR.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_RUNTIME_CUDARUNTIME_H
#define FUSIONDIALECT_RUNTIME_CUDARUNTIME_H

#include <cstddef>
#include <string>
#include <vector>

namespace fusion::cuda {

/// Where the mgpu* calls go.
enum class Backend {
  /// A CUDA device through the driver API.
  Device,
  /// Host memory; launches are recorded and not run.
  HostSimulation,
};

/// Selects the backend and, for Device, loads the driver and makes device
/// `ordinal`'s primary context current. Returns "" on success, or why it
/// failed (no driver, no device). Must come before any mgpu* call; without
/// it the first call initializes Device with ordinal 0.
std::string initialize(Backend backend, int ordinal = 0);

/// "NVIDIA H200, sm_90, 132 SMs", the simulation's name, or "no GPU in use"
/// before initialize.
std::string describeDevice();
/// The compute capability as "sm_XY", or "" without a device.
std::string deviceChip();

/// The first failure of a runtime call since the last take, or "".
std::string takeError();

/// Device memory for inputs and outputs (host memory when simulating).
void *allocate(size_t bytes);
void release(void *pointer);
void copyToDevice(void *device, const void *host, size_t bytes);
void copyToHost(void *host, const void *device, size_t bytes);
/// Waits for all work on the device.
void synchronize();

struct Launch {
  std::string kernel;
  unsigned grid[3];
  unsigned block[3];
  /// Elapsed time between events recorded around the launch (0 when the
  /// launch was not timed or not run).
  float milliseconds;
};

/// When on, each launch is bracketed by events on its stream.
void setTiming(bool on);
/// The launches since the last take, in order, with their times (waits for
/// the timed ones to finish).
std::vector<Launch> takeLaunches();

/// Simulation only: bytes allocated through mgpuMemAlloc and not freed, and
/// copies whose destination was no buffer of the runtime's (the emitted
/// code's host/device discipline, checked without a GPU).
struct SimulationCounts {
  long long liveBytes = 0;
  long long strayCopies = 0;
  long long strayFrees = 0;
  /// Resident constants (not counted live): bytes and uploads.
  long long residentBytes = 0;
  long long residentUploads = 0;
};
SimulationCounts simulationCounts();

/// Test only: the `n`th launch from now on (1 = the next) fails as a
/// kernel that cannot launch would; 0 turns it off.
void setFailLaunch(long n);

/// CUDA graphs: one call of a program captured and replayed, so that a
/// call costs one launch on the host (batch-1 latency is launch-bound).
/// While capturing, every stream the emitted code creates is the capturing
/// stream, waits on it are skipped, and buffers come from stream-ordered
/// allocations (graph memory nodes). Resident constants must be uploaded
/// before (libraries do it when loaded). With the simulation, the launches
/// of the captured call are recorded and a replay runs nothing.
/// Returns "" or why capture could not start.
std::string beginCapture();
/// Ends the capture and instantiates the graph: an executable graph, or
/// null with the error in takeError().
void *endCapture();
/// Replays `graph` `count` times back to back; returns the milliseconds
/// between events recorded around them (0 with the simulation).
float replayGraph(void *graph, int count);
void destroyGraph(void *graph);

} // namespace fusion::cuda

#endif // FUSIONDIALECT_RUNTIME_CUDARUNTIME_H

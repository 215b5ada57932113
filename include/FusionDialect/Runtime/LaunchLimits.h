//===- LaunchLimits.h - what a kernel launch may ask for ------*- C++ -*-===//
///
/// \file
/// The launch limits of every CUDA device of compute capability 3.0 and
/// later (sm_80 and sm_90 included): what `cuLaunchKernel` accepts. The
/// compiler proves its launches inside them (fusion-check-launch-limits),
/// the mapping never asks for more (fusion-map-loops-to-gpu), and the
/// runtime's simulation refuses a launch outside them as the driver would.
///
/// Plain C++: the runtime and the runner include it on machines without
/// MLIR.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_RUNTIME_LAUNCHLIMITS_H
#define FUSIONDIALECT_RUNTIME_LAUNCHLIMITS_H

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::fusion {

constexpr int64_t kMaxBlockX = 1024;
constexpr int64_t kMaxBlockY = 1024;
constexpr int64_t kMaxBlockZ = 64;
constexpr int64_t kMaxThreadsPerBlock = 1024;
constexpr int64_t kMaxGridX = 2147483647;
constexpr int64_t kMaxGridYZ = 65535;
/// Threads of a warp: what mma.sync needs together.
constexpr int64_t kWarpLanes = 32;
/// Warps of one block of an mma_sync kernel, at most: they share a
/// stage's A tile and each stages its own B tile there (the buffer is
/// sized for this many). fusion-lower-to-loops makes a warp loop's warps
/// dimension at most this long, and fusion-map-loops-to-gpu gives it to
/// one block whole.
constexpr int64_t kMaxStagedWarps = 8;

/// Three launch dimensions, x first.
struct LaunchDims {
  int64_t x = 1, y = 1, z = 1;
  int64_t product() const { return x * y * z; }
  std::string str() const {
    return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " +
           std::to_string(z) + ")";
  }
};

/// Why a launch of `grid` blocks of `block` threads is outside the limits
/// (with at most `maxThreadsPerBlock` threads, which register use may
/// lower), or nullopt when the hardware accepts it.
inline std::optional<std::string>
launchLimitViolation(const LaunchDims &grid, const LaunchDims &block,
                     int64_t maxThreadsPerBlock = kMaxThreadsPerBlock) {
  auto out = [](const char *what, int64_t value, int64_t most) {
    return std::string(what) + " is " + std::to_string(value) +
           ", more than the " + std::to_string(most) +
           " the hardware allows";
  };
  if (block.x < 1 || block.y < 1 || block.z < 1 || grid.x < 1 ||
      grid.y < 1 || grid.z < 1)
    return std::string("a dimension is less than 1");
  if (block.x > kMaxBlockX)
    return out("block x", block.x, kMaxBlockX);
  if (block.y > kMaxBlockY)
    return out("block y", block.y, kMaxBlockY);
  if (block.z > kMaxBlockZ)
    return out("block z", block.z, kMaxBlockZ);
  if (block.product() > maxThreadsPerBlock)
    return out("threads per block", block.product(), maxThreadsPerBlock);
  if (grid.x > kMaxGridX)
    return out("grid x", grid.x, kMaxGridX);
  if (grid.y > kMaxGridYZ)
    return out("grid y", grid.y, kMaxGridYZ);
  if (grid.z > kMaxGridYZ)
    return out("grid z", grid.z, kMaxGridYZ);
  return std::nullopt;
}

/// The most threads a block may have when each uses `registersPerThread`
/// registers: registers are allocated per warp in units of 256, and an SM of
/// sm_80 or sm_90 has 64K of them.
constexpr int64_t maxThreadsForRegisters(int64_t registersPerThread) {
  int64_t perWarp = std::max<int64_t>(registersPerThread, 1) * 32;
  perWarp = (perWarp + 255) / 256 * 256;
  return std::min<int64_t>(kMaxThreadsPerBlock, (65536 / perWarp) * 32);
}

/// A thread uses at most 255 registers, so a block of this many threads
/// (256) launches whatever ptxas allocates: only larger blocks need its
/// register count.
constexpr int64_t kThreadsAnyRegisterUseAllows = maxThreadsForRegisters(255);
static_assert(kThreadsAnyRegisterUseAllows == 256);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_RUNTIME_LAUNCHLIMITS_H

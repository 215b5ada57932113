// The two peaks of this CPU the benchmark tables divide by: memory
// bandwidth (STREAM-style copy and triad over arrays far larger than the
// last-level cache; bytes counted as STREAM does, read + write, no
// write-allocate) and f32 GEMM throughput (oneDNN's sgemm, 2048^3).
// Dev-time: built by bench/cpu/run.sh; threads from OMP_NUM_THREADS.
//
//   peaks [MEGABYTES_PER_ARRAY]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <omp.h>
#include "oneapi/dnnl/dnnl.h"

template <typename F> static double best(int repeats, F f) {
  double bestSeconds = 1e30;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    f();
    bestSeconds = std::min(
        bestSeconds,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count());
  }
  return bestSeconds;
}

int main(int argc, char **argv) {
  size_t mb = argc > 1 ? std::atoi(argv[1]) : 256;
  size_t n = mb * 1024 * 1024 / sizeof(float);
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n, 0.0f);
  double copy = best(5, [&] {
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i)
      c[i] = a[i];
  });
  double triad = best(5, [&] {
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i)
      a[i] = b[i] + 3.0f * c[i];
  });
  const dnnl_dim_t m = 2048;
  std::vector<float> x(m * m, 0.5f), y(m * m, 0.25f), z(m * m, 0.0f);
  double gemm = best(3, [&] {
    dnnl_sgemm('N', 'N', m, m, m, 1.0f, x.data(), m, y.data(), m, 0.0f,
               z.data(), m);
  });
  std::printf("threads %d\n", omp_get_max_threads());
  std::printf("copy_gbs %.1f\n", 2.0 * n * sizeof(float) / copy / 1e9);
  std::printf("triad_gbs %.1f\n", 3.0 * n * sizeof(float) / triad / 1e9);
  std::printf("sgemm_gflops %.1f\n", 2.0 * m * m * m / gemm / 1e9);
  return 0;
}

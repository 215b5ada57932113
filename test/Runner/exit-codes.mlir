// fusion-gpu-run's exit codes: 0 every check passed, 1 a check failed
// (f64-check.mlir), 2 no GPU or bad usage or input (no-gpu.mlir,
// invalid.mlir), 3 a CUDA error, named with the kernel, its grid and its
// block. A launch the hardware would refuse is refused by the host
// simulation too; --test-fail-launch=N makes the Nth launch fail as one
// that cannot run would. Tolerances must be finite and not negative.
// REQUIRES: gpu-runner
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %fusion_src_root/test/GPU/kernel-count.mlir --fuse=false -o %t/unfused.so
// RUN: bash -c '%fusion_gpu_run --dry-run %t/unfused.so --test-fail-launch=2; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: bash -c '%fusion_gpu_run --dry-run %t/unfused.so; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=OK
// RUN: bash -c '%fusion_gpu_run --reference=%t/unfused.so --rtol=nan %t/unfused.so; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: bash -c '%fusion_gpu_run --reference=%t/unfused.so --atol=-1 %t/unfused.so; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: bash -c '%fusion_gpu_run --reference=%t/unfused.so --noise=inf %t/unfused.so; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=INF

// CUDA: fusion-gpu-run: unfused: cuLaunchKernel of __fusion_entry_kernel#{{[0-9]+}} with grid (1, 1, 1) and block (4, 4, 4) failed with CUDA_ERROR_LAUNCH_FAILED (injected by --test-fail-launch)
// CUDA: exit 3
// OK: unfused gpu 3
// OK: exit 0
// NAN: fusion-gpu-run: --rtol must be a finite number >= 0, got 'nan'
// NAN: exit 2
// NEGATIVE: fusion-gpu-run: --atol must be a finite number >= 0, got '-1'
// NEGATIVE: exit 2
// INF: --noise must be a finite number >= 0, got 'inf'
// INF: exit 2

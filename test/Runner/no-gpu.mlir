// Without a CUDA driver the runner says so and exits 2; it never crashes or
// pretends. Machines with a driver skip this test; bench/gpu runs the real
// thing there.
// REQUIRES: gpu-runner
// UNSUPPORTED: cuda-driver
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %fusion_src_root/test/GPU/kernel-count.mlir -o %t/fused.so
// RUN: fusion-compile %fusion_src_root/test/GPU/kernel-count.mlir --target=cpu --fuse=false --reference -o %t/reference.so
// RUN: not fusion-gpu-run --reference=%t/reference.so %t/fused.so 2>&1 | FileCheck %s
// RUN: fusion-gpu-run --reference=%t/reference.so %t/fused.so; test $? -eq 2

// CHECK: fusion-gpu-run: no GPU: cannot load the CUDA driver (libcuda.so.1)

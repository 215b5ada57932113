// The host side of a GPU library, exercised without a GPU: --dry-run puts
// the runtime on host memory and records launches instead of running them.
// Fused, the chain is one launch per call; unfused (each conv alone, then
// BatchNorm and ReLU), three. Kernels are named after the entry wrapper,
// into which the model is inlined. Every buffer the program allocates is freed
// and every copy lands in a buffer of the runtime's (no host pointer is
// written as if it were device memory).
// REQUIRES: gpu-runner
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %fusion_src_root/test/GPU/kernel-count.mlir -o %t/fused.so
// RUN: fusion-compile %fusion_src_root/test/GPU/kernel-count.mlir --fuse=false -o %t/unfused.so
// RUN: fusion-gpu-run --dry-run --per-kernel %t/fused.so %t/unfused.so | FileCheck %s
// A call captured as a CUDA graph (with the simulation, the launches are
// recorded and nothing runs); the constants were uploaded when the
// libraries were loaded, and no call uploads any.
// RUN: fusion-gpu-run --dry-run --graph %t/fused.so %t/unfused.so | FileCheck %s --check-prefix=GRAPH
// The whole small classifier: 21 launches fused, 66 unfused, nothing leaked.
// RUN: fusion-compile %fusion_src_root/examples/resnet_tiny.mlir -o %t/tiny.so
// RUN: fusion-compile %fusion_src_root/examples/resnet_tiny.mlir --fuse=false -o %t/tiny-unfused.so
// RUN: fusion-gpu-run --dry-run %t/tiny.so %t/tiny-unfused.so | FileCheck %s --check-prefix=TINY
// Two results (a detection decode's boxes and scores, which the library
// writes into the caller's two buffers): one launch, nothing leaked.
// RUN: fusion-compile %fusion_src_root/test/CPU/decode-detections.mlir --entry=ssd -o %t/ssd.so
// RUN: fusion-gpu-run --dry-run %t/ssd.so | FileCheck %s --check-prefix=TWO

// CHECK: fusion-gpu-run: host simulation (no kernel runs)
// CHECK: program target launches live_bytes stray_copies stray_frees
// CHECK-NEXT: fused gpu 1 0 0 0
// CHECK-NEXT: __fusion_entry_kernel#0 grid 1,1,1 block 4,4,1
// CHECK-NEXT: unfused gpu 3 0 0 0
// CHECK-COUNT-3: __fusion_entry_kernel#{{[0-9]}} grid
// GRAPH: program target launches live_bytes stray_copies stray_frees resident_bytes first_call later_call
// GRAPH-NEXT: fused gpu 1 0 0 0 {{[0-9]+}} 0 uploads 0 uploads
// GRAPH-NEXT: graph: 1 launches captured
// GRAPH-NEXT: unfused gpu 3 0 0 0 {{[0-9]+}} 0 uploads 0 uploads
// GRAPH-NEXT: graph: 3 launches captured
// TINY: tiny gpu 21 0 0 0
// TINY-NEXT: tiny-unfused gpu 66 0 0 0
// TWO: ssd gpu 1 0 0 0

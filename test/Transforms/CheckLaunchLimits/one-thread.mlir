// max-one-thread-elements=N refuses a one-thread kernel whose buffers hold
// more than N elements (a serial loop nest the mapping could not spread
// over threads); smaller ones, and kernels of more threads, pass.
// RUN: fusion-opt %s --fusion-check-launch-limits="max-one-thread-elements=100" -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @small(%m: memref<10xf32>, %n: memref<2x3xf32>) kernel { gpu.return }
    gpu.func @large(%m: memref<101xf32>) kernel { gpu.return }
    gpu.func @dynamic(%m: memref<?xf32>) kernel { gpu.return }
  }
  func.func @f(%a: memref<10xf32>, %b: memref<2x3xf32>, %c: memref<101xf32>, %d: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @k::@small blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<10xf32>, %b : memref<2x3xf32>)
    gpu.launch_func @k::@large blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%c : memref<101xf32>)
    // expected-error @below {{kernel k::large runs on one thread over 101 elements, more than max-one-thread-elements=100}}
    gpu.launch_func @k::@large blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%c : memref<101xf32>)
    // expected-error @below {{kernel k::dynamic runs on one thread over an unknown number of elements, more than max-one-thread-elements=100}}
    gpu.launch_func @k::@dynamic blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%d : memref<?xf32>)
    return
  }
}

// fusion-device-buffers refuses host code that would dereference a device
// buffer: such a program would fault (or silently read host memory) on a
// real GPU.
// RUN: fusion-opt %s --split-input-file --fusion-device-buffers -verify-diagnostics

module attributes {gpu.container_module} {
  func.func @host_load(%x: memref<4xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{host code would read or write a device buffer: only kernels may (the loop was not mapped to the GPU)}}
    %v = memref.load %x[%c0] : memref<4xf32>
    return %v : f32
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @strided_copy(%x: memref<2x2xf32>, %y: memref<4x4xf32>) {
    %s = memref.subview %y[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
    // expected-error @+1 {{a strided copy left on the host: it must run in a kernel (fusion-map-loops-to-gpu)}}
    memref.copy %x, %s : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
    return
  }
}

// -----

// Stack buffers are the host's own.
module attributes {gpu.container_module} {
  func.func @host_stack() -> f32 {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a = memref.alloca() : memref<1xf32>
    memref.store %zero, %a[%c0] : memref<1xf32>
    %v = memref.load %a[%c0] : memref<1xf32>
    return %v : f32
  }
}

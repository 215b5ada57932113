// fusion-device-buffers: after outlining, every buffer of a host function is
// a device buffer. Allocations and frees go through gpu.alloc/gpu.dealloc,
// contiguous copies become gpu.memcpy, and each constant is uploaded where
// it is read and freed at the end of its block, unless it is returned.
// RUN: fusion-opt %s --split-input-file --fusion-device-buffers | FileCheck %s

module attributes {gpu.container_module} {
  memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  gpu.module @k {
    gpu.func @k(%a: memref<4xf32>, %b: memref<4xf32>) kernel {
      gpu.return
    }
  }
  // CHECK-LABEL: func.func @net
  // CHECK: %[[HOST:.*]] = memref.get_global @w
  // CHECK: %[[W:.*]] = gpu.alloc () : memref<4xf32>
  // CHECK: gpu.memcpy %[[W]], %[[HOST]]
  // CHECK: %[[T:.*]] = gpu.alloc () : memref<4xf32>
  // CHECK: gpu.launch_func @k::@k {{.*}} args(%[[W]] : memref<4xf32>, %[[T]] : memref<4xf32>)
  // CHECK: %[[O:.*]] = gpu.alloc () : memref<4xf32>
  // CHECK: gpu.memcpy %[[O]], %[[T]]
  // CHECK: gpu.dealloc %[[T]]
  // CHECK: gpu.dealloc %[[W]]
  // CHECK-NEXT: return %[[O]]
  // CHECK-NOT: memref.alloc
  func.func @net(%x: memref<4xf32>) -> memref<4xf32> {
    %c1 = arith.constant 1 : index
    %w = memref.get_global @w : memref<4xf32>
    %t = memref.alloc() : memref<4xf32>
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%w : memref<4xf32>, %t : memref<4xf32>)
    %o = memref.alloc() : memref<4xf32>
    memref.copy %t, %o : memref<4xf32> to memref<4xf32>
    memref.dealloc %t : memref<4xf32>
    return %o : memref<4xf32>
  }
}

// -----

// A returned constant (through a view) belongs to the caller: not freed.
module attributes {gpu.container_module} {
  memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  // CHECK-LABEL: func.func @returns_constant
  // CHECK: %[[W:.*]] = gpu.alloc () : memref<4xf32>
  // CHECK: gpu.memcpy %[[W]]
  // CHECK-NOT: gpu.dealloc
  // CHECK: return
  func.func @returns_constant() -> memref<2x2xf32> {
    %w = memref.get_global @w : memref<4xf32>
    %v = memref.expand_shape %w [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
    return %v : memref<2x2xf32>
  }
}

// -----

// Dynamic allocations keep their sizes.
module attributes {gpu.container_module} {
  // CHECK-LABEL: func.func @dynamic
  // CHECK: %[[N:.*]] = memref.dim %arg0, %c0
  // CHECK: gpu.alloc (%[[N]]) : memref<?xf32>
  func.func @dynamic(%x: memref<?xf32>) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %o = memref.alloc(%n) : memref<?xf32>
    return %o : memref<?xf32>
  }
}

// fusion-device-buffers: after outlining, every buffer of a host function is
// a device buffer. Allocations and frees go through gpu.alloc/gpu.dealloc,
// contiguous copies become gpu.memcpy, and each constant is read from a
// device copy the runtime keeps resident (fusion_resident_<type>, uploaded
// once); __fusion_upload_constants asks for all of them. A returned
// constant, a global that is not constant, and everything with
// resident-constants=false are uploaded where they are read and freed at
// the end of the block, unless returned.
// RUN: fusion-opt %s --split-input-file --fusion-device-buffers | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-device-buffers=resident-constants=false | FileCheck %s --check-prefix=PERCALL

module attributes {gpu.container_module} {
  memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  gpu.module @k {
    gpu.func @k(%a: memref<4xf32>, %b: memref<4xf32>) kernel {
      gpu.return
    }
  }
  // CHECK: func.func private @fusion_resident_f32(memref<?xf32>, i64) -> memref<?xf32> attributes {llvm.emit_c_interface}
  // CHECK-LABEL: func.func @net
  // CHECK: %[[HOST:.*]] = memref.get_global @w
  // CHECK: %[[ANY:.*]] = memref.cast %[[HOST]] : memref<4xf32> to memref<?xf32>
  // CHECK: %[[BYTES:.*]] = arith.constant 4 : i64
  // CHECK: %[[DEV:.*]] = call @fusion_resident_f32(%[[ANY]], %[[BYTES]]) : (memref<?xf32>, i64) -> memref<?xf32>
  // CHECK: %[[W:.*]] = memref.cast %[[DEV]] : memref<?xf32> to memref<4xf32>
  // CHECK: %[[T:.*]] = gpu.alloc () : memref<4xf32>
  // CHECK: gpu.launch_func @k::@k {{.*}} args(%[[W]] : memref<4xf32>, %[[T]] : memref<4xf32>)
  // CHECK: %[[O:.*]] = gpu.alloc () : memref<4xf32>
  // CHECK: gpu.memcpy %[[O]], %[[T]]
  // CHECK: gpu.dealloc %[[T]]
  // CHECK-NEXT: return %[[O]]
  // CHECK-NOT: memref.alloc
  // CHECK: func.func private @__fusion_upload_constants()
  // CHECK-NEXT: memref.get_global @w
  // CHECK: call @fusion_resident_f32
  // CHECK-NEXT: memref.cast
  // CHECK-NEXT: return
  // PERCALL-LABEL: func.func @net
  // PERCALL: %[[HOST:.*]] = memref.get_global @w
  // PERCALL: %[[W:.*]] = gpu.alloc () : memref<4xf32>
  // PERCALL: gpu.memcpy %[[W]], %[[HOST]]
  // PERCALL: %[[T:.*]] = gpu.alloc () : memref<4xf32>
  // PERCALL: gpu.launch_func @k::@k {{.*}} args(%[[W]] : memref<4xf32>, %[[T]] : memref<4xf32>)
  // PERCALL: %[[O:.*]] = gpu.alloc () : memref<4xf32>
  // PERCALL: gpu.memcpy %[[O]], %[[T]]
  // PERCALL: gpu.dealloc %[[T]]
  // PERCALL: gpu.dealloc %[[W]]
  // PERCALL-NEXT: return %[[O]]
  // PERCALL-NOT: fusion_resident
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

// A returned constant (through a view) belongs to the caller: uploaded per
// call, not freed.
module attributes {gpu.container_module} {
  memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  // CHECK-LABEL: func.func @returns_constant
  // CHECK-NOT: fusion_resident
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

// -----

// Filters of rank 4 and scalars of rank 0 are read through a flat view of
// the resident copy (one runtime entry per element type); a global that is
// not constant is uploaded on every call; one marked fusion.weight (filled
// once before the first call) is resident.
module attributes {gpu.container_module} {
  memref.global "private" constant @filter : memref<2x1x3x3xf16> = dense<1.0>
  memref.global "private" constant @scale : memref<f32> = dense<2.0>
  memref.global "private" @state : memref<4xf32> = dense<0.0>
  memref.global "private" @weight : memref<8xf32> = uninitialized {fusion.weight}
  gpu.module @k {
    gpu.func @k(%a: memref<2x1x3x3xf16>, %b: memref<f32>, %c: memref<4xf32>, %d: memref<8xf32>) kernel {
      gpu.return
    }
  }
  // CHECK-DAG: func.func private @fusion_resident_f16
  // CHECK-DAG: func.func private @fusion_resident_f32
  // CHECK-LABEL: func.func @shapes
  // CHECK: %[[F:.*]] = memref.get_global @filter
  // CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[F]] {{\[}}[0, 1, 2, 3]] : memref<2x1x3x3xf16> into memref<18xf16>
  // CHECK: %[[ANY:.*]] = memref.cast %[[FLAT]]
  // CHECK: %[[TWO:.*]] = arith.constant 2 : i64
  // CHECK: %[[D:.*]] = call @fusion_resident_f16(%[[ANY]], %[[TWO]])
  // CHECK: %[[C:.*]] = memref.cast %[[D]] : memref<?xf16> to memref<18xf16>
  // CHECK: %[[FD:.*]] = memref.expand_shape %[[C]] {{\[}}[0, 1, 2, 3]] output_shape [2, 1, 3, 3]
  // CHECK: %[[S:.*]] = memref.get_global @scale
  // CHECK: memref.expand_shape %[[S]] [] output_shape [1] : memref<f32> into memref<1xf32>
  // CHECK: call @fusion_resident_f32
  // CHECK: %[[SD:.*]] = memref.collapse_shape %{{.*}} [] : memref<1xf32> into memref<f32>
  // CHECK: %[[ST:.*]] = memref.get_global @state
  // CHECK: %[[STD:.*]] = gpu.alloc () : memref<4xf32>
  // CHECK: gpu.memcpy %[[STD]], %[[ST]]
  // CHECK: memref.get_global @weight
  // CHECK: %[[WD:.*]] = call @fusion_resident_f32
  // CHECK: %[[WC:.*]] = memref.cast %[[WD]] : memref<?xf32> to memref<8xf32>
  // CHECK: gpu.launch_func @k::@k {{.*}} args(%[[FD]] : memref<2x1x3x3xf16>, %[[SD]] : memref<f32>, %[[STD]] : memref<4xf32>, %[[WC]] : memref<8xf32>)
  // CHECK: gpu.dealloc %[[STD]]
  // The constants are uploaded when a library is loaded; the weight, filled
  // after loading, by the first call.
  // CHECK: func.func private @__fusion_upload_constants()
  // CHECK-NOT: @weight
  // CHECK-COUNT-2: call @fusion_resident
  // CHECK-NOT: call
  // CHECK: return
  func.func @shapes() {
    %c1 = arith.constant 1 : index
    %f = memref.get_global @filter : memref<2x1x3x3xf16>
    %s = memref.get_global @scale : memref<f32>
    %st = memref.get_global @state : memref<4xf32>
    %w = memref.get_global @weight : memref<8xf32>
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%f : memref<2x1x3x3xf16>, %s : memref<f32>, %st : memref<4xf32>, %w : memref<8xf32>)
    return
  }
}

// RUN: fusion-opt %s --split-input-file --fusion-merge-kernel-modules=min-modules=2 | FileCheck %s
// Below the threshold, and with the threshold 0, nothing moves.
// RUN: fusion-opt %s --split-input-file --fusion-merge-kernel-modules=min-modules=4 | FileCheck %s --check-prefix=KEEP
// RUN: fusion-opt %s --split-input-file --fusion-merge-kernel-modules=min-modules=0 | FileCheck %s --check-prefix=KEEP

// Three kernel modules become one; each kernel takes its old module's name
// (unique at the top level) and each launch points at it. (The kernels differ
// in one constant, so none is a copy of another.)
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-NOT: gpu.module @net_kernel
// CHECK: gpu.module @fusion_kernels {
// CHECK-NEXT: gpu.func @net_kernel() kernel
// CHECK: gpu.func @net_kernel_0() kernel
// CHECK: gpu.func @net_kernel_1() kernel
// CHECK: }
// CHECK-NOT: gpu.module
// CHECK-LABEL: func.func @net(
// CHECK: gpu.launch_func @fusion_kernels::@net_kernel blocks
// CHECK: gpu.launch_func @fusion_kernels::@net_kernel_0 blocks
// CHECK: gpu.launch_func @fusion_kernels::@net_kernel_1 blocks
// KEEP-LABEL: module attributes {gpu.container_module}
// KEEP: gpu.module @net_kernel {
// KEEP: gpu.module @net_kernel_0 {
// KEEP: gpu.module @net_kernel_1 {
// KEEP: gpu.launch_func @net_kernel::@net_kernel blocks
// KEEP: gpu.launch_func @net_kernel_0::@net_kernel_0 blocks
// KEEP: gpu.launch_func @net_kernel_1::@net_kernel_1 blocks
module attributes {gpu.container_module} {
  gpu.module @net_kernel {
    gpu.func @net_kernel() kernel {
      %c = arith.constant 0 : index
      gpu.return
    }
  }
  gpu.module @net_kernel_0 {
    gpu.func @net_kernel_0() kernel {
      %c = arith.constant 1 : index
      gpu.return
    }
  }
  gpu.module @net_kernel_1 {
    gpu.func @net_kernel_1() kernel {
      %c = arith.constant 2 : index
      gpu.return
    }
  }
  func.func @net() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @net_kernel::@net_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @net_kernel_0::@net_kernel_0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @net_kernel_1::@net_kernel_1 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// What the outliner copied into each module (here a libdevice-style
// declaration and a helper) keeps its name where free; a second copy of a
// different helper under a taken name is renamed, with its uses, and the
// merged module takes the first free name of its stem.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: func.func private @fusion_kernels()
// CHECK: gpu.module @fusion_kernels_0 {
// CHECK-NEXT: func.func private @__nv_expf(f32) -> f32
// CHECK-NEXT: func.func private @helper(%{{.*}}: f32) -> f32
// CHECK: call @__nv_expf(
// CHECK: gpu.func @first(%[[A:.*]]: f32) kernel
// CHECK: call @helper(%[[A]])
// CHECK-NOT: @__nv_expf(f32)
// CHECK: func.func private @helper_0(%{{.*}}: f32) -> f32
// CHECK: arith.addf
// CHECK: gpu.func @second(%[[B:.*]]: f32) kernel
// CHECK: call @helper_0(%[[B]])
// CHECK-LABEL: func.func @net(
// CHECK: gpu.launch_func @fusion_kernels_0::@first
// CHECK: gpu.launch_func @fusion_kernels_0::@second
// KEEP-LABEL: module attributes {gpu.container_module}
// KEEP: gpu.module @first {
// KEEP: gpu.module @second {
module attributes {gpu.container_module} {
  func.func private @fusion_kernels()
  gpu.module @first {
    func.func private @__nv_expf(f32) -> f32
    func.func private @helper(%x: f32) -> f32 {
      %y = func.call @__nv_expf(%x) : (f32) -> f32
      return %y : f32
    }
    gpu.func @first(%x: f32) kernel {
      %y = func.call @helper(%x) : (f32) -> f32
      gpu.return
    }
  }
  gpu.module @second {
    func.func private @__nv_expf(f32) -> f32
    func.func private @helper(%x: f32) -> f32 {
      %y = arith.addf %x, %x : f32
      return %y : f32
    }
    gpu.func @second(%x: f32) kernel {
      %y = func.call @helper(%x) : (f32) -> f32
      gpu.return
    }
  }
  func.func @net(%x: f32) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @first::@first blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : f32)
    gpu.launch_func @second::@second blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : f32)
    return
  }
}

// -----

// A kernel identical to an earlier one (same body, same attributes) is
// dropped and its launches go to the first copy; a kernel with the same body
// but another known block size is kept.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @fusion_kernels {
// CHECK: gpu.func @conv_a(%{{.*}}: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>}
// CHECK-NOT: gpu.func @conv_b(
// CHECK: gpu.func @conv_c(%{{.*}}: memref<4xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>}
// CHECK-NOT: gpu.func
// CHECK-LABEL: func.func @net(
// CHECK: gpu.launch_func @fusion_kernels::@conv_a blocks
// CHECK-SAME: args(%[[X:.*]] : memref<4xf32>)
// CHECK: gpu.launch_func @fusion_kernels::@conv_a blocks
// CHECK-SAME: args(%[[Y:.*]] : memref<4xf32>)
// CHECK: gpu.launch_func @fusion_kernels::@conv_c blocks
// KEEP-LABEL: module attributes {gpu.container_module}
// KEEP: gpu.module @conv_a {
// KEEP: gpu.module @conv_b {
// KEEP: gpu.module @conv_c {
module attributes {gpu.container_module} {
  gpu.module @conv_a {
    gpu.func @conv_a(%m: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xf32>
      %r = arith.maximumf %v, %v : f32
      memref.store %r, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @conv_b {
    gpu.func @conv_b(%m: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xf32>
      %r = arith.maximumf %v, %v : f32
      memref.store %r, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @conv_c {
    gpu.func @conv_c(%m: memref<4xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xf32>
      %r = arith.maximumf %v, %v : f32
      memref.store %r, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @net(%x: memref<4xf32>, %y: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @conv_a::@conv_a blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @conv_b::@conv_b blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%y : memref<4xf32>)
    gpu.launch_func @conv_c::@conv_c blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%y : memref<4xf32>)
    return
  }
}

// -----

// Kernels that differ only in the values of scalar float constants (a chain
// of blocks whose folded biases differ) share one kernel: the differing
// constants become its trailing arguments, and each launch passes its own.
// A constant all of them share stays in the kernel; a kernel that differs
// in anything else (here an integer constant) stays a kernel of its own.
// CHECK-LABEL: module attributes {gpu.container_module}
//       CHECK: gpu.module @fusion_kernels {
//       CHECK:   gpu.func @block_a(%[[M:.*]]: memref<4xf32>, %[[B0:.*]]: f32, %[[B1:.*]]: f32) kernel
//       CHECK:     %[[SHARED:.*]] = arith.constant 2.000000e+00 : f32
//       CHECK:     arith.addf %{{.*}}, %[[B0]] : f32
//       CHECK:     arith.mulf %{{.*}}, %[[SHARED]] : f32
//       CHECK:     arith.addf %{{.*}}, %[[B1]] : f32
//   CHECK-NOT:   gpu.func @block_b
//   CHECK-NOT:   gpu.func @block_c
//       CHECK:   gpu.func @other(
//       CHECK: func.func @net(
//   CHECK-DAG: %[[A0:.*]] = arith.constant 1.000000e-01 : f32
//   CHECK-DAG: %[[A1:.*]] = arith.constant 5.000000e-01 : f32
//       CHECK: gpu.launch_func @fusion_kernels::@block_a {{.*}} args(%{{.*}} : memref<4xf32>, %[[A0]] : f32, %[[A1]] : f32)
//   CHECK-DAG: %[[C0:.*]] = arith.constant -3.000000e-01 : f32
//   CHECK-DAG: %[[C1:.*]] = arith.constant 5.000000e-01 : f32
//       CHECK: gpu.launch_func @fusion_kernels::@block_a {{.*}} args(%{{.*}} : memref<4xf32>, %[[C0]] : f32, %[[C1]] : f32)
//   CHECK-DAG: %[[D0:.*]] = arith.constant 1.000000e-01 : f32
//   CHECK-DAG: %[[D1:.*]] = arith.constant 7.500000e-01 : f32
//       CHECK: gpu.launch_func @fusion_kernels::@block_a {{.*}} args(%{{.*}} : memref<4xf32>, %[[D0]] : f32, %[[D1]] : f32)
//       CHECK: gpu.launch_func @fusion_kernels::@other
module attributes {gpu.container_module} {
  gpu.module @block_a {
    gpu.func @block_a(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xf32>
      %b0 = arith.constant 0.1 : f32
      %s = arith.constant 2.0 : f32
      %b1 = arith.constant 0.5 : f32
      %0 = arith.addf %v, %b0 : f32
      %1 = arith.mulf %0, %s : f32
      %2 = arith.addf %1, %b1 : f32
      memref.store %2, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @block_b {
    gpu.func @block_b(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xf32>
      %b0 = arith.constant -0.3 : f32
      %s = arith.constant 2.0 : f32
      %b1 = arith.constant 0.5 : f32
      %0 = arith.addf %v, %b0 : f32
      %1 = arith.mulf %0, %s : f32
      %2 = arith.addf %1, %b1 : f32
      memref.store %2, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @block_c {
    gpu.func @block_c(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<4xf32>
      %b0 = arith.constant 0.1 : f32
      %s = arith.constant 2.0 : f32
      %b1 = arith.constant 0.75 : f32
      %0 = arith.addf %v, %b0 : f32
      %1 = arith.mulf %0, %s : f32
      %2 = arith.addf %1, %b1 : f32
      memref.store %2, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @other {
    gpu.func @other(%m: memref<4xf32>) kernel {
      %i = arith.constant 3 : index
      %v = memref.load %m[%i] : memref<4xf32>
      %b0 = arith.constant 0.1 : f32
      %s = arith.constant 2.0 : f32
      %b1 = arith.constant 0.5 : f32
      %0 = arith.addf %v, %b0 : f32
      %1 = arith.mulf %0, %s : f32
      %2 = arith.addf %1, %b1 : f32
      memref.store %2, %m[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func @net(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @block_a::@block_a blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @block_b::@block_b blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @block_c::@block_c blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @other::@other blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
    return
  }
}

// -----

// A global the outliner copied into several modules (the mma_sync kernels'
// shared-memory stage) is kept once under its name, so kernels reading it
// stay identical and are compiled once; a different global under a taken
// name is renamed with its uses.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @fusion_kernels {
// CHECK: memref.global "private" @stage : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.func @warp_a(%{{.*}}: memref<4xf32>) kernel
// CHECK: memref.get_global @stage : memref<64xf32
// CHECK-NOT: gpu.func @warp_b(
// CHECK: memref.global "private" @stage_0 : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.func @warp_c(%{{.*}}: memref<4xf32>) kernel
// CHECK: memref.get_global @stage_0 : memref<32xf32
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @net(
// CHECK: gpu.launch_func @fusion_kernels::@warp_a blocks
// CHECK: gpu.launch_func @fusion_kernels::@warp_a blocks
// CHECK: gpu.launch_func @fusion_kernels::@warp_c blocks
module attributes {gpu.container_module} {
  gpu.module @warp_a {
    memref.global "private" @stage : memref<64xf32, #gpu.address_space<workgroup>> = uninitialized {alignment = 16 : i64}
    gpu.func @warp_a(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %s = memref.get_global @stage : memref<64xf32, #gpu.address_space<workgroup>>
      %v = memref.load %m[%i] : memref<4xf32>
      memref.store %v, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  gpu.module @warp_b {
    memref.global "private" @stage : memref<64xf32, #gpu.address_space<workgroup>> = uninitialized {alignment = 16 : i64}
    gpu.func @warp_b(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %s = memref.get_global @stage : memref<64xf32, #gpu.address_space<workgroup>>
      %v = memref.load %m[%i] : memref<4xf32>
      memref.store %v, %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  gpu.module @warp_c {
    memref.global "private" @stage : memref<32xf32, #gpu.address_space<workgroup>> = uninitialized {alignment = 16 : i64}
    gpu.func @warp_c(%m: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %s = memref.get_global @stage : memref<32xf32, #gpu.address_space<workgroup>>
      %v = memref.load %m[%i] : memref<4xf32>
      memref.store %v, %s[%i] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @net(%x: memref<4xf32>, %y: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @warp_a::@warp_a blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @warp_b::@warp_b blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%y : memref<4xf32>)
    gpu.launch_func @warp_c::@warp_c blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%y : memref<4xf32>)
    return
  }
}

// fusion-lower-warp-sync: each fusion.warp_sync becomes bar.warp.sync over
// all 32 lanes, each fusion.block_sync bar.sync 0 (nvvm.barrier0), in place
// (the stores before it stay before it).
// RUN: fusion-opt %s --split-input-file --fusion-lower-warp-sync | FileCheck %s
// The op's declared effects are what let the deallocation pipeline take it;
// the NVVM op it becomes declares none, and that pipeline refuses it.
// RUN: fusion-opt %s --split-input-file --ownership-based-buffer-deallocation | FileCheck %s --check-prefix=DEALLOC
// RUN: not fusion-opt %s --split-input-file --fusion-lower-warp-sync --ownership-based-buffer-deallocation 2>&1 | FileCheck %s --check-prefix=NVVM

// CHECK-LABEL: func.func @stage
//       CHECK:   memref.store
//       CHECK:   %[[ALL:.*]] = arith.constant -1 : i32
//       CHECK:   nvvm.bar.warp.sync %[[ALL]] : i32
//       CHECK:   memref.load
//   CHECK-NOT:   fusion.warp_sync
// DEALLOC-LABEL: func.func @stage
//       DEALLOC:   fusion.warp_sync
// NVVM: error: ops with unknown memory side effects are not supported
func.func @stage(%buffer: memref<64xf32, #gpu.address_space<workgroup>>, %i: index, %j: index, %x: f32) -> f32 {
  memref.store %x, %buffer[%i] : memref<64xf32, #gpu.address_space<workgroup>>
  fusion.warp_sync
  %y = memref.load %buffer[%j] : memref<64xf32, #gpu.address_space<workgroup>>
  return %y : f32
}

// -----

// Waiting for asynchronous copies first: the lane's copies since the last
// commit become a group, and at most N groups stay in flight.
// CHECK-LABEL: func.func @after_copies
//       CHECK:   nvgpu.device_async_copy
//  CHECK-NEXT:   nvvm.cp.async.commit.group
//  CHECK-NEXT:   nvvm.cp.async.wait.group 1
//       CHECK:   nvvm.bar.warp.sync
//       CHECK:   nvvm.cp.async.commit.group
//  CHECK-NEXT:   nvvm.cp.async.wait.group 0
//       CHECK:   nvvm.bar.warp.sync
//   CHECK-NOT:   fusion.warp_sync
// DEALLOC-LABEL: func.func @after_copies
//       DEALLOC:   fusion.warp_sync pending_copy_groups 1
//       DEALLOC:   fusion.warp_sync pending_copy_groups 0
func.func @after_copies(%src: memref<64xf32>, %buffer: memref<64xf32, #gpu.address_space<workgroup>>, %i: index, %n: index) {
  %t = nvgpu.device_async_copy %src[%i], %buffer[%i], 1, %n : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
  fusion.warp_sync pending_copy_groups 1
  fusion.warp_sync pending_copy_groups 0
  return
}

// -----

// The block barrier, after the thread's copies where asked.
// CHECK-LABEL: func.func @block
//       CHECK:   memref.store
//  CHECK-NEXT:   nvvm.barrier0
//  CHECK-NEXT:   memref.load
//       CHECK:   nvgpu.device_async_copy
//  CHECK-NEXT:   nvvm.cp.async.commit.group
//  CHECK-NEXT:   nvvm.cp.async.wait.group 1
//  CHECK-NEXT:   nvvm.barrier0
//   CHECK-NOT:   fusion.block_sync
// DEALLOC-LABEL: func.func @block
//       DEALLOC:   fusion.block_sync
//       DEALLOC:   fusion.block_sync pending_copy_groups 1
func.func @block(%src: memref<64xf32>, %buffer: memref<64xf32, #gpu.address_space<workgroup>>, %i: index, %n: index, %x: f32) -> f32 {
  memref.store %x, %buffer[%i] : memref<64xf32, #gpu.address_space<workgroup>>
  fusion.block_sync
  %y = memref.load %buffer[%n] : memref<64xf32, #gpu.address_space<workgroup>>
  %t = nvgpu.device_async_copy %src[%i], %buffer[%i], 1, %n : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
  fusion.block_sync pending_copy_groups 1
  return %y : f32
}

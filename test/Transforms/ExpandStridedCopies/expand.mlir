// fusion-expand-strided-copies: a copy into or out of a strided view becomes
// an elementwise parallel loop (a kernel on the GPU, vectorizable code on
// the CPU, and no call into the C runner utilities); contiguous copies stay.
// RUN: fusion-opt %s --split-input-file --fusion-expand-strided-copies | FileCheck %s

// CHECK-LABEL: func.func @into_padded_interior
// CHECK: %[[S:.*]] = memref.subview %arg1[0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 1, 1]
// CHECK: scf.parallel (%[[A:.*]], %[[B:.*]], %[[C:.*]], %[[D:.*]]) = (%c0, %c0, %c0, %c0) to (%c1{{.*}}, %c2, %c4, %c4{{.*}}) step (%c1, %c1, %c1, %c1)
// CHECK: %[[X:.*]] = memref.load %arg0[%[[A]], %[[B]], %[[C]], %[[D]]]
// CHECK: memref.store %[[X]], %[[S]][%[[A]], %[[B]], %[[C]], %[[D]]]
// CHECK-NOT: memref.copy %arg0, %[[S]]
// CHECK: memref.copy %arg0, %arg2 : memref<1x2x4x4xf32> to memref<1x2x4x4xf32>
func.func @into_padded_interior(%in: memref<1x2x4x4xf32>, %padded: memref<1x2x6x6xf32>, %out: memref<1x2x4x4xf32>) {
  %interior = memref.subview %padded[0, 0, 1, 1] [1, 2, 4, 4] [1, 1, 1, 1] : memref<1x2x6x6xf32> to memref<1x2x4x4xf32, strided<[72, 36, 6, 1], offset: 7>>
  memref.copy %in, %interior : memref<1x2x4x4xf32> to memref<1x2x4x4xf32, strided<[72, 36, 6, 1], offset: 7>>
  memref.copy %in, %out : memref<1x2x4x4xf32> to memref<1x2x4x4xf32>
  return
}

// -----

// Out of a strided source, with a dynamic extent. A contiguous slice with an
// offset (one batch element) is copied element-wise too: gpu.memcpy's
// lowering takes only buffers without a layout map.
// CHECK-LABEL: func.func @from_strided
// CHECK: %[[N:.*]] = memref.dim %arg0, %{{.*}}
// CHECK: scf.parallel ({{.*}}) = (%c0, %c0) to (%c4, %[[N]])
// CHECK: scf.parallel ({{.*}}) = (%{{.*}}) to (%c8{{.*}})
// CHECK-NOT: memref.copy
func.func @from_strided(%src: memref<4x?xf32, strided<[16, 2]>>, %dst: memref<4x?xf32>, %row: memref<8xf32>, %all: memref<2x8xf32>) {
  memref.copy %src, %dst : memref<4x?xf32, strided<[16, 2]>> to memref<4x?xf32>
  %second = memref.subview %all[1, 0] [1, 8] [1, 1] : memref<2x8xf32> to memref<8xf32, strided<[1], offset: 8>>
  memref.copy %second, %row : memref<8xf32, strided<[1], offset: 8>> to memref<8xf32>
  return
}

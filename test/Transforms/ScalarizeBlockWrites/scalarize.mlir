// fusion-scalarize-block-writes: a register block written as one vector
// built from scalars becomes one memref.store per element, each at the
// element's place in the tile (the permutation map says which memref
// dimension each vector dimension walks). Other writes stay.
// RUN: fusion-opt %s --split-input-file --fusion-scalarize-block-writes | FileCheck %s

// NCHW: a 2 x 2 block of (channels, columns) into dims 1 and 3.
// CHECK-LABEL: func.func @nchw_block
//  CHECK-SAME:   (%[[M:.*]]: memref<1x2x1x2xf32, strided<[8, 4, 2, 1], offset: ?>>, %[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32, %[[D:.*]]: f32)
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   memref.store %[[A]], %[[M]][%[[C0]], %[[C0]], %[[C0]], %[[C0]]]
//       CHECK:   %[[J:.*]] = arith.addi %[[C0]], %{{.*}}
//       CHECK:   memref.store %[[B]], %[[M]][%[[C0]], %[[C0]], %[[C0]], %[[J]]]
//       CHECK:   %[[K:.*]] = arith.addi %[[C0]], %{{.*}}
//       CHECK:   memref.store %[[C]], %[[M]][%[[C0]], %[[K]], %[[C0]], %[[C0]]]
//       CHECK:   memref.store %[[D]], %[[M]][%[[C0]], %{{.*}}, %[[C0]], %{{.*}}]
//   CHECK-NOT:   vector.
func.func @nchw_block(%m: memref<1x2x1x2xf32, strided<[8, 4, 2, 1], offset: ?>>, %a: f32, %b: f32, %c: f32, %d: f32) {
  %c0 = arith.constant 0 : index
  %v = vector.from_elements %a, %b, %c, %d : vector<2x2xf32>
  vector.transfer_write %v, %m[%c0, %c0, %c0, %c0] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2, d3) -> (d1, d3)>} : vector<2x2xf32>, memref<1x2x1x2xf32, strided<[8, 4, 2, 1], offset: ?>>
  return
}

// -----

// A vector not built from scalars, and a write that may be out of bounds,
// stay as they are.
// CHECK-LABEL: func.func @others_stay
//       CHECK:   vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] {in_bounds = [true]}
//       CHECK:   vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}] : vector<2xf32>
//   CHECK-NOT:   memref.store
func.func @others_stay(%m: memref<8xf32>, %v: vector<2xf32>, %a: f32, %i: index) {
  vector.transfer_write %v, %m[%i] {in_bounds = [true]} : vector<2xf32>, memref<8xf32>
  %w = vector.from_elements %a, %a : vector<2xf32>
  vector.transfer_write %w, %m[%i] : vector<2xf32>, memref<8xf32>
  return
}

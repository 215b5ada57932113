// fusion-map-loops-to-gpu tiles each outermost scf.parallel and maps it:
// tiles to blocks and the tile to threads, the LAST (contiguous) dimension
// on x, the one before on thread y, the rest inside each thread.
// RUN: fusion-opt %s --split-input-file --fusion-map-loops-to-gpu | FileCheck %s

// CHECK-LABEL: func.func @rank4
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_z, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
func.func @rank4(%m: memref<2x8x16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%n, %c, %h, %w) = (%c0, %c0, %c0, %c0) to (%c2, %c8, %c16, %c64) step (%c1, %c1, %c1, %c1) {
    memref.store %zero, %m[%n, %c, %h, %w] : memref<2x8x16x64xf32>
  }
  return
}

// -----

// The tile sizes are folded to constants: the GPU conversion needs them.
// CHECK-LABEL: func.func @steps_folded
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: scf.parallel {{.*}} step (%{{.*}}, %[[C32]])
// CHECK-NOT: arith.muli
func.func @steps_folded(%m: memref<8x100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c100) step (%c1, %c1) {
    memref.store %zero, %m[%i, %j] : memref<8x100xf32>
  }
  return
}

// A loop whose last dimension is a warp's lanes (an mma_sync tile, marked
// #gpu.lane, 32 trips) gets exactly 32 threads on x, whatever `lanes` says.
// The dimension before is the warps of a block: where it is a constant of
// at most 8 (the warps a block's shared-memory stage is sized for,
// include/FusionDialect/Runtime/LaunchLimits.h, kMaxStagedWarps; as
// fusion-lower-to-loops makes it), thread y takes it whole, whatever
// `rows` says, since those warps share a stage and meet at block barriers.
// A longer one gets as many warps on y as lanes x rows allows, at most 8.
// RUN: fusion-opt %s --fusion-map-loops-to-gpu | FileCheck %s --check-prefix=DEFAULT
// RUN: fusion-opt %s --fusion-map-loops-to-gpu="lanes=32 rows=32" | FileCheck %s --check-prefix=CAPPED
// RUN: fusion-opt %s --fusion-map-loops-to-gpu="lanes=8 rows=4" | FileCheck %s --check-prefix=ONE
// RUN: fusion-opt %s --fusion-map-loops-to-gpu="lanes=32 rows=1" | FileCheck %s --check-prefix=WHOLE

// DEFAULT-LABEL: func.func @warp_tiles
//       DEFAULT:   scf.parallel ({{.*}}) = (%c0, %c0) to (%c64, %c32) step (%c4, %c32)
//       DEFAULT:     scf.parallel ({{.*}}) = (%c0, %c0) to (%c4, %c32) step (%c1, %c1)
//       DEFAULT:     } {mapping = [#gpu.loop_dim_map<processor = thread_y, {{.*}}>, #gpu.loop_dim_map<processor = thread_x, {{.*}}>]}
// CAPPED-LABEL: func.func @warp_tiles
//       CAPPED:   scf.parallel ({{.*}}) = (%c0, %c0) to (%c64, %c32) step (%c8, %c32)
//       CAPPED:     scf.parallel ({{.*}}) = (%c0, %c0) to (%c8, %c32) step (%c1, %c1)
// ONE-LABEL: func.func @warp_tiles
//       ONE:   scf.parallel ({{.*}}) = (%c0, %c0) to (%c64, %c32) step (%c1, %c32)
//       ONE:     scf.parallel ({{.*}}) = (%c0, %c0) to (%c1, %c32) step (%c1, %c1)
func.func @warp_tiles(%m: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%t, %lane) = (%c0, %c0) to (%c64, %c32) step (%c1, %c1) {
    %x = memref.load %m[%t, %lane] : memref<64x32xf32>
    memref.store %x, %m[%t, %lane] : memref<64x32xf32>
    scf.reduce
  } {mapping = [#gpu.warp<linear_dim_0>, #gpu.lane<linear_dim_0>]}
  return
}

// The warps of a block: 4 of them, whatever `rows` allows.
// DEFAULT-LABEL: func.func @block_warps
//       DEFAULT:   scf.parallel ({{.*}}) = (%c0, %c0, %c0) to (%c16, %c4, %c32) step (%c1, %c4, %c32)
//       DEFAULT:     scf.parallel ({{.*}}) = (%c0, %c0, %c0) to (%c1, %c4, %c32) step (%c1, %c1, %c1)
//       DEFAULT:     } {mapping = [#gpu.loop_dim_map<processor = thread_z, {{.*}}>, #gpu.loop_dim_map<processor = thread_y, {{.*}}>, #gpu.loop_dim_map<processor = thread_x, {{.*}}>]}
// WHOLE-LABEL: func.func @block_warps
//       WHOLE:     scf.parallel ({{.*}}) = (%c0, %c0, %c0) to (%c1, %c4, %c32) step (%c1, %c1, %c1)
// ONE-LABEL: func.func @block_warps
//       ONE:     scf.parallel ({{.*}}) = (%c0, %c0, %c0) to (%c1, %c4, %c32) step (%c1, %c1, %c1)
func.func @block_warps(%m: memref<16x4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  scf.parallel (%g, %w, %lane) = (%c0, %c0, %c0) to (%c16, %c4, %c32) step (%c1, %c1, %c1) {
    %x = memref.load %m[%g, %w, %lane] : memref<16x4x32xf32>
    memref.store %x, %m[%g, %w, %lane] : memref<16x4x32xf32>
    scf.reduce
  } {mapping = [#gpu.warp<linear_dim_1>, #gpu.warp<linear_dim_0>, #gpu.lane<linear_dim_0>]}
  return
}

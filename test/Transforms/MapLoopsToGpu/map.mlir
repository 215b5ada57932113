// fusion-map-loops-to-gpu: every outermost scf.parallel becomes blocks of
// threads with the LAST (contiguous) dimension on x, the one before on y and
// the leading dimensions collapsed onto z; blocks are sized to the extents
// (at most lanes x rows threads). Memory work outside parallel loops (strided
// copies, loops with no parallel dimension) is turned into parallel loops so
// that nothing but contiguous copies and launches stays on the host.
// RUN: fusion-opt %s --split-input-file --fusion-map-loops-to-gpu | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-map-loops-to-gpu="lanes=16 rows=2" | FileCheck %s --check-prefix=SMALL

// Rank 4: batch and channel collapse into one dimension (block z); W = 64
// fills 32 lanes, H takes the remaining 4 rows.
// CHECK-LABEL: func.func @rank4
// CHECK: scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = (%c0, %c0, %c0) to (%c16, %c16, %c64) step (%c1, %c4, %c32)
// CHECK: scf.parallel
// CHECK: arith.remsi %{{.*}}, %c8
// CHECK: arith.divsi %{{.*}}, %c8
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = thread_z, {{.*}}>, #gpu.loop_dim_map<processor = thread_y, {{.*}}>, #gpu.loop_dim_map<processor = thread_x, {{.*}}>]}
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_z, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_x, {{.*}}>]}
// SMALL-LABEL: func.func @rank4
// SMALL: step (%c1, %c2, %c16)
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

// A 7x7 map uses 8 x 8 threads, and the channels take the 2 threads of z
// that are left of 128: no block is mostly idle.
// CHECK-LABEL: func.func @small_map
// CHECK: scf.parallel ({{.*}}) = (%c0, %c0, %c0) to (%c64, %c7, %c7) step (%c2, %c8, %c8)
func.func @small_map(%m: memref<1x64x7x7xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%n, %c, %h, %w) = (%c0, %c0, %c0, %c0) to (%c1, %c64, %c7, %c7) step (%c1, %c1, %c1, %c1) {
    memref.store %zero, %m[%n, %c, %h, %w] : memref<1x64x7x7xf32>
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

// -----

// Rank 1 uses the whole budget along x.
// CHECK-LABEL: func.func @rank1
// CHECK: scf.parallel ({{.*}}) = (%c0) to (%c1000) step (%c128)
// CHECK: mapping = [#gpu.loop_dim_map<processor = thread_x
func.func @rank1(%m: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c1000) step (%c1) {
    memref.store %zero, %m[%i] : memref<1000xf32>
  }
  return
}

// -----

// Memory work outside parallel loops runs as one-thread kernels: a run of
// ops that touch buffers or use what they computed (a loop with no parallel
// dimension, a rank-0 load-compute-store) goes into one one-trip parallel
// loop; constants stay where they are, and the host keeps stack buffers.
// CHECK-LABEL: func.func @host_work
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c1) step (%c1)
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c1) step (%c1)
// CHECK: scf.for
// CHECK: memref.load %arg2[]
// CHECK: arith.truncf
// CHECK: memref.store %{{.*}}, %arg1[]
// CHECK: mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK: mapping = [#gpu.loop_dim_map<processor = block_x
// CHECK-NEXT: %[[LOCAL:.*]] = memref.alloca
// CHECK-NEXT: memref.store %[[ZERO]], %[[LOCAL]][]
// CHECK-NEXT: return
func.func @host_work(%v: memref<16xf32>, %s: memref<f32>, %d: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %v[%i] : memref<16xf32>
    %y = memref.load %s[] : memref<f32>
    %z = arith.addf %x, %y : f32
    memref.store %z, %s[] : memref<f32>
  }
  %wide = memref.load %d[] : memref<f64>
  %narrow = arith.truncf %wide : f64 to f32
  memref.store %narrow, %s[] : memref<f32>
  %local = memref.alloca() : memref<f32>
  memref.store %zero, %local[] : memref<f32>
  return
}

// -----

// A value read from a buffer that the host itself needs (here, returned)
// cannot move into a kernel: the load stays, and fusion-device-buffers
// reports it later rather than anything running wrong.
// CHECK-LABEL: func.func @host_needs_value
// CHECK-NOT: scf.parallel
// CHECK: %[[V:.*]] = memref.load %arg0[]
// CHECK: return %[[V]]
func.func @host_needs_value(%s: memref<f32>) -> f32 {
  %v = memref.load %s[] : memref<f32>
  return %v : f32
}

// -----

// Leading dimensions with nothing on x and y: thread z takes 64 of them, the
// hardware's most (it used to take lanes x rows = 128, which cuLaunchKernel
// refuses).
// CHECK-LABEL: func.func @leading_only
// CHECK: scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = (%c0, %c0, %c0) to (%c256, %c1, %c1) step (%c64, %c1, %c1)
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = thread_z, {{.*}}>, #gpu.loop_dim_map<processor = thread_y, {{.*}}>, #gpu.loop_dim_map<processor = thread_x, {{.*}}>]}
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_z, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_x, {{.*}}>]}
func.func @leading_only(%m: memref<4x64x1x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %cst = arith.constant 1.0 : f32
  scf.parallel (%a, %b, %c, %d) = (%c0, %c0, %c0, %c0) to (%c4, %c64, %c1, %c1) step (%c1, %c1, %c1, %c1) {
    memref.store %cst, %m[%a, %b, %c, %d] : memref<4x64x1x1xf32>
  }
  return
}

// -----

// More blocks on the leading dimension than grid z holds (65535): it trades
// places with grid x.
// CHECK-LABEL: func.func @many_blocks
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_z, {{.*}}>]}
func.func @many_blocks(%m: memref<8388608x1x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8388608 : index
  %cst = arith.constant 1.0 : f32
  scf.parallel (%a, %b, %c) = (%c0, %c0, %c0) to (%n, %c1, %c1) step (%c1, %c1, %c1) {
    memref.store %cst, %m[%a, %b, %c] : memref<8388608x1x1xf32>
  }
  return
}

// -----

// Too many blocks on two dimensions: the rows go to grid x, and each block
// walks two of the column blocks in sequence (a loop mapped sequential
// between the blocks and the threads).
// CHECK-LABEL: func.func @two_dimensions
// CHECK: scf.parallel {{.*}} to (%{{.*}}, %{{.*}}, %c1) step (%c1, %{{.*}}, %c1)
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = thread_z, {{.*}}>, #gpu.loop_dim_map<processor = thread_y, {{.*}}>, #gpu.loop_dim_map<processor = thread_x, {{.*}}>]}
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = sequential, {{.*}}>, #gpu.loop_dim_map<processor = sequential, {{.*}}>, #gpu.loop_dim_map<processor = sequential, {{.*}}>]}
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_z, {{.*}}>]}
func.func @two_dimensions(%m: memref<70000x8400000x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = arith.constant 70000 : index
  %k = arith.constant 8400000 : index
  %cst = arith.constant 1.0 : f32
  scf.parallel (%a, %b, %c) = (%c0, %c0, %c0) to (%r, %k, %c1) step (%c1, %c1, %c1) {
    memref.store %cst, %m[%a, %b, %c] : memref<70000x8400000x1xf32>
  }
  return
}

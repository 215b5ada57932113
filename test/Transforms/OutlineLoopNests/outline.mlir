// RUN: fusion-opt %s --split-input-file --fusion-outline-loop-nests=min-nests=2 | FileCheck %s
// Below the threshold nothing moves.
// RUN: fusion-opt %s --split-input-file --fusion-outline-loop-nests=min-nests=3 | FileCheck %s --check-prefix=KEEP
// Outlined, the program computes what it computed (two nests in a row, the
// second reading what the first wrote).
// RUN: fusion-opt %s --split-input-file --fusion-outline-loop-nests=min-nests=2 --convert-scf-to-cf --expand-strided-metadata --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void -shared-libs=%runner_libs | FileCheck %s --check-prefix=OUT

// Each loop nest of the body becomes a private function with internal
// linkage and LLVM's noinline, called in its place, with the buffers it
// reads and writes as arguments; index constants are cloned into it.
// CHECK-LABEL: func.func private @main_nest0(
// CHECK-SAME: %{{.*}}: memref<4xf32>
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK: scf.for
// CHECK: memref.store
// CHECK-LABEL: func.func private @main_nest1(
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK: scf.for
// CHECK-LABEL: func.func @main()
// CHECK: memref.alloc
// CHECK-NOT: scf.for
// CHECK: call @main_nest0(
// CHECK-NOT: scf.for
// CHECK: call @main_nest1(
// CHECK-NOT: scf.for
// CHECK: call @printMemrefF32
// KEEP-NOT: call @main_nest
// OUT: [2,  4,  6,  8]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %v = arith.addf %f, %one : f32
    memref.store %v, %a[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %b[%i] : memref<4xf32>
  }
  %u = memref.cast %b : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// A block of no threads is refused with a message.
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="lanes=0" 2>&1 | FileCheck %s
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="rows=0" 2>&1 | FileCheck %s
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="lanes=64 rows=32" 2>&1 | FileCheck %s --check-prefix=LARGE
// CHECK: error: fusion-map-loops-to-gpu: lanes and rows must be at least 1
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="lanes=4611686018427387904 rows=4" 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// LARGE: error: fusion-map-loops-to-gpu: lanes and rows must be at least 1, and lanes x rows at most 1024 (threads per block); got 64 x 32
// OVERFLOW: error: fusion-map-loops-to-gpu: lanes and rows must be at least 1, and lanes x rows at most 1024 (threads per block); got 4611686018427387904 x 4
func.func @f(%m: memref<8xf32>) {
  return
}

// A block of no threads is refused with a message.
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="lanes=0" 2>&1 | FileCheck %s
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="rows=0" 2>&1 | FileCheck %s
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="lanes=64 rows=32" 2>&1 | FileCheck %s --check-prefix=LARGE
// CHECK: error: fusion-map-loops-to-gpu: lanes and rows must be at least 1
// LARGE: error: fusion-map-loops-to-gpu: lanes and rows must be at least 1, and lanes x rows at most 1024 (threads per block); got 64 x 32
func.func @f(%m: memref<8xf32>) {
  return
}

// A block of no threads is refused with a message.
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="lanes=0" 2>&1 | FileCheck %s
// RUN: not fusion-opt %s --fusion-map-loops-to-gpu="rows=0" 2>&1 | FileCheck %s
// CHECK: error: fusion-map-loops-to-gpu: lanes and rows must be at least 1
func.func @f(%m: memref<8xf32>) {
  return
}

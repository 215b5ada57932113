// RUN: not fusion-opt %s --fusion-parallelize-reductions="min-chunk=64 min-inputs=100" 2>&1 | FileCheck %s
// CHECK: error: fusion-parallelize-reductions: min-chunk and target-threads must be at least 1, min-inputs at least 2 x min-chunk, max-outputs at least 0
func.func @f() {
  return
}

// Two dimensions with more blocks than grid y and z hold (65535): 70000 rows
// go to grid x, and the 65625 blocks of 128 columns are walked two per
// block in sequence (grid y 32813). Unfused: compiling is the check
// (fusion-check-launch-limits proves the launch), the remark shows it.
// RUN: fusion-opt %s --fusion-to-ptx="fuse=false explain-launches" -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: launch two_large_kernel::two_large_kernel grid (70000, 32813, 1) block (1, 128, 1)
func.func @two_large(%x: tensor<70000x8400000x1xf32>) -> tensor<70000x8400000x1xf32> {
  %e = tensor.empty() : tensor<70000x8400000x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<70000x8400000x1xf32>) outs(%e : tensor<70000x8400000x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.absf %in : f32
    linalg.yield %0 : f32
  } -> tensor<70000x8400000x1xf32>
  return %r : tensor<70000x8400000x1xf32>
}

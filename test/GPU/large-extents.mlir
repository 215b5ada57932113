// Large leading extents keep every launch within the hardware's limits
// (fusion-check-launch-limits proves them, so compiling is the check; the
// remarks show the shapes): thread z holds at most 64 threads (batch and
// channel blocks collapsed on it used to ask for 128), and a loop whose
// blocks would overflow grid y or z (65535) trades places with grid x
// (2^31 - 1). large-grid.mlir has two such dimensions.
// RUN: fusion-opt %s --split-input-file --fusion-to-ptx="explain-launches" -o /dev/null 2>&1 | FileCheck %s

// Batch 256, 800 output channels (200 blocks of 4): the leading dimensions
// collapse to 51200 on block z and thread z.
// CHECK-LABEL: remark: launch batch256_kernel::batch256_kernel grid (1, 7, 256) block (4, 32, 1)
func.func @batch256(%x: tensor<256x8x6x6xf32>) -> tensor<256x800x4x4xf32> {
  %w = arith.constant dense<0.125> : tensor<800x8x3x3xf32>
  %b = arith.constant dense<0.5> : tensor<800xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x800x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x800x4x4xf32>) -> tensor<256x800x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<256x8x6x6xf32>, tensor<800x8x3x3xf32>) outs(%f : tensor<256x800x4x4xf32>) -> tensor<256x800x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<256x800x4x4xf32>, tensor<800xf32>) outs(%e : tensor<256x800x4x4xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %0 = arith.addf %in, %bias : f32
    %1 = arith.maximumf %0, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<256x800x4x4xf32>
  return %r : tensor<256x800x4x4xf32>
}

// -----

// 2^23 rows of one element: 131072 blocks of 64 threads, on grid x rather
// than grid z.
// CHECK-LABEL: remark: launch rows_kernel::rows_kernel grid (131072, 1, 1) block (1, 1, 64)
func.func @rows(%x: tensor<8388608x1x1xf32>) -> tensor<8388608x1x1xf32> {
  %e = tensor.empty() : tensor<8388608x1x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<8388608x1x1xf32>) outs(%e : tensor<8388608x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.absf %in : f32
    linalg.yield %0 : f32
  } -> tensor<8388608x1x1xf32>
  return %r : tensor<8388608x1x1xf32>
}

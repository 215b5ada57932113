// Fused vs unfused parity on random frames for one frontend form; the
// structural checks for it are in test/Transforms/FuseChains/linalg-forms-f16.mlir
// (@f16_extf_bn_relu_truncf).
//
// An f16 model whose BN runs in f32 (autocast-style export): conv on f16,
// an arith.extf generic to f32, the BN and ReLU in f32, an arith.truncf
// generic back to f16. The fused op is f16 in and f16 out; the precision
// changes inside the chain are carried by the op's f32 epilogue.
//
// The default tolerance follows the f16 outputs (rtol 3.9e-3, 8 unit
// roundoffs): the unfused baseline runs the conv in f16 (every multiply-add
// rounded to f16, so its error grows to a few f16 ulps of the accumulator:
// up to 7.8e-3 here in an f16 simulation over 200 frames), while the fused op
// accumulates in f32 and rounds once; where an element misses the tolerance
// the output passes within twice the reference's own error against the f64
// model. A wrong fold is still caught: the BN scales are 0.75, -0.67 and
// 0.8, so an unscaled filter is off by 25% or more.
// RUN: fusion-verify %s --frames=4 | FileCheck %s
// RUN: not fusion-verify %s --frames=4 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: rtol 3.906250e-03, atol 1.000000e-05, fused ops 1
// CHECK: PASS
// WRONG: FAIL

func.func @f16_extf_bn_relu_truncf(%x: tensor<1x2x4x4xf16>) -> tensor<1x3x4x4xf16> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf16>
  %g = arith.constant dense<[0.9, -0.6, 1.2]> : tensor<3xf32>
  %b = arith.constant dense<[0.4, 0.1, -0.6]> : tensor<3xf32>
  %m = arith.constant dense<[-0.3, 0.2, 0.7]> : tensor<3xf32>
  %v = arith.constant dense<[1.44, 0.81, 2.25]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zh : f16
  } : tensor<1x2x4x4xf16> to tensor<1x2x6x6xf16>
  %eh = tensor.empty() : tensor<1x3x4x4xf16>
  %f = linalg.fill ins(%zh : f16) outs(%eh : tensor<1x3x4x4xf16>) -> tensor<1x3x4x4xf16>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf16>, tensor<3x2x3x3xf16>) outs(%f : tensor<1x3x4x4xf16>) -> tensor<1x3x4x4xf16>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %c32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf16>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f16, %out: f32):
    %1 = arith.extf %in : f16 to f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c32, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c32 : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  %r16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<1x3x4x4xf32>) outs(%eh : tensor<1x3x4x4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %1 = arith.truncf %in : f32 to f16
    linalg.yield %1 : f16
  } -> tensor<1x3x4x4xf16>
  return %r16 : tensor<1x3x4x4xf16>
}

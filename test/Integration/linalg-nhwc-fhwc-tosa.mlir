// Fused vs unfused parity on random frames for one frontend form; the
// structural checks for it are in test/Transforms/FuseChains/linalg-forms.mlir
// (@nhwc_fhwc_tosa_bn_clamp).
//
// NHWC as tosa-to-linalg emits tosa.conv2d: linalg.conv_2d_nhwc_fhwc whose
// init is a (d3) broadcast generic of the bias; the TOSA batch norm (sub,
// mul by rsqrt(var + eps) computed on 1x1x1xC constants, mul, add) reads
// collapsed rank-1 parameters with (d3) maps; tosa.clamp(-1, 4) is one
// generic with minimumf then maximumf on scalar bounds.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s

// CHECK: fused ops 1
// CHECK: PASS

func.func @nhwc_fhwc_tosa_bn_clamp(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = arith.constant dense<[[[[0.5, 0.4], [0.3, 0.2], [0.1, 0.3]], [[-0.1, -0.2], [-0.3, -0.4], [-0.5, -0.6]], [[-0.7, -0.8], [-0.9, 0.9], [0.8, 0.7]]], [[[0.6, 0.5], [0.4, 0.3], [0.2, 0.1]], [[0.3, -0.1], [-0.2, -0.3], [-0.4, -0.5]], [[-0.6, -0.7], [-0.8, -0.9], [0.9, 0.8]]], [[[0.7, 0.6], [0.5, 0.4], [0.3, 0.2]], [[0.1, 0.3], [-0.1, -0.2], [-0.3, -0.4]], [[-0.5, -0.6], [-0.7, -0.8], [-0.9, 0.9]]]]> : tensor<3x3x3x2xf32>
  %bias = arith.constant dense<[0.3, -0.1, 0.2]> : tensor<3xf32>
  %g4 = arith.constant dense<[[[[0.75, -1.5, 1.25]]]]> : tensor<1x1x1x3xf32>
  %b4 = arith.constant dense<[[[[0.4, 0.1, -0.6]]]]> : tensor<1x1x1x3xf32>
  %m4 = arith.constant dense<[[[[-0.3, 0.2, 0.7]]]]> : tensor<1x1x1x3xf32>
  %v4 = arith.constant dense<[[[[1.44, 0.16, 2.25]]]]> : tensor<1x1x1x3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32>
  %e = tensor.empty() : tensor<1x4x4x3xf32>
  %binit = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bias : tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x4x3xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x6x6x2xf32>, tensor<3x3x3x2xf32>) outs(%binit : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %ep = tensor.empty() : tensor<1x1x1x3xf32>
  %rs = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%v4 : tensor<1x1x1x3xf32>) outs(%ep : tensor<1x1x1x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %eps = arith.constant 1.0e-3 : f32
    %1 = arith.addf %in, %eps : f32
    %2 = math.rsqrt %1 : f32
    linalg.yield %2 : f32
  } -> tensor<1x1x1x3xf32>
  %m1 = tensor.collapse_shape %m4 [[0, 1, 2, 3]] : tensor<1x1x1x3xf32> into tensor<3xf32>
  %r1 = tensor.collapse_shape %rs [[0, 1, 2, 3]] : tensor<1x1x1x3xf32> into tensor<3xf32>
  %g1 = tensor.collapse_shape %g4 [[0, 1, 2, 3]] : tensor<1x1x1x3xf32> into tensor<3xf32>
  %b1 = tensor.collapse_shape %b4 [[0, 1, 2, 3]] : tensor<1x1x1x3xf32> into tensor<3xf32>
  %sub = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m1 : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.subf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x3xf32>
  %mul = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sub, %r1 : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.mulf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x3xf32>
  %mulg = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mul, %g1 : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.mulf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x3xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mulg, %b1 : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.addf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x3xf32>
  %cl = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x4x4x3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.constant -1.0 : f32
    %hi = arith.constant 4.0 : f32
    %1 = arith.minimumf %in, %hi : f32
    %2 = arith.maximumf %1, %lo : f32
    linalg.yield %2 : f32
  } -> tensor<1x4x4x3xf32>
  return %cl : tensor<1x4x4x3xf32>
}

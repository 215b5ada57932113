// Fused vs unfused parity on random frames for one frontend form; the
// structural checks for it are in test/Transforms/FuseChains/linalg-forms.mlir
// (@nhwc_hwcm_collapse_bias_clamp).
//
// NHWC depthwise as tosa-to-linalg emits tosa.depthwise_conv2d with channel
// multiplier 2: linalg.depthwise_conv_2d_nhwc_hwcm on a zero-filled init,
// tensor.collapse_shape [[0], [1], [2], [3, 4]] to C*M channels, then a
// separate (d3) bias-add generic and tosa.clamp(0, 6) (max then min). No
// BN: a conv_bias_act whose bias is the folded shift, act relu6.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// The fused program with its loops tiled, collapsed and mapped as for the
// GPU (fusion-map-loops-to-gpu), run on the host: the GPU index arithmetic.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-gpu-loop-mapping | FileCheck %s --check-prefix=MAPPED

// CHECK: fused ops 1
// CHECK: PASS
// MAPPED: PASS

func.func @nhwc_hwcm_collapse_bias_clamp(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<[[[[-0.3, -0.4], [-0.5, -0.6]], [[-0.7, -0.8], [-0.9, 0.9]], [[0.8, 0.7], [0.6, 0.5]]], [[[0.4, 0.3], [0.2, 0.1]], [[0.3, -0.1], [-0.2, -0.3]], [[-0.4, -0.5], [-0.6, -0.7]]], [[[-0.8, -0.9], [0.9, 0.8]], [[0.7, 0.6], [0.5, 0.4]], [[0.3, 0.2], [0.1, 0.3]]]]> : tensor<3x3x2x2xf32>
  %bias = arith.constant dense<[0.5, -0.25, 0.125, -1.0]> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32>
  %e5 = tensor.empty() : tensor<1x4x4x2x2xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<1x4x4x2x2xf32>) -> tensor<1x4x4x2x2xf32>
  %c5 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x6x6x2xf32>, tensor<3x3x2x2xf32>) outs(%f5 : tensor<1x4x4x2x2xf32>) -> tensor<1x4x4x2x2xf32>
  %c = tensor.collapse_shape %c5 [[0], [1], [2], [3, 4]] : tensor<1x4x4x2x2xf32> into tensor<1x4x4x4xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<1x4x4x4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.addf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x4xf32>
  %cl = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.constant 0.0 : f32
    %hi = arith.constant 6.0 : f32
    %1 = arith.maximumf %in, %lo : f32
    %2 = arith.minimumf %1, %hi : f32
    linalg.yield %2 : f32
  } -> tensor<1x4x4x4xf32>
  return %cl : tensor<1x4x4x4xf32>
}

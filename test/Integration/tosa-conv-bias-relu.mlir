// TFLite CONV_2D -> TOSA: a real per-channel bias in tosa.conv2d, no BatchNorm,
// ReLU; fuses to fusion.conv_bias_act.
// Fused and unfused programs agree on random frames.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s

// CHECK: fused ops 1
// CHECK: PASS

func.func @net(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<[[[[0.9, -0.38], [0.54, -0.33], [-0.67, -0.3]], [[0.5, -0.7], [0.32, -0.3], [-0.66, -0.14]], [[-0.23, -0.08], [0.76, 0.84], [-0.55, 0.98]]], [[[0.22, 0.92], [0.63, 0.05], [-0.5, 0.86]], [[1.0, 0.25], [-0.77, 0.65], [0.53, 0.76]], [[0.95, 0.95], [0.47, -0.22], [0.06, 0.01]]], [[[0.52, 0.25], [0.65, 0.03], [0.18, 0.93]], [[0.58, 0.86], [0.4, -0.75], [-0.16, -0.42]], [[-0.47, -0.75], [-0.78, -0.04], [0.57, 0.73]]]]> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<[0.76, -0.3, 0.58]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %c {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// TF Conv2D + BiasAdd + Relu -> TOSA: the bias is a separate tosa.add of a
// reshaped rank-1 constant; fuses to fusion.conv_bias_act.
// Fused and unfused programs agree on random frames.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s

// CHECK: fused ops 1
// CHECK: PASS

func.func @net(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<[[[[0.42, 0.8, -0.97], [0.88, 0.64, -0.89]], [[0.61, 0.61, -0.62], [0.94, -0.27, -0.1]], [[0.31, 0.38, 0.49], [-0.44, -0.03, -0.73]]], [[[-0.45, -0.02, -0.85], [-0.3, 0.63, -0.64]], [[-0.13, -0.93, 0.48], [-0.8, -0.64, 0.49]], [[-0.12, 0.11, 0.22], [-0.01, -0.15, -0.69]]], [[[-0.72, -0.59, -0.51], [-0.36, 0.78, -0.57]], [[-0.74, -0.46, -0.74], [0.66, 0.91, 0.53]], [[0.91, 0.1, -0.09], [-0.23, 0.31, -0.52]]]]> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %bias1 = "tosa.const"() <{values = dense<[0.05, -0.22, 0.34]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %bias = tosa.reshape %bias1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %ba = tosa.add %c, %bias : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %ba {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// torch-mlir -> TOSA: conv + BatchNorm + aten.silu as tosa.sigmoid and a
// tosa.mul of the BatchNorm value by it (a diamond).
// Fused and unfused programs agree on random frames (non-trivial weights and
// BatchNorm statistics: gamma != 1, beta != 0, mean != 0, var != 1).
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// A deliberately wrong fold (filter left unscaled) is caught.
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: fused ops 1
// CHECK: PASS
// WRONG: FAIL

func.func @net(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<[[[[-0.74, 0.63, 0.76], [-0.23, -0.45, -0.61], [-0.84, -0.57, -0.6]], [[0.71, -0.62, -0.62], [0.86, 0.83, -0.8], [-0.35, 0.98, -0.22]]], [[[0.26, 0.38, 0.29], [-0.89, 0.45, 0.63], [-0.1, -0.31, 0.45]], [[0.98, 0.89, -0.6], [0.52, -0.02, 0.97], [0.94, -0.03, 0.8]]], [[[0.77, -0.78, -0.19], [0.89, -0.53, -0.12], [0.26, -0.29, 0.57]], [[-0.64, 0.2, 0.1], [-0.95, 0.58, 0.58], [0.7, -0.62, 0.06]]]]> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[-0.7]], [[0.47]], [[0.23]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[2.7]], [[0.58]], [[0.91]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-1.71]], [[1.71]], [[0.58]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[-0.72]], [[0.48]], [[-0.11]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %ct, %mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %1 = tosa.add %var, %eps : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %2 = tosa.pow %1, %half : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %3 = tosa.reciprocal %2 : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %4 = tosa.mul %0, %3, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %5 = tosa.mul %gamma, %4, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %6 = tosa.add %5, %beta : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %s = tosa.sigmoid %6 : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = tosa.mul %6, %s, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

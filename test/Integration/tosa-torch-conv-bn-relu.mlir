// torch-mlir -> TOSA: NCHW transposes around an NHWC tosa.conv2d with a real
// per-channel bias, OIHW weight transposed to OHWI, decomposed BatchNorm
// (pow(var + eps, 0.5), reciprocal, constant-first tosa.mul with a shift
// operand), ReLU as tosa.clamp [0, FLT_MAX].
// Fused and unfused programs agree on random frames (non-trivial weights and
// BatchNorm statistics: gamma != 1, beta != 0, mean != 0, var != 1).
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// A deliberately wrong fold (filter left unscaled) is caught.
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: fused ops 1
// CHECK: PASS
// WRONG: FAIL

func.func @net(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<[[[[0.85, -0.07, 0.33], [-0.57, -0.56, -0.42], [0.38, -0.58, 0.94]], [[-0.86, -0.61, -0.82], [0.54, -0.27, -0.06], [-0.35, 0.27, -0.19]]], [[[-0.58, -0.14, -0.39], [-0.78, 0.65, 0.36], [0.33, 0.76, -0.21]], [[-0.24, -0.15, -0.19], [0.34, -0.99, -0.07], [0.07, -0.31, -0.96]]], [[[0.41, -0.98, 0.13], [-0.69, -0.93, -0.64], [-0.87, -0.7, 0.37]], [[0.46, -0.27, 0.3], [-0.05, 0.13, 0.75], [-0.38, 0.74, 0.38]]]]> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<[0.16, -0.61, 0.93]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.37]], [[-0.99]], [[-0.83]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[0.29]], [[1.17]], [[2.85]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[1.5]], [[1.35]], [[-1.52]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[0.41]], [[0.55]], [[0.62]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
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
  %r = tosa.clamp %6 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// TF -> TOSA, NHWC: tf.LeakyRelu(alpha = 0.2) as its TOSA legalization
// writes it, select(greater_equal(x, 0), x, mul(x, alpha)), after a
// FusedBatchNorm: x, the BatchNorm result, is read by the compare, the
// multiply and the select, all inside the activation, so the chain fuses.
// Fused and unfused programs agree on random frames; the same model after
// tosa-to-linalg (three generics: compare, multiply, select) fuses too.
// RUN: fusion-verify %s --frames=4 | FileCheck %s
// RUN: fusion-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor))" -o %t.linalg.mlir
// RUN: FileCheck %s --check-prefix=LINALG < %t.linalg.mlir
// RUN: fusion-verify %t.linalg.mlir --frames=4 | FileCheck %s
// A deliberately wrong fold (filter left unscaled) is caught.
// RUN: not fusion-verify %s --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: fused ops 1
// CHECK: PASS
// WRONG: FAIL
// LINALG: arith.cmpf oge
// LINALG: arith.select

func.func @net(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<[[[[-0.7, 0.23, -0.66], [0.43, 0.22, -0.23]], [[0.23, 0.13, -0.91], [0.06, 0.24, 0.04]], [[0.76, 0.47, -0.25], [-0.55, -0.74, 0.62]]], [[[0.38, 0.22, -0.12], [0.13, -0.56, 0.06]], [[-0.71, 0.24, 0.26], [0.34, -0.51, -0.82]], [[-0.33, 0.38, 0.02], [0.5, -0.14, -0.2]]], [[[0.82, -0.67, -0.59], [0.18, 0.26, -0.13]], [[0.12, -0.12, 0.34], [0.78, 0.65, 0.28]], [[-0.06, 0.9, -0.11], [0.25, 0.74, 0.37]]]]> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x6x6x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.22, 0.49, 0.2]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[2.76, 1.94, 1.69]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[1.9, 0.11, -0.41]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.88, 0.89, -0.66]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x3x3x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x3x3x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x3x3x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x3x3x3xf32>
  %alpha = "tosa.const"() <{values = dense<0.2> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %m = tosa.mul %5, %alpha, %shift : (tensor<1x3x3x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x3x3x3xf32>
  %zero = "tosa.const"() <{values = dense<0.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %ge = tosa.greater_equal %5, %zero : (tensor<1x3x3x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x3x3xi1>
  %r = tosa.select %ge, %5, %m : (tensor<1x3x3x3xi1>, tensor<1x3x3x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}

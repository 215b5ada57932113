// Hardswish and hardsigmoid as TOSA frontends emit them, with 1/6 either
// computed (tosa.reciprocal of 6) or already an f32 constant (0.16666667, what
// TFLite legalization and constant folding produce). Both are the named
// activation: f32(1/6) differs from 1/6 by 3e-8 relative, below f32 rounding.
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics | FileCheck %s

// TFLite HARD_SWISH -> TOSA: (x * clamp(x + 3, 0, 6)) * 0.16666667 (1/6 as an f32
// constant).

// CHECK-LABEL: func.func @tflite_hardswish(
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act
// CHECK-SAME:      act <hardswish> : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @tflite_hardswish(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + hardswish}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.04, 0.61, 0.92]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %var = "tosa.const"() <{values = dense<[[[[1.01, 2.35, 2.17]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[0.65, -1.56, -1.89]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %beta = "tosa.const"() <{values = dense<[[[[-0.23, 0.49, -0.5]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %three = "tosa.const"() <{values = dense<3.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %sixth = "tosa.const"() <{values = dense<0.166666672> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %a = tosa.add %5, %three : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x4x3xf32>
  %cl = tosa.clamp %a {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %m = tosa.mul %5, %cl, %shift : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %r = tosa.mul %m, %sixth, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// torch-mlir -> TOSA aten.hardswish: x * (clamp(x + 3, 0, 6) * reciprocal(6)).

// CHECK-LABEL: func.func @torch_hardswish(
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act
// CHECK-SAME:      act <hardswish> : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @torch_hardswish(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + hardswish}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.13, -0.37, 0.69]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %var = "tosa.const"() <{values = dense<[[[[2.85, 1.32, 3.0]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-1.75, 1.25, 1.5]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %beta = "tosa.const"() <{values = dense<[[[[-0.7, 0.41, 0.12]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %three = "tosa.const"() <{values = dense<3.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %six = "tosa.const"() <{values = dense<6.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %sixth = tosa.reciprocal %six : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %a = tosa.add %5, %three : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x4x3xf32>
  %cl = tosa.clamp %a {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %d = tosa.mul %cl, %sixth, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %r = tosa.mul %d, %5, %shift : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// torch-mlir -> TOSA aten.hardsigmoid after constant folding:
// clamp(x + 3, 0, 6) * 0.16666667.

// CHECK-LABEL: func.func @folded_hardsigmoid(
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act
// CHECK-SAME:      act <hardsigmoid> : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @folded_hardsigmoid(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + hardsigmoid}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.91, -0.58, 0.08]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %var = "tosa.const"() <{values = dense<[[[[2.67, 1.99, 1.07]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-1.67, 1.76, -0.1]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %beta = "tosa.const"() <{values = dense<[[[[0.99, -0.72, 0.62]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %three = "tosa.const"() <{values = dense<3.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %sixth = "tosa.const"() <{values = dense<0.166666672> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %a = tosa.add %5, %three : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x4x3xf32>
  %cl = tosa.clamp %a {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.mul %cl, %sixth, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

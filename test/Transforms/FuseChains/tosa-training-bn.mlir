// fusion-fuse on BatchNorm in training mode as TOSA frontends emit it: the
// statistics are reductions over the conv output, so nothing folds, and the
// explanation names the cause (training_mode_bn).
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics | FileCheck %s

// TF -> TOSA FusedBatchNorm with is_training=true, NHWC: the batch mean and
// variance are tosa.reduce_sum over the conv output. Not a fold candidate, and
// the reason must say so (training_mode_bn), not multi_use.

// CHECK-LABEL: func.func @tf_training_bn(
// CHECK-NOT:     fusion.conv_bn_act
// CHECK:         tosa.conv2d
// CHECK:         tosa.reduce_sum

func.func @tf_training_bn(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<[[[[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]], [[0.7, 0.8], [-0.9, 0.1], [0.2, 0.3]], [[0.4, -0.5], [0.6, 0.7], [0.8, -0.9]]], [[[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]], [[-0.7, 0.8], [0.9, 0.1], [0.2, -0.3]], [[0.4, 0.5], [-0.6, 0.7], [0.8, 0.9]]], [[[-0.1, 0.2], [0.3, 0.4], [0.5, -0.6]], [[0.7, 0.8], [0.9, -0.1], [0.2, 0.3]], [[-0.4, 0.5], [0.6, 0.7], [-0.8, 0.9]]]]> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %inv = "tosa.const"() <{values = dense<0.0625> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-3> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  // expected-remark @below {{not fused [training_mode_bn]: tosa.conv2d}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %s1 = tosa.reduce_sum %c {axis = 1 : i32} : (tensor<1x4x4x3xf32>) -> tensor<1x1x4x3xf32>
  %s2 = tosa.reduce_sum %s1 {axis = 2 : i32} : (tensor<1x1x4x3xf32>) -> tensor<1x1x1x3xf32>
  %mean = tosa.mul %s2, %inv, %shift : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x1x1x3xf32>
  %d = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %d2 = tosa.mul %d, %d, %shift : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %v1 = tosa.reduce_sum %d2 {axis = 1 : i32} : (tensor<1x4x4x3xf32>) -> tensor<1x1x4x3xf32>
  %v2 = tosa.reduce_sum %v1 {axis = 2 : i32} : (tensor<1x1x4x3xf32>) -> tensor<1x1x1x3xf32>
  %var = tosa.mul %v2, %inv, %shift : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x1x1x3xf32>
  %ve = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %rs = tosa.rsqrt %ve : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %n = tosa.mul %d, %rs, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %n {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// torch-mlir -> TOSA, aten.batch_norm(training=True) decomposed: the batch
// mean is a tosa.reduce_sum over the NCHW conv result (axes 0, 2, 3).

// CHECK-LABEL: func.func @torch_training_bn(
// CHECK-NOT:     fusion.conv_bn_act
// CHECK:         tosa.conv2d
// CHECK:         tosa.reduce_sum

func.func @torch_training_bn(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %inv = "tosa.const"() <{values = dense<0.0625> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  // expected-remark @below {{not fused [training_mode_bn]: tosa.conv2d}}
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %s0 = tosa.reduce_sum %ct {axis = 0 : i32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %s1 = tosa.reduce_sum %s0 {axis = 2 : i32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x1x4xf32>
  %s2 = tosa.reduce_sum %s1 {axis = 3 : i32} : (tensor<1x3x1x4xf32>) -> tensor<1x3x1x1xf32>
  %mean = tosa.mul %s2, %inv, %shift : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x3x1x1xf32>
  %d = tosa.sub %ct, %mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %r = tosa.clamp %d {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

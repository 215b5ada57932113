// torch-mlir's TOSA spelling of a grouped conv (per-group slices, one
// tosa.conv2d per group, a channel concat) is read as one grouped conv only
// when the slices provably are the groups in order; otherwise each conv is
// what it is, and a conv whose only user is a concat has no chain (no
// candidate, no remark). The matched form and its numerics:
// Integration/tosa-grouped-split.mlir.
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics | FileCheck %s

// The groups' input slices swapped: group 0 reads channels 2-3. Not a
// grouped conv (the concat would put the outputs in another order).

// CHECK-LABEL: func.func @slices_out_of_order(
// CHECK-NOT:     fusion.conv_bias_act
// CHECK-COUNT-2: tosa.conv2d
// CHECK:         tosa.concat

func.func @slices_out_of_order(%xt: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<4x3x3x2xf32>}> : () -> tensor<4x3x3x2xf32>
  %bias = "tosa.const"() <{values = dense<0.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %scale = "tosa.const"() <{values = dense<[[[[2.0, 3.0, 4.0, 5.0]]]]> : tensor<1x1x1x4xf32>}> : () -> tensor<1x1x1x4xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s0 = tosa.const_shape {values = dense<[0, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s1 = tosa.const_shape {values = dense<[0, 0, 0, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %f1 = tosa.const_shape {values = dense<[2, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %isz = tosa.const_shape {values = dense<[1, 4, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %fsz = tosa.const_shape {values = dense<[2, 3, 3, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %x0 = tosa.slice %xt, %s1, %isz : (tensor<1x4x4x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x4x4x2xf32>
  %w0 = tosa.slice %w, %s0, %fsz : (tensor<4x3x3x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x3x3x2xf32>
  %c0 = tosa.conv2d %x0, %w0, %bias, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %x1 = tosa.slice %xt, %s0, %isz : (tensor<1x4x4x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x4x4x2xf32>
  %w1 = tosa.slice %w, %f1, %fsz : (tensor<4x3x3x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x3x3x2xf32>
  %c1 = tosa.conv2d %x1, %w1, %bias, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.concat %c0, %c1 {axis = 3 : i32} : (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32>
  %m = tosa.mul %c, %scale, %shift : (tensor<1x4x4x4xf32>, tensor<1x1x1x4xf32>, tensor<1xi8>) -> tensor<1x4x4x4xf32>
  %r = tosa.clamp %m {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

// -----

// Each group adds its own bias and the biases are not slices of one: the
// whole has no single per-channel bias to read, so it is not regrouped.

// CHECK-LABEL: func.func @unrelated_group_biases(
// CHECK-NOT:     fusion.conv_bias_act
// CHECK-COUNT-2: tosa.conv2d
// CHECK:         tosa.concat

func.func @unrelated_group_biases(%xt: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<4x3x3x2xf32>}> : () -> tensor<4x3x3x2xf32>
  %bias0 = "tosa.const"() <{values = dense<[0.5, -0.5]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %bias1 = "tosa.const"() <{values = dense<[0.25, 1.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %scale = "tosa.const"() <{values = dense<[[[[2.0, 3.0, 4.0, 5.0]]]]> : tensor<1x1x1x4xf32>}> : () -> tensor<1x1x1x4xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s0 = tosa.const_shape {values = dense<[0, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s1 = tosa.const_shape {values = dense<[0, 0, 0, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %f1 = tosa.const_shape {values = dense<[2, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %isz = tosa.const_shape {values = dense<[1, 4, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %fsz = tosa.const_shape {values = dense<[2, 3, 3, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %x0 = tosa.slice %xt, %s0, %isz : (tensor<1x4x4x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x4x4x2xf32>
  %w0 = tosa.slice %w, %s0, %fsz : (tensor<4x3x3x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x3x3x2xf32>
  %c0 = tosa.conv2d %x0, %w0, %bias0, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %x1 = tosa.slice %xt, %s1, %isz : (tensor<1x4x4x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x4x4x2xf32>
  %w1 = tosa.slice %w, %f1, %fsz : (tensor<4x3x3x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x3x3x2xf32>
  %c1 = tosa.conv2d %x1, %w1, %bias1, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.concat %c0, %c1 {axis = 3 : i32} : (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32>
  %m = tosa.mul %c, %scale, %shift : (tensor<1x4x4x4xf32>, tensor<1x1x1x4xf32>, tensor<1xi8>) -> tensor<1x4x4x4xf32>
  %r = tosa.clamp %m {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

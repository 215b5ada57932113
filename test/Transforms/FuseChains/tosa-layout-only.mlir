// A torch-mlir conv with nothing after it but its layout transposes has no
// chain to fuse: like the same conv in NHWC, it is no candidate (no remark)
// and stays a tosa.conv2d.
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics | FileCheck %s

// torch-mlir -> TOSA: conv then max_pool; the NCHW->NHWC transpose pair
// between them is all that follows the conv.

// CHECK-LABEL: func.func @torch_conv_maxpool(
// CHECK-NOT:     fusion.conv_bias_act
// CHECK:         tosa.conv2d
// CHECK:         tosa.max_pool2d

func.func @torch_conv_maxpool(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x2x2xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %pt = tosa.transpose %ct {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32>
  %p = tosa.max_pool2d %pt {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x2x2x3xf32>
  %o = tosa.transpose %p {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x3xf32>) -> tensor<1x3x2x2xf32>
  return %o : tensor<1x3x2x2xf32>
}

// -----

// torch-mlir -> TOSA: the conv is the model's output (NCHW).

// CHECK-LABEL: func.func @torch_conv_output(
// CHECK-NOT:     fusion.conv_bias_act
// CHECK:         tosa.conv2d
// CHECK:         tosa.transpose

func.func @torch_conv_output(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<[0.5, -0.5, 0.25]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  return %ct : tensor<1x3x4x4xf32>
}

// -----

// A same-rank reshape that moves only unit dimensions is a layout change
// (torch-mlir's transpose at 1x1 spatial, see
// Integration/tosa-unit-spatial-reshape.mlir); one that regroups non-unit
// extents reorders the data and is not. The chain ends at the conv, which
// alone is no candidate, and the BatchNorm-like ops after the reshape stay.

// CHECK-LABEL: func.func @reshape_that_reorders(
// CHECK-NOT:     fusion.conv_bias_act
// CHECK:         tosa.conv2d
// CHECK:         tosa.reshape
// CHECK:         tosa.mul
// CHECK:         tosa.clamp

func.func @reshape_that_reorders(%x: tensor<1x2x2x2xf32>) -> tensor<1x3x2x2xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %scale = "tosa.const"() <{values = dense<[[[[2.0]], [[3.0]], [[4.0]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %nchw = tosa.const_shape {values = dense<[1, 3, 2, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x3xf32>
  %r = tosa.reshape %c, %nchw : (tensor<1x2x2x3xf32>, !tosa.shape<4>) -> tensor<1x3x2x2xf32>
  %m = tosa.mul %r, %scale, %shift : (tensor<1x3x2x2xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x2x2xf32>
  %o = tosa.clamp %m {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %o : tensor<1x3x2x2xf32>
}

// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-fuse --fusion-fold-bn=explain -verify-diagnostics | FileCheck %s

// A conv on buffers (IR after bufferization) is no candidate: fusion follows
// tensor values, and a memref conv has no result. It is left as it is, with
// no remark (it once crashed the matcher, which read the missing result).

// CHECK-LABEL: func.func @conv_on_buffers
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} outs(%{{.*}} : memref<1x3x4x4xf32>)
// CHECK-NOT: fusion.
func.func @conv_on_buffers(%x: memref<1x2x6x6xf32>, %w: memref<3x2x3x3xf32>, %y: memref<1x3x4x4xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : memref<1x2x6x6xf32>, memref<3x2x3x3xf32>) outs(%y : memref<1x3x4x4xf32>)
  return
}

// -----

// The same for an f16 conv accumulating into an f32 buffer.

// CHECK-LABEL: func.func @f16_conv_on_buffers
// CHECK: linalg.depthwise_conv_2d_nchw_chw
// CHECK-NOT: fusion.
func.func @f16_conv_on_buffers(%x: memref<1x4x5x5xf16>, %w: memref<4x3x3xf16>, %y: memref<1x4x3x3xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : memref<1x4x5x5xf16>, memref<4x3x3xf16>) outs(%y : memref<1x4x3x3xf32>)
  return
}

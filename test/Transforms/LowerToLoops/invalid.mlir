// A register block of no outputs is refused with a message, not lowered.
// RUN: not fusion-opt %s --fusion-lower-to-loops="channels-per-thread=0" 2>&1 | FileCheck %s
// RUN: not fusion-opt %s --fusion-lower-to-loops="columns-per-thread=0" 2>&1 | FileCheck %s
// CHECK: error: fusion-lower-to-loops: channels-per-thread and columns-per-thread must be at least 1
// A decode of no anchors per iteration likewise.
// RUN: not fusion-opt %s --fusion-lower-to-loops="decode-lanes=0" 2>&1 | FileCheck %s --check-prefix=LANES
// LANES: error: fusion-lower-to-loops: decode-lanes must be at least 1
func.func @f(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

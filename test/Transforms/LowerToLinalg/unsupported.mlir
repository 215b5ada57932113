// Grouped convolutions with 1 < groups < channels have no linalg named op:
// fusion-lower-to-linalg must refuse them with an error at the op (never
// emit wrong or invalid IR), and the pass fails.
//
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-linalg -verify-diagnostics

func.func @grouped_nchw_fchw(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x3x3xf32> {
  // expected-error @+1 {{fused op could not be lowered to linalg}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32> -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

func.func @grouped_nhwc_fhwc_bn(%x: tensor<1x5x5x4xf32>, %w: tensor<6x3x3x2xf32>, %p: tensor<6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{fused op could not be lowered to linalg}}
  %0 = fusion.conv_bn_act %x, %w mean(%p : tensor<6xf32>) variance(%p : tensor<6xf32>) gamma(%p : tensor<6xf32>) beta(%p : tensor<6xf32>) epsilon(1.0e-3) layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <relu> : tensor<1x5x5x4xf32>, tensor<6x3x3x2xf32> -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

// nhwc_hwcf has no grouped form either, even with groups = channels.
func.func @grouped_nhwc_hwcf(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x1x2xf32>) -> tensor<1x3x3x2xf32> {
  // expected-error @+1 {{fused op could not be lowered to linalg}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x5x5x2xf32>, tensor<3x3x1x2xf32> -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

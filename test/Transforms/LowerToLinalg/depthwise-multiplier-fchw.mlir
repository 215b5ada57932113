// A grouped nchw_fchw conv with groups = input channels and a channel
// multiplier (filter [C*M, 1, KH, KW], result C*M channels) is valid IR for
// the verifier. linalg.depthwise_conv_2d_nchw_chw has no multiplier, so the
// lowering must not collapse the filter to [C*M, KH, KW] and feed it to that
// op (which builds invalid IR); it must refuse cleanly like other grouped
// convolutions (or lower it correctly, in which case update this test).
//
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-linalg -verify-diagnostics

func.func @fchw_groups_eq_channels_multiplier_2(%x: tensor<1x2x5x5xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x3x3xf32> {
  // expected-error @+1 {{fused op could not be lowered to linalg}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x2x5x5xf32>, tensor<4x1x3x3xf32> -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// One case per verifier diagnostic of fusion.conv_bias_act /
// fusion.conv_bn_act (lib/IR/FusionOps.cpp), of #fusion.act
// (lib/IR/FusionAttrs.cpp), and of the ODS type constraints.
//
// RUN: fusion-opt %s --split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// ODS type constraints
//===----------------------------------------------------------------------===//

func.func @i8_input(%x: tensor<1x2x4x4xi8>, %w: tensor<3x2x3x3xi8>) -> tensor<1x3x4x4xi8> {
  // expected-error @+1 {{'fusion.conv_bias_act' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float values, but got 'tensor<1x2x4x4xi8>'}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xi8>, tensor<3x2x3x3xi8> -> tensor<1x3x4x4xi8>
  return %0 : tensor<1x3x4x4xi8>
}

// -----

// f64 is allowed for statistics, not for the conv data.
func.func @f64_input(%x: tensor<1x2x4x4xf64>, %w: tensor<3x2x3x3xf64>) -> tensor<1x3x4x4xf64> {
  // expected-error @+1 {{'fusion.conv_bias_act' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float values, but got 'tensor<1x2x4x4xf64>'}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf64>, tensor<3x2x3x3xf64> -> tensor<1x3x4x4xf64>
  return %0 : tensor<1x3x4x4xf64>
}

// -----

// The custom syntax cannot even spell an unranked filter; the generic form
// reaches the ODS constraint.
func.func @unranked_filter(%x: tensor<1x2x4x4xf32>, %w: tensor<*xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op operand #1 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float values, but got 'tensor<*xf32>'}}
  %0 = "fusion.conv_bias_act"(%x, %w) <{activation = #fusion.act<relu>, dilations = array<i64: 1, 1>, groups = 1 : i64, layout = 0 : i32, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}> : (tensor<1x2x4x4xf32>, tensor<*xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @unranked_filter_custom(%x: tensor<1x2x4x4xf32>, %w: tensor<*xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<*xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @i32_bias(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xi32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op operand #2 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<3xi32>'}}
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xi32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @i8_result(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xi8> {
  // expected-error @+1 {{'fusion.conv_bias_act' op result #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float values, but got 'tensor<1x3x4x4xi8>'}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xi8>
  return %0 : tensor<1x3x4x4xi8>
}

// -----

func.func @i8_statistic(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %p: tensor<3xf32>, %q: tensor<3xi8>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op operand #3 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<3xi8>'}}
  %0 = fusion.conv_bn_act %x, %w mean(%p : tensor<3xf32>) variance(%q : tensor<3xi8>) gamma(%p : tensor<3xf32>) beta(%p : tensor<3xf32>) epsilon(1.0e-5) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @unknown_layout(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'layout' [nchw_fchw, nhwc_hwcf, nhwc_fhwc, nchw_chw, nhwc_hwc, nhwc_hwcm]}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @layout_out_of_range_generic(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{invalid properties {activation = #fusion.act<relu>, dilations = array<i64: 1, 1>, groups = 1 : i64, layout = 6 : i32, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} for op fusion.conv_bias_act: Invalid attribute `layout` in property conversion: 6 : i32}}
  %0 = "fusion.conv_bias_act"(%x, %w) <{activation = #fusion.act<relu>, dilations = array<i64: 1, 1>, groups = 1 : i64, layout = 6 : i32, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}> : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @missing_epsilon_generic(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %p: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op requires attribute 'epsilon'}}
  %0 = "fusion.conv_bn_act"(%x, %w, %p, %p, %p, %p) <{activation = #fusion.act<relu>, dilations = array<i64: 1, 1>, groups = 1 : i64, layout = 0 : i32, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}> : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @too_few_operands_generic(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %p: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op expected 6 or more operands, but found 5}}
  %0 = "fusion.conv_bn_act"(%x, %w, %p, %p, %p) <{activation = #fusion.act<relu>, dilations = array<i64: 1, 1>, epsilon = 1.0e-5 : f64, groups = 1 : i64, layout = 0 : i32, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}> : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

//===----------------------------------------------------------------------===//
// FusionOps.cpp: element types, attribute counts and values
//===----------------------------------------------------------------------===//

// -----

func.func @mixed_element_types(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf16>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects input, filter and result of one element type, got 'f32', 'f16' and 'f32'}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf16> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @mixed_result_type(%x: tensor<1x2x4x4xbf16>, %w: tensor<3x2x3x3xbf16>) -> tensor<1x3x4x4xf16> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects input, filter and result of one element type, got 'bf16', 'bf16' and 'f16'}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xbf16>, tensor<3x2x3x3xbf16> -> tensor<1x3x4x4xf16>
  return %0 : tensor<1x3x4x4xf16>
}

// -----

func.func @one_stride(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects 2 strides and 2 dilations, got 1 and 2}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @three_dilations(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects 2 strides and 2 dilations, got 2 and 3}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @two_padding(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects 4 padding values [top, bottom, left, right], got 2}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @zero_stride(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects strides and dilations >= 1}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 0]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @negative_dilation(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects strides and dilations >= 1}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([-1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @negative_padding(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects non-negative padding}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, -1, 3]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @zero_groups(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects groups >= 1, got 0}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(0) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @negative_groups(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects groups >= 1, got -2}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(-2) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @negative_epsilon(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %p: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op expects a finite, non-negative epsilon, got -1.000000e+00}}
  %0 = fusion.conv_bn_act %x, %w mean(%p : tensor<3xf32>) variance(%p : tensor<3xf32>) gamma(%p : tensor<3xf32>) beta(%p : tensor<3xf32>) epsilon(-1.0) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @nan_epsilon(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %p: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op expects a finite, non-negative epsilon, got nan}}
  %0 = fusion.conv_bn_act %x, %w mean(%p : tensor<3xf32>) variance(%p : tensor<3xf32>) gamma(%p : tensor<3xf32>) beta(%p : tensor<3xf32>) epsilon(0x7FF8000000000000) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @inf_epsilon(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %p: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op expects a finite, non-negative epsilon, got INF}}
  %0 = fusion.conv_bn_act %x, %w mean(%p : tensor<3xf32>) variance(%p : tensor<3xf32>) gamma(%p : tensor<3xf32>) beta(%p : tensor<3xf32>) epsilon(0x7FF0000000000000) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

//===----------------------------------------------------------------------===//
// FusionOps.cpp: ranks
//===----------------------------------------------------------------------===//

// -----

func.func @rank3_input(%x: tensor<2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects a rank-4 input, got rank 3}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @rank5_result(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4x1xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects a rank-4 result, got rank 5}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4x1xf32>
  return %0 : tensor<1x3x4x4x1xf32>
}

// -----

func.func @rank3_filter_nchw_fchw(%x: tensor<1x2x4x4xf32>, %w: tensor<3x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op layout nchw_fchw expects a rank-4 filter, got rank 3}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @rank4_filter_nhwc_hwc(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x1xf32>) -> tensor<1x4x4x3xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op layout nhwc_hwc expects a rank-3 filter, got rank 4}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(3) act <relu> : tensor<1x4x4x3xf32>, tensor<3x3x3x1xf32> -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>
}

// -----

func.func @rank3_filter_nhwc_hwcm(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3xf32>) -> tensor<1x4x4x3xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op layout nhwc_hwcm expects a rank-4 filter, got rank 3}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(3) act <relu> : tensor<1x4x4x3xf32>, tensor<3x3x3xf32> -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>
}

//===----------------------------------------------------------------------===//
// FusionOps.cpp: batch and channels
//===----------------------------------------------------------------------===//

// -----

func.func @batch_mismatch(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<2x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op input batch 1 does not match result batch 2}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

// -----

func.func @dynamic_out_channels(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x?x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects a static output channel dimension}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x?x4x4xf32>
  return %0 : tensor<1x?x4x4xf32>
}

// -----

func.func @filter_out_channels_fchw(%x: tensor<1x2x4x4xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op filter output channels (4) do not match result channels (3)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<4x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// nhwc_hwcf: the filter's output channel is its LAST dimension; a filter
// shaped like FHWC (first dim = result channels) must be rejected.
func.func @filter_out_channels_hwcf(%x: tensor<1x4x4x2xf32>, %w: tensor<8x3x2x3xf32>) -> tensor<1x4x4x8xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op filter output channels (3) do not match result channels (8)}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x4x4x2xf32>, tensor<8x3x2x3xf32> -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

// -----

func.func @filter_out_channels_fhwc(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x3x2xf32>) -> tensor<1x4x4x6xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op filter output channels (3) do not match result channels (6)}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x6xf32>
  return %0 : tensor<1x4x4x6xf32>
}

// -----

func.func @in_channels_not_divisible(%x: tensor<1x3x4x4xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op input channels (3) are not divisible by groups (2)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu> : tensor<1x3x4x4xf32>, tensor<4x1x3x3xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @out_channels_not_divisible(%x: tensor<1x4x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op output channels (3) are not divisible by groups (2)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu> : tensor<1x4x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @filter_in_channels(%x: tensor<1x2x4x4xf32>, %w: tensor<3x3x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op filter input channels (3) x groups (1) do not match input channels (2)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x3x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @filter_in_channels_grouped(%x: tensor<1x4x4x4xf32>, %w: tensor<4x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op filter input channels (4) x groups (2) do not match input channels (4)}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu> : tensor<1x4x4x4xf32>, tensor<4x3x3x4xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @depthwise_groups_mismatch(%x: tensor<1x4x4x4xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op depthwise layout nchw_chw expects groups (1) equal to the input channels (4)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x4x4x4xf32>, tensor<4x3x3xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @depthwise_hwcm_groups_mismatch(%x: tensor<1x4x4x4xf32>, %w: tensor<3x3x4x2xf32>) -> tensor<1x4x4x8xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op depthwise layout nhwc_hwcm expects groups (8) equal to the input channels (4)}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(8) act <relu> : tensor<1x4x4x4xf32>, tensor<3x3x4x2xf32> -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

// -----

func.func @depthwise_filter_channels(%x: tensor<1x4x4x4xf32>, %w: tensor<3x3x3xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op filter channels (3) do not match input channels (4)}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <relu> : tensor<1x4x4x4xf32>, tensor<3x3x3xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @depthwise_result_channels(%x: tensor<1x4x4x4xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x8x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op result channels (8) must equal filter channels x multiplier (4)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <relu> : tensor<1x4x4x4xf32>, tensor<4x3x3xf32> -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

func.func @depthwise_multiplier(%x: tensor<1x4x4x4xf32>, %w: tensor<3x3x4x2xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op result channels (4) must equal filter channels x multiplier (8)}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <relu> : tensor<1x4x4x4xf32>, tensor<3x3x4x2xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

//===----------------------------------------------------------------------===//
// FusionOps.cpp: spatial extents
//===----------------------------------------------------------------------===//

// -----

func.func @kernel_exceeds_input(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x5x3xf32>) -> tensor<1x3x1x2xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op dilated kernel height 5 exceeds the padded input height 4}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x5x3xf32> -> tensor<1x3x1x2xf32>
  return %0 : tensor<1x3x1x2xf32>
}

// -----

// The kernel fits undilated (3 <= 4) but not with dilation 2 (span 5).
func.func @dilated_kernel_exceeds_input(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x2x3xf32>) -> tensor<1x2x1x3xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op dilated kernel width 5 exceeds the padded input width 4}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcf) strides([1, 1]) dilations([1, 2]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x4x4x2xf32>, tensor<3x3x2x3xf32> -> tensor<1x2x1x3xf32>
  return %0 : tensor<1x2x1x3xf32>
}

// -----

func.func @result_width(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op result width 4 does not match the expected 2}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 0, 0]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// Stride 2 on height: (5 + 1 + 1 - 3) / 2 + 1 = 3, not 5.
func.func @result_height_strided(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x3xf32>) -> tensor<1x5x5x3xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op result height 5 does not match the expected 3}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcf) strides([2, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x5x5x2xf32>, tensor<3x3x2x3xf32> -> tensor<1x5x5x3xf32>
  return %0 : tensor<1x5x5x3xf32>
}

//===----------------------------------------------------------------------===//
// FusionOps.cpp: per-channel operands
//===----------------------------------------------------------------------===//

// -----

func.func @bias_shape(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects per-channel operands of shape [3], got 'tensor<4xf32>'}}
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<4xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @bias_rank2(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<1x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects per-channel operands of shape [3], got 'tensor<1x3xf32>'}}
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<1x3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// The statistic is sized to the INPUT channels (2), not the output (3).
func.func @variance_shape(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %p: tensor<3xf32>, %q: tensor<2xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op expects per-channel operands of shape [3], got 'tensor<2xf32>'}}
  %0 = fusion.conv_bn_act %x, %w mean(%p : tensor<3xf32>) variance(%q : tensor<2xf32>) gamma(%p : tensor<3xf32>) beta(%p : tensor<3xf32>) epsilon(1.0e-5) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @beta_dynamic(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %p: tensor<3xf32>, %q: tensor<?xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op expects per-channel operands of shape [3], got 'tensor<?xf32>'}}
  %0 = fusion.conv_bn_act %x, %w mean(%p : tensor<3xf32>) variance(%p : tensor<3xf32>) gamma(%p : tensor<3xf32>) beta(%q : tensor<?xf32>) epsilon(1.0e-5) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// hwcm: per-channel operands have C * M = 8 entries, not C = 4.
func.func @hwcm_gamma_shape(%x: tensor<1x4x4x4xf32>, %w: tensor<3x3x4x2xf32>, %p: tensor<8xf32>, %q: tensor<4xf32>) -> tensor<1x4x4x8xf32> {
  // expected-error @+1 {{'fusion.conv_bn_act' op expects per-channel operands of shape [8], got 'tensor<4xf32>'}}
  %0 = fusion.conv_bn_act %x, %w mean(%p : tensor<8xf32>) variance(%p : tensor<8xf32>) gamma(%q : tensor<4xf32>) beta(%p : tensor<8xf32>) epsilon(1.0e-5) layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <relu> : tensor<1x4x4x4xf32>, tensor<3x3x4x2xf32> -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

//===----------------------------------------------------------------------===//
// FusionAttrs.cpp: #fusion.act
//===----------------------------------------------------------------------===//

// -----

func.func @clamp_min_above_max(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{clamp min (1.000000e+00) must not exceed max (-1.000000e+00)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <clamp, min = 1.0, max = -1.0> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @clamp_nan() attributes {
  // expected-error @+1 {{clamp bounds must not be NaN}}
  fusion.a = #fusion.act<clamp, min = 0x7FF8000000000000, max = 1.0>} {
  return
}

// -----

func.func @leaky_alpha_inf() attributes {
  // expected-error @+1 {{leaky_relu alpha must be finite}}
  fusion.a = #fusion.act<leaky_relu, alpha = 0x7FF0000000000000>} {
  return
}

// -----

func.func @leaky_alpha_nan() attributes {
  // expected-error @+1 {{leaky_relu alpha must be finite}}
  fusion.a = #fusion.act<leaky_relu, alpha = 0x7FF8000000000000>} {
  return
}

// -----

func.func @unknown_activation(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{unknown activation 'gelu'; expected one of none, relu, relu6, clamp, leaky_relu, sigmoid, silu, hardswish, hardsigmoid}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <gelu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// Activations without parameters have no syntax for them: the parser stops
// at the comma (the verifier's "takes no min/max" / "takes no alpha" are
// reachable only from C++ builders).
func.func @relu_with_alpha() attributes {
  // expected-error @+1 {{expected '>'}}
  fusion.a = #fusion.act<relu, alpha = 0.1>} {
  return
}

// -----

func.func @relu6_with_bounds() attributes {
  // expected-error @+1 {{expected '>'}}
  fusion.a = #fusion.act<relu6, min = 0.0, max = 6.0>} {
  return
}

// -----

// clamp requires both bounds, min first.
func.func @clamp_missing_max() attributes {
  // expected-error @+1 {{expected ','}}
  fusion.a = #fusion.act<clamp, min = 0.0>} {
  return
}

// -----

func.func @clamp_bounds_swapped_order() attributes {
  // expected-error @+1 {{expected 'min'}}
  fusion.a = #fusion.act<clamp, max = 6.0, min = 0.0>} {
  return
}

// -----

func.func @leaky_missing_alpha() attributes {
  // expected-error @+1 {{expected ','}}
  fusion.a = #fusion.act<leaky_relu>} {
  return
}

// -----

// Empty convs compute nothing a kernel could launch for; folding and
// lowering divide by these extents.
func.func @zero_input_channels(%x: tensor<1x0x4x4xf32>, %w: tensor<3x0x3x3xf32>) -> tensor<1x3x2x2xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects no zero-sized dimension, got input shape 1x0x4x4}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x0x4x4xf32>, tensor<3x0x3x3xf32> -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

func.func @zero_batch(%x: tensor<0x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<0x3x2x2xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op expects no zero-sized dimension, got input shape 0x2x4x4}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<0x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<0x3x2x2xf32>
  return %0 : tensor<0x3x2x2xf32>
}

// -----

// The verifier's own arithmetic must not overflow: input + padding is
// checked, not wrapped around into a plausible extent.
func.func @padding_overflows(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op the height arithmetic overflows int64 (input 4, padding 9223372036854775807 + 1, kernel 3, dilation 1)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([9223372036854775807, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @dilation_overflows(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op the width arithmetic overflows int64 (input 4, padding 1 + 1, kernel 3, dilation 4611686018427387904)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 4611686018427387904]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @warp_sync_negative_groups() {
  // expected-error @+1 {{'fusion.warp_sync' op attribute 'pending_copy_groups' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  fusion.warp_sync pending_copy_groups -1
  return
}

// -----

func.func @block_sync_negative_groups() {
  // expected-error @+1 {{'fusion.block_sync' op attribute 'pending_copy_groups' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  fusion.block_sync pending_copy_groups -1
  return
}

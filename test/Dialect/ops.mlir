// Round trips of every fused op form: custom syntax -> print -> parse, and
// the same through the generic form. Each case CHECKs the printed custom
// syntax in full, so a printer or parser change that loses an attribute
// (bias, layout, padding order, activation parameters) fails here.
//
// RUN: fusion-opt %s --split-input-file | fusion-opt --split-input-file | FileCheck %s
// RUN: fusion-opt %s --split-input-file --mlir-print-op-generic | fusion-opt --split-input-file | FileCheck %s
// RUN: fusion-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @bias_act_nchw_fchw
//  CHECK-SAME:   (%[[X:.*]]: tensor<1x2x4x4xf32>, %[[W:.*]]: tensor<3x2x3x3xf32>, %[[B:.*]]: tensor<3xf32>)
//       CHECK:   %[[R:.*]] = fusion.conv_bias_act %[[X]], %[[W]] bias(%[[B]] : tensor<3xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
//  CHECK-SAME:     : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
//       CHECK:   return %[[R]]
// GENERIC-LABEL: sym_name = "bias_act_nchw_fchw"
//       GENERIC:   "fusion.conv_bias_act"(%{{.*}}, %{{.*}}, %{{.*}}) <{activation = #fusion.act<relu>, dilations = array<i64: 1, 1>, groups = 1 : i64, layout = 0 : i32, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}>
//  GENERIC-SAME:   : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
func.func @bias_act_nchw_fchw(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// No bias: the optional group is omitted on print and in the generic form
// the op has exactly two operands.
// CHECK-LABEL: func.func @no_bias_none
//       CHECK:   fusion.conv_bias_act %{{.*}}, %{{.*}} layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none>
//  CHECK-SAME:     : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x3xf32>
//   CHECK-NOT:   bias(
// GENERIC-LABEL: sym_name = "no_bias_none"
//       GENERIC:   "fusion.conv_bias_act"(%{{[^,]*}}, %{{[^,]*}}) <{activation = #fusion.act<none>
//  GENERIC-SAME:   : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32>
func.func @no_bias_none(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}

// -----

// Strides, dilations and asymmetric padding keep their order:
// H: (7 + 0 + 1 - 3) / 2 + 1 = 3, W: (9 + 2 + 1 - 5) / 1 + 1 = 8.
// CHECK-LABEL: func.func @nhwc_hwcf_strided_dilated_asym
//       CHECK:   fusion.conv_bias_act %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<8xf32>)
//  CHECK-SAME:     layout(nhwc_hwcf) strides([2, 1]) dilations([1, 2]) padding([0, 1, 2, 1]) groups(1) act <relu6>
//  CHECK-SAME:     : tensor<1x7x9x4xf32>, tensor<3x3x4x8xf32> -> tensor<1x3x8x8xf32>
// GENERIC-LABEL: sym_name = "nhwc_hwcf_strided_dilated_asym"
//       GENERIC:   "fusion.conv_bias_act"
//  GENERIC-SAME:   activation = #fusion.act<relu6>, dilations = array<i64: 1, 2>, groups = 1 : i64, layout = 1 : i32, padding = array<i64: 0, 1, 2, 1>, strides = array<i64: 2, 1>
func.func @nhwc_hwcf_strided_dilated_asym(%x: tensor<1x7x9x4xf32>, %w: tensor<3x3x4x8xf32>, %b: tensor<8xf32>) -> tensor<1x3x8x8xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<8xf32>) layout(nhwc_hwcf) strides([2, 1]) dilations([1, 2]) padding([0, 1, 2, 1]) groups(1) act <relu6> : tensor<1x7x9x4xf32>, tensor<3x3x4x8xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

// Grouped convolution (groups = 2): filter input channels = 4 / 2.
// CHECK-LABEL: func.func @nhwc_fhwc_groups
//       CHECK:   fusion.conv_bias_act %{{.*}}, %{{.*}} layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <sigmoid>
//  CHECK-SAME:     : tensor<1x5x5x4xf32>, tensor<6x3x3x2xf32> -> tensor<1x3x3x6xf32>
// GENERIC-LABEL: sym_name = "nhwc_fhwc_groups"
//       GENERIC:   groups = 2 : i64, layout = 2 : i32
func.func @nhwc_fhwc_groups(%x: tensor<1x5x5x4xf32>, %w: tensor<6x3x3x2xf32>) -> tensor<1x3x3x6xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <sigmoid> : tensor<1x5x5x4xf32>, tensor<6x3x3x2xf32> -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

// Depthwise written with an FCHW filter [C, 1, KH, KW] and groups = C.
// CHECK-LABEL: func.func @nchw_fchw_depthwise_groups
//       CHECK:   fusion.conv_bias_act %{{.*}}, %{{.*}} layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(4) act <silu>
//  CHECK-SAME:     : tensor<1x4x5x5xf32>, tensor<4x1x3x3xf32> -> tensor<1x4x3x3xf32>
func.func @nchw_fchw_depthwise_groups(%x: tensor<1x4x5x5xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(4) act <silu> : tensor<1x4x5x5xf32>, tensor<4x1x3x3xf32> -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

// f16 depthwise NCHW with an f16 bias.
// CHECK-LABEL: func.func @nchw_chw_f16
//       CHECK:   fusion.conv_bias_act %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<4xf16>)
//  CHECK-SAME:     layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <silu>
//  CHECK-SAME:     : tensor<1x4x6x6xf16>, tensor<4x3x3xf16> -> tensor<1x4x6x6xf16>
// GENERIC-LABEL: sym_name = "nchw_chw_f16"
//       GENERIC:   layout = 3 : i32
func.func @nchw_chw_f16(%x: tensor<1x4x6x6xf16>, %w: tensor<4x3x3xf16>, %b: tensor<4xf16>) -> tensor<1x4x6x6xf16> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<4xf16>) layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <silu> : tensor<1x4x6x6xf16>, tensor<4x3x3xf16> -> tensor<1x4x6x6xf16>
  return %0 : tensor<1x4x6x6xf16>
}

// -----

// bf16 depthwise NHWC with an f32 bias, batch 2, stride 2, padding only
// at the top and left: H = W = (6 + 1 - 3) / 2 + 1 = 3.
// CHECK-LABEL: func.func @nhwc_hwc_bf16
//       CHECK:   fusion.conv_bias_act %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<3xf32>)
//  CHECK-SAME:     layout(nhwc_hwc) strides([2, 2]) dilations([1, 1]) padding([1, 0, 1, 0]) groups(3) act <hardswish>
//  CHECK-SAME:     : tensor<2x6x6x3xbf16>, tensor<3x3x3xbf16> -> tensor<2x3x3x3xbf16>
// GENERIC-LABEL: sym_name = "nhwc_hwc_bf16"
//       GENERIC:   layout = 4 : i32
func.func @nhwc_hwc_bf16(%x: tensor<2x6x6x3xbf16>, %w: tensor<3x3x3xbf16>, %b: tensor<3xf32>) -> tensor<2x3x3x3xbf16> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nhwc_hwc) strides([2, 2]) dilations([1, 1]) padding([1, 0, 1, 0]) groups(3) act <hardswish> : tensor<2x6x6x3xbf16>, tensor<3x3x3xbf16> -> tensor<2x3x3x3xbf16>
  return %0 : tensor<2x3x3x3xbf16>
}

// -----

// Depthwise with channel multiplier 3: result channels = 2 * 3.
// CHECK-LABEL: func.func @nhwc_hwcm_multiplier
//       CHECK:   fusion.conv_bias_act %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<6xf32>)
//  CHECK-SAME:     layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <hardsigmoid>
//  CHECK-SAME:     : tensor<1x5x5x2xf32>, tensor<3x3x2x3xf32> -> tensor<1x5x5x6xf32>
// GENERIC-LABEL: sym_name = "nhwc_hwcm_multiplier"
//       GENERIC:   layout = 5 : i32
func.func @nhwc_hwcm_multiplier(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x3xf32>, %b: tensor<6xf32>) -> tensor<1x5x5x6xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <hardsigmoid> : tensor<1x5x5x2xf32>, tensor<3x3x2x3xf32> -> tensor<1x5x5x6xf32>
  return %0 : tensor<1x5x5x6xf32>
}

// -----

// Parameterized activations: clamp bounds and the leaky_relu slope survive.
// CHECK-LABEL: func.func @parameterized_activations
//       CHECK:   fusion.conv_bias_act {{.*}} groups(1) act <clamp, min = -1.000000e+00, max = 1.000000e+00> :
//       CHECK:   fusion.conv_bias_act {{.*}} groups(1) act <leaky_relu, alpha = 1.000000e-02> :
//       CHECK:   fusion.conv_bias_act {{.*}} groups(1) act <clamp, min = 0.000000e+00, max = 6.000000e+00> :
//       CHECK:   fusion.conv_bias_act {{.*}} groups(1) act <clamp, min = 2.500000e-01, max = 2.500000e-01> :
// GENERIC-LABEL: sym_name = "parameterized_activations"
//       GENERIC:   activation = #fusion.act<clamp, min = -1.000000e+00, max = 1.000000e+00>
//       GENERIC:   activation = #fusion.act<leaky_relu, alpha = 1.000000e-02>
func.func @parameterized_activations(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <clamp, min = -1.0, max = 1.0> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  %1 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <leaky_relu, alpha = 0.01> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  %2 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <clamp, min = 0.0, max = 6.0> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  // min == max is allowed.
  %3 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <clamp, min = 0.25, max = 0.25> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0, %1, %2, %3 : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>
}

// -----

// conv_bn_act with a bias, every statistic in its own operand slot.
// CHECK-LABEL: func.func @bn_act_with_bias
//  CHECK-SAME:   (%[[X:[^:]*]]: tensor<1x2x4x4xf32>, %[[W:[^:]*]]: tensor<3x2x3x3xf32>, %[[B:[^:]*]]: tensor<3xf32>, %[[M:[^:]*]]: tensor<3xf32>, %[[V:[^:]*]]: tensor<3xf32>, %[[G:[^:]*]]: tensor<3xf32>, %[[BT:[^:]*]]: tensor<3xf32>)
//       CHECK:   fusion.conv_bn_act %[[X]], %[[W]] bias(%[[B]] : tensor<3xf32>) mean(%[[M]] : tensor<3xf32>) variance(%[[V]] : tensor<3xf32>) gamma(%[[G]] : tensor<3xf32>) beta(%[[BT]] : tensor<3xf32>)
//  CHECK-SAME:     epsilon(1.000000e-05) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
//  CHECK-SAME:     : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// GENERIC-LABEL: sym_name = "bn_act_with_bias"
//       GENERIC:   "fusion.conv_bn_act"(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6) <{activation = #fusion.act<relu>, dilations = array<i64: 1, 1>, epsilon = 1.000000e-05 : f64, groups = 1 : i64, layout = 0 : i32, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}>
func.func @bn_act_with_bias(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<3xf32>, %bt: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<3xf32>) mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-5) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// conv_bn_act without a bias: in the generic form the four statistics are
// the last four operands (the optional bias is the only variadic one).
// CHECK-LABEL: func.func @bn_act_no_bias
//  CHECK-SAME:   (%[[X:[^:]*]]: tensor<1x2x4x4xf32>, %[[W:[^:]*]]: tensor<3x2x3x3xf32>, %[[M:[^:]*]]: tensor<3xf32>, %[[V:[^:]*]]: tensor<3xf32>, %[[G:[^:]*]]: tensor<3xf32>, %[[BT:[^:]*]]: tensor<3xf32>)
//       CHECK:   fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf32>) variance(%[[V]] : tensor<3xf32>) gamma(%[[G]] : tensor<3xf32>) beta(%[[BT]] : tensor<3xf32>)
//  CHECK-SAME:     epsilon(1.000000e-03) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <clamp, min = 0.000000e+00, max = 6.000000e+00>
// GENERIC-LABEL: sym_name = "bn_act_no_bias"
//       GENERIC:   "fusion.conv_bn_act"(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5) <{activation = #fusion.act<clamp, min = 0.000000e+00, max = 6.000000e+00>
//  GENERIC-SAME:   epsilon = 1.000000e-03 : f64
func.func @bn_act_no_bias(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<3xf32>, %bt: tensor<3xf32>) -> tensor<1x3x2x2xf32> {
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <clamp, min = 0.0, max = 6.0> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

// conv_bn_act in every remaining layout, with mixed statistic element types
// (f64 statistics on an f16 conv, bf16 conv with f32 statistics) and
// epsilon = 0 (allowed).
// CHECK-LABEL: func.func @bn_act_layouts
//       CHECK:   fusion.conv_bn_act %{{.*}}, %{{.*}} mean(%{{.*}} : tensor<8xf64>) variance(%{{.*}} : tensor<8xf64>) gamma(%{{.*}} : tensor<8xf64>) beta(%{{.*}} : tensor<8xf64>)
//  CHECK-SAME:     epsilon(0.000000e+00) layout(nhwc_hwcf) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <leaky_relu, alpha = 1.000000e-01>
//  CHECK-SAME:     : tensor<1x8x8x4xf16>, tensor<3x3x4x8xf16> -> tensor<1x4x4x8xf16>
//       CHECK:   fusion.conv_bn_act %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<8xf32>) mean
//  CHECK-SAME:     epsilon(1.000000e-03) layout(nhwc_fhwc) strides([1, 1]) dilations([2, 2]) padding([2, 2, 2, 2]) groups(1) act <sigmoid>
//  CHECK-SAME:     : tensor<1x8x8x4xbf16>, tensor<8x3x3x4xbf16> -> tensor<1x8x8x8xbf16>
//       CHECK:   fusion.conv_bn_act %{{.*}}, %{{.*}} mean(%{{.*}} : tensor<4xf32>)
//  CHECK-SAME:     epsilon(1.000000e-03) layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <relu6>
//  CHECK-SAME:     : tensor<1x4x8x8xf32>, tensor<4x3x3xf32> -> tensor<1x4x8x8xf32>
//       CHECK:   fusion.conv_bn_act %{{.*}}, %{{.*}} mean(%{{.*}} : tensor<4xf32>)
//  CHECK-SAME:     epsilon(1.000000e-03) layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([0, 2, 0, 2]) groups(4) act <hardswish>
//  CHECK-SAME:     : tensor<1x8x8x4xf32>, tensor<3x3x4xf32> -> tensor<1x8x8x4xf32>
//       CHECK:   fusion.conv_bn_act %{{.*}}, %{{.*}} mean(%{{.*}} : tensor<8xf32>)
//  CHECK-SAME:     epsilon(1.000000e-03) layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <hardsigmoid>
//  CHECK-SAME:     : tensor<1x8x8x4xf32>, tensor<3x3x4x2xf32> -> tensor<1x8x8x8xf32>
func.func @bn_act_layouts(%xh: tensor<1x8x8x4xf16>, %wh: tensor<3x3x4x8xf16>, %p64: tensor<8xf64>,
                          %xb: tensor<1x8x8x4xbf16>, %wb: tensor<8x3x3x4xbf16>, %p8: tensor<8xf32>,
                          %xc: tensor<1x4x8x8xf32>, %wc: tensor<4x3x3xf32>, %p4: tensor<4xf32>,
                          %xl: tensor<1x8x8x4xf32>, %wl: tensor<3x3x4xf32>, %wm: tensor<3x3x4x2xf32>)
    -> (tensor<1x4x4x8xf16>, tensor<1x8x8x8xbf16>, tensor<1x4x8x8xf32>, tensor<1x8x8x4xf32>, tensor<1x8x8x8xf32>) {
  %0 = fusion.conv_bn_act %xh, %wh mean(%p64 : tensor<8xf64>) variance(%p64 : tensor<8xf64>) gamma(%p64 : tensor<8xf64>) beta(%p64 : tensor<8xf64>) epsilon(0.0) layout(nhwc_hwcf) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <leaky_relu, alpha = 0.1> : tensor<1x8x8x4xf16>, tensor<3x3x4x8xf16> -> tensor<1x4x4x8xf16>
  %1 = fusion.conv_bn_act %xb, %wb bias(%p8 : tensor<8xf32>) mean(%p8 : tensor<8xf32>) variance(%p8 : tensor<8xf32>) gamma(%p8 : tensor<8xf32>) beta(%p8 : tensor<8xf32>) epsilon(1.0e-3) layout(nhwc_fhwc) strides([1, 1]) dilations([2, 2]) padding([2, 2, 2, 2]) groups(1) act <sigmoid> : tensor<1x8x8x4xbf16>, tensor<8x3x3x4xbf16> -> tensor<1x8x8x8xbf16>
  %2 = fusion.conv_bn_act %xc, %wc mean(%p4 : tensor<4xf32>) variance(%p4 : tensor<4xf32>) gamma(%p4 : tensor<4xf32>) beta(%p4 : tensor<4xf32>) epsilon(1.0e-3) layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <relu6> : tensor<1x4x8x8xf32>, tensor<4x3x3xf32> -> tensor<1x4x8x8xf32>
  %3 = fusion.conv_bn_act %xl, %wl mean(%p4 : tensor<4xf32>) variance(%p4 : tensor<4xf32>) gamma(%p4 : tensor<4xf32>) beta(%p4 : tensor<4xf32>) epsilon(1.0e-3) layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([0, 2, 0, 2]) groups(4) act <hardswish> : tensor<1x8x8x4xf32>, tensor<3x3x4xf32> -> tensor<1x8x8x4xf32>
  %4 = fusion.conv_bn_act %xl, %wm mean(%p8 : tensor<8xf32>) variance(%p8 : tensor<8xf32>) gamma(%p8 : tensor<8xf32>) beta(%p8 : tensor<8xf32>) epsilon(1.0e-3) layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <hardsigmoid> : tensor<1x8x8x4xf32>, tensor<3x3x4x2xf32> -> tensor<1x8x8x8xf32>
  return %0, %1, %2, %3, %4 : tensor<1x4x4x8xf16>, tensor<1x8x8x8xbf16>, tensor<1x4x8x8xf32>, tensor<1x8x8x4xf32>, tensor<1x8x8x8xf32>
}

// -----

// Dynamic batch and spatial sizes are allowed (only the output channel
// count must be static).
// CHECK-LABEL: func.func @dynamic_dims
//       CHECK:   fusion.conv_bias_act {{.*}} : tensor<?x2x?x?xf32>, tensor<3x2x3x3xf32> -> tensor<?x3x?x?xf32>
func.func @dynamic_dims(%x: tensor<?x2x?x?xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<?x3x?x?xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<?x2x?x?xf32>, tensor<3x2x3x3xf32> -> tensor<?x3x?x?xf32>
  return %0 : tensor<?x3x?x?xf32>
}

// -----

// Every activation attribute on its own, as a discardable attribute.
// CHECK-LABEL: func.func @activation_attrs
//  CHECK-SAME:   fusion.a0 = #fusion.act<none>
//  CHECK-SAME:   fusion.a1 = #fusion.act<relu>
//  CHECK-SAME:   fusion.a2 = #fusion.act<relu6>
//  CHECK-SAME:   fusion.a3 = #fusion.act<sigmoid>
//  CHECK-SAME:   fusion.a4 = #fusion.act<silu>
//  CHECK-SAME:   fusion.a5 = #fusion.act<hardswish>
//  CHECK-SAME:   fusion.a6 = #fusion.act<hardsigmoid>
//  CHECK-SAME:   fusion.a7 = #fusion.act<clamp, min = -1.000000e+00, max = 1.000000e+00>
//  CHECK-SAME:   fusion.a8 = #fusion.act<leaky_relu, alpha = 1.000000e-02>
//  CHECK-SAME:   fusion.a9 = #fusion.act<leaky_relu, alpha = -2.000000e+00>
//  CHECK-SAME:   fusion.b0 = #fusion.act<clamp, min = -0.33333333333333331, max = 3.1415926535897931>
//  CHECK-SAME:   fusion.b1 = #fusion.act<leaky_relu, alpha = 0.123456789012345>
func.func @activation_attrs() attributes {
    fusion.a0 = #fusion.act<none>, fusion.a1 = #fusion.act<relu>,
    fusion.a2 = #fusion.act<relu6>, fusion.a3 = #fusion.act<sigmoid>,
    fusion.a4 = #fusion.act<silu>, fusion.a5 = #fusion.act<hardswish>,
    fusion.a6 = #fusion.act<hardsigmoid>,
    fusion.a7 = #fusion.act<clamp, min = -1.0, max = 1.0>,
    fusion.a8 = #fusion.act<leaky_relu, alpha = 0.01>,
    fusion.a9 = #fusion.act<leaky_relu, alpha = -2.0>,
    // Non-round parameters keep full f64 precision through the round trip.
    fusion.b0 = #fusion.act<clamp, min = -0.33333333333333331, max = 3.14159265358979311599796346854>,
    fusion.b1 = #fusion.act<leaky_relu, alpha = 0.123456789012345>} {
  return
}

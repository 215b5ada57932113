// fusion-fold-bn=explain: each op that is not folded gets one remark at its
// location, `not folded [<reason id>]: <detail>`, and stays
// fusion.conv_bn_act (its scale and shift are then applied by the lowering).
// Folded ops get no remark.
//
// RUN: fusion-opt %s --split-input-file --fusion-fold-bn=explain -verify-diagnostics | FileCheck %s
// Without explain the same refusals are silent (the expected-remark
// comments are renamed first: MLIR 22 reports unmatched expected-* lines
// even without -verify-diagnostics).
// RUN: sed -e 's/expected-remark/was-remark/' %s | fusion-opt --split-input-file --fusion-fold-bn 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET-NOT: remark
// QUIET-NOT: error

// A negative variance: sqrt(var + eps) is NaN for channel 1.
// CHECK-LABEL: func.func @negative_variance
//       CHECK:   fusion.conv_bn_act
//   CHECK-NOT:   fusion.conv_bias_act
func.func @negative_variance(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, -1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  // expected-remark @+1 {{not folded [non_finite_fold]: channel 1 folds to a non-finite scale or shift: gamma -0.5 / sqrt(variance -1 + epsilon 0.001) = nan, shift nan}}
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Zero variance with zero epsilon: the scale gamma / 0 is infinite.
// CHECK-LABEL: func.func @zero_variance_zero_epsilon
//       CHECK:   fusion.conv_bn_act
//   CHECK-NOT:   fusion.conv_bias_act
func.func @zero_variance_zero_epsilon(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.0, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  // expected-remark @+1 {{not folded [non_finite_fold]: channel 0 folds to a non-finite scale or shift: gamma 1.5 / sqrt(variance 0 + epsilon 0) = inf, shift -inf}}
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(0.0) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// A NaN mean makes the shift of channel 1 NaN.
// CHECK-LABEL: func.func @nan_mean
//       CHECK:   fusion.conv_bn_act
//   CHECK-NOT:   fusion.conv_bias_act
func.func @nan_mean(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, 0x7FC00000]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  // expected-remark @+1 {{not folded [non_finite_fold]: channel 1 folds to a non-finite scale or shift: gamma -0.5 / sqrt(variance 2 + epsilon 0.001) = -0.353465, shift nan}}
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// A huge gamma with an f16 filter: 0.5 * 1e6 / sqrt(1.001) ~ 5e5 > 65504,
// the largest f16, so the folded weight of channel 0 would be +inf.
// CHECK-LABEL: func.func @f16_weight_overflow
//       CHECK:   fusion.conv_bn_act
//   CHECK-NOT:   fusion.conv_bias_act
func.func @f16_weight_overflow(%x: tensor<1x1x3x3xf16>) -> tensor<1x2x2x2xf16> {
  %w = arith.constant dense<[[[[0.5, -0.5], [0.25, 0.125]]], [[[0.5, 0.5], [-0.5, 0.5]]]]> : tensor<2x1x2x2xf16>
  %m = arith.constant dense<[0.0, 0.0]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.0e6, 1.0]> : tensor<2xf32>
  %bt = arith.constant dense<[0.0, 0.0]> : tensor<2xf32>
  // expected-remark @+1 {{not folded [overflow_in_target_type]: a folded weight of channel 0 overflows the filter's element type}}
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf16>, tensor<2x1x2x2xf16> -> tensor<1x2x2x2xf16>
  return %0 : tensor<1x2x2x2xf16>
}

// -----

// The same gamma is fine for an f32 filter: it folds, and no remark.
// CHECK-LABEL: func.func @f32_no_overflow
//   CHECK-NOT:   fusion.conv_bn_act
//       CHECK:   fusion.conv_bias_act
func.func @f32_no_overflow(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.5, -0.5], [0.25, 0.125]]], [[[0.5, 0.5], [-0.5, 0.5]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.0, 0.0]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.0e6, 1.0]> : tensor<2xf32>
  %bt = arith.constant dense<[0.0, 0.0]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// f64 statistics whose shift is finite in f64 but not in f32 (the folded
// bias is stored as f32). The filter is all zeros, so only the bias
// overflows: (0 - 1) * 1e300 / sqrt(1.001) ~ -1e300.
// CHECK-LABEL: func.func @f32_bias_overflow
//       CHECK:   fusion.conv_bn_act
//   CHECK-NOT:   fusion.conv_bias_act
func.func @f32_bias_overflow(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<0.0> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[1.0, 0.0]> : tensor<2xf64>
  %v = arith.constant dense<[1.0, 1.0]> : tensor<2xf64>
  %g = arith.constant dense<[1.0e300, 1.0]> : tensor<2xf64>
  %bt = arith.constant dense<[0.0, 0.0]> : tensor<2xf64>
  // expected-remark @+1 {{not folded [overflow_in_target_type]: the folded bias of channel 0 overflows f32}}
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf64>) variance(%v : tensor<2xf64>) gamma(%g : tensor<2xf64>) beta(%bt : tensor<2xf64>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Statistics that are function arguments.
// CHECK-LABEL: func.func @argument_variance
//       CHECK:   fusion.conv_bn_act
//   CHECK-NOT:   fusion.conv_bias_act
func.func @argument_variance(%x: tensor<1x1x3x3xf32>, %v: tensor<2xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  // expected-remark @+1 {{not folded [non_constant_parameters]: the filter, bias or statistics are not constants; the scale and shift stay in the epilogue}}
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// A conv bias that is a function argument, everything else constant.
// CHECK-LABEL: func.func @argument_bias
//       CHECK:   fusion.conv_bn_act
//   CHECK-NOT:   fusion.conv_bias_act
func.func @argument_bias(%x: tensor<1x1x3x3xf32>, %b: tensor<2xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  // expected-remark @+1 {{not folded [non_constant_parameters]: the filter, bias or statistics are not constants; the scale and shift stay in the epilogue}}
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<2xf32>) mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// One function, one foldable op and one refused op: only the refused one
// gets a remark, and the foldable one is still folded.
// CHECK-LABEL: func.func @mixed
//       CHECK:   fusion.conv_bias_act
//       CHECK:   fusion.conv_bn_act
func.func @mixed(%x: tensor<1x1x3x3xf32>, %g2: tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  // expected-remark @+1 {{not folded [non_constant_parameters]}}
  %1 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g2 : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0, %1 : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}

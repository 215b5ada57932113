// fusion-fold-bn on hand-written fusion.conv_bn_act ops with real statistics.
//
// Every expected constant below was computed independently (python3, not
// this tool) as
//   scale[c] = gamma[c] / sqrt(var[c] + eps)
//   w'       = w * scale[c]                      (c = the element's output channel)
//   b'[c]    = (b[c] - mean[c]) * scale[c] + beta[c]   (b = 0 without a conv bias)
// in f64 from the stored (already rounded) inputs, then rounded once with
// ties-to-even to the filter element type (w') and to f32 (b'). The printed
// numbers were checked to be exactly those f32/f16/bf16 values. eps = 1e-3.
// Statistics used by most cases (per output channel):
//   mean = [0.3, -0.4, 0.0], var = [0.25, 2.0, 0.5], gamma = [1.5, -0.5, 2.0],
//   beta = [0.1, 0.2, -0.3]
//   -> scale = [2.9940179..., -0.35346503..., 2.8256030...]
// CHECK-NEXT after the label also proves the old filter and statistics are
// erased once dead.
//
// RUN: fusion-opt %s --split-input-file --fusion-fold-bn | FileCheck %s
// Idempotence: a second run changes nothing, and the printed constants
// re-parse to the same values.
// RUN: fusion-opt %s --split-input-file --fusion-fold-bn --fusion-fold-bn | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-fold-bn | fusion-opt --split-input-file --fusion-fold-bn | FileCheck %s

// nchw_fchw: output channel = filter dim 0. With a conv bias.
// CHECK-LABEL: func.func @nchw_fchw_bias(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.29940179, -0.59880358], [0.898205399, 1.19760716]]], {{\[\[\[}}-0.17673251, -0.212079033], [0.247425526, -0.282772034]]]]> : tensor<2x1x2x2xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.648504496, 0.0939604938]> : tensor<2xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<2xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @nchw_fchw_bias(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %b = arith.constant dense<[0.05, -0.1]> : tensor<2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<2xf32>) mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// nchw_fchw without a conv bias (b = 0 in the formula). Channel 2 has
// mean 0, so its bias is exactly beta = -0.3.
// CHECK-LABEL: func.func @nchw_fchw_no_bias(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.29940179, -0.59880358], [0.898205399, 1.19760716]]], {{\[\[\[}}-0.17673251, -0.212079033], [0.247425526, -0.282772034]]], {{\[\[\[}}2.54304266, -2.82560301], [3.10816336, 3.39072371]]]]> : tensor<3x1x2x2xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.798205435, 0.0586139858, -3.000000e-01]> : tensor<3xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<3xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu6> : tensor<1x1x3x3xf32>, tensor<3x1x2x2xf32> -> tensor<1x3x2x2xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @nchw_fchw_no_bias(%x: tensor<1x1x3x3xf32>) -> tensor<1x3x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]], [[[0.9, -1.0], [1.1, 1.2]]]]> : tensor<3x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4, 0.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 2.0, 0.5]> : tensor<3xf32>
  %g = arith.constant dense<[1.5, -0.5, 2.0]> : tensor<3xf32>
  %bt = arith.constant dense<[0.1, 0.2, -0.3]> : tensor<3xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu6> : tensor<1x1x3x3xf32>, tensor<3x1x2x2xf32> -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

// nhwc_hwcf: the output channel is the LAST filter dim, so each innermost
// triple is scaled by (scale0, scale1, scale2), not one scale per row.
// CHECK-LABEL: func.func @nhwc_hwcf(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.29940179, -0.0706930086, 0.847680926]]], {{\[\[\[}}1.19760716, 0.17673251, 1.69536185]]]]> : tensor<2x1x1x3xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.768265247, 0.0515446849, -0.215231925]> : tensor<3xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<3xf32>)
//  CHECK-SAME:     layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x3x3x1xf32>, tensor<2x1x1x3xf32> -> tensor<1x2x3x3xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @nhwc_hwcf(%x: tensor<1x3x3x1xf32>) -> tensor<1x2x3x3xf32> {
  %w = arith.constant dense<[[[[0.1, 0.2, 0.3]]], [[[0.4, -0.5, 0.6]]]]> : tensor<2x1x1x3xf32>
  %b = arith.constant dense<[0.01, 0.02, 0.03]> : tensor<3xf32>
  %m = arith.constant dense<[0.3, -0.4, 0.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 2.0, 0.5]> : tensor<3xf32>
  %g = arith.constant dense<[1.5, -0.5, 2.0]> : tensor<3xf32>
  %bt = arith.constant dense<[0.1, 0.2, -0.3]> : tensor<3xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<3xf32>) mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x3x3x1xf32>, tensor<2x1x1x3xf32> -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// Constants reached through a linalg.transpose (an FCHW filter transposed to
// HWCF) and a tosa.const gamma reshaped by tensor.collapse_shape: the data
// equals @nhwc_hwcf's, so the folded constants are the same values.
// CHECK-LABEL: func.func @transposed_filter(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.29940179, -0.0706930086, 0.847680926]]], {{\[\[\[}}1.19760716, 0.17673251, 1.69536185]]]]> : tensor<2x1x1x3xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.768265247, 0.0515446849, -0.215231925]> : tensor<3xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<3xf32>) layout(nhwc_hwcf)
//  CHECK-NEXT:   return %[[R]]
func.func @transposed_filter(%x: tensor<1x3x3x1xf32>) -> tensor<1x2x3x3xf32> {
  // FCHW [3, 1, 2, 1] -> HWCF [2, 1, 1, 3]
  %src = arith.constant dense<[[[[0.1], [0.4]]], [[[0.2], [-0.5]]], [[[0.3], [0.6]]]]> : tensor<3x1x2x1xf32>
  %e = tensor.empty() : tensor<2x1x1x3xf32>
  %w = linalg.transpose ins(%src : tensor<3x1x2x1xf32>) outs(%e : tensor<2x1x1x3xf32>) permutation = [2, 3, 1, 0]
  %b = arith.constant dense<[0.01, 0.02, 0.03]> : tensor<3xf32>
  %m = arith.constant dense<[0.3, -0.4, 0.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 2.0, 0.5]> : tensor<3xf32>
  %g2 = "tosa.const"() <{values = dense<[[1.5, -0.5, 2.0]]> : tensor<1x3xf32>}> : () -> tensor<1x3xf32>
  %g = tensor.collapse_shape %g2 [[0, 1]] : tensor<1x3xf32> into tensor<3xf32>
  %bt = arith.constant dense<[0.1, 0.2, -0.3]> : tensor<3xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<3xf32>) mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x3x3x1xf32>, tensor<2x1x1x3xf32> -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// nhwc_fhwc: output channel = filter dim 0.
// CHECK-LABEL: func.func @nhwc_fhwc(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.29940179], [0.59880358]]], {{\[\[\[}}-0.106039517], [-0.141386017]]], {{\[\[\[}}1.4128015], [1.69536185]]]]> : tensor<3x1x2x1xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.798205435, 0.0586139858, -3.000000e-01]> : tensor<3xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<3xf32>)
//  CHECK-SAME:     layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x3x3x1xf32>, tensor<3x1x2x1xf32> -> tensor<1x3x2x3xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @nhwc_fhwc(%x: tensor<1x3x3x1xf32>) -> tensor<1x3x2x3xf32> {
  %w = arith.constant dense<[[[[0.1], [0.2]]], [[[0.3], [0.4]]], [[[0.5], [0.6]]]]> : tensor<3x1x2x1xf32>
  %m = arith.constant dense<[0.3, -0.4, 0.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 2.0, 0.5]> : tensor<3xf32>
  %g = arith.constant dense<[1.5, -0.5, 2.0]> : tensor<3xf32>
  %bt = arith.constant dense<[0.1, 0.2, -0.3]> : tensor<3xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x3x3x1xf32>, tensor<3x1x2x1xf32> -> tensor<1x3x2x3xf32>
  return %0 : tensor<1x3x2x3xf32>
}

// -----

// nchw_chw depthwise: channel = filter dim 0. With a conv bias.
// CHECK-LABEL: func.func @nchw_chw(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[}}0.29940179], [0.59880358]], {{\[\[}}-0.106039517], [-0.141386017]], {{\[\[}}1.4128015], [-1.69536185]]]> : tensor<3x2x1xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.768265247, 0.0515446849, -0.215231925]> : tensor<3xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<3xf32>)
//  CHECK-SAME:     layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(3) act <none> : tensor<1x3x3x3xf32>, tensor<3x2x1xf32> -> tensor<1x3x2x3xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @nchw_chw(%x: tensor<1x3x3x3xf32>) -> tensor<1x3x2x3xf32> {
  %w = arith.constant dense<[[[0.1], [0.2]], [[0.3], [0.4]], [[0.5], [-0.6]]]> : tensor<3x2x1xf32>
  %b = arith.constant dense<[0.01, 0.02, 0.03]> : tensor<3xf32>
  %m = arith.constant dense<[0.3, -0.4, 0.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 2.0, 0.5]> : tensor<3xf32>
  %g = arith.constant dense<[1.5, -0.5, 2.0]> : tensor<3xf32>
  %bt = arith.constant dense<[0.1, 0.2, -0.3]> : tensor<3xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<3xf32>) mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(3) act <none> : tensor<1x3x3x3xf32>, tensor<3x2x1xf32> -> tensor<1x3x2x3xf32>
  return %0 : tensor<1x3x2x3xf32>
}

// -----

// nhwc_hwc depthwise: channel = filter dim 2 (innermost).
// CHECK-LABEL: func.func @nhwc_hwc(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[}}0.29940179, -0.0706930086, 0.847680926], [1.19760716, -0.17673251, 1.69536185]]]> : tensor<1x2x3xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.798205435, 0.0586139858, -3.000000e-01]> : tensor<3xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<3xf32>)
//  CHECK-SAME:     layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(3) act <none> : tensor<1x3x3x3xf32>, tensor<1x2x3xf32> -> tensor<1x3x2x3xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @nhwc_hwc(%x: tensor<1x3x3x3xf32>) -> tensor<1x3x2x3xf32> {
  %w = arith.constant dense<[[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]]> : tensor<1x2x3xf32>
  %m = arith.constant dense<[0.3, -0.4, 0.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 2.0, 0.5]> : tensor<3xf32>
  %g = arith.constant dense<[1.5, -0.5, 2.0]> : tensor<3xf32>
  %bt = arith.constant dense<[0.1, 0.2, -0.3]> : tensor<3xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(3) act <none> : tensor<1x3x3x3xf32>, tensor<1x2x3xf32> -> tensor<1x3x2x3xf32>
  return %0 : tensor<1x3x2x3xf32>
}

// -----

// nhwc_hwcm depthwise, multiplier 3: filter [1, 2, C=2, M=3], output channel
// = c * 3 + m, so filter[0][kw][c][m] is scaled by scale[c*3+m] and the six
// statistics line up with the six result channels.
// CHECK-LABEL: func.func @nhwc_hwcm(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.29940179, -0.0706930086, 0.847680926], [0.299850106, -0.312460959, 5.66385126]], {{\[\[}}2.09581256, -0.282772034, 2.54304266], [0.749625265, -0.687414109, 11.3277025]]]]> : tensor<1x2x2x3xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.798205435, 0.0586139858, -3.000000e-01, 0.0251873657, -0.87495315, -6.00782585]> : tensor<6xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<6xf32>)
//  CHECK-SAME:     layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x2x3x2xf32>, tensor<1x2x2x3xf32> -> tensor<1x2x2x6xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @nhwc_hwcm(%x: tensor<1x2x3x2xf32>) -> tensor<1x2x2x6xf32> {
  %w = arith.constant dense<[[[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], [[0.7, 0.8, 0.9], [1.0, 1.1, 1.2]]]]> : tensor<1x2x2x3xf32>
  %m = arith.constant dense<[0.3, -0.4, 0.0, 0.5, -0.6, 0.7]> : tensor<6xf32>
  %v = arith.constant dense<[0.25, 2.0, 0.5, 1.0, 4.0, 0.1]> : tensor<6xf32>
  %g = arith.constant dense<[1.5, -0.5, 2.0, 0.75, -1.25, 3.0]> : tensor<6xf32>
  %bt = arith.constant dense<[0.1, 0.2, -0.3, 0.4, -0.5, 0.6]> : tensor<6xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<6xf32>) variance(%v : tensor<6xf32>) gamma(%g : tensor<6xf32>) beta(%bt : tensor<6xf32>) epsilon(1.0e-3) layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x2x3x2xf32>, tensor<1x2x2x3xf32> -> tensor<1x2x2x6xf32>
  return %0 : tensor<1x2x2x6xf32>
}

// -----

// Depthwise written as nchw_fchw with groups = C: channel = filter dim 0.
// CHECK-LABEL: func.func @nchw_fchw_depthwise_groups(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.29940179, 0.59880358]]], {{\[\[\[}}-0.106039517, -0.141386017]]]]> : tensor<2x1x1x2xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.798205435, 0.0586139858]> : tensor<2xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<2xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x2x3x3xf32>, tensor<2x1x1x2xf32> -> tensor<1x2x3x2xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @nchw_fchw_depthwise_groups(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x2xf32> {
  %w = arith.constant dense<[[[[0.1, 0.2]]], [[[0.3, 0.4]]]]> : tensor<2x1x1x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x2x3x3xf32>, tensor<2x1x1x2xf32> -> tensor<1x2x3x2xf32>
  return %0 : tensor<1x2x3x2xf32>
}

// -----

// BatchNorm without affine parameters: gamma = 1, beta = 0 (splat constants):
// w' = w/sqrt(var+eps), b' = -mean/sqrt(var+eps).
// CHECK-LABEL: func.func @no_affine(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.199601203, -0.399202406], [0.598803639, 0.798404812]]], {{\[\[\[}}0.353465021, 0.424158067], [-0.494851053, 0.565544069]]]]> : tensor<2x1x2x2xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.598803639, 0.282772034]> : tensor<2xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<2xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @no_affine(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<1.0> : tensor<2xf32>
  %bt = arith.constant dense<0.0> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// f16 filter and f16 bias: inputs are the f16-rounded values, the fold is
// computed in f64 and rounded once to f16 (filter); the bias is stored as f32.
// CHECK-LABEL: func.func @f16_filter(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}2.993160e-01, -5.986330e-01], [8.984370e-01, 1.197270e+00]]], {{\[\[\[}}-1.767580e-01, -2.121580e-01], [2.474370e-01, -2.827150e-01]]]]> : tensor<2x1x2x2xf16>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.648541093, 0.0939518585]> : tensor<2xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<2xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf16>, tensor<2x1x2x2xf16> -> tensor<1x2x2x2xf16>
//  CHECK-NEXT:   return %[[R]]
func.func @f16_filter(%x: tensor<1x1x3x3xf16>) -> tensor<1x2x2x2xf16> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf16>
  %b = arith.constant dense<[0.05, -0.1]> : tensor<2xf16>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<2xf16>) mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xf16>, tensor<2x1x2x2xf16> -> tensor<1x2x2x2xf16>
  return %0 : tensor<1x2x2x2xf16>
}

// -----

// bf16 filter with f64 statistics: rounded once from f64 to bf16; bias f32.
// CHECK-LABEL: func.func @bf16_filter_f64_stats(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}2.988280e-01, -5.976560e-01], [9.023430e-01, 1.195310e+00]]], {{\[\[\[}}-1.767580e-01, -2.128910e-01], [2.470700e-01, -2.832030e-01]]]]> : tensor<2x1x2x2xbf16>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.798205375, 0.0586139858]> : tensor<2xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<2xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xbf16>, tensor<2x1x2x2xbf16> -> tensor<1x2x2x2xbf16>
//  CHECK-NEXT:   return %[[R]]
func.func @bf16_filter_f64_stats(%x: tensor<1x1x3x3xbf16>) -> tensor<1x2x2x2xbf16> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xbf16>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf64>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf64>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf64>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf64>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf64>) variance(%v : tensor<2xf64>) gamma(%g : tensor<2xf64>) beta(%bt : tensor<2xf64>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1x3x3xbf16>, tensor<2x1x2x2xbf16> -> tensor<1x2x2x2xbf16>
  return %0 : tensor<1x2x2x2xbf16>
}

// -----

// A filter shared with a second op: the fold writes a NEW constant and the
// original stays bit-identical (same printed f32 values) for the other op.
// CHECK-LABEL: func.func @shared_filter(
//  CHECK-NEXT:   %[[ORIG:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e-01, -2.000000e-01], [3.000000e-01, 4.000000e-01]]], {{\[\[\[}}5.000000e-01, 6.000000e-01], [-0.699999988, 8.000000e-01]]]]> : tensor<2x1x2x2xf32>
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.29940179, -0.59880358], [0.898205399, 1.19760716]]], {{\[\[\[}}-0.17673251, -0.212079033], [0.247425526, -0.282772034]]]]> : tensor<2x1x2x2xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.798205435, 0.0586139858]> : tensor<2xf32>
//  CHECK-NEXT:   %[[R0:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<2xf32>) layout(nchw_fchw)
//  CHECK-NEXT:   %[[R1:.*]] = fusion.conv_bias_act %arg0, %[[ORIG]] layout(nchw_fchw)
//  CHECK-NEXT:   return %[[R0]], %[[R1]]
func.func @shared_filter(%x: tensor<1x1x3x3xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  %1 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0, %1 : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}

// -----

// Filter and gamma as dense_resource blobs (f32 little-endian after the
// 4-byte alignment header 0x04000000):
//   filter = [[[[0.5, -1.0], [1.5, 2.0]]], [[[-0.25, 0.75], [1.25, -2.0]]]]
//   gamma  = [1.25, 0.5]
// CHECK-LABEL: func.func @resource_blobs(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.24750745, -2.49501491], [3.74252248, 4.990030e+00]]], {{\[\[\[}}-0.0883662552, 0.26509878], [0.441831291, -0.706930041]]]]> : tensor<2x1x2x2xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[-0.648504496, 0.34138602]> : tensor<2xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<2xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @resource_blobs(%x: tensor<1x1x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense_resource<fold_filter> : tensor<2x1x2x2xf32>
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense_resource<fold_gamma> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      fold_filter: "0x040000000000003F000080BF0000C03F00000040000080BE0000403F0000A03F000000C0",
      fold_gamma: "0x040000000000A03F0000003F"
    }
  }
#-}

// -----

// Splat filter (0.25) and beta (0.5); mean and variance as hex literals:
//   mean = f32 [0.2, -0.1, 0.05], variance = f32 [0.9, 1.1, 0.04].
// The folded filter is no longer a splat: one value per output channel.
// CHECK-LABEL: func.func @hex_and_splat(
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.395065308, 0.395065308], [0.395065308, 0.395065308]]], {{\[\[\[}}-0.119128682, -0.119128682], [-0.119128682, -0.119128682]]], {{\[\[\[}}2.46932411, 2.46932411], [2.46932411, 2.46932411]]]]> : tensor<3x1x2x2xf32>
//  CHECK-NEXT:   %[[B:.*]] = arith.constant dense<[0.183947757, 0.45234853, 0.00613518897]> : tensor<3xf32>
//  CHECK-NEXT:   %[[R:.*]] = fusion.conv_bias_act %arg0, %[[W]] bias(%[[B]] : tensor<3xf32>)
//  CHECK-SAME:     layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<3x1x2x2xf32> -> tensor<1x3x2x2xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @hex_and_splat(%x: tensor<1x1x3x3xf32>) -> tensor<1x3x2x2xf32> {
  %w = arith.constant dense<0.25> : tensor<3x1x2x2xf32>
  %m = arith.constant dense<"0xCDCC4C3ECDCCCCBDCDCC4C3D"> : tensor<3xf32>
  %v = arith.constant dense<"0x6666663FCDCC8C3F0AD7233D"> : tensor<3xf32>
  %g = arith.constant dense<[1.5, -0.5, 2.0]> : tensor<3xf32>
  %bt = arith.constant dense<0.5> : tensor<3xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<3x1x2x2xf32> -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

// A statistic that is a function argument: nothing is folded, the op and
// all of its constants stay as they were.
// CHECK-LABEL: func.func @argument_statistics(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x1x3x3xf32>, %[[M:[^:]*]]: tensor<2xf32>)
//  CHECK-NEXT:   %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}1.000000e-01, -2.000000e-01], [3.000000e-01, 4.000000e-01]]], {{\[\[\[}}5.000000e-01, 6.000000e-01], [-0.699999988, 8.000000e-01]]]]> : tensor<2x1x2x2xf32>
//  CHECK-NEXT:   %[[V:.*]] = arith.constant dense<[2.500000e-01, 2.000000e+00]> : tensor<2xf32>
//  CHECK-NEXT:   %[[G:.*]] = arith.constant dense<[1.500000e+00, -5.000000e-01]> : tensor<2xf32>
//  CHECK-NEXT:   %[[BT:.*]] = arith.constant dense<[1.000000e-01, 2.000000e-01]> : tensor<2xf32>
//  CHECK-NEXT:   fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<2xf32>) variance(%[[V]] : tensor<2xf32>) gamma(%[[G]] : tensor<2xf32>) beta(%[[BT]] : tensor<2xf32>) epsilon(1.000000e-03)
//   CHECK-NOT:   fusion.conv_bias_act
//       CHECK:   return
func.func @argument_statistics(%x: tensor<1x1x3x3xf32>, %m: tensor<2xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2], [0.3, 0.4]]], [[[0.5, 0.6], [-0.7, 0.8]]]]> : tensor<2x1x2x2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// A filter that is a function argument: not folded either.
// CHECK-LABEL: func.func @argument_filter(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x1x3x3xf32>, %[[W:[^:]*]]: tensor<2x1x2x2xf32>)
//  CHECK-NEXT:   %[[M:.*]] = arith.constant dense<[3.000000e-01, -4.000000e-01]> : tensor<2xf32>
//  CHECK-NEXT:   %[[V:.*]] = arith.constant dense<[2.500000e-01, 2.000000e+00]> : tensor<2xf32>
//  CHECK-NEXT:   %[[G:.*]] = arith.constant dense<[1.500000e+00, -5.000000e-01]> : tensor<2xf32>
//  CHECK-NEXT:   %[[BT:.*]] = arith.constant dense<[1.000000e-01, 2.000000e-01]> : tensor<2xf32>
//  CHECK-NEXT:   fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<2xf32>) variance(%[[V]] : tensor<2xf32>) gamma(%[[G]] : tensor<2xf32>) beta(%[[BT]] : tensor<2xf32>) epsilon(1.000000e-03)
//   CHECK-NOT:   fusion.conv_bias_act
//       CHECK:   return
func.func @argument_filter(%x: tensor<1x1x3x3xf32>, %w: tensor<2x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %m = arith.constant dense<[0.3, -0.4]> : tensor<2xf32>
  %v = arith.constant dense<[0.25, 2.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %bt = arith.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%bt : tensor<2xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

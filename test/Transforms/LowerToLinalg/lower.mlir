// fusion-lower-to-linalg: one optional tensor.pad, the named linalg conv of
// the layout accumulating in f32 (or wider), and exactly one elementwise
// linalg.generic epilogue (bias, normalization for conv_bn_act, activation,
// one rounding to the result type).
//
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-linalg | FileCheck %s
// Exactly one epilogue generic and no fused op is left, in every case:
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-linalg | FileCheck %s --check-prefix=EPILOGUE
// EPILOGUE-COUNT-10: linalg.generic
// EPILOGUE-NOT: linalg.generic
// EPILOGUE-NOT: fusion.

// Padding != 0: an explicit tensor.pad with a zero of the element type; the
// named conv matching the layout, accumulating into a zero-filled tensor;
// one generic epilogue: + bias[c] (c = d1 for NCHW), then relu as
// `a ugt 0 ? a : 0` (NaN propagates). f32 needs no casts.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$C1:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @nchw_fchw_bias_relu(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x2x4x4xf32>, %[[W:[^:]*]]: tensor<3x2x3x3xf32>, %[[B:[^:]*]]: tensor<3xf32>)
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
//       CHECK:     tensor.yield %[[ZERO]] : f32
//       CHECK:   } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<1x3x4x4xf32>
//       CHECK:   %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<1x3x4x4xf32>)
//       CHECK:   %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
//  CHECK-SAME:     ins(%[[PAD]], %[[W]] : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%[[ACC]] : tensor<1x3x4x4xf32>)
//       CHECK:   %[[OUT:.*]] = tensor.empty() : tensor<1x3x4x4xf32>
//       CHECK:   %[[R:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$C1]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
//  CHECK-SAME:     ins(%[[CONV]], %[[B]] : tensor<1x3x4x4xf32>, tensor<3xf32>) outs(%[[OUT]] : tensor<1x3x4x4xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %[[BIAS:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[IN]], %[[BIAS]] : f32
//  CHECK-NEXT:     %[[POS:.*]] = arith.cmpf ugt, %[[A]], %[[ZERO]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.select %[[POS]], %[[A]], %[[ZERO]] : f32
//  CHECK-NEXT:     linalg.yield %[[S]] : f32
//       CHECK:   return %[[R]]
//   CHECK-NOT:   fusion.
func.func @nchw_fchw_bias_relu(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// No padding: no tensor.pad; no bias and no activation: the epilogue only
// copies. Asymmetric strides keep their order.
// CHECK-LABEL: func.func @no_padding_no_bias(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x2x5x5xf32>, %[[W:[^:]*]]: tensor<3x2x3x3xf32>)
//   CHECK-NOT:   tensor.pad
//       CHECK:   %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>}
//  CHECK-SAME:     ins(%[[X]], %[[W]] : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>)
//       CHECK:   linalg.generic
//  CHECK-SAME:     ins(%[[CONV]] : tensor<1x3x2x3xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     linalg.yield %[[IN]] : f32
func.func @no_padding_no_bias(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x2x3xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([2, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x2x3xf32>
  return %0 : tensor<1x3x2x3xf32>
}

// -----

// conv_bn_act, f16, NHWC: the input is padded in f16 (pad = [top 0,
// bottom 1, left 0, right 1] on dims 1 and 2), the conv reads f16 and
// accumulates into an f32 tensor; the epilogue reads the four statistics
// per channel on d3, computes (x - mean) * (gamma / sqrt(var + eps)) + beta
// and leaky_relu in f32, and truncates to f16 once.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$C3:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @bn_nhwc_hwcf_f16(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x8x8x4xf16>, %[[W:[^:]*]]: tensor<3x3x4x8xf16>, %[[M:[^:]*]]: tensor<8xf32>, %[[V:[^:]*]]: tensor<8xf32>, %[[G:[^:]*]]: tensor<8xf32>, %[[BT:[^:]*]]: tensor<8xf32>)
//   CHECK-DAG:   %[[ALPHA:.*]] = arith.constant 1.250000e-01 : f32
//   CHECK-DAG:   %[[EPS:.*]] = arith.constant 1.000000e-03 : f32
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:   %[[ZERO16:.*]] = arith.constant 0.000000e+00 : f16
//       CHECK:   %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0, 0, 0] high[0, 1, 1, 0]
//       CHECK:     tensor.yield %[[ZERO16]] : f16
//       CHECK:   } : tensor<1x8x8x4xf16> to tensor<1x9x9x4xf16>
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<1x4x4x8xf32>
//       CHECK:   %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<1x4x4x8xf32>)
//       CHECK:   %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
//  CHECK-SAME:     ins(%[[PAD]], %[[W]] : tensor<1x9x9x4xf16>, tensor<3x3x4x8xf16>) outs(%[[ACC]] : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
//       CHECK:   %[[OUT:.*]] = tensor.empty() : tensor<1x4x4x8xf16>
//       CHECK:   %[[R:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$C3]], #[[$C3]], #[[$C3]], #[[$C3]], #[[$ID]]]
//  CHECK-SAME:     ins(%[[CONV]], %[[M]], %[[V]], %[[G]], %[[BT]] : tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%[[OUT]] : tensor<1x4x4x8xf16>)
//  CHECK-NEXT:   ^bb0(%[[IN:[^:]*]]: f32, %[[MM:[^:]*]]: f32, %[[VV:[^:]*]]: f32, %[[GG:[^:]*]]: f32, %[[BB:[^:]*]]: f32, %{{.*}}: f16):
//  CHECK-NEXT:     %[[VE:.*]] = arith.addf %[[VV]], %[[EPS]] : f32
//  CHECK-NEXT:     %[[SD:.*]] = math.sqrt %[[VE]] : f32
//  CHECK-NEXT:     %[[CEN:.*]] = arith.subf %[[IN]], %[[MM]] : f32
//  CHECK-NEXT:     %[[SC:.*]] = arith.divf %[[GG]], %[[SD]] : f32
//  CHECK-NEXT:     %[[MUL:.*]] = arith.mulf %[[CEN]], %[[SC]] : f32
//  CHECK-NEXT:     %[[NORM:.*]] = arith.addf %[[MUL]], %[[BB]] : f32
//  CHECK-NEXT:     %[[POS:.*]] = arith.cmpf ugt, %[[NORM]], %[[ZERO]] : f32
//  CHECK-NEXT:     %[[NEG:.*]] = arith.mulf %[[NORM]], %[[ALPHA]] : f32
//  CHECK-NEXT:     %[[ACT:.*]] = arith.select %[[POS]], %[[NORM]], %[[NEG]] : f32
//  CHECK-NEXT:     %[[T:.*]] = arith.truncf %[[ACT]] : f32 to f16
//  CHECK-NEXT:     linalg.yield %[[T]] : f16
//       CHECK:   } -> tensor<1x4x4x8xf16>
//       CHECK:   return %[[R]]
func.func @bn_nhwc_hwcf_f16(%x: tensor<1x8x8x4xf16>, %w: tensor<3x3x4x8xf16>, %m: tensor<8xf32>, %v: tensor<8xf32>, %g: tensor<8xf32>, %bt: tensor<8xf32>) -> tensor<1x4x4x8xf16> {
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<8xf32>) variance(%v : tensor<8xf32>) gamma(%g : tensor<8xf32>) beta(%bt : tensor<8xf32>) epsilon(1.0e-3) layout(nhwc_hwcf) strides([2, 2]) dilations([1, 1]) padding([0, 1, 0, 1]) groups(1) act <leaky_relu, alpha = 0.125> : tensor<1x8x8x4xf16>, tensor<3x3x4x8xf16> -> tensor<1x4x4x8xf16>
  return %0 : tensor<1x4x4x8xf16>
}

// -----

// conv_bn_act with a conv bias and f64 statistics on an f32 conv: the bias
// is added first, the f64 statistics are truncated to the f32 accumulator
// type inside the epilogue; epsilon becomes an f32 constant.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$C1:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @bn_bias_f64_stats(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x2x4x4xf32>, %[[W:[^:]*]]: tensor<3x2x1x1xf32>, %[[B:[^:]*]]: tensor<3xf32>, %[[P:[^:]*]]: tensor<3xf64>)
//   CHECK-DAG:   %[[EPS:.*]] = arith.constant 9.99999974E-6 : f32
//   CHECK-NOT:   tensor.pad
//       CHECK:   %[[CONV:.*]] = linalg.conv_2d_nchw_fchw
//       CHECK:   linalg.generic {indexing_maps = [#[[$ID]], #[[$C1]], #[[$C1]], #[[$C1]], #[[$C1]], #[[$C1]], #[[$ID]]]
//  CHECK-SAME:     ins(%[[CONV]], %[[B]], %[[P]], %[[P]], %[[P]], %[[P]] : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>)
//  CHECK-NEXT:   ^bb0(%[[IN:[^:]*]]: f32, %[[BI:[^:]*]]: f32, %[[M:[^:]*]]: f64, %[[V:[^:]*]]: f64, %[[G:[^:]*]]: f64, %[[BT:[^:]*]]: f64, %{{.*}}: f32):
//  CHECK-NEXT:     %[[Y:.*]] = arith.addf %[[IN]], %[[BI]] : f32
//  CHECK-NEXT:     %[[M32:.*]] = arith.truncf %[[M]] : f64 to f32
//  CHECK-NEXT:     %[[V32:.*]] = arith.truncf %[[V]] : f64 to f32
//  CHECK-NEXT:     %[[G32:.*]] = arith.truncf %[[G]] : f64 to f32
//  CHECK-NEXT:     %[[BT32:.*]] = arith.truncf %[[BT]] : f64 to f32
//  CHECK-NEXT:     %[[VE:.*]] = arith.addf %[[V32]], %[[EPS]] : f32
//  CHECK-NEXT:     %[[SD:.*]] = math.sqrt %[[VE]] : f32
//  CHECK-NEXT:     %[[CEN:.*]] = arith.subf %[[Y]], %[[M32]] : f32
//  CHECK-NEXT:     %[[SC:.*]] = arith.divf %[[G32]], %[[SD]] : f32
//  CHECK-NEXT:     %[[MUL:.*]] = arith.mulf %[[CEN]], %[[SC]] : f32
//  CHECK-NEXT:     %[[NORM:.*]] = arith.addf %[[MUL]], %[[BT32]] : f32
//  CHECK-NEXT:     linalg.yield %[[NORM]] : f32
func.func @bn_bias_f64_stats(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>, %b: tensor<3xf32>, %p: tensor<3xf64>) -> tensor<1x3x4x4xf32> {
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<3xf32>) mean(%p : tensor<3xf64>) variance(%p : tensor<3xf64>) gamma(%p : tensor<3xf64>) beta(%p : tensor<3xf64>) epsilon(1.0e-5) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// nhwc_fhwc with dilation 2 and relu6 = min(max(a, 0), 6).
// CHECK-LABEL: func.func @nhwc_fhwc_dilated_relu6(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x8x8x4xf32>, %[[W:[^:]*]]: tensor<8x3x3x4xf32>, %[[B:[^:]*]]: tensor<8xf32>)
//   CHECK-DAG:   %[[SIX:.*]] = arith.constant 6.000000e+00 : f32
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[PAD:.*]] = tensor.pad %[[X]] low[0, 2, 2, 0] high[0, 2, 2, 0]
//       CHECK:   } : tensor<1x8x8x4xf32> to tensor<1x12x12x4xf32>
//       CHECK:   %[[CONV:.*]] = linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
//  CHECK-SAME:     ins(%[[PAD]], %[[W]] : tensor<1x12x12x4xf32>, tensor<8x3x3x4xf32>)
//       CHECK:   linalg.generic
//  CHECK-SAME:     ins(%[[CONV]], %[[B]] : tensor<1x8x8x8xf32>, tensor<8xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:[^:]*]]: f32, %[[BI:[^:]*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[IN]], %[[BI]] : f32
//  CHECK-NEXT:     %[[LO:.*]] = arith.maximumf %[[A]], %[[ZERO]] : f32
//  CHECK-NEXT:     %[[HI:.*]] = arith.minimumf %[[LO]], %[[SIX]] : f32
//  CHECK-NEXT:     linalg.yield %[[HI]] : f32
func.func @nhwc_fhwc_dilated_relu6(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<8xf32>) layout(nhwc_fhwc) strides([1, 1]) dilations([2, 2]) padding([2, 2, 2, 2]) groups(1) act <relu6> : tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32> -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

// Depthwise NCHW in bf16: pad in bf16, f32 accumulator, the bf16 bias is
// extended to f32, sigmoid = 1 / (1 + exp(-a)), one truncf to bf16.
// CHECK-DAG: #[[$C1:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @nchw_chw_bf16_sigmoid(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x4x6x6xbf16>, %[[W:[^:]*]]: tensor<4x3x3xbf16>, %[[B:[^:]*]]: tensor<4xbf16>)
//   CHECK-DAG:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:   %[[ZEROB:.*]] = arith.constant 0.000000e+00 : bf16
//       CHECK:   %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
//       CHECK:     tensor.yield %[[ZEROB]] : bf16
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<1x4x6x6xf32>
//       CHECK:   %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<1x4x6x6xf32>)
//       CHECK:   %[[CONV:.*]] = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
//  CHECK-SAME:     ins(%[[PAD]], %[[W]] : tensor<1x4x8x8xbf16>, tensor<4x3x3xbf16>) outs(%[[ACC]] : tensor<1x4x6x6xf32>)
//       CHECK:   linalg.generic {indexing_maps = [#{{.*}}, #[[$C1]], #{{.*}}]
//  CHECK-SAME:     ins(%[[CONV]], %[[B]] : tensor<1x4x6x6xf32>, tensor<4xbf16>) outs(%{{.*}} : tensor<1x4x6x6xbf16>)
//  CHECK-NEXT:   ^bb0(%[[IN:[^:]*]]: f32, %[[BI:[^:]*]]: bf16, %{{.*}}: bf16):
//  CHECK-NEXT:     %[[BE:.*]] = arith.extf %[[BI]] : bf16 to f32
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[IN]], %[[BE]] : f32
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[A]] : f32
//  CHECK-NEXT:     %[[EX:.*]] = math.exp %[[N]] : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.addf %[[EX]], %[[ONE]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.divf %[[ONE]], %[[D]] : f32
//  CHECK-NEXT:     %[[T:.*]] = arith.truncf %[[S]] : f32 to bf16
//  CHECK-NEXT:     linalg.yield %[[T]] : bf16
func.func @nchw_chw_bf16_sigmoid(%x: tensor<1x4x6x6xbf16>, %w: tensor<4x3x3xbf16>, %b: tensor<4xbf16>) -> tensor<1x4x6x6xbf16> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<4xbf16>) layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <sigmoid> : tensor<1x4x6x6xbf16>, tensor<4x3x3xbf16> -> tensor<1x4x6x6xbf16>
  return %0 : tensor<1x4x6x6xbf16>
}

// -----

// Depthwise NHWC, stride 2, padding only top/left; per-channel bias on d3;
// hardswish = a * min(max(a + 3, 0), 6) / 6.
// CHECK-DAG: #[[$C3:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @nhwc_hwc_hardswish(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<2x6x6x3xf32>, %[[W:[^:]*]]: tensor<3x3x3xf32>, %[[B:[^:]*]]: tensor<3xf32>)
//   CHECK-DAG:   %[[SIX:.*]] = arith.constant 6.000000e+00 : f32
//   CHECK-DAG:   %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[PAD:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 0, 0, 0]
//       CHECK:   } : tensor<2x6x6x3xf32> to tensor<2x7x7x3xf32>
//       CHECK:   %[[CONV:.*]] = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
//  CHECK-SAME:     ins(%[[PAD]], %[[W]] : tensor<2x7x7x3xf32>, tensor<3x3x3xf32>) outs(%{{.*}} : tensor<2x3x3x3xf32>)
//       CHECK:   linalg.generic {indexing_maps = [#{{.*}}, #[[$C3]], #{{.*}}]
//  CHECK-SAME:     ins(%[[CONV]], %[[B]] : tensor<2x3x3x3xf32>, tensor<3xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:[^:]*]]: f32, %[[BI:[^:]*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[IN]], %[[BI]] : f32
//  CHECK-NEXT:     %[[SH:.*]] = arith.addf %[[A]], %[[THREE]] : f32
//  CHECK-NEXT:     %[[LO:.*]] = arith.maximumf %[[SH]], %[[ZERO]] : f32
//  CHECK-NEXT:     %[[HI:.*]] = arith.minimumf %[[LO]], %[[SIX]] : f32
//  CHECK-NEXT:     %[[P:.*]] = arith.mulf %[[A]], %[[HI]] : f32
//  CHECK-NEXT:     %[[Q:.*]] = arith.divf %[[P]], %[[SIX]] : f32
//  CHECK-NEXT:     linalg.yield %[[Q]] : f32
func.func @nhwc_hwc_hardswish(%x: tensor<2x6x6x3xf32>, %w: tensor<3x3x3xf32>, %b: tensor<3xf32>) -> tensor<2x3x3x3xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nhwc_hwc) strides([2, 2]) dilations([1, 1]) padding([1, 0, 1, 0]) groups(3) act <hardswish> : tensor<2x6x6x3xf32>, tensor<3x3x3xf32> -> tensor<2x3x3x3xf32>
  return %0 : tensor<2x3x3x3xf32>
}

// -----

// Depthwise with multiplier: a 5-D [N, H, W, C, M] accumulator, the named
// nhwc_hwcm conv, then collapse [C, M] -> C*M (channel c*M + m) before the
// epilogue; hardsigmoid = min(max(a + 3, 0), 6) / 6.
// CHECK-LABEL: func.func @nhwc_hwcm_hardsigmoid(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x5x5x2xf32>, %[[W:[^:]*]]: tensor<3x3x2x3xf32>, %[[B:[^:]*]]: tensor<6xf32>)
//   CHECK-DAG:   %[[SIX:.*]] = arith.constant 6.000000e+00 : f32
//   CHECK-DAG:   %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[PAD:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 1, 1, 0]
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<1x5x5x2x3xf32>
//       CHECK:   %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<1x5x5x2x3xf32>)
//       CHECK:   %[[CONV:.*]] = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
//  CHECK-SAME:     ins(%[[PAD]], %[[W]] : tensor<1x7x7x2xf32>, tensor<3x3x2x3xf32>) outs(%[[ACC]] : tensor<1x5x5x2x3xf32>)
//       CHECK:   %[[FLAT:.*]] = tensor.collapse_shape %[[CONV]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<1x5x5x2x3xf32> into tensor<1x5x5x6xf32>
//       CHECK:   linalg.generic
//  CHECK-SAME:     ins(%[[FLAT]], %[[B]] : tensor<1x5x5x6xf32>, tensor<6xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:[^:]*]]: f32, %[[BI:[^:]*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[IN]], %[[BI]] : f32
//  CHECK-NEXT:     %[[SH:.*]] = arith.addf %[[A]], %[[THREE]] : f32
//  CHECK-NEXT:     %[[LO:.*]] = arith.maximumf %[[SH]], %[[ZERO]] : f32
//  CHECK-NEXT:     %[[HI:.*]] = arith.minimumf %[[LO]], %[[SIX]] : f32
//  CHECK-NEXT:     %[[Q:.*]] = arith.divf %[[HI]], %[[SIX]] : f32
//  CHECK-NEXT:     linalg.yield %[[Q]] : f32
func.func @nhwc_hwcm_hardsigmoid(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x3xf32>, %b: tensor<6xf32>) -> tensor<1x5x5x6xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <hardsigmoid> : tensor<1x5x5x2xf32>, tensor<3x3x2x3xf32> -> tensor<1x5x5x6xf32>
  return %0 : tensor<1x5x5x6xf32>
}

// -----

// Depthwise written as nchw_fchw with groups = C: the [C, 1, KH, KW] filter
// is collapsed to [C, KH, KW] for the named depthwise conv; silu =
// a / (1 + exp(-a)).
// CHECK-LABEL: func.func @nchw_fchw_depthwise_silu(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x4x5x5xf32>, %[[W:[^:]*]]: tensor<4x1x3x3xf32>)
//   CHECK-DAG:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
//   CHECK-NOT:   tensor.pad
//       CHECK:   %[[WC:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
//       CHECK:   %[[CONV:.*]] = linalg.depthwise_conv_2d_nchw_chw
//  CHECK-SAME:     ins(%[[X]], %[[WC]] : tensor<1x4x5x5xf32>, tensor<4x3x3xf32>)
//       CHECK:   linalg.generic
//  CHECK-SAME:     ins(%[[CONV]] : tensor<1x4x3x3xf32>)
//  CHECK-NEXT:   ^bb0(%[[IN:[^:]*]]: f32, %{{.*}}: f32):
//  CHECK-NEXT:     %[[N:.*]] = arith.negf %[[IN]] : f32
//  CHECK-NEXT:     %[[EX:.*]] = math.exp %[[N]] : f32
//  CHECK-NEXT:     %[[D:.*]] = arith.addf %[[EX]], %[[ONE]] : f32
//  CHECK-NEXT:     %[[S:.*]] = arith.divf %[[IN]], %[[D]] : f32
//  CHECK-NEXT:     linalg.yield %[[S]] : f32
//   CHECK-NOT:   linalg.conv_2d_nchw_fchw
func.func @nchw_fchw_depthwise_silu(%x: tensor<1x4x5x5xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x3x3xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(4) act <silu> : tensor<1x4x5x5xf32>, tensor<4x1x3x3xf32> -> tensor<1x4x3x3xf32>
  return %0 : tensor<1x4x3x3xf32>
}

// -----

// f16 conv with an f16 bias and clamp(-1.5, 2.5): the bias is extended to
// f32, the clamp bounds are f32 constants, one truncf at the end.
// CHECK-LABEL: func.func @clamp_f16_bias(
//  CHECK-SAME:     %[[X:[^:]*]]: tensor<1x2x4x4xf16>, %[[W:[^:]*]]: tensor<3x2x3x3xf16>, %[[B:[^:]*]]: tensor<3xf16>)
//   CHECK-DAG:   %[[HI:.*]] = arith.constant 2.500000e+00 : f32
//   CHECK-DAG:   %[[LO:.*]] = arith.constant -1.500000e+00 : f32
//   CHECK-NOT:   tensor.pad
//       CHECK:   %[[CONV:.*]] = linalg.conv_2d_nchw_fchw
//  CHECK-SAME:     ins(%[[X]], %[[W]] : tensor<1x2x4x4xf16>, tensor<3x2x3x3xf16>) outs(%{{.*}} : tensor<1x3x2x2xf32>)
//       CHECK:   linalg.generic
//  CHECK-SAME:     ins(%[[CONV]], %[[B]] : tensor<1x3x2x2xf32>, tensor<3xf16>) outs(%{{.*}} : tensor<1x3x2x2xf16>)
//  CHECK-NEXT:   ^bb0(%[[IN:[^:]*]]: f32, %[[BI:[^:]*]]: f16, %{{.*}}: f16):
//  CHECK-NEXT:     %[[BE:.*]] = arith.extf %[[BI]] : f16 to f32
//  CHECK-NEXT:     %[[A:.*]] = arith.addf %[[IN]], %[[BE]] : f32
//  CHECK-NEXT:     %[[MX:.*]] = arith.maximumf %[[A]], %[[LO]] : f32
//  CHECK-NEXT:     %[[MN:.*]] = arith.minimumf %[[MX]], %[[HI]] : f32
//  CHECK-NEXT:     %[[T:.*]] = arith.truncf %[[MN]] : f32 to f16
//  CHECK-NEXT:     linalg.yield %[[T]] : f16
func.func @clamp_f16_bias(%x: tensor<1x2x4x4xf16>, %w: tensor<3x2x3x3xf16>, %b: tensor<3xf16>) -> tensor<1x3x2x2xf16> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf16>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <clamp, min = -1.5, max = 2.5> : tensor<1x2x4x4xf16>, tensor<3x2x3x3xf16> -> tensor<1x3x2x2xf16>
  return %0 : tensor<1x3x2x2xf16>
}

// Fold parity per filter layout. Each function holds a hand-written
// fusion.conv_bn_act with real statistics (eps = 1e-3), so there is no
// unfused twin: fusion-verify's baseline lowers the conv_bn_act directly
// (normalization applied in the f32 epilogue), its fused build runs
// fusion-fold-bn first (normalization baked into filter and bias, f64,
// rounded once). Agreement on random frames proves the fold scales the
// right filter axis for each layout: the output channel is dim 0 (fchw,
// fhwc, chw), the LAST dim (hwcf), dim 2 (hwc) or c*M+m (hwcm).
//
// First, the fold really happens for all seven ops:
// RUN: fusion-opt %s --fusion-fold-bn | FileCheck %s --check-prefix=FOLDED
// FOLDED-NOT: fusion.conv_bn_act
// FOLDED-COUNT-7: fusion.conv_bias_act
// FOLDED-NOT: fusion.conv_bn_act
//
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --entry=nchw_fchw | FileCheck %s
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --entry=nhwc_hwcf | FileCheck %s
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --entry=nhwc_fhwc | FileCheck %s
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --entry=nchw_chw | FileCheck %s
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --entry=nhwc_hwc | FileCheck %s
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --entry=nhwc_hwcm | FileCheck %s
// f16: the folded filter is rounded to f16, the baseline keeps f32
// statistics, so the tolerance is f16-sized.
// RUN: fusion-verify %s --frames=4 --entry=nchw_fchw_f16 --rtol=1e-2 --atol=1e-2 | FileCheck %s
// CHECK: PASS
//
// The check is sensitive: a fold that leaves the filter unscaled fails for
// every layout.
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --entry=nchw_fchw --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --entry=nhwc_hwcf --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --entry=nhwc_fhwc --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --entry=nchw_chw --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --entry=nhwc_hwc --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --entry=nhwc_hwcm --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: not fusion-verify %s --frames=2 --entry=nchw_fchw_f16 --rtol=1e-2 --atol=1e-2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// WRONG: FAIL

func.func @nchw_fchw(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %w = arith.constant dense<[[[[0.255, 0.895, 0.154], [-0.207, 0.953, -0.907], [0.717, -0.421, -0.711]], [[-0.764, -0.383, 0.632], [-0.639, 0.163, 0.278], [-0.255, 0.095, -0.874]], [[-0.881, -0.588, 0.361], [-0.145, -0.372, 0.171], [-0.094, -0.4, 0.589]]], [[[0.398, -0.512, 0.149], [0.05, 0.75, 0.459], [-0.424, 0.96, -0.764]], [[-0.164, 0.514, -0.696], [-0.022, -0.922, 0.336], [0.529, 0.146, 0.751]], [[-0.373, 0.391, 0.189], [0.16, -0.088, 0.68], [0.889, -0.052, 0.328]]], [[[-0.879, 0.403, 0.294], [0.986, 0.644, -0.431], [-0.228, 0.337, -0.955]], [[-0.077, -0.664, -0.766], [-0.882, 0.536, -0.741], [-0.505, -0.218, 0.743]], [[-0.839, -0.102, 0.099], [0.767, 0.639, 0.728], [-0.443, -0.169, -0.282]]], [[[0.768, 0.915, -0.698], [-0.648, -0.536, -0.533], [-0.03, 0.178, -0.475]], [[-0.992, -0.162, -0.261], [0.133, 0.906, 0.381], [0.031, 0.235, 0.352]], [[-0.892, 0.799, 0.56], [0.749, 0.596, -0.215], [-0.202, -0.793, 0.269]]]]> : tensor<4x3x3x3xf32>
  %b = arith.constant dense<[-0.438, -0.433, -0.291, -0.338]> : tensor<4xf32>
  %m = arith.constant dense<[0.036, -0.134, -0.442, 0.007]> : tensor<4xf32>
  %v = arith.constant dense<[0.171, 0.924, 0.233, 0.272]> : tensor<4xf32>
  %g = arith.constant dense<[0.824, -0.651, 1.151, 0.572]> : tensor<4xf32>
  %bt = arith.constant dense<[-0.075, 0.327, -0.376, -0.277]> : tensor<4xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<4xf32>) mean(%m : tensor<4xf32>) variance(%v : tensor<4xf32>) gamma(%g : tensor<4xf32>) beta(%bt : tensor<4xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

func.func @nhwc_hwcf(%x: tensor<1x8x8x3xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<[[[[-0.068, -0.032, -0.828, -0.796], [-0.315, -0.47, 0.658, -0.677], [-0.954, 0.902, 0.057, -0.707]], [[0.086, -0.946, 0.056, 0.957], [0.727, 0.392, -0.478, -0.267], [-0.666, 0.544, 0.065, 0.558]], [[-0.341, -0.554, 0.623, 0.97], [0.705, 0.612, 0.637, 0.48], [-0.547, 0.035, -0.289, -0.942]]], [[[-0.944, -0.441, -0.482, 0.385], [0.913, -0.106, 0.874, 0.976], [0.91, -0.271, -0.559, -0.546]], [[-0.607, -0.591, 0.248, 0.801], [0.681, -0.041, 0.306, 0.599], [-0.83, 0.321, 0.82, 0.565]], [[0.5, -0.044, -0.643, 0.578], [-0.335, 0.602, 0.943, -0.208], [-0.197, 0.894, 0.45, -0.66]]], [[[-0.746, -0.698, 0.81, 0.613], [-0.708, 0.653, 0.961, 0.315], [-0.299, 0.097, -0.738, -0.972]], [[0.942, 0.299, 0.053, 0.867], [-0.132, 0.743, 0.652, -0.578], [-0.496, -0.414, -0.519, 0.173]], [[-0.481, -0.162, -0.738, 0.82], [-0.292, -0.084, 0.167, 0.809], [-0.159, 0.835, 0.003, 0.064]]]]> : tensor<3x3x3x4xf32>
  %m = arith.constant dense<[-0.399, -0.136, -0.474, 0.374]> : tensor<4xf32>
  %v = arith.constant dense<[1.267, 0.382, 0.579, 0.76]> : tensor<4xf32>
  %g = arith.constant dense<[0.84, -0.553, 0.5, 0.651]> : tensor<4xf32>
  %bt = arith.constant dense<[-0.136, -0.377, 0.349, 0.493]> : tensor<4xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<4xf32>) variance(%v : tensor<4xf32>) gamma(%g : tensor<4xf32>) beta(%bt : tensor<4xf32>) epsilon(1.0e-3) layout(nhwc_hwcf) strides([2, 2]) dilations([1, 1]) padding([1, 0, 1, 0]) groups(1) act <silu> : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

func.func @nhwc_fhwc(%x: tensor<1x7x7x4xf32>) -> tensor<1x7x7x5xf32> {
  %w = arith.constant dense<[[[[0.123, 0.52, 0.825, -0.114], [0.225, 0.011, 0.024, 0.385], [-0.095, 0.067, -0.044, 0.883]], [[0.398, 0.753, 0.884, -0.481], [0.119, 0.887, 0.68, -0.726], [-0.757, -0.116, -0.855, -0.519]], [[-0.854, 0.339, 0.568, 0.794], [-0.691, 0.432, 0.321, -0.714], [0.766, 0.935, -0.561, 0.905]]], [[[-0.203, -0.025, 0.98, 0.665], [-0.677, -0.137, 0.031, -0.322], [-0.609, -0.363, 0.444, -0.961]], [[0.108, -0.119, -0.964, -0.337], [0.248, 0.025, -0.871, 0.97], [0.577, 0.943, -0.79, -0.469]], [[-0.921, 0.558, -0.459, -0.741], [-0.155, 0.823, 0.638, -0.483], [-0.701, 0.838, 0.141, 0.401]]], [[[-0.821, -0.885, 0.376, -0.149], [-0.855, 0.877, 0.269, 0.603], [-0.833, 0.712, -0.867, 0.726]], [[-0.092, -0.322, 0.106, 0.853], [-0.464, -0.742, 0.054, -0.523], [-0.781, -0.677, -0.899, -0.596]], [[-0.376, -0.39, 0.519, -0.42], [0.0, -0.644, -0.306, -0.964], [-0.499, -0.969, 0.466, 0.102]]], [[[-0.621, -0.05, 0.869, -0.787], [0.638, -0.136, -0.01, 0.669], [-0.214, 0.013, 0.375, 0.965]], [[-0.315, 0.665, 0.413, 0.272], [-0.191, -0.305, -0.891, -0.74], [-0.859, 0.482, -0.489, -0.674]], [[-0.831, 0.683, 0.741, 0.341], [-0.436, -0.516, -0.414, -0.081], [-0.685, -0.108, -0.474, 0.924]]], [[[0.945, 0.094, -0.511, 0.931], [-0.381, -0.287, -0.998, -0.237], [-0.051, 0.006, -0.598, 0.009]], [[-0.99, -0.472, -0.82, -0.201], [-0.917, -0.955, -0.392, -0.534], [0.171, 0.058, 0.501, 0.315]], [[0.432, 0.758, -0.221, -0.348], [0.969, -0.701, 0.448, 0.286], [-0.912, 0.671, 0.784, 0.255]]]]> : tensor<5x3x3x4xf32>
  %b = arith.constant dense<[0.234, 0.312, -0.361, 0.024, 0.004]> : tensor<5xf32>
  %m = arith.constant dense<[0.299, -0.328, -0.027, 0.225, 0.056]> : tensor<5xf32>
  %v = arith.constant dense<[0.719, 1.085, 1.155, 1.59, 0.302]> : tensor<5xf32>
  %g = arith.constant dense<[1.024, -0.519, 0.94, 0.683, -0.504]> : tensor<5xf32>
  %bt = arith.constant dense<[0.06, -0.252, -0.223, 0.272, 0.008]> : tensor<5xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<5xf32>) mean(%m : tensor<5xf32>) variance(%v : tensor<5xf32>) gamma(%g : tensor<5xf32>) beta(%bt : tensor<5xf32>) epsilon(1.0e-3) layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <leaky_relu, alpha = 0.1> : tensor<1x7x7x4xf32>, tensor<5x3x3x4xf32> -> tensor<1x7x7x5xf32>
  return %0 : tensor<1x7x7x5xf32>
}

func.func @nchw_chw(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense<[[[0.361, -0.021, -0.993], [0.595, 0.497, 0.006], [0.07, 0.319, -0.868]], [[0.474, -0.496, -0.851], [-0.469, 0.459, -0.59], [0.48, 0.951, -0.012]], [[-0.235, -0.042, 0.367], [0.534, 0.234, 0.286], [-0.845, -0.705, -0.492]], [[0.486, -0.391, 0.136], [-0.975, -0.879, -0.462], [0.344, 0.384, 0.351]]]> : tensor<4x3x3xf32>
  %b = arith.constant dense<[-0.209, 0.017, -0.035, -0.034]> : tensor<4xf32>
  %m = arith.constant dense<[0.393, 0.183, 0.193, -0.27]> : tensor<4xf32>
  %v = arith.constant dense<[0.159, 0.353, 0.785, 0.299]> : tensor<4xf32>
  %g = arith.constant dense<[1.335, -1.305, 1.326, 1.084]> : tensor<4xf32>
  %bt = arith.constant dense<[0.336, 0.059, 0.128, 0.126]> : tensor<4xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<4xf32>) mean(%m : tensor<4xf32>) variance(%v : tensor<4xf32>) gamma(%g : tensor<4xf32>) beta(%bt : tensor<4xf32>) epsilon(1.0e-3) layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <relu6> : tensor<1x4x6x6xf32>, tensor<4x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

func.func @nhwc_hwc(%x: tensor<1x6x6x3xf32>) -> tensor<1x3x3x3xf32> {
  %w = arith.constant dense<[[[0.891, -0.579, 0.163], [-0.717, 0.048, 0.905], [-0.735, 0.64, 0.017]], [[0.774, 0.407, -0.537], [0.795, -0.028, -0.95], [-0.993, -0.017, -0.098]], [[-0.396, -0.719, -0.312], [-0.368, 0.68, -0.997], [0.501, 0.678, -0.76]]]> : tensor<3x3x3xf32>
  %m = arith.constant dense<[0.478, 0.436, -0.482]> : tensor<3xf32>
  %v = arith.constant dense<[0.972, 1.658, 1.939]> : tensor<3xf32>
  %g = arith.constant dense<[0.619, -1.394, 0.699]> : tensor<3xf32>
  %bt = arith.constant dense<[-0.051, -0.231, -0.29]> : tensor<3xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.0e-3) layout(nhwc_hwc) strides([2, 2]) dilations([1, 1]) padding([1, 0, 1, 0]) groups(3) act <hardsigmoid> : tensor<1x6x6x3xf32>, tensor<3x3x3xf32> -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}

func.func @nhwc_hwcm(%x: tensor<1x6x6x3xf32>) -> tensor<1x6x6x6xf32> {
  %w = arith.constant dense<[[[[0.262, 0.827], [0.881, 0.098], [0.439, -0.901]], [[0.465, -0.098], [0.505, 0.289], [-0.428, -0.902]], [[0.854, -0.745], [-0.056, -0.313], [-0.404, 0.478]]], [[[0.953, -0.48], [0.312, -0.398], [0.115, -0.211]], [[-0.665, -0.677], [-0.584, 0.812], [-0.006, -0.56]], [[0.813, 0.993], [-0.1, -0.721], [-0.615, -0.819]]], [[[-0.316, -0.818], [-0.522, -0.483], [0.139, 0.775]], [[0.499, -0.174], [-0.172, 0.048], [-0.246, -0.324]], [[-0.876, -0.445], [0.935, -0.748], [0.007, 0.259]]]]> : tensor<3x3x3x2xf32>
  %m = arith.constant dense<[0.499, 0.089, -0.139, -0.072, -0.225, -0.452]> : tensor<6xf32>
  %v = arith.constant dense<[0.293, 1.686, 0.643, 1.878, 0.574, 0.605]> : tensor<6xf32>
  %g = arith.constant dense<[1.426, -1.213, 1.402, 0.79, -0.872, 0.893]> : tensor<6xf32>
  %bt = arith.constant dense<[0.011, -0.31, -0.127, 0.456, 0.384, 0.312]> : tensor<6xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<6xf32>) variance(%v : tensor<6xf32>) gamma(%g : tensor<6xf32>) beta(%bt : tensor<6xf32>) epsilon(1.0e-3) layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(3) act <hardswish> : tensor<1x6x6x3xf32>, tensor<3x3x3x2xf32> -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

func.func @nchw_fchw_f16(%x: tensor<1x3x8x8xf16>) -> tensor<1x4x8x8xf16> {
  %w = arith.constant dense<[[[[0.255, 0.895, 0.154], [-0.207, 0.953, -0.907], [0.717, -0.421, -0.711]], [[-0.764, -0.383, 0.632], [-0.639, 0.163, 0.278], [-0.255, 0.095, -0.874]], [[-0.881, -0.588, 0.361], [-0.145, -0.372, 0.171], [-0.094, -0.4, 0.589]]], [[[0.398, -0.512, 0.149], [0.05, 0.75, 0.459], [-0.424, 0.96, -0.764]], [[-0.164, 0.514, -0.696], [-0.022, -0.922, 0.336], [0.529, 0.146, 0.751]], [[-0.373, 0.391, 0.189], [0.16, -0.088, 0.68], [0.889, -0.052, 0.328]]], [[[-0.879, 0.403, 0.294], [0.986, 0.644, -0.431], [-0.228, 0.337, -0.955]], [[-0.077, -0.664, -0.766], [-0.882, 0.536, -0.741], [-0.505, -0.218, 0.743]], [[-0.839, -0.102, 0.099], [0.767, 0.639, 0.728], [-0.443, -0.169, -0.282]]], [[[0.768, 0.915, -0.698], [-0.648, -0.536, -0.533], [-0.03, 0.178, -0.475]], [[-0.992, -0.162, -0.261], [0.133, 0.906, 0.381], [0.031, 0.235, 0.352]], [[-0.892, 0.799, 0.56], [0.749, 0.596, -0.215], [-0.202, -0.793, 0.269]]]]> : tensor<4x3x3x3xf16>
  %b = arith.constant dense<[-0.438, -0.433, -0.291, -0.338]> : tensor<4xf32>
  %m = arith.constant dense<[0.036, -0.134, -0.442, 0.007]> : tensor<4xf32>
  %v = arith.constant dense<[0.171, 0.924, 0.233, 0.272]> : tensor<4xf32>
  %g = arith.constant dense<[0.824, -0.651, 1.151, 0.572]> : tensor<4xf32>
  %bt = arith.constant dense<[-0.075, 0.327, -0.376, -0.277]> : tensor<4xf32>
  %0 = fusion.conv_bn_act %x, %w bias(%b : tensor<4xf32>) mean(%m : tensor<4xf32>) variance(%v : tensor<4xf32>) gamma(%g : tensor<4xf32>) beta(%bt : tensor<4xf32>) epsilon(1.0e-3) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x3x8x8xf16>, tensor<4x3x3x3xf16> -> tensor<1x4x8x8xf16>
  return %0 : tensor<1x4x8x8xf16>
}

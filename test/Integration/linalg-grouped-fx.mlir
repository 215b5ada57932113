// Grouped convolution as torch-mlir's FX importer emits it (ResNeXt,
// RegNet): input and the accumulator's tensor expanded from NCHW into
// [N, G, C/G, H, W], the 5-D accumulator filled with zero, a
// linalg.conv_2d_ngchw_gfchw, the result collapsed back. Fused as one NCHW
// op with groups(2); parity against the unfused program on random frames,
// and a deliberately wrong fold is caught.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// The fused program with its loops tiled, collapsed and mapped as for the
// GPU (fusion-map-loops-to-gpu), run on the host: the GPU index arithmetic.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-gpu-loop-mapping | FileCheck %s --check-prefix=MAPPED
// The unfused baseline the benchmarks time (each conv alone, same codegen)
// is checked against the reference too.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --program=unfused | FileCheck %s --check-prefix=UNFUSED
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: fusion-opt %s --fusion-fuse --fusion-fold-bn | FileCheck %s --check-prefix=IR

// CHECK: fused ops 1
// CHECK: PASS
// MAPPED: PASS
// UNFUSED: unfused vs reference
// UNFUSED: PASS
// WRONG: FAIL
// IR-LABEL: func.func @grouped_fx(
// IR-NOT: linalg.conv_2d_ngchw_gfchw
// IR-NOT: tensor.expand_shape
// IR: fusion.conv_bias_act %arg0, %{{.*}} bias(%{{.*}} : tensor<6xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu> : tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x5x5xf32>
// IR-NOT: linalg.generic
func.func @grouped_fx(%x: tensor<1x4x5x5xf32>) -> tensor<1x6x5x5xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [0.7, 0.8, 0.9]], [[-0.1, 0.2, 0.3], [0.4, -0.5, 0.6], [0.7, 0.8, -0.9]]], [[[0.2, 0.1, -0.3], [0.5, 0.4, 0.6], [-0.7, 0.9, 0.8]], [[0.3, -0.1, 0.2], [0.6, 0.5, -0.4], [0.9, -0.8, 0.7]]], [[[-0.3, 0.2, 0.1], [0.6, -0.5, 0.4], [0.9, 0.8, -0.7]], [[0.2, 0.3, -0.1], [-0.5, 0.6, 0.4], [0.8, 0.9, 0.7]]], [[[0.15, -0.25, 0.35], [0.45, 0.55, -0.65], [0.75, 0.85, 0.95]], [[-0.15, 0.25, 0.35], [0.45, -0.55, 0.65], [0.75, 0.85, -0.95]]], [[[0.25, 0.15, -0.35], [0.55, 0.45, 0.65], [-0.75, 0.95, 0.85]], [[0.35, -0.15, 0.25], [0.65, 0.55, -0.45], [0.95, -0.85, 0.75]]], [[[-0.35, 0.25, 0.15], [0.65, -0.55, 0.45], [0.95, 0.85, -0.75]], [[0.25, 0.35, -0.15], [-0.55, 0.65, 0.45], [0.85, 0.95, 0.75]]]]> : tensor<6x2x3x3xf32>
  %gamma = arith.constant dense<[1.5, 0.5, -2.0, 0.8, 1.2, -0.7]> : tensor<6xf32>
  %beta = arith.constant dense<[0.1, -0.2, 0.3, 0.0, 0.25, -0.1]> : tensor<6xf32>
  %mean = arith.constant dense<[0.5, 1.0, -1.0, 0.2, -0.3, 0.0]> : tensor<6xf32>
  %var = arith.constant dense<[0.25, 4.0, 1.0, 0.5, 2.0, 1.5]> : tensor<6xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x5x5xf32> to tensor<1x4x7x7xf32>
  %xg = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 7, 7] : tensor<1x4x7x7xf32> into tensor<1x2x2x7x7xf32>
  %wg = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
  %e = tensor.empty() : tensor<1x6x5x5xf32>
  %eg = tensor.expand_shape %e [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 5, 5] : tensor<1x6x5x5xf32> into tensor<1x2x3x5x5xf32>
  %fg = linalg.fill ins(%zero : f32) outs(%eg : tensor<1x2x3x5x5xf32>) -> tensor<1x2x3x5x5xf32>
  %c5 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%xg, %wg : tensor<1x2x2x7x7xf32>, tensor<2x3x2x3x3xf32>) outs(%fg : tensor<1x2x3x5x5xf32>) -> tensor<1x2x3x5x5xf32>
  %c = tensor.collapse_shape %c5 [[0], [1, 2], [3], [4]] : tensor<1x2x3x5x5xf32> into tensor<1x6x5x5xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c, %gamma, %beta, %mean, %var : tensor<1x6x5x5xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) outs(%c : tensor<1x6x5x5xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %out: f32):
    %eps = arith.constant 1.0e-5 : f32
    %0 = arith.addf %v, %eps : f32
    %1 = math.rsqrt %0 : f32
    %2 = arith.subf %in, %m : f32
    %3 = arith.mulf %2, %1 : f32
    %4 = arith.mulf %3, %g : f32
    %5 = arith.addf %4, %b : f32
    linalg.yield %5 : f32
  } -> tensor<1x6x5x5xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%bn : tensor<1x6x5x5xf32>) outs(%e : tensor<1x6x5x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x6x5x5xf32>
  return %r : tensor<1x6x5x5xf32>
}

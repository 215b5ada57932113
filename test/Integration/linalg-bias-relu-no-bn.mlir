// Fused vs unfused parity on random frames for one frontend form; the
// structural checks for it are in test/Transforms/FuseChains/linalg-forms.mlir
// (@bias_relu_no_bn).
//
// conv + bias + ReLU with no BN (FX form: bias broadcast into the
// accumulator): nothing to normalize, so a conv_bias_act carrying the
// original bias.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s

// CHECK: fused ops 1
// CHECK: PASS

func.func @bias_relu_no_bn(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %bias = arith.constant dense<[0.25, -0.5, 0.75]> : tensor<3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %bb = linalg.broadcast ins(%bias : tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) dimensions = [0, 2, 3]
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%bb : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// Fused vs unfused parity on random frames for one frontend form; the
// structural checks for it are in test/Transforms/FuseChains/linalg-forms.mlir
// (@fx_bias_bn_relu).
//
// torch-mlir FX path (torch.export): the conv bias is broadcast into the
// accumulator with linalg.broadcast, padding is a tensor.pad, and the
// decomposed batch norm is four broadcasting generics (sub, mul, mul, add)
// whose parameters are tensor.expand_shape'd to Cx1x1 and read with
// (d1, 0, 0) maps. 1/sqrt(var + eps) is computed by rank-1 generics; the
// reciprocal one carries a cf.assert on a constant condition, and the sub
// applies torch's alpha = 1.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s

// CHECK: fused ops 1
// CHECK: PASS

func.func @fx_bias_bn_relu(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %bias = arith.constant dense<[0.25, -0.5, 0.75]> : tensor<3xf32>
  %g = arith.constant dense<[0.8, -1.25, 2.0]> : tensor<3xf32>
  %b = arith.constant dense<[-0.3, 0.6, 0.05]> : tensor<3xf32>
  %m = arith.constant dense<[0.2, -0.4, 1.5]> : tensor<3xf32>
  %v = arith.constant dense<[0.5, 2.0, 0.09]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %bb = linalg.broadcast ins(%bias : tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) dimensions = [0, 2, 3]
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%bb : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %e1 = tensor.empty() : tensor<3xf32>
  %ve = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v : tensor<3xf32>) outs(%e1 : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %in, %t : f32
    linalg.yield %1 : f32
  } -> tensor<3xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ve : tensor<3xf32>) outs(%e1 : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = math.sqrt %in : f32
    linalg.yield %1 : f32
  } -> tensor<3xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sq : tensor<3xf32>) outs(%e1 : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %true = arith.constant true
    cf.assert %true, "unimplemented: only floating-point reciprocal"
    %one = arith.constant 1.0 : f32
    %1 = arith.divf %one, %in : f32
    linalg.yield %1 : f32
  } -> tensor<3xf32>
  %m3 = tensor.expand_shape %m [[0, 1, 2]] output_shape [3, 1, 1] : tensor<3xf32> into tensor<3x1x1xf32>
  %i3 = tensor.expand_shape %inv [[0, 1, 2]] output_shape [3, 1, 1] : tensor<3xf32> into tensor<3x1x1xf32>
  %g3 = tensor.expand_shape %g [[0, 1, 2]] output_shape [3, 1, 1] : tensor<3xf32> into tensor<3x1x1xf32>
  %b3 = tensor.expand_shape %b [[0, 1, 2]] output_shape [3, 1, 1] : tensor<3xf32> into tensor<3x1x1xf32>
  %sub = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m3 : tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %alpha = arith.constant 1.0 : f32
    %1 = arith.mulf %in_1, %alpha : f32
    %2 = arith.subf %in, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  %mul = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sub, %i3 : tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.mulf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %mulg = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mul, %g3 : tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.mulf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mulg, %b3 : tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %alpha = arith.constant 1.0 : f32
    %1 = arith.mulf %in_1, %alpha : f32
    %2 = arith.addf %in, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// Fused vs unfused parity on random frames for one frontend form; the
// structural checks for it are in test/Transforms/FuseChains/linalg-forms.mlir
// (@relu6_max_min_rank0).
//
// ReLU6 as torch-mlir emits aten.maximum/aten.minimum against 0-d tensors:
// two generics, max then min, whose bounds are rank-0 tensors (one from
// linalg.fill, one a dense<6.0> constant) read with a () map; the constant
// is the FIRST operand of the min.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// The fused program with its loops tiled, collapsed and mapped as for the
// GPU (fusion-map-loops-to-gpu), run on the host: the GPU index arithmetic.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-gpu-loop-mapping | FileCheck %s --check-prefix=MAPPED
// The unfused baseline the benchmarks time (each conv alone, same codegen)
// is checked against the reference too.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --program=unfused | FileCheck %s --check-prefix=UNFUSED

// CHECK: fused ops 1
// CHECK: PASS
// MAPPED: PASS
// UNFUSED: unfused vs reference
// UNFUSED: PASS

func.func @relu6_max_min_rank0(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[0.75, -1.5, 1.25]> : tensor<3xf32>
  %b = arith.constant dense<[0.4, 0.1, -0.6]> : tensor<3xf32>
  %m = arith.constant dense<[-0.3, 0.2, 0.7]> : tensor<3xf32>
  %v = arith.constant dense<[1.44, 0.16, 2.25]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %six = arith.constant dense<6.0> : tensor<f32>
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32>
  %e0 = tensor.empty() : tensor<f32>
  %lo = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %mx = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn, %lo : tensor<1x3x4x4xf32>, tensor<f32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.maximumf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %mn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%six, %mx : tensor<f32>, tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.minimumf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %mn : tensor<1x3x4x4xf32>
}

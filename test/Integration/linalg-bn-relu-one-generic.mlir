// Fused vs unfused parity on random frames for one frontend form; the
// structural checks for it are in test/Transforms/FuseChains/linalg-forms.mlir
// (@bn_relu_one_generic).
//
// After -linalg-fuse-elementwise-ops (which IREE and torch-mlir pipelines
// run early; this body is what it makes of the TorchScript BN + ReLU): BN
// and ReLU are ONE generic body, writing into a fresh tensor.empty.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s

// CHECK: fused ops 1
// CHECK: PASS

func.func @bn_relu_one_generic(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[2.0, 0.6, -0.9]> : tensor<3xf32>
  %b = arith.constant dense<[-0.5, 1.2, 0.0625]> : tensor<3xf32>
  %m = arith.constant dense<[0.1, -0.8, 0.35]> : tensor<3xf32>
  %v = arith.constant dense<[0.49, 1.21, 0.36]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %in_2: f32, %in_3: f32, %in_4: f32, %out: f32):
    %1 = arith.truncf %eps : f64 to f32
    %2 = arith.addf %in_4, %1 : f32
    %3 = math.rsqrt %2 : f32
    %4 = arith.subf %in, %in_3 : f32
    %5 = arith.mulf %4, %3 : f32
    %6 = arith.mulf %5, %in_1 : f32
    %7 = arith.addf %6, %in_2 : f32
    %8 = arith.cmpf ugt, %7, %zero : f32
    %9 = arith.select %8, %7, %zero : f32
    linalg.yield %9 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

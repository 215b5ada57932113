// A fused op carries a FusedLoc naming every op it replaced (conv, an
// absorbed tensor.pad, the normalization and activation ops), so
// diagnostics and profiles still point at the frontend's source lines.
// fusion-fold-bn keeps the op's location on the folded op and constants.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-fuse --fusion-fold-bn --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=FOLD

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @chain
//       CHECK:   fusion.conv_bn_act
//  CHECK-SAME:     loc(fused["model.py":10:3, "model.py":11:3, "model.py":12:3])
//   CHECK-NOT:   linalg.
//       CHECK:   return
// FOLD-LABEL: func.func @chain
//       FOLD:   %[[W:.*]] = arith.constant {{.*}} : tensor<3x2x1x1xf32> loc(fused["model.py":10:3, "model.py":11:3, "model.py":12:3])
//       FOLD:   fusion.conv_bias_act %{{.*}}, %[[W]]
//  FOLD-SAME:     loc(fused["model.py":10:3, "model.py":11:3, "model.py":12:3])
func.func @chain(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<0.5> : tensor<3x2x1x1xf32> loc("weights")
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> loc("model.py":10:3)
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %1 = arith.addf %vv, %eps : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32> loc("model.py":11:3)
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.maximumf %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32> loc("model.py":12:3)
  return %r : tensor<1x3x4x4xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
// No normalization: conv_bias_act directly; the absorbed tensor.pad is named.
// CHECK-LABEL: func.func @conv_bias_relu
//       CHECK:   fusion.conv_bias_act
//  CHECK-SAME:     padding([1, 1, 1, 1])
//  CHECK-SAME:     loc(fused["conv", "pad", "bias_relu"])
// FOLD-LABEL: func.func @conv_bias_relu
//       FOLD:   fusion.conv_bias_act
//  FOLD-SAME:     loc(fused["conv", "pad", "bias_relu"])
func.func @conv_bias_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = arith.constant dense<0.5> : tensor<3x3x2x3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32> loc("pad")
  %e = tensor.empty() : tensor<1x4x4x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>) outs(%f : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> loc("conv")
  %r = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %bb: f32, %out: f32):
    %1 = arith.addf %in, %bb : f32
    %2 = arith.maximumf %1, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x4x4x3xf32> loc("bias_relu")
  return %r : tensor<1x4x4x3xf32>
}

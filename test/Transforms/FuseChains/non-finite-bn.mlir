// A normalization whose scale or shift is not finite in the conv's element
// type is refused before anything is rewritten (`non_finite_fold`), with
// the model's own numbers: rewritten as x * inf + -inf it would compute NaN
// where the model computes a number.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics | FileCheck %s

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>

// gamma = +Inf on channel 1.
// CHECK-LABEL: @infinite_gamma
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.conv
// CHECK: return
func.func @infinite_gamma(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<0.25> : tensor<2x2x3x3xf32>
  %m = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, 0x7F800000]> : tensor<2xf32>
  %b = arith.constant dense<[0.1, 0.1]> : tensor<2xf32>
  %eps = arith.constant 1.0e-5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  // expected-remark @below {{not fused [non_finite_fold]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': channel 1 normalizes to x * inf + -inf, not finite in f32; the model's values there: per-channel parameters 0.5, 1, inf, 0.1; constants 1e-05 (nothing of the chain is rewritten)}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m, %v, %g, %b : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %mm: f32, %vv: f32, %gg: f32, %bb: f32, %out: f32):
    %0 = arith.subf %in, %mm : f32
    %1 = arith.addf %vv, %eps : f32
    %2 = math.sqrt %1 : f32
    %3 = arith.divf %0, %2 : f32
    %4 = arith.mulf %3, %gg : f32
    %5 = arith.addf %4, %bb : f32
    linalg.yield %5 : f32
  } -> tensor<1x2x2x2xf32>
  return %bn : tensor<1x2x2x2xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>

// Variance 0 with epsilon 0: 1/sqrt(0).
// CHECK-LABEL: @zero_variance_zero_epsilon
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.conv
// CHECK: return
func.func @zero_variance_zero_epsilon(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<0.25> : tensor<2x2x3x3xf32>
  %m = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %v = arith.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, 1.5]> : tensor<2xf32>
  %b = arith.constant dense<[0.1, 0.1]> : tensor<2xf32>
  %eps = arith.constant 0.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  // expected-remark @below {{not fused [non_finite_fold]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': channel 0 normalizes to x * inf + -inf, not finite in f32; the model's values there: per-channel parameters 0.5, 0, 1.5, 0.1; constants 0 (nothing of the chain is rewritten)}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m, %v, %g, %b : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %mm: f32, %vv: f32, %gg: f32, %bb: f32, %out: f32):
    %0 = arith.subf %in, %mm : f32
    %1 = arith.addf %vv, %eps : f32
    %2 = math.sqrt %1 : f32
    %3 = arith.divf %0, %2 : f32
    %4 = arith.mulf %3, %gg : f32
    %5 = arith.addf %4, %bb : f32
    linalg.yield %5 : f32
  } -> tensor<1x2x2x2xf32>
  return %bn : tensor<1x2x2x2xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>

// Finite in f64 (3e38 / sqrt(1e-30) = 3e53) but not in f32, where the
// epilogue scales.
// CHECK-LABEL: @huge_gamma_tiny_variance
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.conv
// CHECK: return
func.func @huge_gamma_tiny_variance(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<0.25> : tensor<2x2x3x3xf32>
  %m = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 1.0e-30]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, 3.0e38]> : tensor<2xf32>
  %b = arith.constant dense<[0.1, 0.1]> : tensor<2xf32>
  %eps = arith.constant 0.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  // expected-remark @below {{not fused [non_finite_fold]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': channel 1 normalizes to x * 3e+53 + -1.5e+53, not finite in f32; the model's values there: per-channel parameters 0.5, 1e-30, 3e+38, 0.1; constants 0 (nothing of the chain is rewritten)}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m, %v, %g, %b : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %mm: f32, %vv: f32, %gg: f32, %bb: f32, %out: f32):
    %0 = arith.subf %in, %mm : f32
    %1 = arith.addf %vv, %eps : f32
    %2 = math.sqrt %1 : f32
    %3 = arith.divf %0, %2 : f32
    %4 = arith.mulf %3, %gg : f32
    %5 = arith.addf %4, %bb : f32
    linalg.yield %5 : f32
  } -> tensor<1x2x2x2xf32>
  return %bn : tensor<1x2x2x2xf32>
}

// Stock mlir-opt (Debian's, not fusion-opt) with libFusionPlugin.so.
//
// The dialect plugin alone parses and prints fusion ops; without it the
// same file is refused, so the plugin is what makes the difference.
// The plugin cannot load into mlir-opt built without the sanitizer runtime.
// UNSUPPORTED: sanitizers
// RUN: %fusion_stock_mlir_opt %s --split-input-file --load-dialect-plugin=%fusion_plugin | FileCheck %s --check-prefix=DIALECT
// RUN: not %fusion_stock_mlir_opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
//
// The pass plugin's fusion-fuse and fusion-fold-bn give what fusion-opt
// gives, byte for byte, and explain themselves with the same remarks.
// RUN: %fusion_stock_mlir_opt %s --split-input-file --load-dialect-plugin=%fusion_plugin --load-pass-plugin=%fusion_plugin --pass-pipeline="builtin.module(fusion-fuse,fusion-fold-bn)" > %t.plugin.mlir
// RUN: fusion-opt %s --split-input-file --pass-pipeline="builtin.module(fusion-fuse,fusion-fold-bn)" > %t.tool.mlir
// RUN: diff %t.plugin.mlir %t.tool.mlir
// RUN: FileCheck %s --check-prefix=FUSED < %t.plugin.mlir
// RUN: %fusion_stock_mlir_opt %s --split-input-file --load-dialect-plugin=%fusion_plugin --load-pass-plugin=%fusion_plugin --pass-pipeline="builtin.module(fusion-fuse{explain})" --verify-diagnostics > /dev/null
//
// The fusion-to-cpu pipeline from the plugin, run: the fused program agrees
// with upstream linalg's (test/CPU/mlir-runner.mlir prints "agree 1").
// RUN: %fusion_stock_mlir_opt %S/../CPU/mlir-runner.mlir --load-pass-plugin=%fusion_plugin --pass-pipeline="builtin.module(fusion-to-cpu)" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%runner_libs | FileCheck %s --check-prefix=EXEC

// EXEC: agree 1

// NOPLUGIN: error: Dialect `fusion' not found for custom op 'fusion.conv_bias_act'

// DIALECT-LABEL: func.func @parsed
//       DIALECT:   fusion.conv_bias_act %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// FUSED-LABEL: func.func @parsed
func.func @parsed(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// DIALECT-LABEL: func.func @chain
//       DIALECT:   linalg.conv_2d_nchw_fchw
// FUSED-LABEL: func.func @chain
//       FUSED:   fusion.conv_bias_act %{{.*}}, %{{.*}} bias(%{{.*}} : tensor<2xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu>
//   FUSED-NOT:   linalg.generic
func.func @chain(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %w = arith.constant dense<[[[[0.5]], [[-0.25]]], [[[0.75]], [[1.0]]]]> : tensor<2x2x1x1xf32>
  %g = arith.constant dense<[1.5, 0.5]> : tensor<2xf32>
  %be = arith.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %m = arith.constant dense<[0.05, -0.1]> : tensor<2xf32>
  %v = arith.constant dense<[0.9, 1.2]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  // expected-remark@+1 {{fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) outs(%f : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %be, %m, %v : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<1x2x3x3xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %o: f32):
    %0 = arith.addf %vv, %eps : f32
    %1 = math.rsqrt %0 : f32
    %2 = arith.subf %in, %mm : f32
    %3 = arith.mulf %2, %1 : f32
    %4 = arith.mulf %3, %gg : f32
    %5 = arith.addf %4, %bb : f32
    linalg.yield %5 : f32
  } -> tensor<1x2x3x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%n : tensor<1x2x3x3xf32>) outs(%e : tensor<1x2x3x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x2x3x3xf32>
  return %r : tensor<1x2x3x3xf32>
}

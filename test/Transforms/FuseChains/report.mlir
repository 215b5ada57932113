// The JSON fusion report (schema version 1): one record per candidate chain
// in program order, then a summary. The module holds one fully fused chain
// (folded), one fused bias+ReLU chain (no normalization), one chain fused in
// part (residual_add, filter not constant so not folded) and one refused
// chain (multi_use), so every field and count is meaningful.

// RUN: fusion-opt %s --fusion-fuse=report=- -o /dev/null | FileCheck %s

// The same report written to a file; the IR still goes to stdout, without
// the report.
// RUN: rm -f %t.json
// RUN: fusion-opt %s --fusion-fuse=report=%t.json | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.json

// A report path that cannot be written fails the pass with an error.
// RUN: not fusion-opt %s --fusion-fuse=report=/nonexistent/dir/r.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// IR-NOT: "version"
// IR-LABEL: func.func @fused_chain
// IR: fusion.conv_bn_act {{.*}} act <relu>
// IR-LABEL: func.func @bias_chain
// IR: fusion.conv_bias_act {{.*}} act <relu>
// IR-LABEL: func.func @partial_chain
// IR: fusion.conv_bn_act {{.*}} act <none>
// IR-LABEL: func.func @refused_chain
// IR-NOT: fusion.
// IR: linalg.conv_2d_nchw_fchw
// IR-NOT: "version"

// ERR: error: cannot write fusion report '/nonexistent/dir/r.json'

// CHECK:      {
// CHECK-NEXT:   "chains": [

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>

func.func @fused_chain(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:     {
// CHECK-NEXT:       "activation": "relu",
// CHECK-NEXT:       "conv": "linalg.conv_2d_nchw_fchw",
// CHECK-NEXT:       "detail": "",
// CHECK-NEXT:       "folded": true,
// CHECK-NEXT:       "fused": true,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+4]]:8",
// CHECK-NEXT:       "norm": "batchnorm",
// CHECK-NEXT:       "reason": "fused"
// CHECK-NEXT:     },
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// A pure per-channel shift and ReLU: fused, "norm": "none", nothing folded.
func.func @bias_chain(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:     {
// CHECK-NEXT:       "activation": "relu",
// CHECK-NEXT:       "conv": "linalg.conv_2d_nchw_fchw",
// CHECK-NEXT:       "detail": "",
// CHECK-NEXT:       "folded": false,
// CHECK-NEXT:       "fused": true,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+4]]:8",
// CHECK-NEXT:       "norm": "none",
// CHECK-NEXT:       "reason": "fused"
// CHECK-NEXT:     },
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x3x4x4xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %bb: f32, %out: f32):
    %0 = arith.addf %in, %bb : f32
    %1 = arith.maximumf %0, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// conv + bn, then a skip connection before the ReLU: fused in part. The
// filter is a function argument, so the BatchNorm cannot be folded.
func.func @partial_chain(%x: tensor<1x3x4x4xf32>, %w: tensor<3x3x1x1xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:     {
// CHECK-NEXT:       "activation": "none",
// CHECK-NEXT:       "conv": "linalg.conv_2d_nchw_fchw",
// CHECK-NEXT:       "detail": "adding another live tensor (a skip connection) between the normalization and the activation",
// CHECK-NEXT:       "folded": false,
// CHECK-NEXT:       "fused": true,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+4]]:8",
// CHECK-NEXT:       "norm": "batchnorm",
// CHECK-NEXT:       "reason": "residual_add"
// CHECK-NEXT:     },
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x3x4x4xf32>, tensor<3x3x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn, %x : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%a: f32, %bx: f32, %out: f32):
    %0 = arith.addf %a, %bx : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// The raw conv output is also read by a second elementwise op: refused.
func.func @refused_chain(%x: tensor<1x2x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:     {
// CHECK-NEXT:       "activation": "none",
// CHECK-NEXT:       "conv": "linalg.conv_2d_nchw_fchw",
// CHECK-NEXT:       "detail": "an intermediate has a second user outside the chain",
// CHECK-NEXT:       "folded": false,
// CHECK-NEXT:       "fused": false,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+4]]:8",
// CHECK-NEXT:       "norm": "none",
// CHECK-NEXT:       "reason": "multi_use"
// CHECK-NEXT:     }{{$}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    %2 = arith.maximumf %1, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  %tap = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn, %tap : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>
}

// "refused" counts chains left entirely unfused; "by_reason" counts every
// chain whose reason is not "fused", partial ones included; "by_form" counts
// the fused ops by what they compute after the conv.
// CHECK-NEXT:   ],
// CHECK-NEXT:   "summary": {
// CHECK-NEXT:     "by_form": {
// CHECK-NEXT:       "batchnorm+none": 1,
// CHECK-NEXT:       "batchnorm+relu": 1,
// CHECK-NEXT:       "none+relu": 1
// CHECK-NEXT:     },
// CHECK-NEXT:     "by_reason": {
// CHECK-NEXT:       "multi_use": 1,
// CHECK-NEXT:       "residual_add": 1
// CHECK-NEXT:     },
// CHECK-NEXT:     "candidates": 4,
// CHECK-NEXT:     "fused": 3,
// CHECK-NEXT:     "refused": 1
// CHECK-NEXT:   },
// CHECK-NEXT:   "version": 1
// CHECK-NEXT: }

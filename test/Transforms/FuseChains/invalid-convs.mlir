// Convs the upstream verifiers accept but no fused op can express are left
// unfused with `invalid_conv_geometry` and the fused verifier's words,
// instead of becoming a fused op that fails verification (or a division by
// zero in a later pass). Pads the fused op cannot absorb stay pads.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain --mlir-print-op-generic -verify-diagnostics | FileCheck %s
// The lowering runs on what is left without a crash (`not` fails on a
// signal); the cropping pad is refused by the upstream lowering. (A pad
// whose static padding is the dynamic marker: CheckStaticIndexLists.)
// RUN: sed -e 's/expected-remark/was-remark/' %s | not fusion-opt --split-input-file --fusion-to-cpu --mlir-print-op-generic -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOWER
// LOWER-NOT: error:
// LOWER: error: expected offsets to be non-negative, but got -1
// LOWER-NOT: error:

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>

// A conv over zero input channels (the upstream verifiers accept
// it): the BatchNorm fold would divide by the filter's size.
// CHECK-LABEL: sym_name = "zero_input_channels"
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.conv
// CHECK: return
func.func @zero_input_channels(%x: tensor<1x0x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<0.25> : tensor<2x0x3x3xf32>
  %m = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, 1.5]> : tensor<2xf32>
  %b = arith.constant dense<[0.1, 0.1]> : tensor<2xf32>
  %eps = arith.constant 1.0e-5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  // expected-remark @below {{not fused [invalid_conv_geometry]: linalg.conv_2d_nchw_fchw: no fused op can hold this conv (strides [1, 1], dilations [1, 1], padding [0, 0, 0, 0], input tensor<1x0x4x4xf32>, filter tensor<2x0x3x3xf32>, result tensor<1x2x2x2xf32>): a fused conv expects no zero-sized dimension, got input shape 1x0x4x4}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%x, %w : tensor<1x0x4x4xf32>, tensor<2x0x3x3xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
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

// Batch 0: the loop lowering would divide by it.
// CHECK-LABEL: sym_name = "batch_zero"
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.conv
// CHECK: return
func.func @batch_zero(%x: tensor<0x2x4x4xf32>) -> tensor<0x2x2x2xf32> {
  %w = arith.constant dense<0.25> : tensor<2x2x3x3xf32>
  %m = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, 1.5]> : tensor<2xf32>
  %b = arith.constant dense<[0.1, 0.1]> : tensor<2xf32>
  %eps = arith.constant 1.0e-5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<0x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<0x2x2x2xf32>) -> tensor<0x2x2x2xf32>
  // expected-remark @below {{not fused [invalid_conv_geometry]: linalg.conv_2d_nchw_fchw: no fused op can hold this conv (strides [1, 1], dilations [1, 1], padding [0, 0, 0, 0], input tensor<0x2x4x4xf32>, filter tensor<2x2x3x3xf32>, result tensor<0x2x2x2xf32>): a fused conv expects no zero-sized dimension, got input shape 0x2x4x4}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%x, %w : tensor<0x2x4x4xf32>, tensor<2x2x3x3xf32>) outs(%f : tensor<0x2x2x2xf32>) -> tensor<0x2x2x2xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m, %v, %g, %b : tensor<0x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<0x2x2x2xf32>) {
  ^bb0(%in: f32, %mm: f32, %vv: f32, %gg: f32, %bb: f32, %out: f32):
    %0 = arith.subf %in, %mm : f32
    %1 = arith.addf %vv, %eps : f32
    %2 = math.sqrt %1 : f32
    %3 = arith.divf %0, %2 : f32
    %4 = arith.mulf %3, %gg : f32
    %5 = arith.addf %4, %bb : f32
    linalg.yield %5 : f32
  } -> tensor<0x2x2x2xf32>
  return %bn : tensor<0x2x2x2xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>

// A kernel larger than the map: an empty result.
// CHECK-LABEL: sym_name = "zero_spatial"
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.conv
// CHECK: return
func.func @zero_spatial(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x0x0xf32> {
  %w = arith.constant dense<0.25> : tensor<2x2x3x3xf32>
  %m = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, 1.5]> : tensor<2xf32>
  %b = arith.constant dense<[0.1, 0.1]> : tensor<2xf32>
  %eps = arith.constant 1.0e-5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x0x0xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x0x0xf32>) -> tensor<1x2x0x0xf32>
  // expected-remark @below {{not fused [invalid_conv_geometry]: linalg.conv_2d_nchw_fchw: no fused op can hold this conv (strides [1, 1], dilations [1, 1], padding [0, 0, 0, 0], input tensor<1x2x2x2xf32>, filter tensor<2x2x3x3xf32>, result tensor<1x2x0x0xf32>): a fused conv expects no zero-sized dimension, got result shape 1x2x0x0}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%x, %w : tensor<1x2x2x2xf32>, tensor<2x2x3x3xf32>) outs(%f : tensor<1x2x0x0xf32>) -> tensor<1x2x0x0xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m, %v, %g, %b : tensor<1x2x0x0xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<1x2x0x0xf32>) {
  ^bb0(%in: f32, %mm: f32, %vv: f32, %gg: f32, %bb: f32, %out: f32):
    %0 = arith.subf %in, %mm : f32
    %1 = arith.addf %vv, %eps : f32
    %2 = math.sqrt %1 : f32
    %3 = arith.divf %0, %2 : f32
    %4 = arith.mulf %3, %gg : f32
    %5 = arith.addf %4, %bb : f32
    linalg.yield %5 : f32
  } -> tensor<1x2x0x0xf32>
  return %bn : tensor<1x2x0x0xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>

// Negative padding crops: it is no conv padding, and the pad stays
// before the fused conv (the conv and BatchNorm still fuse).
// CHECK-LABEL: sym_name = "cropping_pad"
// CHECK: tensor.pad
// CHECK-SAME: static_low = array<i64: 0, 0, -1, -1>
// CHECK: fusion.conv_bn_act
// CHECK-SAME: padding = array<i64: 0, 0, 0, 0>
func.func @cropping_pad(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<0.25> : tensor<2x2x3x3xf32>
  %m = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %v = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %g = arith.constant dense<[1.5, 1.5]> : tensor<2xf32>
  %b = arith.constant dense<[0.1, 0.1]> : tensor<2xf32>
  %eps = arith.constant 1.0e-5 : f32
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, -1, -1] high[0, 0, -1, -1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x4x4xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  // expected-remark @below {{fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : vector<2xi64>, strides = dense<[1, 1]> : vector<2xi64>} ins(%p, %w : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
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

// fusion-fuse{convs-only}: the unfused baseline with the fused path's conv
// codegen. Each conv alone (its zero padding and accumulator init absorbed)
// becomes a fused op with no normalization and no activation; BatchNorm and
// activation stay as the frontend wrote them. Functions marked
// fusion.exclude are left alone here too.
// RUN: fusion-opt %s --split-input-file --fusion-fuse=convs-only | FileCheck %s

// CHECK-LABEL: func.func @chain
// CHECK-NOT: tensor.pad
// CHECK: %[[C:.*]] = fusion.conv_bias_act %arg0, %{{.*}} layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <none>
// CHECK-NOT: linalg.conv
// CHECK: %[[BN:.*]] = linalg.generic {{.*}} ins(%[[C]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x3x4x4xf32>
// CHECK: math.rsqrt
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[BN]] : tensor<1x3x4x4xf32>)
// CHECK: arith.cmpf ugt
// CHECK: return %[[R]]
func.func @chain(%x: tensor<1x2x4x4xf32>, %g: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<0.1> : tensor<3x2x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %eps = arith.constant 1.0e-5 : f32
    %1 = arith.addf %vv, %eps : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// TOSA's conv carries its bias: it stays with the conv.
// CHECK-LABEL: func.func @tosa_bias
// CHECK: %[[B:.*]] = "tosa.const"() <{values = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}>
// CHECK: %[[C:.*]] = fusion.conv_bias_act %arg0, %{{.*}} bias(%[[B]] : tensor<2xf32>) layout(nhwc_fhwc) {{.*}} act <none>
// CHECK: tosa.clamp %[[C]]
func.func @tosa_bias(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<2x1x1x2xf32>}> : () -> tensor<2x1x1x2xf32>
  %b = "tosa.const"() <{values = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %r = tosa.clamp %c {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  return %r : tensor<1x4x4x2xf32>
}

// -----

// CHECK-LABEL: func.func @excluded
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.
func.func @excluded(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x2x2xf32> attributes {fusion.exclude} {
  %w = arith.constant dense<0.1> : tensor<3x2x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %c : tensor<1x3x2x2xf32>
}

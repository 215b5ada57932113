// The f16 member of linalg-forms.mlir (same checks, same RUN lines), kept in
// its own file so that the other forms keep guarding while this one fails:
// a chain that leaves the conv's element type (extf to f32 for the BN) and
// comes back (truncf to f16) must still fuse into ONE f16-in, f16-out op.
// Numeric parity: test/Integration/linalg-f16-extf-bn-truncf.mlir.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse | FileCheck %s
//
// Idempotence: fusing the fused output again changes nothing, and the
// printed fused ops parse back.
// RUN: fusion-opt %s --split-input-file --fusion-fuse -o %t.once
// RUN: fusion-opt %t.once --split-input-file --fusion-fuse | FileCheck %s
// RUN: fusion-opt %t.once --split-input-file --fusion-fuse | diff %t.once -
//
// Every chain is reported as fully fused, at the conv, and nothing else is
// said (the EXPLAIN line sits right above each conv).
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXPLAIN --implicit-check-not=remark: \
// RUN:       --implicit-check-not=warning: --implicit-check-not=error:

// An f16 model whose BN runs in f32 (autocast-style export): conv on f16,
// an arith.extf generic to f32, the BN and ReLU in f32, an arith.truncf
// generic back to f16. The fused op is f16 in and f16 out; the precision
// changes inside the chain are carried by the op's f32 epilogue.

// CHECK-LABEL: func.func @f16_extf_bn_relu_truncf(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf16>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf16>
// CHECK-NOT: linalg.
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[0.749997{{[0-9]*}}, -0.666662{{[0-9]*}}, 0.799998{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[0.624999{{[0-9]*}}, 0.233332{{[0-9]*}}, -1.15999{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x4x4xf16>, tensor<3x2x3x3xf16> -> tensor<1x3x4x4xf16>
// CHECK-NOT: linalg.
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: return %[[R]]
func.func @f16_extf_bn_relu_truncf(%x: tensor<1x2x4x4xf16>) -> tensor<1x3x4x4xf16> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf16>
  %g = arith.constant dense<[0.9, -0.6, 1.2]> : tensor<3xf32>
  %b = arith.constant dense<[0.4, 0.1, -0.6]> : tensor<3xf32>
  %m = arith.constant dense<[-0.3, 0.2, 0.7]> : tensor<3xf32>
  %v = arith.constant dense<[1.44, 0.81, 2.25]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zh : f16
  } : tensor<1x2x4x4xf16> to tensor<1x2x6x6xf16>
  %eh = tensor.empty() : tensor<1x3x4x4xf16>
  %f = linalg.fill ins(%zh : f16) outs(%eh : tensor<1x3x4x4xf16>) -> tensor<1x3x4x4xf16>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf16>, tensor<3x2x3x3xf16>) outs(%f : tensor<1x3x4x4xf16>) -> tensor<1x3x4x4xf16>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %c32 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf16>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f16, %out: f32):
    %1 = arith.extf %in : f16 to f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c32, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c32 : tensor<1x3x4x4xf32>) {
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
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  %r16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r : tensor<1x3x4x4xf32>) outs(%eh : tensor<1x3x4x4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %1 = arith.truncf %in : f32 to f16
    linalg.yield %1 : f16
  } -> tensor<1x3x4x4xf16>
  return %r16 : tensor<1x3x4x4xf16>
}

// -----

// torch-mlir's half conv (model.half() through the FX importer): f16 input
// and filter accumulated into an f32 fill, rounded back to f16 by an
// arith.truncf generic; the BatchNorm upcasts with arith.extf, computes in
// f32 and truncates; the ReLU runs in f16. The conv and its rounding are one
// f16 conv with f32 accumulation: one f16 fused op.

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
// CHECK-LABEL: func.func @f16_conv_f32_accumulator(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf16>
// CHECK-NOT: linalg.
// CHECK-NOT: arith.truncf
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %{{[a-z0-9_]+}} mean
// CHECK-SAME: padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x4x4xf16>, tensor<3x2x3x3xf16> -> tensor<1x3x4x4xf16>
// CHECK-NOT: linalg.
// CHECK-NOT: arith.truncf
// CHECK: return %[[R]]
func.func @f16_conv_f32_accumulator(%x: tensor<1x2x4x4xf16>) -> tensor<1x3x4x4xf16> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf16>
  %mean = arith.constant dense<[[[-0.3]], [[0.2]], [[0.7]]]> : tensor<3x1x1xf32>
  %rstd = arith.constant dense<[[[0.8]], [[1.1]], [[0.6]]]> : tensor<3x1x1xf32>
  %gamma = arith.constant dense<[[[0.9]], [[-0.6]], [[1.2]]]> : tensor<3x1x1xf16>
  %beta = arith.constant dense<[[[0.4]], [[0.1]], [[-0.6]]]> : tensor<3x1x1xf16>
  %zero = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zh : f16
  } : tensor<1x2x4x4xf16> to tensor<1x2x6x6xf16>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf16>, tensor<3x2x3x3xf16>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %eh = tensor.empty() : tensor<1x3x4x4xf16>
  %c16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%eh : tensor<1x3x4x4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %1 = arith.truncf %in : f32 to f16
    linalg.yield %1 : f16
  } -> tensor<1x3x4x4xf16>
  %bn = linalg.generic {indexing_maps = [#map, #map2, #map2, #map2, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c16, %mean, %rstd, %gamma, %beta : tensor<1x3x4x4xf16>, tensor<3x1x1xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf16>, tensor<3x1x1xf16>) outs(%eh : tensor<1x3x4x4xf16>) {
  ^bb0(%in: f16, %mm: f32, %rs: f32, %gg: f16, %bb: f16, %out: f16):
    %1 = arith.extf %in : f16 to f32
    %2 = arith.subf %1, %mm : f32
    %3 = arith.mulf %2, %rs : f32
    %4 = arith.extf %gg : f16 to f32
    %5 = arith.mulf %3, %4 : f32
    %6 = arith.extf %bb : f16 to f32
    %7 = arith.addf %5, %6 : f32
    %8 = arith.truncf %7 : f32 to f16
    linalg.yield %8 : f16
  } -> tensor<1x3x4x4xf16>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf16>) outs(%eh : tensor<1x3x4x4xf16>) {
  ^bb0(%in: f16, %out: f16):
    %1 = arith.cmpf ugt, %in, %zh : f16
    %2 = arith.select %1, %in, %zh : f16
    linalg.yield %2 : f16
  } -> tensor<1x3x4x4xf16>
  return %r : tensor<1x3x4x4xf16>
}

// -----

// The same form in bf16 (model.to(torch.bfloat16)), a depthwise conv with a
// per-channel bias broadcast into the f32 accumulator, then a ReLU in bf16:
// one bf16 conv_bias_act.

// CHECK-LABEL: func.func @bf16_depthwise_f32_accumulator(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x4x5x5xbf16>
// CHECK-NOT: linalg.
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bias_act %[[X]], %{{[a-z0-9_]+}} bias(%{{[a-z0-9_]+}} : tensor<4xf32>)
// CHECK-SAME: groups(4) act <relu>
// CHECK-SAME: : tensor<1x4x5x5xbf16>, tensor<4x3x3xbf16> -> tensor<1x4x3x3xbf16>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @bf16_depthwise_f32_accumulator(%x: tensor<1x4x5x5xbf16>, %w: tensor<4x3x3xbf16>) -> tensor<1x4x3x3xbf16> {
  %bias = arith.constant dense<[0.5, -0.25, 1.0, 2.0]> : tensor<4xf32>
  %zb = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<1x4x3x3xf32>
  %b = linalg.broadcast ins(%bias : tensor<4xf32>) outs(%e : tensor<1x4x3x3xf32>) dimensions = [0, 2, 3]
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.depthwise_conv_2d_nchw_chw + relu
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x5x5xbf16>, tensor<4x3x3xbf16>) outs(%b : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %eh = tensor.empty() : tensor<1x4x3x3xbf16>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x4x3x3xf32>) outs(%eh : tensor<1x4x3x3xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %1 = arith.truncf %in : f32 to bf16
    linalg.yield %1 : bf16
  } -> tensor<1x4x3x3xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t : tensor<1x4x3x3xbf16>) outs(%eh : tensor<1x4x3x3xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %1 = arith.maximumf %in, %zb : bf16
    linalg.yield %1 : bf16
  } -> tensor<1x4x3x3xbf16>
  return %r : tensor<1x4x3x3xbf16>
}

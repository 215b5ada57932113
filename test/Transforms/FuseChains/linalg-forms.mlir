// Conv -> BN -> activation chains in the linalg-on-tensors forms real
// frontends emit (torch-mlir TorchScript and FX paths, TOSA lowered to
// linalg, after elementwise fusion, depthwise/strided/dilated/padded; f16 is
// in linalg-forms-f16.mlir):
// each must become ONE fusion op with the right layout, padding, strides,
// activation and recovered per-channel affine (gamma = s, beta = t,
// mean = 0, var = 1, eps = 0), and none of the linalg ops of the chain may
// survive. Numeric parity for these forms: test/Integration/linalg-*.mlir.
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

// torch-mlir TorchScript path: aten.batch_norm lowers to ONE generic that
// reads the conv result as its own `outs`, with the (d1) maps over gamma,
// beta, mean, var, after a cf.assert on the parameter shape; ReLU is
// cmpf ugt + select.

// CHECK-LABEL: func.func @torchscript_bn_relu(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.99994{{[0-9]*}}, 0.249999{{[0-9]*}}, -1.99999{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-1.39996{{[0-9]*}}, -0.449999{{[0-9]*}}, -1.69998{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @torchscript_bn_relu(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %dim = tensor.dim %m, %c0 : tensor<3xf32>
  %ok = arith.cmpi eq, %dim, %c3 : index
  cf.assert %ok, "expect the size of dim 0 equal to the number of features"
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
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// torch-mlir FX path (torch.export): the conv bias is broadcast into the
// accumulator with linalg.broadcast, padding is a tensor.pad, and the
// decomposed batch norm is four broadcasting generics (sub, mul, mul, add)
// whose parameters are tensor.expand_shape'd to Cx1x1 and read with
// (d1, 0, 0) maps. 1/sqrt(var + eps) is computed by rank-1 generics; the
// reciprocal one carries a cf.assert on a constant condition, and the sub
// applies torch's alpha = 1.

// CHECK-LABEL: func.func @fx_bias_bn_relu(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK: %[[BIAS:[a-z0-9_]+]] = arith.constant dense<[2.500000e-01, -5.000000e-01, 7.500000e-01]> : tensor<3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[1.13135{{[0-9]*}}, -0.883881{{[0-9]*}}, 6.66629{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-0.526271{{[0-9]*}}, 0.246447{{[0-9]*}}, -9.94944{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%[[BIAS]] : tensor<3xf32>) mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
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
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu
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

// -----

// ReLU6 as torch-mlir emits aten.maximum/aten.minimum against 0-d tensors:
// two generics, max then min, whose bounds are rank-0 tensors (one from
// linalg.fill, one a dense<6.0> constant) read with a () map; the constant
// is the FIRST operand of the min.

// CHECK-LABEL: func.func @relu6_max_min_rank0(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[0.624997{{[0-9]*}}, -3.74988{{[0-9]*}}, 0.833331{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[0.587499{{[0-9]*}}, 0.849976{{[0-9]*}}, -1.18333{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu6>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
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
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu6
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

// -----

// hardtanh(min_val = -0.5, max_val = 2.0) in the same two-generic form,
// with both bounds dense rank-0 constants and the lower one as the FIRST
// operand of the max: not ReLU6, so a clamp with exactly those bounds.

// CHECK-LABEL: func.func @hardtanh_max_min_rank0(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.85711{{[0-9]*}}, 0.545452{{[0-9]*}}, -1.49997{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-0.785711{{[0-9]*}}, 1.63636{{[0-9]*}}, 0.587492{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <clamp, min = -5.000000e-01, max = 2.000000e+00>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @hardtanh_max_min_rank0(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[2.0, 0.6, -0.9]> : tensor<3xf32>
  %b = arith.constant dense<[-0.5, 1.2, 0.0625]> : tensor<3xf32>
  %m = arith.constant dense<[0.1, -0.8, 0.35]> : tensor<3xf32>
  %v = arith.constant dense<[0.49, 1.21, 0.36]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %lo = arith.constant dense<-0.5> : tensor<f32>
  %hi = arith.constant dense<2.0> : tensor<f32>
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + clamp
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
  %mx = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%lo, %bn : tensor<f32>, tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.maximumf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %mn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mx, %hi : tensor<1x3x4x4xf32>, tensor<f32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.minimumf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %mn : tensor<1x3x4x4xf32>
}

// -----

// SiLU as torch-mlir emits it: a sigmoid generic (negf, exp, 1 + e, 1 / d)
// and a mul generic that reads BOTH the BN value and the sigmoid: a diamond
// whose two paths must be absorbed together.

// CHECK-LABEL: func.func @silu_diamond(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.99994{{[0-9]*}}, 0.249999{{[0-9]*}}, -1.99999{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-1.39996{{[0-9]*}}, -0.449999{{[0-9]*}}, -1.69998{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <silu>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @silu_diamond(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + silu
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
  %sig = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.negf %in : f32
    %2 = math.exp %1 : f32
    %one = arith.constant 1.0 : f32
    %3 = arith.addf %2, %one : f32
    %4 = arith.divf %one, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<1x3x4x4xf32>
  %silu = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn, %sig : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.mulf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %silu : tensor<1x3x4x4xf32>
}

// -----

// hardswish as x * relu6(x + 3) / 6 spread over four generics (add 3,
// clamp, a mul that joins the BN value back in, div by 6): a longer
// diamond with a tail after the join.

// CHECK-LABEL: func.func @hardswish_spread(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[0.624997{{[0-9]*}}, -3.74988{{[0-9]*}}, 0.833331{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[0.587499{{[0-9]*}}, 0.849976{{[0-9]*}}, -1.18333{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <hardswish>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @hardswish_spread(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[0.75, -1.5, 1.25]> : tensor<3xf32>
  %b = arith.constant dense<[0.4, 0.1, -0.6]> : tensor<3xf32>
  %m = arith.constant dense<[-0.3, 0.2, 0.7]> : tensor<3xf32>
  %v = arith.constant dense<[1.44, 0.16, 2.25]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + hardswish
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
  %p3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %three = arith.constant 3.0 : f32
    %1 = arith.addf %in, %three : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %cl = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%p3 : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %six = arith.constant 6.0 : f32
    %1 = arith.maximumf %in, %zero : f32
    %2 = arith.minimumf %1, %six : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  %prod = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn, %cl : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.mulf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %hs = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%prod : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %six = arith.constant 6.0 : f32
    %1 = arith.divf %in, %six : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %hs : tensor<1x3x4x4xf32>
}

// -----

// leaky_relu(negative_slope = 0.1) as torch-mlir emits it:
// select(x > 0, x, x * alpha) in one generic.

// CHECK-LABEL: func.func @leaky_relu_select(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.85711{{[0-9]*}}, 0.545452{{[0-9]*}}, -1.49997{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-0.785711{{[0-9]*}}, 1.63636{{[0-9]*}}, 0.587492{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <leaky_relu, alpha = 0.10000000149011612>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @leaky_relu_select(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
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
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + leaky_relu
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
  %lr = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %alpha = arith.constant 1.000000e-01 : f32
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.mulf %in, %alpha : f32
    %3 = arith.select %1, %in, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<1x3x4x4xf32>
  return %lr : tensor<1x3x4x4xf32>
}

// -----

// sigmoid alone after BN: negf, exp, 1 + e, 1 / d. The negation is affine
// too; the matcher must not swallow it into the BN and must still read the
// tail as a sigmoid.

// CHECK-LABEL: func.func @sigmoid_alone(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.99994{{[0-9]*}}, 0.249999{{[0-9]*}}, -1.99999{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-1.39996{{[0-9]*}}, -0.449999{{[0-9]*}}, -1.69998{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <sigmoid>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @sigmoid_alone(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + sigmoid
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
  %sig = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.negf %in : f32
    %2 = math.exp %1 : f32
    %one = arith.constant 1.0 : f32
    %3 = arith.addf %2, %one : f32
    %4 = arith.divf %one, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<1x3x4x4xf32>
  return %sig : tensor<1x3x4x4xf32>
}

// -----

// After -linalg-fuse-elementwise-ops (which IREE and torch-mlir pipelines
// run early; this body is what it makes of the TorchScript BN + ReLU): BN
// and ReLU are ONE generic body, writing into a fresh tensor.empty.

// CHECK-LABEL: func.func @bn_relu_one_generic(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.85711{{[0-9]*}}, 0.545452{{[0-9]*}}, -1.49997{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-0.785711{{[0-9]*}}, 1.63636{{[0-9]*}}, 0.587492{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
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
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu
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

// -----

// Depthwise (groups = C) as torch-mlir emits it: the Cx1x3x3 weight is
// collapsed to Cx3x3 for linalg.depthwise_conv_2d_nchw_chw.

// CHECK-LABEL: func.func @depthwise_nchw_chw_bn_relu(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x3x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = tensor.collapse_shape %{{.+}} : tensor<3x1x3x3xf32> into tensor<3x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.99994{{[0-9]*}}, 0.249999{{[0-9]*}}, -1.99999{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-1.39996{{[0-9]*}}, -0.449999{{[0-9]*}}, -1.69998{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(3) act <relu>
// CHECK-SAME: : tensor<1x3x4x4xf32>, tensor<3x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @depthwise_nchw_chw_bn_relu(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w4 = arith.constant dense<[[[[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]]], [[[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x1x3x3xf32>
  %w = tensor.collapse_shape %w4 [[0, 1], [2], [3]] : tensor<3x1x3x3xf32> into tensor<3x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x3x4x4xf32> to tensor<1x3x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.depthwise_conv_2d_nchw_chw + batchnorm + relu
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x3x6x6xf32>, tensor<3x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
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
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// Strided depthwise (MobileNet's downsampling block): stride 2 on a
// padded 5x5 input, ReLU6 as one max/min generic.

// CHECK-LABEL: func.func @depthwise_stride2_bn_relu6(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x3x5x5xf32>
// CHECK: %[[W:[a-z0-9_]+]] = tensor.collapse_shape %{{.+}} : tensor<3x1x3x3xf32> into tensor<3x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[0.624997{{[0-9]*}}, -3.74988{{[0-9]*}}, 0.833331{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[0.587499{{[0-9]*}}, 0.849976{{[0-9]*}}, -1.18333{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_chw) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(3) act <relu6>
// CHECK-SAME: : tensor<1x3x5x5xf32>, tensor<3x3x3xf32> -> tensor<1x3x3x3xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @depthwise_stride2_bn_relu6(%x: tensor<1x3x5x5xf32>) -> tensor<1x3x3x3xf32> {
  %w4 = arith.constant dense<[[[[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]]], [[[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x1x3x3xf32>
  %w = tensor.collapse_shape %w4 [[0, 1], [2], [3]] : tensor<3x1x3x3xf32> into tensor<3x3x3xf32>
  %g = arith.constant dense<[0.75, -1.5, 1.25]> : tensor<3xf32>
  %b = arith.constant dense<[0.4, 0.1, -0.6]> : tensor<3xf32>
  %m = arith.constant dense<[-0.3, 0.2, 0.7]> : tensor<3xf32>
  %v = arith.constant dense<[1.44, 0.16, 2.25]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x3x5x5xf32> to tensor<1x3x7x7xf32>
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.depthwise_conv_2d_nchw_chw + batchnorm + relu6
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%padded, %w : tensor<1x3x7x7xf32>, tensor<3x3x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x3x3xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x3x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x3x3xf32>) outs(%e : tensor<1x3x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %six = arith.constant 6.0 : f32
    %1 = arith.maximumf %in, %zero : f32
    %2 = arith.minimumf %1, %six : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}

// -----

// Dilated conv (DeepLab-style atrous): dilation 2 with padding 2 keeps the
// 5x5 spatial size.

// CHECK-LABEL: func.func @dilated_bn_relu(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x5x5xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.85711{{[0-9]*}}, 0.545452{{[0-9]*}}, -1.49997{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-0.785711{{[0-9]*}}, 1.63636{{[0-9]*}}, 0.587492{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([2, 2]) padding([2, 2, 2, 2]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x5x5xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @dilated_bn_relu(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x5x5xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[2.0, 0.6, -0.9]> : tensor<3xf32>
  %b = arith.constant dense<[-0.5, 1.2, 0.0625]> : tensor<3xf32>
  %m = arith.constant dense<[0.1, -0.8, 0.35]> : tensor<3xf32>
  %v = arith.constant dense<[0.49, 1.21, 0.36]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 2, 2] high[0, 0, 2, 2] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x5x5xf32> to tensor<1x2x9x9xf32>
  %e = tensor.empty() : tensor<1x3x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x9x9xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x5x5xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x5x5xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x5x5xf32>) outs(%e : tensor<1x3x5x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x5x5xf32>
  return %r : tensor<1x3x5x5xf32>
}

// -----

// Asymmetric padding, as TF/Keras "SAME" with stride 2 and ONNX exports
// with pads like [0, 1, 2, 0] give: low = (top 0, left 1), high = (bottom 2,
// right 0). The absorbed padding must keep top/bottom/left/right apart.

// CHECK-LABEL: func.func @asymmetric_pad_stride2_bn_relu(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x5x5xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[2.99994{{[0-9]*}}, 0.249999{{[0-9]*}}, -1.99999{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-1.39996{{[0-9]*}}, -0.449999{{[0-9]*}}, -1.69998{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([0, 2, 1, 0]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x2xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @asymmetric_pad_stride2_bn_relu(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x3x2xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 0, 1] high[0, 0, 2, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x5x5xf32> to tensor<1x2x7x6xf32>
  %e = tensor.empty() : tensor<1x3x3x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x7x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x3x2xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x3x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x3x2xf32>) outs(%e : tensor<1x3x3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x3x2xf32>
  return %r : tensor<1x3x3x2xf32>
}

// -----

// No-bias conv (bias=False, the usual conv before a BN), no padding, BN
// with no activation: conv_bn_act with act <none> and no bias operand.

// CHECK-LABEL: func.func @no_bias_bn_no_act(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x5x5xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[0.624997{{[0-9]*}}, -3.74988{{[0-9]*}}, 0.833331{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[0.587499{{[0-9]*}}, 0.849976{{[0-9]*}}, -1.18333{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none>
// CHECK-SAME: : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x3x3xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @no_bias_bn_no_act(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x3x3xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[0.75, -1.5, 1.25]> : tensor<3xf32>
  %b = arith.constant dense<[0.4, 0.1, -0.6]> : tensor<3xf32>
  %m = arith.constant dense<[-0.3, 0.2, 0.7]> : tensor<3xf32>
  %v = arith.constant dense<[1.44, 0.16, 2.25]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x3x3xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x3x3xf32>
  return %bn : tensor<1x3x3x3xf32>
}

// -----

// conv + bias + ReLU with no BN (FX form: bias broadcast into the
// accumulator): nothing to normalize, so a conv_bias_act carrying the
// original bias.

// CHECK-LABEL: func.func @bias_relu_no_bn(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK: %[[BIAS:[a-z0-9_]+]] = arith.constant dense<[2.500000e-01, -5.000000e-01, 7.500000e-01]> : tensor<3xf32>
// CHECK-NOT: linalg.
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bias_act %[[X]], %[[W]] bias(%[[BIAS]] : tensor<3xf32>)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @bias_relu_no_bn(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.2, 0.1, 0.3], [-0.1, -0.2, -0.3], [-0.4, -0.5, -0.6]], [[-0.7, -0.8, -0.9], [0.9, 0.8, 0.7], [0.6, 0.5, 0.4]]], [[[0.3, 0.2, 0.1], [0.3, -0.1, -0.2], [-0.3, -0.4, -0.5]], [[-0.6, -0.7, -0.8], [-0.9, 0.9, 0.8], [0.7, 0.6, 0.5]]], [[[0.4, 0.3, 0.2], [0.1, 0.3, -0.1], [-0.2, -0.3, -0.4]], [[-0.5, -0.6, -0.7], [-0.8, -0.9, 0.9], [0.8, 0.7, 0.6]]]]> : tensor<3x2x3x3xf32>
  %bias = arith.constant dense<[0.25, -0.5, 0.75]> : tensor<3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %bb = linalg.broadcast ins(%bias : tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) dimensions = [0, 2, 3]
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + relu
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%bb : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// BN with affine=False (gamma = 1, beta = 0): the TorchScript BN body has
// no gamma/beta ops at all, only (x - mean) * rsqrt(var + eps). Still a
// normalization (scale != 1), with beta = -mean * scale.

// CHECK-LABEL: func.func @bn_no_affine_relu(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x2x3x3xf32>
// CHECK-NOT: linalg.
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[1.42855{{[0-9]*}}, 0.909087{{[0-9]*}}, 1.66664{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[-0.142855{{[0-9]*}}, 0.727269{{[0-9]*}}, -0.583325{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME: : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[R]]
func.func @bn_no_affine_relu(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
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
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    linalg.yield %4 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// NHWC as tosa-to-linalg emits tosa.conv2d: linalg.conv_2d_nhwc_fhwc whose
// init is a (d3) broadcast generic of the bias; the TOSA batch norm (sub,
// mul by rsqrt(var + eps) computed on 1x1x1xC constants, mul, add) reads
// collapsed rank-1 parameters with (d3) maps; tosa.clamp(-1, 4) is one
// generic with minimumf then maximumf on scalar bounds.

// CHECK-LABEL: func.func @nhwc_fhwc_tosa_bn_clamp(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x4x4x2xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x3x3x2xf32>
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[BIAS:[a-z0-9_]+]] = arith.constant dense<[3.000000e-01, -1.000000e-01, 2.000000e-01]> : tensor<3xf32>
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.collapse_shape
// CHECK-DAG: %[[G:[a-z0-9_]+]] = arith.constant dense<[0.624783{{[0-9]*}}, -3.73833{{[0-9]*}}, 0.833148{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[B:[a-z0-9_]+]] = arith.constant dense<[0.587434{{[0-9]*}}, 0.847667{{[0-9]*}}, -1.18320{{[0-9]*}}]> : tensor<3xf64>
// CHECK-DAG: %[[M:[a-z0-9_]+]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG: %[[V:[a-z0-9_]+]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%[[BIAS]] : tensor<3xf32>) mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[G]] : tensor<3xf64>) beta(%[[B]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME: layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <clamp, min = -1.000000e+00, max = 4.000000e+00>
// CHECK-SAME: : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.collapse_shape
// CHECK: return %[[R]]
func.func @nhwc_fhwc_tosa_bn_clamp(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = arith.constant dense<[[[[0.5, 0.4], [0.3, 0.2], [0.1, 0.3]], [[-0.1, -0.2], [-0.3, -0.4], [-0.5, -0.6]], [[-0.7, -0.8], [-0.9, 0.9], [0.8, 0.7]]], [[[0.6, 0.5], [0.4, 0.3], [0.2, 0.1]], [[0.3, -0.1], [-0.2, -0.3], [-0.4, -0.5]], [[-0.6, -0.7], [-0.8, -0.9], [0.9, 0.8]]], [[[0.7, 0.6], [0.5, 0.4], [0.3, 0.2]], [[0.1, 0.3], [-0.1, -0.2], [-0.3, -0.4]], [[-0.5, -0.6], [-0.7, -0.8], [-0.9, 0.9]]]]> : tensor<3x3x3x2xf32>
  %bias = arith.constant dense<[0.3, -0.1, 0.2]> : tensor<3xf32>
  %g4 = arith.constant dense<[[[[0.75, -1.5, 1.25]]]]> : tensor<1x1x1x3xf32>
  %b4 = arith.constant dense<[[[[0.4, 0.1, -0.6]]]]> : tensor<1x1x1x3xf32>
  %m4 = arith.constant dense<[[[[-0.3, 0.2, 0.7]]]]> : tensor<1x1x1x3xf32>
  %v4 = arith.constant dense<[[[[1.44, 0.16, 2.25]]]]> : tensor<1x1x1x3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32>
  %e = tensor.empty() : tensor<1x4x4x3xf32>
  %binit = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bias : tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x4x3xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.conv_2d_nhwc_fhwc + batchnorm + clamp
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x6x6x2xf32>, tensor<3x3x3x2xf32>) outs(%binit : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %ep = tensor.empty() : tensor<1x1x1x3xf32>
  %rs = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%v4 : tensor<1x1x1x3xf32>) outs(%ep : tensor<1x1x1x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %eps = arith.constant 1.0e-3 : f32
    %1 = arith.addf %in, %eps : f32
    %2 = math.rsqrt %1 : f32
    linalg.yield %2 : f32
  } -> tensor<1x1x1x3xf32>
  %m1 = tensor.collapse_shape %m4 [[0, 1, 2, 3]] : tensor<1x1x1x3xf32> into tensor<3xf32>
  %r1 = tensor.collapse_shape %rs [[0, 1, 2, 3]] : tensor<1x1x1x3xf32> into tensor<3xf32>
  %g1 = tensor.collapse_shape %g4 [[0, 1, 2, 3]] : tensor<1x1x1x3xf32> into tensor<3xf32>
  %b1 = tensor.collapse_shape %b4 [[0, 1, 2, 3]] : tensor<1x1x1x3xf32> into tensor<3xf32>
  %sub = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %m1 : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.subf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x3xf32>
  %mul = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sub, %r1 : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.mulf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x3xf32>
  %mulg = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mul, %g1 : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.mulf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x3xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mulg, %b1 : tensor<1x4x4x3xf32>, tensor<3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.addf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x3xf32>
  %cl = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x4x4x3xf32>) outs(%e : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.constant -1.0 : f32
    %hi = arith.constant 4.0 : f32
    %1 = arith.minimumf %in, %hi : f32
    %2 = arith.maximumf %1, %lo : f32
    linalg.yield %2 : f32
  } -> tensor<1x4x4x3xf32>
  return %cl : tensor<1x4x4x3xf32>
}

// -----

// NHWC depthwise as tosa-to-linalg emits tosa.depthwise_conv2d with channel
// multiplier 2: linalg.depthwise_conv_2d_nhwc_hwcm on a zero-filled init,
// tensor.collapse_shape [[0], [1], [2], [3, 4]] to C*M channels, then a
// separate (d3) bias-add generic and tosa.clamp(0, 6) (max then min). No
// BN: a conv_bias_act whose bias is the folded shift, act relu6.

// CHECK-LABEL: func.func @nhwc_hwcm_collapse_bias_clamp(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x4x4x2xf32>
// CHECK: %[[W:[a-z0-9_]+]] = arith.constant dense<{{.+}}> : tensor<3x3x2x2xf32>
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[BIAS:[a-z0-9_]+]] = arith.constant dense<[5.000000e-01, -2.500000e-01, 1.250000e-01, -1.000000e+00]> : tensor<4xf32>
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[R:[a-z0-9_]+]] = fusion.conv_bias_act %[[X]], %[[W]] bias(%[[BIAS]] : tensor<4xf32>)
// CHECK-SAME: layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu6>
// CHECK-SAME: : tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32> -> tensor<1x4x4x4xf32>
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.collapse_shape
// CHECK: return %[[R]]
func.func @nhwc_hwcm_collapse_bias_clamp(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<[[[[-0.3, -0.4], [-0.5, -0.6]], [[-0.7, -0.8], [-0.9, 0.9]], [[0.8, 0.7], [0.6, 0.5]]], [[[0.4, 0.3], [0.2, 0.1]], [[0.3, -0.1], [-0.2, -0.3]], [[-0.4, -0.5], [-0.6, -0.7]]], [[[-0.8, -0.9], [0.9, 0.8]], [[0.7, 0.6], [0.5, 0.4]], [[0.3, 0.2], [0.1, 0.3]]]]> : tensor<3x3x2x2xf32>
  %bias = arith.constant dense<[0.5, -0.25, 0.125, -1.0]> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32>
  %e5 = tensor.empty() : tensor<1x4x4x2x2xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<1x4x4x2x2xf32>) -> tensor<1x4x4x2x2xf32>
  // EXPLAIN: :[[@LINE+1]]:{{[0-9]+}}: remark: fused [fused]: linalg.depthwise_conv_2d_nhwc_hwcm + bias + relu6
  %c5 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x6x6x2xf32>, tensor<3x3x2x2xf32>) outs(%f5 : tensor<1x4x4x2x2xf32>) -> tensor<1x4x4x2x2xf32>
  %c = tensor.collapse_shape %c5 [[0], [1], [2], [3, 4]] : tensor<1x4x4x2x2xf32> into tensor<1x4x4x4xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<1x4x4x4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %1 = arith.addf %in, %in_1 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x4xf32>
  %cl = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.constant 0.0 : f32
    %hi = arith.constant 6.0 : f32
    %1 = arith.maximumf %in, %lo : f32
    %2 = arith.minimumf %1, %hi : f32
    linalg.yield %2 : f32
  } -> tensor<1x4x4x4xf32>
  return %cl : tensor<1x4x4x4xf32>
}

// What fed only an absorbed chain is erased with it: the tensor.pad folded
// into the op's padding, the accumulator init (tensor.empty + linalg.fill,
// or the bias linalg.broadcast / broadcast generic), the reshapes and
// generics that computed BN parameters, and the collapse after an hwcm
// depthwise conv. FuseChains.cpp's rewrite erases "the chain ..., then
// whatever fed only it (pad, accumulator fill, BatchNorm parameters)"; left
// behind, they are dead ops every later pass has to walk around until
// someone runs a canonicalize.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse | FileCheck %s

// TorchScript BN + ReLU after a tensor.pad and a zero-filled accumulator.

// CHECK-LABEL: func.func @torchscript_bn_relu_cleanup(
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: linalg.
// CHECK: fusion.conv_b
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: linalg.
// CHECK: return
func.func @torchscript_bn_relu_cleanup(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
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

// FX form: a linalg.broadcast bias init, expand_shape'd parameters and rank-1
// generics computing 1/sqrt(var + eps).

// CHECK-LABEL: func.func @fx_bias_bn_relu_cleanup(
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: linalg.
// CHECK: fusion.conv_b
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: linalg.
// CHECK: return
func.func @fx_bias_bn_relu_cleanup(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
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

// TOSA-lowered NHWC: a broadcast-generic bias init and rsqrt computed by a
// generic on 1x1x1xC constants, collapsed to rank 1.

// CHECK-LABEL: func.func @nhwc_fhwc_tosa_bn_clamp_cleanup(
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: linalg.
// CHECK: fusion.conv_b
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: linalg.
// CHECK: return
func.func @nhwc_fhwc_tosa_bn_clamp_cleanup(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
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

// TOSA-lowered hwcm depthwise: a 5-D zero fill and the collapse to C*M
// channels.

// CHECK-LABEL: func.func @nhwc_hwcm_collapse_bias_clamp_cleanup(
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: linalg.
// CHECK: fusion.conv_b
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.empty
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: linalg.
// CHECK: return
func.func @nhwc_hwcm_collapse_bias_clamp_cleanup(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<[[[[-0.3, -0.4], [-0.5, -0.6]], [[-0.7, -0.8], [-0.9, 0.9]], [[0.8, 0.7], [0.6, 0.5]]], [[[0.4, 0.3], [0.2, 0.1]], [[0.3, -0.1], [-0.2, -0.3]], [[-0.4, -0.5], [-0.6, -0.7]]], [[[-0.8, -0.9], [0.9, 0.8]], [[0.7, 0.6], [0.5, 0.4]], [[0.3, 0.2], [0.1, 0.3]]]]> : tensor<3x3x2x2xf32>
  %bias = arith.constant dense<[0.5, -0.25, 0.125, -1.0]> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32>
  %e5 = tensor.empty() : tensor<1x4x4x2x2xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<1x4x4x2x2xf32>) -> tensor<1x4x4x2x2xf32>
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

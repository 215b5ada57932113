// A ResNet basic block with a downsample branch, in torch-mlir's linalg
// form (eval-mode BatchNorm with non-trivial running statistics, gammas of
// both signs, random weights): conv3x3/2 + bn + relu -> conv3x3 + bn, plus
// conv1x1/2 + bn on the block input, added, then relu. All three convs fuse
// with their BatchNorm (the first one with its ReLU too); the add and the
// final ReLU stay outside. Fused and unfused programs must agree, and a
// deliberately wrong fold must be caught on this model.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// The fused program with its loops tiled, collapsed and mapped as for the
// GPU (fusion-map-loops-to-gpu), run on the host: the GPU index arithmetic.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-gpu-loop-mapping | FileCheck %s --check-prefix=MAPPED
// The unfused baseline the benchmarks time (each conv alone, same codegen)
// is checked against the reference too.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --program=unfused | FileCheck %s --check-prefix=UNFUSED
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: fusion-verify: @basic_block
// CHECK-SAME: fused ops 3, fused decodes 0{{$}}
// CHECK: 1x4x4x4
// CHECK: PASS
// MAPPED: PASS
// UNFUSED: unfused vs reference
// UNFUSED: PASS
// WRONG: FAIL

func.func @basic_block(%x: tensor<1x2x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f64
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %w1 = arith.constant dense<[[[[-0.211, -0.419, 0.181], [-0.513, 0.043, -0.161], [-0.53, 0.009, -0.555]], [[-0.08, -0.516, -0.491], [-0.091, 0.392, -0.451], [-0.332, 0.153, 0.537]]], [[[0.093, -0.124, 0.572], [-0.544, 0.43, -0.252], [-0.427, -0.459, -0.23]], [[0.379, -0.383, 0.098], [0.167, -0.153, 0.057], [-0.525, -0.528, -0.353]]], [[[0.216, -0.087, -0.223], [0.103, -0.056, -0.24], [0.353, 0.239, -0.307]], [[0.089, 0.03, 0.45], [0.275, -0.254, 0.576], [-0.458, -0.098, 0.309]]], [[[-0.418, -0.013, -0.553], [0.202, 0.317, 0.088], [0.451, -0.224, 0.234]], [[0.113, 0.096, -0.053], [0.408, 0.534, -0.031], [0.197, -0.527, 0.242]]]]> : tensor<4x2x3x3xf32>
  %w2 = arith.constant dense<[[[[0.177, 0.592, 0.386], [-0.258, -0.137, 0.202], [-0.573, -0.046, -0.398]], [[-0.459, -0.529, 0.322], [-0.445, -0.303, -0.131], [0.446, -0.503, -0.061]], [[0.059, 0.46, 0.383], [0.437, -0.266, -0.102], [-0.169, 0.461, 0.549]], [[-0.419, -0.389, -0.322], [-0.32, -0.018, 0.107], [-0.285, -0.595, -0.097]]], [[[-0.157, 0.08, 0.544], [0.229, 0.019, 0.141], [0.211, -0.535, 0.479]], [[0.336, 0.449, 0.357], [-0.129, -0.121, -0.476], [0.161, -0.525, -0.519]], [[-0.349, -0.405, -0.192], [-0.537, -0.6, -0.418], [-0.478, -0.164, -0.569]], [[0.449, 0.137, -0.422], [-0.297, -0.183, -0.163], [-0.453, 0.419, 0.592]]], [[[-0.041, -0.019, -0.497], [-0.477, -0.189, -0.282], [0.395, -0.406, -0.572]], [[0.541, 0.034, -0.424], [0.052, -0.568, 0.034], [0.574, 0.436, 0.235]], [[-0.287, -0.16, -0.4], [0.326, 0.039, 0.335], [-0.204, -0.332, 0.374]], [[0.582, 0.423, 0.367], [0.382, 0.288, -0.328], [0.021, -0.173, -0.565]]], [[[-0.566, -0.265, -0.289], [0.231, 0.548, -0.063], [0.524, 0.586, 0.546]], [[-0.162, -0.335, -0.328], [-0.364, -0.355, 0.149], [0.48, 0.409, -0.025]], [[0.184, 0.36, -0.498], [0.193, 0.492, 0.339], [0.3, -0.026, -0.386]], [[0.347, -0.201, 0.361], [0.566, -0.125, -0.118], [0.536, 0.27, -0.396]]]]> : tensor<4x4x3x3xf32>
  %wd = arith.constant dense<[[[[-0.746]], [[-0.698]]], [[[0.81]], [[0.613]]], [[[-0.708]], [[0.653]]], [[[0.961]], [[0.315]]]]> : tensor<4x2x1x1xf32>
  %bn1_g = arith.constant dense<[0.896, -1.233, 0.523, 0.324]> : tensor<4xf32>
  %bn1_b = arith.constant dense<[0.471, 0.15, 0.027, 0.434]> : tensor<4xf32>
  %bn1_m = arith.constant dense<[-0.106, 0.595, 0.522, -0.462]> : tensor<4xf32>
  %bn1_v = arith.constant dense<[0.793, 0.914, 0.76, 1.78]> : tensor<4xf32>
  %bn2_g = arith.constant dense<[0.741, -1.012, 0.523, 1.847]> : tensor<4xf32>
  %bn2_b = arith.constant dense<[-0.146, -0.042, 0.083, 0.404]> : tensor<4xf32>
  %bn2_m = arith.constant dense<[-0.127, 0.668, 0.003, 0.051]> : tensor<4xf32>
  %bn2_v = arith.constant dense<[1.594, 0.105, 1.348, 0.59]> : tensor<4xf32>
  %bnd_g = arith.constant dense<[0.307, -1.659, 0.593, 1.105]> : tensor<4xf32>
  %bnd_b = arith.constant dense<[0.225, 0.056, -0.174, 0.018]> : tensor<4xf32>
  %bnd_m = arith.constant dense<[0.089, 0.455, -0.63, 0.096]> : tensor<4xf32>
  %bnd_v = arith.constant dense<[0.783, 0.867, 2.328, 1.548]> : tensor<4xf32>
  %p1 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x8x8xf32> to tensor<1x2x10x10xf32>
  // conv3x3/2 + bn + relu
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p1, %w1 : tensor<1x2x10x10xf32>, tensor<4x2x3x3xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %b1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1, %bn1_g, %bn1_b, %bn1_m, %bn1_v : tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %v, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %m : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %g : f32
    %6 = arith.addf %5, %b : f32
    linalg.yield %6 : f32
  } -> tensor<1x4x4x4xf32>
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b1 : tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x4x4x4xf32>
  %p2 = tensor.pad %r1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x4xf32> to tensor<1x4x6x6xf32>
  // conv3x3 + bn, no activation before the add
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p2, %w2 : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %b2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c2, %bn2_g, %bn2_b, %bn2_m, %bn2_v : tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %v, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %m : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %g : f32
    %6 = arith.addf %5, %b : f32
    linalg.yield %6 : f32
  } -> tensor<1x4x4x4xf32>
  // downsample: conv1x1/2 + bn on the block input
  %cd = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %wd : tensor<1x2x8x8xf32>, tensor<4x2x1x1xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %bd = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cd, %bnd_g, %bnd_b, %bnd_m, %bnd_v : tensor<1x4x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %v, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %m : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %g : f32
    %6 = arith.addf %5, %b : f32
    linalg.yield %6 : f32
  } -> tensor<1x4x4x4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b2, %bd : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %1 = arith.addf %in, %in2 : f32
    linalg.yield %1 : f32
  } -> tensor<1x4x4x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

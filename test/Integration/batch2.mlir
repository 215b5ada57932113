// conv3x3 + BatchNorm (non-trivial running statistics) + ReLU with batch 2
// and with batch 1: the fold is per output channel and must hold for every
// image of a batch. fusion-verify fuses the whole module (both functions,
// hence "fused ops 2") and runs the entry selected with --entry.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --entry=net_batch2 | FileCheck %s --check-prefix=B2
// The fused program with its loops tiled, collapsed and mapped as for the
// GPU (fusion-map-loops-to-gpu), run on the host: the GPU index arithmetic.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --entry=net_batch2 --test-gpu-loop-mapping | FileCheck %s --check-prefix=MAPPED
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --entry=net_batch1 | FileCheck %s --check-prefix=B1
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --entry=net_batch2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// B2: fusion-verify: @net_batch2
// B2-SAME: fused ops 2, fused decodes 0{{$}}
// B2: 2x4x6x6
// B2: PASS
// MAPPED: @net_batch2
// MAPPED: PASS

// B1: fusion-verify: @net_batch1
// B1-SAME: fused ops 2, fused decodes 0{{$}}
// B1: 1x4x3x3
// B1: PASS

// WRONG: FAIL

func.func @net_batch2(%x: tensor<2x3x6x6xf32>) -> tensor<2x4x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f64
  %e = tensor.empty() : tensor<2x4x6x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  %w = arith.constant dense<[[[[-0.211, -0.419, 0.181], [-0.513, 0.043, -0.161], [-0.53, 0.009, -0.555]], [[-0.08, -0.516, -0.491], [-0.091, 0.392, -0.451], [-0.332, 0.153, 0.537]], [[0.093, -0.124, 0.572], [-0.544, 0.43, -0.252], [-0.427, -0.459, -0.23]]], [[[0.379, -0.383, 0.098], [0.167, -0.153, 0.057], [-0.525, -0.528, -0.353]], [[0.216, -0.087, -0.223], [0.103, -0.056, -0.24], [0.353, 0.239, -0.307]], [[0.089, 0.03, 0.45], [0.275, -0.254, 0.576], [-0.458, -0.098, 0.309]]], [[[-0.418, -0.013, -0.553], [0.202, 0.317, 0.088], [0.451, -0.224, 0.234]], [[0.113, 0.096, -0.053], [0.408, 0.534, -0.031], [0.197, -0.527, 0.242]], [[0.177, 0.592, 0.386], [-0.258, -0.137, 0.202], [-0.573, -0.046, -0.398]]], [[[-0.459, -0.529, 0.322], [-0.445, -0.303, -0.131], [0.446, -0.503, -0.061]], [[0.059, 0.46, 0.383], [0.437, -0.266, -0.102], [-0.169, 0.461, 0.549]], [[-0.419, -0.389, -0.322], [-0.32, -0.018, 0.107], [-0.285, -0.595, -0.097]]]]> : tensor<4x3x3x3xf32>
  %bn_g = arith.constant dense<[0.928, -1.263, 1.92, 1.474]> : tensor<4xf32>
  %bn_b = arith.constant dense<[0.015, 0.118, 0.176, -0.446]> : tensor<4xf32>
  %bn_m = arith.constant dense<[0.639, 0.448, 0.599, 0.477]> : tensor<4xf32>
  %bn_v = arith.constant dense<[1.208, 1.227, 0.355, 1.921]> : tensor<4xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x3x6x6xf32> to tensor<2x3x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<2x4x6x6xf32>) -> tensor<2x4x6x6xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bn_g, %bn_b, %bn_m, %bn_v : tensor<2x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<2x4x6x6xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %v, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %m : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %g : f32
    %6 = arith.addf %5, %b : f32
    linalg.yield %6 : f32
  } -> tensor<2x4x6x6xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<2x4x6x6xf32>) outs(%e : tensor<2x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<2x4x6x6xf32>
  return %y : tensor<2x4x6x6xf32>
}

func.func @net_batch1(%x: tensor<1x3x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f64
  %e = tensor.empty() : tensor<1x4x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %w = arith.constant dense<[[[[-0.525, -0.519, -0.349], [-0.405, -0.192, -0.537], [-0.6, -0.418, -0.478]], [[-0.164, -0.569, 0.449], [0.137, -0.422, -0.297], [-0.183, -0.163, -0.453]], [[0.419, 0.592, -0.041], [-0.019, -0.497, -0.477], [-0.189, -0.282, 0.395]]], [[[-0.406, -0.572, 0.541], [0.034, -0.424, 0.052], [-0.568, 0.034, 0.574]], [[0.436, 0.235, -0.287], [-0.16, -0.4, 0.326], [0.039, 0.335, -0.204]], [[-0.332, 0.374, 0.582], [0.423, 0.367, 0.382], [0.288, -0.328, 0.021]]], [[[-0.173, -0.565, -0.566], [-0.265, -0.289, 0.231], [0.548, -0.063, 0.524]], [[0.586, 0.546, -0.162], [-0.335, -0.328, -0.364], [-0.355, 0.149, 0.48]], [[0.409, -0.025, 0.184], [0.36, -0.498, 0.193], [0.492, 0.339, 0.3]]], [[[-0.026, -0.386, 0.347], [-0.201, 0.361, 0.566], [-0.125, -0.118, 0.536]], [[0.27, -0.396, -0.448], [-0.419, 0.486, 0.368], [-0.425, 0.392, 0.576]], [[0.189, -0.18, 0.058], [-0.443, -0.583, 0.565], [0.18, 0.032, 0.52]]]]> : tensor<4x3x3x3xf32>
  %bn_g = arith.constant dense<[1.037, -1.782, 1.704, 0.659]> : tensor<4xf32>
  %bn_b = arith.constant dense<[-0.248, -0.207, -0.259, 0.086]> : tensor<4xf32>
  %bn_m = arith.constant dense<[-0.385, -0.13, -0.59, 0.656]> : tensor<4xf32>
  %bn_v = arith.constant dense<[1.094, 1.402, 1.771, 2.718]> : tensor<4xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x3x6x6xf32> to tensor<1x3x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bn_g, %bn_b, %bn_m, %bn_v : tensor<1x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x3x3xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %v, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %m : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %g : f32
    %6 = arith.addf %5, %b : f32
    linalg.yield %6 : f32
  } -> tensor<1x4x3x3xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<1x4x3x3xf32>) outs(%e : tensor<1x4x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x4x3x3xf32>
  return %y : tensor<1x4x3x3xf32>
}

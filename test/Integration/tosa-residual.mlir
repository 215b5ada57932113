// torch-mlir -> TOSA ResNet BasicBlock: conv-bn-relu, conv-bn, + identity, relu.
// Both convs fuse (the second without activation: the skip add sits between
// its BatchNorm and the ReLU); the add and the final ReLU stay.
// Fused and unfused programs agree on random frames (non-trivial weights and
// BatchNorm statistics: gamma != 1, beta != 0, mean != 0, var != 1).
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// The fused program with its loops tiled, collapsed and mapped as for the
// GPU (fusion-map-loops-to-gpu), run on the host: the GPU index arithmetic.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-gpu-loop-mapping | FileCheck %s --check-prefix=MAPPED
// The unfused baseline the benchmarks time (each conv alone, same codegen)
// is checked against the reference too.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 --program=unfused | FileCheck %s --check-prefix=UNFUSED
// A deliberately wrong fold (filter left unscaled) is caught.
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: fused ops 2
// CHECK: PASS
// MAPPED: PASS
// UNFUSED: unfused vs reference
// UNFUSED: PASS
// WRONG: FAIL

func.func @net(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %a_w_oihw = "tosa.const"() <{values = dense<[[[[-0.22, -0.04, 0.045], [-0.4, 0.065, 0.455], [0.065, 0.02, 0.29]], [[-0.05, -0.225, 0.34], [-0.335, 0.39, 0.385], [0.05, 0.015, -0.435]], [[-0.325, 0.27, 0.23], [0.12, -0.365, 0.225], [0.49, 0.37, 0.165]]], [[[-0.055, -0.075, -0.345], [-0.46, 0.47, -0.105], [-0.11, -0.015, 0.485]], [[0.415, 0.19, 0.285], [0.025, 0.15, 0.295], [0.165, -0.45, -0.035]], [[0.085, 0.17, 0.43], [0.285, -0.08, -0.02], [0.28, 0.255, -0.14]]], [[[-0.105, 0.11, -0.005], [0.17, 0.355, -0.08], [0.08, -0.3, 0.315]], [[0.2, 0.105, -0.16], [-0.41, -0.25, -0.24], [0.27, 0.075, 0.355]], [[0.43, -0.23, -0.345], [0.225, -0.075, 0.33], [-0.055, -0.27, 0.445]]]]> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %a_w = tosa.transpose %a_w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  %a_b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %a_xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32>
  %a_c = tosa.conv2d %a_xt, %a_w, %a_b, %a_zp, %a_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %a_ct = tosa.transpose %a_c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %a_mean = "tosa.const"() <{values = dense<[[[[0.49]], [[0.6]], [[0.41]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_var = "tosa.const"() <{values = dense<[[[[2.86]], [[2.65]], [[0.39]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_gamma = "tosa.const"() <{values = dense<[[[[-1.69]], [[-1.83]], [[0.97]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_beta = "tosa.const"() <{values = dense<[[[[0.13]], [[0.42]], [[-0.81]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %a_half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %a_shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %a_0 = tosa.sub %a_ct, %a_mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %a_1 = tosa.add %a_var, %a_eps : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %a_2 = tosa.pow %a_1, %a_half : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %a_3 = tosa.reciprocal %a_2 : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %a_4 = tosa.mul %a_0, %a_3, %a_shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %a_5 = tosa.mul %a_gamma, %a_4, %a_shift : (tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %a_6 = tosa.add %a_5, %a_beta : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %a_r = tosa.clamp %a_6 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %b_w_oihw = "tosa.const"() <{values = dense<[[[[-0.325, 0.38, 0.12], [-0.345, -0.38, 0.3], [0.34, -0.385, 0.48]], [[-0.38, -0.11, 0.125], [0.31, 0.375, -0.48], [-0.245, -0.36, -0.425]], [[0.17, -0.36, -0.08], [0.18, 0.275, 0.04], [0.19, 0.15, -0.27]]], [[[-0.275, 0.46, -0.245], [0.405, -0.445, -0.185], [0.175, -0.27, 0.495]], [[0.125, 0.38, 0.17], [0.355, -0.365, -0.14], [-0.255, -0.12, -0.38]], [[-0.365, 0.01, 0.45], [0.145, 0.145, 0.41], [0.08, 0.07, 0.1]]], [[[0.025, -0.335, -0.405], [0.35, -0.03, 0.295], [-0.45, 0.065, 0.415]], [[-0.485, 0.47, -0.15], [0.015, 0.125, 0.09], [-0.18, 0.435, -0.205]], [[-0.495, -0.485, 0.475], [-0.26, -0.155, 0.09], [0.015, -0.155, 0.22]]]]> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %b_w = tosa.transpose %b_w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  %b_b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %b_xt = tosa.transpose %a_r {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32>
  %b_c = tosa.conv2d %b_xt, %b_w, %b_b, %b_zp, %b_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %b_ct = tosa.transpose %b_c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %b_mean = "tosa.const"() <{values = dense<[[[[0.15]], [[-0.78]], [[0.41]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_var = "tosa.const"() <{values = dense<[[[[2.16]], [[2.28]], [[2.17]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_gamma = "tosa.const"() <{values = dense<[[[[-1.91]], [[-1.76]], [[1.52]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_beta = "tosa.const"() <{values = dense<[[[[-0.51]], [[0.98]], [[1.0]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %b_half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %b_shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %b_0 = tosa.sub %b_ct, %b_mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %b_1 = tosa.add %b_var, %b_eps : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %b_2 = tosa.pow %b_1, %b_half : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %b_3 = tosa.reciprocal %b_2 : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %b_4 = tosa.mul %b_0, %b_3, %b_shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %b_5 = tosa.mul %b_gamma, %b_4, %b_shift : (tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %b_6 = tosa.add %b_5, %b_beta : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %sum = tosa.add %b_6, %x : (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %out = tosa.clamp %sum {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %out : tensor<1x3x4x4xf32>
}

// A grouped conv as torch-mlir's TOSA backend spells it (ResNeXt): the NHWC
// input sliced per group along channels, the [F, KH, KW, C/G] filter sliced
// per group along F, one tosa.conv2d per group, a concat along channels.
// Matched as one grouped conv (groups(2)) and fused with the BatchNorm and
// ReLU after it; parity on random frames, also with the GPU loop mapping,
// and a wrong fold is caught.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-gpu-loop-mapping | FileCheck %s
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: fusion-opt %s --fusion-fuse --fusion-fold-bn | FileCheck %s --check-prefix=IR

// CHECK: fused ops 1
// CHECK: PASS
// WRONG: FAIL
// IR-LABEL: func.func @grouped_split(
// IR-NOT:     tosa.slice
// IR-NOT:     tosa.conv2d
// IR:         fusion.conv_bias_act %{{.*}} layout(nhwc_fhwc) {{.*}} groups(2) act <relu> : tensor<1x4x4x4xf32>, tensor<4x3x3x2xf32> -> tensor<1x4x4x4xf32>
// IR-NOT:     tosa.concat
// IR-NOT:     tosa.clamp

func.func @grouped_split(%x: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = "tosa.const"() <{values = dense<[[[[0.1, -0.2], [0.3, 0.4], [0.5, -0.6]], [[0.7, 0.8], [0.9, -0.1], [0.2, 0.3]], [[-0.4, 0.5], [0.6, 0.7], [-0.8, 0.9]]], [[[0.15, -0.25], [0.35, 0.45], [0.55, -0.65]], [[0.75, 0.85], [-0.95, 0.05], [0.25, 0.35]], [[0.45, -0.55], [0.65, 0.75], [0.85, -0.95]]], [[[-0.3, 0.2], [0.1, -0.6], [0.5, 0.4]], [[0.9, -0.8], [0.7, 0.6], [-0.5, 0.4]], [[0.3, 0.2], [-0.1, 0.9], [0.8, 0.7]]], [[[0.25, 0.15], [-0.35, 0.55], [0.45, 0.65]], [[-0.75, 0.95], [0.85, 0.35], [-0.15, 0.25]], [[0.65, 0.55], [-0.45, 0.95], [0.85, 0.75]]]]> : tensor<4x3x3x2xf32>}> : () -> tensor<4x3x3x2xf32>
  %bias = "tosa.const"() <{values = dense<0.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.37]], [[-0.99]], [[-0.83]], [[0.2]]]]> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
  %inv = "tosa.const"() <{values = dense<[[[[1.8]], [[0.9]], [[0.6]], [[2.5]]]]> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[1.5]], [[1.35]], [[-1.52]], [[0.7]]]]> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[0.41]], [[0.55]], [[0.62]], [[-0.3]]]]> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s0 = tosa.const_shape {values = dense<[0, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %s1 = tosa.const_shape {values = dense<[0, 0, 0, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %f1 = tosa.const_shape {values = dense<[2, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %isz = tosa.const_shape {values = dense<[1, 4, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %fsz = tosa.const_shape {values = dense<[2, 3, 3, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %x0 = tosa.slice %xt, %s0, %isz : (tensor<1x4x4x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x4x4x2xf32>
  %w0 = tosa.slice %w, %s0, %fsz : (tensor<4x3x3x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x3x3x2xf32>
  %c0 = tosa.conv2d %x0, %w0, %bias, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %x1 = tosa.slice %xt, %s1, %isz : (tensor<1x4x4x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x4x4x2xf32>
  %w1 = tosa.slice %w, %f1, %fsz : (tensor<4x3x3x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x3x3x2xf32>
  %c1 = tosa.conv2d %x1, %w1, %bias, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<2x3x3x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.concat %c0, %c1 {axis = 3 : i32} : (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %a = tosa.sub %ct, %mean : (tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %m = tosa.mul %a, %inv, %shift : (tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x4xf32>
  %g = tosa.mul %m, %gamma, %shift : (tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x4xf32>
  %b = tosa.add %g, %beta : (tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x4x4xf32>
  %r = tosa.clamp %b {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}

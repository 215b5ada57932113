// torch-mlir -> TOSA where the feature map is 1x1 (ResNet's last stage at a
// small input): torch-mlir writes the NCHW<->NHWC transposes around the
// conv as tosa.reshape, which only move unit dimensions. The chain is the
// same conv + BatchNorm + ReLU as with transposes and fuses; the trailing
// reshape back to NHWC for the next conv is absorbed, so the fused op feeds
// it directly. Parity on random frames, and a wrong fold is caught.
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: fusion-opt %s --fusion-fuse --fusion-fold-bn | FileCheck %s --check-prefix=IR

// CHECK: fused ops 2
// CHECK: PASS
// WRONG: FAIL
// IR-LABEL: func.func @net(
// IR:         %[[F:.*]] = fusion.conv_bias_act %{{.*}} layout(nhwc_fhwc) {{.*}} act <relu> : tensor<1x1x1x3xf32>, tensor<3x3x3x3xf32> -> tensor<1x1x1x3xf32>
// IR-NOT:     tosa.reshape
// IR:         fusion.conv_bias_act %[[F]]
// IR-NOT:     tosa.clamp
// IR:         tosa.transpose %{{.*}} {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x3xf32>) -> tensor<1x3x1x1xf32>

func.func @net(%x: tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32> {
  %w = "tosa.const"() <{values = dense<[[[[0.85, -0.07, 0.33], [-0.57, -0.56, -0.42], [0.38, -0.58, 0.94]], [[-0.86, -0.61, -0.82], [0.54, -0.27, -0.06], [-0.35, 0.27, -0.19]], [[0.12, 0.5, -0.3], [0.2, 0.1, -0.9], [0.6, 0.4, 0.3]]], [[[-0.58, -0.14, -0.39], [-0.78, 0.65, 0.36], [0.33, 0.76, -0.21]], [[-0.24, -0.15, -0.19], [0.34, -0.99, -0.07], [0.07, -0.31, -0.96]], [[0.3, -0.2, 0.1], [0.9, 0.8, -0.7], [0.25, -0.45, 0.65]]], [[[0.41, -0.98, 0.13], [-0.69, -0.93, -0.64], [-0.87, -0.7, 0.37]], [[0.46, -0.27, 0.3], [-0.05, 0.13, 0.75], [-0.38, 0.74, 0.38]], [[-0.5, 0.35, 0.15], [0.45, -0.25, 0.05], [0.55, 0.95, -0.85]]]]> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %b = "tosa.const"() <{values = dense<[0.16, -0.61, 0.93]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.37]], [[-0.99]], [[-0.83]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[1.5]], [[1.35]], [[-1.52]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[0.41]], [[0.55]], [[0.62]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[0.29, 1.17, 2.85]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %nhwc = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %nchw = tosa.const_shape {values = dense<[1, 3, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v1 = tosa.add %eps, %var : (tensor<1xf32>, tensor<3xf32>) -> tensor<3xf32>
  %v2 = tosa.rsqrt %v1 : (tensor<3xf32>) -> tensor<3xf32>
  %inv = tosa.reshape %v2, %nchw : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>

  %x0 = tosa.reshape %x, %nhwc : (tensor<1x3x1x1xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %c0 = tosa.conv2d %x0, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x1x1x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x3xf32>
  %t0 = tosa.reshape %c0, %nchw : (tensor<1x1x1x3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %a0 = tosa.sub %t0, %mean : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %m0 = tosa.mul %a0, %inv, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x1x1xf32>
  %g0 = tosa.mul %m0, %gamma, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x1x1xf32>
  %s0 = tosa.add %g0, %beta : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %r0 = tosa.clamp %s0 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>

  %x1 = tosa.reshape %r0, %nhwc : (tensor<1x3x1x1xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %c1 = tosa.conv2d %x1, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x1x1x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x3xf32>
  %t1 = tosa.reshape %c1, %nchw : (tensor<1x1x1x3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %a1 = tosa.sub %t1, %mean : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %m1 = tosa.mul %a1, %inv, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x1x1xf32>
  %g1 = tosa.mul %m1, %gamma, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x1x1xf32>
  %s1 = tosa.add %g1, %beta : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %r1 = tosa.clamp %s1 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  return %r1 : tensor<1x3x1x1xf32>
}

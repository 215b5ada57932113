// TF -> TOSA tosa.depthwise_conv2d, HWCM filter with M = 2 (2 x 2 = 4 output
// channels, channel c * M + m) and a per-channel bias, FusedBatchNorm, ReLU6.
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

// CHECK: fused ops 1
// CHECK: PASS
// MAPPED: PASS
// UNFUSED: unfused vs reference
// UNFUSED: PASS
// WRONG: FAIL

func.func @net(%x: tensor<1x5x5x2xf32>) -> tensor<1x5x5x4xf32> {
  %w = "tosa.const"() <{values = dense<[[[[-0.34, 0.43], [0.61, -0.97]], [[-0.67, 0.79], [-0.76, 0.31]], [[-0.34, 0.29], [0.72, 0.16]]], [[[-0.22, -0.36], [0.24, 0.26]], [[-0.18, -0.07], [0.07, -0.48]], [[-0.64, 0.14], [-0.8, 0.2]]], [[[0.6, 0.66], [-0.5, -0.17]], [[0.85, -0.3], [0.98, -0.6]], [[0.68, -0.92], [0.34, 0.61]]]]> : tensor<3x3x2x2xf32>}> : () -> tensor<3x3x2x2xf32>
  %b = "tosa.const"() <{values = dense<[0.92, 0.74, 0.46, -0.54]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x5x5x2xf32>, tensor<3x3x2x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x5x4xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[0.1, 0.27, 0.83, 0.99]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %var1 = "tosa.const"() <{values = dense<[0.7, 1.66, 0.31, 1.26]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-1.42, -1.36, 0.5, -1.66]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.69, -0.98, 0.63, -0.51]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x5x5x4xf32>, tensor<1x1x1x4xf32>) -> tensor<1x5x5x4xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x4xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x4xf32>) -> tensor<1x1x1x4xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x5x5x4xf32>, tensor<1x1x1x4xf32>, tensor<1xi8>) -> tensor<1x5x5x4xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x5x5x4xf32>, tensor<1x1x1x4xf32>, tensor<1xi8>) -> tensor<1x5x5x4xf32>
  %5 = tosa.add %4, %beta : (tensor<1x5x5x4xf32>, tensor<1x1x1x4xf32>) -> tensor<1x5x5x4xf32>
  %r = tosa.clamp %5 {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x5x5x4xf32>) -> tensor<1x5x5x4xf32>
  return %r : tensor<1x5x5x4xf32>
}

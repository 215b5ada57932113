// TF -> TOSA tosa.depthwise_conv2d, HWCM filter with M = 1 (3 channels),
// FusedBatchNorm, ReLU6.
// Fused and unfused programs agree on random frames (non-trivial weights and
// BatchNorm statistics: gamma != 1, beta != 0, mean != 0, var != 1).
// RUN: fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=4 | FileCheck %s
// A deliberately wrong fold (filter left unscaled) is caught.
// RUN: not fusion-verify %s --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: fused ops 1
// CHECK: PASS
// WRONG: FAIL

func.func @net(%x: tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32> {
  %w = "tosa.const"() <{values = dense<[[[[0.96], [-0.09], [0.44]], [[0.47], [-0.57], [-0.84]], [[0.21], [-0.76], [-0.24]]], [[[0.78], [0.74], [-0.76]], [[-0.84], [-0.56], [0.66]], [[-0.95], [-0.55], [-0.79]]], [[[-0.74], [0.05], [-0.63]], [[-0.18], [0.47], [0.45]], [[-0.17], [0.57], [0.15]]]]> : tensor<3x3x3x1xf32>}> : () -> tensor<3x3x3x1xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x5x5x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x5x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[0.65, -0.5, -0.26]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[1.82, 2.85, 1.93]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-0.1, -1.0, -0.87]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.57, 0.97, 0.77]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x5x5x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x5x5x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x5x5x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x5x5x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x5x5x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x5x5x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x5x5x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x5x5x3xf32>
  %r = tosa.clamp %5 {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32>
  return %r : tensor<1x5x5x3xf32>
}

// fusion-fuse=explain on TOSA as frontends emit it: one remark per candidate
// conv, fused and refused. The same forms' rewrites: tosa-forms.mlir.
// Remarks ending in "+ relu" use expected-remark-re anchored with {{$}}: a plain
// expected-remark matches a substring and would also accept "+ relu6".
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics

// torch-mlir -> TOSA: NCHW transposes around an NHWC tosa.conv2d (OIHW weight
// transposed to OHWI), decomposed BatchNorm with pow(var + eps, 0.5) and
// reciprocal, tosa.mul with a shift operand and constant-first operands, ReLU as
// tosa.clamp [0, FLT_MAX].
func.func @torch_conv_bn_relu(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  // expected-remark-re @below {{fused [fused]: tosa.conv2d + batchnorm + relu{{$}}}}
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.5]], [[1.0]], [[-1.0]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[0.25]], [[4.0]], [[1.5]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[1.5]], [[0.5]], [[-2.0]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[0.1]], [[-0.2]], [[0.3]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %ct, %mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %1 = tosa.add %var, %eps : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %2 = tosa.pow %1, %half : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %3 = tosa.reciprocal %2 : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %4 = tosa.mul %0, %3, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %5 = tosa.mul %gamma, %4, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %6 = tosa.add %5, %beta : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %r = tosa.clamp %6 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// torch-mlir -> TOSA, aten.batch_norm legalized directly: rank-1 parameters
// reshaped to [1,C,1,1], tosa.rsqrt.
func.func @torch_batch_norm_rsqrt(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  // expected-remark-re @below {{fused [fused]: tosa.conv2d + batchnorm + relu{{$}}}}
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %pshape = tosa.const_shape {values = dense<[1, 3, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.48, 0.37, 0.37]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %var1 = "tosa.const"() <{values = dense<[2.58, 0.72, 0.85]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-1.41, -1.1, 0.94]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.74, 0.06, -0.57]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %ct, %mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %1 = tosa.add %var, %eps : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %5 = tosa.add %4, %beta : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %r = tosa.clamp %5 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// TF -> TOSA, NHWC throughout: HWIO filter transposed to OHWI, stride 2 with
// asymmetric SAME padding [0, 1, 0, 1], FusedBatchNorm as rank-1 parameters
// reshaped to [1,1,1,C] (sub, add eps, rsqrt, mul, mul, add), ReLU6.
func.func @tf_conv_bn_relu6_strided(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + relu6}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x6x6x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.41, -0.14, 0.68]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[1.9, 0.24, 0.97]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-1.41, 1.49, 1.24]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.61, 0.65, 0.49]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x3x3x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x3x3x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x3x3x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x3x3x3xf32>
  %r = tosa.clamp %5 {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}

// -----

// TFLite -> TOSA: BatchNorm parameters already [1,1,1,C] constants.
func.func @tf_bn_params_4d(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + relu6}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.9, 0.59, -0.49]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %var = "tosa.const"() <{values = dense<[[[[2.58, 1.56, 2.31]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[0.26, -0.28, -0.54]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %beta = "tosa.const"() <{values = dense<[[[[-0.14, -0.37, -0.77]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %5 {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// TF -> TOSA DepthwiseConv2dNative, HWCM filter with M = 1.
func.func @tf_depthwise_m1(%x: tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x1xf32>}> : () -> tensor<3x3x3x1xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.depthwise_conv2d + batchnorm + relu6}}
  %c = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x5x5x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x5x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[0.64, 0.6, 0.97]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[2.13, 1.75, 2.3]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-1.46, 0.71, -0.23]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.65, -0.59, 0.05]> : tensor<3xf32>}> : () -> tensor<3xf32>
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

// -----

// TF -> TOSA DepthwiseConv2dNative, HWCM filter with M = 2: 2 x 2 = 4 channels.
func.func @tf_depthwise_m2(%x: tensor<1x5x5x2xf32>) -> tensor<1x5x5x4xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x2xf32>}> : () -> tensor<3x3x2x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.depthwise_conv2d + batchnorm + relu6}}
  %c = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x5x5x2xf32>, tensor<3x3x2x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x5x4xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.49, -0.08, 0.21, -0.21]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %var1 = "tosa.const"() <{values = dense<[0.57, 1.57, 0.86, 0.86]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-1.22, -0.53, -1.71, 0.6]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.91, -0.22, 0.44, 0.87]> : tensor<4xf32>}> : () -> tensor<4xf32>
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

// -----

// TFLite CONV_2D -> TOSA: a real per-channel bias in the conv, no BatchNorm, ReLU.
func.func @conv_bias_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<[-0.91, -0.72, 0.61]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark-re @below {{fused [fused]: tosa.conv2d + relu{{$}}}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %c {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// TF Conv2D + BiasAdd + Relu -> TOSA: the bias is a separate tosa.add.
func.func @tf_conv_biasadd_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark-re @below {{fused [fused]: tosa.conv2d + bias + relu{{$}}}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %bias1 = "tosa.const"() <{values = dense<[0.68, 0.28, -0.68]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %bias = tosa.reshape %bias1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %ba = tosa.add %c, %bias : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %ba {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// torch-mlir -> TOSA: aten.sigmoid.
func.func @torch_conv_bn_sigmoid(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + sigmoid}}
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[-0.17]], [[0.74]], [[0.77]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[2.45]], [[0.77]], [[2.59]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-0.5]], [[0.87]], [[-1.45]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[0.94]], [[0.21]], [[0.45]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %ct, %mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %1 = tosa.add %var, %eps : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %2 = tosa.pow %1, %half : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %3 = tosa.reciprocal %2 : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %4 = tosa.mul %0, %3, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %5 = tosa.mul %gamma, %4, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %6 = tosa.add %5, %beta : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %r = tosa.sigmoid %6 : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// torch-mlir -> TOSA: aten.silu as x * sigmoid(x) (a diamond on the BN value).
func.func @torch_conv_bn_silu(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + silu}}
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[-0.58]], [[0.23]], [[0.16]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[1.86]], [[1.21]], [[2.24]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-0.63]], [[-0.82]], [[-1.34]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[0.37]], [[-0.78]], [[-0.55]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %ct, %mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %1 = tosa.add %var, %eps : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %2 = tosa.pow %1, %half : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %3 = tosa.reciprocal %2 : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %4 = tosa.mul %0, %3, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %5 = tosa.mul %gamma, %4, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %6 = tosa.add %5, %beta : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %s = tosa.sigmoid %6 : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = tosa.mul %6, %s, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// TF -> TOSA: tf.nn.swish with the sigmoid first, sigmoid(x) * x.
func.func @tf_conv_bn_swish(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + silu}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.86, 0.29, 0.11]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[1.72, 0.31, 1.43]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-0.63, -1.63, -1.99]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[1.0, -0.76, -0.4]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %s = tosa.sigmoid %5 : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.mul %s, %5, %shift : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// TF -> TOSA: tf.nn.leaky_relu(alpha = 0.2) as maximum(x, x * alpha).
func.func @tf_conv_bn_leaky_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + leaky_relu}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.46, 0.19, -0.85]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[1.52, 1.23, 2.54]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-1.98, -0.66, -0.01]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.94, 0.03, -0.05]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %alpha = "tosa.const"() <{values = dense<0.2> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %m = tosa.mul %5, %alpha, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %r = tosa.maximum %5, %m : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// torch-mlir -> TOSA: aten.hardtanh(-1, 1) as tosa.clamp [-1, 1].
func.func @torch_conv_bn_hardtanh(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  // expected-remark @below {{fused [fused]: tosa.conv2d + batchnorm + clamp}}
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.34]], [[-0.41]], [[-0.94]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[1.6]], [[2.75]], [[2.27]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-0.97]], [[0.74]], [[1.4]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[-0.48]], [[0.18]], [[-0.29]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %eps = "tosa.const"() <{values = dense<1.0e-05> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %half = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %ct, %mean : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %1 = tosa.add %var, %eps : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %2 = tosa.pow %1, %half : (tensor<1x3x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x3x1x1xf32>
  %3 = tosa.reciprocal %2 : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
  %4 = tosa.mul %0, %3, %shift : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %5 = tosa.mul %gamma, %4, %shift : (tensor<1x3x1x1xf32>, tensor<1x3x4x4xf32>, tensor<1xi8>) -> tensor<1x3x4x4xf32>
  %6 = tosa.add %5, %beta : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
  %r = tosa.clamp %6 {min_val = -1.0 : f32, max_val = 1.0 : f32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// torch-mlir -> TOSA ResNet BasicBlock: conv-bn-relu, conv-bn, + identity, relu.
func.func @torch_residual_block(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %a_w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %a_w = tosa.transpose %a_w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  %a_b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %a_xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32>
  // expected-remark-re @below {{fused [fused]: tosa.conv2d + batchnorm + relu{{$}}}}
  %a_c = tosa.conv2d %a_xt, %a_w, %a_b, %a_zp, %a_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %a_ct = tosa.transpose %a_c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %a_mean = "tosa.const"() <{values = dense<[[[[-0.51]], [[-0.43]], [[-0.59]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_var = "tosa.const"() <{values = dense<[[[[1.18]], [[0.31]], [[1.31]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_gamma = "tosa.const"() <{values = dense<[[[[-1.65]], [[1.03]], [[0.4]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_beta = "tosa.const"() <{values = dense<[[[[-0.99]], [[0.55]], [[-0.62]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
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
  %b_w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %b_w = tosa.transpose %b_w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  %b_b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %b_xt = tosa.transpose %a_r {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32>
  // expected-remark @below {{fused in part [residual_add]: tosa.conv2d + batchnorm; stopped at 'tosa.add': adding another live tensor (a skip connection) between the normalization and the activation}}
  %b_c = tosa.conv2d %b_xt, %b_w, %b_b, %b_zp, %b_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %b_ct = tosa.transpose %b_c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %b_mean = "tosa.const"() <{values = dense<[[[[-0.04]], [[0.11]], [[-0.33]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_var = "tosa.const"() <{values = dense<[[[[1.01]], [[1.42]], [[0.58]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_gamma = "tosa.const"() <{values = dense<[[[[1.45]], [[-1.55]], [[1.29]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_beta = "tosa.const"() <{values = dense<[[[[-0.56]], [[-0.39]], [[-0.22]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
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

// -----

// TF -> TOSA residual block in NHWC with the skip as the first add operand.
func.func @tf_residual_block(%x: tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> {
  %a_w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %a_w = tosa.transpose %a_w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  %a_b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark-re @below {{fused [fused]: tosa.conv2d + batchnorm + relu{{$}}}}
  %a_c = tosa.conv2d %x, %a_w, %a_b, %a_zp, %a_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %a_pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %a_mean1 = "tosa.const"() <{values = dense<[-0.93, -0.74, -0.28]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_mean = tosa.reshape %a_mean1, %a_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %a_var1 = "tosa.const"() <{values = dense<[1.44, 2.65, 2.97]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_var = tosa.reshape %a_var1, %a_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %a_gamma1 = "tosa.const"() <{values = dense<[-1.83, 0.14, -1.48]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_gamma = tosa.reshape %a_gamma1, %a_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %a_beta1 = "tosa.const"() <{values = dense<[0.61, -0.35, 0.79]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_beta = tosa.reshape %a_beta1, %a_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %a_eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %a_shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %a_0 = tosa.sub %a_c, %a_mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %a_1 = tosa.add %a_var, %a_eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %a_2 = tosa.rsqrt %a_1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %a_3 = tosa.mul %a_0, %a_2, %a_shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %a_4 = tosa.mul %a_3, %a_gamma, %a_shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %a_5 = tosa.add %a_4, %a_beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %a_r = tosa.clamp %a_5 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %b_w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %b_w = tosa.transpose %b_w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  %b_b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused in part [residual_add]: tosa.conv2d + batchnorm; stopped at 'tosa.add': adding another live tensor (a skip connection) between the normalization and the activation}}
  %b_c = tosa.conv2d %a_r, %b_w, %b_b, %b_zp, %b_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %b_pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %b_mean1 = "tosa.const"() <{values = dense<[0.09, -0.75, -0.99]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_mean = tosa.reshape %b_mean1, %b_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %b_var1 = "tosa.const"() <{values = dense<[0.89, 2.63, 0.62]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_var = tosa.reshape %b_var1, %b_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %b_gamma1 = "tosa.const"() <{values = dense<[-0.08, -0.51, -0.62]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_gamma = tosa.reshape %b_gamma1, %b_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %b_beta1 = "tosa.const"() <{values = dense<[0.6, -0.57, 0.44]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_beta = tosa.reshape %b_beta1, %b_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %b_eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %b_shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %b_0 = tosa.sub %b_c, %b_mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %b_1 = tosa.add %b_var, %b_eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %b_2 = tosa.rsqrt %b_1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %b_3 = tosa.mul %b_0, %b_2, %b_shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %b_4 = tosa.mul %b_3, %b_gamma, %b_shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %b_5 = tosa.add %b_4, %b_beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %sum = tosa.add %x, %b_5 : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %out = tosa.clamp %sum {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %out : tensor<1x4x4x3xf32>
}

// -----

// The conv output is also a function result: nothing may be fused.
func.func @multi_use(%x: tensor<1x4x4x2xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{not fused [multi_use]: tosa.conv2d; stopped at 'func.return': an intermediate has a second user outside the chain}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %scale = "tosa.const"() <{values = dense<[[[[1.5, 1.9, 1.28]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %offset = "tosa.const"() <{values = dense<[[[[0.84, -0.12, 0.15]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %0 = tosa.mul %c, %scale, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %0, %offset : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %1 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r, %c : tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>
}

// -----

// A per-channel scale and shift after the ReLU (BN after the activation): the
// ReLU fuses, the affine cannot move across it.
func.func @bn_after_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused in part [sign_unknown_across_activation]: tosa.conv2d + relu; stopped at 'tosa.mul': a per-channel scale or shift after the activation cannot move across it}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %scale = "tosa.const"() <{values = dense<[[[[1.43, 1.76, 1.85]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %offset = "tosa.const"() <{values = dense<[[[[-0.77, -0.73, 0.07]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %a = tosa.clamp %c {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %0 = tosa.mul %a, %scale, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %r = tosa.add %0, %offset : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// A per-image gate (squeeze-excitation) multiplied in between the BatchNorm and
// the ReLU: the BatchNorm fuses, the gate and ReLU stay.
func.func @se_gate(%x: tensor<1x4x4x2xf32>, %gate: tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused in part [not_batchnorm]: tosa.conv2d + batchnorm; stopped at 'tosa.mul': multiplying by a tensor computed from the feature maps (e.g. a squeeze-excitation gate) is not a BatchNorm}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %scale = "tosa.const"() <{values = dense<[[[[1.72, 1.3, 0.95]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %offset = "tosa.const"() <{values = dense<[[[[0.92, -0.4, -0.83]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %0 = tosa.mul %c, %scale, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %0, %offset : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %2 = tosa.mul %1, %gate, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %2 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// [1,C,1,1] (NCHW) parameters applied to an NHWC conv result without a
// transpose: they vary along H, not the channel.
func.func @nchw_params_on_nhwc(%x: tensor<1x3x3x2xf32>) -> tensor<1x3x3x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{not fused [channel_axis_mismatch]: tosa.conv2d; stopped at 'tosa.mul': a parameter varies along a dimension that is not the conv's output channel}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x3x3x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x3xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %scale = "tosa.const"() <{values = dense<[[[[0.58]], [[0.55]], [[1.59]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %offset = "tosa.const"() <{values = dense<[[[[-0.79]], [[0.43]], [[0.73]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %0 = tosa.mul %c, %scale, %shift : (tensor<1x3x3x3xf32>, tensor<1x3x1x1xf32>, tensor<1xi8>) -> tensor<1x3x3x3xf32>
  %1 = tosa.add %0, %offset : (tensor<1x3x3x3xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x3x3xf32>
  %r = tosa.clamp %1 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}

// -----

// The BatchNorm scale is a runtime value (a function argument), not a constant.
func.func @runtime_bn_scale(%x: tensor<1x4x4x2xf32>, %scale1: tensor<3xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{not fused [non_constant_parameters]: tosa.conv2d; stopped at 'tosa.mul': a non-constant parameter is not a rank-1 per-channel tensor}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %scale = tosa.reshape %scale1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %offset = "tosa.const"() <{values = dense<[[[[1.0, 0.62, -0.15]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %0 = tosa.mul %c, %scale, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %0, %offset : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %1 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// TF -> TOSA: tanh is no activation the fused ops hold; the BatchNorm still fuses.
func.func @tf_conv_bn_tanh(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused in part [unsupported_activation]: tosa.conv2d + batchnorm; stopped at 'tosa.tanh': the elementwise ops after the conv compute no activation the fused ops know}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[0.24, 0.67, 0.43]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[1.01, 2.33, 0.51]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-0.77, 1.98, -0.12]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.46, 0.57, -0.1]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.tanh %5 : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// A function marked fusion.exclude is left alone and explains nothing.
func.func @excluded(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> attributes {fusion.exclude} {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.99, -0.94, -0.48]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[1.13, 2.82, 0.89]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[1.4, 1.41, -0.34]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.99, 0.52, -0.03]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %5 {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// TF -> TOSA: tf.LeakyRelu's legalization, select(x >= 0, x, x * alpha): the
// BatchNorm result's three users are all inside the activation.
func.func @tf_conv_bn_leaky_relu_select(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark-re @below {{fused [fused]: tosa.conv2d + batchnorm + leaky_relu{{$}}}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.63, -0.69, 0.82]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[2.49, 0.9, 0.73]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[0.96, 1.76, -1.21]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.9, 0.76, 0.21]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %alpha = "tosa.const"() <{values = dense<0.2> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %m = tosa.mul %5, %alpha, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %zero = "tosa.const"() <{values = dense<0.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %ge = tosa.greater_equal %5, %zero : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x4x3xi1>
  %r = tosa.select %ge, %5, %m : (tensor<1x4x4x3xi1>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// The same form with the BatchNorm result also returned: a user outside the
// activation, so the activation stays apart.
func.func @tf_leaky_relu_select_bn_also_returned(%x: tensor<1x4x4x2xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused in part [multi_use]: tosa.conv2d + batchnorm; stopped at 'func.return': an intermediate has a second user outside the chain}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.63, -0.69, 0.82]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[2.49, 0.9, 0.73]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[0.96, 1.76, -1.21]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.9, 0.76, 0.21]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %alpha = "tosa.const"() <{values = dense<0.2> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %m = tosa.mul %5, %alpha, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %zero = "tosa.const"() <{values = dense<0.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %ge = tosa.greater_equal %5, %zero : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x4x3xi1>
  %r = tosa.select %ge, %5, %m : (tensor<1x4x4x3xi1>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r, %5 : tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>
}

// -----

// select(x >= 0, x * alpha, x) (the branches swapped) is no LeakyRelu: it
// stays apart.
func.func @tf_select_not_leaky_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-remark @below {{fused in part [unsupported_activation]: tosa.conv2d + batchnorm; stopped at 'tosa.mul': the elementwise ops after the conv compute no activation the fused ops know}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.63, -0.69, 0.82]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[2.49, 0.9, 0.73]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[0.96, 1.76, -1.21]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.9, 0.76, 0.21]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %beta = tosa.reshape %beta1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %eps = "tosa.const"() <{values = dense<0.001> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = tosa.add %var, %eps : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x3xf32>
  %2 = tosa.rsqrt %1 : (tensor<1x1x1x3xf32>) -> tensor<1x1x1x3xf32>
  %3 = tosa.mul %0, %2, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %4 = tosa.mul %3, %gamma, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %5 = tosa.add %4, %beta : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %alpha = "tosa.const"() <{values = dense<0.2> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %m = tosa.mul %5, %alpha, %shift : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x4x3xf32>
  %zero = "tosa.const"() <{values = dense<0.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %ge = tosa.greater_equal %5, %zero : (tensor<1x4x4x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x4x3xi1>
  %r = tosa.select %ge, %m, %5 : (tensor<1x4x4x3xi1>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

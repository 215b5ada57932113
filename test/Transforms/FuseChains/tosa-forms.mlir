// fusion-fuse on TOSA as frontends emit it (torch-mlir, TF/TFLite legalizations).
// Numeric parity of the same forms: test/Integration/tosa-*.mlir.
// RUN: fusion-opt %s --split-input-file --fusion-fuse | FileCheck %s

// torch-mlir -> TOSA: NCHW transposes around an NHWC tosa.conv2d (OIHW weight
// transposed to OHWI), decomposed BatchNorm with pow(var + eps, 0.5) and
// reciprocal, tosa.mul with a shift operand and constant-first operands, ReLU as
// tosa.clamp [0, FLT_MAX].

// CHECK-LABEL: func.func @torch_conv_bn_relu(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK:         %[[B:.*]] = "tosa.const"() <{values = dense<0.000000e+00> : tensor<3xf32>}>
// CHECK:         %[[XT:.*]] = tosa.transpose %[[X]] {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
// The recovered affine: gamma / sqrt(var + eps) and beta - mean * that.
// CHECK-DAG:     %[[S:.*]] = arith.constant dense<[2.9999{{[0-9]+}}, 0.2499{{[0-9]+}}, -1.6329{{[0-9]+}}]> : tensor<3xf64>
// CHECK-DAG:     %[[T:.*]] = arith.constant dense<[-1.3999{{[0-9]+}}, -0.4499{{[0-9]+}}, -1.3329{{[0-9]+}}]> : tensor<3xf64>
// CHECK-DAG:     %[[M:.*]] = arith.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK-DAG:     %[[V:.*]] = arith.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[XT]], %[[W]] bias(%[[B]] : tensor<3xf32>)
// CHECK-SAME:      mean(%[[M]] : tensor<3xf64>) variance(%[[V]] : tensor<3xf64>) gamma(%[[S]] : tensor<3xf64>) beta(%[[T]] : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    %[[R:.*]] = tosa.transpose %[[F]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1x3x4x4xf32>

func.func @torch_conv_bn_relu(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
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

// CHECK-LABEL: func.func @torch_batch_norm_rsqrt(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK:         %[[XT:.*]] = tosa.transpose %[[X]] {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[XT]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    %[[R:.*]] = tosa.transpose %[[F]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1x3x4x4xf32>

func.func @torch_batch_norm_rsqrt(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %pshape = tosa.const_shape {values = dense<[1, 3, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.1, 0.12, 0.85]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %var1 = "tosa.const"() <{values = dense<[1.5, 1.62, 1.84]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-1.26, 0.05, 0.52]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x3x1x1xf32>
  %beta1 = "tosa.const"() <{values = dense<[0.59, -0.81, -0.39]> : tensor<3xf32>}> : () -> tensor<3xf32>
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

// CHECK-LABEL: func.func @tf_conv_bn_relu6_strided(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x6x6x2xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([0, 1, 0, 1]) groups(1) act <relu6>
// CHECK-SAME:      : tensor<1x6x6x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x3x3x3xf32>
// CHECK-NOT:     tosa.reshape
// CHECK:    return %[[F]] : tensor<1x3x3x3xf32>

func.func @tf_conv_bn_relu6_strided(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>} : (tensor<1x6x6x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.82, 0.62, 0.39]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[0.32, 2.95, 2.9]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[0.62, 0.46, -1.37]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.97, 0.06, -0.88]> : tensor<3xf32>}> : () -> tensor<3xf32>
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

// CHECK-LABEL: func.func @tf_bn_params_4d(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x4x4x2xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu6>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @tf_bn_params_4d(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %mean = "tosa.const"() <{values = dense<[[[[-0.62, -0.52, -0.94]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %var = "tosa.const"() <{values = dense<[[[[1.5, 1.43, 2.56]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[0.08, 0.56, 0.13]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %beta = "tosa.const"() <{values = dense<[[[[0.32, -0.09, -0.44]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
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

// CHECK-LABEL: func.func @tf_depthwise_m1(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x5x5x3xf32>)
// CHECK:         %[[W:.*]] = "tosa.const"() {{.*}} -> tensor<3x3x3x1xf32>
// CHECK-NOT:     tosa.depthwise_conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(3) act <relu6>
// CHECK-SAME:      : tensor<1x5x5x3xf32>, tensor<3x3x3x1xf32> -> tensor<1x5x5x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x5x5x3xf32>

func.func @tf_depthwise_m1(%x: tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x1xf32>}> : () -> tensor<3x3x3x1xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x5x5x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x5x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[1.0, 0.99, 0.68]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[2.18, 1.08, 0.84]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-0.84, -1.72, 1.07]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.2, 0.69, -0.23]> : tensor<3xf32>}> : () -> tensor<3xf32>
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

// CHECK-LABEL: func.func @tf_depthwise_m2(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x5x5x2xf32>)
// CHECK:         %[[W:.*]] = "tosa.const"() {{.*}} -> tensor<3x3x2x2xf32>
// CHECK-NOT:     tosa.depthwise_conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%{{.*}} : tensor<4xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<4xf64>) variance(%{{.*}} : tensor<4xf64>) gamma(%{{.*}} : tensor<4xf64>) beta(%{{.*}} : tensor<4xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_hwcm) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu6>
// CHECK-SAME:      : tensor<1x5x5x2xf32>, tensor<3x3x2x2xf32> -> tensor<1x5x5x4xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x5x5x4xf32>

func.func @tf_depthwise_m2(%x: tensor<1x5x5x2xf32>) -> tensor<1x5x5x4xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x2xf32>}> : () -> tensor<3x3x2x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x5x5x2xf32>, tensor<3x3x2x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x5x4xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[0.92, 0.69, -1.0, -0.58]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %var1 = "tosa.const"() <{values = dense<[2.75, 1.52, 2.95, 1.31]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-1.71, 0.52, 1.11, -0.92]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x1x1x4xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.83, -0.33, 0.93, 0.52]> : tensor<4xf32>}> : () -> tensor<4xf32>
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

// CHECK-LABEL: func.func @conv_bias_relu(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x4x4x2xf32>)
// CHECK:         %[[W:.*]] = "tosa.const"() {{.*}} -> tensor<3x3x3x2xf32>
// CHECK:         %[[B:.*]] = "tosa.const"() <{values = dense<[{{.*}}]> : tensor<3xf32>}>
// CHECK-NOT:     tosa.conv2d
// CHECK-NOT:     fusion.conv_bn_act
// CHECK:         %[[F:.*]] = fusion.conv_bias_act %[[X]], %[[W]] bias(%[[B]] : tensor<3xf32>)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @conv_bias_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<[-0.76, -0.51, -0.8]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %c {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// TF Conv2D + BiasAdd + Relu -> TOSA: the bias is a separate tosa.add.

// CHECK-LABEL: func.func @tf_conv_biasadd_relu(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x4x4x2xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
// The BiasAdd constant becomes the fused op's bias (the conv's own is zero).
// CHECK:         %[[B:.*]] = arith.constant dense<[{{.*}}]> : tensor<3xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK-NOT:     fusion.conv_bn_act
// CHECK:         %[[F:.*]] = fusion.conv_bias_act %[[X]], %[[W]] bias(%[[B]] : tensor<3xf32>)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @tf_conv_biasadd_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %bias1 = "tosa.const"() <{values = dense<[-0.88, 0.59, -0.64]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %bias = tosa.reshape %bias1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %ba = tosa.add %c, %bias : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  %r = tosa.clamp %ba {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// torch-mlir -> TOSA: aten.sigmoid.

// CHECK-LABEL: func.func @torch_conv_bn_sigmoid(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK:         %[[XT:.*]] = tosa.transpose %[[X]] {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[XT]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <sigmoid>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    %[[R:.*]] = tosa.transpose %[[F]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1x3x4x4xf32>

func.func @torch_conv_bn_sigmoid(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[0.12]], [[-0.11]], [[-0.62]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[2.25]], [[0.57]], [[2.0]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-1.53]], [[-0.32]], [[-1.15]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[-0.46]], [[0.94]], [[0.61]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
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

// CHECK-LABEL: func.func @torch_conv_bn_silu(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK:         %[[XT:.*]] = tosa.transpose %[[X]] {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[XT]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <silu>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    %[[R:.*]] = tosa.transpose %[[F]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1x3x4x4xf32>

func.func @torch_conv_bn_silu(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[-0.39]], [[0.77]], [[-0.58]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[1.3]], [[2.59]], [[2.0]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-1.6]], [[1.96]], [[-1.15]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[-0.48]], [[0.55]], [[-0.34]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
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

// CHECK-LABEL: func.func @tf_conv_bn_swish(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x4x4x2xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <silu>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @tf_conv_bn_swish(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %mean1 = "tosa.const"() <{values = dense<[-0.41, -0.85, -0.82]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %mean = tosa.reshape %mean1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %var1 = "tosa.const"() <{values = dense<[1.83, 0.88, 1.88]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %var = tosa.reshape %var1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %gamma1 = "tosa.const"() <{values = dense<[-0.51, -0.19, 1.84]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %gamma = tosa.reshape %gamma1, %pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %beta1 = "tosa.const"() <{values = dense<[-0.03, 0.15, 0.73]> : tensor<3xf32>}> : () -> tensor<3xf32>
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

// CHECK-LABEL: func.func @tf_conv_bn_leaky_relu(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x4x4x2xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <leaky_relu, alpha = 0.2{{[0-9]*}}>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @tf_conv_bn_leaky_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
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
  %r = tosa.maximum %5, %m : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// TF -> TOSA: tf.LeakyRelu's legalization, select(x >= 0, x, x * alpha):
// the BatchNorm result has three users, all inside the activation.

// CHECK-LABEL: func.func @tf_conv_bn_leaky_relu_select(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x4x4x2xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[X]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <leaky_relu, alpha = 0.2{{[0-9]*}}>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[F]] : tensor<1x4x4x3xf32>

func.func @tf_conv_bn_leaky_relu_select(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x2x3xf32>}> : () -> tensor<3x3x2x3xf32>
  %w = tosa.transpose %w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x2x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
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

// torch-mlir -> TOSA: aten.hardtanh(-1, 1) as tosa.clamp [-1, 1].

// CHECK-LABEL: func.func @torch_conv_bn_hardtanh(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x2x4x4xf32>)
// CHECK:         %[[W:.*]] = tosa.transpose %{{.*}} {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
// CHECK:         %[[XT:.*]] = tosa.transpose %[[X]] {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F:.*]] = fusion.conv_bn_act %[[XT]], %[[W]] bias(%{{.*}} : tensor<3xf32>)
// CHECK-SAME:      mean(%{{.*}} : tensor<3xf64>) variance(%{{.*}} : tensor<3xf64>) gamma(%{{.*}} : tensor<3xf64>) beta(%{{.*}} : tensor<3xf64>) epsilon(0.000000e+00)
// CHECK-SAME:      layout(nhwc_fhwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <clamp, min = -1.000000e+00, max = 1.000000e+00>
// CHECK-SAME:      : tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    %[[R:.*]] = tosa.transpose %[[F]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1x3x4x4xf32>

func.func @torch_conv_bn_hardtanh(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x2x3x3xf32>}> : () -> tensor<3x2x3x3xf32>
  %w = tosa.transpose %w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x2x3x3xf32>) -> tensor<3x3x3x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
  %c = tosa.conv2d %xt, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %ct = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %mean = "tosa.const"() <{values = dense<[[[[-0.16]], [[-0.79]], [[-0.92]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %var = "tosa.const"() <{values = dense<[[[[2.9]], [[0.87]], [[2.17]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %gamma = "tosa.const"() <{values = dense<[[[[-0.97]], [[1.29]], [[0.39]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %beta = "tosa.const"() <{values = dense<[[[[-0.41]], [[-0.65]], [[0.44]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
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

// CHECK-LABEL: func.func @torch_residual_block(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x3x4x4xf32>)
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F1:.*]] = fusion.conv_bn_act
// CHECK-SAME:      act <relu> : tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32> -> tensor<1x4x4x3xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F2:.*]] = fusion.conv_bn_act
// CHECK-SAME:      act <none> : tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    %[[T:.*]] = tosa.transpose %[[F2]] {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    %[[SUM:.*]] = tosa.add %[[T]], %[[X]] : (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    %[[R:.*]] = tosa.clamp %[[SUM]] {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1x3x4x4xf32>

func.func @torch_residual_block(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %a_w_oihw = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %a_w = tosa.transpose %a_w_oihw {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  %a_b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %a_xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32>
  %a_c = tosa.conv2d %a_xt, %a_w, %a_b, %a_zp, %a_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %a_ct = tosa.transpose %a_c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %a_mean = "tosa.const"() <{values = dense<[[[[-0.86]], [[-0.54]], [[0.12]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_var = "tosa.const"() <{values = dense<[[[[2.59]], [[1.92]], [[0.98]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_gamma = "tosa.const"() <{values = dense<[[[[1.67]], [[-1.18]], [[-1.93]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %a_beta = "tosa.const"() <{values = dense<[[[[-0.46]], [[-0.11]], [[-0.88]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
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
  %b_c = tosa.conv2d %b_xt, %b_w, %b_b, %b_zp, %b_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %b_ct = tosa.transpose %b_c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %b_mean = "tosa.const"() <{values = dense<[[[[-0.65]], [[-0.26]], [[0.14]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_var = "tosa.const"() <{values = dense<[[[[0.57]], [[1.21]], [[2.69]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_gamma = "tosa.const"() <{values = dense<[[[[1.92]], [[0.63]], [[0.76]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
  %b_beta = "tosa.const"() <{values = dense<[[[[0.17]], [[-0.72]], [[-0.93]]]]> : tensor<1x3x1x1xf32>}> : () -> tensor<1x3x1x1xf32>
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

// CHECK-LABEL: func.func @tf_residual_block(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<1x4x4x3xf32>)
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F1:.*]] = fusion.conv_bn_act %[[X]],
// CHECK-SAME:      act <relu> : tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32> -> tensor<1x4x4x3xf32>
// CHECK-NOT:     tosa.conv2d
// CHECK:         %[[F2:.*]] = fusion.conv_bn_act %[[F1]],
// CHECK-SAME:      act <none> : tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    %[[SUM:.*]] = tosa.add %[[X]], %[[F2]] : (tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    %[[R:.*]] = tosa.clamp %[[SUM]] {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1x4x4x3xf32>

func.func @tf_residual_block(%x: tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> {
  %a_w_hwio = "tosa.const"() <{values = dense<0.1> : tensor<3x3x3x3xf32>}> : () -> tensor<3x3x3x3xf32>
  %a_w = tosa.transpose %a_w_hwio {perms = array<i32: 3, 0, 1, 2>} : (tensor<3x3x3x3xf32>) -> tensor<3x3x3x3xf32>
  %a_b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %a_c = tosa.conv2d %x, %a_w, %a_b, %a_zp, %a_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %a_pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %a_mean1 = "tosa.const"() <{values = dense<[-0.96, 0.82, 0.4]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_mean = tosa.reshape %a_mean1, %a_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %a_var1 = "tosa.const"() <{values = dense<[2.9, 0.26, 1.98]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_var = tosa.reshape %a_var1, %a_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %a_gamma1 = "tosa.const"() <{values = dense<[-0.07, 0.92, -0.72]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %a_gamma = tosa.reshape %a_gamma1, %a_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %a_beta1 = "tosa.const"() <{values = dense<[1.0, -0.85, 0.09]> : tensor<3xf32>}> : () -> tensor<3xf32>
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
  %b_c = tosa.conv2d %a_r, %b_w, %b_b, %b_zp, %b_zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %b_pshape = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %b_mean1 = "tosa.const"() <{values = dense<[0.47, 0.8, 0.47]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_mean = tosa.reshape %b_mean1, %b_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %b_var1 = "tosa.const"() <{values = dense<[2.17, 2.42, 2.76]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_var = tosa.reshape %b_var1, %b_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %b_gamma1 = "tosa.const"() <{values = dense<[-0.59, 0.74, 1.6]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %b_gamma = tosa.reshape %b_gamma1, %b_pshape : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  %b_beta1 = "tosa.const"() <{values = dense<[0.74, -0.17, 0.58]> : tensor<3xf32>}> : () -> tensor<3xf32>
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

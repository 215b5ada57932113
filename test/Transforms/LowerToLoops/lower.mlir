// fusion-lower-to-loops: each fused op becomes ONE all-parallel generic whose
// body holds the whole reduction (input channels x kernel window) and the
// epilogue, so no intermediate is ever written. Parity of this lowering with
// the unfused program is checked by every test under Integration/ (the CPU
// pipeline uses it for fused ops).
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops | FileCheck %s

// CHECK-LABEL: func.func @dense_nchw
// CHECK-NOT: linalg.conv
// CHECK: %[[G:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: tensor.extract %arg0
// CHECK: tensor.extract %arg1
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: scf.yield
// CHECK: arith.cmpf ugt
// CHECK: arith.select
// CHECK: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK: return %[[G]]
func.func @dense_nchw(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// Grouped (groups = 2): each output channel reads only its group's two input
// channels; the linalg reference lowering has no form for this.
// CHECK-LABEL: func.func @grouped
// CHECK-NOT: linalg.conv
// CHECK: linalg.generic
// CHECK: arith.divui %{{.*}}, %c2
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK-NOT: fusion.
func.func @grouped(%x: tensor<1x4x4x4xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x2x2xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x4x4x4xf32>, tensor<4x2x3x3xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

// f16 in and out: products accumulate in f32, one truncf at the end.
// CHECK-LABEL: func.func @f16_bn
// CHECK: linalg.generic
// CHECK: arith.extf
// CHECK: arith.mulf {{.*}} : f32
// CHECK: math.sqrt
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK: linalg.yield
func.func @f16_bn(%x: tensor<1x4x4x2xf16>, %w: tensor<3x3x2x3xf16>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<3xf32>, %bt: tensor<3xf32>) -> tensor<1x2x2x3xf16> {
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.000000e-03) layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <silu> : tensor<1x4x4x2xf16>, tensor<3x3x2x3xf16> -> tensor<1x2x2x3xf16>
  return %0 : tensor<1x2x2x3xf16>
}

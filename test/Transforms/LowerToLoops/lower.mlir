// fusion-lower-to-loops: each fused op becomes ONE scf.forall over its
// output. Each iteration holds a register block of outputs (channels x
// columns) through the whole reduction (input channels x kernel window) and
// the epilogue, and inserts each element once: no intermediate is ever
// written. Parity of this lowering with the unfused program is checked by
// every test under Integration/ (the CPU pipeline runs it for fused ops).
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops="channels-per-thread=1 columns-per-thread=1" | FileCheck %s --check-prefix=ONE

// F = 3 gives one channel per block, W = 4 four columns. Rows of the window
// in the padding are skipped (scf.if); columns are checked one by one.
// CHECK-LABEL: func.func @dense_nchw
// CHECK-NOT: linalg.
// CHECK: %[[R:.*]] = scf.forall (%{{.*}}, %[[F:.*]], %[[H:.*]], %[[WB:.*]]) in (1, 3, 4, 1) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<1x3x4x4xf32>)
// CHECK: %{{.*}}:4 = scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(
// CHECK: scf.for %{{.*}} = %c0 to %c3
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %c0 to %c3
// CHECK-COUNT-4: tensor.extract %arg0
// CHECK: tensor.extract %arg1
// CHECK-COUNT-4: arith.mulf
// CHECK: %[[T:.*]] = tensor.extract_slice %[[O]][%{{.*}}, %[[F]], %[[H]], %{{.*}}] [1, 1, 1, 4] [1, 1, 1, 1]
// CHECK: tensor.extract %arg2[%[[F]]]
// CHECK: arith.cmpf ugt
// CHECK: %[[V:.*]] = vector.from_elements {{.*}} : vector<1x4xf32>
// CHECK: %[[WT:.*]] = vector.transfer_write %[[V]], %[[T]][%c0, %c0, %c0, %c0] {in_bounds = [true, true], permutation_map = #{{.*}}} : vector<1x4xf32>, tensor<1x1x1x4xf32>
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %[[WT]] into %[[O]][%{{.*}}, %[[F]], %[[H]], %{{.*}}] [1, 1, 1, 4] [1, 1, 1, 1]
// CHECK: return %[[R]]
// ONE-LABEL: func.func @dense_nchw
// ONE: scf.forall ({{.*}}) in (1, 3, 4, 4)
// ONE: scf.for {{.*}} -> (f32)
// ONE: [1, 1, 1, 1] [1, 1, 1, 1]
func.func @dense_nchw(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// A 1x1 conv without padding: a 4 x 4 block of 16 accumulators, four input
// loads and four filter loads per input channel, and no bounds checks.
// CHECK-LABEL: func.func @pointwise
// CHECK: scf.forall ({{.*}}) in (2, 2, 6, 2)
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK-NOT: arith.cmpi
// CHECK-NOT: scf.if
// CHECK-COUNT-4: tensor.extract %arg0
// CHECK-COUNT-16: arith.addf
// CHECK-NOT: tensor.extract
// CHECK: scf.yield
// CHECK: [1, 4, 1, 4] [1, 1, 1, 1]
// CHECK: vector.from_elements {{.*}} : vector<4x4xf32>
// CHECK: vector.transfer_write {{.*}} : vector<4x4xf32>, tensor<1x4x1x4xf32>
func.func @pointwise(%x: tensor<2x16x6x8xf32>, %w: tensor<8x16x1x1xf32>) -> tensor<2x8x6x8xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<2x16x6x8xf32>, tensor<8x16x1x1xf32> -> tensor<2x8x6x8xf32>
  return %0 : tensor<2x8x6x8xf32>
}

// -----

// Grouped (groups = 2, two output channels per group): the block takes the
// group's two channels, which read the same two input channels.
// CHECK-LABEL: func.func @grouped
// CHECK-NOT: linalg.
// CHECK: scf.forall ({{.*}}) in (1, 2, 2, 1)
// CHECK: arith.divui %{{.*}}, %c2
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK: [1, 2, 1, 2] [1, 1, 1, 1]
// CHECK-NOT: fusion.
func.func @grouped(%x: tensor<1x4x4x4xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x2x2xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> : tensor<1x4x4x4xf32>, tensor<4x2x3x3xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

// NHWC depthwise: the block takes four neighbouring channels (contiguous in
// memory), each reading its own input channel; channels are the forall's
// last dimension and the input channel loop is innermost.
// CHECK-LABEL: func.func @depthwise_nhwc
// CHECK: scf.forall ({{.*}}) in (1, 4, 1, 2)
// CHECK: scf.for %{{.*}} = %c0 to %c3
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %c0 to %c3
// CHECK: scf.for %{{.*}} = %c0 to %c1
// CHECK-COUNT-16: tensor.extract %arg0
// CHECK: [1, 1, 4, 4] [1, 1, 1, 1]
func.func @depthwise_nhwc(%x: tensor<1x8x8x8xf32>, %w: tensor<3x3x8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwc) strides([2, 2]) dilations([1, 1]) padding([1, 0, 1, 0]) groups(8) act <relu6> : tensor<1x8x8x8xf32>, tensor<3x3x8xf32> -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

// -----

// A dynamic width gets one column per block; the bounds come from the
// output's extents.
// CHECK-LABEL: func.func @dynamic_width
// CHECK: %[[OUT:.*]] = tensor.empty(%{{.*}}) : tensor<1x4x4x?xf32>
// CHECK: %[[WD:.*]] = tensor.dim %[[OUT]], %c3
// CHECK: scf.forall ({{.*}}) in (1, 1, 4, %[[WD]])
// CHECK: [1, 4, 1, 1] [1, 1, 1, 1]
func.func @dynamic_width(%x: tensor<1x2x4x?xf32>, %w: tensor<4x2x1x1xf32>) -> tensor<1x4x4x?xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x2x4x?xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x4x?xf32>
  return %0 : tensor<1x4x4x?xf32>
}

// -----

// f16 in and out: products accumulate in f32, one truncf per element.
// CHECK-LABEL: func.func @f16_bn
// CHECK: scf.forall
// CHECK: arith.extf
// CHECK: arith.mulf {{.*}} : f32
// CHECK: math.sqrt
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK: vector.from_elements {{.*}} : vector<2x1xf16>
// CHECK: vector.transfer_write {{.*}} : vector<2x1xf16>, tensor<1x1x2x1xf16>
func.func @f16_bn(%x: tensor<1x4x4x2xf16>, %w: tensor<3x3x2x3xf16>, %m: tensor<3xf32>, %v: tensor<3xf32>, %g: tensor<3xf32>, %bt: tensor<3xf32>) -> tensor<1x2x2x3xf16> {
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<3xf32>) variance(%v : tensor<3xf32>) gamma(%g : tensor<3xf32>) beta(%bt : tensor<3xf32>) epsilon(1.000000e-03) layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <silu> : tensor<1x4x4x2xf16>, tensor<3x3x2x3xf16> -> tensor<1x2x2x3xf16>
  return %0 : tensor<1x2x2x3xf16>
}

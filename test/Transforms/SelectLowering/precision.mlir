// fusion-select-lowering under a precision policy: tf32 and tf32x3 give
// strategy mma_sync to every conv it takes (dense, one group, output
// channels a multiple of 8; f32 convs under the policy, f16 and bf16 ones
// in their own type, precision native) and say why each other conv keeps
// register_block in exact fp32; native takes f16 and bf16 convs only; an
// unknown policy is refused.
//
// RUN: fusion-opt %s --split-input-file --fusion-select-lowering="precision=tf32 explain" --verify-diagnostics=only-expected | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-select-lowering="precision=tf32x3" | FileCheck %s --check-prefix=X3
// RUN: fusion-opt %s --split-input-file --fusion-select-lowering | FileCheck %s --check-prefix=FP32
// RUN: not fusion-opt %s --fusion-select-lowering=precision=fp16 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: fusion-opt %s --split-input-file --fusion-select-lowering="precision=native explain" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NATIVE

// UNKNOWN: for the --precision option: Cannot find option named 'fp16'!

// Under native the f32 convs keep exact fp32, the half-width ones do not:
// NATIVE: strategy = register_block{{.*}}(precision native not taken, exact fp32 instead: it runs f16 and bf16 convs on tensor cores, this one is f32; channels:
// NATIVE: precision = native> (precision native: an implicit GEMM on tensor cores
// NATIVE: precision = native> (precision native: an implicit GEMM on tensor cores
// NATIVE: (precision native not taken, exact fp32 instead: lowering_config's mma_sync needs output channels a multiple of 8, got 12; channels:

// CHECK-LABEL: func.func @dense
//       CHECK:   lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32>
// X3-LABEL: func.func @dense
//       X3:   lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32x3>
// FP32-LABEL: func.func @dense
//       FP32:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout>}
func.func @dense(%x: tensor<1x64x56x56xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<1x64x56x56xf32> {
  // expected-remark @+1 {{lowering: #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32> (precision tf32: an implicit GEMM on tensor cores, one warp per 16 output columns by 8 output channels)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

// -----

// Depthwise convs are memory-bound: they stay on CUDA cores.
// CHECK-LABEL: func.func @depthwise
//       CHECK:   lowering_config = #fusion.lowering_config<strategy = register_block
//   CHECK-NOT:   precision
func.func @depthwise(%x: tensor<1x14x14x96xf32>, %w: tensor<3x3x96xf32>) -> tensor<1x14x14x96xf32> {
  // expected-remark @+1 {{(precision tf32 not taken, exact fp32 instead: lowering_config's mma_sync takes dense convs with one group; grouped and depthwise convs stay on register_block; channels:}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(96) act <relu6> : tensor<1x14x14x96xf32>, tensor<3x3x96xf32> -> tensor<1x14x14x96xf32>
  return %0 : tensor<1x14x14x96xf32>
}

// -----

// f16 and bf16 convs run on tensor cores in their own type under any
// tensor-core policy.
// CHECK-LABEL: func.func @half
//       CHECK:   lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = native>
// X3-LABEL: func.func @half
//       X3:   precision = native
// FP32-LABEL: func.func @half
//       FP32:   strategy = register_block
func.func @half(%x: tensor<1x8x8x16xf16>, %w: tensor<1x1x16x16xf16>) -> tensor<1x8x8x16xf16> {
  // expected-remark @+1 {{(precision native (policy tf32 on a conv of its own type): an implicit GEMM on tensor cores, one warp per 16 output columns by 8 output channels)}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x8x8x16xf16>, tensor<1x1x16x16xf16> -> tensor<1x8x8x16xf16>
  return %0 : tensor<1x8x8x16xf16>
}

// -----

// CHECK-LABEL: func.func @bfloat
//       CHECK:   precision = native
func.func @bfloat(%x: tensor<1x16x8x8xbf16>, %w: tensor<8x16x3x3xbf16>) -> tensor<1x8x8x8xbf16> {
  // expected-remark @+1 {{(precision native (policy tf32 on a conv of its own type): an implicit GEMM}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <none> : tensor<1x16x8x8xbf16>, tensor<8x16x3x3xbf16> -> tensor<1x8x8x8xbf16>
  return %0 : tensor<1x8x8x8xbf16>
}

// -----

// A half-width conv the strategy cannot take says so under its own name.
// CHECK-LABEL: func.func @half_twelve
//       CHECK:   strategy = register_block
func.func @half_twelve(%x: tensor<1x8x8x16xf16>, %w: tensor<1x1x16x12xf16>) -> tensor<1x8x8x12xf16> {
  // expected-remark @+1 {{(precision native (policy tf32 on a conv of its own type) not taken, exact fp32 instead: lowering_config's mma_sync needs output channels a multiple of 8, got 12; channels:}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x8x8x16xf16>, tensor<1x1x16x12xf16> -> tensor<1x8x8x12xf16>
  return %0 : tensor<1x8x8x12xf16>
}

// -----

// CHECK-LABEL: func.func @twelve_channels
//       CHECK:   strategy = register_block
func.func @twelve_channels(%x: tensor<1x4x9x9xf32>, %w: tensor<12x4x1x1xf32>) -> tensor<1x12x9x9xf32> {
  // expected-remark @+1 {{(precision tf32 not taken, exact fp32 instead: lowering_config's mma_sync needs output channels a multiple of 8, got 12; channels:}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x4x9x9xf32>, tensor<12x4x1x1xf32> -> tensor<1x12x9x9xf32>
  return %0 : tensor<1x12x9x9xf32>
}

// -----

// A configuration in the IR is kept, whatever the policy.
// CHECK-LABEL: func.func @kept
//       CHECK:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 3, loop_order = layout>}
func.func @kept(%x: tensor<1x4x9x9xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x9x9xf32> {
  // expected-remark @+1 {{(set in the IR)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 3, loop_order = layout>} : tensor<1x4x9x9xf32>, tensor<8x4x1x1xf32> -> tensor<1x8x9x9xf32>
  return %0 : tensor<1x8x9x9xf32>
}

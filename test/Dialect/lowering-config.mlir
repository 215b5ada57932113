// #fusion.lowering_config on the fused convs: it round-trips, survives the
// BatchNorm fold, and every verifier diagnostic (lib/IR/FusionAttrs.cpp,
// lib/IR/FusionOps.cpp) has a case, the mma_sync strategy and precision
// policy included.
//
// RUN: fusion-opt %s --split-input-file --verify-diagnostics | fusion-opt --split-input-file | FileCheck %s
// RUN: fusion-opt %s --split-input-file --verify-diagnostics --fusion-fold-bn | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @round_trip
//       CHECK:   fusion.conv_bias_act
//  CHECK-SAME:     {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 3, columns_per_thread = 5, loop_order = channels_inner>}
func.func @round_trip(%x: tensor<1x2x10x10xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x10x10xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 3, columns_per_thread = 5, loop_order = channels_inner>} : tensor<1x2x10x10xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

// -----

// The fold replaces conv_bn_act by conv_bias_act and keeps the choice.
// FOLD-LABEL: func.func @kept_by_fold
//       FOLD:   fusion.conv_bias_act
//  FOLD-SAME:     lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = layout>
func.func @kept_by_fold(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<0.5> : tensor<2x2x1x1xf32>
  %m = arith.constant dense<0.1> : tensor<2xf32>
  %v = arith.constant dense<2.0> : tensor<2xf32>
  %g = arith.constant dense<1.5> : tensor<2xf32>
  %b = arith.constant dense<-0.2> : tensor<2xf32>
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<2xf32>) variance(%v : tensor<2xf32>) gamma(%g : tensor<2xf32>) beta(%b : tensor<2xf32>) epsilon(1.0e-05) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = layout>} : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

func.func @zero_channels(%x: tensor<1x2x4x4xf32>, %w: tensor<4x2x1x1xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{lowering_config expects channels_per_thread and columns_per_thread >= 1, got 0 and 4}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 0, columns_per_thread = 4, loop_order = layout>} : tensor<1x2x4x4xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @too_many_accumulators(%x: tensor<1x2x4x64xf32>, %w: tensor<16x2x1x1xf32>) -> tensor<1x16x4x64xf32> {
  // expected-error @+1 {{lowering_config expects at most 256 accumulators per thread, got 16 channels x 32 columns}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 16, columns_per_thread = 32, loop_order = layout>} : tensor<1x2x4x64xf32>, tensor<16x2x1x1xf32> -> tensor<1x16x4x64xf32>
  return %0 : tensor<1x16x4x64xf32>
}

// -----

func.func @unknown_strategy(%x: tensor<1x2x4x4xf32>, %w: tensor<4x2x1x1xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+2 {{expected ::mlir::fusion::LoweringStrategy to be one of: register_block, mma_sync}}
  // expected-error @+1 {{failed to parse Fusion_LoweringConfigAttr parameter 'strategy'}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = warp_mma, channels_per_thread = 1, columns_per_thread = 4, loop_order = layout>} : tensor<1x2x4x4xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @channels_not_dividing(%x: tensor<1x2x4x4xf32>, %w: tensor<6x2x1x1xf32>) -> tensor<1x6x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op lowering_config's channels_per_thread (4) does not divide the 6 output channels}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout>} : tensor<1x2x4x4xf32>, tensor<6x2x1x1xf32> -> tensor<1x6x4x4xf32>
  return %0 : tensor<1x6x4x4xf32>
}

// -----

func.func @columns_not_dividing(%x: tensor<1x2x4x6xf32>, %w: tensor<4x2x1x1xf32>) -> tensor<1x4x4x6xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op lowering_config's columns_per_thread (4) does not divide the output width 6}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout>} : tensor<1x2x4x6xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x4x6xf32>
  return %0 : tensor<1x4x4x6xf32>
}

// -----

func.func @dynamic_width(%x: tensor<1x4x4x?xf32>, %w: tensor<4x4x1x1xf32>) -> tensor<1x4x4x?xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op lowering_config's columns_per_thread (2) must be 1 for a dynamic output width}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 2, loop_order = layout>} : tensor<1x4x4x?xf32>, tensor<4x4x1x1xf32> -> tensor<1x4x4x?xf32>
  return %0 : tensor<1x4x4x?xf32>
}

// -----

// CHECK-LABEL: func.func @mma_round_trip
//       CHECK:   lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32x3>
func.func @mma_round_trip(%x: tensor<1x4x4x20xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x4x20xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32x3>} : tensor<1x4x4x20xf32>, tensor<8x4x1x1xf32> -> tensor<1x8x4x20xf32>
  return %0 : tensor<1x8x4x20xf32>
}

// -----

// fp32 is the default and is not printed.
// CHECK-LABEL: func.func @fp32_default
//       CHECK:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout>}
func.func @fp32_default(%x: tensor<1x2x4x4xf32>, %w: tensor<4x2x1x1xf32>) -> tensor<1x4x4x4xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout, precision = fp32>} : tensor<1x2x4x4xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @tf32_on_register_block(%x: tensor<1x2x4x4xf32>, %w: tensor<4x2x1x1xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{lowering_config: register_block computes exact f32 products; precision tf32 needs strategy = mma_sync}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout, precision = tf32>} : tensor<1x2x4x4xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

func.func @mma_in_fp32(%x: tensor<1x4x4x20xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x4x20xf32> {
  // expected-error @+1 {{lowering_config: mma_sync runs on tensor cores, which have no f32 products; precision must be tf32, tf32x3 or native}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout>} : tensor<1x4x4x20xf32>, tensor<8x4x1x1xf32> -> tensor<1x8x4x20xf32>
  return %0 : tensor<1x8x4x20xf32>
}

// -----

func.func @mma_tile_shape(%x: tensor<1x4x4x20xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x4x20xf32> {
  // expected-error @+1 {{lowering_config: an mma_sync warp tile is 16 output columns by 8 output channels (columns_per_thread = 16, channels_per_thread = 8), got 4 by 8}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 4, loop_order = layout, precision = tf32>} : tensor<1x4x4x20xf32>, tensor<8x4x1x1xf32> -> tensor<1x8x4x20xf32>
  return %0 : tensor<1x8x4x20xf32>
}

// -----

func.func @mma_host_order(%x: tensor<1x4x4x20xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x4x20xf32> {
  // expected-error @+1 {{lowering_config: mma_sync takes loop_order = layout, got channels_outer}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = channels_outer, precision = tf32>} : tensor<1x4x4x20xf32>, tensor<8x4x1x1xf32> -> tensor<1x8x4x20xf32>
  return %0 : tensor<1x8x4x20xf32>
}

// -----

func.func @unknown_precision(%x: tensor<1x4x4x20xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x4x20xf32> {
  // expected-error @+2 {{expected one of [fp32, tf32, tf32x3, native] for arithmetic of a fused conv's products, got: bf16x9}}
  // expected-error @+1 {{failed to parse Fusion_LoweringConfigAttr parameter 'precision'}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = bf16x9>} : tensor<1x4x4x20xf32>, tensor<8x4x1x1xf32> -> tensor<1x8x4x20xf32>
  return %0 : tensor<1x8x4x20xf32>
}

// -----

func.func @mma_f16(%x: tensor<1x4x4x20xf16>, %w: tensor<8x4x1x1xf16>) -> tensor<1x8x4x20xf16> {
  // expected-error @+1 {{'fusion.conv_bias_act' op lowering_config's mma_sync with precision tf32 takes f32 convs, got f16 (f16 and bf16 convs take precision native)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32>} : tensor<1x4x4x20xf16>, tensor<8x4x1x1xf16> -> tensor<1x8x4x20xf16>
  return %0 : tensor<1x8x4x20xf16>
}

// -----

// f16 and bf16 convs run on tensor cores in their own type.
// CHECK-LABEL: func.func @mma_native
//       CHECK:   lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = native>
//       CHECK:   lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = native>
func.func @mma_native(%x: tensor<1x4x4x20xf16>, %w: tensor<8x4x1x1xf16>, %xb: tensor<1x4x4x20xbf16>, %wb: tensor<8x4x1x1xbf16>) -> (tensor<1x8x4x20xf16>, tensor<1x8x4x20xbf16>) {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = native>} : tensor<1x4x4x20xf16>, tensor<8x4x1x1xf16> -> tensor<1x8x4x20xf16>
  %1 = fusion.conv_bias_act %xb, %wb layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = native>} : tensor<1x4x4x20xbf16>, tensor<8x4x1x1xbf16> -> tensor<1x8x4x20xbf16>
  return %0, %1 : tensor<1x8x4x20xf16>, tensor<1x8x4x20xbf16>
}

// -----

func.func @native_f32(%x: tensor<1x4x4x20xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x4x20xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op lowering_config's mma_sync with precision native takes f16 and bf16 convs, got f32}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = native>} : tensor<1x4x4x20xf32>, tensor<8x4x1x1xf32> -> tensor<1x8x4x20xf32>
  return %0 : tensor<1x8x4x20xf32>
}

// -----

func.func @native_on_register_block(%x: tensor<1x2x4x4xf16>, %w: tensor<4x2x1x1xf16>) -> tensor<1x4x4x4xf16> {
  // expected-error @+1 {{lowering_config: register_block computes exact f32 products; precision native needs strategy = mma_sync}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout, precision = native>} : tensor<1x2x4x4xf16>, tensor<4x2x1x1xf16> -> tensor<1x4x4x4xf16>
  return %0 : tensor<1x4x4x4xf16>
}

// -----

func.func @mma_grouped(%x: tensor<1x4x4x20xf32>, %w: tensor<8x2x1x1xf32>) -> tensor<1x8x4x20xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op lowering_config's mma_sync takes dense convs with one group; grouped and depthwise convs stay on register_block}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(2) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32>} : tensor<1x4x4x20xf32>, tensor<8x2x1x1xf32> -> tensor<1x8x4x20xf32>
  return %0 : tensor<1x8x4x20xf32>
}

// -----

func.func @mma_channels(%x: tensor<1x4x4x20xf32>, %w: tensor<12x4x1x1xf32>) -> tensor<1x12x4x20xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op lowering_config's mma_sync needs output channels a multiple of 8, got 12}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32>} : tensor<1x4x4x20xf32>, tensor<12x4x1x1xf32> -> tensor<1x12x4x20xf32>
  return %0 : tensor<1x12x4x20xf32>
}

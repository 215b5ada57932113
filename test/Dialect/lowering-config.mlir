// #fusion.lowering_config on the fused convs: it round-trips, survives the
// BatchNorm fold, and every verifier diagnostic (lib/IR/FusionAttrs.cpp,
// lib/IR/FusionOps.cpp) has a case.
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
  // expected-error @+2 {{expected ::mlir::fusion::LoweringStrategy to be one of: register_block}}
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

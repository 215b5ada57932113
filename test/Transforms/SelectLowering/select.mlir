// fusion-select-lowering: each fused conv gets its #fusion.lowering_config
// once, from its shape and the target; one the IR already holds is kept
// (or refused when the target cannot take it). GPU defaults (4 x 4, the
// layout's order) and the host's (8 x 32, loop order for the caches).
//
// RUN: fusion-opt %s --split-input-file --fusion-select-lowering | FileCheck %s --check-prefix=GPU
// RUN: fusion-opt %s --split-input-file --fusion-select-lowering="target=cpu channels-per-thread=8 columns-per-thread=32 reuse-order" | FileCheck %s --check-prefix=CPU
// RUN: fusion-opt %s --split-input-file --fusion-select-lowering="target=cpu channels-per-thread=8 columns-per-thread=32 reuse-order explain" --verify-diagnostics=only-expected -o /dev/null

// 24 channels, a 56-wide map: 4 x 4 on the GPU; 8 channels and 28 columns
// on the host, where the 1.8 MB input would be streamed again for each of 3
// channel blocks while the 14 KB filter fits: channels innermost.
// GPU-LABEL: func.func @large_map
//       GPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout>
// CPU-LABEL: func.func @large_map
//       CPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 8, columns_per_thread = 28, loop_order = channels_inner>
func.func @large_map(%x: tensor<1x144x56x56xf32>, %w: tensor<24x144x1x1xf32>) -> tensor<1x24x56x56xf32> {
  // expected-remark @+1 {{lowering: #fusion.lowering_config<strategy = register_block, channels_per_thread = 8, columns_per_thread = 28, loop_order = channels_inner> (channels: the largest power of two up to 8 dividing the group's 24 output channels; columns: the largest divisor up to 32 of the output width 56; loop order: channel blocks innermost: the input would be streamed again for each of 3 channel blocks (input 1.81 MB per image, filter 0.01 MB, cache 1.05 MB))}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x144x56x56xf32>, tensor<24x144x1x1xf32> -> tensor<1x24x56x56xf32>
  return %0 : tensor<1x24x56x56xf32>
}

// -----

// ResNet-50's first 1x1 (64 channels, 56 wide): the 0.8 MB input fits, so
// neither order streams twice and the layout's stays.
// CPU-LABEL: func.func @fits
//       CPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 8, columns_per_thread = 28, loop_order = layout>
func.func @fits(%x: tensor<1x64x56x56xf32>, %w: tensor<64x64x1x1xf32>) -> tensor<1x64x56x56xf32> {
  // expected-remark @+1 {{loop order: neither order streams from memory twice: the layout's (input 0.80 MB per image, filter 0.02 MB, cache 1.05 MB)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x64x56x56xf32>, tensor<64x64x1x1xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

// -----

// Depthwise in NHWC: one channel per group, widened across groups (its
// neighbours in memory) to the block.
// GPU-LABEL: func.func @depthwise_nhwc
//       GPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 2, loop_order = layout>
// CPU-LABEL: func.func @depthwise_nhwc
//       CPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 8, columns_per_thread = 14, loop_order = layout>
func.func @depthwise_nhwc(%x: tensor<1x14x14x96xf32>, %w: tensor<3x3x96xf32>) -> tensor<1x14x14x96xf32> {
  // expected-remark @+1 {{lowering: #fusion.lowering_config<strategy = register_block, channels_per_thread = 8, columns_per_thread = 14, loop_order = layout> (channels: the largest power of two up to 8 dividing the group's 1 output channels, widened across groups to 8 of the 96 (contiguous in NHWC); columns: the largest divisor up to 32 of the output width 14; loop order: channel blocks read disjoint inputs: the layout's order)}}
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(96) act <relu6> : tensor<1x14x14x96xf32>, tensor<3x3x96xf32> -> tensor<1x14x14x96xf32>
  return %0 : tensor<1x14x14x96xf32>
}

// -----

// A dynamic width takes one column; 6 channels a block of 2.
// GPU-LABEL: func.func @dynamic_width
//       GPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = layout>
// CPU-LABEL: func.func @dynamic_width
//       CPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = layout>
func.func @dynamic_width(%x: tensor<1x3x8x?xf32>, %w: tensor<6x3x3x3xf32>) -> tensor<1x6x8x?xf32> {
  // expected-remark @+1 {{lowering: #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = layout> (channels: the largest power of two up to 8 dividing the group's 6 output channels; columns: 1 for a dynamic width; loop order: dynamic shapes keep the layout's order)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <none> : tensor<1x3x8x?xf32>, tensor<6x3x3x3xf32> -> tensor<1x6x8x?xf32>
  return %0 : tensor<1x6x8x?xf32>
}

// -----

// A configuration in the IR is the user's: kept as written on both targets.
// GPU-LABEL: func.func @set_in_the_ir
//       GPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 3, columns_per_thread = 5, loop_order = layout>
// CPU-LABEL: func.func @set_in_the_ir
//       CPU:   lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 3, columns_per_thread = 5, loop_order = layout>
func.func @set_in_the_ir(%x: tensor<1x2x10x10xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x10x10xf32> {
  // expected-remark @+1 {{lowering: #fusion.lowering_config<strategy = register_block, channels_per_thread = 3, columns_per_thread = 5, loop_order = layout> (set in the IR)}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 3, columns_per_thread = 5, loop_order = layout>} : tensor<1x2x10x10xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

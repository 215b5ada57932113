// fusion-select-lowering refuses what the target cannot take, and bad
// options.
//
// RUN: fusion-opt %s --split-input-file --fusion-select-lowering --verify-diagnostics
// RUN: not fusion-opt %s --split-input-file --fusion-select-lowering=target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not fusion-opt %s --split-input-file --fusion-select-lowering=channels-per-thread=0 2>&1 | FileCheck %s --check-prefix=ZERO

// TARGET: fusion-select-lowering: unknown target 'tpu'; expected gpu or cpu
// ZERO: fusion-select-lowering: channels-per-thread and columns-per-thread must be at least 1

// The GPU mapping puts thread x on the layout's last dimension; a host loop
// order would be mapped wrongly, so it is refused, not ignored.
func.func @host_order_on_gpu(%x: tensor<1x2x4x4xf32>, %w: tensor<4x2x1x1xf32>) -> tensor<1x4x4x4xf32> {
  // expected-error @+1 {{'fusion.conv_bias_act' op lowering_config's loop_order channels_inner is for the host; the GPU mapping takes loop_order = layout}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = channels_inner>} : tensor<1x2x4x4xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

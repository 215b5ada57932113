// fusion-to-ptx follows a #fusion.lowering_config written in the IR: the
// same conv launches one thread per 4 x 4 outputs by default (128 threads)
// and one per 2 x 1 with the configuration (1024 threads); explain-lowering
// says where each came from, and a host loop order is refused.
//
// RUN: not fusion-opt %s --split-input-file --fusion-to-ptx="explain-launches explain-lowering" -o /dev/null 2>&1 | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-to-ptx -verify-diagnostics=only-expected -o /dev/null

// CHECK: remark: lowering: #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout> (channels:
// CHECK: remark: launch chosen_kernel::chosen_kernel grid (1, 1, 1) block (4, 16, 2)
// CHECK: remark: lowering: #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = layout> (set in the IR)
// CHECK: remark: launch set_in_the_ir_kernel::set_in_the_ir_kernel grid (1, 2, 4) block (16, 8, 1)
// CHECK: error: 'fusion.conv_bias_act' op lowering_config's loop_order channels_outer is for the host
func.func @chosen(%x: tensor<1x8x16x16xf32>, %w: tensor<8x8x1x1xf32>) -> tensor<1x8x16x16xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x8x16x16xf32>, tensor<8x8x1x1xf32> -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

// -----

func.func @set_in_the_ir(%x: tensor<1x8x16x16xf32>, %w: tensor<8x8x1x1xf32>) -> tensor<1x8x16x16xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = layout>} : tensor<1x8x16x16xf32>, tensor<8x8x1x1xf32> -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

// -----

func.func @host_order(%x: tensor<1x8x16x16xf32>, %w: tensor<8x8x1x1xf32>) -> tensor<1x8x16x16xf32> {
  // expected-error @+1 {{lowering_config's loop_order channels_outer is for the host; the GPU mapping takes loop_order = layout}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = channels_outer>} : tensor<1x8x16x16xf32>, tensor<8x8x1x1xf32> -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

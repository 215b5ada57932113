// fusion-compile --pipeline-options: any option of the target's pipeline,
// parsed by the pipeline's own parser and applied after the tool's flags;
// a bad one is bad usage (exit 2).
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %s --entry=net --target=cpu --pipeline-options="explain-lowering channels-per-thread=2" -o %t/cpu.so 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: fusion-compile %s --entry=net --target=gpu --pipeline-options="explain-lowering" -o %t/gpu.so 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not fusion-compile %s --entry=net --target=cpu --pipeline-options="bogus=1" -o %t/x.so 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: fusion-compile %s --entry=net --target=gpu --pipeline-options="chip=sm_9999" -o %t/x.so 2>&1; test $? -eq 2
// RUN: not fusion-compile %s --entry=net --target=gpu --pipeline-options="chip=sm_9999" -o %t/x.so 2>&1 | FileCheck %s --check-prefix=CHIP

// CPU: remark: lowering: #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 16, loop_order = layout>
// GPU: remark: lowering: #fusion.lowering_config<strategy = register_block, channels_per_thread = 4, columns_per_thread = 4, loop_order = layout>
// BOGUS: no such option bogus
// BOGUS: fusion-compile: bad --pipeline-options for fusion-to-cpu
// CHIP: fusion-compile: unknown chip 'sm_9999'; the NVPTX target knows:

func.func @net(%x: tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32> {
  %w = arith.constant dense<0.5> : tensor<8x8x1x1xf32>
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x8x16x16xf32>, tensor<8x8x1x1xf32> -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

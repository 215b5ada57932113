// fusion-to-ptx's block-lanes and block-rows bound every kernel's block
// (fusion-map-loops-to-gpu's lanes and rows): the same 16 x 16 map of
// 4 channel blocks launches 16 x 8 threads by default, 8 x 2 under
// 8 x 2, and 16 x 16 x 4 under 16 x 64. A shape no GPU launches is
// refused before anything runs, by fusion-opt and fusion-compile alike
// (exit 2 there).
//
// RUN: fusion-opt %s --fusion-to-ptx="explain-launches" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: fusion-opt %s --fusion-to-ptx="explain-launches block-lanes=8 block-rows=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: fusion-opt %s --fusion-to-ptx="explain-launches block-lanes=16 block-rows=64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: not fusion-opt %s --fusion-to-ptx="block-lanes=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not fusion-opt %s --fusion-to-ptx="block-lanes=64 block-rows=32" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOO-MANY
// RUN: not fusion-opt %s --fusion-to-ptx="block-lanes=4611686018427387904 block-rows=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %s --pipeline-options="block-rows=2048" -o %t/x.so; test $? -eq 2
// RUN: not fusion-compile %s --pipeline-options="block-rows=2048" -o %t/x.so 2>&1 | FileCheck %s --check-prefix=COMPILE

// DEFAULT: remark: launch net_kernel::net_kernel grid (1, 2, 4) block (16, 8, 1)
// SMALL: remark: launch net_kernel::net_kernel grid (2, 8, 4) block (8, 2, 1)
// LARGE: remark: launch net_kernel::net_kernel grid (1, 1, 1) block (16, 16, 4)
// ZERO: error: fusion-to-ptx: block-lanes and block-rows must be at least 1, and block-lanes x block-rows at most 1024 (threads per block); got 0 x 4
// TOO-MANY: error: fusion-to-ptx: block-lanes and block-rows must be at least 1, and block-lanes x block-rows at most 1024 (threads per block); got 64 x 32
// OVERFLOW: error: fusion-to-ptx: block-lanes and block-rows must be at least 1, and block-lanes x block-rows at most 1024 (threads per block); got 4611686018427387904 x 4
// COMPILE: fusion-compile: block-lanes and block-rows must be at least 1, and block-lanes x block-rows at most 1024 (threads per block); got 32 x 2048

func.func @net(%x: tensor<1x8x16x16xf32>, %w: tensor<8x8x1x1xf32>) -> tensor<1x8x16x16xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 1, loop_order = layout>} : tensor<1x8x16x16xf32>, tensor<8x8x1x1xf32> -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

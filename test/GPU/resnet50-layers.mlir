// Every distinct conv layer of ResNet-50 (batch 1, 224x224), fused with
// its folded bias and ReLU, compiles to one kernel that assembles with ptxas
// for sm_90 and sm_80 and spills nothing to local memory with the default
// 4 x 4 register block. The 23 kernels are merged into one kernel module,
// so the dump is one file with 23 entries. Filters and biases are
// arguments: the kernels are the same as for constants, without megabytes
// of weights in the test.
// Registers per kernel are recorded in bench/RESULTS.md.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/sm90 %t/sm80
// RUN: fusion-opt %s --fusion-to-ptx="dump-ptx=%t/sm90" -o /dev/null
// RUN: fusion-opt %s --fusion-to-ptx="chip=sm_80 features=+ptx70 dump-ptx=%t/sm80" -o /dev/null
// RUN: ls %t/sm90 | count 1
// RUN: grep "\.entry" %t/sm90/fusion_kernels.ptx | count 23
// RUN: ls %t/sm90/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s
// RUN: ls %t/sm80/*.ptx | xargs -n1 %ptxas -arch=sm_80 -v -o %t/out.cubin 2>&1 | FileCheck %s

// CHECK-COUNT-23: 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: error
// CHECK-NOT: bytes spill stores

func.func @stem_7x7_s2(%x: tensor<1x3x224x224xf32>, %w: tensor<64x3x7x7xf32>, %b: tensor<64xf32>) -> tensor<1x64x112x112xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<64xf32>) layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([3, 3, 3, 3]) groups(1) act <relu> : tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32> -> tensor<1x64x112x112xf32>
  return %0 : tensor<1x64x112x112xf32>
}

func.func @l1_1x1_64_64(%x: tensor<1x64x56x56xf32>, %w: tensor<64x64x1x1xf32>, %b: tensor<64xf32>) -> tensor<1x64x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<64xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x64x56x56xf32>, tensor<64x64x1x1xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

func.func @l1_3x3_64(%x: tensor<1x64x56x56xf32>, %w: tensor<64x64x3x3xf32>, %b: tensor<64xf32>) -> tensor<1x64x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<64xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

func.func @l1_1x1_64_256(%x: tensor<1x64x56x56xf32>, %w: tensor<256x64x1x1xf32>, %b: tensor<256xf32>) -> tensor<1x256x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<256xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x64x56x56xf32>, tensor<256x64x1x1xf32> -> tensor<1x256x56x56xf32>
  return %0 : tensor<1x256x56x56xf32>
}

func.func @l1_1x1_256_64(%x: tensor<1x256x56x56xf32>, %w: tensor<64x256x1x1xf32>, %b: tensor<64xf32>) -> tensor<1x64x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<64xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x256x56x56xf32>, tensor<64x256x1x1xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

func.func @l2_1x1_256_128(%x: tensor<1x256x56x56xf32>, %w: tensor<128x256x1x1xf32>, %b: tensor<128xf32>) -> tensor<1x128x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<128xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x256x56x56xf32>, tensor<128x256x1x1xf32> -> tensor<1x128x56x56xf32>
  return %0 : tensor<1x128x56x56xf32>
}

func.func @l2_3x3_128_s2(%x: tensor<1x128x56x56xf32>, %w: tensor<128x128x3x3xf32>, %b: tensor<128xf32>) -> tensor<1x128x28x28xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<128xf32>) layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x128x56x56xf32>, tensor<128x128x3x3xf32> -> tensor<1x128x28x28xf32>
  return %0 : tensor<1x128x28x28xf32>
}

func.func @l2_1x1_128_512(%x: tensor<1x128x28x28xf32>, %w: tensor<512x128x1x1xf32>, %b: tensor<512xf32>) -> tensor<1x512x28x28xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<512xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x128x28x28xf32>, tensor<512x128x1x1xf32> -> tensor<1x512x28x28xf32>
  return %0 : tensor<1x512x28x28xf32>
}

func.func @l2_down_1x1_256_512_s2(%x: tensor<1x256x56x56xf32>, %w: tensor<512x256x1x1xf32>, %b: tensor<512xf32>) -> tensor<1x512x28x28xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<512xf32>) layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x256x56x56xf32>, tensor<512x256x1x1xf32> -> tensor<1x512x28x28xf32>
  return %0 : tensor<1x512x28x28xf32>
}

func.func @l2_1x1_512_128(%x: tensor<1x512x28x28xf32>, %w: tensor<128x512x1x1xf32>, %b: tensor<128xf32>) -> tensor<1x128x28x28xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<128xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x512x28x28xf32>, tensor<128x512x1x1xf32> -> tensor<1x128x28x28xf32>
  return %0 : tensor<1x128x28x28xf32>
}

func.func @l2_3x3_128(%x: tensor<1x128x28x28xf32>, %w: tensor<128x128x3x3xf32>, %b: tensor<128xf32>) -> tensor<1x128x28x28xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<128xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x128x28x28xf32>, tensor<128x128x3x3xf32> -> tensor<1x128x28x28xf32>
  return %0 : tensor<1x128x28x28xf32>
}

func.func @l3_1x1_512_256(%x: tensor<1x512x28x28xf32>, %w: tensor<256x512x1x1xf32>, %b: tensor<256xf32>) -> tensor<1x256x28x28xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<256xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x512x28x28xf32>, tensor<256x512x1x1xf32> -> tensor<1x256x28x28xf32>
  return %0 : tensor<1x256x28x28xf32>
}

func.func @l3_3x3_256_s2(%x: tensor<1x256x28x28xf32>, %w: tensor<256x256x3x3xf32>, %b: tensor<256xf32>) -> tensor<1x256x14x14xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<256xf32>) layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x256x28x28xf32>, tensor<256x256x3x3xf32> -> tensor<1x256x14x14xf32>
  return %0 : tensor<1x256x14x14xf32>
}

func.func @l3_1x1_256_1024(%x: tensor<1x256x14x14xf32>, %w: tensor<1024x256x1x1xf32>, %b: tensor<1024xf32>) -> tensor<1x1024x14x14xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<1024xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x256x14x14xf32>, tensor<1024x256x1x1xf32> -> tensor<1x1024x14x14xf32>
  return %0 : tensor<1x1024x14x14xf32>
}

func.func @l3_down_1x1_512_1024_s2(%x: tensor<1x512x28x28xf32>, %w: tensor<1024x512x1x1xf32>, %b: tensor<1024xf32>) -> tensor<1x1024x14x14xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<1024xf32>) layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x512x28x28xf32>, tensor<1024x512x1x1xf32> -> tensor<1x1024x14x14xf32>
  return %0 : tensor<1x1024x14x14xf32>
}

func.func @l3_1x1_1024_256(%x: tensor<1x1024x14x14xf32>, %w: tensor<256x1024x1x1xf32>, %b: tensor<256xf32>) -> tensor<1x256x14x14xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<256xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1024x14x14xf32>, tensor<256x1024x1x1xf32> -> tensor<1x256x14x14xf32>
  return %0 : tensor<1x256x14x14xf32>
}

func.func @l3_3x3_256(%x: tensor<1x256x14x14xf32>, %w: tensor<256x256x3x3xf32>, %b: tensor<256xf32>) -> tensor<1x256x14x14xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<256xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x256x14x14xf32>, tensor<256x256x3x3xf32> -> tensor<1x256x14x14xf32>
  return %0 : tensor<1x256x14x14xf32>
}

func.func @l4_1x1_1024_512(%x: tensor<1x1024x14x14xf32>, %w: tensor<512x1024x1x1xf32>, %b: tensor<512xf32>) -> tensor<1x512x14x14xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<512xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1024x14x14xf32>, tensor<512x1024x1x1xf32> -> tensor<1x512x14x14xf32>
  return %0 : tensor<1x512x14x14xf32>
}

func.func @l4_3x3_512_s2(%x: tensor<1x512x14x14xf32>, %w: tensor<512x512x3x3xf32>, %b: tensor<512xf32>) -> tensor<1x512x7x7xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<512xf32>) layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x512x14x14xf32>, tensor<512x512x3x3xf32> -> tensor<1x512x7x7xf32>
  return %0 : tensor<1x512x7x7xf32>
}

func.func @l4_1x1_512_2048(%x: tensor<1x512x7x7xf32>, %w: tensor<2048x512x1x1xf32>, %b: tensor<2048xf32>) -> tensor<1x2048x7x7xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<2048xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x512x7x7xf32>, tensor<2048x512x1x1xf32> -> tensor<1x2048x7x7xf32>
  return %0 : tensor<1x2048x7x7xf32>
}

func.func @l4_down_1x1_1024_2048_s2(%x: tensor<1x1024x14x14xf32>, %w: tensor<2048x1024x1x1xf32>, %b: tensor<2048xf32>) -> tensor<1x2048x7x7xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<2048xf32>) layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1024x14x14xf32>, tensor<2048x1024x1x1xf32> -> tensor<1x2048x7x7xf32>
  return %0 : tensor<1x2048x7x7xf32>
}

func.func @l4_1x1_2048_512(%x: tensor<1x2048x7x7xf32>, %w: tensor<512x2048x1x1xf32>, %b: tensor<512xf32>) -> tensor<1x512x7x7xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<512xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x2048x7x7xf32>, tensor<512x2048x1x1xf32> -> tensor<1x512x7x7xf32>
  return %0 : tensor<1x512x7x7xf32>
}

func.func @l4_3x3_512(%x: tensor<1x512x7x7xf32>, %w: tensor<512x512x3x3xf32>, %b: tensor<512xf32>) -> tensor<1x512x7x7xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<512xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x512x7x7xf32>, tensor<512x512x3x3xf32> -> tensor<1x512x7x7xf32>
  return %0 : tensor<1x512x7x7xf32>
}

// fusion-lower-to-loops{reuse-order}: the forall's dimensions are ordered so
// that the input or the filter, whichever would be streamed from memory
// again more, is read once. A re-read of at most 1 MiB counts as a cache
// hit. The bounds show the order: (batch, channel blocks, rows, column
// blocks) keeps channels outermost, (batch, rows, column blocks, channel
// blocks) puts them innermost. Without the option the layout's order stays.
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops="channels-per-thread=8 columns-per-thread=32 reuse-order" | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops="channels-per-thread=8 columns-per-thread=32" | FileCheck %s --check-prefix=LAYOUT

// A 1x1 conv over a large map with a small filter: the 1.8 MB input does not
// fit, the 14 KB filter does, so channels go innermost and the input is
// streamed once.
// CHECK-LABEL: func.func @small_filter_large_map
//       CHECK:   scf.forall ({{.*}}) in (1, 56, 2, 3)
// LAYOUT-LABEL: func.func @small_filter_large_map
//       LAYOUT:   scf.forall ({{.*}}) in (1, 3, 56, 2)
func.func @small_filter_large_map(%x: tensor<1x144x56x56xf32>, %w: tensor<24x144x1x1xf32>) -> tensor<1x24x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x144x56x56xf32>, tensor<24x144x1x1xf32> -> tensor<1x24x56x56xf32>
  return %0 : tensor<1x24x56x56xf32>
}

// -----

// A 3x3 conv over a 7x7 map with a large filter: the 9.4 MB filter does not
// fit, the 100 KB input does, so channels stay outermost.
// CHECK-LABEL: func.func @large_filter_small_map
//       CHECK:   scf.forall ({{.*}}) in (1, 64, 7, 1)
func.func @large_filter_small_map(%x: tensor<1x512x7x7xf32>, %w: tensor<512x512x3x3xf32>) -> tensor<1x512x7x7xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x512x7x7xf32>, tensor<512x512x3x3xf32> -> tensor<1x512x7x7xf32>
  return %0 : tensor<1x512x7x7xf32>
}

// -----

// ResNet-50 layer 3's 1x1 from 1024 channels: the 800 KB input fits, the
// 1 MiB filter does not; re-reading the input from L2 is the cheap order.
// CHECK-LABEL: func.func @input_fits
//       CHECK:   scf.forall ({{.*}}) in (1, 32, 14, 1)
func.func @input_fits(%x: tensor<1x1024x14x14xf32>, %w: tensor<256x1024x1x1xf32>) -> tensor<1x256x14x14xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x1024x14x14xf32>, tensor<256x1024x1x1xf32> -> tensor<1x256x14x14xf32>
  return %0 : tensor<1x256x14x14xf32>
}

// -----

// Both fit (ResNet-50's 56x56 1x1 from 64 channels): nothing is streamed
// twice either way, and the layout's order stays.
// CHECK-LABEL: func.func @both_fit
//       CHECK:   scf.forall ({{.*}}) in (1, 32, 56, 2)
func.func @both_fit(%x: tensor<1x64x56x56xf32>, %w: tensor<256x64x1x1xf32>) -> tensor<1x256x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x64x56x56xf32>, tensor<256x64x1x1xf32> -> tensor<1x256x56x56xf32>
  return %0 : tensor<1x256x56x56xf32>
}

// -----

// Depthwise: each channel block reads only its own channels, nothing is read
// twice, and the layout's order stays.
// CHECK-LABEL: func.func @depthwise
//       CHECK:   scf.forall ({{.*}}) in (1, 144, 56, 2)
func.func @depthwise(%x: tensor<1x144x56x56xf32>, %w: tensor<144x3x3xf32>) -> tensor<1x144x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_chw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(144) act <relu6> : tensor<1x144x56x56xf32>, tensor<144x3x3xf32> -> tensor<1x144x56x56xf32>
  return %0 : tensor<1x144x56x56xf32>
}

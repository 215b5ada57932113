// fusion-lower-to-loops{reuse-order}: the forall's dimensions are ordered so
// that the input or the filter, whichever would be streamed again more, is
// read once. The bounds show the order: (batch, channel blocks, rows, column
// blocks) keeps channels outermost, (batch, rows, column blocks, channel
// blocks) puts them innermost. Without the option the layout's order stays.
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops="channels-per-thread=8 columns-per-thread=32 reuse-order" | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops="channels-per-thread=8 columns-per-thread=32" | FileCheck %s --check-prefix=LAYOUT

// A 1x1 conv over a large map with a small filter: re-reading the filter per
// tile (56 x 2 tiles x 3.5 K values) costs less than re-reading the input
// per channel block (3 x 451 K values), so channels go innermost.
// CHECK-LABEL: func.func @small_filter_large_map
//       CHECK:   scf.forall ({{.*}}) in (1, 56, 2, 3)
// LAYOUT-LABEL: func.func @small_filter_large_map
//       LAYOUT:   scf.forall ({{.*}}) in (1, 3, 56, 2)
func.func @small_filter_large_map(%x: tensor<1x144x56x56xf32>, %w: tensor<24x144x1x1xf32>) -> tensor<1x24x56x56xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x144x56x56xf32>, tensor<24x144x1x1xf32> -> tensor<1x24x56x56xf32>
  return %0 : tensor<1x24x56x56xf32>
}

// -----

// A 3x3 conv over a 7x7 map with a large filter: the input is re-read
// instead (64 channel blocks x 25 K values against 7 tiles x 2.4 M), so
// channels stay outermost.
// CHECK-LABEL: func.func @large_filter_small_map
//       CHECK:   scf.forall ({{.*}}) in (1, 64, 7, 1)
func.func @large_filter_small_map(%x: tensor<1x512x7x7xf32>, %w: tensor<512x512x3x3xf32>) -> tensor<1x512x7x7xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x512x7x7xf32>, tensor<512x512x3x3xf32> -> tensor<1x512x7x7xf32>
  return %0 : tensor<1x512x7x7xf32>
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

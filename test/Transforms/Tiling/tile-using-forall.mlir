// The fused convs are structured ops: upstream's transform.structured.tile_using_forall
// tiles them with their epilogue attached (TilingInterface).
// RUN: fusion-opt %s --split-input-file --transform-interpreter -verify-diagnostics | FileCheck %s

// Output channels: the filter and the bias are sliced, the input is read
// whole, the padding is kept.
// CHECK-LABEL: func.func @channels
//       CHECK:   scf.forall (%[[I:.*]]) in (2) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<1x8x8x8xf32>)
//       CHECK:     %[[F0:.*]] = affine.apply #{{.*}}(%[[I]])
//       CHECK:     %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1]
//       CHECK:     %[[W:.*]] = tensor.extract_slice %{{.*}}[%[[F0]], 0, 0, 0] [4, 4, 3, 3] [1, 1, 1, 1]
//       CHECK:     %[[B:.*]] = tensor.extract_slice %{{.*}}[%[[F0]]] [4] [1]
//       CHECK:     %[[T:.*]] = fusion.conv_bias_act %[[IN]], %[[W]] bias(%[[B]] : tensor<4xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x8x8xf32>
//       CHECK:     tensor.parallel_insert_slice %[[T]] into %[[OUT]][0, %[[F0]], 0, 0] [1, 4, 8, 8]
func.func @channels(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<8xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["fusion.conv_bias_act"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_forall %conv tile_sizes [0, 4, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Rows and columns of a padded conv: each tile reads its input window
// clipped to the image, padded back with zeros by tensor.pad, and the tiled
// op pads nothing. Every per-channel operand of conv_bn_act stays whole.
// CHECK-LABEL: func.func @rows_and_columns
//       CHECK:   scf.forall (%[[R:.*]], %[[C:.*]]) in (2, 2)
//       CHECK:     %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, 0, %{{.*}}, %{{.*}}] [1, 4, %{{.*}}, %{{.*}}] [1, 1, 1, 1]
//       CHECK:     %[[P:.*]] = tensor.pad %[[IN]] low[0, 0, %{{.*}}, %{{.*}}] high[0, 0, %{{.*}}, %{{.*}}]
//       CHECK:     %[[S:.*]] = tensor.cast %[[P]] : tensor<1x4x?x?xf32> to tensor<1x4x6x6xf32>
//       CHECK:     fusion.conv_bn_act %[[S]], %{{.*}} mean(%{{.*}} : tensor<8xf32>) {{.*}} padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x4x6x6xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x4x4xf32>
func.func @rows_and_columns(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<8xf32>) variance(%v : tensor<8xf32>) gamma(%g : tensor<8xf32>) beta(%be : tensor<8xf32>) epsilon(1.0e-5) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["fusion.conv_bn_act"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_forall %conv tile_sizes [0, 0, 4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// An unpadded strided conv in NHWC: the rows' window is a plain slice.
// CHECK-LABEL: func.func @strided_nhwc
//       CHECK:   scf.forall (%[[R:.*]]) in (2)
//       CHECK:     %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, %{{.*}}, 0, 0] [1, 9, 17, 4] [1, 1, 1, 1]
//   CHECK-NOT:     tensor.pad
//       CHECK:     fusion.conv_bias_act %[[IN]], %{{.*}} layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x9x17x4xf32>, tensor<6x3x3x4xf32> -> tensor<1x4x8x6xf32>
func.func @strided_nhwc(%x: tensor<1x17x17x4xf32>, %w: tensor<6x3x3x4xf32>) -> tensor<1x8x8x6xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <none> : tensor<1x17x17x4xf32>, tensor<6x3x3x4xf32> -> tensor<1x8x8x6xf32>
  return %0 : tensor<1x8x8x6xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["fusion.conv_bias_act"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_forall %conv tile_sizes [0, 4, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A grouped conv: a tile of whole groups reads its groups' input channels.
// CHECK-LABEL: func.func @grouped
//       CHECK:   scf.forall (%[[I:.*]]) in (2)
//       CHECK:     %[[IN:.*]] = tensor.extract_slice %{{.*}}[0, %{{.*}}, 0, 0] [1, 4, 6, 6] [1, 1, 1, 1]
//       CHECK:     fusion.conv_bias_act %[[IN]], %{{.*}} groups(2) act <none> : tensor<1x4x6x6xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x6x6xf32>
func.func @grouped(%x: tensor<1x8x6x6xf32>, %w: tensor<12x2x3x3xf32>) -> tensor<1x12x6x6xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <none> : tensor<1x8x6x6xf32>, tensor<12x2x3x3xf32> -> tensor<1x12x6x6xf32>
  return %0 : tensor<1x12x6x6xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["fusion.conv_bias_act"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_forall %conv tile_sizes [0, 6, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A tile that splits a group is refused, with why.
func.func @splits_a_group(%x: tensor<1x8x6x6xf32>, %w: tensor<12x2x3x3xf32>) -> tensor<1x12x6x6xf32> {
  // expected-error @below {{cannot tile output channels by a size that is not a multiple of the 3 output channels of a group}}
  // expected-error @below {{faild to tile operation}}
  // expected-error @below {{failed to generate tiling loops}}
  // expected-note @below {{when applied to this op}}
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(4) act <none> : tensor<1x8x6x6xf32>, tensor<12x2x3x3xf32> -> tensor<1x12x6x6xf32>
  return %0 : tensor<1x12x6x6xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["fusion.conv_bias_act"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{transform.structured.tile_using_forall failed to apply}}
    %tiled, %loop = transform.structured.tile_using_forall %conv tile_sizes [0, 4, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

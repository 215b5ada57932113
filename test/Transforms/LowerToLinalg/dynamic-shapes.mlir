// The verifier accepts dynamic batch and spatial sizes (only the output
// channel count must be static), so the lowering must build valid IR for
// them: tensor.empty with dynamic sizes, a tensor.pad whose result keeps the
// dynamic dims, and the same conv + one epilogue as the static case.
//
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @dynamic_batch(
//       CHECK:   %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x3x2x2xf32>
//       CHECK:   %[[CONV:.*]] = linalg.conv_2d_nchw_fchw
//  CHECK-SAME:     -> tensor<?x3x2x2xf32>
//       CHECK:   linalg.generic
//  CHECK-SAME:     ins(%[[CONV]], %{{.*}} : tensor<?x3x2x2xf32>, tensor<3xf32>)
//   CHECK-NOT:   fusion.conv_bias_act
func.func @dynamic_batch(%x: tensor<?x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<?x3x2x2xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<?x2x4x4xf32>, tensor<3x2x3x3xf32> -> tensor<?x3x2x2xf32>
  return %0 : tensor<?x3x2x2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_spatial_padded(
//       CHECK:   tensor.pad
//       CHECK:   } : tensor<?x2x?x?xf32> to tensor<?x2x?x?xf32>
//       CHECK:   tensor.empty(%{{.*}}, %{{.*}}, %{{.*}}) : tensor<?x3x?x?xf32>
//       CHECK:   linalg.conv_2d_nchw_fchw
//  CHECK-SAME:     -> tensor<?x3x?x?xf32>
//       CHECK:   linalg.generic
//   CHECK-NOT:   fusion.conv_bias_act
func.func @dynamic_spatial_padded(%x: tensor<?x2x?x?xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<?x3x?x?xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<3xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<?x2x?x?xf32>, tensor<3x2x3x3xf32> -> tensor<?x3x?x?xf32>
  return %0 : tensor<?x3x?x?xf32>
}

// Round trips of fusion.decode_detections: custom syntax -> print -> parse,
// and the same through the generic form. The CHECKs spell out every
// optional group, so a printer that drops one (weights, scaling, the clamp,
// DFL bins, the anchor format, drop_background) fails here.
//
// RUN: fusion-opt %s --split-input-file | fusion-opt --split-input-file | FileCheck %s
// RUN: fusion-opt %s --split-input-file --mlir-print-op-generic | fusion-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @ssd
//       CHECK:   fusion.decode_detections boxes(bnk %{{.*}} : tensor<1x6x4xf32>) scores(bnk %{{.*}} : tensor<1x6x3xf32>) anchors(%{{.*}} : tensor<6x4xf32>)
//  CHECK-SAME:     coding(center_size) weights([1.000000e+01, 1.000000e+01, 5.000000e+00, 5.000000e+00]) wh_clamp(4.1351665567423561)
//  CHECK-SAME:     anchor_layout(n4) score(softmax) drop_background to xyxy -> tensor<1x6x4xf32>, tensor<1x6x2xf32>
func.func @ssd(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x2xf32>) {
  %0:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) weights([10.0, 10.0, 5.0, 5.0]) wh_clamp(4.1351665567423561) anchor_layout(n4) score(softmax) drop_background to xyxy -> tensor<1x6x4xf32>, tensor<1x6x2xf32>
  return %0#0, %0#1 : tensor<1x6x4xf32>, tensor<1x6x2xf32>
}

// -----

// CHECK-LABEL: func.func @variances
//       CHECK:   coding(center_size) weights([1.000000e-01, 1.000000e-01, 2.000000e-01, 2.000000e-01]) scaling(multiply)
//  CHECK-SAME:     anchor_layout(bn4) anchor_format(cxcywh) score(sigmoid) to cxcywh
func.func @variances(%b: tensor<2x6x4xf32>, %s: tensor<2x6x3xf32>, %a: tensor<2x6x4xf32>) -> (tensor<2x6x4xf32>, tensor<2x6x3xf32>) {
  %0:2 = fusion.decode_detections boxes(bnk %b : tensor<2x6x4xf32>) scores(bnk %s : tensor<2x6x3xf32>) anchors(%a : tensor<2x6x4xf32>) coding(center_size) weights([0.1, 0.1, 0.2, 0.2]) scaling(multiply) anchor_layout(bn4) anchor_format(cxcywh) score(sigmoid) to cxcywh -> tensor<2x6x4xf32>, tensor<2x6x3xf32>
  return %0#0, %0#1 : tensor<2x6x4xf32>, tensor<2x6x3xf32>
}

// -----

// CHECK-LABEL: func.func @yolo
//       CHECK:   fusion.decode_detections boxes(bkn %{{.*}} : tensor<1x16x6xf32>) scores(bkn %{{.*}} : tensor<1x8x6xf32>) anchors(%{{.*}} : tensor<2x6xf32>) strides(%{{.*}} : tensor<1x6xf32>)
//  CHECK-SAME:     coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(sigmoid) to cxcywh -> tensor<1x6x4xf32>, tensor<1x6x8xf32>
func.func @yolo(%b: tensor<1x16x6xf32>, %s: tensor<1x8x6xf32>, %a: tensor<2x6xf32>, %st: tensor<1x6xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x8xf32>) {
  %0:2 = fusion.decode_detections boxes(bkn %b : tensor<1x16x6xf32>) scores(bkn %s : tensor<1x8x6xf32>) anchors(%a : tensor<2x6xf32>) strides(%st : tensor<1x6xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(sigmoid) to cxcywh -> tensor<1x6x4xf32>, tensor<1x6x8xf32>
  return %0#0, %0#1 : tensor<1x6x4xf32>, tensor<1x6x8xf32>
}

// -----

// CHECK-LABEL: func.func @corners
//       CHECK:   fusion.decode_detections boxes(bnk %{{.*}} : tensor<1x6x4xf32>) scores(bnk %{{.*}} : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(none) to xyxy
//   CHECK-NOT:   anchors(
func.func @corners(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>) {
  %0:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return %0#0, %0#1 : tensor<1x6x4xf32>, tensor<1x6x3xf32>
}

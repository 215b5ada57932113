// Round trips of fusion.decode_detections: custom syntax -> print -> parse,
// and the same through the generic form. The CHECKs spell out every
// optional group, so a printer that drops one (weights, scaling, the clamp,
// clamp_nan, DFL bins, the anchor format, softmax_form, drop_background,
// packed) fails here. Head operands: one tensor (bnk, bkn) or one per level
// (nchw, nhwc: 2 and 3 levels, anchors per cell differing by level; box
// levels with a single score tensor; nhwc box levels with nchw score
// levels). Outputs: split, packed(bnk), packed(bkn). The last function
// writes every defaulted group with its default (clamp_nan(propagate),
// softmax_form(divide), packed(split)), which the printer leaves out.
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

// -----

// CHECK-LABEL: func.func @nchw_levels
//       CHECK:   fusion.decode_detections boxes(nchw %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<1x12x4x4xf32>, tensor<1x8x2x2xf32>, tensor<1x4x1x1xf32>)
//  CHECK-SAME:     scores(nchw %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<1x15x4x4xf32>, tensor<1x10x2x2xf32>, tensor<1x5x1x1xf32>) anchors(%{{[^ ,]+}} : tensor<57x4xf32>)
//  CHECK-SAME:     coding(center_size) wh_clamp(4.1351665567423561) anchor_layout(n4) score(sigmoid) to xyxy -> tensor<1x57x4xf32>, tensor<1x57x5xf32>
func.func @nchw_levels(%b0: tensor<1x12x4x4xf32>, %b1: tensor<1x8x2x2xf32>, %b2: tensor<1x4x1x1xf32>, %s0: tensor<1x15x4x4xf32>, %s1: tensor<1x10x2x2xf32>, %s2: tensor<1x5x1x1xf32>, %a: tensor<57x4xf32>) -> (tensor<1x57x4xf32>, tensor<1x57x5xf32>) {
  %0:2 = fusion.decode_detections boxes(nchw %b0, %b1, %b2 : tensor<1x12x4x4xf32>, tensor<1x8x2x2xf32>, tensor<1x4x1x1xf32>) scores(nchw %s0, %s1, %s2 : tensor<1x15x4x4xf32>, tensor<1x10x2x2xf32>, tensor<1x5x1x1xf32>) anchors(%a : tensor<57x4xf32>) coding(center_size) wh_clamp(4.1351665567423561) anchor_layout(n4) score(sigmoid) to xyxy -> tensor<1x57x4xf32>, tensor<1x57x5xf32>
  return %0#0, %0#1 : tensor<1x57x4xf32>, tensor<1x57x5xf32>
}

// -----

// CHECK-LABEL: func.func @nhwc_levels
//       CHECK:   fusion.decode_detections boxes(nhwc %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<2x2x3x8xf32>, tensor<2x1x1x12xf32>) scores(nhwc %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<2x2x3x8xf32>, tensor<2x1x1x12xf32>) anchors(%{{[^ ,]+}} : tensor<1x15x4xf32>)
//  CHECK-SAME:     coding(center_size) weights([1.000000e-01, 1.000000e-01, 2.000000e-01, 2.000000e-01]) scaling(multiply)
//  CHECK-SAME:     anchor_layout(one_n4) anchor_format(cxcywh) score(none) to cxcywh -> tensor<2x15x4xf32>, tensor<2x15x4xf32>
func.func @nhwc_levels(%b0: tensor<2x2x3x8xf32>, %b1: tensor<2x1x1x12xf32>, %s0: tensor<2x2x3x8xf32>, %s1: tensor<2x1x1x12xf32>, %a: tensor<1x15x4xf32>) -> (tensor<2x15x4xf32>, tensor<2x15x4xf32>) {
  %0:2 = fusion.decode_detections boxes(nhwc %b0, %b1 : tensor<2x2x3x8xf32>, tensor<2x1x1x12xf32>) scores(nhwc %s0, %s1 : tensor<2x2x3x8xf32>, tensor<2x1x1x12xf32>) anchors(%a : tensor<1x15x4xf32>) coding(center_size) weights([0.1, 0.1, 0.2, 0.2]) scaling(multiply) anchor_layout(one_n4) anchor_format(cxcywh) score(none) to cxcywh -> tensor<2x15x4xf32>, tensor<2x15x4xf32>
  return %0#0, %0#1 : tensor<2x15x4xf32>, tensor<2x15x4xf32>
}

// -----

// CHECK-LABEL: func.func @packed_bnk
//       CHECK:   fusion.decode_detections boxes(nchw %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<1x8x2x2xf32>, tensor<1x4x1x1xf32>) scores(bnk %{{[^ ,]+}} : tensor<1x9x3xf32>)
//  CHECK-SAME:     coding(corners) anchor_layout(none) score(softmax) to xyxy packed(bnk) -> tensor<1x9x7xf32>
func.func @packed_bnk(%b0: tensor<1x8x2x2xf32>, %b1: tensor<1x4x1x1xf32>, %s: tensor<1x9x3xf32>) -> tensor<1x9x7xf32> {
  %0 = fusion.decode_detections boxes(nchw %b0, %b1 : tensor<1x8x2x2xf32>, tensor<1x4x1x1xf32>) scores(bnk %s : tensor<1x9x3xf32>) coding(corners) anchor_layout(none) score(softmax) to xyxy packed(bnk) -> tensor<1x9x7xf32>
  return %0 : tensor<1x9x7xf32>
}

// -----

// YOLOv8 Detect (reg_max 16) on its three levels' conv outputs, packed as
// YOLOv8 outputs it.
// CHECK-LABEL: func.func @packed_bkn
//       CHECK:   fusion.decode_detections boxes(nchw %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<1x64x4x4xf32>, tensor<1x64x2x2xf32>, tensor<1x64x1x1xf32>)
//  CHECK-SAME:     scores(nchw %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<1x8x4x4xf32>, tensor<1x8x2x2xf32>, tensor<1x8x1x1xf32>) anchors(%{{[^ ,]+}} : tensor<2x21xf32>) strides(%{{[^ ,]+}} : tensor<1x21xf32>)
//  CHECK-SAME:     coding(ltrb_distance) dfl_bins(16) anchor_layout(points_2n) score(sigmoid) to cxcywh packed(bkn) -> tensor<1x12x21xf32>
func.func @packed_bkn(%b0: tensor<1x64x4x4xf32>, %b1: tensor<1x64x2x2xf32>, %b2: tensor<1x64x1x1xf32>, %s0: tensor<1x8x4x4xf32>, %s1: tensor<1x8x2x2xf32>, %s2: tensor<1x8x1x1xf32>, %a: tensor<2x21xf32>, %st: tensor<1x21xf32>) -> tensor<1x12x21xf32> {
  %0 = fusion.decode_detections boxes(nchw %b0, %b1, %b2 : tensor<1x64x4x4xf32>, tensor<1x64x2x2xf32>, tensor<1x64x1x1xf32>) scores(nchw %s0, %s1, %s2 : tensor<1x8x4x4xf32>, tensor<1x8x2x2xf32>, tensor<1x8x1x1xf32>) anchors(%a : tensor<2x21xf32>) strides(%st : tensor<1x21xf32>) coding(ltrb_distance) dfl_bins(16) anchor_layout(points_2n) score(sigmoid) to cxcywh packed(bkn) -> tensor<1x12x21xf32>
  return %0 : tensor<1x12x21xf32>
}

// -----

// CHECK-LABEL: func.func @clamp_nan
//       CHECK:   fusion.decode_detections boxes(bnk %{{[^ ,]+}} : tensor<1x6x4xf32>) scores(bnk %{{[^ ,]+}} : tensor<1x6x3xf32>) anchors(%{{[^ ,]+}} : tensor<6x4xf32>)
//  CHECK-SAME:     coding(center_size) weights([1.000000e+01, 1.000000e+01, 5.000000e+00, 5.000000e+00]) wh_clamp(4.1351665567423561) clamp_nan(bound)
//  CHECK-SAME:     anchor_layout(n4) score(softmax) drop_background to xyxy -> tensor<1x6x4xf32>, tensor<1x6x2xf32>
func.func @clamp_nan(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x2xf32>) {
  %0:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) weights([10.0, 10.0, 5.0, 5.0]) wh_clamp(4.1351665567423561) clamp_nan(bound) anchor_layout(n4) score(softmax) drop_background to xyxy -> tensor<1x6x4xf32>, tensor<1x6x2xf32>
  return %0#0, %0#1 : tensor<1x6x4xf32>, tensor<1x6x2xf32>
}

// -----

// DFL bins and a class softmax, both in the reciprocal spelling.
// CHECK-LABEL: func.func @softmax_reciprocal
//       CHECK:   fusion.decode_detections boxes(bkn %{{[^ ,]+}} : tensor<1x16x6xf32>) scores(bkn %{{[^ ,]+}} : tensor<1x8x6xf32>) anchors(%{{[^ ,]+}} : tensor<2x6xf32>) strides(%{{[^ ,]+}} : tensor<1x6xf32>)
//  CHECK-SAME:     coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(softmax) softmax_form(reciprocal) to cxcywh -> tensor<1x6x4xf32>, tensor<1x6x8xf32>
func.func @softmax_reciprocal(%b: tensor<1x16x6xf32>, %s: tensor<1x8x6xf32>, %a: tensor<2x6xf32>, %st: tensor<1x6xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x8xf32>) {
  %0:2 = fusion.decode_detections boxes(bkn %b : tensor<1x16x6xf32>) scores(bkn %s : tensor<1x8x6xf32>) anchors(%a : tensor<2x6xf32>) strides(%st : tensor<1x6xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(softmax) softmax_form(reciprocal) to cxcywh -> tensor<1x6x4xf32>, tensor<1x6x8xf32>
  return %0#0, %0#1 : tensor<1x6x4xf32>, tensor<1x6x8xf32>
}

// -----

// Every optional group at once, nhwc box levels with nchw score levels.
// CHECK-LABEL: func.func @every_group
//       CHECK:   fusion.decode_detections boxes(nhwc %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<2x2x2x8xf32>, tensor<2x1x1x4xf32>) scores(nchw %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<2x6x2x2xf32>, tensor<2x3x1x1xf32>) anchors(%{{[^ ,]+}} : tensor<2x9x4xf32>)
//  CHECK-SAME:     coding(center_size) weights([1.000000e+01, 1.000000e+01, 5.000000e+00, 5.000000e+00]) scaling(multiply) wh_clamp(4.000000e+00) clamp_nan(bound)
//  CHECK-SAME:     anchor_layout(bn4) anchor_format(cxcywh) score(softmax) softmax_form(reciprocal) drop_background to cxcywh packed(bkn) -> tensor<2x6x9xf32>
func.func @every_group(%b0: tensor<2x2x2x8xf32>, %b1: tensor<2x1x1x4xf32>, %s0: tensor<2x6x2x2xf32>, %s1: tensor<2x3x1x1xf32>, %a: tensor<2x9x4xf32>) -> tensor<2x6x9xf32> {
  %0 = fusion.decode_detections boxes(nhwc %b0, %b1 : tensor<2x2x2x8xf32>, tensor<2x1x1x4xf32>) scores(nchw %s0, %s1 : tensor<2x6x2x2xf32>, tensor<2x3x1x1xf32>) anchors(%a : tensor<2x9x4xf32>) coding(center_size) weights([10.0, 10.0, 5.0, 5.0]) scaling(multiply) wh_clamp(4.0) clamp_nan(bound) anchor_layout(bn4) anchor_format(cxcywh) score(softmax) softmax_form(reciprocal) drop_background to cxcywh packed(bkn) -> tensor<2x6x9xf32>
  return %0 : tensor<2x6x9xf32>
}

// -----

// The defaults written out are not printed: the clamp is followed by the
// anchor layout, the score by the format, the format by the result types.
// CHECK-LABEL: func.func @explicit_defaults
//       CHECK:   fusion.decode_detections boxes(bnk %{{[^ ,]+}} : tensor<1x6x4xf32>) scores(bnk %{{[^ ,]+}} : tensor<1x6x3xf32>) anchors(%{{[^ ,]+}} : tensor<6x4xf32>)
//  CHECK-SAME:     coding(center_size) wh_clamp(4.000000e+00) anchor_layout(n4) score(softmax) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
func.func @explicit_defaults(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>) {
  %0:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) wh_clamp(4.0) clamp_nan(propagate) anchor_layout(n4) score(softmax) softmax_form(divide) to xyxy packed(split) -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return %0#0, %0#1 : tensor<1x6x4xf32>, tensor<1x6x3xf32>
}

// -----

// Weights keep every bit through the custom form: an f32 0.1 is not 0.1.
// CHECK-LABEL: func.func @exact_weights
//       CHECK:   weights([0.10000000149011612, 0.123456789012345, 2.000000e-01, 3.000000e-01]) scaling(multiply)
func.func @exact_weights(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>) {
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) weights([0.10000000149011612, 0.123456789012345, 0.2, 0.3]) scaling(multiply) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return %r#0, %r#1 : tensor<1x6x4xf32>, tensor<1x6x3xf32>
}

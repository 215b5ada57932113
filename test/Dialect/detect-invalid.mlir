// Every verifier rule of fusion.decode_detections, one refusal each, with
// its exact message.
// RUN: fusion-opt %s --split-input-file --verify-diagnostics

// -----

func.func @element_type(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf16>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects every operand and result of one element type, got 'f32' and 'f16'}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf16>) anchors(%a : tensor<6x4xf32>) coding(center_size) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @dynamic(%b: tensor<1x6x4xf32>, %s: tensor<1x?x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op needs static shapes, got 'tensor<1x?x3xf32>'}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x?x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @rank(%b: tensor<6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects boxes of rank 3 ([B, N, K] or [B, K, N]), got rank 2}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @negative_bins(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<2x6xf32>, %st: tensor<6xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects dfl_bins >= 0, got -1}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<2x6xf32>) strides(%st : tensor<6xf32>) coding(ltrb_distance) dfl_bins(-1) anchor_layout(points_2n) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @bins_center_size(%b: tensor<1x6x16xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op dfl_bins applies to coding ltrb_distance only}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x16xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) dfl_bins(4) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @box_values(%b: tensor<1x16x6xf32>, %s: tensor<1x3x6xf32>, %a: tensor<2x16xf32>, %st: tensor<16xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects 16 box values per anchor (4 distances x dfl_bins), got 6}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x16x6xf32>) scores(bkn %s : tensor<1x3x6xf32>) anchors(%a : tensor<2x16xf32>) strides(%st : tensor<16xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(sigmoid) to xyxy -> tensor<1x16x4xf32>, tensor<1x16x3xf32>
  return
}

// -----

func.func @box_layout_mismatch(%b: tensor<1x6x4xf32>, %s: tensor<1x3x6xf32>, %a: tensor<6x4xf32>) {
  // Scores channel-major but declared anchor-major: read as 3 anchors.
  // expected-error@+1 {{'fusion.decode_detections' op expects scores for the boxes' 1 images x 6 anchors, got 1 x 3}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x3x6xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @weights_count(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects 4 weights, got 2}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) weights([1.0, 2.0]) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @zero_weight(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op weight 2 is zero and scaling divides}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) weights([10.0, 10.0, 0.0, 5.0]) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @clamp_ltrb(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<2x6xf32>, %st: tensor<6xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op wh_clamp applies to coding center_size only}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<2x6xf32>) strides(%st : tensor<6xf32>) coding(ltrb_distance) wh_clamp(4.0) anchor_layout(points_2n) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @center_size_points(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x2xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op coding center_size needs anchor boxes (anchor_layout n4, one_n4 or bn4)}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x2xf32>) coding(center_size) anchor_layout(points_n2) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @ltrb_boxes(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op coding ltrb_distance needs anchor points (anchor_layout points_n2 or points_2n)}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(ltrb_distance) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @corners_anchors(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op coding corners takes no anchors (anchor_layout none)}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(corners) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @none_with_operand(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op anchor_layout none takes no anchors operand}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @missing_anchors(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op anchor_layout n4 needs an anchors operand}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) coding(center_size) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @anchor_shape(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op anchor_layout one_n4 expects anchors [1, 6, 4], got [6, 4]}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) anchor_layout(one_n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @missing_strides(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<2x6xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op coding ltrb_distance needs a strides operand}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<2x6xf32>) coding(ltrb_distance) anchor_layout(points_2n) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @strides_shape(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<2x6xf32>, %st: tensor<6x1xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects strides [6] or [1, 6], got [6, 1]}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<2x6xf32>) strides(%st : tensor<6x1xf32>) coding(ltrb_distance) anchor_layout(points_2n) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @strides_center_size(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>, %st: tensor<6xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op strides apply to coding ltrb_distance only}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) strides(%st : tensor<6xf32>) coding(center_size) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @no_class_left(%b: tensor<1x6x4xf32>, %s: tensor<1x6x1xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op drop_background leaves no class of 1}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x1xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) anchor_layout(n4) score(softmax) drop_background to xyxy -> tensor<1x6x4xf32>, tensor<1x6x0xf32>
  return
}

// -----

func.func @boxes_result(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects decoded boxes [1, 6, 4], got [1, 4, 6]}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) anchor_layout(n4) score(none) to xyxy -> tensor<1x4x6xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @scores_result(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects decoded scores [1, 6, 2], got [1, 6, 3]}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) anchor_layout(n4) score(softmax) drop_background to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @two_box_tensors(%b: tensor<1x6x4xf32>, %s: tensor<1x12x3xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op boxes layout bnk takes one tensor, got 2}}
  %r:2 = fusion.decode_detections boxes(bnk %b, %b : tensor<1x6x4xf32>, tensor<1x6x4xf32>) scores(bnk %s : tensor<1x12x3xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x12x4xf32>, tensor<1x12x3xf32>
  return
}

// -----

func.func @level_rank(%b: tensor<1x8x4xf32>, %s: tensor<1x6x2x2xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects boxes level 0 of rank 4 (nchw), got rank 3}}
  %r:2 = fusion.decode_detections boxes(nchw %b : tensor<1x8x4xf32>) scores(nchw %s : tensor<1x6x2x2xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x8x4xf32>, tensor<1x8x3xf32>
  return
}

// -----

func.func @level_channels(%b: tensor<1x6x2x2xf32>, %s: tensor<1x6x2x2xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op boxes level 0 has 6 channels, not a multiple of 4 values per anchor}}
  %r:2 = fusion.decode_detections boxes(nchw %b : tensor<1x6x2x2xf32>) scores(nchw %s : tensor<1x6x2x2xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x8x4xf32>, tensor<1x8x3xf32>
  return
}

// -----

func.func @level_images(%b0: tensor<1x8x2x2xf32>, %b1: tensor<2x8x1x1xf32>, %s: tensor<1x10x3xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects every boxes level to hold 1 images, level 1 holds 2}}
  %r:2 = fusion.decode_detections boxes(nchw %b0, %b1 : tensor<1x8x2x2xf32>, tensor<2x8x1x1xf32>) scores(bnk %s : tensor<1x10x3xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x10x4xf32>, tensor<1x10x3xf32>
  return
}

// -----

func.func @score_levels_alone(%b: tensor<1x8x4xf32>, %s: tensor<1x6x2x2xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op score levels take their anchors per cell from box levels (box layout nchw or nhwc)}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x8x4xf32>) scores(nchw %s : tensor<1x6x2x2xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x8x4xf32>, tensor<1x8x3xf32>
  return
}

// -----

func.func @score_level_count(%b0: tensor<1x8x2x2xf32>, %b1: tensor<1x8x1x1xf32>, %s: tensor<1x6x2x2xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects one score level per box level (2), got 1}}
  %r:2 = fusion.decode_detections boxes(nchw %b0, %b1 : tensor<1x8x2x2xf32>, tensor<1x8x1x1xf32>) scores(nchw %s : tensor<1x6x2x2xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x10x4xf32>, tensor<1x10x3xf32>
  return
}

// -----

func.func @score_level_size(%b: tensor<1x8x2x2xf32>, %s: tensor<1x6x1x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op scores level 0 is 1x4, its box level is 2x2}}
  %r:2 = fusion.decode_detections boxes(nchw %b : tensor<1x8x2x2xf32>) scores(nchw %s : tensor<1x6x1x4xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x8x4xf32>, tensor<1x8x3xf32>
  return
}

// -----

func.func @score_level_channels(%b: tensor<1x8x2x2xf32>, %s: tensor<1x5x2x2xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op scores level 0 has 5 channels for 2 anchors per cell}}
  %r:2 = fusion.decode_detections boxes(nchw %b : tensor<1x8x2x2xf32>) scores(nchw %s : tensor<1x5x2x2xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x8x4xf32>, tensor<1x8x3xf32>
  return
}

// -----

func.func @score_level_classes(%b0: tensor<1x8x2x2xf32>, %b1: tensor<1x8x1x1xf32>, %s0: tensor<1x6x2x2xf32>, %s1: tensor<1x8x1x1xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects the same classes on every scores level: level 0 has 3, level 1 has 4}}
  %r:2 = fusion.decode_detections boxes(nchw %b0, %b1 : tensor<1x8x2x2xf32>, tensor<1x8x1x1xf32>) scores(nchw %s0, %s1 : tensor<1x6x2x2xf32>, tensor<1x8x1x1xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x10x4xf32>, tensor<1x10x3xf32>
  return
}

// -----

func.func @clamp_nan_without_clamp(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op clamp_nan applies to a wh_clamp}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<6x4xf32>) coding(center_size) clamp_nan(bound) anchor_layout(n4) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @softmax_form_without_softmax(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op softmax_form applies to a softmax (dfl_bins or score(softmax))}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(sigmoid) softmax_form(reciprocal) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @packed_two_results(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects 1 result for packed(bkn), got 2}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(none) to xyxy packed(bkn) -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

// -----

func.func @split_one_result(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects 2 results for packed(split), got 1}}
  %r = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x6x7xf32>
  return
}

// -----

func.func @packed_shape(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects packed detections [1, 7, 6], got [1, 6, 7]}}
  %r = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(none) to xyxy packed(bkn) -> tensor<1x6x7xf32>
  return
}

// -----

func.func @no_scores(%b: tensor<1x6x4xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects box and score operands}}
  %r:2 = "fusion.decode_detections"(%b) <{anchor_layout = 5 : i32, box_layout = 0 : i32, coding = 2 : i32, format = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>, score_activation = 0 : i32, score_layout = 0 : i32}> : (tensor<1x6x4xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>)
  return
}

// -----

func.func @empty_level(%b0: tensor<1x8x2x2xf32>, %b1: tensor<1x8x0x2xf32>, %s: tensor<1x8x3xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op boxes level 1 holds no anchors}}
  %r:2 = fusion.decode_detections boxes(nchw %b0, %b1 : tensor<1x8x2x2xf32>, tensor<1x8x0x2xf32>) scores(bnk %s : tensor<1x8x3xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x8x4xf32>, tensor<1x8x3xf32>
  return
}

// -----

func.func @no_class(%b: tensor<1x8x2x2xf32>, %s: tensor<1x0x2x2xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects at least one class}}
  %r:2 = fusion.decode_detections boxes(nchw %b : tensor<1x8x2x2xf32>) scores(nchw %s : tensor<1x0x2x2xf32>) coding(corners) anchor_layout(none) score(none) to xyxy -> tensor<1x8x4xf32>, tensor<1x8x0xf32>
  return
}

// -----

// 4 x dfl_bins box values per anchor must not wrap around (to 0, a
// division by zero in the shape check).
func.func @dfl_bins_overflow(%b: tensor<1x6x4xf32>, %s: tensor<1x6x3xf32>, %a: tensor<2x6xf32>, %st: tensor<6xf32>) {
  // expected-error@+1 {{'fusion.decode_detections' op expects 4 x dfl_bins to fit int64, got dfl_bins 4611686018427387904}}
  %r:2 = fusion.decode_detections boxes(bnk %b : tensor<1x6x4xf32>) scores(bnk %s : tensor<1x6x3xf32>) anchors(%a : tensor<2x6xf32>) strides(%st : tensor<6xf32>) coding(ltrb_distance) dfl_bins(4611686018427387904) anchor_layout(points_2n) score(none) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return
}

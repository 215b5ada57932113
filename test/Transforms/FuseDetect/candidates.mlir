// Which function results fusion-fuse-detect takes for a decode's outputs.
// A candidate is made of static rank-3 float results: a box result
// [B, N, 4] paired with a score result [B, N, C'] of the same B and N, in
// either order (with four kept classes both are [B, N, 4], and both
// readings are tried), or an unpaired result read as one packed output,
// [B, 4 + C', N] or [B, N, 4 + C']. Not candidates: results that are all
// function arguments handed back unchanged, results of a
// fusion.decode_detections already there, and results of another rank. In
// explain mode every candidate is remarked, fused or not, so the absence of
// an expected-remark below is the check that a function held no candidate;
// its CHECK lines show the IR unchanged.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse-detect=explain -verify-diagnostics | FileCheck %s
//
// The whole file as one module (no split): the same remarks, and a report
// with a record for each of the four candidates and none for the rest.
// RUN: fusion-opt %s '--fusion-fuse-detect=explain report=-' -verify-diagnostics -o /dev/null | FileCheck %s --check-prefix=REPORT
//
// Numeric parity of the fused cases that the other files have nothing like:
// the results returned scores first, a head that is itself a result, and
// boxes that are an argument.
// RUN: rm -rf %t && split-file %s %t
// RUN: fusion-verify %t/scores-first.mlir --entry=four_classes_scores_first --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=four_classes_scores_first
// RUN: fusion-verify %t/head-returned.mlir --entry=conv_head_returned --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=conv_head_returned
// RUN: fusion-verify %t/argument-boxes.mlir --entry=argument_boxes --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=argument_boxes

// PARITY: fusion-verify: @[[ENTRY]], fused vs reference, 200 frames, {{.*}}, fused decodes 1{{$}}
// PARITY: {{^}}PASS{{$}}

// REPORT:      "summary": {
// REPORT-NEXT:   "by_reason": {},
// REPORT-NEXT:   "candidates": 4,
// REPORT-NEXT:   "fused": 4,
// REPORT-NEXT:   "refused": 0
// REPORT-NEXT: },

//--- passthrough.mlir
// Results that are the function's arguments, returned as they came in: a
// [B, N, 4] and [B, N, C'] pair and a [B, 4 + C', N] tensor, none of them a
// candidate.

// CHECK-LABEL: func.func @passthrough(
// CHECK-SAME:      %[[B:[^:]+]]: tensor<1x6x4xf32>, %[[S:[^:]+]]: tensor<1x6x3xf32>, %[[P:[^:]+]]: tensor<1x7x6xf32>)
// CHECK-NEXT:    return %[[B]], %[[S]], %[[P]] : tensor<1x6x4xf32>, tensor<1x6x3xf32>, tensor<1x7x6xf32>

func.func @passthrough(%boxes: tensor<1x6x4xf32>, %scores: tensor<1x6x3xf32>, %packed: tensor<1x7x6xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>, tensor<1x7x6xf32>) {
  return %boxes, %scores, %packed : tensor<1x6x4xf32>, tensor<1x6x3xf32>, tensor<1x7x6xf32>
}

// -----
//--- already-fused.mlir
// The results of a fusion.decode_detections: the decode is one op already.

// CHECK-LABEL: func.func @already_fused(
// CHECK-SAME:      %[[B:[^:]+]]: tensor<1x4x6xf32>, %[[S:[^:]+]]: tensor<1x6x3xf32>)
// CHECK-NEXT:    %[[D:.+]]:2 = fusion.decode_detections boxes(bkn %[[B]] : tensor<1x4x6xf32>) scores(bnk %[[S]] : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(sigmoid) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x6x4xf32>, tensor<1x6x3xf32>

func.func @already_fused(%boxes: tensor<1x4x6xf32>, %logits: tensor<1x6x3xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>) {
  %d:2 = fusion.decode_detections boxes(bkn %boxes : tensor<1x4x6xf32>) scores(bnk %logits : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(sigmoid) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>
  return %d#0, %d#1 : tensor<1x6x4xf32>, tensor<1x6x3xf32>
}

// -----
//--- rank-2.mlir
// A decode without the batch dimension: boxes [N, 4] (corners transposed from
// [4, N]) and sigmoid scores [N, C]; rank-2 results are not candidates.

// CHECK-LABEL: func.func @rank2_results(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         linalg.transpose {{.*}} permutation = [1, 0]
// CHECK:         math.exp
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<6x4xf32>, tensor<6x3xf32>

func.func @rank2_results(%boxes: tensor<4x6xf32>, %logits: tensor<6x3xf32>) -> (tensor<6x4xf32>, tensor<6x3xf32>) {
  %one = arith.constant 1.000000e+00 : f32
  %e0 = tensor.empty() : tensor<6x4xf32>
  %t = linalg.transpose ins(%boxes : tensor<4x6xf32>) outs(%e0 : tensor<6x4xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<6x3xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%logits : tensor<6x3xf32>) outs(%e : tensor<6x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %x = math.exp %n : f32
    %d = arith.addf %x, %one : f32
    %q = arith.divf %one, %d : f32
    linalg.yield %q : f32
  } -> tensor<6x3xf32>
  return %t, %scores : tensor<6x4xf32>, tensor<6x3xf32>
}

// -----
//--- boxes-first.mlir
// Four kept classes, so boxes and scores are both [B, N, 4]: corners from a
// [B, 4, N] head (bkn) and sigmoid scores, the boxes returned first.

// CHECK-LABEL: func.func @four_classes_boxes_first(
// CHECK-SAME:      %[[B:[^:]+]]: tensor<1x4x6xf32>, %[[L:[^:]+]]: tensor<1x6x4xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(bkn %[[B]] : tensor<1x4x6xf32>) scores(bnk %[[L]] : tensor<1x6x4xf32>) coding(corners) anchor_layout(none) score(sigmoid) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x4xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x6x4xf32>, tensor<1x6x4xf32>

func.func @four_classes_boxes_first(%boxes: tensor<1x4x6xf32>, %logits: tensor<1x6x4xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x4xf32>) {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<1x6x4xf32>
  // expected-remark @below {{fused [fused]: detection decode corners to xyxy, sigmoid scores of 4 classes, 6 anchors read from 1 bkn head tensor, split outputs}}
  %t = linalg.transpose ins(%boxes : tensor<1x4x6xf32>) outs(%e : tensor<1x6x4xf32>) permutation = [0, 2, 1]
  %scores = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%logits : tensor<1x6x4xf32>) outs(%e : tensor<1x6x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %x = math.exp %n : f32
    %d = arith.addf %x, %one : f32
    %q = arith.divf %one, %d : f32
    linalg.yield %q : f32
  } -> tensor<1x6x4xf32>
  return %t, %scores : tensor<1x6x4xf32>, tensor<1x6x4xf32>
}

// -----
//--- scores-first.mlir
// The same decode with the scores returned first: the first [B, N, 4] result
// read as the boxes fits no coding, the other reading fuses, and the op's
// results are returned in the function's order.

// CHECK-LABEL: func.func @four_classes_scores_first(
// CHECK-SAME:      %[[B:[^:]+]]: tensor<1x4x6xf32>, %[[L:[^:]+]]: tensor<1x6x4xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(bkn %[[B]] : tensor<1x4x6xf32>) scores(bnk %[[L]] : tensor<1x6x4xf32>) coding(corners) anchor_layout(none) score(sigmoid) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x4xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#1, %[[D]]#0 : tensor<1x6x4xf32>, tensor<1x6x4xf32>

func.func @four_classes_scores_first(%boxes: tensor<1x4x6xf32>, %logits: tensor<1x6x4xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x4xf32>) {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<1x6x4xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%logits : tensor<1x6x4xf32>) outs(%e : tensor<1x6x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %x = math.exp %n : f32
    %d = arith.addf %x, %one : f32
    %q = arith.divf %one, %d : f32
    linalg.yield %q : f32
  } -> tensor<1x6x4xf32>
  // expected-remark @below {{fused [fused]: detection decode corners to xyxy, sigmoid scores of 4 classes, 6 anchors read from 1 bkn head tensor, split outputs}}
  %t = linalg.transpose ins(%boxes : tensor<1x4x6xf32>) outs(%e : tensor<1x6x4xf32>) permutation = [0, 2, 1]
  return %scores, %t : tensor<1x6x4xf32>, tensor<1x6x4xf32>
}

// -----
//--- head-returned.mlir
// A head returned as it is: the boxes are a conv's output [B, N, 4] (a 1-D
// convolution, NWC), already corners, so the op reads the very value the
// function returned; only the return's use of it becomes the op's result.

// CHECK-LABEL: func.func @conv_head_returned(
// CHECK-SAME:      %{{[^:]+}}: tensor<1x8x2xf32>, %{{[^:]+}}: tensor<3x2x4xf32>, %[[L:[^:]+]]: tensor<1x6x3xf32>)
// CHECK:         %[[CONV:.+]] = linalg.conv_1d_nwc_wcf
// CHECK-NEXT:    %[[D:.+]]:2 = fusion.decode_detections boxes(bnk %[[CONV]] : tensor<1x6x4xf32>) scores(bnk %[[L]] : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(sigmoid) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x6x4xf32>, tensor<1x6x3xf32>

func.func @conv_head_returned(%x: tensor<1x8x2xf32>, %w: tensor<3x2x4xf32>, %logits: tensor<1x6x3xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e0 = tensor.empty() : tensor<1x6x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x6x4xf32>) -> tensor<1x6x4xf32>
  // expected-remark @below {{fused [fused]: detection decode corners to xyxy, sigmoid scores of 3 classes, 6 anchors read from 1 bnk head tensor, split outputs}}
  %boxes = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%x, %w : tensor<1x8x2xf32>, tensor<3x2x4xf32>) outs(%f : tensor<1x6x4xf32>) -> tensor<1x6x4xf32>
  %e = tensor.empty() : tensor<1x6x3xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%logits : tensor<1x6x3xf32>) outs(%e : tensor<1x6x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %y = math.exp %n : f32
    %d = arith.addf %y, %one : f32
    %q = arith.divf %one, %d : f32
    linalg.yield %q : f32
  } -> tensor<1x6x3xf32>
  return %boxes, %scores : tensor<1x6x4xf32>, tensor<1x6x3xf32>
}

// -----
//--- argument-boxes.mlir
// Boxes handed in already decoded (an argument) beside scores the function
// computes: one candidate, whose boxes are corners read from the argument.
// The remark is at the function: its first result has no producing op.

// CHECK-LABEL: func.func @argument_boxes(
// CHECK-SAME:      %[[B:[^:]+]]: tensor<1x6x4xf32>, %[[L:[^:]+]]: tensor<1x6x3xf32>)
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(bnk %[[B]] : tensor<1x6x4xf32>) scores(bnk %[[L]] : tensor<1x6x3xf32>) coding(corners) anchor_layout(none) score(sigmoid) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x6x4xf32>, tensor<1x6x3xf32>

// expected-remark @below {{fused [fused]: detection decode corners to xyxy, sigmoid scores of 3 classes, 6 anchors read from 1 bnk head tensor, split outputs}}
func.func @argument_boxes(%boxes: tensor<1x6x4xf32>, %logits: tensor<1x6x3xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>) {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<1x6x3xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%logits : tensor<1x6x3xf32>) outs(%e : tensor<1x6x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %y = math.exp %n : f32
    %d = arith.addf %y, %one : f32
    %q = arith.divf %one, %d : f32
    linalg.yield %q : f32
  } -> tensor<1x6x3xf32>
  return %boxes, %scores : tensor<1x6x4xf32>, tensor<1x6x3xf32>
}

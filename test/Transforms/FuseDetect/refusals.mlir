// Every decode fusion-fuse-detect must refuse, at least one case per refusal
// rule: layout_mismatch, unknown_box_coding, anchor_shape_mismatch, multi_use
// and unrecognized_pattern. Where two reasons border on each other there is a
// case on each side: an unknown coding against anchors of a shape the op
// takes is unknown_box_coding, anchors of a shape it does not take are
// anchor_shape_mismatch, even when they hold as many values as anchor points
// would. The remark at the box output's producer names the stable reason id
// and why; the CHECK lines show that nothing was replaced.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse-detect=explain -verify-diagnostics | FileCheck %s
//
// The parity check catches a wrong fusion: fused on anchor 0 alone
// (test-skip-proof), the layout-mismatched decode reads its scores in the box
// order, and fusion-verify fails on the scores while the boxes still agree;
// refused, the program is the reference's and passes.
// RUN: rm -rf %t && split-file %s %t
// RUN: fusion-opt %t/layout-mismatch.mlir --fusion-fuse-detect=test-skip-proof | FileCheck %s --check-prefix=SKIP
// RUN: not fusion-verify %t/layout-mismatch.mlir --entry=layout_mismatch_w_h_a --frames=200 --rtol=1e-5 --atol=1e-5 --test-detect-skip-proof | FileCheck %s --check-prefix=WRONG
// RUN: fusion-verify %t/layout-mismatch.mlir --entry=layout_mismatch_w_h_a --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=REFUSED

// SKIP-LABEL: func.func @layout_mismatch_w_h_a(
// SKIP:         fusion.decode_detections boxes(nchw {{.*}}) scores(nchw {{.*}}) anchors({{.*}}) strides({{.*}}) coding(ltrb_distance) anchor_layout(points_n2) score(sigmoid) to xyxy
// SKIP-NOT:     linalg.

// WRONG:      fusion-verify: @layout_mismatch_w_h_a, fused vs reference, 200 frames, {{.*}}, fused decodes 1{{$}}
// WRONG-NEXT: output
// WRONG-NEXT: {{^}}0 {{ *}}1x8x4 {{ *}}0.00e+00 {{ *}}0.00e+00
// WRONG-NEXT: {{^}}1 {{ *}}1x8x2 {{ *}}{{[1-9]\.[0-9]+e[-+][0-9]+}}
// WRONG:      {{^}}FAIL{{$}}

// REFUSED:      fusion-verify: @layout_mismatch_w_h_a, fused vs reference, 200 frames, {{.*}}, fused decodes 0{{$}}
// REFUSED:      {{^}}PASS{{$}}

//--- layout-mismatch.mlir
// layout_mismatch: distances from anchor points (as in linalg-forms.mlir's
// ltrb case) whose box path permutes each level's anchors to (h, w, a)
// (permutation [0, 3, 4, 1, 2]) but whose score path permutes them to (w, h, a)
// ([0, 4, 3, 1, 2]); anchor 0 agrees, the second does not (level 0 is 2x3
// cells).

// CHECK-LABEL: func.func @layout_mismatch_w_h_a(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         linalg.transpose {{.*}} permutation = [0, 3, 4, 1, 2]
// CHECK:         linalg.transpose {{.*}} permutation = [0, 4, 3, 1, 2]
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x8x4xf32>, tensor<1x8x2xf32>

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @layout_mismatch_w_h_a(%box0: tensor<1x4x2x3xf32>, %box1: tensor<1x4x1x2xf32>, %cls0: tensor<1x2x2x3xf32>, %cls1: tensor<1x2x1x2xf32>) -> (tensor<1x8x4xf32>, tensor<1x8x2xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 2, 3] : tensor<1x4x2x3xf32> into tensor<1x1x4x2x3xf32>
  %e2 = tensor.empty() : tensor<1x2x3x1x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x1x4x2x3xf32>) outs(%e2 : tensor<1x2x3x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x3x1x4xf32> into tensor<1x6x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 1, 2] : tensor<1x4x1x2xf32> into tensor<1x1x4x1x2xf32>
  %e6 = tensor.empty() : tensor<1x1x2x1x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x1x4x1x2xf32>) outs(%e6 : tensor<1x1x2x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x2x1x4xf32> into tensor<1x2x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 2, 2, 3] : tensor<1x2x2x3xf32> into tensor<1x1x2x2x3xf32>
  %e10 = tensor.empty() : tensor<1x3x2x1x2xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x1x2x2x3xf32>) outs(%e10 : tensor<1x3x2x1x2xf32>) permutation = [0, 4, 3, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x3x2x1x2xf32> into tensor<1x6x2xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 1, 2, 1, 2] : tensor<1x2x1x2xf32> into tensor<1x1x2x1x2xf32>
  %e14 = tensor.empty() : tensor<1x2x1x1x2xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x1x2x1x2xf32>) outs(%e14 : tensor<1x2x1x1x2xf32>) permutation = [0, 4, 3, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x2x1x1x2xf32> into tensor<1x2x2xf32>
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x6x4xf32>, tensor<1x2x4xf32>) -> tensor<1x8x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x6x2xf32>, tensor<1x2x2xf32>) -> tensor<1x8x2xf32>
  %cst19 = arith.constant dense<[[5.000000e-01, 5.000000e-01], [1.500000e+00, 5.000000e-01], [2.500000e+00, 5.000000e-01], [5.000000e-01, 1.500000e+00], [1.500000e+00, 1.500000e+00], [2.500000e+00, 1.500000e+00], [5.000000e-01, 5.000000e-01], [1.500000e+00, 5.000000e-01]]> : tensor<8x2xf32>
  %cst20 = arith.constant dense<[4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 8.000000e+00, 8.000000e+00]> : tensor<8xf32>
  %collapsed21 = tensor.collapse_shape %concat17 [[0, 1], [2]] : tensor<1x8x4xf32> into tensor<8x4xf32>
  %extracted_slice22 = tensor.extract_slice %cst19[0, 0] [8, 1] [1, 1] : tensor<8x2xf32> to tensor<8x1xf32>
  %collapsed23 = tensor.collapse_shape %extracted_slice22 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice24 = tensor.extract_slice %cst19[0, 1] [8, 1] [1, 1] : tensor<8x2xf32> to tensor<8x1xf32>
  %collapsed25 = tensor.collapse_shape %extracted_slice24 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice26 = tensor.extract_slice %collapsed21[0, 0] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed27 = tensor.collapse_shape %extracted_slice26 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice28 = tensor.extract_slice %collapsed21[0, 1] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed29 = tensor.collapse_shape %extracted_slice28 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice30 = tensor.extract_slice %collapsed21[0, 2] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed31 = tensor.collapse_shape %extracted_slice30 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice32 = tensor.extract_slice %collapsed21[0, 3] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed33 = tensor.collapse_shape %extracted_slice32 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %e34 = tensor.empty() : tensor<8xf32>
  %v35 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed23, %collapsed27 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v36 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed25, %collapsed29 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v37 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed23, %collapsed31 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v38 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed25, %collapsed33 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v39 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v35, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v40 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v36, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v41 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v37, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v38, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %expanded43 = tensor.expand_shape %v39 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded44 = tensor.expand_shape %v40 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded45 = tensor.expand_shape %v41 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded46 = tensor.expand_shape %v42 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %concat47 = tensor.concat dim(1) %expanded43, %expanded44, %expanded45, %expanded46 : (tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x4xf32>
  // expected-remark @below {{not fused [layout_mismatch]: detection decode: output anchor 1 takes its box from level 0 cell (0, 1) anchor 0 but its scores from level 0 cell (1, 0) anchor 0: the box and score paths order the anchors differently}}
  %expanded48 = tensor.expand_shape %concat47 [[0, 1], [2]] output_shape [1, 8, 4] : tensor<8x4xf32> into tensor<1x8x4xf32>
  %cst49 = arith.constant 1.000000e+00 : f32
  %e50 = tensor.empty() : tensor<1x8x2xf32>
  %v51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18 : tensor<1x8x2xf32>) outs(%e50 : tensor<1x8x2xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst49 : f32
    %r = arith.divf %cst49, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x8x2xf32>
  return %expanded48, %v51 : tensor<1x8x4xf32>, tensor<1x8x2xf32>
}

// -----
//--- level-order.mlir
// layout_mismatch: corners whose boxes concatenate the levels (8 anchors, then
// 3) in order, and whose scores concatenate them in the reverse order.

// CHECK-LABEL: func.func @layout_mismatch_level_order(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         tensor.concat dim(1) {{.*}} : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
// CHECK:         tensor.concat dim(1) {{.*}} : (tensor<1x3x2xf32>, tensor<1x8x2xf32>) -> tensor<1x11x2xf32>
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x11x4xf32>, tensor<1x11x2xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @layout_mismatch_level_order(%box0: tensor<1x8x2x2xf32>, %box1: tensor<1x12x1x1xf32>, %cls0: tensor<1x4x2x2xf32>, %cls1: tensor<1x6x1x1xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x2xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 2, 2] : tensor<1x8x2x2xf32> into tensor<1x2x4x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x2x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x2x4x2x2xf32>) outs(%e2 : tensor<1x2x2x2x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x4xf32> into tensor<1x8x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 4, 1, 1] : tensor<1x12x1x1xf32> into tensor<1x3x4x1x1xf32>
  %e6 = tensor.empty() : tensor<1x1x1x3x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x3x4x1x1xf32>) outs(%e6 : tensor<1x1x1x3x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x1x3x4xf32> into tensor<1x3x4xf32>
  %expanded9 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 2, 1, 1] : tensor<1x6x1x1xf32> into tensor<1x3x2x1x1xf32>
  %e10 = tensor.empty() : tensor<1x1x1x3x2xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x3x2x1x1xf32>) outs(%e10 : tensor<1x1x1x3x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x1x1x3x2xf32> into tensor<1x3x2xf32>
  %expanded13 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 2, 2] : tensor<1x4x2x2xf32> into tensor<1x2x2x2x2xf32>
  %e14 = tensor.empty() : tensor<1x2x2x2x2xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x2x2x2x2xf32>) outs(%e14 : tensor<1x2x2x2x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x2xf32> into tensor<1x8x2xf32>
  // expected-remark @below {{not fused [layout_mismatch]: detection decode: the boxes come from 2 head tensors of 8, 3 anchors, the scores from 2 of 3, 8}}
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x3x2xf32>, tensor<1x8x2xf32>) -> tensor<1x11x2xf32>
  %cst19 = arith.constant 1.000000e+00 : f32
  %e20 = tensor.empty() : tensor<1x11x2xf32>
  %v21 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18 : tensor<1x11x2xf32>) outs(%e20 : tensor<1x11x2xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst19 : f32
    %r = arith.divf %cst19, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x11x2xf32>
  return %concat17, %v21 : tensor<1x11x4xf32>, tensor<1x11x2xf32>
}

// -----
//--- sqrt.mlir
// unknown_box_coding: distances from anchor points, but each distance goes
// through a sqrt first; every op is readable, and no coding the op defines
// gives that box.

// CHECK-LABEL: func.func @unknown_coding_sqrt(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         math.sqrt
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x8x4xf32>, tensor<1x8x2xf32>

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @unknown_coding_sqrt(%box0: tensor<1x4x2x3xf32>, %box1: tensor<1x4x1x2xf32>, %cls0: tensor<1x2x2x3xf32>, %cls1: tensor<1x2x1x2xf32>) -> (tensor<1x8x4xf32>, tensor<1x8x2xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 2, 3] : tensor<1x4x2x3xf32> into tensor<1x1x4x2x3xf32>
  %e2 = tensor.empty() : tensor<1x2x3x1x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x1x4x2x3xf32>) outs(%e2 : tensor<1x2x3x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x3x1x4xf32> into tensor<1x6x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 1, 2] : tensor<1x4x1x2xf32> into tensor<1x1x4x1x2xf32>
  %e6 = tensor.empty() : tensor<1x1x2x1x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x1x4x1x2xf32>) outs(%e6 : tensor<1x1x2x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x2x1x4xf32> into tensor<1x2x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 2, 2, 3] : tensor<1x2x2x3xf32> into tensor<1x1x2x2x3xf32>
  %e10 = tensor.empty() : tensor<1x2x3x1x2xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x1x2x2x3xf32>) outs(%e10 : tensor<1x2x3x1x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x2x3x1x2xf32> into tensor<1x6x2xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 1, 2, 1, 2] : tensor<1x2x1x2xf32> into tensor<1x1x2x1x2xf32>
  %e14 = tensor.empty() : tensor<1x1x2x1x2xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x1x2x1x2xf32>) outs(%e14 : tensor<1x1x2x1x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x1x2x1x2xf32> into tensor<1x2x2xf32>
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x6x4xf32>, tensor<1x2x4xf32>) -> tensor<1x8x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x6x2xf32>, tensor<1x2x2xf32>) -> tensor<1x8x2xf32>
  %cst19 = arith.constant dense<[[5.000000e-01, 5.000000e-01], [1.500000e+00, 5.000000e-01], [2.500000e+00, 5.000000e-01], [5.000000e-01, 1.500000e+00], [1.500000e+00, 1.500000e+00], [2.500000e+00, 1.500000e+00], [5.000000e-01, 5.000000e-01], [1.500000e+00, 5.000000e-01]]> : tensor<8x2xf32>
  %cst20 = arith.constant dense<[4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 8.000000e+00, 8.000000e+00]> : tensor<8xf32>
  %collapsed21 = tensor.collapse_shape %concat17 [[0, 1], [2]] : tensor<1x8x4xf32> into tensor<8x4xf32>
  %extracted_slice22 = tensor.extract_slice %cst19[0, 0] [8, 1] [1, 1] : tensor<8x2xf32> to tensor<8x1xf32>
  %collapsed23 = tensor.collapse_shape %extracted_slice22 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice24 = tensor.extract_slice %cst19[0, 1] [8, 1] [1, 1] : tensor<8x2xf32> to tensor<8x1xf32>
  %collapsed25 = tensor.collapse_shape %extracted_slice24 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice26 = tensor.extract_slice %collapsed21[0, 0] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed27 = tensor.collapse_shape %extracted_slice26 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice28 = tensor.extract_slice %collapsed21[0, 1] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed29 = tensor.collapse_shape %extracted_slice28 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice30 = tensor.extract_slice %collapsed21[0, 2] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed31 = tensor.collapse_shape %extracted_slice30 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice32 = tensor.extract_slice %collapsed21[0, 3] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed33 = tensor.collapse_shape %extracted_slice32 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %e34 = tensor.empty() : tensor<8xf32>
  %v35 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed27 : tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.sqrt %in0 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed29 : tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.sqrt %in0 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v37 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed31 : tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.sqrt %in0 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v38 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed33 : tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.sqrt %in0 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v39 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed23, %v35 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v40 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed25, %v36 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v41 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed23, %v37 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed25, %v38 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v43 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v39, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v44 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v40, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v45 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v41, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v46 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v42, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %expanded47 = tensor.expand_shape %v43 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded48 = tensor.expand_shape %v44 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded49 = tensor.expand_shape %v45 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded50 = tensor.expand_shape %v46 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %concat51 = tensor.concat dim(1) %expanded47, %expanded48, %expanded49, %expanded50 : (tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x4xf32>
  // expected-remark @below {{not fused [unknown_box_coding]: detection decode: anchor 0's box is none of the codings the op defines (center-size deltas against anchors, ltrb distances from anchor points times strides, corners), in any output format}}
  %expanded52 = tensor.expand_shape %concat51 [[0, 1], [2]] output_shape [1, 8, 4] : tensor<8x4xf32> into tensor<1x8x4xf32>
  %cst53 = arith.constant 1.000000e+00 : f32
  %e54 = tensor.empty() : tensor<1x8x2xf32>
  %v55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18 : tensor<1x8x2xf32>) outs(%e54 : tensor<1x8x2xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst53 : f32
    %r = arith.divf %cst53, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x8x2xf32>
  return %expanded52, %v55 : tensor<1x8x4xf32>, tensor<1x8x2xf32>
}

// -----
//--- extra-term.mlir
// unknown_box_coding (TOSA): center-size with variances (as in
// tosa-forms.mlir's variances case), plus 1 added to the center x.

// CHECK-LABEL: func.func @unknown_coding_extra_term(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         tosa.exp
// CHECK:         tosa.add
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x11x4xf32>, tensor<1x11x2xf32>

func.func @unknown_coding_extra_term(%box0: tensor<1x2x2x8xf32>, %box1: tensor<1x1x1x12xf32>, %cls0: tensor<1x2x2x4xf32>, %cls1: tensor<1x1x1x6xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x2xf32>) {
  %v1 = tosa.transpose %box0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x8xf32>) -> tensor<1x8x2x2xf32>
  %s3 = tosa.const_shape {values = dense<[1, 2, 4, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v2 = tosa.reshape %v1, %s3 : (tensor<1x8x2x2xf32>, !tosa.shape<5>) -> tensor<1x2x4x2x2xf32>
  %v4 = tosa.transpose %v2 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x2x4x2x2xf32>) -> tensor<1x2x2x2x4xf32>
  %s6 = tosa.const_shape {values = dense<[1, 8, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.reshape %v4, %s6 : (tensor<1x2x2x2x4xf32>, !tosa.shape<3>) -> tensor<1x8x4xf32>
  %v7 = tosa.transpose %box1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x12xf32>) -> tensor<1x12x1x1xf32>
  %s9 = tosa.const_shape {values = dense<[1, 3, 4, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v8 = tosa.reshape %v7, %s9 : (tensor<1x12x1x1xf32>, !tosa.shape<5>) -> tensor<1x3x4x1x1xf32>
  %v10 = tosa.transpose %v8 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x3x4x1x1xf32>) -> tensor<1x1x1x3x4xf32>
  %s12 = tosa.const_shape {values = dense<[1, 3, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v11 = tosa.reshape %v10, %s12 : (tensor<1x1x1x3x4xf32>, !tosa.shape<3>) -> tensor<1x3x4xf32>
  %v13 = tosa.transpose %cls0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x4xf32>) -> tensor<1x4x2x2xf32>
  %s15 = tosa.const_shape {values = dense<[1, 2, 2, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v14 = tosa.reshape %v13, %s15 : (tensor<1x4x2x2xf32>, !tosa.shape<5>) -> tensor<1x2x2x2x2xf32>
  %v16 = tosa.transpose %v14 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
  %s18 = tosa.const_shape {values = dense<[1, 8, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v17 = tosa.reshape %v16, %s18 : (tensor<1x2x2x2x2xf32>, !tosa.shape<3>) -> tensor<1x8x2xf32>
  %v19 = tosa.transpose %cls1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x6xf32>) -> tensor<1x6x1x1xf32>
  %s21 = tosa.const_shape {values = dense<[1, 3, 2, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v20 = tosa.reshape %v19, %s21 : (tensor<1x6x1x1xf32>, !tosa.shape<5>) -> tensor<1x3x2x1x1xf32>
  %v22 = tosa.transpose %v20 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x3x2x1x1xf32>) -> tensor<1x1x1x3x2xf32>
  %s24 = tosa.const_shape {values = dense<[1, 3, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v23 = tosa.reshape %v22, %s24 : (tensor<1x1x1x3x2xf32>, !tosa.shape<3>) -> tensor<1x3x2xf32>
  %v25 = tosa.concat %v5, %v11 {axis = 1 : i32} : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %v26 = tosa.concat %v17, %v23 {axis = 1 : i32} : (tensor<1x8x2xf32>, tensor<1x3x2xf32>) -> tensor<1x11x2xf32>
  %c27 = "tosa.const"() <{values = dense<[[3.750000e+00, 1.250000e+00, 3.500000e+00, 5.000000e-01], [2.000000e+00, 1.500000e+00, 1.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 4.000000e+00, 1.500000e+00], [4.500000e+00, 1.000000e+00, 6.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 4.000000e+00, 2.000000e+00], [1.500000e+00, 2.750000e+00, 2.000000e+00, 5.000000e-01], [1.500000e+00, 3.250000e+00, 2.000000e+00, 1.500000e+00], [1.250000e+00, 1.000000e+00, 2.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 3.500000e+00, 2.000000e+00], [1.500000e+00, 1.500000e+00, 2.000000e+00, 1.500000e+00], [2.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00]]> : tensor<11x4xf32>}> : () -> tensor<11x4xf32>
  %s29 = tosa.const_shape {values = dense<[1, 11, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v28 = tosa.reshape %c27, %s29 : (tensor<11x4xf32>, !tosa.shape<3>) -> tensor<1x11x4xf32>
  %s31 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s32 = tosa.const_shape {values = dense<[1, 11, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v30 = tosa.slice %v28, %s31, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s34 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v33 = tosa.slice %v28, %s34, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s36 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v35 = tosa.slice %v28, %s36, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s38 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v37 = tosa.slice %v28, %s38, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %v39 = tosa.slice %v25, %s31, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %c40 = "tosa.const"() <{values = dense<[[[1.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c42 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v41 = tosa.mul %v39, %c40, %c42 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v43 = tosa.slice %v25, %s34, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %v44 = tosa.mul %v43, %c40, %c42 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v45 = tosa.slice %v25, %s36, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %c46 = "tosa.const"() <{values = dense<[[[2.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %v47 = tosa.mul %v45, %c46, %c42 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v48 = tosa.slice %v25, %s38, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %v49 = tosa.mul %v48, %c46, %c42 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v50 = tosa.mul %v41, %v35, %c42 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v51 = tosa.add %v50, %v30 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v52 = tosa.mul %v44, %v37, %c42 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v53 = tosa.add %v52, %v33 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v54 = tosa.exp %v47 : (tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v55 = tosa.mul %v54, %v35, %c42 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v56 = tosa.exp %v49 : (tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v57 = tosa.mul %v56, %v37, %c42 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %c58 = "tosa.const"() <{values = dense<[[[1.000000e+00]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %v59 = tosa.add %v51, %c58 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>) -> tensor<1x11x1xf32>
  // expected-remark @below {{not fused [unknown_box_coding]: detection decode: anchor 0's box is none of the codings the op defines (center-size deltas against anchors, ltrb distances from anchor points times strides, corners), in any output format}}
  %v60 = tosa.concat %v59, %v53, %v55, %v57 {axis = 2 : i32} : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1x11x1xf32>) -> tensor<1x11x4xf32>
  %v61 = tosa.sigmoid %v26 : (tensor<1x11x2xf32>) -> tensor<1x11x2xf32>
  return %v60, %v61 : tensor<1x11x4xf32>, tensor<1x11x2xf32>
}

// -----
//--- rsqrt-bn4.mlir
// unknown_box_coding (TOSA): center-size against anchors given per image as
// one [B, N, 4] constant (bn4, B = 2), with rsqrt where exp belongs; the
// anchors have a shape the op takes, so the coding is what is refused.

// CHECK-LABEL: func.func @unknown_coding_rsqrt_bn4(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         "tosa.const"() <{values = dense<{{\[\[\[}}1.000000e+00, 7.500000e-01, 5.000000e+00, 1.250000e+00]{{.*}}> : tensor<2x3x4xf32>}>
// CHECK:         tosa.rsqrt
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<2x3x4xf32>, tensor<2x3x2xf32>

func.func @unknown_coding_rsqrt_bn4(%deltas: tensor<2x3x4xf32>, %logits: tensor<2x3x2xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x2xf32>) {
  %c1 = "tosa.const"() <{values = dense<[[[5.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c2 = "tosa.const"() <{values = dense<[[[1.000000e+00, 7.500000e-01, 5.000000e+00, 1.250000e+00], [2.500000e-01, 2.500000e-01, 3.750000e+00, 7.500000e-01], [2.000000e+00, 7.500000e-01, 3.000000e+00, 1.250000e+00]], [[1.500000e+00, 2.500000e+00, 2.500000e+00, 4.000000e+00], [2.500000e-01, 2.500000e+00, 1.250000e+00, 3.000000e+00], [5.000000e-01, 2.500000e-01, 6.500000e+00, 5.250000e+00]]]> : tensor<2x3x4xf32>}> : () -> tensor<2x3x4xf32>
  %s4 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s5 = tosa.const_shape {values = dense<[2, 3, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v3 = tosa.slice %c2, %s4, %s5 : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xf32>
  %s7 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v6 = tosa.slice %c2, %s7, %s5 : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xf32>
  %s9 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v8 = tosa.slice %c2, %s9, %s5 : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xf32>
  %s11 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v10 = tosa.slice %c2, %s11, %s5 : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xf32>
  %v12 = tosa.slice %deltas, %s4, %s5 : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xf32>
  %v13 = tosa.slice %deltas, %s7, %s5 : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xf32>
  %v14 = tosa.slice %deltas, %s9, %s5 : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xf32>
  %v15 = tosa.slice %deltas, %s11, %s5 : (tensor<2x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xf32>
  %c16 = "tosa.const"() <{values = dense<[[[5.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c18 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v17 = tosa.mul %v12, %c16, %c18 : (tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v19 = tosa.mul %v13, %c16, %c18 : (tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %c20 = "tosa.const"() <{values = dense<[[[1.000000e+00]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %v21 = tosa.mul %v14, %c20, %c18 : (tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v22 = tosa.mul %v15, %c20, %c18 : (tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v23 = tosa.sub %v8, %v3 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v24 = tosa.sub %v10, %v6 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v25 = tosa.mul %v23, %c1, %c18 : (tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v26 = tosa.add %v3, %v25 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v27 = tosa.mul %v24, %c1, %c18 : (tensor<2x3x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v28 = tosa.add %v6, %v27 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v29 = tosa.mul %v17, %v23, %c18 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v30 = tosa.add %v29, %v26 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v31 = tosa.mul %v19, %v24, %c18 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v32 = tosa.add %v31, %v28 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v33 = tosa.rsqrt %v21 : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v34 = tosa.mul %v33, %v23, %c18 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v35 = tosa.rsqrt %v22 : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v36 = tosa.mul %v35, %v24, %c18 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v37 = tosa.mul %c1, %v34, %c18 : (tensor<1x1x1xf32>, tensor<2x3x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v38 = tosa.mul %c1, %v36, %c18 : (tensor<1x1x1xf32>, tensor<2x3x1xf32>, tensor<1xi8>) -> tensor<2x3x1xf32>
  %v39 = tosa.sub %v30, %v37 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v40 = tosa.sub %v32, %v38 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v41 = tosa.add %v30, %v37 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %v42 = tosa.add %v32, %v38 : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  // expected-remark @below {{not fused [unknown_box_coding]: detection decode: anchor 0's box is none of the codings the op defines (center-size deltas against anchors, ltrb distances from anchor points times strides, corners), in any output format}}
  %v43 = tosa.concat %v39, %v40, %v41, %v42 {axis = 2 : i32} : (tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x4xf32>
  %v44 = tosa.sigmoid %logits : (tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  return %v43, %v44 : tensor<2x3x4xf32>, tensor<2x3x2xf32>
}

// -----
//--- anchor-broadcast.mlir
// anchor_shape_mismatch (TOSA): one [1, 4] prior broadcast to all 11 anchors;
// the op takes [N, 4], [1, N, 4] or [B, N, 4] boxes (or [2, N] / [N, 2]
// points).

// CHECK-LABEL: func.func @anchor_shape_one_prior(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         "tosa.const"() <{values = dense<{{\[\[}}1.500000e+00, 1.250000e+00, 3.000000e+00, 2.500000e+00]]> : tensor<1x4xf32>}>
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x11x4xf32>, tensor<1x11x2xf32>

func.func @anchor_shape_one_prior(%box0: tensor<1x2x2x8xf32>, %box1: tensor<1x1x1x12xf32>, %cls0: tensor<1x2x2x4xf32>, %cls1: tensor<1x1x1x6xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x2xf32>) {
  %v1 = tosa.transpose %box0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x8xf32>) -> tensor<1x8x2x2xf32>
  %s3 = tosa.const_shape {values = dense<[1, 2, 4, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v2 = tosa.reshape %v1, %s3 : (tensor<1x8x2x2xf32>, !tosa.shape<5>) -> tensor<1x2x4x2x2xf32>
  %v4 = tosa.transpose %v2 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x2x4x2x2xf32>) -> tensor<1x2x2x2x4xf32>
  %s6 = tosa.const_shape {values = dense<[1, 8, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.reshape %v4, %s6 : (tensor<1x2x2x2x4xf32>, !tosa.shape<3>) -> tensor<1x8x4xf32>
  %v7 = tosa.transpose %box1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x12xf32>) -> tensor<1x12x1x1xf32>
  %s9 = tosa.const_shape {values = dense<[1, 3, 4, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v8 = tosa.reshape %v7, %s9 : (tensor<1x12x1x1xf32>, !tosa.shape<5>) -> tensor<1x3x4x1x1xf32>
  %v10 = tosa.transpose %v8 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x3x4x1x1xf32>) -> tensor<1x1x1x3x4xf32>
  %s12 = tosa.const_shape {values = dense<[1, 3, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v11 = tosa.reshape %v10, %s12 : (tensor<1x1x1x3x4xf32>, !tosa.shape<3>) -> tensor<1x3x4xf32>
  %v13 = tosa.transpose %cls0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x4xf32>) -> tensor<1x4x2x2xf32>
  %s15 = tosa.const_shape {values = dense<[1, 2, 2, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v14 = tosa.reshape %v13, %s15 : (tensor<1x4x2x2xf32>, !tosa.shape<5>) -> tensor<1x2x2x2x2xf32>
  %v16 = tosa.transpose %v14 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
  %s18 = tosa.const_shape {values = dense<[1, 8, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v17 = tosa.reshape %v16, %s18 : (tensor<1x2x2x2x2xf32>, !tosa.shape<3>) -> tensor<1x8x2xf32>
  %v19 = tosa.transpose %cls1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x6xf32>) -> tensor<1x6x1x1xf32>
  %s21 = tosa.const_shape {values = dense<[1, 3, 2, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v20 = tosa.reshape %v19, %s21 : (tensor<1x6x1x1xf32>, !tosa.shape<5>) -> tensor<1x3x2x1x1xf32>
  %v22 = tosa.transpose %v20 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x3x2x1x1xf32>) -> tensor<1x1x1x3x2xf32>
  %s24 = tosa.const_shape {values = dense<[1, 3, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v23 = tosa.reshape %v22, %s24 : (tensor<1x1x1x3x2xf32>, !tosa.shape<3>) -> tensor<1x3x2xf32>
  %v25 = tosa.concat %v5, %v11 {axis = 1 : i32} : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %v26 = tosa.concat %v17, %v23 {axis = 1 : i32} : (tensor<1x8x2xf32>, tensor<1x3x2xf32>) -> tensor<1x11x2xf32>
  %c27 = "tosa.const"() <{values = dense<[[1.500000e+00, 1.250000e+00, 3.000000e+00, 2.500000e+00]]> : tensor<1x4xf32>}> : () -> tensor<1x4xf32>
  %s29 = tosa.const_shape {values = dense<[1, 1, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v28 = tosa.reshape %c27, %s29 : (tensor<1x4xf32>, !tosa.shape<3>) -> tensor<1x1x4xf32>
  %s31 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s32 = tosa.const_shape {values = dense<1> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v30 = tosa.slice %v28, %s31, %s32 : (tensor<1x1x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x1x1xf32>
  %s34 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v33 = tosa.slice %v28, %s34, %s32 : (tensor<1x1x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x1x1xf32>
  %s36 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v35 = tosa.slice %v28, %s36, %s32 : (tensor<1x1x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x1x1xf32>
  %s38 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v37 = tosa.slice %v28, %s38, %s32 : (tensor<1x1x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x1x1xf32>
  %s40 = tosa.const_shape {values = dense<[1, 11, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v39 = tosa.slice %v25, %s31, %s40 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %c41 = "tosa.const"() <{values = dense<[[[1.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c43 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v42 = tosa.mul %v39, %c41, %c43 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v44 = tosa.slice %v25, %s34, %s40 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %v45 = tosa.mul %v44, %c41, %c43 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v46 = tosa.slice %v25, %s36, %s40 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %c47 = "tosa.const"() <{values = dense<[[[2.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %v48 = tosa.mul %v46, %c47, %c43 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v49 = tosa.slice %v25, %s38, %s40 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %v50 = tosa.mul %v49, %c47, %c43 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v51 = tosa.mul %v42, %v35, %c43 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v52 = tosa.add %v51, %v30 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>) -> tensor<1x11x1xf32>
  %v53 = tosa.mul %v45, %v37, %c43 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v54 = tosa.add %v53, %v33 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>) -> tensor<1x11x1xf32>
  %v55 = tosa.exp %v48 : (tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v56 = tosa.mul %v55, %v35, %c43 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v57 = tosa.exp %v50 : (tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v58 = tosa.mul %v57, %v37, %c43 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  // expected-remark @below {{not fused [anchor_shape_mismatch]: detection decode: the box decode reads anchors [1, 4]; 11 anchors need [11, 4], [1, 11, 4] or [B, 11, 4] boxes, or [2, 11] or [11, 2] points}}
  %v59 = tosa.concat %v52, %v54, %v56, %v58 {axis = 2 : i32} : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1x11x1xf32>) -> tensor<1x11x4xf32>
  %v60 = tosa.sigmoid %v26 : (tensor<1x11x2xf32>) -> tensor<1x11x2xf32>
  return %v59, %v60 : tensor<1x11x4xf32>, tensor<1x11x2xf32>
}

// -----
//--- anchor-half-count.mlir
// anchor_shape_mismatch (TOSA): [N/2, 4] anchors, 3 of them, each tiled twice
// to the 6 anchors (reshape to [3, 1, 4], tile [1, 2, 1], reshape to
// [1, 6, 4]); they hold 2 * N values, as many as [2, N] points would, but the
// op reads no tiling.

// CHECK-LABEL: func.func @anchor_shape_half_count_tiled(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         tosa.tile
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x6x4xf32>, tensor<1x6x2xf32>

func.func @anchor_shape_half_count_tiled(%deltas: tensor<1x6x4xf32>, %logits: tensor<1x6x2xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x2xf32>) {
  %c1 = "tosa.const"() <{values = dense<[[[5.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c2 = "tosa.const"() <{values = dense<[[1.000000e+00, 7.500000e-01, 5.000000e+00, 1.250000e+00], [2.500000e-01, 2.500000e-01, 3.750000e+00, 7.500000e-01], [2.000000e+00, 7.500000e-01, 3.000000e+00, 1.250000e+00]]> : tensor<3x4xf32>}> : () -> tensor<3x4xf32>
  %s4 = tosa.const_shape {values = dense<[3, 1, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v3 = tosa.reshape %c2, %s4 : (tensor<3x4xf32>, !tosa.shape<3>) -> tensor<3x1x4xf32>
  %s6 = tosa.const_shape {values = dense<[1, 2, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.tile %v3, %s6 : (tensor<3x1x4xf32>, !tosa.shape<3>) -> tensor<3x2x4xf32>
  %s8 = tosa.const_shape {values = dense<[1, 6, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v7 = tosa.reshape %v5, %s8 : (tensor<3x2x4xf32>, !tosa.shape<3>) -> tensor<1x6x4xf32>
  %s10 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s11 = tosa.const_shape {values = dense<[1, 6, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v9 = tosa.slice %v7, %s10, %s11 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %s13 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v12 = tosa.slice %v7, %s13, %s11 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %s15 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v14 = tosa.slice %v7, %s15, %s11 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %s17 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v16 = tosa.slice %v7, %s17, %s11 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %v18 = tosa.slice %deltas, %s10, %s11 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %v19 = tosa.slice %deltas, %s13, %s11 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %v20 = tosa.slice %deltas, %s15, %s11 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %v21 = tosa.slice %deltas, %s17, %s11 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %c22 = "tosa.const"() <{values = dense<[[[5.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c24 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v23 = tosa.mul %v18, %c22, %c24 : (tensor<1x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v25 = tosa.mul %v19, %c22, %c24 : (tensor<1x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %c26 = "tosa.const"() <{values = dense<[[[1.000000e+00]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %v27 = tosa.mul %v20, %c26, %c24 : (tensor<1x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v28 = tosa.mul %v21, %c26, %c24 : (tensor<1x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v29 = tosa.sub %v14, %v9 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v30 = tosa.sub %v16, %v12 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v31 = tosa.mul %v29, %c1, %c24 : (tensor<1x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v32 = tosa.add %v9, %v31 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v33 = tosa.mul %v30, %c1, %c24 : (tensor<1x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v34 = tosa.add %v12, %v33 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v35 = tosa.mul %v23, %v29, %c24 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v36 = tosa.add %v35, %v32 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v37 = tosa.mul %v25, %v30, %c24 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v38 = tosa.add %v37, %v34 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v39 = tosa.exp %v27 : (tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v40 = tosa.mul %v39, %v29, %c24 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v41 = tosa.exp %v28 : (tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v42 = tosa.mul %v41, %v30, %c24 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v43 = tosa.mul %c1, %v40, %c24 : (tensor<1x1x1xf32>, tensor<1x6x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v44 = tosa.mul %c1, %v42, %c24 : (tensor<1x1x1xf32>, tensor<1x6x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v45 = tosa.sub %v36, %v43 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v46 = tosa.sub %v38, %v44 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v47 = tosa.add %v36, %v43 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v48 = tosa.add %v38, %v44 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  // expected-remark @below {{not fused [anchor_shape_mismatch]: detection decode: the box decode reads anchors [3, 4]; 6 anchors need [6, 4], [1, 6, 4] or [B, 6, 4] boxes, or [2, 6] or [6, 2] points}}
  %v49 = tosa.concat %v45, %v46, %v47, %v48 {axis = 2 : i32} : (tensor<1x6x1xf32>, tensor<1x6x1xf32>, tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x4xf32>
  %v50 = tosa.sigmoid %logits : (tensor<1x6x2xf32>) -> tensor<1x6x2xf32>
  return %v49, %v50 : tensor<1x6x4xf32>, tensor<1x6x2xf32>
}

// -----
//--- multi-use-raw.mlir
// multi_use: the raw concatenated boxes ([N, 4], after the collapse) are also
// returned, so the permutes and the concat must stay.

// CHECK-LABEL: func.func @multi_use_raw_boxes(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         tensor.concat dim(1)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x8x4xf32> into tensor<8x4xf32>
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x8x4xf32>, tensor<1x8x2xf32>, tensor<8x4xf32>

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @multi_use_raw_boxes(%box0: tensor<1x4x2x3xf32>, %box1: tensor<1x4x1x2xf32>, %cls0: tensor<1x2x2x3xf32>, %cls1: tensor<1x2x1x2xf32>) -> (tensor<1x8x4xf32>, tensor<1x8x2xf32>, tensor<8x4xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 2, 3] : tensor<1x4x2x3xf32> into tensor<1x1x4x2x3xf32>
  %e2 = tensor.empty() : tensor<1x2x3x1x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x1x4x2x3xf32>) outs(%e2 : tensor<1x2x3x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x3x1x4xf32> into tensor<1x6x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 1, 2] : tensor<1x4x1x2xf32> into tensor<1x1x4x1x2xf32>
  %e6 = tensor.empty() : tensor<1x1x2x1x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x1x4x1x2xf32>) outs(%e6 : tensor<1x1x2x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x2x1x4xf32> into tensor<1x2x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 2, 2, 3] : tensor<1x2x2x3xf32> into tensor<1x1x2x2x3xf32>
  %e10 = tensor.empty() : tensor<1x2x3x1x2xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x1x2x2x3xf32>) outs(%e10 : tensor<1x2x3x1x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x2x3x1x2xf32> into tensor<1x6x2xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 1, 2, 1, 2] : tensor<1x2x1x2xf32> into tensor<1x1x2x1x2xf32>
  %e14 = tensor.empty() : tensor<1x1x2x1x2xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x1x2x1x2xf32>) outs(%e14 : tensor<1x1x2x1x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x1x2x1x2xf32> into tensor<1x2x2xf32>
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x6x4xf32>, tensor<1x2x4xf32>) -> tensor<1x8x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x6x2xf32>, tensor<1x2x2xf32>) -> tensor<1x8x2xf32>
  %cst19 = arith.constant dense<[[5.000000e-01, 5.000000e-01], [1.500000e+00, 5.000000e-01], [2.500000e+00, 5.000000e-01], [5.000000e-01, 1.500000e+00], [1.500000e+00, 1.500000e+00], [2.500000e+00, 1.500000e+00], [5.000000e-01, 5.000000e-01], [1.500000e+00, 5.000000e-01]]> : tensor<8x2xf32>
  %cst20 = arith.constant dense<[4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 8.000000e+00, 8.000000e+00]> : tensor<8xf32>
  %collapsed21 = tensor.collapse_shape %concat17 [[0, 1], [2]] : tensor<1x8x4xf32> into tensor<8x4xf32>
  %extracted_slice22 = tensor.extract_slice %cst19[0, 0] [8, 1] [1, 1] : tensor<8x2xf32> to tensor<8x1xf32>
  %collapsed23 = tensor.collapse_shape %extracted_slice22 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice24 = tensor.extract_slice %cst19[0, 1] [8, 1] [1, 1] : tensor<8x2xf32> to tensor<8x1xf32>
  %collapsed25 = tensor.collapse_shape %extracted_slice24 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice26 = tensor.extract_slice %collapsed21[0, 0] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed27 = tensor.collapse_shape %extracted_slice26 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice28 = tensor.extract_slice %collapsed21[0, 1] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed29 = tensor.collapse_shape %extracted_slice28 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice30 = tensor.extract_slice %collapsed21[0, 2] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed31 = tensor.collapse_shape %extracted_slice30 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %extracted_slice32 = tensor.extract_slice %collapsed21[0, 3] [8, 1] [1, 1] : tensor<8x4xf32> to tensor<8x1xf32>
  %collapsed33 = tensor.collapse_shape %extracted_slice32 [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %e34 = tensor.empty() : tensor<8xf32>
  %v35 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed23, %collapsed27 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v36 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed25, %collapsed29 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v37 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed23, %collapsed31 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v38 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed25, %collapsed33 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v39 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v35, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v40 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v36, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v41 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v37, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %v42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v38, %cst20 : tensor<8xf32>, tensor<8xf32>) outs(%e34 : tensor<8xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %expanded43 = tensor.expand_shape %v39 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded44 = tensor.expand_shape %v40 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded45 = tensor.expand_shape %v41 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %expanded46 = tensor.expand_shape %v42 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %concat47 = tensor.concat dim(1) %expanded43, %expanded44, %expanded45, %expanded46 : (tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x4xf32>
  // expected-remark @below {{not fused [multi_use]: detection decode; stopped at 'tensor.collapse_shape': the intermediate of 'tensor.collapse_shape' is also read by 'func.return' outside the decode}}
  %expanded48 = tensor.expand_shape %concat47 [[0, 1], [2]] output_shape [1, 8, 4] : tensor<8x4xf32> into tensor<1x8x4xf32>
  %cst49 = arith.constant 1.000000e+00 : f32
  %e50 = tensor.empty() : tensor<1x8x2xf32>
  %v51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18 : tensor<1x8x2xf32>) outs(%e50 : tensor<1x8x2xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst49 : f32
    %r = arith.divf %cst49, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x8x2xf32>
  return %expanded48, %v51, %collapsed21 : tensor<1x8x4xf32>, tensor<1x8x2xf32>, tensor<8x4xf32>
}

// -----
//--- multi-use-max.mlir
// multi_use: the class softmax's running max (the arg-max style reduction's
// first result) is also returned.

// CHECK-LABEL: func.func @multi_use_softmax_max(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         %[[MAX:.+]]:2 = linalg.generic
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}}, %[[MAX]]#0 : tensor<1x11x4xf32>, tensor<1x11x2xf32>, tensor<1x11xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @multi_use_softmax_max(%box0: tensor<1x8x2x2xf32>, %box1: tensor<1x12x1x1xf32>, %cls0: tensor<1x6x2x2xf32>, %cls1: tensor<1x9x1x1xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x2xf32>, tensor<1x11xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 2, 2] : tensor<1x8x2x2xf32> into tensor<1x2x4x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x2x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x2x4x2x2xf32>) outs(%e2 : tensor<1x2x2x2x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x4xf32> into tensor<1x8x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 4, 1, 1] : tensor<1x12x1x1xf32> into tensor<1x3x4x1x1xf32>
  %e6 = tensor.empty() : tensor<1x1x1x3x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x3x4x1x1xf32>) outs(%e6 : tensor<1x1x1x3x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x1x3x4xf32> into tensor<1x3x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 2, 2] : tensor<1x6x2x2xf32> into tensor<1x2x3x2x2xf32>
  %e10 = tensor.empty() : tensor<1x2x2x2x3xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x2x3x2x2xf32>) outs(%e10 : tensor<1x2x2x2x3xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x3xf32> into tensor<1x8x3xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 3, 1, 1] : tensor<1x9x1x1xf32> into tensor<1x3x3x1x1xf32>
  %e14 = tensor.empty() : tensor<1x1x1x3x3xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x3x3x1x1xf32>) outs(%e14 : tensor<1x1x1x3x3xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x1x1x3x3xf32> into tensor<1x3x3xf32>
  // expected-remark @below {{not fused [multi_use]: detection decode; stopped at 'linalg.generic': the intermediate of 'linalg.generic' is also read by 'func.return' outside the decode}}
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x8x3xf32>, tensor<1x3x3xf32>) -> tensor<1x11x3xf32>
  %cst19 = arith.constant 0xFF800000 : f32
  %cst20 = arith.constant 0.000000e+00 : f32
  %cst21 = arith.constant 0 : i64
  %e22 = tensor.empty() : tensor<1x11xi64>
  %fill23 = linalg.fill ins(%cst21 : i64) outs(%e22 : tensor<1x11xi64>) -> tensor<1x11xi64>
  %e24 = tensor.empty() : tensor<1x11xf32>
  %fill25 = linalg.fill ins(%cst19 : f32) outs(%e24 : tensor<1x11xf32>) -> tensor<1x11xf32>
  %max26:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%concat18 : tensor<1x11x3xf32>) outs(%fill25, %fill23 : tensor<1x11xf32>, tensor<1x11xi64>) {
  ^bb0(%in: f32, %out: f32, %out_0: i64):
    %i = linalg.index 2 : index
    %j = arith.index_cast %i : index to i64
    %m = arith.maximumf %in, %out : f32
    %c = arith.cmpf ogt, %in, %out : f32
    %s = arith.select %c, %j, %out_0 : i64
    linalg.yield %m, %s : f32, i64
  } -> (tensor<1x11xf32>, tensor<1x11xi64>)
  %expanded27 = tensor.expand_shape %max26#0 [[0], [1, 2]] output_shape [1, 11, 1] : tensor<1x11xf32> into tensor<1x11x1xf32>
  %e28 = tensor.empty() : tensor<1x11x3xf32>
  %v29 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18, %expanded27 : tensor<1x11x3xf32>, tensor<1x11x1xf32>) outs(%e28 : tensor<1x11x3xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x11x3xf32>
  %v30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v29 : tensor<1x11x3xf32>) outs(%e28 : tensor<1x11x3xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x11x3xf32>
  %e31 = tensor.empty() : tensor<1x11x1xf32>
  %fill32 = linalg.fill ins(%cst20 : f32) outs(%e31 : tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %sum33 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%v30 : tensor<1x11x3xf32>) outs(%fill32 : tensor<1x11x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<1x11x1xf32>
  %v34 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v30, %sum33 : tensor<1x11x3xf32>, tensor<1x11x1xf32>) outs(%e28 : tensor<1x11x3xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.divf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x11x3xf32>
  %extracted_slice35 = tensor.extract_slice %v34[0, 0, 1] [1, 11, 2] [1, 1, 1] : tensor<1x11x3xf32> to tensor<1x11x2xf32>
  return %concat17, %extracted_slice35, %max26#0 : tensor<1x11x4xf32>, tensor<1x11x2xf32>, tensor<1x11xf32>
}

// -----
//--- tanh.mlir
// unrecognized_pattern: math.tanh in the scores' body, an op the recognizer
// does not read.

// CHECK-LABEL: func.func @unrecognized_tanh(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         math.tanh
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x11x4xf32>, tensor<1x11x2xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @unrecognized_tanh(%box0: tensor<1x8x2x2xf32>, %box1: tensor<1x12x1x1xf32>, %cls0: tensor<1x4x2x2xf32>, %cls1: tensor<1x6x1x1xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x2xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 2, 2] : tensor<1x8x2x2xf32> into tensor<1x2x4x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x2x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x2x4x2x2xf32>) outs(%e2 : tensor<1x2x2x2x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x4xf32> into tensor<1x8x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 4, 1, 1] : tensor<1x12x1x1xf32> into tensor<1x3x4x1x1xf32>
  %e6 = tensor.empty() : tensor<1x1x1x3x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x3x4x1x1xf32>) outs(%e6 : tensor<1x1x1x3x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x1x3x4xf32> into tensor<1x3x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 2, 2] : tensor<1x4x2x2xf32> into tensor<1x2x2x2x2xf32>
  %e10 = tensor.empty() : tensor<1x2x2x2x2xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x2x2x2x2xf32>) outs(%e10 : tensor<1x2x2x2x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x2xf32> into tensor<1x8x2xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 2, 1, 1] : tensor<1x6x1x1xf32> into tensor<1x3x2x1x1xf32>
  %e14 = tensor.empty() : tensor<1x1x1x3x2xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x3x2x1x1xf32>) outs(%e14 : tensor<1x1x1x3x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x1x1x3x2xf32> into tensor<1x3x2xf32>
  // expected-remark @below {{not fused [unrecognized_pattern]: detection decode; stopped at 'math.tanh': the score values go through 'math.tanh': a body op the recognizer does not read}}
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x8x2xf32>, tensor<1x3x2xf32>) -> tensor<1x11x2xf32>
  %e19 = tensor.empty() : tensor<1x11x2xf32>
  %v20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18 : tensor<1x11x2xf32>) outs(%e19 : tensor<1x11x2xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.tanh %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x11x2xf32>
  return %concat17, %v20 : tensor<1x11x4xf32>, tensor<1x11x2xf32>
}

// -----
//--- erf.mlir
// unrecognized_pattern (TOSA): the scores go through tosa.erf, an op the
// recognizer does not read (the trace stops there, as at a head).

// CHECK-LABEL: func.func @unrecognized_tosa_erf(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         tosa.erf
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x11x4xf32>, tensor<1x11x2xf32>

func.func @unrecognized_tosa_erf(%box0: tensor<1x2x2x8xf32>, %box1: tensor<1x1x1x12xf32>, %cls0: tensor<1x2x2x4xf32>, %cls1: tensor<1x1x1x6xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x2xf32>) {
  %v1 = tosa.transpose %box0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x8xf32>) -> tensor<1x8x2x2xf32>
  %s3 = tosa.const_shape {values = dense<[1, 2, 4, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v2 = tosa.reshape %v1, %s3 : (tensor<1x8x2x2xf32>, !tosa.shape<5>) -> tensor<1x2x4x2x2xf32>
  %v4 = tosa.transpose %v2 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x2x4x2x2xf32>) -> tensor<1x2x2x2x4xf32>
  %s6 = tosa.const_shape {values = dense<[1, 8, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.reshape %v4, %s6 : (tensor<1x2x2x2x4xf32>, !tosa.shape<3>) -> tensor<1x8x4xf32>
  %v7 = tosa.transpose %box1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x12xf32>) -> tensor<1x12x1x1xf32>
  %s9 = tosa.const_shape {values = dense<[1, 3, 4, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v8 = tosa.reshape %v7, %s9 : (tensor<1x12x1x1xf32>, !tosa.shape<5>) -> tensor<1x3x4x1x1xf32>
  %v10 = tosa.transpose %v8 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x3x4x1x1xf32>) -> tensor<1x1x1x3x4xf32>
  %s12 = tosa.const_shape {values = dense<[1, 3, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v11 = tosa.reshape %v10, %s12 : (tensor<1x1x1x3x4xf32>, !tosa.shape<3>) -> tensor<1x3x4xf32>
  %v13 = tosa.transpose %cls0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x4xf32>) -> tensor<1x4x2x2xf32>
  %s15 = tosa.const_shape {values = dense<[1, 2, 2, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v14 = tosa.reshape %v13, %s15 : (tensor<1x4x2x2xf32>, !tosa.shape<5>) -> tensor<1x2x2x2x2xf32>
  %v16 = tosa.transpose %v14 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
  %s18 = tosa.const_shape {values = dense<[1, 8, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v17 = tosa.reshape %v16, %s18 : (tensor<1x2x2x2x2xf32>, !tosa.shape<3>) -> tensor<1x8x2xf32>
  %v19 = tosa.transpose %cls1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x6xf32>) -> tensor<1x6x1x1xf32>
  %s21 = tosa.const_shape {values = dense<[1, 3, 2, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v20 = tosa.reshape %v19, %s21 : (tensor<1x6x1x1xf32>, !tosa.shape<5>) -> tensor<1x3x2x1x1xf32>
  %v22 = tosa.transpose %v20 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x3x2x1x1xf32>) -> tensor<1x1x1x3x2xf32>
  %s24 = tosa.const_shape {values = dense<[1, 3, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v23 = tosa.reshape %v22, %s24 : (tensor<1x1x1x3x2xf32>, !tosa.shape<3>) -> tensor<1x3x2xf32>
  %v25 = tosa.concat %v5, %v11 {axis = 1 : i32} : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %v26 = tosa.concat %v17, %v23 {axis = 1 : i32} : (tensor<1x8x2xf32>, tensor<1x3x2xf32>) -> tensor<1x11x2xf32>
  %c27 = "tosa.const"() <{values = dense<[[3.750000e+00, 1.250000e+00, 3.500000e+00, 5.000000e-01], [2.000000e+00, 1.500000e+00, 1.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 4.000000e+00, 1.500000e+00], [4.500000e+00, 1.000000e+00, 6.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 4.000000e+00, 2.000000e+00], [1.500000e+00, 2.750000e+00, 2.000000e+00, 5.000000e-01], [1.500000e+00, 3.250000e+00, 2.000000e+00, 1.500000e+00], [1.250000e+00, 1.000000e+00, 2.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 3.500000e+00, 2.000000e+00], [1.500000e+00, 1.500000e+00, 2.000000e+00, 1.500000e+00], [2.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00]]> : tensor<11x4xf32>}> : () -> tensor<11x4xf32>
  %s29 = tosa.const_shape {values = dense<[1, 11, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v28 = tosa.reshape %c27, %s29 : (tensor<11x4xf32>, !tosa.shape<3>) -> tensor<1x11x4xf32>
  %s31 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s32 = tosa.const_shape {values = dense<[1, 11, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v30 = tosa.slice %v28, %s31, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s34 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v33 = tosa.slice %v28, %s34, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s36 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v35 = tosa.slice %v28, %s36, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s38 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v37 = tosa.slice %v28, %s38, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %v39 = tosa.slice %v25, %s31, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %c40 = "tosa.const"() <{values = dense<[[[1.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c42 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v41 = tosa.mul %v39, %c40, %c42 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v43 = tosa.slice %v25, %s34, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %v44 = tosa.mul %v43, %c40, %c42 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v45 = tosa.slice %v25, %s36, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %c46 = "tosa.const"() <{values = dense<[[[2.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %v47 = tosa.mul %v45, %c46, %c42 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v48 = tosa.slice %v25, %s38, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %v49 = tosa.mul %v48, %c46, %c42 : (tensor<1x11x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v50 = tosa.mul %v41, %v35, %c42 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v51 = tosa.add %v50, %v30 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v52 = tosa.mul %v44, %v37, %c42 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v53 = tosa.add %v52, %v33 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v54 = tosa.exp %v47 : (tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v55 = tosa.mul %v54, %v35, %c42 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  %v56 = tosa.exp %v49 : (tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %v57 = tosa.mul %v56, %v37, %c42 : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1xi8>) -> tensor<1x11x1xf32>
  // expected-remark @below {{not fused [unrecognized_pattern]: detection decode; stopped at 'tosa.erf': the score values go through 'tosa.erf', which the recognizer does not read}}
  %v58 = tosa.concat %v51, %v53, %v55, %v57 {axis = 2 : i32} : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1x11x1xf32>) -> tensor<1x11x4xf32>
  %v59 = tosa.erf %v26 : (tensor<1x11x2xf32>) -> tensor<1x11x2xf32>
  return %v58, %v59 : tensor<1x11x4xf32>, tensor<1x11x2xf32>
}

// -----
//--- not-a-decode.mlir
// unrecognized_pattern: a rank-3 result that is no decode at all, a batched
// matmul's.

// CHECK-LABEL: func.func @not_a_decode(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         linalg.batch_matmul
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return

func.func @not_a_decode(%a: tensor<1x8x3xf32>, %b: tensor<1x3x6xf32>) -> tensor<1x8x6xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x8x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x6xf32>) -> tensor<1x8x6xf32>
  // expected-remark @below {{not fused [unrecognized_pattern]: detection decode; stopped at 'linalg.batch_matmul': the box values go through 'linalg.batch_matmul', which the recognizer does not read}}
  %r = linalg.batch_matmul ins(%a, %b : tensor<1x8x3xf32>, tensor<1x3x6xf32>) outs(%f : tensor<1x8x6xf32>) -> tensor<1x8x6xf32>
  return %r : tensor<1x8x6xf32>
}

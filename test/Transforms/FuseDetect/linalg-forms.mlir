// fusion-fuse-detect on small decodes in torch-mlir's linalg spelling (the
// forms of test/Corpus/Inputs/{ssdlite,yolov8n}-linalg-b1.mlir: per-level
// tensor.expand_shape / linalg.transpose / tensor.collapse_shape, tensor.concat
// across levels, elementwise linalg.generic bodies, softmax as torch-mlir
// lowers it): each decode becomes ONE fusion.decode_detections reading the
// head tensors directly, with the coding, weights (non-unit, all 1, or 1 for
// w and h only), clamp, DFL, anchor layout, score activation and packing the
// IR computes; none of the decode's linalg or tensor ops survive, and the
// fused decision is remarked.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse-detect=explain -verify-diagnostics | FileCheck %s
//
// Numeric parity: every case alone (split-file; fusion-verify neither splits
// its input nor counts decodes per function) runs on random frames through
// the upstream-linalg reference of the original IR and through the fused
// program, and every output must agree.
// RUN: rm -rf %t && split-file %s %t
// RUN: fusion-verify %t/ssd.mlir --entry=ssd_center_size_softmax --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=ssd_center_size_softmax
// RUN: fusion-verify %t/retinanet.mlir --entry=retinanet_sigmoid_b2 --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=retinanet_sigmoid_b2
// RUN: fusion-verify %t/variances.mlir --entry=ssd_variances_cxcywh --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=ssd_variances_cxcywh
// RUN: fusion-verify %t/yolov8.mlir --entry=yolov8_dfl_packed --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=yolov8_dfl_packed
// RUN: fusion-verify %t/ltrb.mlir --entry=ltrb_points_n2_xyxy --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=ltrb_points_n2_xyxy
// RUN: fusion-verify %t/corners.mlir --entry=corners_softmax_drop_background --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=corners_softmax_drop_background
// RUN: fusion-verify %t/bnk.mlir --entry=bnk_heads_one_n4 --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=bnk_heads_one_n4
// RUN: fusion-verify %t/bkn-packed.mlir --entry=bkn_heads_corners_cxcywh_packed_bnk --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=bkn_heads_corners_cxcywh_packed_bnk

// PARITY: fusion-verify: @[[ENTRY]], fused vs reference, 200 frames, {{.*}}, fused decodes 1{{$}}
// PARITY: {{^}}PASS{{$}}

//--- ssd.mlir
// SSD (torchvision SSD/SSDlite): three levels of 2x2 cells x 2 anchors,
// 1x2 x 3 and 1x1 x 4, each head output viewed [B, A, K, H, W], permuted to
// (h, w, a) and concatenated; BoxCoder.decode with weights (10, 10, 5, 5)
// (divides) and the exp clamp at log(1000/16) spelled as torch-mlir spells
// clamp(max=): an f64 bound truncated to f32, cmpf ugt + select
// (clamp_nan(bound)); xyxy anchors [N, 4]; a class softmax (arg-max style max
// reduction, exp, sum, divide).

// CHECK-LABEL: func.func @ssd_center_size_softmax(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<1x8x2x2xf32>, %[[BOX1:[^:]+]]: tensor<1x12x1x2xf32>, %[[BOX2:[^:]+]]: tensor<1x16x1x1xf32>, %[[CLS0:[^:]+]]: tensor<1x6x2x2xf32>, %[[CLS1:[^:]+]]: tensor<1x9x1x2xf32>, %[[CLS2:[^:]+]]: tensor<1x12x1x1xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[ANCHORS:.+]] = arith.constant dense<{{\[\[}}5.000000e-01, 7.500000e-01, 4.000000e+00, 5.750000e+00]{{.*}}> : tensor<18x4xf32>
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(nchw %[[BOX0]], %[[BOX1]], %[[BOX2]] : tensor<1x8x2x2xf32>, tensor<1x12x1x2xf32>, tensor<1x16x1x1xf32>)
// CHECK-SAME:      scores(nchw %[[CLS0]], %[[CLS1]], %[[CLS2]] : tensor<1x6x2x2xf32>, tensor<1x9x1x2xf32>, tensor<1x12x1x1xf32>)
// CHECK-SAME:      anchors(%[[ANCHORS]] : tensor<18x4xf32>) coding(center_size) weights([1.000000e+01, 1.000000e+01, 5.000000e+00, 5.000000e+00]) wh_clamp(4.1351666450500488) clamp_nan(bound) anchor_layout(n4) score(softmax) to xyxy -> tensor<1x18x4xf32>, tensor<1x18x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x18x4xf32>, tensor<1x18x3xf32>

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @ssd_center_size_softmax(%box0: tensor<1x8x2x2xf32>, %box1: tensor<1x12x1x2xf32>, %box2: tensor<1x16x1x1xf32>, %cls0: tensor<1x6x2x2xf32>, %cls1: tensor<1x9x1x2xf32>, %cls2: tensor<1x12x1x1xf32>) -> (tensor<1x18x4xf32>, tensor<1x18x3xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 2, 2] : tensor<1x8x2x2xf32> into tensor<1x2x4x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x2x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x2x4x2x2xf32>) outs(%e2 : tensor<1x2x2x2x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x4xf32> into tensor<1x8x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 4, 1, 2] : tensor<1x12x1x2xf32> into tensor<1x3x4x1x2xf32>
  %e6 = tensor.empty() : tensor<1x1x2x3x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x3x4x1x2xf32>) outs(%e6 : tensor<1x1x2x3x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x2x3x4xf32> into tensor<1x6x4xf32>
  %expanded9 = tensor.expand_shape %box2 [[0], [1, 2], [3], [4]] output_shape [1, 4, 4, 1, 1] : tensor<1x16x1x1xf32> into tensor<1x4x4x1x1xf32>
  %e10 = tensor.empty() : tensor<1x1x1x4x4xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x4x4x1x1xf32>) outs(%e10 : tensor<1x1x1x4x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x1x1x4x4xf32> into tensor<1x4x4xf32>
  %expanded13 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 2, 2] : tensor<1x6x2x2xf32> into tensor<1x2x3x2x2xf32>
  %e14 = tensor.empty() : tensor<1x2x2x2x3xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x2x3x2x2xf32>) outs(%e14 : tensor<1x2x2x2x3xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x3xf32> into tensor<1x8x3xf32>
  %expanded17 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 3, 1, 2] : tensor<1x9x1x2xf32> into tensor<1x3x3x1x2xf32>
  %e18 = tensor.empty() : tensor<1x1x2x3x3xf32>
  %transposed19 = linalg.transpose ins(%expanded17 : tensor<1x3x3x1x2xf32>) outs(%e18 : tensor<1x1x2x3x3xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed20 = tensor.collapse_shape %transposed19 [[0], [1, 2, 3], [4]] : tensor<1x1x2x3x3xf32> into tensor<1x6x3xf32>
  %expanded21 = tensor.expand_shape %cls2 [[0], [1, 2], [3], [4]] output_shape [1, 4, 3, 1, 1] : tensor<1x12x1x1xf32> into tensor<1x4x3x1x1xf32>
  %e22 = tensor.empty() : tensor<1x1x1x4x3xf32>
  %transposed23 = linalg.transpose ins(%expanded21 : tensor<1x4x3x1x1xf32>) outs(%e22 : tensor<1x1x1x4x3xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed24 = tensor.collapse_shape %transposed23 [[0], [1, 2, 3], [4]] : tensor<1x1x1x4x3xf32> into tensor<1x4x3xf32>
  %concat25 = tensor.concat dim(1) %collapsed4, %collapsed8, %collapsed12 : (tensor<1x8x4xf32>, tensor<1x6x4xf32>, tensor<1x4x4xf32>) -> tensor<1x18x4xf32>
  %concat26 = tensor.concat dim(1) %collapsed16, %collapsed20, %collapsed24 : (tensor<1x8x3xf32>, tensor<1x6x3xf32>, tensor<1x4x3xf32>) -> tensor<1x18x3xf32>
  %collapsed27 = tensor.collapse_shape %concat25 [[0, 1], [2]] : tensor<1x18x4xf32> into tensor<18x4xf32>
  %cst28 = arith.constant dense<[[5.000000e-01, 7.500000e-01, 4.000000e+00, 5.750000e+00], [3.000000e+00, 2.500000e-01, 9.000000e+00, 7.500000e-01], [1.500000e+00, 1.000000e+00, 7.500000e+00, 2.500000e+00], [5.000000e-01, 2.500000e+00, 6.500000e+00, 7.500000e+00], [1.500000e+00, 7.500000e-01, 3.500000e+00, 2.250000e+00], [2.000000e+00, 2.500000e+00, 3.000000e+00, 3.000000e+00], [5.000000e-01, 2.500000e-01, 4.000000e+00, 7.500000e-01], [1.000000e+00, 2.500000e+00, 7.000000e+00, 7.500000e+00], [3.000000e+00, 2.500000e+00, 7.000000e+00, 7.500000e+00], [5.000000e-01, 1.000000e+00, 1.500000e+00, 1.500000e+00], [5.000000e-01, 2.500000e+00, 2.500000e+00, 4.500000e+00], [3.000000e+00, 2.500000e+00, 6.500000e+00, 7.500000e+00], [2.000000e+00, 2.500000e+00, 8.000000e+00, 4.500000e+00], [2.000000e+00, 2.500000e+00, 8.000000e+00, 4.000000e+00], [1.000000e+00, 2.500000e-01, 4.500000e+00, 1.750000e+00], [3.000000e+00, 1.000000e+00, 9.000000e+00, 1.500000e+00], [3.000000e+00, 7.500000e-01, 9.000000e+00, 2.750000e+00], [1.000000e+00, 2.500000e-01, 2.000000e+00, 5.250000e+00]]> : tensor<18x4xf32>
  %cst29 = arith.constant 5.000000e-01 : f32
  %extracted_slice30 = tensor.extract_slice %cst28[0, 2] [18, 1] [1, 1] : tensor<18x4xf32> to tensor<18x1xf32>
  %collapsed31 = tensor.collapse_shape %extracted_slice30 [[0, 1]] : tensor<18x1xf32> into tensor<18xf32>
  %extracted_slice32 = tensor.extract_slice %cst28[0, 0] [18, 1] [1, 1] : tensor<18x4xf32> to tensor<18x1xf32>
  %collapsed33 = tensor.collapse_shape %extracted_slice32 [[0, 1]] : tensor<18x1xf32> into tensor<18xf32>
  %e34 = tensor.empty() : tensor<18xf32>
  %v35 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed31, %collapsed33 : tensor<18xf32>, tensor<18xf32>) outs(%e34 : tensor<18xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18xf32>
  %extracted_slice36 = tensor.extract_slice %cst28[0, 3] [18, 1] [1, 1] : tensor<18x4xf32> to tensor<18x1xf32>
  %collapsed37 = tensor.collapse_shape %extracted_slice36 [[0, 1]] : tensor<18x1xf32> into tensor<18xf32>
  %extracted_slice38 = tensor.extract_slice %cst28[0, 1] [18, 1] [1, 1] : tensor<18x4xf32> to tensor<18x1xf32>
  %collapsed39 = tensor.collapse_shape %extracted_slice38 [[0, 1]] : tensor<18x1xf32> into tensor<18xf32>
  %e40 = tensor.empty() : tensor<18xf32>
  %v41 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed37, %collapsed39 : tensor<18xf32>, tensor<18xf32>) outs(%e40 : tensor<18xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18xf32>
  %e42 = tensor.empty() : tensor<18xf32>
  %v43 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v35 : tensor<18xf32>) outs(%e42 : tensor<18xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst29 : f32
    linalg.yield %r : f32
  } -> tensor<18xf32>
  %e44 = tensor.empty() : tensor<18xf32>
  %v45 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed33, %v43 : tensor<18xf32>, tensor<18xf32>) outs(%e44 : tensor<18xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18xf32>
  %e46 = tensor.empty() : tensor<18xf32>
  %v47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v41 : tensor<18xf32>) outs(%e46 : tensor<18xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst29 : f32
    linalg.yield %r : f32
  } -> tensor<18xf32>
  %e48 = tensor.empty() : tensor<18xf32>
  %v49 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed39, %v47 : tensor<18xf32>, tensor<18xf32>) outs(%e48 : tensor<18xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18xf32>
  %e50 = tensor.empty() : tensor<18x1xf32>
  %extracted_slice51 = tensor.extract_slice %collapsed27[0, 0] [18, 1] [1, 4] : tensor<18x4xf32> to tensor<18x1xf32>
  %cst52 = arith.constant 1.000000e+01 : f32
  %v53 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice51 : tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst52 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %extracted_slice54 = tensor.extract_slice %collapsed27[0, 1] [18, 1] [1, 4] : tensor<18x4xf32> to tensor<18x1xf32>
  %v55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice54 : tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst52 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %extracted_slice56 = tensor.extract_slice %collapsed27[0, 2] [18, 1] [1, 4] : tensor<18x4xf32> to tensor<18x1xf32>
  %cst57 = arith.constant 5.000000e+00 : f32
  %v58 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice56 : tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst57 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %extracted_slice59 = tensor.extract_slice %collapsed27[0, 3] [18, 1] [1, 4] : tensor<18x4xf32> to tensor<18x1xf32>
  %v60 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice59 : tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst57 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %cst61 = arith.constant 4.135166556742356 : f64
  %v62 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v58 : tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %t = arith.truncf %cst61 : f64 to f32
    %c = arith.cmpf ugt, %in0, %t : f32
    %r = arith.select %c, %t, %in0 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v63 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v60 : tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %t = arith.truncf %cst61 : f64 to f32
    %c = arith.cmpf ugt, %in0, %t : f32
    %r = arith.select %c, %t, %in0 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %expanded64 = tensor.expand_shape %v35 [[0, 1]] output_shape [18, 1] : tensor<18xf32> into tensor<18x1xf32>
  %expanded65 = tensor.expand_shape %v45 [[0, 1]] output_shape [18, 1] : tensor<18xf32> into tensor<18x1xf32>
  %expanded66 = tensor.expand_shape %v41 [[0, 1]] output_shape [18, 1] : tensor<18xf32> into tensor<18x1xf32>
  %expanded67 = tensor.expand_shape %v49 [[0, 1]] output_shape [18, 1] : tensor<18xf32> into tensor<18x1xf32>
  %v68 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v53, %expanded64 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v69 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v68, %expanded65 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v70 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v55, %expanded66 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v71 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v70, %expanded67 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v72 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v62 : tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v73 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v72, %expanded64 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v74 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v63 : tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v75 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v74, %expanded66 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %cst76 = arith.constant dense<5.000000e-01> : tensor<f32>
  %v77 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst76, %v75 : tensor<f32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v78 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst76, %v73 : tensor<f32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v79 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v69, %v78 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v80 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v71, %v77 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v81 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v69, %v78 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %v82 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v71, %v77 : tensor<18x1xf32>, tensor<18x1xf32>) outs(%e50 : tensor<18x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<18x1xf32>
  %expanded83 = tensor.expand_shape %v79 [[0], [1, 2]] output_shape [18, 1, 1] : tensor<18x1xf32> into tensor<18x1x1xf32>
  %expanded84 = tensor.expand_shape %v80 [[0], [1, 2]] output_shape [18, 1, 1] : tensor<18x1xf32> into tensor<18x1x1xf32>
  %expanded85 = tensor.expand_shape %v81 [[0], [1, 2]] output_shape [18, 1, 1] : tensor<18x1xf32> into tensor<18x1x1xf32>
  %expanded86 = tensor.expand_shape %v82 [[0], [1, 2]] output_shape [18, 1, 1] : tensor<18x1xf32> into tensor<18x1x1xf32>
  %concat87 = tensor.concat dim(2) %expanded83, %expanded84, %expanded85, %expanded86 : (tensor<18x1x1xf32>, tensor<18x1x1xf32>, tensor<18x1x1xf32>, tensor<18x1x1xf32>) -> tensor<18x1x4xf32>
  %collapsed88 = tensor.collapse_shape %concat87 [[0], [1, 2]] : tensor<18x1x4xf32> into tensor<18x4xf32>
  // expected-remark @below {{fused [fused]: detection decode center_size to xyxy, softmax scores of 3 classes, 18 anchors read from 3 nchw head tensors, split outputs}}
  %expanded89 = tensor.expand_shape %collapsed88 [[0, 1], [2]] output_shape [1, 18, 4] : tensor<18x4xf32> into tensor<1x18x4xf32>
  %cst90 = arith.constant 0xFF800000 : f32
  %cst91 = arith.constant 0.000000e+00 : f32
  %cst92 = arith.constant 0 : i64
  %e93 = tensor.empty() : tensor<1x18xi64>
  %fill94 = linalg.fill ins(%cst92 : i64) outs(%e93 : tensor<1x18xi64>) -> tensor<1x18xi64>
  %e95 = tensor.empty() : tensor<1x18xf32>
  %fill96 = linalg.fill ins(%cst90 : f32) outs(%e95 : tensor<1x18xf32>) -> tensor<1x18xf32>
  %max97:2 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%concat26 : tensor<1x18x3xf32>) outs(%fill96, %fill94 : tensor<1x18xf32>, tensor<1x18xi64>) {
  ^bb0(%in: f32, %out: f32, %out_0: i64):
    %i = linalg.index 2 : index
    %j = arith.index_cast %i : index to i64
    %m = arith.maximumf %in, %out : f32
    %c = arith.cmpf ogt, %in, %out : f32
    %s = arith.select %c, %j, %out_0 : i64
    linalg.yield %m, %s : f32, i64
  } -> (tensor<1x18xf32>, tensor<1x18xi64>)
  %expanded98 = tensor.expand_shape %max97#0 [[0], [1, 2]] output_shape [1, 18, 1] : tensor<1x18xf32> into tensor<1x18x1xf32>
  %e99 = tensor.empty() : tensor<1x18x3xf32>
  %v100 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat26, %expanded98 : tensor<1x18x3xf32>, tensor<1x18x1xf32>) outs(%e99 : tensor<1x18x3xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x18x3xf32>
  %v101 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v100 : tensor<1x18x3xf32>) outs(%e99 : tensor<1x18x3xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x18x3xf32>
  %e102 = tensor.empty() : tensor<1x18x1xf32>
  %fill103 = linalg.fill ins(%cst91 : f32) outs(%e102 : tensor<1x18x1xf32>) -> tensor<1x18x1xf32>
  %sum104 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%v101 : tensor<1x18x3xf32>) outs(%fill103 : tensor<1x18x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<1x18x1xf32>
  %v105 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v101, %sum104 : tensor<1x18x3xf32>, tensor<1x18x1xf32>) outs(%e99 : tensor<1x18x3xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.divf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x18x3xf32>
  return %expanded89, %v105 : tensor<1x18x4xf32>, tensor<1x18x3xf32>
}

// -----
//--- retinanet.mlir
// RetinaNet-style: sigmoid scores, batch 2, anchors given per image as one
// [B, N, 4] constant (bn4), no clamp, and torchvision RetinaNet's BoxCoder
// weights (1, 1, 1, 1): each delta is divided by 1, which leaves dx and dy
// multiplied by the anchor's width and height (constants too) and nothing
// else; the op carries the default weights.

// CHECK-LABEL: func.func @retinanet_sigmoid_b2(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<2x8x2x2xf32>, %[[BOX1:[^:]+]]: tensor<2x4x1x2xf32>, %[[CLS0:[^:]+]]: tensor<2x4x2x2xf32>, %[[CLS1:[^:]+]]: tensor<2x2x1x2xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[ANCHORS:.+]] = arith.constant dense<{{\[\[\[}}1.000000e+00, 7.500000e-01, 5.000000e+00, 1.250000e+00]{{.*}}> : tensor<2x10x4xf32>
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(nchw %[[BOX0]], %[[BOX1]] : tensor<2x8x2x2xf32>, tensor<2x4x1x2xf32>)
// CHECK-SAME:      scores(nchw %[[CLS0]], %[[CLS1]] : tensor<2x4x2x2xf32>, tensor<2x2x1x2xf32>)
// CHECK-SAME:      anchors(%[[ANCHORS]] : tensor<2x10x4xf32>) coding(center_size) anchor_layout(bn4) score(sigmoid) to xyxy -> tensor<2x10x4xf32>, tensor<2x10x2xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<2x10x4xf32>, tensor<2x10x2xf32>

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @retinanet_sigmoid_b2(%box0: tensor<2x8x2x2xf32>, %box1: tensor<2x4x1x2xf32>, %cls0: tensor<2x4x2x2xf32>, %cls1: tensor<2x2x1x2xf32>) -> (tensor<2x10x4xf32>, tensor<2x10x2xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [2, 2, 4, 2, 2] : tensor<2x8x2x2xf32> into tensor<2x2x4x2x2xf32>
  %e2 = tensor.empty() : tensor<2x2x2x2x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<2x2x4x2x2xf32>) outs(%e2 : tensor<2x2x2x2x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<2x2x2x2x4xf32> into tensor<2x8x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [2, 1, 4, 1, 2] : tensor<2x4x1x2xf32> into tensor<2x1x4x1x2xf32>
  %e6 = tensor.empty() : tensor<2x1x2x1x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<2x1x4x1x2xf32>) outs(%e6 : tensor<2x1x2x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<2x1x2x1x4xf32> into tensor<2x2x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [2, 2, 2, 2, 2] : tensor<2x4x2x2xf32> into tensor<2x2x2x2x2xf32>
  %e10 = tensor.empty() : tensor<2x2x2x2x2xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<2x2x2x2x2xf32>) outs(%e10 : tensor<2x2x2x2x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<2x2x2x2x2xf32> into tensor<2x8x2xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [2, 1, 2, 1, 2] : tensor<2x2x1x2xf32> into tensor<2x1x2x1x2xf32>
  %e14 = tensor.empty() : tensor<2x1x2x1x2xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<2x1x2x1x2xf32>) outs(%e14 : tensor<2x1x2x1x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<2x1x2x1x2xf32> into tensor<2x2x2xf32>
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<2x8x4xf32>, tensor<2x2x4xf32>) -> tensor<2x10x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<2x8x2xf32>, tensor<2x2x2xf32>) -> tensor<2x10x2xf32>
  %collapsed19 = tensor.collapse_shape %concat17 [[0, 1], [2]] : tensor<2x10x4xf32> into tensor<20x4xf32>
  %cst20 = arith.constant dense<[[[1.000000e+00, 7.500000e-01, 5.000000e+00, 1.250000e+00], [2.500000e-01, 2.500000e-01, 3.750000e+00, 7.500000e-01], [2.000000e+00, 7.500000e-01, 3.000000e+00, 1.250000e+00], [1.500000e+00, 2.500000e+00, 2.500000e+00, 4.000000e+00], [2.500000e-01, 2.500000e+00, 1.250000e+00, 3.000000e+00], [5.000000e-01, 2.500000e-01, 6.500000e+00, 5.250000e+00], [2.500000e-01, 7.500000e-01, 1.250000e+00, 2.250000e+00], [1.000000e+00, 2.500000e+00, 3.000000e+00, 3.000000e+00], [2.000000e+00, 1.000000e+00, 8.000000e+00, 2.500000e+00], [2.500000e-01, 7.500000e-01, 3.750000e+00, 1.250000e+00]], [[2.000000e+00, 2.500000e-01, 8.000000e+00, 7.500000e-01], [2.000000e+00, 7.500000e-01, 6.000000e+00, 5.750000e+00], [1.000000e+00, 2.500000e+00, 7.000000e+00, 7.500000e+00], [1.000000e+00, 1.000000e+00, 3.000000e+00, 2.500000e+00], [3.000000e+00, 7.500000e-01, 4.000000e+00, 2.750000e+00], [2.000000e+00, 2.500000e+00, 5.500000e+00, 7.500000e+00], [1.000000e+00, 2.500000e-01, 2.000000e+00, 5.250000e+00], [5.000000e-01, 1.000000e+00, 2.500000e+00, 6.000000e+00], [1.500000e+00, 2.500000e-01, 2.500000e+00, 2.250000e+00], [1.000000e+00, 1.000000e+00, 7.000000e+00, 6.000000e+00]]]> : tensor<2x10x4xf32>
  %collapsed21 = tensor.collapse_shape %cst20 [[0, 1], [2]] : tensor<2x10x4xf32> into tensor<20x4xf32>
  %cst22 = arith.constant 5.000000e-01 : f32
  %extracted_slice23 = tensor.extract_slice %collapsed21[0, 2] [20, 1] [1, 1] : tensor<20x4xf32> to tensor<20x1xf32>
  %collapsed24 = tensor.collapse_shape %extracted_slice23 [[0, 1]] : tensor<20x1xf32> into tensor<20xf32>
  %extracted_slice25 = tensor.extract_slice %collapsed21[0, 0] [20, 1] [1, 1] : tensor<20x4xf32> to tensor<20x1xf32>
  %collapsed26 = tensor.collapse_shape %extracted_slice25 [[0, 1]] : tensor<20x1xf32> into tensor<20xf32>
  %e27 = tensor.empty() : tensor<20xf32>
  %v28 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed24, %collapsed26 : tensor<20xf32>, tensor<20xf32>) outs(%e27 : tensor<20xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20xf32>
  %extracted_slice29 = tensor.extract_slice %collapsed21[0, 3] [20, 1] [1, 1] : tensor<20x4xf32> to tensor<20x1xf32>
  %collapsed30 = tensor.collapse_shape %extracted_slice29 [[0, 1]] : tensor<20x1xf32> into tensor<20xf32>
  %extracted_slice31 = tensor.extract_slice %collapsed21[0, 1] [20, 1] [1, 1] : tensor<20x4xf32> to tensor<20x1xf32>
  %collapsed32 = tensor.collapse_shape %extracted_slice31 [[0, 1]] : tensor<20x1xf32> into tensor<20xf32>
  %e33 = tensor.empty() : tensor<20xf32>
  %v34 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed30, %collapsed32 : tensor<20xf32>, tensor<20xf32>) outs(%e33 : tensor<20xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20xf32>
  %e35 = tensor.empty() : tensor<20xf32>
  %v36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v28 : tensor<20xf32>) outs(%e35 : tensor<20xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst22 : f32
    linalg.yield %r : f32
  } -> tensor<20xf32>
  %e37 = tensor.empty() : tensor<20xf32>
  %v38 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed26, %v36 : tensor<20xf32>, tensor<20xf32>) outs(%e37 : tensor<20xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20xf32>
  %e39 = tensor.empty() : tensor<20xf32>
  %v40 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v34 : tensor<20xf32>) outs(%e39 : tensor<20xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst22 : f32
    linalg.yield %r : f32
  } -> tensor<20xf32>
  %e41 = tensor.empty() : tensor<20xf32>
  %v42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed32, %v40 : tensor<20xf32>, tensor<20xf32>) outs(%e41 : tensor<20xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20xf32>
  %e43 = tensor.empty() : tensor<20x1xf32>
  %extracted_slice44 = tensor.extract_slice %collapsed19[0, 0] [20, 1] [1, 4] : tensor<20x4xf32> to tensor<20x1xf32>
  %cst45 = arith.constant 1.000000e+00 : f32
  %v46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice44 : tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst45 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %extracted_slice47 = tensor.extract_slice %collapsed19[0, 1] [20, 1] [1, 4] : tensor<20x4xf32> to tensor<20x1xf32>
  %v48 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice47 : tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst45 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %extracted_slice49 = tensor.extract_slice %collapsed19[0, 2] [20, 1] [1, 4] : tensor<20x4xf32> to tensor<20x1xf32>
  %cst50 = arith.constant 1.000000e+00 : f32
  %v51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice49 : tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst50 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %extracted_slice52 = tensor.extract_slice %collapsed19[0, 3] [20, 1] [1, 4] : tensor<20x4xf32> to tensor<20x1xf32>
  %v53 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice52 : tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst50 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %expanded54 = tensor.expand_shape %v28 [[0, 1]] output_shape [20, 1] : tensor<20xf32> into tensor<20x1xf32>
  %expanded55 = tensor.expand_shape %v38 [[0, 1]] output_shape [20, 1] : tensor<20xf32> into tensor<20x1xf32>
  %expanded56 = tensor.expand_shape %v34 [[0, 1]] output_shape [20, 1] : tensor<20xf32> into tensor<20x1xf32>
  %expanded57 = tensor.expand_shape %v42 [[0, 1]] output_shape [20, 1] : tensor<20xf32> into tensor<20x1xf32>
  %v58 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v46, %expanded54 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v59 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v58, %expanded55 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v60 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v48, %expanded56 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v61 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v60, %expanded57 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v62 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v51 : tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v63 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v62, %expanded54 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v64 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v53 : tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v65 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v64, %expanded56 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %cst66 = arith.constant dense<5.000000e-01> : tensor<f32>
  %v67 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst66, %v65 : tensor<f32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v68 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst66, %v63 : tensor<f32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v69 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v59, %v68 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v70 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v61, %v67 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v71 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v59, %v68 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %v72 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v61, %v67 : tensor<20x1xf32>, tensor<20x1xf32>) outs(%e43 : tensor<20x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<20x1xf32>
  %expanded73 = tensor.expand_shape %v69 [[0], [1, 2]] output_shape [20, 1, 1] : tensor<20x1xf32> into tensor<20x1x1xf32>
  %expanded74 = tensor.expand_shape %v70 [[0], [1, 2]] output_shape [20, 1, 1] : tensor<20x1xf32> into tensor<20x1x1xf32>
  %expanded75 = tensor.expand_shape %v71 [[0], [1, 2]] output_shape [20, 1, 1] : tensor<20x1xf32> into tensor<20x1x1xf32>
  %expanded76 = tensor.expand_shape %v72 [[0], [1, 2]] output_shape [20, 1, 1] : tensor<20x1xf32> into tensor<20x1x1xf32>
  %concat77 = tensor.concat dim(2) %expanded73, %expanded74, %expanded75, %expanded76 : (tensor<20x1x1xf32>, tensor<20x1x1xf32>, tensor<20x1x1xf32>, tensor<20x1x1xf32>) -> tensor<20x1x4xf32>
  %collapsed78 = tensor.collapse_shape %concat77 [[0], [1, 2]] : tensor<20x1x4xf32> into tensor<20x4xf32>
  // expected-remark @below {{fused [fused]: detection decode center_size to xyxy, sigmoid scores of 2 classes, 10 anchors read from 2 nchw head tensors, split outputs}}
  %expanded79 = tensor.expand_shape %collapsed78 [[0, 1], [2]] output_shape [2, 10, 4] : tensor<20x4xf32> into tensor<2x10x4xf32>
  %cst80 = arith.constant 1.000000e+00 : f32
  %e81 = tensor.empty() : tensor<2x10x2xf32>
  %v82 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18 : tensor<2x10x2xf32>) outs(%e81 : tensor<2x10x2xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst80 : f32
    %r = arith.divf %cst80, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x10x2xf32>
  return %expanded79, %v82 : tensor<2x10x4xf32>, tensor<2x10x2xf32>
}

// -----
//--- variances.mlir
// SSD-style variances: priors in (cx, cy, w, h) form, deltas multiplied by
// the variances (0.1, 0.1, 0.2, 0.2) (scaling(multiply), anchor_format(cxcywh)),
// boxes left in cxcywh, and the raw class logits returned as the scores
// (score(none)).

// CHECK-LABEL: func.func @ssd_variances_cxcywh(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<1x8x2x2xf32>, %[[BOX1:[^:]+]]: tensor<1x12x1x1xf32>, %[[CLS0:[^:]+]]: tensor<1x6x2x2xf32>, %[[CLS1:[^:]+]]: tensor<1x9x1x1xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[ANCHORS:.+]] = arith.constant dense<{{\[\[}}2.250000e+00, 3.250000e+00, 3.500000e+00, 5.000000e+00]{{.*}}> : tensor<11x4xf32>
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(nchw %[[BOX0]], %[[BOX1]] : tensor<1x8x2x2xf32>, tensor<1x12x1x1xf32>)
// CHECK-SAME:      scores(nchw %[[CLS0]], %[[CLS1]] : tensor<1x6x2x2xf32>, tensor<1x9x1x1xf32>)
// CHECK-SAME:      anchors(%[[ANCHORS]] : tensor<11x4xf32>) coding(center_size) weights([0.10000000149011612, 0.10000000149011612, 0.20000000298023224, 0.20000000298023224]) scaling(multiply) anchor_layout(n4) anchor_format(cxcywh) score(none) to cxcywh -> tensor<1x11x4xf32>, tensor<1x11x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x11x4xf32>, tensor<1x11x3xf32>

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @ssd_variances_cxcywh(%box0: tensor<1x8x2x2xf32>, %box1: tensor<1x12x1x1xf32>, %cls0: tensor<1x6x2x2xf32>, %cls1: tensor<1x9x1x1xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x3xf32>) {
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
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x8x3xf32>, tensor<1x3x3xf32>) -> tensor<1x11x3xf32>
  %collapsed19 = tensor.collapse_shape %concat17 [[0, 1], [2]] : tensor<1x11x4xf32> into tensor<11x4xf32>
  %cst20 = arith.constant dense<[[2.250000e+00, 3.250000e+00, 3.500000e+00, 5.000000e+00], [6.000000e+00, 5.000000e-01, 6.000000e+00, 5.000000e-01], [4.500000e+00, 1.750000e+00, 6.000000e+00, 1.500000e+00], [3.500000e+00, 5.000000e+00, 6.000000e+00, 5.000000e+00], [2.500000e+00, 1.500000e+00, 2.000000e+00, 1.500000e+00], [2.500000e+00, 2.750000e+00, 1.000000e+00, 5.000000e-01], [2.250000e+00, 5.000000e-01, 3.500000e+00, 5.000000e-01], [4.000000e+00, 5.000000e+00, 6.000000e+00, 5.000000e+00], [5.000000e+00, 5.000000e+00, 4.000000e+00, 5.000000e+00], [1.000000e+00, 1.250000e+00, 1.000000e+00, 5.000000e-01], [1.500000e+00, 3.500000e+00, 2.000000e+00, 2.000000e+00]]> : tensor<11x4xf32>
  %extracted_slice21 = tensor.extract_slice %cst20[0, 0] [11, 1] [1, 1] : tensor<11x4xf32> to tensor<11x1xf32>
  %collapsed22 = tensor.collapse_shape %extracted_slice21 [[0, 1]] : tensor<11x1xf32> into tensor<11xf32>
  %extracted_slice23 = tensor.extract_slice %cst20[0, 1] [11, 1] [1, 1] : tensor<11x4xf32> to tensor<11x1xf32>
  %collapsed24 = tensor.collapse_shape %extracted_slice23 [[0, 1]] : tensor<11x1xf32> into tensor<11xf32>
  %extracted_slice25 = tensor.extract_slice %cst20[0, 2] [11, 1] [1, 1] : tensor<11x4xf32> to tensor<11x1xf32>
  %collapsed26 = tensor.collapse_shape %extracted_slice25 [[0, 1]] : tensor<11x1xf32> into tensor<11xf32>
  %extracted_slice27 = tensor.extract_slice %cst20[0, 3] [11, 1] [1, 1] : tensor<11x4xf32> to tensor<11x1xf32>
  %collapsed28 = tensor.collapse_shape %extracted_slice27 [[0, 1]] : tensor<11x1xf32> into tensor<11xf32>
  %e29 = tensor.empty() : tensor<11x1xf32>
  %extracted_slice30 = tensor.extract_slice %collapsed19[0, 0] [11, 1] [1, 4] : tensor<11x4xf32> to tensor<11x1xf32>
  %cst31 = arith.constant 1.000000e-01 : f32
  %v32 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice30 : tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst31 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %extracted_slice33 = tensor.extract_slice %collapsed19[0, 1] [11, 1] [1, 4] : tensor<11x4xf32> to tensor<11x1xf32>
  %v34 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice33 : tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst31 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %extracted_slice35 = tensor.extract_slice %collapsed19[0, 2] [11, 1] [1, 4] : tensor<11x4xf32> to tensor<11x1xf32>
  %cst36 = arith.constant 2.000000e-01 : f32
  %v37 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice35 : tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst36 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %extracted_slice38 = tensor.extract_slice %collapsed19[0, 3] [11, 1] [1, 4] : tensor<11x4xf32> to tensor<11x1xf32>
  %v39 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice38 : tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst36 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %expanded40 = tensor.expand_shape %collapsed26 [[0, 1]] output_shape [11, 1] : tensor<11xf32> into tensor<11x1xf32>
  %expanded41 = tensor.expand_shape %collapsed22 [[0, 1]] output_shape [11, 1] : tensor<11xf32> into tensor<11x1xf32>
  %expanded42 = tensor.expand_shape %collapsed28 [[0, 1]] output_shape [11, 1] : tensor<11xf32> into tensor<11x1xf32>
  %expanded43 = tensor.expand_shape %collapsed24 [[0, 1]] output_shape [11, 1] : tensor<11xf32> into tensor<11x1xf32>
  %v44 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%v32, %expanded40 : tensor<11x1xf32>, tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %v45 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%v44, %expanded41 : tensor<11x1xf32>, tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %v46 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%v34, %expanded42 : tensor<11x1xf32>, tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %v47 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%v46, %expanded43 : tensor<11x1xf32>, tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %v48 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%v37 : tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %v49 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%v48, %expanded40 : tensor<11x1xf32>, tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %v50 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%v39 : tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %v51 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%v50, %expanded42 : tensor<11x1xf32>, tensor<11x1xf32>) outs(%e29 : tensor<11x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<11x1xf32>
  %expanded52 = tensor.expand_shape %v45 [[0], [1, 2]] output_shape [11, 1, 1] : tensor<11x1xf32> into tensor<11x1x1xf32>
  %expanded53 = tensor.expand_shape %v47 [[0], [1, 2]] output_shape [11, 1, 1] : tensor<11x1xf32> into tensor<11x1x1xf32>
  %expanded54 = tensor.expand_shape %v49 [[0], [1, 2]] output_shape [11, 1, 1] : tensor<11x1xf32> into tensor<11x1x1xf32>
  %expanded55 = tensor.expand_shape %v51 [[0], [1, 2]] output_shape [11, 1, 1] : tensor<11x1xf32> into tensor<11x1x1xf32>
  %concat56 = tensor.concat dim(2) %expanded52, %expanded53, %expanded54, %expanded55 : (tensor<11x1x1xf32>, tensor<11x1x1xf32>, tensor<11x1x1xf32>, tensor<11x1x1xf32>) -> tensor<11x1x4xf32>
  %collapsed57 = tensor.collapse_shape %concat56 [[0], [1, 2]] : tensor<11x1x4xf32> into tensor<11x4xf32>
  // expected-remark @below {{fused [fused]: detection decode center_size to cxcywh, none scores of 3 classes, 11 anchors read from 2 nchw head tensors, split outputs}}
  %expanded58 = tensor.expand_shape %collapsed57 [[0, 1], [2]] output_shape [1, 11, 4] : tensor<11x4xf32> into tensor<1x11x4xf32>
  return %expanded58, %concat18 : tensor<1x11x4xf32>, tensor<1x11x3xf32>
}

// -----
//--- yolov8.mlir
// ultralytics YOLOv8 Detect: three levels (4x4, 2x2, 1x1; A = 1), box head
// with 4 DFL bins per side: view(B, 4, bins, N).transpose(2, 1), softmax over
// the bins (max, exp, sum with a (d0, 0, d2, d3) output map, divide), the 1x1
// projection as linalg.conv_2d_nchw_fchw with the constant filter
// [1, bins, 1, 1] = 0..bins-1; dist2bbox(xywh=True) against anchor points
// [2, N], times strides [1, N]; sigmoid classes; packed [B, 4 + C, N].

// CHECK-LABEL: func.func @yolov8_dfl_packed(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<1x16x4x4xf32>, %[[BOX1:[^:]+]]: tensor<1x16x2x2xf32>, %[[BOX2:[^:]+]]: tensor<1x16x1x1xf32>, %[[CLS0:[^:]+]]: tensor<1x2x4x4xf32>, %[[CLS1:[^:]+]]: tensor<1x2x2x2xf32>, %[[CLS2:[^:]+]]: tensor<1x2x1x1xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[POINTS:.+]] = arith.constant dense<{{\[\[}}5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00,{{.*}}> : tensor<2x21xf32>
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[STRIDES:.+]] = arith.constant dense<{{\[\[}}8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00,{{.*}}> : tensor<1x21xf32>
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]] = fusion.decode_detections boxes(nchw %[[BOX0]], %[[BOX1]], %[[BOX2]] : tensor<1x16x4x4xf32>, tensor<1x16x2x2xf32>, tensor<1x16x1x1xf32>)
// CHECK-SAME:      scores(nchw %[[CLS0]], %[[CLS1]], %[[CLS2]] : tensor<1x2x4x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>)
// CHECK-SAME:      anchors(%[[POINTS]] : tensor<2x21xf32>) strides(%[[STRIDES]] : tensor<1x21xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(sigmoid) to cxcywh packed(bkn) -> tensor<1x6x21xf32>{{$}}
// CHECK-NEXT:    return %[[D]] : tensor<1x6x21xf32>

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (0, d2)>
func.func @yolov8_dfl_packed(%box0: tensor<1x16x4x4xf32>, %box1: tensor<1x16x2x2xf32>, %box2: tensor<1x16x1x1xf32>, %cls0: tensor<1x2x4x4xf32>, %cls1: tensor<1x2x2x2xf32>, %cls2: tensor<1x2x1x1xf32>) -> tensor<1x6x21xf32> {
  %collapsed1 = tensor.collapse_shape %box0 [[0], [1], [2, 3]] : tensor<1x16x4x4xf32> into tensor<1x16x16xf32>
  %collapsed2 = tensor.collapse_shape %box1 [[0], [1], [2, 3]] : tensor<1x16x2x2xf32> into tensor<1x16x4xf32>
  %collapsed3 = tensor.collapse_shape %box2 [[0], [1], [2, 3]] : tensor<1x16x1x1xf32> into tensor<1x16x1xf32>
  %collapsed4 = tensor.collapse_shape %cls0 [[0], [1], [2, 3]] : tensor<1x2x4x4xf32> into tensor<1x2x16xf32>
  %collapsed5 = tensor.collapse_shape %cls1 [[0], [1], [2, 3]] : tensor<1x2x2x2xf32> into tensor<1x2x4xf32>
  %collapsed6 = tensor.collapse_shape %cls2 [[0], [1], [2, 3]] : tensor<1x2x1x1xf32> into tensor<1x2x1xf32>
  %concat7 = tensor.concat dim(2) %collapsed1, %collapsed2, %collapsed3 : (tensor<1x16x16xf32>, tensor<1x16x4xf32>, tensor<1x16x1xf32>) -> tensor<1x16x21xf32>
  %concat8 = tensor.concat dim(2) %collapsed4, %collapsed5, %collapsed6 : (tensor<1x2x16xf32>, tensor<1x2x4xf32>, tensor<1x2x1xf32>) -> tensor<1x2x21xf32>
  %cst9 = arith.constant dense<[[5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, 5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, 5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, 5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, 5.000000e-01, 1.500000e+00, 5.000000e-01, 1.500000e+00, 5.000000e-01], [5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 1.500000e+00, 1.500000e+00, 1.500000e+00, 1.500000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00, 3.500000e+00, 3.500000e+00, 3.500000e+00, 3.500000e+00, 5.000000e-01, 5.000000e-01, 1.500000e+00, 1.500000e+00, 5.000000e-01]]> : tensor<2x21xf32>
  %cst10 = arith.constant dense<[[8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 1.600000e+01, 1.600000e+01, 1.600000e+01, 1.600000e+01, 3.200000e+01]]> : tensor<1x21xf32>
  %cst11 = arith.constant dense<[[[[0.000000e+00]], [[1.000000e+00]], [[2.000000e+00]], [[3.000000e+00]]]]> : tensor<1x4x1x1xf32>
  %cst12 = arith.constant 2.000000e+00 : f32
  %cst13 = arith.constant 0xFF800000 : f32
  %cst14 = arith.constant 0.000000e+00 : f32
  %cst15 = arith.constant 0 : i64
  %expanded16 = tensor.expand_shape %concat7 [[0], [1, 2], [3]] output_shape [1, 4, 4, 21] : tensor<1x16x21xf32> into tensor<1x4x4x21xf32>
  %e17 = tensor.empty() : tensor<1x4x4x21xf32>
  %transposed18 = linalg.transpose ins(%expanded16 : tensor<1x4x4x21xf32>) outs(%e17 : tensor<1x4x4x21xf32>) permutation = [0, 2, 1, 3]
  %e19 = tensor.empty() : tensor<1x4x21xi64>
  %fill20 = linalg.fill ins(%cst15 : i64) outs(%e19 : tensor<1x4x21xi64>) -> tensor<1x4x21xi64>
  %e21 = tensor.empty() : tensor<1x4x21xf32>
  %fill22 = linalg.fill ins(%cst13 : f32) outs(%e21 : tensor<1x4x21xf32>) -> tensor<1x4x21xf32>
  %max23:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%transposed18 : tensor<1x4x4x21xf32>) outs(%fill22, %fill20 : tensor<1x4x21xf32>, tensor<1x4x21xi64>) {
  ^bb0(%in: f32, %out: f32, %out_0: i64):
    %i = linalg.index 1 : index
    %j = arith.index_cast %i : index to i64
    %m = arith.maximumf %in, %out : f32
    %c = arith.cmpf ogt, %in, %out : f32
    %s = arith.select %c, %j, %out_0 : i64
    linalg.yield %m, %s : f32, i64
  } -> (tensor<1x4x21xf32>, tensor<1x4x21xi64>)
  %expanded24 = tensor.expand_shape %max23#0 [[0, 1], [2], [3]] output_shape [1, 1, 4, 21] : tensor<1x4x21xf32> into tensor<1x1x4x21xf32>
  %v25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed18, %expanded24 : tensor<1x4x4x21xf32>, tensor<1x1x4x21xf32>) outs(%e17 : tensor<1x4x4x21xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x21xf32>
  %v26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%v25 : tensor<1x4x4x21xf32>) outs(%e17 : tensor<1x4x4x21xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x21xf32>
  %e27 = tensor.empty() : tensor<1x1x4x21xf32>
  %fill28 = linalg.fill ins(%cst14 : f32) outs(%e27 : tensor<1x1x4x21xf32>) -> tensor<1x1x4x21xf32>
  %sum29 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%v26 : tensor<1x4x4x21xf32>) outs(%fill28 : tensor<1x1x4x21xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<1x1x4x21xf32>
  %v30 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%v26, %sum29 : tensor<1x4x4x21xf32>, tensor<1x1x4x21xf32>) outs(%e17 : tensor<1x4x4x21xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.divf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x21xf32>
  %conv31 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%v30, %cst11 : tensor<1x4x4x21xf32>, tensor<1x4x1x1xf32>) outs(%fill28 : tensor<1x1x4x21xf32>) -> tensor<1x1x4x21xf32>
  %collapsed32 = tensor.collapse_shape %conv31 [[0], [1, 2], [3]] : tensor<1x1x4x21xf32> into tensor<1x4x21xf32>
  %expanded33 = tensor.expand_shape %cst9 [[0, 1], [2]] output_shape [1, 2, 21] : tensor<2x21xf32> into tensor<1x2x21xf32>
  %extracted_slice34 = tensor.extract_slice %collapsed32[0, 0, 0] [1, 2, 21] [1, 1, 1] : tensor<1x4x21xf32> to tensor<1x2x21xf32>
  %extracted_slice35 = tensor.extract_slice %collapsed32[0, 2, 0] [1, 2, 21] [1, 1, 1] : tensor<1x4x21xf32> to tensor<1x2x21xf32>
  %e36 = tensor.empty() : tensor<1x2x21xf32>
  %v37 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded33, %extracted_slice34 : tensor<1x2x21xf32>, tensor<1x2x21xf32>) outs(%e36 : tensor<1x2x21xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x21xf32>
  %v38 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded33, %extracted_slice35 : tensor<1x2x21xf32>, tensor<1x2x21xf32>) outs(%e36 : tensor<1x2x21xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x21xf32>
  %v39 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v37, %v38 : tensor<1x2x21xf32>, tensor<1x2x21xf32>) outs(%e36 : tensor<1x2x21xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x21xf32>
  %v40 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v39 : tensor<1x2x21xf32>) outs(%e36 : tensor<1x2x21xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst12 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x21xf32>
  %v41 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v38, %v37 : tensor<1x2x21xf32>, tensor<1x2x21xf32>) outs(%e36 : tensor<1x2x21xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x2x21xf32>
  %concat42 = tensor.concat dim(1) %v40, %v41 : (tensor<1x2x21xf32>, tensor<1x2x21xf32>) -> tensor<1x4x21xf32>
  %e43 = tensor.empty() : tensor<1x4x21xf32>
  %v44 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat42, %cst10 : tensor<1x4x21xf32>, tensor<1x21xf32>) outs(%e43 : tensor<1x4x21xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x4x21xf32>
  %cst45 = arith.constant 1.000000e+00 : f32
  %e46 = tensor.empty() : tensor<1x2x21xf32>
  %v47 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat8 : tensor<1x2x21xf32>) outs(%e46 : tensor<1x2x21xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst45 : f32
    %r = arith.divf %cst45, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x2x21xf32>
  // expected-remark @below {{fused [fused]: detection decode ltrb_distance (DFL 4 bins) to cxcywh, sigmoid scores of 2 classes, 21 anchors read from 3 nchw head tensors, packed_bkn outputs}}
  %concat48 = tensor.concat dim(1) %v44, %v47 : (tensor<1x4x21xf32>, tensor<1x2x21xf32>) -> tensor<1x6x21xf32>
  return %concat48 : tensor<1x6x21xf32>
}

// -----
//--- ltrb.mlir
// Distances without DFL (FCOS-like): (l, t, r, b) per anchor point, points
// [N, 2] and strides [N], boxes to xyxy (x1 = (px - l) * s, ...); sigmoid
// scores.

// CHECK-LABEL: func.func @ltrb_points_n2_xyxy(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<1x4x2x2xf32>, %[[BOX1:[^:]+]]: tensor<1x4x1x2xf32>, %[[CLS0:[^:]+]]: tensor<1x3x2x2xf32>, %[[CLS1:[^:]+]]: tensor<1x3x1x2xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[POINTS:.+]] = arith.constant dense<{{\[\[}}5.000000e-01, 5.000000e-01]{{.*}}> : tensor<6x2xf32>
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[STRIDES:.+]] = arith.constant dense<[4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00,{{.*}}> : tensor<6xf32>
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(nchw %[[BOX0]], %[[BOX1]] : tensor<1x4x2x2xf32>, tensor<1x4x1x2xf32>)
// CHECK-SAME:      scores(nchw %[[CLS0]], %[[CLS1]] : tensor<1x3x2x2xf32>, tensor<1x3x1x2xf32>)
// CHECK-SAME:      anchors(%[[POINTS]] : tensor<6x2xf32>) strides(%[[STRIDES]] : tensor<6xf32>) coding(ltrb_distance) anchor_layout(points_n2) score(sigmoid) to xyxy -> tensor<1x6x4xf32>, tensor<1x6x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x6x4xf32>, tensor<1x6x3xf32>

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @ltrb_points_n2_xyxy(%box0: tensor<1x4x2x2xf32>, %box1: tensor<1x4x1x2xf32>, %cls0: tensor<1x3x2x2xf32>, %cls1: tensor<1x3x1x2xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x3xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 2, 2] : tensor<1x4x2x2xf32> into tensor<1x1x4x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x1x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x1x4x2x2xf32>) outs(%e2 : tensor<1x2x2x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x2x1x4xf32> into tensor<1x4x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 1, 2] : tensor<1x4x1x2xf32> into tensor<1x1x4x1x2xf32>
  %e6 = tensor.empty() : tensor<1x1x2x1x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x1x4x1x2xf32>) outs(%e6 : tensor<1x1x2x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x2x1x4xf32> into tensor<1x2x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 3, 2, 2] : tensor<1x3x2x2xf32> into tensor<1x1x3x2x2xf32>
  %e10 = tensor.empty() : tensor<1x2x2x1x3xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x1x3x2x2xf32>) outs(%e10 : tensor<1x2x2x1x3xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x2x2x1x3xf32> into tensor<1x4x3xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 1, 3, 1, 2] : tensor<1x3x1x2xf32> into tensor<1x1x3x1x2xf32>
  %e14 = tensor.empty() : tensor<1x1x2x1x3xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x1x3x1x2xf32>) outs(%e14 : tensor<1x1x2x1x3xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x1x2x1x3xf32> into tensor<1x2x3xf32>
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x4x4xf32>, tensor<1x2x4xf32>) -> tensor<1x6x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x4x3xf32>, tensor<1x2x3xf32>) -> tensor<1x6x3xf32>
  %cst19 = arith.constant dense<[[5.000000e-01, 5.000000e-01], [1.500000e+00, 5.000000e-01], [5.000000e-01, 1.500000e+00], [1.500000e+00, 1.500000e+00], [5.000000e-01, 5.000000e-01], [1.500000e+00, 5.000000e-01]]> : tensor<6x2xf32>
  %cst20 = arith.constant dense<[4.000000e+00, 4.000000e+00, 4.000000e+00, 4.000000e+00, 8.000000e+00, 8.000000e+00]> : tensor<6xf32>
  %collapsed21 = tensor.collapse_shape %concat17 [[0, 1], [2]] : tensor<1x6x4xf32> into tensor<6x4xf32>
  %extracted_slice22 = tensor.extract_slice %cst19[0, 0] [6, 1] [1, 1] : tensor<6x2xf32> to tensor<6x1xf32>
  %collapsed23 = tensor.collapse_shape %extracted_slice22 [[0, 1]] : tensor<6x1xf32> into tensor<6xf32>
  %extracted_slice24 = tensor.extract_slice %cst19[0, 1] [6, 1] [1, 1] : tensor<6x2xf32> to tensor<6x1xf32>
  %collapsed25 = tensor.collapse_shape %extracted_slice24 [[0, 1]] : tensor<6x1xf32> into tensor<6xf32>
  %extracted_slice26 = tensor.extract_slice %collapsed21[0, 0] [6, 1] [1, 1] : tensor<6x4xf32> to tensor<6x1xf32>
  %collapsed27 = tensor.collapse_shape %extracted_slice26 [[0, 1]] : tensor<6x1xf32> into tensor<6xf32>
  %extracted_slice28 = tensor.extract_slice %collapsed21[0, 1] [6, 1] [1, 1] : tensor<6x4xf32> to tensor<6x1xf32>
  %collapsed29 = tensor.collapse_shape %extracted_slice28 [[0, 1]] : tensor<6x1xf32> into tensor<6xf32>
  %extracted_slice30 = tensor.extract_slice %collapsed21[0, 2] [6, 1] [1, 1] : tensor<6x4xf32> to tensor<6x1xf32>
  %collapsed31 = tensor.collapse_shape %extracted_slice30 [[0, 1]] : tensor<6x1xf32> into tensor<6xf32>
  %extracted_slice32 = tensor.extract_slice %collapsed21[0, 3] [6, 1] [1, 1] : tensor<6x4xf32> to tensor<6x1xf32>
  %collapsed33 = tensor.collapse_shape %extracted_slice32 [[0, 1]] : tensor<6x1xf32> into tensor<6xf32>
  %e34 = tensor.empty() : tensor<6xf32>
  %v35 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed23, %collapsed27 : tensor<6xf32>, tensor<6xf32>) outs(%e34 : tensor<6xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %v36 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed25, %collapsed29 : tensor<6xf32>, tensor<6xf32>) outs(%e34 : tensor<6xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %v37 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed23, %collapsed31 : tensor<6xf32>, tensor<6xf32>) outs(%e34 : tensor<6xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %v38 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed25, %collapsed33 : tensor<6xf32>, tensor<6xf32>) outs(%e34 : tensor<6xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %v39 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v35, %cst20 : tensor<6xf32>, tensor<6xf32>) outs(%e34 : tensor<6xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %v40 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v36, %cst20 : tensor<6xf32>, tensor<6xf32>) outs(%e34 : tensor<6xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %v41 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v37, %cst20 : tensor<6xf32>, tensor<6xf32>) outs(%e34 : tensor<6xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %v42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%v38, %cst20 : tensor<6xf32>, tensor<6xf32>) outs(%e34 : tensor<6xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %expanded43 = tensor.expand_shape %v39 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
  %expanded44 = tensor.expand_shape %v40 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
  %expanded45 = tensor.expand_shape %v41 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
  %expanded46 = tensor.expand_shape %v42 [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
  %concat47 = tensor.concat dim(1) %expanded43, %expanded44, %expanded45, %expanded46 : (tensor<6x1xf32>, tensor<6x1xf32>, tensor<6x1xf32>, tensor<6x1xf32>) -> tensor<6x4xf32>
  // expected-remark @below {{fused [fused]: detection decode ltrb_distance to xyxy, sigmoid scores of 3 classes, 6 anchors read from 2 nchw head tensors, split outputs}}
  %expanded48 = tensor.expand_shape %concat47 [[0, 1], [2]] output_shape [1, 6, 4] : tensor<6x4xf32> into tensor<1x6x4xf32>
  %cst49 = arith.constant 1.000000e+00 : f32
  %e50 = tensor.empty() : tensor<1x6x3xf32>
  %v51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18 : tensor<1x6x3xf32>) outs(%e50 : tensor<1x6x3xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst49 : f32
    %r = arith.divf %cst49, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x6x3xf32>
  return %expanded48, %v51 : tensor<1x6x4xf32>, tensor<1x6x3xf32>
}

// -----
//--- corners.mlir
// Already decoded corners: the boxes are the concatenated head values
// themselves (coding(corners), no anchors); a class softmax with the
// background class dropped afterwards (a slice [..., 1:] of the softmax).

// CHECK-LABEL: func.func @corners_softmax_drop_background(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<1x8x2x2xf32>, %[[BOX1:[^:]+]]: tensor<1x12x1x1xf32>, %[[CLS0:[^:]+]]: tensor<1x8x2x2xf32>, %[[CLS1:[^:]+]]: tensor<1x12x1x1xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(nchw %[[BOX0]], %[[BOX1]] : tensor<1x8x2x2xf32>, tensor<1x12x1x1xf32>)
// CHECK-SAME:      scores(nchw %[[CLS0]], %[[CLS1]] : tensor<1x8x2x2xf32>, tensor<1x12x1x1xf32>)
// CHECK-SAME:      coding(corners) anchor_layout(none) score(softmax) drop_background to xyxy -> tensor<1x11x4xf32>, tensor<1x11x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x11x4xf32>, tensor<1x11x3xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @corners_softmax_drop_background(%box0: tensor<1x8x2x2xf32>, %box1: tensor<1x12x1x1xf32>, %cls0: tensor<1x8x2x2xf32>, %cls1: tensor<1x12x1x1xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x3xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 2, 2] : tensor<1x8x2x2xf32> into tensor<1x2x4x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x2x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x2x4x2x2xf32>) outs(%e2 : tensor<1x2x2x2x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x4xf32> into tensor<1x8x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 4, 1, 1] : tensor<1x12x1x1xf32> into tensor<1x3x4x1x1xf32>
  %e6 = tensor.empty() : tensor<1x1x1x3x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x3x4x1x1xf32>) outs(%e6 : tensor<1x1x1x3x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x1x3x4xf32> into tensor<1x3x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 2, 2] : tensor<1x8x2x2xf32> into tensor<1x2x4x2x2xf32>
  %e10 = tensor.empty() : tensor<1x2x2x2x4xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x2x4x2x2xf32>) outs(%e10 : tensor<1x2x2x2x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x2x2x2x4xf32> into tensor<1x8x4xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 3, 4, 1, 1] : tensor<1x12x1x1xf32> into tensor<1x3x4x1x1xf32>
  %e14 = tensor.empty() : tensor<1x1x1x3x4xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x3x4x1x1xf32>) outs(%e14 : tensor<1x1x1x3x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x1x1x3x4xf32> into tensor<1x3x4xf32>
  // expected-remark @below {{fused [fused]: detection decode corners to xyxy, softmax scores of 4 classes (background dropped), 11 anchors read from 2 nchw head tensors, split outputs}}
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x8x4xf32>, tensor<1x3x4xf32>) -> tensor<1x11x4xf32>
  %cst19 = arith.constant 0xFF800000 : f32
  %cst20 = arith.constant 0.000000e+00 : f32
  %cst21 = arith.constant 0 : i64
  %e22 = tensor.empty() : tensor<1x11xi64>
  %fill23 = linalg.fill ins(%cst21 : i64) outs(%e22 : tensor<1x11xi64>) -> tensor<1x11xi64>
  %e24 = tensor.empty() : tensor<1x11xf32>
  %fill25 = linalg.fill ins(%cst19 : f32) outs(%e24 : tensor<1x11xf32>) -> tensor<1x11xf32>
  %max26:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%concat18 : tensor<1x11x4xf32>) outs(%fill25, %fill23 : tensor<1x11xf32>, tensor<1x11xi64>) {
  ^bb0(%in: f32, %out: f32, %out_0: i64):
    %i = linalg.index 2 : index
    %j = arith.index_cast %i : index to i64
    %m = arith.maximumf %in, %out : f32
    %c = arith.cmpf ogt, %in, %out : f32
    %s = arith.select %c, %j, %out_0 : i64
    linalg.yield %m, %s : f32, i64
  } -> (tensor<1x11xf32>, tensor<1x11xi64>)
  %expanded27 = tensor.expand_shape %max26#0 [[0], [1, 2]] output_shape [1, 11, 1] : tensor<1x11xf32> into tensor<1x11x1xf32>
  %e28 = tensor.empty() : tensor<1x11x4xf32>
  %v29 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18, %expanded27 : tensor<1x11x4xf32>, tensor<1x11x1xf32>) outs(%e28 : tensor<1x11x4xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x11x4xf32>
  %v30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v29 : tensor<1x11x4xf32>) outs(%e28 : tensor<1x11x4xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x11x4xf32>
  %e31 = tensor.empty() : tensor<1x11x1xf32>
  %fill32 = linalg.fill ins(%cst20 : f32) outs(%e31 : tensor<1x11x1xf32>) -> tensor<1x11x1xf32>
  %sum33 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%v30 : tensor<1x11x4xf32>) outs(%fill32 : tensor<1x11x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<1x11x1xf32>
  %v34 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v30, %sum33 : tensor<1x11x4xf32>, tensor<1x11x1xf32>) outs(%e28 : tensor<1x11x4xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.divf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x11x4xf32>
  %extracted_slice35 = tensor.extract_slice %v34[0, 0, 1] [1, 11, 3] [1, 1, 1] : tensor<1x11x4xf32> to tensor<1x11x3xf32>
  return %concat17, %extracted_slice35 : tensor<1x11x4xf32>, tensor<1x11x3xf32>
}

// -----
//--- bnk.mlir
// Heads given as one tensor each, [B, N, K] (bnk), instead of per-level conv
// outputs: center-size against anchors [1, N, 4] (one_n4) with weights
// (2, 2, 1, 1), no clamp; the division by 2 is read as the multiplication by
// 0.5 it rounds like, the division by 1 as none; a class softmax.

// CHECK-LABEL: func.func @bnk_heads_one_n4(
// CHECK-SAME:      %[[BOXES:[^:]+]]: tensor<1x12x4xf32>, %[[LOGITS:[^:]+]]: tensor<1x12x3xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[ANCHORS:.+]] = arith.constant dense<{{\[\[\[}}1.500000e+00, 2.500000e+00, 5.500000e+00, 4.000000e+00]{{.*}}> : tensor<1x12x4xf32>
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(bnk %[[BOXES]] : tensor<1x12x4xf32>)
// CHECK-SAME:      scores(bnk %[[LOGITS]] : tensor<1x12x3xf32>)
// CHECK-SAME:      anchors(%[[ANCHORS]] : tensor<1x12x4xf32>) coding(center_size) weights([2.000000e+00, 2.000000e+00, 1.000000e+00, 1.000000e+00]) anchor_layout(one_n4) score(softmax) to xyxy -> tensor<1x12x4xf32>, tensor<1x12x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x12x4xf32>, tensor<1x12x3xf32>

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @bnk_heads_one_n4(%boxes: tensor<1x12x4xf32>, %logits: tensor<1x12x3xf32>) -> (tensor<1x12x4xf32>, tensor<1x12x3xf32>) {
  %cst1 = arith.constant dense<[[[1.500000e+00, 2.500000e+00, 5.500000e+00, 4.000000e+00], [5.000000e-01, 2.500000e+00, 6.500000e+00, 4.000000e+00], [2.500000e-01, 2.500000e+00, 3.750000e+00, 4.000000e+00], [2.500000e-01, 2.500000e-01, 6.250000e+00, 5.250000e+00], [1.500000e+00, 7.500000e-01, 7.500000e+00, 1.250000e+00], [2.000000e+00, 2.500000e-01, 3.000000e+00, 7.500000e-01], [5.000000e-01, 7.500000e-01, 6.500000e+00, 1.250000e+00], [1.500000e+00, 1.000000e+00, 5.500000e+00, 2.500000e+00], [2.000000e+00, 7.500000e-01, 5.500000e+00, 5.750000e+00], [2.500000e-01, 2.500000e-01, 4.250000e+00, 2.250000e+00], [1.500000e+00, 2.500000e-01, 5.000000e+00, 2.250000e+00], [5.000000e-01, 1.000000e+00, 1.500000e+00, 1.500000e+00]]]> : tensor<1x12x4xf32>
  %collapsed2 = tensor.collapse_shape %boxes [[0, 1], [2]] : tensor<1x12x4xf32> into tensor<12x4xf32>
  %collapsed3 = tensor.collapse_shape %cst1 [[0, 1], [2]] : tensor<1x12x4xf32> into tensor<12x4xf32>
  %cst4 = arith.constant 5.000000e-01 : f32
  %extracted_slice5 = tensor.extract_slice %collapsed3[0, 2] [12, 1] [1, 1] : tensor<12x4xf32> to tensor<12x1xf32>
  %collapsed6 = tensor.collapse_shape %extracted_slice5 [[0, 1]] : tensor<12x1xf32> into tensor<12xf32>
  %extracted_slice7 = tensor.extract_slice %collapsed3[0, 0] [12, 1] [1, 1] : tensor<12x4xf32> to tensor<12x1xf32>
  %collapsed8 = tensor.collapse_shape %extracted_slice7 [[0, 1]] : tensor<12x1xf32> into tensor<12xf32>
  %e9 = tensor.empty() : tensor<12xf32>
  %v10 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed6, %collapsed8 : tensor<12xf32>, tensor<12xf32>) outs(%e9 : tensor<12xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12xf32>
  %extracted_slice11 = tensor.extract_slice %collapsed3[0, 3] [12, 1] [1, 1] : tensor<12x4xf32> to tensor<12x1xf32>
  %collapsed12 = tensor.collapse_shape %extracted_slice11 [[0, 1]] : tensor<12x1xf32> into tensor<12xf32>
  %extracted_slice13 = tensor.extract_slice %collapsed3[0, 1] [12, 1] [1, 1] : tensor<12x4xf32> to tensor<12x1xf32>
  %collapsed14 = tensor.collapse_shape %extracted_slice13 [[0, 1]] : tensor<12x1xf32> into tensor<12xf32>
  %e15 = tensor.empty() : tensor<12xf32>
  %v16 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed12, %collapsed14 : tensor<12xf32>, tensor<12xf32>) outs(%e15 : tensor<12xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12xf32>
  %e17 = tensor.empty() : tensor<12xf32>
  %v18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v10 : tensor<12xf32>) outs(%e17 : tensor<12xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst4 : f32
    linalg.yield %r : f32
  } -> tensor<12xf32>
  %e19 = tensor.empty() : tensor<12xf32>
  %v20 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed8, %v18 : tensor<12xf32>, tensor<12xf32>) outs(%e19 : tensor<12xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12xf32>
  %e21 = tensor.empty() : tensor<12xf32>
  %v22 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%v16 : tensor<12xf32>) outs(%e21 : tensor<12xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.mulf %in0, %cst4 : f32
    linalg.yield %r : f32
  } -> tensor<12xf32>
  %e23 = tensor.empty() : tensor<12xf32>
  %v24 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed14, %v22 : tensor<12xf32>, tensor<12xf32>) outs(%e23 : tensor<12xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12xf32>
  %e25 = tensor.empty() : tensor<12x1xf32>
  %extracted_slice26 = tensor.extract_slice %collapsed2[0, 0] [12, 1] [1, 4] : tensor<12x4xf32> to tensor<12x1xf32>
  %cst27 = arith.constant 2.000000e+00 : f32
  %v28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice26 : tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst27 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %extracted_slice29 = tensor.extract_slice %collapsed2[0, 1] [12, 1] [1, 4] : tensor<12x4xf32> to tensor<12x1xf32>
  %v30 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice29 : tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst27 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %extracted_slice31 = tensor.extract_slice %collapsed2[0, 2] [12, 1] [1, 4] : tensor<12x4xf32> to tensor<12x1xf32>
  %cst32 = arith.constant 1.000000e+00 : f32
  %v33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice31 : tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst32 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %extracted_slice34 = tensor.extract_slice %collapsed2[0, 3] [12, 1] [1, 4] : tensor<12x4xf32> to tensor<12x1xf32>
  %v35 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice34 : tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst32 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %expanded36 = tensor.expand_shape %v10 [[0, 1]] output_shape [12, 1] : tensor<12xf32> into tensor<12x1xf32>
  %expanded37 = tensor.expand_shape %v20 [[0, 1]] output_shape [12, 1] : tensor<12xf32> into tensor<12x1xf32>
  %expanded38 = tensor.expand_shape %v16 [[0, 1]] output_shape [12, 1] : tensor<12xf32> into tensor<12x1xf32>
  %expanded39 = tensor.expand_shape %v24 [[0, 1]] output_shape [12, 1] : tensor<12xf32> into tensor<12x1xf32>
  %v40 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v28, %expanded36 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v41 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v40, %expanded37 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v42 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v30, %expanded38 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v43 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v42, %expanded39 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v44 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v33 : tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v45 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v44, %expanded36 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v35 : tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v47 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v46, %expanded38 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %cst48 = arith.constant dense<5.000000e-01> : tensor<f32>
  %v49 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst48, %v47 : tensor<f32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v50 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst48, %v45 : tensor<f32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.mulf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v51 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v41, %v50 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v52 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v43, %v49 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v53 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v41, %v50 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %v54 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%v43, %v49 : tensor<12x1xf32>, tensor<12x1xf32>) outs(%e25 : tensor<12x1xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<12x1xf32>
  %expanded55 = tensor.expand_shape %v51 [[0], [1, 2]] output_shape [12, 1, 1] : tensor<12x1xf32> into tensor<12x1x1xf32>
  %expanded56 = tensor.expand_shape %v52 [[0], [1, 2]] output_shape [12, 1, 1] : tensor<12x1xf32> into tensor<12x1x1xf32>
  %expanded57 = tensor.expand_shape %v53 [[0], [1, 2]] output_shape [12, 1, 1] : tensor<12x1xf32> into tensor<12x1x1xf32>
  %expanded58 = tensor.expand_shape %v54 [[0], [1, 2]] output_shape [12, 1, 1] : tensor<12x1xf32> into tensor<12x1x1xf32>
  %concat59 = tensor.concat dim(2) %expanded55, %expanded56, %expanded57, %expanded58 : (tensor<12x1x1xf32>, tensor<12x1x1xf32>, tensor<12x1x1xf32>, tensor<12x1x1xf32>) -> tensor<12x1x4xf32>
  %collapsed60 = tensor.collapse_shape %concat59 [[0], [1, 2]] : tensor<12x1x4xf32> into tensor<12x4xf32>
  // expected-remark @below {{fused [fused]: detection decode center_size to xyxy, softmax scores of 3 classes, 12 anchors read from 1 bnk head tensor, split outputs}}
  %expanded61 = tensor.expand_shape %collapsed60 [[0, 1], [2]] output_shape [1, 12, 4] : tensor<12x4xf32> into tensor<1x12x4xf32>
  %cst62 = arith.constant 0xFF800000 : f32
  %cst63 = arith.constant 0.000000e+00 : f32
  %cst64 = arith.constant 0 : i64
  %e65 = tensor.empty() : tensor<1x12xi64>
  %fill66 = linalg.fill ins(%cst64 : i64) outs(%e65 : tensor<1x12xi64>) -> tensor<1x12xi64>
  %e67 = tensor.empty() : tensor<1x12xf32>
  %fill68 = linalg.fill ins(%cst62 : f32) outs(%e67 : tensor<1x12xf32>) -> tensor<1x12xf32>
  %max69:2 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%logits : tensor<1x12x3xf32>) outs(%fill68, %fill66 : tensor<1x12xf32>, tensor<1x12xi64>) {
  ^bb0(%in: f32, %out: f32, %out_0: i64):
    %i = linalg.index 2 : index
    %j = arith.index_cast %i : index to i64
    %m = arith.maximumf %in, %out : f32
    %c = arith.cmpf ogt, %in, %out : f32
    %s = arith.select %c, %j, %out_0 : i64
    linalg.yield %m, %s : f32, i64
  } -> (tensor<1x12xf32>, tensor<1x12xi64>)
  %expanded70 = tensor.expand_shape %max69#0 [[0], [1, 2]] output_shape [1, 12, 1] : tensor<1x12xf32> into tensor<1x12x1xf32>
  %e71 = tensor.empty() : tensor<1x12x3xf32>
  %v72 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%logits, %expanded70 : tensor<1x12x3xf32>, tensor<1x12x1xf32>) outs(%e71 : tensor<1x12x3xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x12x3xf32>
  %v73 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v72 : tensor<1x12x3xf32>) outs(%e71 : tensor<1x12x3xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.exp %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x12x3xf32>
  %e74 = tensor.empty() : tensor<1x12x1xf32>
  %fill75 = linalg.fill ins(%cst63 : f32) outs(%e74 : tensor<1x12x1xf32>) -> tensor<1x12x1xf32>
  %sum76 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%v73 : tensor<1x12x3xf32>) outs(%fill75 : tensor<1x12x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<1x12x1xf32>
  %v77 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v73, %sum76 : tensor<1x12x3xf32>, tensor<1x12x1xf32>) outs(%e71 : tensor<1x12x3xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.divf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x12x3xf32>
  return %expanded61, %v77 : tensor<1x12x4xf32>, tensor<1x12x3xf32>
}

// -----
//--- bkn-packed.mlir
// Heads [B, K, N] (bkn), corners converted to (cx, cy, w, h) with divisions
// by 2, sigmoid scores, and one packed [B, N, 4 + C] result (packed(bnk)): the
// box and scores concatenated along K, then transposed.

// CHECK-LABEL: func.func @bkn_heads_corners_cxcywh_packed_bnk(
// CHECK-SAME:      %[[BOXES:[^:]+]]: tensor<1x4x10xf32>, %[[LOGITS:[^:]+]]: tensor<1x2x10xf32>)
// CHECK-NOT:     {{(linalg|tensor|math)\.}}
// CHECK:         %[[D:.+]] = fusion.decode_detections boxes(bkn %[[BOXES]] : tensor<1x4x10xf32>)
// CHECK-SAME:      scores(bkn %[[LOGITS]] : tensor<1x2x10xf32>)
// CHECK-SAME:      coding(corners) anchor_layout(none) score(sigmoid) to cxcywh packed(bnk) -> tensor<1x10x6xf32>{{$}}
// CHECK-NEXT:    return %[[D]] : tensor<1x10x6xf32>

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @bkn_heads_corners_cxcywh_packed_bnk(%boxes: tensor<1x4x10xf32>, %logits: tensor<1x2x10xf32>) -> tensor<1x10x6xf32> {
  %cst1 = arith.constant 2.000000e+00 : f32
  %extracted_slice2 = tensor.extract_slice %boxes[0, 0, 0] [1, 1, 10] [1, 1, 1] : tensor<1x4x10xf32> to tensor<1x1x10xf32>
  %extracted_slice3 = tensor.extract_slice %boxes[0, 1, 0] [1, 1, 10] [1, 1, 1] : tensor<1x4x10xf32> to tensor<1x1x10xf32>
  %extracted_slice4 = tensor.extract_slice %boxes[0, 2, 0] [1, 1, 10] [1, 1, 1] : tensor<1x4x10xf32> to tensor<1x1x10xf32>
  %extracted_slice5 = tensor.extract_slice %boxes[0, 3, 0] [1, 1, 10] [1, 1, 1] : tensor<1x4x10xf32> to tensor<1x1x10xf32>
  %e6 = tensor.empty() : tensor<1x1x10xf32>
  %v7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice2, %extracted_slice4 : tensor<1x1x10xf32>, tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v7 : tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice3, %extracted_slice5 : tensor<1x1x10xf32>, tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v9 : tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v11 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice4, %extracted_slice2 : tensor<1x1x10xf32>, tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v12 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice5, %extracted_slice3 : tensor<1x1x10xf32>, tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %concat13 = tensor.concat dim(1) %v8, %v10, %v11, %v12 : (tensor<1x1x10xf32>, tensor<1x1x10xf32>, tensor<1x1x10xf32>, tensor<1x1x10xf32>) -> tensor<1x4x10xf32>
  %cst14 = arith.constant 1.000000e+00 : f32
  %e15 = tensor.empty() : tensor<1x2x10xf32>
  %v16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%logits : tensor<1x2x10xf32>) outs(%e15 : tensor<1x2x10xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst14 : f32
    %r = arith.divf %cst14, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x2x10xf32>
  %concat17 = tensor.concat dim(1) %concat13, %v16 : (tensor<1x4x10xf32>, tensor<1x2x10xf32>) -> tensor<1x6x10xf32>
  %e18 = tensor.empty() : tensor<1x10x6xf32>
  // expected-remark @below {{fused [fused]: detection decode corners to cxcywh, sigmoid scores of 2 classes, 10 anchors read from 1 bkn head tensor, packed_bnk outputs}}
  %transposed19 = linalg.transpose ins(%concat17 : tensor<1x6x10xf32>) outs(%e18 : tensor<1x10x6xf32>) permutation = [0, 2, 1]
  return %transposed19 : tensor<1x10x6xf32>
}

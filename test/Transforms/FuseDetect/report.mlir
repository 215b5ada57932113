// The JSON detection report (schema version 1) of fusion-fuse-detect: one
// record per candidate in program order (its location, outputs, coding,
// format, score activation, head layout, levels, anchors per image, classes,
// fused or the reason id and why), then a summary. The module holds two fused
// decodes (split and packed outputs) and three refused ones (split and packed
// outputs, two reasons), so every field and count is meaningful.

// RUN: fusion-opt %s --fusion-fuse-detect=report=- -o /dev/null | FileCheck %s

// The same report written to a file; the IR still goes to stdout, without
// the report.
// RUN: rm -f %t.json
// RUN: fusion-opt %s --fusion-fuse-detect=report=%t.json | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.json

// A report path that cannot be written fails the pass with an error.
// RUN: not fusion-opt %s --fusion-fuse-detect=report=/nonexistent/dir/r.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// IR-NOT: "version"
// IR-LABEL: func.func @fused_split
// IR: fusion.decode_detections boxes(bnk
// IR-LABEL: func.func @fused_packed
// IR: fusion.decode_detections boxes(bkn
// IR-LABEL: func.func @refused_tanh
// IR-NOT: fusion.decode_detections
// IR: math.tanh
// IR-LABEL: func.func @refused_multi_use
// IR-NOT: fusion.decode_detections
// IR: tosa.reciprocal
// IR-LABEL: func.func @refused_packed
// IR-NOT: fusion.decode_detections
// IR: math.tanh
// IR-NOT: "version"

// ERR: error: cannot write detection report '/nonexistent/dir/r.json'

// CHECK:      {
// CHECK-NEXT:   "detections": [

// A fused decode with split outputs: corners to cxcywh and a softmax without
// its background class, from bnk heads (TOSA).
// CHECK-NEXT:     {
// CHECK-NEXT:       "anchors": 9,
// CHECK-NEXT:       "classes": 4,
// CHECK-NEXT:       "coding": "corners",
// CHECK-NEXT:       "detail": "",
// CHECK-NEXT:       "format": "cxcywh",
// CHECK-NEXT:       "fused": true,
// CHECK-NEXT:       "heads": "bnk",
// CHECK-NEXT:       "levels": 1,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+23]]:10",
// CHECK-NEXT:       "outputs": "split",
// CHECK-NEXT:       "reason": "fused",
// CHECK-NEXT:       "score": "softmax"
// CHECK-NEXT:     },
func.func @fused_split(%boxes: tensor<1x9x4xf32>, %logits: tensor<1x9x4xf32>) -> (tensor<1x9x4xf32>, tensor<1x9x3xf32>) {
  %c1 = "tosa.const"() <{values = dense<[[[5.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %s3 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s4 = tosa.const_shape {values = dense<[1, 9, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v2 = tosa.slice %boxes, %s3, %s4 : (tensor<1x9x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x9x1xf32>
  %s6 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.slice %boxes, %s6, %s4 : (tensor<1x9x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x9x1xf32>
  %s8 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v7 = tosa.slice %boxes, %s8, %s4 : (tensor<1x9x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x9x1xf32>
  %s10 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v9 = tosa.slice %boxes, %s10, %s4 : (tensor<1x9x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x9x1xf32>
  %v11 = tosa.add %v2, %v7 : (tensor<1x9x1xf32>, tensor<1x9x1xf32>) -> tensor<1x9x1xf32>
  %c13 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v12 = tosa.mul %v11, %c1, %c13 : (tensor<1x9x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x9x1xf32>
  %v14 = tosa.add %v5, %v9 : (tensor<1x9x1xf32>, tensor<1x9x1xf32>) -> tensor<1x9x1xf32>
  %v15 = tosa.mul %v14, %c1, %c13 : (tensor<1x9x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x9x1xf32>
  %v16 = tosa.sub %v7, %v2 : (tensor<1x9x1xf32>, tensor<1x9x1xf32>) -> tensor<1x9x1xf32>
  %v17 = tosa.sub %v9, %v5 : (tensor<1x9x1xf32>, tensor<1x9x1xf32>) -> tensor<1x9x1xf32>
  %v18 = tosa.concat %v12, %v15, %v16, %v17 {axis = 2 : i32} : (tensor<1x9x1xf32>, tensor<1x9x1xf32>, tensor<1x9x1xf32>, tensor<1x9x1xf32>) -> tensor<1x9x4xf32>
  %v19 = tosa.reduce_max %logits {axis = 2 : i32} : (tensor<1x9x4xf32>) -> tensor<1x9x1xf32>
  %v20 = tosa.sub %logits, %v19 : (tensor<1x9x4xf32>, tensor<1x9x1xf32>) -> tensor<1x9x4xf32>
  %v21 = tosa.exp %v20 : (tensor<1x9x4xf32>) -> tensor<1x9x4xf32>
  %v22 = tosa.reduce_sum %v21 {axis = 2 : i32} : (tensor<1x9x4xf32>) -> tensor<1x9x1xf32>
  %v23 = tosa.reciprocal %v22 : (tensor<1x9x1xf32>) -> tensor<1x9x1xf32>
  %v24 = tosa.mul %v21, %v23, %c13 : (tensor<1x9x4xf32>, tensor<1x9x1xf32>, tensor<1xi8>) -> tensor<1x9x4xf32>
  %s26 = tosa.const_shape {values = dense<[1, 9, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v25 = tosa.slice %v24, %s6, %s26 : (tensor<1x9x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x9x3xf32>
  return %v18, %v25 : tensor<1x9x4xf32>, tensor<1x9x3xf32>
}

// A fused decode with one packed [B, N, 4 + C] output, from bkn heads.
// CHECK-NEXT:     {
// CHECK-NEXT:       "anchors": 10,
// CHECK-NEXT:       "classes": 2,
// CHECK-NEXT:       "coding": "corners",
// CHECK-NEXT:       "detail": "",
// CHECK-NEXT:       "format": "cxcywh",
// CHECK-NEXT:       "fused": true,
// CHECK-NEXT:       "heads": "bkn",
// CHECK-NEXT:       "levels": 1,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+55]]:19",
// CHECK-NEXT:       "outputs": "packed_bnk",
// CHECK-NEXT:       "reason": "fused",
// CHECK-NEXT:       "score": "sigmoid"
// CHECK-NEXT:     },
func.func @fused_packed(%boxes: tensor<1x4x10xf32>, %logits: tensor<1x2x10xf32>) -> tensor<1x10x6xf32> {
  %cst1 = arith.constant 2.000000e+00 : f32
  %extracted_slice2 = tensor.extract_slice %boxes[0, 0, 0] [1, 1, 10] [1, 1, 1] : tensor<1x4x10xf32> to tensor<1x1x10xf32>
  %extracted_slice3 = tensor.extract_slice %boxes[0, 1, 0] [1, 1, 10] [1, 1, 1] : tensor<1x4x10xf32> to tensor<1x1x10xf32>
  %extracted_slice4 = tensor.extract_slice %boxes[0, 2, 0] [1, 1, 10] [1, 1, 1] : tensor<1x4x10xf32> to tensor<1x1x10xf32>
  %extracted_slice5 = tensor.extract_slice %boxes[0, 3, 0] [1, 1, 10] [1, 1, 1] : tensor<1x4x10xf32> to tensor<1x1x10xf32>
  %e6 = tensor.empty() : tensor<1x1x10xf32>
  %v7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice2, %extracted_slice4 : tensor<1x1x10xf32>, tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v7 : tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice3, %extracted_slice5 : tensor<1x1x10xf32>, tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.addf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%v9 : tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = arith.divf %in0, %cst1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice4, %extracted_slice2 : tensor<1x1x10xf32>, tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %v12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice5, %extracted_slice3 : tensor<1x1x10xf32>, tensor<1x1x10xf32>) outs(%e6 : tensor<1x1x10xf32>) {
  ^bb0(%in0: f32, %in1: f32, %out: f32):
    %r = arith.subf %in0, %in1 : f32
    linalg.yield %r : f32
  } -> tensor<1x1x10xf32>
  %concat13 = tensor.concat dim(1) %v8, %v10, %v11, %v12 : (tensor<1x1x10xf32>, tensor<1x1x10xf32>, tensor<1x1x10xf32>, tensor<1x1x10xf32>) -> tensor<1x4x10xf32>
  %cst14 = arith.constant 1.000000e+00 : f32
  %e15 = tensor.empty() : tensor<1x2x10xf32>
  %v16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%logits : tensor<1x2x10xf32>) outs(%e15 : tensor<1x2x10xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %n = arith.negf %in0 : f32
    %x = math.exp %n : f32
    %s = arith.addf %x, %cst14 : f32
    %r = arith.divf %cst14, %s : f32
    linalg.yield %r : f32
  } -> tensor<1x2x10xf32>
  %concat17 = tensor.concat dim(1) %concat13, %v16 : (tensor<1x4x10xf32>, tensor<1x2x10xf32>) -> tensor<1x6x10xf32>
  %e18 = tensor.empty() : tensor<1x10x6xf32>
  %transposed19 = linalg.transpose ins(%concat17 : tensor<1x6x10xf32>) outs(%e18 : tensor<1x10x6xf32>) permutation = [0, 2, 1]
  return %transposed19 : tensor<1x10x6xf32>
}

// Refused: the scores go through math.tanh (unrecognized_pattern).
// CHECK-NEXT:     {
// CHECK-NEXT:       "anchors": 0,
// CHECK-NEXT:       "classes": 0,
// CHECK-NEXT:       "coding": "",
// CHECK-NEXT:       "detail": "the score values go through 'math.tanh': a body op the recognizer does not read",
// CHECK-NEXT:       "format": "",
// CHECK-NEXT:       "fused": false,
// CHECK-NEXT:       "heads": "",
// CHECK-NEXT:       "levels": 0,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+22]]:15",
// CHECK-NEXT:       "outputs": "split",
// CHECK-NEXT:       "reason": "unrecognized_pattern",
// CHECK-NEXT:       "score": ""
// CHECK-NEXT:     },
func.func @refused_tanh(%box0: tensor<1x4x2x2xf32>, %box1: tensor<1x8x1x1xf32>, %cls0: tensor<1x2x2x2xf32>, %cls1: tensor<1x4x1x1xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x2xf32>) {
  %expanded1 = tensor.expand_shape %box0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 4, 2, 2] : tensor<1x4x2x2xf32> into tensor<1x1x4x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x1x4xf32>
  %transposed3 = linalg.transpose ins(%expanded1 : tensor<1x1x4x2x2xf32>) outs(%e2 : tensor<1x2x2x1x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed4 = tensor.collapse_shape %transposed3 [[0], [1, 2, 3], [4]] : tensor<1x2x2x1x4xf32> into tensor<1x4x4xf32>
  %expanded5 = tensor.expand_shape %box1 [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 1, 1] : tensor<1x8x1x1xf32> into tensor<1x2x4x1x1xf32>
  %e6 = tensor.empty() : tensor<1x1x1x2x4xf32>
  %transposed7 = linalg.transpose ins(%expanded5 : tensor<1x2x4x1x1xf32>) outs(%e6 : tensor<1x1x1x2x4xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed8 = tensor.collapse_shape %transposed7 [[0], [1, 2, 3], [4]] : tensor<1x1x1x2x4xf32> into tensor<1x2x4xf32>
  %expanded9 = tensor.expand_shape %cls0 [[0], [1, 2], [3], [4]] output_shape [1, 1, 2, 2, 2] : tensor<1x2x2x2xf32> into tensor<1x1x2x2x2xf32>
  %e10 = tensor.empty() : tensor<1x2x2x1x2xf32>
  %transposed11 = linalg.transpose ins(%expanded9 : tensor<1x1x2x2x2xf32>) outs(%e10 : tensor<1x2x2x1x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed12 = tensor.collapse_shape %transposed11 [[0], [1, 2, 3], [4]] : tensor<1x2x2x1x2xf32> into tensor<1x4x2xf32>
  %expanded13 = tensor.expand_shape %cls1 [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 1, 1] : tensor<1x4x1x1xf32> into tensor<1x2x2x1x1xf32>
  %e14 = tensor.empty() : tensor<1x1x1x2x2xf32>
  %transposed15 = linalg.transpose ins(%expanded13 : tensor<1x2x2x1x1xf32>) outs(%e14 : tensor<1x1x1x2x2xf32>) permutation = [0, 3, 4, 1, 2]
  %collapsed16 = tensor.collapse_shape %transposed15 [[0], [1, 2, 3], [4]] : tensor<1x1x1x2x2xf32> into tensor<1x2x2xf32>
  %concat17 = tensor.concat dim(1) %collapsed4, %collapsed8 : (tensor<1x4x4xf32>, tensor<1x2x4xf32>) -> tensor<1x6x4xf32>
  %concat18 = tensor.concat dim(1) %collapsed12, %collapsed16 : (tensor<1x4x2xf32>, tensor<1x2x2xf32>) -> tensor<1x6x2xf32>
  %e19 = tensor.empty() : tensor<1x6x2xf32>
  %v20 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat18 : tensor<1x6x2xf32>) outs(%e19 : tensor<1x6x2xf32>) {
  ^bb0(%in0: f32, %out: f32):
    %r = math.tanh %in0 : f32
    linalg.yield %r : f32
  } -> tensor<1x6x2xf32>
  return %concat17, %v20 : tensor<1x6x4xf32>, tensor<1x6x2xf32>
}

// Refused: the class softmax's reciprocal sum is also returned (multi_use).
// CHECK-NEXT:     {
// CHECK-NEXT:       "anchors": 0,
// CHECK-NEXT:       "classes": 0,
// CHECK-NEXT:       "coding": "",
// CHECK-NEXT:       "detail": "the intermediate of 'tosa.reciprocal' is also read by 'tosa.reshape' outside the decode",
// CHECK-NEXT:       "format": "",
// CHECK-NEXT:       "fused": false,
// CHECK-NEXT:       "heads": "",
// CHECK-NEXT:       "levels": 0,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+23]]:10",
// CHECK-NEXT:       "outputs": "split",
// CHECK-NEXT:       "reason": "multi_use",
// CHECK-NEXT:       "score": ""
// CHECK-NEXT:     },
func.func @refused_multi_use(%boxes: tensor<1x6x4xf32>, %logits: tensor<1x6x3xf32>) -> (tensor<1x6x4xf32>, tensor<1x6x2xf32>, tensor<6xf32>) {
  %c1 = "tosa.const"() <{values = dense<[[[5.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %s3 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s4 = tosa.const_shape {values = dense<[1, 6, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v2 = tosa.slice %boxes, %s3, %s4 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %s6 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.slice %boxes, %s6, %s4 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %s8 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v7 = tosa.slice %boxes, %s8, %s4 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %s10 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v9 = tosa.slice %boxes, %s10, %s4 : (tensor<1x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x1xf32>
  %v11 = tosa.add %v2, %v7 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %c13 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v12 = tosa.mul %v11, %c1, %c13 : (tensor<1x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v14 = tosa.add %v5, %v9 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v15 = tosa.mul %v14, %c1, %c13 : (tensor<1x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x6x1xf32>
  %v16 = tosa.sub %v7, %v2 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v17 = tosa.sub %v9, %v5 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v18 = tosa.concat %v12, %v15, %v16, %v17 {axis = 2 : i32} : (tensor<1x6x1xf32>, tensor<1x6x1xf32>, tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x4xf32>
  %v19 = tosa.reduce_max %logits {axis = 2 : i32} : (tensor<1x6x3xf32>) -> tensor<1x6x1xf32>
  %v20 = tosa.sub %logits, %v19 : (tensor<1x6x3xf32>, tensor<1x6x1xf32>) -> tensor<1x6x3xf32>
  %v21 = tosa.exp %v20 : (tensor<1x6x3xf32>) -> tensor<1x6x3xf32>
  %v22 = tosa.reduce_sum %v21 {axis = 2 : i32} : (tensor<1x6x3xf32>) -> tensor<1x6x1xf32>
  %v23 = tosa.reciprocal %v22 : (tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %v24 = tosa.mul %v21, %v23, %c13 : (tensor<1x6x3xf32>, tensor<1x6x1xf32>, tensor<1xi8>) -> tensor<1x6x3xf32>
  %s26 = tosa.const_shape {values = dense<[1, 6, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v25 = tosa.slice %v24, %s6, %s26 : (tensor<1x6x3xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x2xf32>
  %s28 = tosa.const_shape {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
  %v27 = tosa.reshape %v23, %s28 : (tensor<1x6x1xf32>, !tosa.shape<1>) -> tensor<6xf32>
  return %v18, %v25, %v27 : tensor<1x6x4xf32>, tensor<1x6x2xf32>, tensor<6xf32>
}

// Refused, one packed result (read as [B, 4 + C', N] first): its values go
// through math.tanh (unrecognized_pattern).
// CHECK-NEXT:     {
// CHECK-NEXT:       "anchors": 0,
// CHECK-NEXT:       "classes": 0,
// CHECK-NEXT:       "coding": "",
// CHECK-NEXT:       "detail": "the box values go through 'math.tanh': a body op the recognizer does not read",
// CHECK-NEXT:       "format": "",
// CHECK-NEXT:       "fused": false,
// CHECK-NEXT:       "heads": "",
// CHECK-NEXT:       "levels": 0,
// CHECK-NEXT:       "loc": "{{.*}}report.mlir:[[@LINE+7]]:8",
// CHECK-NEXT:       "outputs": "packed_bkn",
// CHECK-NEXT:       "reason": "unrecognized_pattern",
// CHECK-NEXT:       "score": ""
// CHECK-NEXT:     }{{$}}
func.func @refused_packed(%x: tensor<1x8x6xf32>) -> tensor<1x8x6xf32> {
  %e = tensor.empty() : tensor<1x8x6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x6xf32>) outs(%e : tensor<1x8x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<1x8x6xf32>
  return %r : tensor<1x8x6xf32>
}

// CHECK-NEXT:   ],
// CHECK-NEXT:   "summary": {
// CHECK-NEXT:     "by_reason": {
// CHECK-NEXT:       "multi_use": 1,
// CHECK-NEXT:       "unrecognized_pattern": 2
// CHECK-NEXT:     },
// CHECK-NEXT:     "candidates": 5,
// CHECK-NEXT:     "fused": 2,
// CHECK-NEXT:     "refused": 3
// CHECK-NEXT:   },
// CHECK-NEXT:   "version": 1
// CHECK-NEXT: }

// fusion-fuse-detect on small decodes in torch-mlir's TOSA spelling (the forms
// of test/Corpus/Inputs/{ssdlite,yolov8n}-tosa-b1.mlir): the heads are NHWC
// conv outputs, so the per-level cases take them as [B, H, W, A*K] arguments
// (box/score layout nhwc), the others as one [B, N, K] tensor each (bnk). Each
// decode becomes ONE fusion.decode_detections reading those tensors directly,
// with the coding, weights (non-unit, all 1, or 1 for x and y only), scaling,
// clamp, DFL, anchor layout, score activation, softmax spelling and packing
// the IR computes; none of the decode's TOSA ops survive (only the anchors'
// constant, or the anchors and strides rematerialized in the op's layout), and
// the fused decision is remarked.
//
// RUN: fusion-opt %s --split-input-file --fusion-fuse-detect=explain -verify-diagnostics | FileCheck %s
//
// Numeric parity: every case alone (split-file; fusion-verify neither splits
// its input nor counts decodes per function) runs on random frames through
// the upstream-linalg reference of the original IR (tosa-to-linalg) and
// through the fused program, and every output must agree.
// RUN: rm -rf %t && split-file %s %t
// RUN: fusion-verify %t/ssd.mlir --entry=tosa_ssd_center_size_softmax --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=tosa_ssd_center_size_softmax
// RUN: fusion-verify %t/yolov8.mlir --entry=tosa_yolov8_dfl_packed --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=tosa_yolov8_dfl_packed
// RUN: fusion-verify %t/variances.mlir --entry=tosa_sigmoid_variances_cxcywh_b2 --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=tosa_sigmoid_variances_cxcywh_b2
// RUN: fusion-verify %t/unit-weights.mlir --entry=tosa_bnk_unit_weights --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=tosa_bnk_unit_weights
// RUN: fusion-verify %t/variances-unit-xy.mlir --entry=tosa_bnk_variances_unit_xy --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=tosa_bnk_variances_unit_xy
// RUN: fusion-verify %t/bnk.mlir --entry=tosa_bnk_corners_cxcywh_drop_background --frames=200 --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=PARITY -DENTRY=tosa_bnk_corners_cxcywh_drop_background

// PARITY: fusion-verify: @[[ENTRY]], fused vs reference, 200 frames, {{.*}}, fused decodes 1{{$}}
// PARITY: {{^}}PASS{{$}}

//--- ssd.mlir
// SSD as torch-mlir's TOSA path emits it: NHWC head convs' outputs
// [B, H, W, A*K] transposed to NCHW, reshaped to [B, A, K, H, W], transposed
// to (h, w, a) and reshaped, levels joined by tosa.concat (2x2 x 2, 1x2 x 3,
// 1x1 x 4 anchors); the anchors' columns by tosa.slice, the deltas' by
// tosa.gather of tile'd constant indices; BoxCoder's divisions by
// (10, 10, 5, 5) become tosa.mul by the reciprocals (scaling(multiply)); the
// exp clamp is tosa.clamp with min_val = lowest (clamp_nan(propagate)); the
// class softmax is reduce_max, sub, exp, reduce_sum, reciprocal, mul
// (softmax_form(reciprocal)).

// CHECK-LABEL: func.func @tosa_ssd_center_size_softmax(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<1x2x2x8xf32>, %[[BOX1:[^:]+]]: tensor<1x1x2x12xf32>, %[[BOX2:[^:]+]]: tensor<1x1x1x16xf32>, %[[CLS0:[^:]+]]: tensor<1x2x2x6xf32>, %[[CLS1:[^:]+]]: tensor<1x1x2x9xf32>, %[[CLS2:[^:]+]]: tensor<1x1x1x12xf32>)
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[ANCHORS:.+]] = "tosa.const"() <{values = dense<{{\[\[}}5.000000e-01, 7.500000e-01, 4.000000e+00, 5.750000e+00]{{.*}}> : tensor<18x4xf32>}> : () -> tensor<18x4xf32>
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(nhwc %[[BOX0]], %[[BOX1]], %[[BOX2]] : tensor<1x2x2x8xf32>, tensor<1x1x2x12xf32>, tensor<1x1x1x16xf32>)
// CHECK-SAME:      scores(nhwc %[[CLS0]], %[[CLS1]], %[[CLS2]] : tensor<1x2x2x6xf32>, tensor<1x1x2x9xf32>, tensor<1x1x1x12xf32>)
// CHECK-SAME:      anchors(%[[ANCHORS]] : tensor<18x4xf32>) coding(center_size) weights([0.10000000149011612, 0.10000000149011612, 0.20000000298023224, 0.20000000298023224]) scaling(multiply) wh_clamp(4.1351666450500488) anchor_layout(n4) score(softmax) softmax_form(reciprocal) to xyxy -> tensor<1x18x4xf32>, tensor<1x18x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x18x4xf32>, tensor<1x18x3xf32>

func.func @tosa_ssd_center_size_softmax(%box0: tensor<1x2x2x8xf32>, %box1: tensor<1x1x2x12xf32>, %box2: tensor<1x1x1x16xf32>, %cls0: tensor<1x2x2x6xf32>, %cls1: tensor<1x1x2x9xf32>, %cls2: tensor<1x1x1x12xf32>) -> (tensor<1x18x4xf32>, tensor<1x18x3xf32>) {
  %v1 = tosa.transpose %box0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x8xf32>) -> tensor<1x8x2x2xf32>
  %s3 = tosa.const_shape {values = dense<[1, 2, 4, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v2 = tosa.reshape %v1, %s3 : (tensor<1x8x2x2xf32>, !tosa.shape<5>) -> tensor<1x2x4x2x2xf32>
  %v4 = tosa.transpose %v2 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x2x4x2x2xf32>) -> tensor<1x2x2x2x4xf32>
  %s6 = tosa.const_shape {values = dense<[1, 8, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.reshape %v4, %s6 : (tensor<1x2x2x2x4xf32>, !tosa.shape<3>) -> tensor<1x8x4xf32>
  %v7 = tosa.transpose %box1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x2x12xf32>) -> tensor<1x12x1x2xf32>
  %s9 = tosa.const_shape {values = dense<[1, 3, 4, 1, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v8 = tosa.reshape %v7, %s9 : (tensor<1x12x1x2xf32>, !tosa.shape<5>) -> tensor<1x3x4x1x2xf32>
  %v10 = tosa.transpose %v8 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x3x4x1x2xf32>) -> tensor<1x1x2x3x4xf32>
  %s12 = tosa.const_shape {values = dense<[1, 6, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v11 = tosa.reshape %v10, %s12 : (tensor<1x1x2x3x4xf32>, !tosa.shape<3>) -> tensor<1x6x4xf32>
  %v13 = tosa.transpose %box2 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x16xf32>) -> tensor<1x16x1x1xf32>
  %s15 = tosa.const_shape {values = dense<[1, 4, 4, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v14 = tosa.reshape %v13, %s15 : (tensor<1x16x1x1xf32>, !tosa.shape<5>) -> tensor<1x4x4x1x1xf32>
  %v16 = tosa.transpose %v14 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x4x4x1x1xf32>) -> tensor<1x1x1x4x4xf32>
  %s18 = tosa.const_shape {values = dense<[1, 4, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v17 = tosa.reshape %v16, %s18 : (tensor<1x1x1x4x4xf32>, !tosa.shape<3>) -> tensor<1x4x4xf32>
  %v19 = tosa.transpose %cls0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x6xf32>) -> tensor<1x6x2x2xf32>
  %s21 = tosa.const_shape {values = dense<[1, 2, 3, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v20 = tosa.reshape %v19, %s21 : (tensor<1x6x2x2xf32>, !tosa.shape<5>) -> tensor<1x2x3x2x2xf32>
  %v22 = tosa.transpose %v20 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x2x3x2x2xf32>) -> tensor<1x2x2x2x3xf32>
  %s24 = tosa.const_shape {values = dense<[1, 8, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v23 = tosa.reshape %v22, %s24 : (tensor<1x2x2x2x3xf32>, !tosa.shape<3>) -> tensor<1x8x3xf32>
  %v25 = tosa.transpose %cls1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x2x9xf32>) -> tensor<1x9x1x2xf32>
  %s27 = tosa.const_shape {values = dense<[1, 3, 3, 1, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v26 = tosa.reshape %v25, %s27 : (tensor<1x9x1x2xf32>, !tosa.shape<5>) -> tensor<1x3x3x1x2xf32>
  %v28 = tosa.transpose %v26 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x3x3x1x2xf32>) -> tensor<1x1x2x3x3xf32>
  %s30 = tosa.const_shape {values = dense<[1, 6, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v29 = tosa.reshape %v28, %s30 : (tensor<1x1x2x3x3xf32>, !tosa.shape<3>) -> tensor<1x6x3xf32>
  %v31 = tosa.transpose %cls2 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x12xf32>) -> tensor<1x12x1x1xf32>
  %s33 = tosa.const_shape {values = dense<[1, 4, 3, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v32 = tosa.reshape %v31, %s33 : (tensor<1x12x1x1xf32>, !tosa.shape<5>) -> tensor<1x4x3x1x1xf32>
  %v34 = tosa.transpose %v32 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<1x4x3x1x1xf32>) -> tensor<1x1x1x4x3xf32>
  %s36 = tosa.const_shape {values = dense<[1, 4, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v35 = tosa.reshape %v34, %s36 : (tensor<1x1x1x4x3xf32>, !tosa.shape<3>) -> tensor<1x4x3xf32>
  %v37 = tosa.concat %v5, %v11, %v17 {axis = 1 : i32} : (tensor<1x8x4xf32>, tensor<1x6x4xf32>, tensor<1x4x4xf32>) -> tensor<1x18x4xf32>
  %v38 = tosa.concat %v23, %v29, %v35 {axis = 1 : i32} : (tensor<1x8x3xf32>, tensor<1x6x3xf32>, tensor<1x4x3xf32>) -> tensor<1x18x3xf32>
  %c39 = "tosa.const"() <{values = dense<[[5.000000e-01, 7.500000e-01, 4.000000e+00, 5.750000e+00], [3.000000e+00, 2.500000e-01, 9.000000e+00, 7.500000e-01], [1.500000e+00, 1.000000e+00, 7.500000e+00, 2.500000e+00], [5.000000e-01, 2.500000e+00, 6.500000e+00, 7.500000e+00], [1.500000e+00, 7.500000e-01, 3.500000e+00, 2.250000e+00], [2.000000e+00, 2.500000e+00, 3.000000e+00, 3.000000e+00], [5.000000e-01, 2.500000e-01, 4.000000e+00, 7.500000e-01], [1.000000e+00, 2.500000e+00, 7.000000e+00, 7.500000e+00], [3.000000e+00, 2.500000e+00, 7.000000e+00, 7.500000e+00], [5.000000e-01, 1.000000e+00, 1.500000e+00, 1.500000e+00], [5.000000e-01, 2.500000e+00, 2.500000e+00, 4.500000e+00], [3.000000e+00, 2.500000e+00, 6.500000e+00, 7.500000e+00], [2.000000e+00, 2.500000e+00, 8.000000e+00, 4.500000e+00], [2.000000e+00, 2.500000e+00, 8.000000e+00, 4.000000e+00], [1.000000e+00, 2.500000e-01, 4.500000e+00, 1.750000e+00], [3.000000e+00, 1.000000e+00, 9.000000e+00, 1.500000e+00], [3.000000e+00, 7.500000e-01, 9.000000e+00, 2.750000e+00], [1.000000e+00, 2.500000e-01, 2.000000e+00, 5.250000e+00]]> : tensor<18x4xf32>}> : () -> tensor<18x4xf32>
  %c40 = "tosa.const"() <{values = dense<[5.000000e-01]> : tensor<1xf32>}> : () -> tensor<1xf32>
  %s42 = tosa.const_shape {values = dense<[0, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s43 = tosa.const_shape {values = dense<[18, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v41 = tosa.slice %c39, %s42, %s43 : (tensor<18x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<18x1xf32>
  %s45 = tosa.const_shape {values = dense<18> : tensor<1xindex>} : () -> !tosa.shape<1>
  %v44 = tosa.reshape %v41, %s45 : (tensor<18x1xf32>, !tosa.shape<1>) -> tensor<18xf32>
  %s47 = tosa.const_shape {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v46 = tosa.slice %c39, %s47, %s43 : (tensor<18x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v48 = tosa.reshape %v46, %s45 : (tensor<18x1xf32>, !tosa.shape<1>) -> tensor<18xf32>
  %v49 = tosa.sub %v44, %v48 : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xf32>
  %s51 = tosa.const_shape {values = dense<[0, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v50 = tosa.slice %c39, %s51, %s43 : (tensor<18x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v52 = tosa.reshape %v50, %s45 : (tensor<18x1xf32>, !tosa.shape<1>) -> tensor<18xf32>
  %s54 = tosa.const_shape {values = dense<[0, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %v53 = tosa.slice %c39, %s54, %s43 : (tensor<18x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v55 = tosa.reshape %v53, %s45 : (tensor<18x1xf32>, !tosa.shape<1>) -> tensor<18xf32>
  %v56 = tosa.sub %v52, %v55 : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xf32>
  %c58 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v57 = tosa.mul %v49, %c40, %c58 : (tensor<18xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<18xf32>
  %v59 = tosa.add %v48, %v57 : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xf32>
  %v60 = tosa.mul %v56, %c40, %c58 : (tensor<18xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<18xf32>
  %v61 = tosa.add %v55, %v60 : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xf32>
  %s63 = tosa.const_shape {values = dense<[18, 4, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v62 = tosa.reshape %v37, %s63 : (tensor<1x18x4xf32>, !tosa.shape<3>) -> tensor<18x4x1xf32>
  %c64 = "tosa.const"() <{values = dense<0> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
  %v65 = tosa.tile %c64, %s43 : (tensor<1x1xi32>, !tosa.shape<2>) -> tensor<18x1xi32>
  %v66 = tosa.gather %v62, %v65 : (tensor<18x4x1xf32>, tensor<18x1xi32>) -> tensor<18x1x1xf32>
  %v67 = tosa.reshape %v66, %s43 : (tensor<18x1x1xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
  %c68 = "tosa.const"() <{values = dense<[[1.000000e-01]]> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %v69 = tosa.mul %v67, %c68, %c58 : (tensor<18x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %c70 = "tosa.const"() <{values = dense<1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
  %v71 = tosa.tile %c70, %s43 : (tensor<1x1xi32>, !tosa.shape<2>) -> tensor<18x1xi32>
  %v72 = tosa.gather %v62, %v71 : (tensor<18x4x1xf32>, tensor<18x1xi32>) -> tensor<18x1x1xf32>
  %v73 = tosa.reshape %v72, %s43 : (tensor<18x1x1xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v74 = tosa.mul %v73, %c68, %c58 : (tensor<18x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %c75 = "tosa.const"() <{values = dense<2> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
  %v76 = tosa.tile %c75, %s43 : (tensor<1x1xi32>, !tosa.shape<2>) -> tensor<18x1xi32>
  %v77 = tosa.gather %v62, %v76 : (tensor<18x4x1xf32>, tensor<18x1xi32>) -> tensor<18x1x1xf32>
  %v78 = tosa.reshape %v77, %s43 : (tensor<18x1x1xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
  %c79 = "tosa.const"() <{values = dense<[[2.000000e-01]]> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %v80 = tosa.mul %v78, %c79, %c58 : (tensor<18x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %c81 = "tosa.const"() <{values = dense<3> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
  %v82 = tosa.tile %c81, %s43 : (tensor<1x1xi32>, !tosa.shape<2>) -> tensor<18x1xi32>
  %v83 = tosa.gather %v62, %v82 : (tensor<18x4x1xf32>, tensor<18x1xi32>) -> tensor<18x1x1xf32>
  %v84 = tosa.reshape %v83, %s43 : (tensor<18x1x1xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v85 = tosa.mul %v84, %c79, %c58 : (tensor<18x1xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %v86 = tosa.clamp %v80 {max_val = 4.13516665 : f32, min_val = -3.40282347E+38 : f32} : (tensor<18x1xf32>) -> tensor<18x1xf32>
  %v87 = tosa.clamp %v85 {max_val = 4.13516665 : f32, min_val = -3.40282347E+38 : f32} : (tensor<18x1xf32>) -> tensor<18x1xf32>
  %v88 = tosa.reshape %v49, %s43 : (tensor<18xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v89 = tosa.reshape %v59, %s43 : (tensor<18xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v90 = tosa.reshape %v56, %s43 : (tensor<18xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v91 = tosa.reshape %v61, %s43 : (tensor<18xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
  %v92 = tosa.mul %v69, %v88, %c58 : (tensor<18x1xf32>, tensor<18x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %v93 = tosa.add %v92, %v89 : (tensor<18x1xf32>, tensor<18x1xf32>) -> tensor<18x1xf32>
  %v94 = tosa.mul %v74, %v90, %c58 : (tensor<18x1xf32>, tensor<18x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %v95 = tosa.add %v94, %v91 : (tensor<18x1xf32>, tensor<18x1xf32>) -> tensor<18x1xf32>
  %v96 = tosa.exp %v86 : (tensor<18x1xf32>) -> tensor<18x1xf32>
  %v97 = tosa.mul %v96, %v88, %c58 : (tensor<18x1xf32>, tensor<18x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %v98 = tosa.exp %v87 : (tensor<18x1xf32>) -> tensor<18x1xf32>
  %v99 = tosa.mul %v98, %v90, %c58 : (tensor<18x1xf32>, tensor<18x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %c100 = "tosa.const"() <{values = dense<[[5.000000e-01]]> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %v101 = tosa.mul %c100, %v99, %c58 : (tensor<1x1xf32>, tensor<18x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %v102 = tosa.mul %c100, %v97, %c58 : (tensor<1x1xf32>, tensor<18x1xf32>, tensor<1xi8>) -> tensor<18x1xf32>
  %v103 = tosa.sub %v93, %v102 : (tensor<18x1xf32>, tensor<18x1xf32>) -> tensor<18x1xf32>
  %v104 = tosa.sub %v95, %v101 : (tensor<18x1xf32>, tensor<18x1xf32>) -> tensor<18x1xf32>
  %v105 = tosa.add %v93, %v102 : (tensor<18x1xf32>, tensor<18x1xf32>) -> tensor<18x1xf32>
  %v106 = tosa.add %v95, %v101 : (tensor<18x1xf32>, tensor<18x1xf32>) -> tensor<18x1xf32>
  %s108 = tosa.const_shape {values = dense<[18, 1, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v107 = tosa.reshape %v103, %s108 : (tensor<18x1xf32>, !tosa.shape<3>) -> tensor<18x1x1xf32>
  %v109 = tosa.reshape %v104, %s108 : (tensor<18x1xf32>, !tosa.shape<3>) -> tensor<18x1x1xf32>
  %v110 = tosa.reshape %v105, %s108 : (tensor<18x1xf32>, !tosa.shape<3>) -> tensor<18x1x1xf32>
  %v111 = tosa.reshape %v106, %s108 : (tensor<18x1xf32>, !tosa.shape<3>) -> tensor<18x1x1xf32>
  %v112 = tosa.concat %v107, %v109, %v110, %v111 {axis = 2 : i32} : (tensor<18x1x1xf32>, tensor<18x1x1xf32>, tensor<18x1x1xf32>, tensor<18x1x1xf32>) -> tensor<18x1x4xf32>
  %s114 = tosa.const_shape {values = dense<[1, 18, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  // expected-remark @below {{fused [fused]: detection decode center_size to xyxy, softmax scores of 3 classes, 18 anchors read from 3 nhwc head tensors, split outputs}}
  %v113 = tosa.reshape %v112, %s114 : (tensor<18x1x4xf32>, !tosa.shape<3>) -> tensor<1x18x4xf32>
  %v115 = tosa.reduce_max %v38 {axis = 2 : i32} : (tensor<1x18x3xf32>) -> tensor<1x18x1xf32>
  %v116 = tosa.sub %v38, %v115 : (tensor<1x18x3xf32>, tensor<1x18x1xf32>) -> tensor<1x18x3xf32>
  %v117 = tosa.exp %v116 : (tensor<1x18x3xf32>) -> tensor<1x18x3xf32>
  %v118 = tosa.reduce_sum %v117 {axis = 2 : i32} : (tensor<1x18x3xf32>) -> tensor<1x18x1xf32>
  %v119 = tosa.reciprocal %v118 : (tensor<1x18x1xf32>) -> tensor<1x18x1xf32>
  %v120 = tosa.mul %v117, %v119, %c58 : (tensor<1x18x3xf32>, tensor<1x18x1xf32>, tensor<1xi8>) -> tensor<1x18x3xf32>
  return %v113, %v120 : tensor<1x18x4xf32>, tensor<1x18x3xf32>
}

// -----
//--- yolov8.mlir
// YOLOv8 Detect as torch-mlir's TOSA path emits it: per level, the box and
// class heads transposed to NCHW and reshaped to [B, K, H*W], joined along N;
// the DFL softmax over 4 bins with reciprocal, its projection a tosa.conv2d
// with the constant weight [1, 1, 1, bins] = 0..bins-1 and a zero bias; anchor
// points [1, 2, N] and strides [1, 1, N] (the op takes them as [2, N] and
// [1, N]); the /2 of dist2bbox as a tosa.mul by 0.5; tosa.sigmoid; packed
// [B, 4 + C, N].

// CHECK-LABEL: func.func @tosa_yolov8_dfl_packed(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<1x4x4x16xf32>, %[[BOX1:[^:]+]]: tensor<1x2x2x16xf32>, %[[BOX2:[^:]+]]: tensor<1x1x1x16xf32>, %[[CLS0:[^:]+]]: tensor<1x4x4x2xf32>, %[[CLS1:[^:]+]]: tensor<1x2x2x2xf32>, %[[CLS2:[^:]+]]: tensor<1x1x1x2xf32>)
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[POINTS:.+]] = arith.constant dense<{{\[\[}}5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00,{{.*}}> : tensor<2x21xf32>
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[STRIDES:.+]] = arith.constant dense<{{\[\[}}8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00,{{.*}}> : tensor<1x21xf32>
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[D:.+]] = fusion.decode_detections boxes(nhwc %[[BOX0]], %[[BOX1]], %[[BOX2]] : tensor<1x4x4x16xf32>, tensor<1x2x2x16xf32>, tensor<1x1x1x16xf32>)
// CHECK-SAME:      scores(nhwc %[[CLS0]], %[[CLS1]], %[[CLS2]] : tensor<1x4x4x2xf32>, tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>)
// CHECK-SAME:      anchors(%[[POINTS]] : tensor<2x21xf32>) strides(%[[STRIDES]] : tensor<1x21xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(sigmoid) softmax_form(reciprocal) to cxcywh packed(bkn) -> tensor<1x6x21xf32>{{$}}
// CHECK-NEXT:    return %[[D]] : tensor<1x6x21xf32>

func.func @tosa_yolov8_dfl_packed(%box0: tensor<1x4x4x16xf32>, %box1: tensor<1x2x2x16xf32>, %box2: tensor<1x1x1x16xf32>, %cls0: tensor<1x4x4x2xf32>, %cls1: tensor<1x2x2x2xf32>, %cls2: tensor<1x1x1x2xf32>) -> tensor<1x6x21xf32> {
  %c1 = "tosa.const"() <{values = dense<[0.000000e+00]> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c2 = "tosa.const"() <{values = dense<[[[[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]]]]> : tensor<1x1x1x4xf32>}> : () -> tensor<1x1x1x4xf32>
  %c3 = "tosa.const"() <{values = dense<[[[5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, 5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, 5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, 5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, 5.000000e-01, 1.500000e+00, 5.000000e-01, 1.500000e+00, 5.000000e-01], [5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 1.500000e+00, 1.500000e+00, 1.500000e+00, 1.500000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00, 3.500000e+00, 3.500000e+00, 3.500000e+00, 3.500000e+00, 5.000000e-01, 5.000000e-01, 1.500000e+00, 1.500000e+00, 5.000000e-01]]]> : tensor<1x2x21xf32>}> : () -> tensor<1x2x21xf32>
  %c4 = "tosa.const"() <{values = dense<[[[5.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c5 = "tosa.const"() <{values = dense<[[[8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 8.000000e+00, 1.600000e+01, 1.600000e+01, 1.600000e+01, 1.600000e+01, 3.200000e+01]]]> : tensor<1x1x21xf32>}> : () -> tensor<1x1x21xf32>
  %v6 = tosa.transpose %box0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x16xf32>) -> tensor<1x16x4x4xf32>
  %s8 = tosa.const_shape {values = dense<[1, 16, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v7 = tosa.reshape %v6, %s8 : (tensor<1x16x4x4xf32>, !tosa.shape<3>) -> tensor<1x16x16xf32>
  %v9 = tosa.transpose %box1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x16xf32>) -> tensor<1x16x2x2xf32>
  %s11 = tosa.const_shape {values = dense<[1, 16, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v10 = tosa.reshape %v9, %s11 : (tensor<1x16x2x2xf32>, !tosa.shape<3>) -> tensor<1x16x4xf32>
  %v12 = tosa.transpose %box2 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x16xf32>) -> tensor<1x16x1x1xf32>
  %s14 = tosa.const_shape {values = dense<[1, 16, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v13 = tosa.reshape %v12, %s14 : (tensor<1x16x1x1xf32>, !tosa.shape<3>) -> tensor<1x16x1xf32>
  %v15 = tosa.transpose %cls0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
  %s17 = tosa.const_shape {values = dense<[1, 2, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v16 = tosa.reshape %v15, %s17 : (tensor<1x2x4x4xf32>, !tosa.shape<3>) -> tensor<1x2x16xf32>
  %v18 = tosa.transpose %cls1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %s20 = tosa.const_shape {values = dense<[1, 2, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v19 = tosa.reshape %v18, %s20 : (tensor<1x2x2x2xf32>, !tosa.shape<3>) -> tensor<1x2x4xf32>
  %v21 = tosa.transpose %cls2 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x1x1x2xf32>) -> tensor<1x2x1x1xf32>
  %s23 = tosa.const_shape {values = dense<[1, 2, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v22 = tosa.reshape %v21, %s23 : (tensor<1x2x1x1xf32>, !tosa.shape<3>) -> tensor<1x2x1xf32>
  %v24 = tosa.concat %v7, %v10, %v13 {axis = 2 : i32} : (tensor<1x16x16xf32>, tensor<1x16x4xf32>, tensor<1x16x1xf32>) -> tensor<1x16x21xf32>
  %v25 = tosa.concat %v16, %v19, %v22 {axis = 2 : i32} : (tensor<1x2x16xf32>, tensor<1x2x4xf32>, tensor<1x2x1xf32>) -> tensor<1x2x21xf32>
  %s27 = tosa.const_shape {values = dense<[1, 4, 4, 21]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v26 = tosa.reshape %v24, %s27 : (tensor<1x16x21xf32>, !tosa.shape<4>) -> tensor<1x4x4x21xf32>
  %v28 = tosa.transpose %v26 {perms = array<i32: 0, 2, 1, 3>} : (tensor<1x4x4x21xf32>) -> tensor<1x4x4x21xf32>
  %v29 = tosa.reduce_max %v28 {axis = 1 : i32} : (tensor<1x4x4x21xf32>) -> tensor<1x1x4x21xf32>
  %v30 = tosa.sub %v28, %v29 : (tensor<1x4x4x21xf32>, tensor<1x1x4x21xf32>) -> tensor<1x4x4x21xf32>
  %v31 = tosa.exp %v30 : (tensor<1x4x4x21xf32>) -> tensor<1x4x4x21xf32>
  %v32 = tosa.reduce_sum %v31 {axis = 1 : i32} : (tensor<1x4x4x21xf32>) -> tensor<1x1x4x21xf32>
  %v33 = tosa.reciprocal %v32 : (tensor<1x1x4x21xf32>) -> tensor<1x1x4x21xf32>
  %c35 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v34 = tosa.mul %v31, %v33, %c35 : (tensor<1x4x4x21xf32>, tensor<1x1x4x21xf32>, tensor<1xi8>) -> tensor<1x4x4x21xf32>
  %v36 = tosa.transpose %v34 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x4x21xf32>) -> tensor<1x4x21x4xf32>
  %v37 = tosa.conv2d %v36, %c2, %c1, %c1, %c1 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x21x4xf32>, tensor<1x1x1x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x21x1xf32>
  %s39 = tosa.const_shape {values = dense<[1, 4, 21]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v38 = tosa.reshape %v37, %s39 : (tensor<1x4x21x1xf32>, !tosa.shape<3>) -> tensor<1x4x21xf32>
  %s41 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s42 = tosa.const_shape {values = dense<[1, 2, 21]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v40 = tosa.slice %v38, %s41, %s42 : (tensor<1x4x21xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x2x21xf32>
  %s44 = tosa.const_shape {values = dense<[0, 2, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v43 = tosa.slice %v38, %s44, %s42 : (tensor<1x4x21xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x2x21xf32>
  %v45 = tosa.sub %c3, %v40 : (tensor<1x2x21xf32>, tensor<1x2x21xf32>) -> tensor<1x2x21xf32>
  %v46 = tosa.add %v43, %c3 : (tensor<1x2x21xf32>, tensor<1x2x21xf32>) -> tensor<1x2x21xf32>
  %v47 = tosa.add %v45, %v46 : (tensor<1x2x21xf32>, tensor<1x2x21xf32>) -> tensor<1x2x21xf32>
  %v48 = tosa.mul %v47, %c4, %c35 : (tensor<1x2x21xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x2x21xf32>
  %v49 = tosa.sub %v46, %v45 : (tensor<1x2x21xf32>, tensor<1x2x21xf32>) -> tensor<1x2x21xf32>
  %v50 = tosa.concat %v48, %v49 {axis = 1 : i32} : (tensor<1x2x21xf32>, tensor<1x2x21xf32>) -> tensor<1x4x21xf32>
  %v51 = tosa.mul %v50, %c5, %c35 : (tensor<1x4x21xf32>, tensor<1x1x21xf32>, tensor<1xi8>) -> tensor<1x4x21xf32>
  %v52 = tosa.sigmoid %v25 : (tensor<1x2x21xf32>) -> tensor<1x2x21xf32>
  // expected-remark @below {{fused [fused]: detection decode ltrb_distance (DFL 4 bins) to cxcywh, sigmoid scores of 2 classes, 21 anchors read from 3 nhwc head tensors, packed_bkn outputs}}
  %v53 = tosa.concat %v51, %v52 {axis = 1 : i32} : (tensor<1x4x21xf32>, tensor<1x2x21xf32>) -> tensor<1x6x21xf32>
  return %v53 : tensor<1x6x21xf32>
}

// -----
//--- variances.mlir
// Sigmoid scores and SSD variances on a batch of 2: priors [N, 4] in
// (cx, cy, w, h) form shared by both images (reshaped to [1, N, 4] and
// broadcast), the deltas taken by tosa.slice and multiplied by the variances
// (0.1, 0.1, 0.2, 0.2); boxes left in cxcywh.

// CHECK-LABEL: func.func @tosa_sigmoid_variances_cxcywh_b2(
// CHECK-SAME:      %[[BOX0:[^:]+]]: tensor<2x2x2x8xf32>, %[[BOX1:[^:]+]]: tensor<2x1x2x4xf32>, %[[CLS0:[^:]+]]: tensor<2x2x2x4xf32>, %[[CLS1:[^:]+]]: tensor<2x1x2x2xf32>)
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[PRIORS:.+]] = "tosa.const"() <{values = dense<{{\[\[}}3.750000e+00, 1.250000e+00, 3.500000e+00, 5.000000e-01]{{.*}}> : tensor<10x4xf32>}> : () -> tensor<10x4xf32>
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(nhwc %[[BOX0]], %[[BOX1]] : tensor<2x2x2x8xf32>, tensor<2x1x2x4xf32>)
// CHECK-SAME:      scores(nhwc %[[CLS0]], %[[CLS1]] : tensor<2x2x2x4xf32>, tensor<2x1x2x2xf32>)
// CHECK-SAME:      anchors(%[[PRIORS]] : tensor<10x4xf32>) coding(center_size) weights([0.10000000149011612, 0.10000000149011612, 0.20000000298023224, 0.20000000298023224]) scaling(multiply) anchor_layout(n4) anchor_format(cxcywh) score(sigmoid) to cxcywh -> tensor<2x10x4xf32>, tensor<2x10x2xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<2x10x4xf32>, tensor<2x10x2xf32>

func.func @tosa_sigmoid_variances_cxcywh_b2(%box0: tensor<2x2x2x8xf32>, %box1: tensor<2x1x2x4xf32>, %cls0: tensor<2x2x2x4xf32>, %cls1: tensor<2x1x2x2xf32>) -> (tensor<2x10x4xf32>, tensor<2x10x2xf32>) {
  %v1 = tosa.transpose %box0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x2x2x8xf32>) -> tensor<2x8x2x2xf32>
  %s3 = tosa.const_shape {values = dense<[2, 2, 4, 2, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v2 = tosa.reshape %v1, %s3 : (tensor<2x8x2x2xf32>, !tosa.shape<5>) -> tensor<2x2x4x2x2xf32>
  %v4 = tosa.transpose %v2 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<2x2x4x2x2xf32>) -> tensor<2x2x2x2x4xf32>
  %s6 = tosa.const_shape {values = dense<[2, 8, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.reshape %v4, %s6 : (tensor<2x2x2x2x4xf32>, !tosa.shape<3>) -> tensor<2x8x4xf32>
  %v7 = tosa.transpose %box1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x1x2x4xf32>) -> tensor<2x4x1x2xf32>
  %s9 = tosa.const_shape {values = dense<[2, 1, 4, 1, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v8 = tosa.reshape %v7, %s9 : (tensor<2x4x1x2xf32>, !tosa.shape<5>) -> tensor<2x1x4x1x2xf32>
  %v10 = tosa.transpose %v8 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<2x1x4x1x2xf32>) -> tensor<2x1x2x1x4xf32>
  %s12 = tosa.const_shape {values = dense<[2, 2, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v11 = tosa.reshape %v10, %s12 : (tensor<2x1x2x1x4xf32>, !tosa.shape<3>) -> tensor<2x2x4xf32>
  %v13 = tosa.transpose %cls0 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x2x2x4xf32>) -> tensor<2x4x2x2xf32>
  %s15 = tosa.const_shape {values = dense<2> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v14 = tosa.reshape %v13, %s15 : (tensor<2x4x2x2xf32>, !tosa.shape<5>) -> tensor<2x2x2x2x2xf32>
  %v16 = tosa.transpose %v14 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<2x2x2x2x2xf32>) -> tensor<2x2x2x2x2xf32>
  %s18 = tosa.const_shape {values = dense<[2, 8, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v17 = tosa.reshape %v16, %s18 : (tensor<2x2x2x2x2xf32>, !tosa.shape<3>) -> tensor<2x8x2xf32>
  %v19 = tosa.transpose %cls1 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x1x2x2xf32>) -> tensor<2x2x1x2xf32>
  %s21 = tosa.const_shape {values = dense<[2, 1, 2, 1, 2]> : tensor<5xindex>} : () -> !tosa.shape<5>
  %v20 = tosa.reshape %v19, %s21 : (tensor<2x2x1x2xf32>, !tosa.shape<5>) -> tensor<2x1x2x1x2xf32>
  %v22 = tosa.transpose %v20 {perms = array<i32: 0, 3, 4, 1, 2>} : (tensor<2x1x2x1x2xf32>) -> tensor<2x1x2x1x2xf32>
  %s24 = tosa.const_shape {values = dense<2> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v23 = tosa.reshape %v22, %s24 : (tensor<2x1x2x1x2xf32>, !tosa.shape<3>) -> tensor<2x2x2xf32>
  %v25 = tosa.concat %v5, %v11 {axis = 1 : i32} : (tensor<2x8x4xf32>, tensor<2x2x4xf32>) -> tensor<2x10x4xf32>
  %v26 = tosa.concat %v17, %v23 {axis = 1 : i32} : (tensor<2x8x2xf32>, tensor<2x2x2xf32>) -> tensor<2x10x2xf32>
  %c27 = "tosa.const"() <{values = dense<[[3.750000e+00, 1.250000e+00, 3.500000e+00, 5.000000e-01], [2.000000e+00, 1.500000e+00, 1.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 4.000000e+00, 1.500000e+00], [4.500000e+00, 1.000000e+00, 6.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 4.000000e+00, 2.000000e+00], [1.500000e+00, 2.750000e+00, 2.000000e+00, 5.000000e-01], [1.500000e+00, 3.250000e+00, 2.000000e+00, 1.500000e+00], [1.250000e+00, 1.000000e+00, 2.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 3.500000e+00, 2.000000e+00], [1.500000e+00, 1.500000e+00, 2.000000e+00, 1.500000e+00]]> : tensor<10x4xf32>}> : () -> tensor<10x4xf32>
  %s29 = tosa.const_shape {values = dense<[1, 10, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v28 = tosa.reshape %c27, %s29 : (tensor<10x4xf32>, !tosa.shape<3>) -> tensor<1x10x4xf32>
  %s31 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s32 = tosa.const_shape {values = dense<[1, 10, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v30 = tosa.slice %v28, %s31, %s32 : (tensor<1x10x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x10x1xf32>
  %s34 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v33 = tosa.slice %v28, %s34, %s32 : (tensor<1x10x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x10x1xf32>
  %s36 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v35 = tosa.slice %v28, %s36, %s32 : (tensor<1x10x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x10x1xf32>
  %s38 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v37 = tosa.slice %v28, %s38, %s32 : (tensor<1x10x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x10x1xf32>
  %s40 = tosa.const_shape {values = dense<[2, 10, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v39 = tosa.slice %v25, %s31, %s40 : (tensor<2x10x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x10x1xf32>
  %c41 = "tosa.const"() <{values = dense<[[[1.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c43 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v42 = tosa.mul %v39, %c41, %c43 : (tensor<2x10x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x10x1xf32>
  %v44 = tosa.slice %v25, %s34, %s40 : (tensor<2x10x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x10x1xf32>
  %v45 = tosa.mul %v44, %c41, %c43 : (tensor<2x10x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x10x1xf32>
  %v46 = tosa.slice %v25, %s36, %s40 : (tensor<2x10x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x10x1xf32>
  %c47 = "tosa.const"() <{values = dense<[[[2.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %v48 = tosa.mul %v46, %c47, %c43 : (tensor<2x10x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x10x1xf32>
  %v49 = tosa.slice %v25, %s38, %s40 : (tensor<2x10x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x10x1xf32>
  %v50 = tosa.mul %v49, %c47, %c43 : (tensor<2x10x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x10x1xf32>
  %v51 = tosa.mul %v42, %v35, %c43 : (tensor<2x10x1xf32>, tensor<1x10x1xf32>, tensor<1xi8>) -> tensor<2x10x1xf32>
  %v52 = tosa.add %v51, %v30 : (tensor<2x10x1xf32>, tensor<1x10x1xf32>) -> tensor<2x10x1xf32>
  %v53 = tosa.mul %v45, %v37, %c43 : (tensor<2x10x1xf32>, tensor<1x10x1xf32>, tensor<1xi8>) -> tensor<2x10x1xf32>
  %v54 = tosa.add %v53, %v33 : (tensor<2x10x1xf32>, tensor<1x10x1xf32>) -> tensor<2x10x1xf32>
  %v55 = tosa.exp %v48 : (tensor<2x10x1xf32>) -> tensor<2x10x1xf32>
  %v56 = tosa.mul %v55, %v35, %c43 : (tensor<2x10x1xf32>, tensor<1x10x1xf32>, tensor<1xi8>) -> tensor<2x10x1xf32>
  %v57 = tosa.exp %v50 : (tensor<2x10x1xf32>) -> tensor<2x10x1xf32>
  %v58 = tosa.mul %v57, %v37, %c43 : (tensor<2x10x1xf32>, tensor<1x10x1xf32>, tensor<1xi8>) -> tensor<2x10x1xf32>
  // expected-remark @below {{fused [fused]: detection decode center_size to cxcywh, sigmoid scores of 2 classes, 10 anchors read from 2 nhwc head tensors, split outputs}}
  %v59 = tosa.concat %v52, %v54, %v56, %v58 {axis = 2 : i32} : (tensor<2x10x1xf32>, tensor<2x10x1xf32>, tensor<2x10x1xf32>, tensor<2x10x1xf32>) -> tensor<2x10x4xf32>
  %v60 = tosa.sigmoid %v26 : (tensor<2x10x2xf32>) -> tensor<2x10x2xf32>
  return %v59, %v60 : tensor<2x10x4xf32>, tensor<2x10x2xf32>
}

// -----
//--- unit-weights.mlir
// RetinaNet's BoxCoder weights (1, 1, 1, 1) on one [B, N, K] head tensor
// each: the divisions by 1 are gone, so each raw dx and dy is multiplied by
// the anchor's width or height (a constant, as anchors are) and nothing else;
// xyxy anchors [N, 4] reshaped to [1, N, 4]; sigmoid scores. The op carries
// the default weights.

// CHECK-LABEL: func.func @tosa_bnk_unit_weights(
// CHECK-SAME:      %[[DELTAS:[^:]+]]: tensor<1x3x4xf32>, %[[LOGITS:[^:]+]]: tensor<1x3x2xf32>)
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[ANCHORS:.+]] = "tosa.const"() <{values = dense<{{\[\[}}1.000000e+00, 7.500000e-01, 5.000000e+00, 1.250000e+00]{{.*}}> : tensor<3x4xf32>}> : () -> tensor<3x4xf32>
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(bnk %[[DELTAS]] : tensor<1x3x4xf32>)
// CHECK-SAME:      scores(bnk %[[LOGITS]] : tensor<1x3x2xf32>)
// CHECK-SAME:      anchors(%[[ANCHORS]] : tensor<3x4xf32>) coding(center_size) anchor_layout(n4) score(sigmoid) to xyxy -> tensor<1x3x4xf32>, tensor<1x3x2xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x3x4xf32>, tensor<1x3x2xf32>

func.func @tosa_bnk_unit_weights(%deltas: tensor<1x3x4xf32>, %logits: tensor<1x3x2xf32>) -> (tensor<1x3x4xf32>, tensor<1x3x2xf32>) {
  %c1 = "tosa.const"() <{values = dense<[[[5.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c2 = "tosa.const"() <{values = dense<[[1.000000e+00, 7.500000e-01, 5.000000e+00, 1.250000e+00], [2.500000e-01, 2.500000e-01, 3.750000e+00, 7.500000e-01], [2.000000e+00, 7.500000e-01, 3.000000e+00, 1.250000e+00]]> : tensor<3x4xf32>}> : () -> tensor<3x4xf32>
  %s4 = tosa.const_shape {values = dense<[1, 3, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v3 = tosa.reshape %c2, %s4 : (tensor<3x4xf32>, !tosa.shape<3>) -> tensor<1x3x4xf32>
  %s6 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s7 = tosa.const_shape {values = dense<[1, 3, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v5 = tosa.slice %v3, %s6, %s7 : (tensor<1x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x1xf32>
  %s9 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v8 = tosa.slice %v3, %s9, %s7 : (tensor<1x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x1xf32>
  %s11 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v10 = tosa.slice %v3, %s11, %s7 : (tensor<1x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x1xf32>
  %s13 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v12 = tosa.slice %v3, %s13, %s7 : (tensor<1x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x1xf32>
  %v14 = tosa.slice %deltas, %s6, %s7 : (tensor<1x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x1xf32>
  %v15 = tosa.slice %deltas, %s9, %s7 : (tensor<1x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x1xf32>
  %v16 = tosa.slice %deltas, %s11, %s7 : (tensor<1x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x1xf32>
  %v17 = tosa.slice %deltas, %s13, %s7 : (tensor<1x3x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x1xf32>
  %v18 = tosa.sub %v10, %v5 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v19 = tosa.sub %v12, %v8 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %c21 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v20 = tosa.mul %v18, %c1, %c21 : (tensor<1x3x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x3x1xf32>
  %v22 = tosa.add %v5, %v20 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v23 = tosa.mul %v19, %c1, %c21 : (tensor<1x3x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x3x1xf32>
  %v24 = tosa.add %v8, %v23 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v25 = tosa.mul %v14, %v18, %c21 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>, tensor<1xi8>) -> tensor<1x3x1xf32>
  %v26 = tosa.add %v25, %v22 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v27 = tosa.mul %v15, %v19, %c21 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>, tensor<1xi8>) -> tensor<1x3x1xf32>
  %v28 = tosa.add %v27, %v24 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v29 = tosa.exp %v16 : (tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v30 = tosa.mul %v29, %v18, %c21 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>, tensor<1xi8>) -> tensor<1x3x1xf32>
  %v31 = tosa.exp %v17 : (tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v32 = tosa.mul %v31, %v19, %c21 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>, tensor<1xi8>) -> tensor<1x3x1xf32>
  %v33 = tosa.mul %c1, %v30, %c21 : (tensor<1x1x1xf32>, tensor<1x3x1xf32>, tensor<1xi8>) -> tensor<1x3x1xf32>
  %v34 = tosa.mul %c1, %v32, %c21 : (tensor<1x1x1xf32>, tensor<1x3x1xf32>, tensor<1xi8>) -> tensor<1x3x1xf32>
  %v35 = tosa.sub %v26, %v33 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v36 = tosa.sub %v28, %v34 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v37 = tosa.add %v26, %v33 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %v38 = tosa.add %v28, %v34 : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  // expected-remark @below {{fused [fused]: detection decode center_size to xyxy, sigmoid scores of 2 classes, 3 anchors read from 1 bnk head tensor, split outputs}}
  %v39 = tosa.concat %v35, %v36, %v37, %v38 {axis = 2 : i32} : (tensor<1x3x1xf32>, tensor<1x3x1xf32>, tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<1x3x4xf32>
  %v40 = tosa.sigmoid %logits : (tensor<1x3x2xf32>) -> tensor<1x3x2xf32>
  return %v39, %v40 : tensor<1x3x4xf32>, tensor<1x3x2xf32>
}

// -----
//--- variances-unit-xy.mlir
// SSD variances whose x and y entries are 1, (1, 1, 0.2, 0.2), on one
// [B, N, K] head tensor each: dx and dy go unscaled into the product with the
// prior's width and height, dw and dh are multiplied by 0.2; priors [N, 4] in
// (cx, cy, w, h) form reshaped to [1, N, 4]; boxes left in cxcywh; sigmoid
// scores.

// CHECK-LABEL: func.func @tosa_bnk_variances_unit_xy(
// CHECK-SAME:      %[[DELTAS:[^:]+]]: tensor<1x4x4xf32>, %[[LOGITS:[^:]+]]: tensor<1x4x3xf32>)
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[PRIORS:.+]] = "tosa.const"() <{values = dense<{{\[\[}}3.750000e+00, 1.250000e+00, 3.500000e+00, 5.000000e-01]{{.*}}> : tensor<4x4xf32>}> : () -> tensor<4x4xf32>
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(bnk %[[DELTAS]] : tensor<1x4x4xf32>)
// CHECK-SAME:      scores(bnk %[[LOGITS]] : tensor<1x4x3xf32>)
// CHECK-SAME:      anchors(%[[PRIORS]] : tensor<4x4xf32>) coding(center_size) weights([1.000000e+00, 1.000000e+00, 0.20000000298023224, 0.20000000298023224]) scaling(multiply) anchor_layout(n4) anchor_format(cxcywh) score(sigmoid) to cxcywh -> tensor<1x4x4xf32>, tensor<1x4x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x4x4xf32>, tensor<1x4x3xf32>

func.func @tosa_bnk_variances_unit_xy(%deltas: tensor<1x4x4xf32>, %logits: tensor<1x4x3xf32>) -> (tensor<1x4x4xf32>, tensor<1x4x3xf32>) {
  %c1 = "tosa.const"() <{values = dense<[[3.750000e+00, 1.250000e+00, 3.500000e+00, 5.000000e-01], [2.000000e+00, 1.500000e+00, 1.000000e+00, 1.500000e+00], [2.250000e+00, 1.750000e+00, 4.000000e+00, 1.500000e+00], [4.500000e+00, 1.000000e+00, 6.000000e+00, 1.500000e+00]]> : tensor<4x4xf32>}> : () -> tensor<4x4xf32>
  %s3 = tosa.const_shape {values = dense<[1, 4, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v2 = tosa.reshape %c1, %s3 : (tensor<4x4xf32>, !tosa.shape<3>) -> tensor<1x4x4xf32>
  %s5 = tosa.const_shape {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s6 = tosa.const_shape {values = dense<[1, 4, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v4 = tosa.slice %v2, %s5, %s6 : (tensor<1x4x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xf32>
  %s8 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v7 = tosa.slice %v2, %s8, %s6 : (tensor<1x4x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xf32>
  %s10 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v9 = tosa.slice %v2, %s10, %s6 : (tensor<1x4x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xf32>
  %s12 = tosa.const_shape {values = dense<[0, 0, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v11 = tosa.slice %v2, %s12, %s6 : (tensor<1x4x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xf32>
  %v13 = tosa.slice %deltas, %s5, %s6 : (tensor<1x4x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xf32>
  %v14 = tosa.slice %deltas, %s8, %s6 : (tensor<1x4x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xf32>
  %v15 = tosa.slice %deltas, %s10, %s6 : (tensor<1x4x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xf32>
  %v16 = tosa.slice %deltas, %s12, %s6 : (tensor<1x4x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xf32>
  %c17 = "tosa.const"() <{values = dense<[[[2.000000e-01]]]> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %c18 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %v19 = tosa.mul %v15, %c17, %c18 : (tensor<1x4x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x1xf32>
  %v20 = tosa.mul %v16, %c17, %c18 : (tensor<1x4x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x1xf32>
  %v21 = tosa.mul %v13, %v9, %c18 : (tensor<1x4x1xf32>, tensor<1x4x1xf32>, tensor<1xi8>) -> tensor<1x4x1xf32>
  %v22 = tosa.add %v21, %v4 : (tensor<1x4x1xf32>, tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %v23 = tosa.mul %v14, %v11, %c18 : (tensor<1x4x1xf32>, tensor<1x4x1xf32>, tensor<1xi8>) -> tensor<1x4x1xf32>
  %v24 = tosa.add %v23, %v7 : (tensor<1x4x1xf32>, tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %v25 = tosa.exp %v19 : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %v26 = tosa.mul %v25, %v9, %c18 : (tensor<1x4x1xf32>, tensor<1x4x1xf32>, tensor<1xi8>) -> tensor<1x4x1xf32>
  %v27 = tosa.exp %v20 : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
  %v28 = tosa.mul %v27, %v11, %c18 : (tensor<1x4x1xf32>, tensor<1x4x1xf32>, tensor<1xi8>) -> tensor<1x4x1xf32>
  // expected-remark @below {{fused [fused]: detection decode center_size to cxcywh, sigmoid scores of 3 classes, 4 anchors read from 1 bnk head tensor, split outputs}}
  %v29 = tosa.concat %v22, %v24, %v26, %v28 {axis = 2 : i32} : (tensor<1x4x1xf32>, tensor<1x4x1xf32>, tensor<1x4x1xf32>, tensor<1x4x1xf32>) -> tensor<1x4x4xf32>
  %v30 = tosa.sigmoid %logits : (tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  return %v29, %v30 : tensor<1x4x4xf32>, tensor<1x4x3xf32>
}

// -----
//--- bnk.mlir
// Heads given as one [B, N, K] tensor each: corners converted to
// (cx, cy, w, h) ((x1 + x2) * 0.5, x2 - x1, ...), a softmax over 4 classes and
// the background class dropped by a tosa.slice.

// CHECK-LABEL: func.func @tosa_bnk_corners_cxcywh_drop_background(
// CHECK-SAME:      %[[BOXES:[^:]+]]: tensor<1x9x4xf32>, %[[LOGITS:[^:]+]]: tensor<1x9x4xf32>)
// CHECK-NOT:     {{= tosa\.}}
// CHECK:         %[[D:.+]]:2 = fusion.decode_detections boxes(bnk %[[BOXES]] : tensor<1x9x4xf32>)
// CHECK-SAME:      scores(bnk %[[LOGITS]] : tensor<1x9x4xf32>)
// CHECK-SAME:      coding(corners) anchor_layout(none) score(softmax) softmax_form(reciprocal) drop_background to cxcywh -> tensor<1x9x4xf32>, tensor<1x9x3xf32>{{$}}
// CHECK-NEXT:    return %[[D]]#0, %[[D]]#1 : tensor<1x9x4xf32>, tensor<1x9x3xf32>

func.func @tosa_bnk_corners_cxcywh_drop_background(%boxes: tensor<1x9x4xf32>, %logits: tensor<1x9x4xf32>) -> (tensor<1x9x4xf32>, tensor<1x9x3xf32>) {
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
  // expected-remark @below {{fused [fused]: detection decode corners to cxcywh, softmax scores of 4 classes (background dropped), 9 anchors read from 1 bnk head tensor, split outputs}}
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

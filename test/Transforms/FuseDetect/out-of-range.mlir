// A tosa.slice whose start lies past its input (the TOSA verifier accepts
// it) is refused with the reason, not read out of bounds: the element
// tracer checks every index against its tensor.
// RUN: fusion-opt %s --fusion-fuse-detect=explain -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @slice_start_out_of_range(
// CHECK-NOT:     fusion.decode_detections
// CHECK:         tosa.exp
// CHECK:         tosa.add
// CHECK-NOT:     fusion.decode_detections
// CHECK:         return {{.*}} : tensor<1x11x4xf32>, tensor<1x11x2xf32>

func.func @slice_start_out_of_range(%box0: tensor<1x2x2x8xf32>, %box1: tensor<1x1x1x12xf32>, %cls0: tensor<1x2x2x4xf32>, %cls1: tensor<1x1x1x6xf32>) -> (tensor<1x11x4xf32>, tensor<1x11x2xf32>) {
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
  // Out of range: the input has 11 rows.
  %s31 = tosa.const_shape {values = dense<[0, 100000000, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s32 = tosa.const_shape {values = dense<[1, 11, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v30 = tosa.slice %v28, %s31, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s34 = tosa.const_shape {values = dense<[0, 0, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v33 = tosa.slice %v28, %s34, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s36 = tosa.const_shape {values = dense<[0, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %v35 = tosa.slice %v28, %s36, %s32 : (tensor<1x11x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x11x1xf32>
  %s38 = tosa.const_shape {values = dense<[0, 0, 9]> : tensor<3xindex>} : () -> !tosa.shape<3>
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
  // expected-remark @below {{not fused [unrecognized_pattern]: detection decode; stopped at 'tosa.concat': the box values go through 'tosa.concat': an element index outside its tensor (a slice or gather reads past the end)}}
  %v60 = tosa.concat %v59, %v53, %v55, %v57 {axis = 2 : i32} : (tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1x11x1xf32>, tensor<1x11x1xf32>) -> tensor<1x11x4xf32>
  %v61 = tosa.sigmoid %v26 : (tensor<1x11x2xf32>) -> tensor<1x11x2xf32>
  return %v60, %v61 : tensor<1x11x4xf32>, tensor<1x11x2xf32>
}

// RUN: fusion-opt %s --split-input-file --fusion-resolve-reshape-shapes | FileCheck %s
// Upstream's canonicalization crashes on the first function as written (its
// reshape folding builds a type from the -1); after the pass it folds.
// RUN: fusion-opt %s --split-input-file --fusion-resolve-reshape-shapes --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @inferred_size
//       CHECK:   %[[S:.*]] = tosa.const_shape {values = dense<[1, 1, 1, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
//       CHECK:   tosa.reshape %{{.*}}, %[[S]] : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
// FOLD-LABEL: func.func @inferred_size
//       FOLD:   %[[C:.*]] = "tosa.const"() <{values = dense<[{{\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
//       FOLD:   return %[[C]]
func.func @inferred_size() -> tensor<1x1x1x3xf32> {
  %c = "tosa.const"() {values = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %s = tosa.const_shape {values = dense<[1, 1, 1, -1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %r = tosa.reshape %c, %s : (tensor<3xf32>, !tosa.shape<4>) -> tensor<1x1x1x3xf32>
  return %r : tensor<1x1x1x3xf32>
}

// -----

// A dynamic result says nothing about the -1: the reshape stays as written.
// CHECK-LABEL: func.func @dynamic_result
//       CHECK:   %[[S:.*]] = tosa.const_shape {values = dense<[2, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
//       CHECK:   tosa.reshape %{{.*}}, %[[S]] : (tensor<?xf32>, !tosa.shape<2>) -> tensor<2x?xf32>
func.func @dynamic_result(%x: tensor<?xf32>) -> tensor<2x?xf32> {
  %s = tosa.const_shape {values = dense<[2, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %x, %s : (tensor<?xf32>, !tosa.shape<2>) -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}

// -----

// A shape with no -1 is left alone.
// CHECK-LABEL: func.func @explicit
//       CHECK:   %[[S:.*]] = tosa.const_shape {values = dense<[1, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
//       CHECK:   tosa.reshape %{{.*}}, %[[S]]
func.func @explicit(%x: tensor<3xf32>) -> tensor<1x3xf32> {
  %s = tosa.const_shape {values = dense<[1, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %x, %s : (tensor<3xf32>, !tosa.shape<2>) -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

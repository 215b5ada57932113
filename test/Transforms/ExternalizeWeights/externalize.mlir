// fusion-externalize-weights: float constants of at least min-elements
// elements that are not splats become private globals without data, marked
// fusion.weight with the statistics of the values they held (min, max,
// mean, standard deviation), read through
// memref.get_global and bufferization.to_tensor; the module lists them in
// order (fusion.weights) for the library's signature. Splats, small
// constants and integer constants stay.
// RUN: fusion-opt %s --split-input-file --fusion-externalize-weights="min-elements=4" | FileCheck %s
// RUN: not fusion-opt %s --split-input-file --fusion-externalize-weights="min-elements=0" 2>&1 | FileCheck %s --check-prefix=INVALID

// CHECK: module attributes {fusion.weights = [{element = f32, name = "__fusion_weight_0", range = [-2.000000e+00, 3.000000e+00, 0.45833333333333331, 1.4749058350356548], shape = array<i64: 2, 3>}, {element = f16, name = "__fusion_weight_1", range = [2.500000e-01, 2.000000e+00, 9.375000e-01, 0.67023783092272549], shape = array<i64: 4>}]}
// CHECK-DAG: memref.global "private" @__fusion_weight_1 : memref<4xf16> = uninitialized {fusion.range = [2.500000e-01, 2.000000e+00, 9.375000e-01, 0.67023783092272549], fusion.weight}
// CHECK-DAG: memref.global "private" @__fusion_weight_0 : memref<2x3xf32> = uninitialized {fusion.range = [-2.000000e+00, 3.000000e+00, 0.45833333333333331, 1.4749058350356548], fusion.weight}
// CHECK-LABEL: func.func @f
// CHECK: %[[G:.*]] = memref.get_global @__fusion_weight_0 : memref<2x3xf32>
// CHECK: %[[W:.*]] = bufferization.to_tensor %[[G]] restrict : memref<2x3xf32> to tensor<2x3xf32>
// CHECK-DAG: arith.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-DAG: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: arith.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
// CHECK: memref.get_global @__fusion_weight_1 : memref<4xf16>
// CHECK: return %[[W]]
// INVALID: error: fusion-externalize-weights: min-elements must be at least 1
func.func @f() -> (tensor<2x3xf32>, tensor<8xf32>, tensor<2xf32>, tensor<5xi32>, tensor<4xf16>) {
  %w = arith.constant dense<[[1.0, -2.0, 3.0], [0.5, 0.25, 0.0]]> : tensor<2x3xf32>
  %splat = arith.constant dense<1.0> : tensor<8xf32>
  %small = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %ints = arith.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %half = arith.constant dense<[0.5, 0.25, 1.0, 2.0]> : tensor<4xf16>
  return %w, %splat, %small, %ints, %half : tensor<2x3xf32>, tensor<8xf32>, tensor<2xf32>, tensor<5xi32>, tensor<4xf16>
}

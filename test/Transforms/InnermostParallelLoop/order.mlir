// RUN: fusion-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(fusion-innermost-parallel-loop))' | FileCheck %s

// An NCHW conv's loops are (n, f, oh, ow, c, kh, kw): the reductions move in
// front of ow, the output's contiguous dimension, which is then innermost.

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d3, d2 + d4, d5 + d6)>
// CHECK-DAG: #[[FLT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d3, d4, d5)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>
// CHECK-LABEL: func.func @nchw_conv
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[FLT]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]}
// CHECK-NOT: linalg.conv
func.func @nchw_conv(%x: memref<1x2x6x6xf32>, %w: memref<3x2x3x3xf32>, %y: memref<1x3x4x4xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : memref<1x2x6x6xf32>, memref<3x2x3x3xf32>) outs(%y : memref<1x3x4x4xf32>)
  return
}

// -----

// A matmul (m, n, k) becomes (m, k, n).

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// Nothing to move: no reduction, a single parallel loop, or the order is
// already the one wanted. The named ops stay named.

// CHECK-LABEL: func.func @left_alone
// CHECK: linalg.add
// CHECK: linalg.reduce
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]
func.func @left_alone(%a: tensor<4x8xf32>, %v: tensor<8xf32>, %s: tensor<f32>, %t: tensor<4x8x2xf32>, %o: tensor<4x2xf32>) -> (tensor<4x8xf32>, tensor<f32>, tensor<4x2xf32>) {
  %0 = linalg.add ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.reduce ins(%v : tensor<8xf32>) outs(%s : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %x = arith.addf %in, %acc : f32
      linalg.yield %x : f32
    }
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%t : tensor<4x8x2xf32>) outs(%o : tensor<4x2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %x = arith.addf %in, %acc : f32
    linalg.yield %x : f32
  } -> tensor<4x2xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<f32>, tensor<4x2xf32>
}

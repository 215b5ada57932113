// fusion-parallelize-reductions: parallel loops first (one GPU thread per
// output), and long reductions with few outputs split into partial results
// and an in-order combine.
// RUN: fusion-opt %s --split-input-file --fusion-parallelize-reductions | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-parallelize-reductions="max-outputs=0" | FileCheck %s --check-prefix=NOSPLIT

// torch-mlir's softmax over YOLOv8's DFL bins: an arg-max reducing loop 1 of
// 4. Reordered, not split (336 outputs of 4 inputs each); the index is still
// the bin's.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dfl_argmax
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: linalg.index 3 : index
// CHECK-NOT: linalg.generic
// CHECK: return
#in = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
func.func @dfl_argmax(%x: tensor<1x4x4x84xf32>) -> (tensor<1x4x84xf32>, tensor<1x4x84xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<1x4x84xi64>
  %fi = linalg.fill ins(%c0 : i64) outs(%ei : tensor<1x4x84xi64>) -> tensor<1x4x84xi64>
  %ev = tensor.empty() : tensor<1x4x84xf32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1x4x84xf32>) -> tensor<1x4x84xf32>
  %r:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%x : tensor<1x4x4x84xf32>) outs(%fv, %fi : tensor<1x4x84xf32>, tensor<1x4x84xi64>) {
  ^bb0(%in: f32, %out: f32, %outi: i64):
    %i = linalg.index 1 : index
    %ic = arith.index_cast %i : index to i64
    %0 = arith.maximumf %in, %out : f32
    %1 = arith.cmpf ogt, %in, %out : f32
    %2 = arith.select %1, %ic, %outi : i64
    linalg.yield %0, %2 : f32, i64
  } -> (tensor<1x4x84xf32>, tensor<1x4x84xi64>)
  return %r#0, %r#1 : tensor<1x4x84xf32>, tensor<1x4x84xi64>
}

// -----

// A squeeze-excitation pool over a 112 x 112 map: 96 outputs of 12544
// inputs. Rows are split 112 ways: 10752 partial sums, each of one row,
// starting from -0.0 (the sum's neutral element), then each output's 112
// partials added into the op's own initial value, in row order.
// CHECK-LABEL: func.func @se_pool
// CHECK-DAG: %[[NEG0:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[SHAPE:.*]] = tensor.empty() : tensor<112x1xi1>
// CHECK-DAG: %[[PE:.*]] = tensor.empty() : tensor<1x96x1x1x112xf32>
// CHECK: %[[PF:.*]] = linalg.fill ins(%[[NEG0]] : f32) outs(%[[PE]]
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%{{.*}}, %[[SHAPE]] : tensor<1x96x112x112xf32>, tensor<112x1xi1>) outs(%[[PF]] : tensor<1x96x1x1x112xf32>)
// CHECK: ^bb0(%[[A:.*]]: f32, %{{.*}}: i1, %[[B:.*]]: f32):
// CHECK: arith.addf %[[A]], %[[B]] : f32
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[P]] : tensor<1x96x1x1x112xf32>) outs(%{{.*}} : tensor<1x96x1x1xf32>)
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return
// NOSPLIT-LABEL: func.func @se_pool
// NOSPLIT: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// NOSPLIT-NOT: linalg.generic
// NOSPLIT: return
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#pool = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
func.func @se_pool(%x: tensor<1x96x112x112xf32>) -> tensor<1x96x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x96x1x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x96x1x1xf32>) -> tensor<1x96x1x1xf32>
  %s = linalg.generic {indexing_maps = [#id4, #pool], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x : tensor<1x96x112x112xf32>) outs(%f : tensor<1x96x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x96x1x1xf32>
  return %s : tensor<1x96x1x1xf32>
}

// -----

// The max of a softmax over one row of 1000: an arg-max with one output
// pair. Split 25 ways of 40: each partial keeps the first index of its
// chunk's maximum (chunk s covers 40 s + l), the combine takes a later
// chunk's only where it is greater (cmpf ogt, as the body): the first
// maximum overall, the same bits as one thread.
// CHECK-LABEL: func.func @row_argmax
// CHECK-DAG: %[[C40:.*]] = arith.constant 40 : index
// CHECK: %[[P:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x1000xf32>, tensor<25x40xi1>)
// CHECK: %[[S:.*]] = linalg.index 1 : index
// CHECK: %[[L:.*]] = linalg.index 2 : index
// CHECK: %[[M:.*]] = arith.muli %[[S]], %[[C40]] : index
// CHECK: arith.addi %[[M]], %[[L]] : index
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[P]]#0, %[[P]]#1 : tensor<1x1x25xf32>, tensor<1x1x25xi64>)
// CHECK: ^bb0(%[[PV:.*]]: f32, %[[PI:.*]]: i64, %[[OV:.*]]: f32, %[[OI:.*]]: i64):
// CHECK: %[[MAX:.*]] = arith.maximumf %[[PV]], %[[OV]] : f32
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[PV]], %[[OV]] : f32
// CHECK: %[[SEL:.*]] = arith.select %[[GT]], %[[PI]], %[[OI]] : i64
// CHECK: linalg.yield %[[MAX]], %[[SEL]] : f32, i64
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
func.func @row_argmax(%x: tensor<1x1000xf32>) -> (tensor<1x1xf32>, tensor<1x1xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<1x1xi64>
  %fi = linalg.fill ins(%c0 : i64) outs(%ei : tensor<1x1xi64>) -> tensor<1x1xi64>
  %ev = tensor.empty() : tensor<1x1xf32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1x1xf32>) -> tensor<1x1xf32>
  %max:2 = linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x1000xf32>) outs(%fv, %fi : tensor<1x1xf32>, tensor<1x1xi64>) {
  ^bb0(%in: f32, %out: f32, %outi: i64):
    %i = linalg.index 1 : index
    %ic = arith.index_cast %i : index to i64
    %0 = arith.maximumf %in, %out : f32
    %1 = arith.cmpf ogt, %in, %out : f32
    %2 = arith.select %1, %ic, %outi : i64
    linalg.yield %0, %2 : f32, i64
  } -> (tensor<1x1xf32>, tensor<1x1xi64>)
  return %max#0, %max#1 : tensor<1x1xf32>, tensor<1x1xi64>
}

// -----

// Many outputs: one thread each is enough (8192 < 16 x 1024 outputs).
// CHECK-LABEL: func.func @many_outputs
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-NOT: linalg.generic
func.func @many_outputs(%x: tensor<16384x512xf32>) -> tensor<16384xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16384xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16384xf32>) -> tensor<16384xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16384x512xf32>) outs(%f : tensor<16384xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<16384xf32>
  return %s : tensor<16384xf32>
}

// -----

// No combiner to read off: the old value is scaled before the add, so
// partial results cannot be combined with the body's op. Left alone.
// CHECK-LABEL: func.func @no_combiner
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-NOT: linalg.generic
func.func @no_combiner(%x: tensor<1x4096xf32>) -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x4096xf32>) outs(%f : tensor<1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %out, %half : f32
    %1 = arith.addf %in, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// -----

// tosa.reduce_sum over a middle axis becomes linalg.reduce, whose loops
// follow the input's: generalized, then reordered.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @reduce_middle
// CHECK-NOT: linalg.reduce
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @reduce_middle(%x: tensor<2x64x8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.reduce ins(%x : tensor<2x64x8xf32>) outs(%f : tensor<2x8xf32>) dimensions = [1]
    (%in: f32, %out: f32) {
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<2x8xf32>
}

// -----

// Reductions already innermost (a conv, a pool) are left as they are.
// CHECK-LABEL: func.func @pool_untouched
// CHECK: linalg.pooling_nchw_max
func.func @pool_untouched(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x4x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %win = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %win : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%f : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

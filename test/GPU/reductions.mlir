// Reductions become kernels with many threads: a global average pool of an
// SE block (96 channels of 112 x 112) and a softmax over one row of 1000
// (torch-mlir's form: an arg-max, exp, a sum, a divide). Each reduction is
// split into partial results on many threads and an in-order combine
// (fusion-parallelize-reductions); the one-thread kernels left receive a
// handful of elements (fills of one value, the 25 partials of the row's
// combine). The same loop nests run on the host and agree with the
// reference and with the model in f64.
// RUN: fusion-opt %s --fusion-to-ptx="explain-launches max-one-thread-elements=64" -o /dev/null 2>&1 | FileCheck %s
// RUN: fusion-verify %s --entry=gap --test-gpu-loop-mapping --frames=3 | FileCheck %s --check-prefix=VERIFY
// RUN: fusion-verify %s --entry=softmax --test-gpu-loop-mapping --frames=3 | FileCheck %s --check-prefix=VERIFY

// The pool's partial sums: 10752 threads (96 channels x 112 rows), then 96
// threads add each channel's 112 partials.
// CHECK: remark: launch gap_kernel_0::gap_kernel grid (4, 1, 24) block (32, 1, 4)
// CHECK: remark: launch gap_kernel_{{[0-9]+}}::gap_kernel grid (3, 1, 1) block (32, 1, 1)
// The row's maximum and sum: 25 partials each, then a one-thread combine of
// 25 values; exp and the divide on 1000 threads.
// CHECK: remark: launch softmax_kernel_{{[0-9]+}}::softmax_kernel grid (1, 1, 1) block (32, 1, 1)
// CHECK: remark: launch softmax_kernel_{{[0-9]+}}::softmax_kernel grid (1, 1, 1) block (1, 1, 1) one-thread over 52 elements
// CHECK: remark: launch softmax_kernel_{{[0-9]+}}::softmax_kernel grid (32, 1, 1) block (32, 1, 1)
// CHECK: remark: launch softmax_kernel_{{[0-9]+}}::softmax_kernel grid (1, 1, 1) block (1, 1, 1) one-thread over 26 elements
// CHECK: remark: launch softmax_kernel_{{[0-9]+}}::softmax_kernel grid (32, 1, 1) block (32, 1, 1)

// VERIFY: against the model in f64 {{.*}} PASS
// VERIFY: {{^}}PASS
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#pool = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
func.func @gap(%x: tensor<1x96x112x112xf32>) -> tensor<1x96x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 12544.0 : f32
  %e = tensor.empty() : tensor<1x96x1x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x96x1x1xf32>) -> tensor<1x96x1x1xf32>
  %s = linalg.generic {indexing_maps = [#id4, #pool], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%x : tensor<1x96x112x112xf32>) outs(%f : tensor<1x96x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x96x1x1xf32>
  %m = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x96x1x1xf32>) outs(%e : tensor<1x96x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %n : f32
    linalg.yield %0 : f32
  } -> tensor<1x96x1x1xf32>
  return %m : tensor<1x96x1x1xf32>
}
func.func @softmax(%x: tensor<1x1000xf32>) -> tensor<1x1000xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
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
  %e = tensor.empty() : tensor<1x1000xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %max#0 : tensor<1x1000xf32>, tensor<1x1xf32>) outs(%e : tensor<1x1000xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1x1000xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%ev : tensor<1x1xf32>) -> tensor<1x1xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<1x1000xf32>) outs(%fs : tensor<1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x1xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<1x1000xf32>, tensor<1x1xf32>) outs(%e : tensor<1x1000xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x1000xf32>
  return %r : tensor<1x1000xf32>
}

// fusion-compile builds a model ahead of time into a shared library that
// needs no MLIR to run; fusion-gpu-run checks libraries against a CPU
// reference on random frames. Here all of them are CPU libraries, so the
// whole check runs without a GPU: the reference (upstream linalg), the fused
// program, and a wrong one (@net_wrong: one weight changed), which fails.
// REQUIRES: gpu-runner
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %s --entry=net --target=cpu --fuse=false --reference -o %t/reference.so
// RUN: fusion-compile %s --entry=net --target=cpu -o %t/fused.so
// RUN: fusion-compile %s --entry=net --target=cpu --fuse=false -o %t/unfused.so
// RUN: fusion-compile %s --entry=net_wrong --target=cpu -o %t/wrong.so
// RUN: fusion-gpu-run --reference=%t/reference.so %t/fused.so %t/unfused.so --frames=4 --repeats=2 --warmup=1 --json=%t/out.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t/out.json
// RUN: not fusion-gpu-run --reference=%t/reference.so %t/wrong.so --frames=2 --repeats=1 | FileCheck %s --check-prefix=WRONG
// The libraries depend on nothing beyond the C library: they travel alone.
// RUN: ldd %t/fused.so | FileCheck %s --check-prefix=DEPS

// CHECK: fusion-gpu-run: CPU programs only
// CHECK: 4 frames checked
// CHECK: program
// CHECK-NEXT: fused cpu {{.*}} PASS
// CHECK-NEXT: unfused cpu {{.*}} PASS
// CHECK: PASS
// JSON: "programs": [{"name": "fused", "target": "cpu"
// JSON-SAME: "pass": true
// WRONG: wrong cpu {{.*}} FAIL
// WRONG: FAIL
// DEPS-NOT: libmlir
// DEPS-NOT: libstdc++

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @net(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x5x5xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [0.7, 0.8, 0.9]], [[-0.1, 0.2, 0.3], [0.4, -0.5, 0.6], [0.7, 0.8, -0.9]]], [[[0.2, 0.1, -0.3], [0.5, 0.4, 0.6], [-0.7, 0.9, 0.8]], [[0.3, -0.1, 0.2], [0.6, 0.5, -0.4], [0.9, -0.8, 0.7]]], [[[-0.3, 0.2, 0.1], [0.6, -0.5, 0.4], [0.9, 0.8, -0.7]], [[0.2, 0.3, -0.1], [-0.5, 0.6, 0.4], [0.8, 0.9, 0.7]]]]> : tensor<3x2x3x3xf32>
  %s = arith.constant dense<[1.5, -0.5, 0.75]> : tensor<3xf32>
  %t = arith.constant dense<[0.1, 0.2, -0.3]> : tensor<3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x5x5xf32> to tensor<1x2x7x7xf32>
  %e = tensor.empty() : tensor<1x3x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x7x7xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %t : tensor<1x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x5x5xf32>) {
  ^bb0(%in: f32, %sc: f32, %sh: f32, %out: f32):
    %0 = arith.mulf %in, %sc : f32
    %1 = arith.addf %0, %sh : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x5x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x5x5xf32>) outs(%e : tensor<1x3x5x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x5x5xf32>
  return %r : tensor<1x3x5x5xf32>
}

// The same with one weight changed.
func.func @net_wrong(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x5x5xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [0.7, 0.8, 0.9]], [[-0.1, 0.2, 0.3], [0.4, -0.5, 0.6], [0.7, 0.8, -0.9]]], [[[0.2, 0.1, -0.3], [0.5, 0.4, 0.6], [-0.7, 0.9, 0.8]], [[0.3, -0.1, 0.2], [0.6, 0.5, -0.4], [0.9, -0.8, 0.7]]], [[[-0.3, 0.2, 0.1], [0.6, -0.5, 0.4], [0.9, 0.8, -0.7]], [[0.2, 0.3, -0.1], [-0.5, 0.6, 0.4], [0.8, 0.9, 0.75]]]]> : tensor<3x2x3x3xf32>
  %s = arith.constant dense<[1.5, -0.5, 0.75]> : tensor<3xf32>
  %t = arith.constant dense<[0.1, 0.2, -0.3]> : tensor<3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x5x5xf32> to tensor<1x2x7x7xf32>
  %e = tensor.empty() : tensor<1x3x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x7x7xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %t : tensor<1x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x5x5xf32>) {
  ^bb0(%in: f32, %sc: f32, %sh: f32, %out: f32):
    %0 = arith.mulf %in, %sc : f32
    %1 = arith.addf %0, %sh : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x5x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x5x5xf32>) outs(%e : tensor<1x3x5x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x5x5xf32>
  return %r : tensor<1x3x5x5xf32>
}

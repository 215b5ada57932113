// A caller that takes two results from a call and frees them, as
// fusion-compile's entry wrapper does: freeing two returned buffers needs a
// run-time alias check, which on the GPU became a one-thread kernel calling
// `free`. fusion-to-ptx inlines calls after fusion, so the results are
// written straight into the caller's buffers: one kernel, nothing returned
// to free.
// RUN: fusion-opt %s --fusion-to-ptx | FileCheck %s

// CHECK-LABEL: llvm.func @caller
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-NOT: llvm.call @free
// CHECK: llvm.return
// CHECK-NOT: dealloc_helper
// CHECK-NOT: llvm.func @two_results

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func private @two_results(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e0 = tensor.empty() : tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %r:2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e0, %e1 : tensor<4x8xf32>, tensor<4x8xf32>) {
  ^bb0(%in: f32, %o0: f32, %o1: f32):
    %s = arith.addf %in, %in : f32
    %p = arith.mulf %in, %in : f32
    linalg.yield %s, %p : f32, f32
  } -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4x8xf32>
}

func.func @caller(%in: memref<4x8xf32>, %out0: memref<4x8xf32>, %out1: memref<4x8xf32>) {
  %x = bufferization.to_tensor %in restrict : memref<4x8xf32> to tensor<4x8xf32>
  %r:2 = func.call @two_results(%x) : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  bufferization.materialize_in_destination %r#0 in restrict writable %out0 : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
  bufferization.materialize_in_destination %r#1 in restrict writable %out1 : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
  return
}

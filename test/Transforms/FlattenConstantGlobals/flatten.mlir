// RUN: fusion-opt %s --split-input-file --fusion-flatten-constant-globals | FileCheck %s

// A 4-D weight global becomes 1-D with the same values in the same order;
// each read is the 1-D global expanded back to the type its users had.
// CHECK-LABEL: module
// CHECK: memref.global "private" constant @weights : memref<8xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> {alignment = 64 : i64}
// CHECK-LABEL: func.func @read
// CHECK: %[[FLAT:.*]] = memref.get_global @weights : memref<8xf32>
// CHECK: %[[W:.*]] = memref.expand_shape %[[FLAT]] {{\[\[}}0, 1, 2, 3]] output_shape [2, 1, 2, 2] : memref<8xf32> into memref<2x1x2x2xf32>
// CHECK: memref.load %[[W]]
// CHECK: %[[FLAT2:.*]] = memref.get_global @weights : memref<8xf32>
// CHECK: memref.expand_shape %[[FLAT2]]
module {
  memref.global "private" constant @weights : memref<2x1x2x2xf32> = dense<[[[[1.0, 2.0], [3.0, 4.0]]], [[[5.0, 6.0], [7.0, 8.0]]]]> {alignment = 64 : i64}
  func.func @read(%i: index) -> (f32, memref<2x1x2x2xf32>) {
    %w = memref.get_global @weights : memref<2x1x2x2xf32>
    %v = memref.load %w[%i, %i, %i, %i] : memref<2x1x2x2xf32>
    %again = memref.get_global @weights : memref<2x1x2x2xf32>
    return %v, %again : f32, memref<2x1x2x2xf32>
  }
}

// -----

// 1-D and 0-D globals, a global with a layout and a dynamic one stay as they
// are; an uninitialized 2-D global (weights given at run time) is flattened
// without a value.
// CHECK-LABEL: module
// CHECK: memref.global "private" constant @bias : memref<4xf32>
// CHECK: memref.global "private" constant @scalar : memref<f32>
// CHECK: memref.global "private" @strided : memref<2x2xf32, strided<[4, 1]>>
// CHECK: memref.global "private" @runtime_weights : memref<6xf32>{{$}}
// CHECK-LABEL: func.func @others
// CHECK: memref.get_global @strided : memref<2x2xf32, strided<[4, 1]>>
// CHECK: %[[R:.*]] = memref.get_global @runtime_weights : memref<6xf32>
// CHECK: memref.expand_shape %[[R]] {{\[\[}}0, 1]] output_shape [2, 3]
module {
  memref.global "private" constant @bias : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  memref.global "private" constant @scalar : memref<f32> = dense<1.0>
  memref.global "private" @strided : memref<2x2xf32, strided<[4, 1]>>
  memref.global "private" @runtime_weights : memref<2x3xf32>
  func.func @others() -> (memref<4xf32>, memref<f32>, memref<2x2xf32, strided<[4, 1]>>, memref<2x3xf32>) {
    %b = memref.get_global @bias : memref<4xf32>
    %s = memref.get_global @scalar : memref<f32>
    %t = memref.get_global @strided : memref<2x2xf32, strided<[4, 1]>>
    %r = memref.get_global @runtime_weights : memref<2x3xf32>
    return %b, %s, %t, %r : memref<4xf32>, memref<f32>, memref<2x2xf32, strided<[4, 1]>>, memref<2x3xf32>
  }
}

// -----

// Resource-backed values (torch-mlir's dense_resource weights) keep their
// blob; only the type changes.
// CHECK-LABEL: module
// CHECK: memref.global "private" constant @blob : memref<4xf32> = dense_resource<w>
// CHECK: memref.expand_shape
module {
  memref.global "private" constant @blob : memref<2x2xf32> = dense_resource<w>
  func.func @read_blob() -> memref<2x2xf32> {
    %b = memref.get_global @blob : memref<2x2xf32>
    return %b : memref<2x2xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F000000400000404000008040"
    }
  }
#-}

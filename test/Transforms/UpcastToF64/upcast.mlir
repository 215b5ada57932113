// fusion-upcast-to-f64: the model evaluated in f64. Every narrower float
// type becomes f64 (signatures, block arguments, results), constants are
// widened exactly (the f32 value 0.1 is 0.10000000149011612), and
// extf/truncf that become f64 -> f64 are dropped, so a value the model
// narrowed (an f64 epsilon) is used unrounded.
// RUN: fusion-opt %s --split-input-file --fusion-upcast-to-f64 | FileCheck %s

// CHECK-LABEL: func.func @chain(%arg0: tensor<1x2x4x4xf64>) -> tensor<1x3x2x2xf64>
// CHECK-DAG: arith.constant dense<0.10000000149011612> : tensor<3x2x3x3xf64>
// CHECK-DAG: arith.constant dense<[1.500000e+00, 2.500000e-01, -2.000000e+00]> : tensor<3xf64>
// CHECK-DAG: %[[EPS:.*]] = arith.constant 1.000000e-05 : f64
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x3x2x2xf64>
// CHECK: ^bb0(%{{.*}}: f64, %{{.*}}: f64, %{{.*}}: f64):
// CHECK: arith.addf %{{.*}}, %[[EPS]] : f64
// CHECK-NOT: arith.truncf
// CHECK-NOT: f32
func.func @chain(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x2x2xf32> {
  %w = arith.constant dense<0.1> : tensor<3x2x3x3xf32>
  %s = arith.constant dense<[1.5, 0.25, -2.0]> : tensor<3xf32>
  %eps64 = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c, %s : tensor<1x3x2x2xf32>, tensor<3xf32>) outs(%e : tensor<1x3x2x2xf32>) {
  ^bb0(%in: f32, %sc: f32, %out: f32):
    %eps = arith.truncf %eps64 : f64 to f32
    %0 = arith.mulf %in, %sc : f32
    %1 = arith.addf %0, %eps : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x2x2xf32>
  return %r : tensor<1x3x2x2xf32>
}

// -----

// f16 and bf16 too; the f32 -> f16 round trip disappears.
// CHECK-LABEL: func.func @half(%arg0: tensor<4xf64>, %arg1: tensor<4xf64>) -> tensor<4xf64>
// CHECK: arith.addf %{{.*}}, %{{.*}} : f64
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
func.func @half(%a: tensor<4xf16>, %b: tensor<4xbf16>) -> tensor<4xf16> {
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0)->(d0)>, affine_map<(d0)->(d0)>, affine_map<(d0)->(d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf16>, tensor<4xbf16>) outs(%e : tensor<4xf16>) {
  ^bb0(%x: f16, %y: bf16, %o: f16):
    %x32 = arith.extf %x : f16 to f32
    %y32 = arith.extf %y : bf16 to f32
    %s = arith.addf %x32, %y32 : f32
    %h = arith.truncf %s : f32 to f16
    linalg.yield %h : f16
  } -> tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

// Globals are widened too: a weight given at run time (no data) changes its
// type; a constant global its data, exactly.
// CHECK-DAG: memref.global "private" @weight : memref<4xf64> = uninitialized {fusion.weight}
// CHECK-DAG: memref.global "private" constant @table : memref<2xf64> = dense<[0.10000000149011612, 5.000000e-01]>
// CHECK-LABEL: func.func @globals
// CHECK: memref.get_global @weight : memref<4xf64>
// CHECK: bufferization.to_tensor %{{.*}} restrict : memref<4xf64> to tensor<4xf64>
memref.global "private" @weight : memref<4xf32> = uninitialized {fusion.weight}
memref.global "private" constant @table : memref<2xf32> = dense<[0.1, 0.5]>
func.func @globals() -> tensor<4xf32> {
  %g = memref.get_global @weight : memref<4xf32>
  %t = bufferization.to_tensor %g restrict : memref<4xf32> to tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// Vectors too: a fused op's register block is written as one vector.
// CHECK-LABEL: func.func @block_write
// CHECK: vector.from_elements %{{.*}}, %{{.*}} : vector<1x2xf64>
// CHECK: vector.transfer_write {{.*}} : vector<1x2xf64>, tensor<1x1x1x2xf64>
func.func @block_write(%t: tensor<1x1x1x2xf32>, %a: f32, %b: f32) -> tensor<1x1x1x2xf32> {
  %c0 = arith.constant 0 : index
  %v = vector.from_elements %a, %b : vector<1x2xf32>
  %r = vector.transfer_write %v, %t[%c0, %c0, %c0, %c0] {in_bounds = [true, true], permutation_map = affine_map<(d0, d1, d2, d3) -> (d2, d3)>} : vector<1x2xf32>, tensor<1x1x1x2xf32>
  return %r : tensor<1x1x1x2xf32>
}

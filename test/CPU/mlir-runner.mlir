// fusion-to-cpu output runs under stock mlir-runner with Debian's runner
// utility libraries. The module holds the chain twice: @net, which the
// pipeline fuses, and @net_reference, marked fusion.exclude and left to
// upstream linalg. @main runs both on the same input and prints whether
// every element agrees within 1e-5 (1) or not (0), then the fused output.
// RUN: fusion-opt %s --fusion-to-cpu | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%runner_libs | FileCheck %s
// The same with the filter left unscaled (a wrong fold) prints 0.
// RUN: fusion-opt %s --fusion-to-cpu=test-skip-weight-scaling | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%runner_libs | FileCheck %s --check-prefix=WRONG

// CHECK: agree 1
// CHECK: Unranked Memref base@ = {{.*}} rank = 4 offset = 0 sizes = [1, 3, 4, 4] strides = [48, 16, 4, 1] data =
// WRONG: agree 0

func.func private @printI64(i64)
func.func private @printString(!llvm.ptr)
func.func private @printNewline()
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
llvm.mlir.global internal constant @agree("agree \00") {addr_space = 0 : i32}

func.func @main() {
  %x = arith.constant dense<[[[[0.3, -1.2, 0.8, 2.1], [-0.4, 0.9, -1.7, 0.2], [1.1, -0.6, 0.5, -2.3], [0.7, 1.4, -0.9, 0.1]], [[-1.5, 0.2, 0.6, -0.8], [1.9, -0.3, 0.4, 1.2], [-0.7, 2.2, -1.1, 0.9], [0.5, -0.2, 1.6, -1.4]]]]> : tensor<1x2x4x4xf32>
  %a = call @net(%x) : (tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32>
  %b = call @net_reference(%x) : (tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32>
  // Elements outside |a - b| <= 1e-5 + 1e-5 * |b|, counted.
  %zero = arith.constant 0 : i64
  %init = tensor.from_elements %zero : tensor<i64>
  %bad = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> ()>], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%a, %b : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) outs(%init : tensor<i64>) {
  ^bb0(%av: f32, %bv: f32, %acc: i64):
    %tol = arith.constant 1.0e-5 : f32
    %d = arith.subf %av, %bv : f32
    %ad = math.absf %d : f32
    %ab = math.absf %bv : f32
    %rel = arith.mulf %ab, %tol : f32
    %lim = arith.addf %rel, %tol : f32
    %out = arith.cmpf ugt, %ad, %lim : f32
    %one = arith.extui %out : i1 to i64
    %n = arith.addi %acc, %one : i64
    linalg.yield %n : i64
  } -> tensor<i64>
  %count = tensor.extract %bad[] : tensor<i64>
  %none = arith.cmpi eq, %count, %zero : i64
  %flag = arith.extui %none : i1 to i64
  %label = llvm.mlir.addressof @agree : !llvm.ptr
  call @printString(%label) : (!llvm.ptr) -> ()
  call @printI64(%flag) : (i64) -> ()
  call @printNewline() : () -> ()
  %m = bufferization.to_buffer %a : tensor<1x3x4x4xf32> to memref<1x3x4x4xf32>
  %u = memref.cast %m : memref<1x3x4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @net(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.1,0.2,-0.3],[0.4,0.5,0.6],[0.7,-0.8,0.9]],[[0.1,0.2,0.3],[0.4,-0.5,0.6],[0.7,0.8,0.9]]],[[[0.2,0.2,0.3],[0.4,0.5,0.6],[-0.7,0.8,0.9]],[[0.1,0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]]],[[[0.3,-0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]],[[0.1,0.2,0.3],[0.4,0.5,-0.6],[0.7,0.8,0.9]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

func.func @net_reference(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> attributes {fusion.exclude} {
  %w = arith.constant dense<[[[[0.1,0.2,-0.3],[0.4,0.5,0.6],[0.7,-0.8,0.9]],[[0.1,0.2,0.3],[0.4,-0.5,0.6],[0.7,0.8,0.9]]],[[[0.2,0.2,0.3],[0.4,0.5,0.6],[-0.7,0.8,0.9]],[[0.1,0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]]],[[[0.3,-0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]],[[0.1,0.2,0.3],[0.4,0.5,-0.6],[0.7,0.8,0.9]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

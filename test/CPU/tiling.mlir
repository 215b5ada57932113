// Tiling a fused op with upstream's transform.structured.tile_using_forall
// keeps its meaning: four fused convs (output channels with rows and
// columns of a padded conv; a BatchNorm conv in NHWC with a stride and
// asymmetric padding; a dilated depthwise conv; a grouped conv, tiled by
// whole groups), each tiled by the transform in Inputs/tile-fused-convs.mlir,
// lowered by fusion-to-cpu and compared element by element with the same op
// untiled. Each case prints 1 when every element agrees within
// 1e-5 + 1e-5 * |untiled|.
//
// RUN: fusion-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tile-fused-convs.mlir --transform-interpreter --fusion-to-cpu | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%runner_libs | FileCheck %s
// The transform did tile each of them (a test that could not fail would not
// show that the tiles are what ran):
// RUN: fusion-opt %s --transform-preload-library=transform-library-paths=%p/Inputs/tile-fused-convs.mlir --transform-interpreter | FileCheck %s --check-prefix=TILED
//
// CHECK: agree 1
// CHECK-NEXT: agree 1
// CHECK-NEXT: agree 1
// CHECK-NEXT: agree 1
// TILED-LABEL: func.func @tiled_channels_rows_cols
//       TILED:   scf.forall ({{.*}}) in (2, 2, 2)
//       TILED:     -> tensor<1x3x5x5xf32>
// TILED-LABEL: func.func @tiled_bn_nhwc_strided
//       TILED:   scf.forall ({{.*}}) in (2, 2, 2)
//       TILED:     -> tensor<1x2x2x4xf32>
// TILED-LABEL: func.func @tiled_depthwise_dilated
//       TILED:   scf.forall ({{.*}}) in (3, 3)
//       TILED:     groups(2) {{.*}} -> tensor<1x2x3x9xf32>
// TILED-LABEL: func.func @tiled_grouped
//       TILED:   scf.forall ({{.*}}) in (2, 2)
//       TILED:     groups(1) {{.*}} -> tensor<1x3x10x5xf32>

func.func private @printI64(i64)
func.func private @printString(!llvm.ptr)
func.func private @printNewline()
llvm.mlir.global internal constant @agree("agree \00") {addr_space = 0 : i32}

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar4 = affine_map<(d0, d1, d2, d3) -> ()>

/// sin(a * i0 + 0.9 * i1 + 1.7 * i2 + 2.3 * i3 + b): values in [-1, 1] that
/// differ at every index.
func.func @pattern(%t: tensor<?x?x?x?xf32>, %a: f32, %b: f32) -> tensor<?x?x?x?xf32> attributes {fusion.exclude} {
  %r = linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%t : tensor<?x?x?x?xf32>) {
  ^bb0(%out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %f0 = arith.index_cast %i0 : index to i64
    %f1 = arith.index_cast %i1 : index to i64
    %f2 = arith.index_cast %i2 : index to i64
    %f3 = arith.index_cast %i3 : index to i64
    %g0 = arith.sitofp %f0 : i64 to f32
    %g1 = arith.sitofp %f1 : i64 to f32
    %g2 = arith.sitofp %f2 : i64 to f32
    %g3 = arith.sitofp %f3 : i64 to f32
    %c1 = arith.constant 0.9 : f32
    %c2 = arith.constant 1.7 : f32
    %c3 = arith.constant 2.3 : f32
    %h0 = arith.mulf %g0, %a : f32
    %h1 = arith.mulf %g1, %c1 : f32
    %h2 = arith.mulf %g2, %c2 : f32
    %h3 = arith.mulf %g3, %c3 : f32
    %s0 = arith.addf %h0, %h1 : f32
    %s1 = arith.addf %s0, %h2 : f32
    %s2 = arith.addf %s1, %h3 : f32
    %s3 = arith.addf %s2, %b : f32
    %v = math.sin %s3 : f32
    linalg.yield %v : f32
  } -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

/// 1 when every element of `a` is within 1e-5 + 1e-5 * |b| of `b`.
func.func @report(%a: tensor<?x?x?x?xf32>, %b: tensor<?x?x?x?xf32>) attributes {fusion.exclude} {
  %zero = arith.constant 0 : i64
  %init = tensor.from_elements %zero : tensor<i64>
  %bad = linalg.generic {indexing_maps = [#id4, #id4, #scalar4], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%a, %b : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) outs(%init : tensor<i64>) {
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
  return
}


func.func @tiled_channels_rows_cols(%x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {tile_channels_rows_cols} : tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

func.func @whole_channels_rows_cols(%x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

func.func @tiled_bn_nhwc_strided(%x: tensor<1x9x9x4xf32>, %w: tensor<8x3x3x4xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<8xf32>) variance(%v : tensor<8xf32>) gamma(%g : tensor<8xf32>) beta(%be : tensor<8xf32>) epsilon(1.0e-5) layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([1, 0, 1, 0]) groups(1) act <relu> {tile_bn_nhwc_strided} : tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32> -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

func.func @whole_bn_nhwc_strided(%x: tensor<1x9x9x4xf32>, %w: tensor<8x3x3x4xf32>, %m: tensor<8xf32>, %v: tensor<8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<8xf32>) variance(%v : tensor<8xf32>) gamma(%g : tensor<8xf32>) beta(%be : tensor<8xf32>) epsilon(1.0e-5) layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([1, 0, 1, 0]) groups(1) act <relu> : tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32> -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

func.func @tiled_depthwise_dilated(%x: tensor<1x6x9x9xf32>, %w: tensor<6x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x9x9xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_chw) strides([1, 1]) dilations([2, 2]) padding([2, 2, 2, 2]) groups(6) act <none> {tile_depthwise_dilated} : tensor<1x6x9x9xf32>, tensor<6x3x3xf32> -> tensor<1x6x9x9xf32>
  return %0 : tensor<1x6x9x9xf32>
}

func.func @whole_depthwise_dilated(%x: tensor<1x6x9x9xf32>, %w: tensor<6x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x9x9xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_chw) strides([1, 1]) dilations([2, 2]) padding([2, 2, 2, 2]) groups(6) act <none> : tensor<1x6x9x9xf32>, tensor<6x3x3xf32> -> tensor<1x6x9x9xf32>
  return %0 : tensor<1x6x9x9xf32>
}

func.func @tiled_grouped(%x: tensor<1x4x10x10xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu> {tile_grouped} : tensor<1x4x10x10xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

func.func @whole_grouped(%x: tensor<1x4x10x10xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu> : tensor<1x4x10x10xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

func.func @main() {
  %xe0 = tensor.empty() : tensor<1x4x10x10xf32>
  %xd0 = tensor.cast %xe0 : tensor<1x4x10x10xf32> to tensor<?x?x?x?xf32>
  %a0 = arith.constant 0.31 : f32
  %xp0 = call @pattern(%xd0, %a0, %a0) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x0 = tensor.cast %xp0 : tensor<?x?x?x?xf32> to tensor<1x4x10x10xf32>
  %we0 = tensor.empty() : tensor<6x4x3x3xf32>
  %wd0 = tensor.cast %we0 : tensor<6x4x3x3xf32> to tensor<?x?x?x?xf32>
  %wb0 = arith.constant 0.37 : f32
  %wp0 = call @pattern(%wd0, %a0, %wb0) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %w0 = tensor.cast %wp0 : tensor<?x?x?x?xf32> to tensor<6x4x3x3xf32>
  %b0 = arith.constant dense<[-0.20, 0.10, -0.10, 0.20, 0.00, -0.20]> : tensor<6xf32>
  %y0 = call @tiled_channels_rows_cols(%x0, %w0, %b0) : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %r0 = call @whole_channels_rows_cols(%x0, %w0, %b0) : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %yd0 = tensor.cast %y0 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  %rd0 = tensor.cast %r0 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  call @report(%yd0, %rd0) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  %xe1 = tensor.empty() : tensor<1x9x9x4xf32>
  %xd1 = tensor.cast %xe1 : tensor<1x9x9x4xf32> to tensor<?x?x?x?xf32>
  %a1 = arith.constant 0.53 : f32
  %xp1 = call @pattern(%xd1, %a1, %a1) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x1 = tensor.cast %xp1 : tensor<?x?x?x?xf32> to tensor<1x9x9x4xf32>
  %we1 = tensor.empty() : tensor<8x3x3x4xf32>
  %wd1 = tensor.cast %we1 : tensor<8x3x3x4xf32> to tensor<?x?x?x?xf32>
  %wb1 = arith.constant 0.37 : f32
  %wp1 = call @pattern(%wd1, %a1, %wb1) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %w1 = tensor.cast %wp1 : tensor<?x?x?x?xf32> to tensor<8x3x3x4xf32>
  %m1 = arith.constant dense<[-0.20, 0.10, -0.10, 0.20, 0.00, -0.20, 0.10, -0.10]> : tensor<8xf32>
  %v1 = arith.constant dense<[0.50, 1.25, 1.00, 0.75, 0.50, 1.25, 1.00, 0.75]> : tensor<8xf32>
  %g1 = arith.constant dense<[0.80, 0.90, 1.00, 1.10, 0.80, 0.90, 1.00, 1.10]> : tensor<8xf32>
  %be1 = arith.constant dense<[-0.15, 0.00, 0.15, -0.05, 0.10, -0.10, 0.05, -0.15]> : tensor<8xf32>
  %y1 = call @tiled_bn_nhwc_strided(%x1, %w1, %m1, %v1, %g1, %be1) : (tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %r1 = call @whole_bn_nhwc_strided(%x1, %w1, %m1, %v1, %g1, %be1) : (tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x4x8xf32>
  %yd1 = tensor.cast %y1 : tensor<1x4x4x8xf32> to tensor<?x?x?x?xf32>
  %rd1 = tensor.cast %r1 : tensor<1x4x4x8xf32> to tensor<?x?x?x?xf32>
  call @report(%yd1, %rd1) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  %xe2 = tensor.empty() : tensor<1x6x9x9xf32>
  %xd2 = tensor.cast %xe2 : tensor<1x6x9x9xf32> to tensor<?x?x?x?xf32>
  %a2 = arith.constant 0.71 : f32
  %xp2 = call @pattern(%xd2, %a2, %a2) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x2 = tensor.cast %xp2 : tensor<?x?x?x?xf32> to tensor<1x6x9x9xf32>
  %we2 = tensor.empty() : tensor<6x1x3x3xf32>
  %wd2 = tensor.cast %we2 : tensor<6x1x3x3xf32> to tensor<?x?x?x?xf32>
  %wb2 = arith.constant 0.37 : f32
  %wp2 = call @pattern(%wd2, %a2, %wb2) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %wg2 = tensor.cast %wp2 : tensor<?x?x?x?xf32> to tensor<6x1x3x3xf32>
  %w2 = tensor.collapse_shape %wg2 [[0, 1], [2], [3]] : tensor<6x1x3x3xf32> into tensor<6x3x3xf32>
  %b2 = arith.constant dense<[-0.20, 0.10, -0.10, 0.20, 0.00, -0.20]> : tensor<6xf32>
  %y2 = call @tiled_depthwise_dilated(%x2, %w2, %b2) : (tensor<1x6x9x9xf32>, tensor<6x3x3xf32>, tensor<6xf32>) -> tensor<1x6x9x9xf32>
  %r2 = call @whole_depthwise_dilated(%x2, %w2, %b2) : (tensor<1x6x9x9xf32>, tensor<6x3x3xf32>, tensor<6xf32>) -> tensor<1x6x9x9xf32>
  %yd2 = tensor.cast %y2 : tensor<1x6x9x9xf32> to tensor<?x?x?x?xf32>
  %rd2 = tensor.cast %r2 : tensor<1x6x9x9xf32> to tensor<?x?x?x?xf32>
  call @report(%yd2, %rd2) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  %xe3 = tensor.empty() : tensor<1x4x10x10xf32>
  %xd3 = tensor.cast %xe3 : tensor<1x4x10x10xf32> to tensor<?x?x?x?xf32>
  %a3 = arith.constant 0.29 : f32
  %xp3 = call @pattern(%xd3, %a3, %a3) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x3 = tensor.cast %xp3 : tensor<?x?x?x?xf32> to tensor<1x4x10x10xf32>
  %we3 = tensor.empty() : tensor<6x2x3x3xf32>
  %wd3 = tensor.cast %we3 : tensor<6x2x3x3xf32> to tensor<?x?x?x?xf32>
  %wb3 = arith.constant 0.37 : f32
  %wp3 = call @pattern(%wd3, %a3, %wb3) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %w3 = tensor.cast %wp3 : tensor<?x?x?x?xf32> to tensor<6x2x3x3xf32>
  %b3 = arith.constant dense<[-0.20, 0.10, -0.10, 0.20, 0.00, -0.20]> : tensor<6xf32>
  %y3 = call @tiled_grouped(%x3, %w3, %b3) : (tensor<1x4x10x10xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %r3 = call @whole_grouped(%x3, %w3, %b3) : (tensor<1x4x10x10xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %yd3 = tensor.cast %y3 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  %rd3 = tensor.cast %r3 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  call @report(%yd3, %rd3) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  return
}

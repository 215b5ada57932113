// The CPU path is vectorized: at LLVM's O3 (what fusion-verify's JIT runs,
// and `mlir-runner -O3`), the SLP vectorizer turns each fused op's 8 x 16
// register block (fusion-to-cpu's 8 x 32, capped by the width of 16) into
// vector multiply-adds per tap (contiguous input
// columns against broadcast filter values), with the accumulators carried
// in vector registers through the whole reduction. The unfused BatchNorm and ReLU
// loops vectorize too (the loop vectorizer), so the comparison is fair.
// RUN: fusion-opt %s --fusion-to-cpu -o %t.fused.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.fused.mlir | opt -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 -S | FileCheck %s
// RUN: fusion-opt %s --fusion-to-cpu=fuse=false -o %t.unfused.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.unfused.mlir | opt -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 -S | FileCheck %s --check-prefix=UNFUSED

// CHECK-LABEL: define {{.*}} @pointwise(
// CHECK: phi <{{[0-9]+}} x float> [ zeroinitializer
// CHECK: fmul <{{[0-9]+}} x float>
// CHECK: fadd <{{[0-9]+}} x float>
// CHECK-LABEL: define {{.*}} @conv3x3(
// CHECK: phi <{{[0-9]+}} x float> [ zeroinitializer
// CHECK: fmul <{{[0-9]+}} x float>
// CHECK: fadd <{{[0-9]+}} x float>

// A detection decode as YOLOv8's head convs give it (nchw levels, DFL,
// sigmoid): eight anchors per iteration as vector lanes (decode-lanes), so
// the softmax maxima, the divisions and the sums run on 8-wide vectors. One
// anchor per iteration branches on its level, and left every one of them
// scalar (decode-lanes=1: no 8-wide load or division at all).
// CHECK-LABEL: define {{.*}} @yolo_decode(
// CHECK: load <8 x float>
// CHECK: fdiv <8 x float>
// CHECK: store <8 x float>

// The separate BatchNorm and ReLU loops of the baseline.
// UNFUSED-LABEL: define {{.*}} @pointwise(
// UNFUSED: fmul <{{[0-9]+}} x float>
// UNFUSED: fcmp {{.*}} <{{[0-9]+}} x float>

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// Filters are arguments: constant splat filters would be folded into the
// code, which says nothing about the loads of a real network.
func.func @pointwise(%x: tensor<1x32x16x16xf32>, %w: tensor<32x32x1x1xf32>) -> tensor<1x32x16x16xf32> {
  %s = arith.constant dense<1.5> : tensor<32xf32>
  %t = arith.constant dense<-0.25> : tensor<32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x16x16xf32>) -> tensor<1x32x16x16xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x32x16x16xf32>, tensor<32x32x1x1xf32>) outs(%f : tensor<1x32x16x16xf32>) -> tensor<1x32x16x16xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %t : tensor<1x32x16x16xf32>, tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<1x32x16x16xf32>) {
  ^bb0(%in: f32, %sc: f32, %sh: f32, %out: f32):
    %0 = arith.mulf %in, %sc : f32
    %1 = arith.addf %0, %sh : f32
    linalg.yield %1 : f32
  } -> tensor<1x32x16x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x32x16x16xf32>) outs(%e : tensor<1x32x16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x32x16x16xf32>
  return %r : tensor<1x32x16x16xf32>
}

func.func @conv3x3(%x: tensor<1x16x16x16xf32>, %w: tensor<16x16x3x3xf32>) -> tensor<1x16x16x16xf32> {
  %b = arith.constant dense<0.1> : tensor<16xf32>
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<16xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x16x16x16xf32>, tensor<16x16x3x3xf32> -> tensor<1x16x16x16xf32>
  return %0 : tensor<1x16x16x16xf32>
}

func.func @yolo_decode(%b0: tensor<1x64x4x8xf32>, %b1: tensor<1x64x2x4xf32>, %s0: tensor<1x8x4x8xf32>, %s1: tensor<1x8x2x4xf32>, %anchors: tensor<2x40xf32>, %strides: tensor<1x40xf32>) -> tensor<1x12x40xf32> {
  %r = fusion.decode_detections boxes(nchw %b0, %b1 : tensor<1x64x4x8xf32>, tensor<1x64x2x4xf32>) scores(nchw %s0, %s1 : tensor<1x8x4x8xf32>, tensor<1x8x2x4xf32>) anchors(%anchors : tensor<2x40xf32>) strides(%strides : tensor<1x40xf32>) coding(ltrb_distance) dfl_bins(16) anchor_layout(points_2n) score(sigmoid) to cxcywh packed(bkn) -> tensor<1x12x40xf32>
  return %r : tensor<1x12x40xf32>
}

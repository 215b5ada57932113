// fusion-lower-to-loops decode-lanes: an iteration of the decode's forall
// decodes several consecutive anchors as the lanes of one vector (the
// host's SIMD form; fusion-to-cpu asks for 8). The lanes are the largest
// divisor of the option, the anchor count and every level's first anchor,
// so that one iteration never straddles a level. Channel-major heads are
// read as contiguous vectors (a level's cells collapsed into one row);
// other layouts gather their lanes element by element. That the values are
// right is checked by running them: test/CPU/decode-detections.mlir.
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops=decode-lanes=8 | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops | FileCheck %s --check-prefix=ONE

// Levels of 4x6 and 2x4 cells: 32 anchors, the second level from anchor
// 24, so 8 lanes, and one forall per level (the GPU's one forall branches
// per anchor on its level). Box and score values are one transfer_read of
// the collapsed level each; anchor points [N, 2] are gathered; the packed
// channel-major result is written one vector per value.
// CHECK-LABEL: func.func @yolo_levels
// CHECK: %[[L0:.*]] = scf.forall (%[[IMG:.*]], %[[G:.*]]) in (2, 3) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<2x7x32xf32>)
// CHECK: %[[N:.*]] = arith.muli %[[G]], %c8
// CHECK: %[[T:.*]] = tensor.extract_slice %[[O]][%[[IMG]], 0, %[[N]]] [1, 7, 8] [1, 1, 1]
// CHECK-NOT: scf.index_switch
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0], [1], [2, 3]] : tensor<2x16x4x6xf32> into tensor<2x16x24xf32>
// CHECK: vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<2x16x24xf32>, vector<8xf32>
// CHECK: math.exp {{.*}} : vector<8xf32>
// CHECK: vector.from_elements {{.*}} : vector<8xf32>
// CHECK: vector.transfer_write {{.*}} {in_bounds = [true]} : vector<8xf32>, tensor<1x7x8xf32>
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[O]][%[[IMG]], 0, %[[N]]] [1, 7, 8] [1, 1, 1]
// CHECK: %[[L1:.*]] = scf.forall (%[[IMG1:.*]], %[[G1:.*]]) in (2, 1) shared_outs(%[[O1:.*]] = %[[L0]])
// CHECK: %[[M1:.*]] = arith.muli %[[G1]], %c8
// CHECK: %[[N1:.*]] = arith.addi %[[M1]], %c24
// CHECK-NOT: scf.index_switch
// CHECK: tensor.collapse_shape %arg1 {{\[\[}}0], [1], [2, 3]] : tensor<2x16x2x4xf32> into tensor<2x16x8xf32>
// CHECK: tensor.parallel_insert_slice %{{.*}} into %[[O1]][%[[IMG1]], 0, %[[N1]]] [1, 7, 8] [1, 1, 1]
// CHECK: return %[[L1]]
// ONE-LABEL: func.func @yolo_levels
// ONE: scf.forall (%{{.*}}, %{{.*}}) in (2, 32)
// ONE-NOT: vector.
// ONE: scf.index_switch
// ONE-NOT: vector.
// ONE-NOT: scf.forall (
// ONE: return
func.func @yolo_levels(%b0: tensor<2x16x4x6xf32>, %b1: tensor<2x16x2x4xf32>, %s0: tensor<2x3x4x6xf32>, %s1: tensor<2x3x2x4xf32>, %anchors: tensor<32x2xf32>, %strides: tensor<1x32xf32>) -> tensor<2x7x32xf32> {
  %r = fusion.decode_detections boxes(nchw %b0, %b1 : tensor<2x16x4x6xf32>, tensor<2x16x2x4xf32>) scores(nchw %s0, %s1 : tensor<2x3x4x6xf32>, tensor<2x3x2x4xf32>) anchors(%anchors : tensor<32x2xf32>) strides(%strides : tensor<1x32xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_n2) score(sigmoid) to cxcywh packed(bkn) -> tensor<2x7x32xf32>
  return %r : tensor<2x7x32xf32>
}

// -----

// Levels from anchors 0, 12 and 16 of 20: 4 lanes, three loops.
// CHECK-LABEL: func.func @four_lanes
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (1, 3)
// CHECK: vector<4xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (1, 1)
// CHECK: arith.addi %{{.*}}, %c12
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (1, 1)
// CHECK: arith.addi %{{.*}}, %c16
// CHECK-NOT: vector<8xf32>
// CHECK: return
func.func @four_lanes(%b0: tensor<1x64x2x6xf32>, %b1: tensor<1x64x2x2xf32>, %b2: tensor<1x64x2x2xf32>, %s0: tensor<1x2x2x6xf32>, %s1: tensor<1x2x2x2xf32>, %s2: tensor<1x2x2x2xf32>, %anchors: tensor<2x20xf32>, %strides: tensor<1x20xf32>) -> tensor<1x6x20xf32> {
  %r = fusion.decode_detections boxes(nchw %b0, %b1, %b2 : tensor<1x64x2x6xf32>, tensor<1x64x2x2xf32>, tensor<1x64x2x2xf32>) scores(nchw %s0, %s1, %s2 : tensor<1x2x2x6xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) anchors(%anchors : tensor<2x20xf32>) strides(%strides : tensor<1x20xf32>) coding(ltrb_distance) dfl_bins(16) anchor_layout(points_2n) score(sigmoid) to xyxy packed(bkn) -> tensor<1x6x20xf32>
  return %r : tensor<1x6x20xf32>
}

// -----

// A level from anchor 16 of 21: no common divisor, one anchor per
// iteration.
// CHECK-LABEL: func.func @no_lanes
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (1, 21)
// CHECK-NOT: vector.
// CHECK: return
func.func @no_lanes(%b0: tensor<1x16x4x4xf32>, %b1: tensor<1x16x2x2xf32>, %b2: tensor<1x16x1x1xf32>, %s0: tensor<1x2x4x4xf32>, %s1: tensor<1x2x2x2xf32>, %s2: tensor<1x2x1x1xf32>, %anchors: tensor<2x21xf32>, %strides: tensor<1x21xf32>) -> tensor<1x6x21xf32> {
  %r = fusion.decode_detections boxes(nchw %b0, %b1, %b2 : tensor<1x16x4x4xf32>, tensor<1x16x2x2xf32>, tensor<1x16x1x1xf32>) scores(nchw %s0, %s1, %s2 : tensor<1x2x4x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>) anchors(%anchors : tensor<2x21xf32>) strides(%strides : tensor<1x21xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(sigmoid) to xyxy packed(bkn) -> tensor<1x6x21xf32>
  return %r : tensor<1x6x21xf32>
}

// -----

// Anchor-major heads and split results (SSD): 8 lanes, every value
// gathered and every output scattered element by element.
// CHECK-LABEL: func.func @ssd_gathered
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (1, 2)
// CHECK-NOT: vector.transfer_read
// CHECK: vector.from_elements {{.*}} : vector<8xf32>
// CHECK: math.exp {{.*}} : vector<8xf32>
// CHECK: vector.extract
// CHECK-NOT: vector.transfer_write
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice {{.*}} [1, 8, 4] [1, 1, 1]
// CHECK-NEXT: tensor.parallel_insert_slice {{.*}} [1, 8, 3] [1, 1, 1]
// ONE-LABEL: func.func @ssd_gathered
// ONE: scf.forall (%{{.*}}, %{{.*}}) in (1, 16)
// ONE-NOT: vector.
// ONE: return
func.func @ssd_gathered(%boxes: tensor<1x16x4xf32>, %scores: tensor<1x16x4xf32>, %anchors: tensor<16x4xf32>) -> (tensor<1x16x4xf32>, tensor<1x16x3xf32>) {
  %r:2 = fusion.decode_detections boxes(bnk %boxes : tensor<1x16x4xf32>) scores(bnk %scores : tensor<1x16x4xf32>) anchors(%anchors : tensor<16x4xf32>) coding(center_size) weights([10.0, 10.0, 5.0, 5.0]) wh_clamp(4.135166556742356) anchor_layout(n4) score(softmax) drop_background to xyxy -> tensor<1x16x4xf32>, tensor<1x16x3xf32>
  return %r#0, %r#1 : tensor<1x16x4xf32>, tensor<1x16x3xf32>
}

// fusion-to-ptx turns each fusion.decode_detections into one kernel that
// reads the raw head outputs and writes boxes and scores, for every function
// of test/Dialect/detect-ops.mlir (every box coding; head levels, nchw and
// nhwc; packed(bnk) and packed(bkn) outputs; clamp_nan(bound);
// softmax_form(reciprocal)): one launch per function, and no buffer
// allocated inside the kernel.
// RUN: fusion-opt %fusion_src_root/test/Dialect/detect-ops.mlir --split-input-file --fusion-to-ptx | FileCheck %s

// CHECK-LABEL: llvm.func @ssd
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @variances
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @yolo
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @corners
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @nchw_levels
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @nhwc_levels
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @packed_bnk
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @packed_bkn
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @clamp_nan
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @softmax_reciprocal
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @every_group
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @explicit_defaults
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK-LABEL: llvm.func @exact_weights
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func

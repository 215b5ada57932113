// fusion-to-ptx turns each fusion.decode_detections into one kernel that
// reads the raw head outputs and writes boxes and scores, for every box
// coding of test/Dialect/detect-ops.mlir: one launch per function, and no
// buffer allocated inside the kernel.
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

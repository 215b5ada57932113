// A whole small network of our own (examples/resnet_tiny.mlir: stem, max
// pool, a basic block, a downsampling block, global average pool, linear
// layer; random weights and BatchNorm statistics) compiles to PTX and to the
// CPU, and the CPU program runs and agrees with the reference.
//
// Six conv chains fuse: the stem and the first conv of each block with their
// ReLU; the second convs and the downsample stop at the residual adds. The
// fused program is 21 kernels: 6 convs, 2 adds and their 2 ReLUs, 4 for the
// max pool (padding fill, interior copy, init, pool) and 7 for the
// classifier (sum-pool init and sum, divide, weight transpose, matmul init,
// matmul, bias). Unfused it is 66: each BatchNorm runs as the frontend wrote
// it (three rank-1 generics on its parameters, four broadcasting ones).
// merge-min-modules=0: a kernel module, so a PTX file, per kernel (what is counted).
// RUN: rm -rf %t && mkdir -p %t/fused %t/unfused
// RUN: fusion-opt %fusion_src_root/examples/resnet_tiny.mlir --fusion-to-ptx="merge-min-modules=0 dump-ptx=%t/fused" -o /dev/null
// RUN: fusion-opt %fusion_src_root/examples/resnet_tiny.mlir --fusion-to-ptx="merge-min-modules=0 fuse=false dump-ptx=%t/unfused" -o /dev/null
// RUN: ls %t/fused | count 21
// RUN: ls %t/unfused | count 66
// RUN: fusion-opt %fusion_src_root/examples/resnet_tiny.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: fusion-verify %fusion_src_root/examples/resnet_tiny.mlir --rtol=1e-5 --atol=1e-5 --frames=20 | FileCheck %s
// RUN: fusion-verify %fusion_src_root/examples/resnet_tiny.mlir --rtol=1e-5 --atol=1e-5 --frames=4 --program=unfused | FileCheck %s
// RUN: fusion-verify %fusion_src_root/examples/resnet_tiny.mlir --rtol=1e-5 --atol=1e-5 --frames=4 --test-gpu-loop-mapping | FileCheck %s
// RUN: not fusion-verify %fusion_src_root/examples/resnet_tiny.mlir --rtol=1e-5 --atol=1e-5 --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// REPORT: "summary": {
// REPORT-NEXT: "by_form": {
// REPORT-NEXT: "batchnorm+none": 3,
// REPORT-NEXT: "batchnorm+relu": 3
// REPORT-NEXT: },
// REPORT-NEXT: "by_reason": {
// REPORT-NEXT: "residual_add": 3
// REPORT-NEXT: },
// REPORT-NEXT: "candidates": 6,
// REPORT-NEXT: "fused": 6,
// REPORT-NEXT: "refused": 0
// CHECK: @resnet_tiny
// CHECK: 0 {{ *}}1x10
// CHECK: PASS
// WRONG: FAIL

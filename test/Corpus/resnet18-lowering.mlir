// A whole network as torch-mlir emitted it (torchvision ResNet-18: stem,
// basic blocks with residual adds, pooling, classifier) compiles to PTX and
// to the CPU, and the CPU program runs: fused and unfused agree.
//
// Kernels: 75 unfused (20 convs, 20 BatchNorms, 9 ReLUs of the chains, 8
// residual adds and the 8 ReLUs after them, and 10 for the pooling and the
// classifier), 46 fused: one per conv chain (20), the same 26 others.
//
// REQUIRES: shared-corpus
// merge-min-modules=0: a kernel module, so a PTX file, per kernel (what is counted).
// RUN: rm -rf %t && mkdir -p %t/fused %t/unfused
// RUN: fusion-opt %corpus/resnet18.mlir --fusion-to-ptx="merge-min-modules=0 dump-ptx=%t/fused" -o /dev/null
// RUN: fusion-opt %corpus/resnet18.mlir --fusion-to-ptx="merge-min-modules=0 fuse=false dump-ptx=%t/unfused" -o /dev/null
// RUN: ls %t/fused | count 46
// RUN: ls %t/unfused | count 75
// RUN: fusion-verify %corpus/resnet18.mlir --frames=2 | FileCheck %s
// The fused program's loops tiled and mapped as for the GPU, on the host.
// RUN: fusion-verify %corpus/resnet18.mlir --frames=1 --test-gpu-loop-mapping | FileCheck %s

// CHECK: fused ops 20
// CHECK: PASS

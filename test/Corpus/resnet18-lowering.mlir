// A whole network as torch-mlir emitted it (torchvision ResNet-18: stem,
// basic blocks with residual adds, pooling, classifier) compiles to PTX and
// to the CPU, and the CPU program runs: fused and unfused agree.
//
// Kernels: 95 unfused (pads, accumulator fills, convs, BatchNorms, ReLUs,
// residual adds, pooling, classifier), 45 fused, each writing its output
// once (one st.global per kernel). The fused count includes one kernel per
// conv chain (20); the residual adds and the ReLUs after them, the pooling
// and the classifier stay separate kernels.
//
// REQUIRES: shared-corpus
// RUN: rm -rf %t && mkdir -p %t/fused %t/unfused
// RUN: fusion-opt %corpus/resnet18.mlir --fusion-to-ptx="dump-ptx=%t/fused" -o /dev/null
// RUN: fusion-opt %corpus/resnet18.mlir --fusion-to-ptx="fuse=false dump-ptx=%t/unfused" -o /dev/null
// RUN: ls %t/fused | count 45
// RUN: ls %t/unfused | count 95
// RUN: cat %t/fused/*.ptx | grep -c st.global | FileCheck %s --check-prefix=STORES45
// RUN: fusion-verify %corpus/resnet18.mlir --frames=2 | FileCheck %s

// STORES45: {{^}}45{{$}}
// CHECK: fused ops 20
// CHECK: PASS

// Every kernel of the bundled networks assembles with ptxas for sm_90 and
// sm_80 and spills nothing to local memory: the ResNet-style block fused (10
// kernels: six convolutions, two residual adds, two ReLUs) and the whole
// small classifier fused (21) and unfused (66 launches of 36 distinct
// kernels: equal BatchNorms and ReLUs are compiled once), pooling and
// classifier included. From 16 kernel modules up, the kernels are in one
// module and the dump is one file (fusion-merge-kernel-modules).
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/sm90 %t/sm80 %t/tiny %t/tiny-unfused
// RUN: fusion-opt %fusion_src_root/examples/resnet_block.mlir --fusion-to-ptx="dump-ptx=%t/sm90" -o /dev/null
// RUN: fusion-opt %fusion_src_root/examples/resnet_block.mlir --fusion-to-ptx="chip=sm_80 features=+ptx70 dump-ptx=%t/sm80" -o /dev/null
// RUN: ls %t/sm90/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: ls %t/sm80/*.ptx | xargs -n1 %ptxas -arch=sm_80 -v -o %t/out.cubin 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: fusion-opt %fusion_src_root/examples/resnet_tiny.mlir --fusion-to-ptx="dump-ptx=%t/tiny" -o /dev/null
// RUN: fusion-opt %fusion_src_root/examples/resnet_tiny.mlir --fusion-to-ptx="fuse=false dump-ptx=%t/tiny-unfused" -o /dev/null
// RUN: ls %t/tiny/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s --check-prefix=TINY
// RUN: ls %t/tiny-unfused/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s --check-prefix=TINY-UNFUSED

// BLOCK-COUNT-10: 0 bytes spill stores, 0 bytes spill loads
// BLOCK-NOT: error
// TINY-COUNT-21: 0 bytes spill stores, 0 bytes spill loads
// TINY-NOT: error
// TINY-UNFUSED-COUNT-36: 0 bytes spill stores, 0 bytes spill loads
// TINY-UNFUSED-NOT: error

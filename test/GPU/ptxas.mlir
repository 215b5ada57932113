// Every kernel the bundled ResNet-style network compiles to assembles with
// ptxas for sm_90 and sm_80, and the fused kernels spill nothing to local
// memory.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/sm90 %t/sm80
// RUN: fusion-opt %fusion_src_root/examples/resnet_block.mlir --fusion-to-ptx="dump-ptx=%t/sm90" -o /dev/null
// RUN: fusion-opt %fusion_src_root/examples/resnet_block.mlir --fusion-to-ptx="chip=sm_80 features=+ptx70 dump-ptx=%t/sm80" -o /dev/null
// RUN: ls %t/sm90/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s
// RUN: ls %t/sm80/*.ptx | xargs -n1 %ptxas -arch=sm_80 -v -o %t/out.cubin 2>&1 | FileCheck %s

// Ten kernels: six fused convolutions, two residual adds, two ReLUs.
// CHECK-COUNT-10: 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: error

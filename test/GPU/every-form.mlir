// PTX for every form the fused ops take (test/Dialect/ops.mlir: all six
// layouts, grouped and depthwise convs with multipliers, f16 and bf16, every
// activation, folded and unfolded normalization) and for dynamic batch and
// spatial extents: each compiles to kernels that ptxas assembles for sm_90
// and sm_80 without spills.
// REQUIRES: ptxas
// merge-min-modules=0: a kernel module, so a PTX file, per kernel (what is counted).
// RUN: rm -rf %t && mkdir -p %t/sm90 %t/sm80 %t/dynamic
// RUN: fusion-opt %fusion_src_root/test/Dialect/ops.mlir --fusion-to-ptx="merge-min-modules=0 dump-ptx=%t/sm90" -o /dev/null
// RUN: fusion-opt %fusion_src_root/test/Dialect/ops.mlir --fusion-to-ptx="merge-min-modules=0 chip=sm_80 features=+ptx70 dump-ptx=%t/sm80" -o /dev/null
// RUN: fusion-opt %fusion_src_root/test/Transforms/LowerToLinalg/dynamic-shapes.mlir --fusion-to-ptx="merge-min-modules=0 dump-ptx=%t/dynamic" -o /dev/null
// RUN: ls %t/sm90 | count 20
// RUN: ls %t/sm90/*.ptx %t/dynamic/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s
// RUN: ls %t/sm80/*.ptx | xargs -n1 %ptxas -arch=sm_80 -v -o %t/out.cubin 2>&1 | FileCheck %s

// CHECK-COUNT-20: 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: error
// CHECK-NOT: [1-9][0-9]* bytes spill

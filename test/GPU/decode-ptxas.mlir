// The decode kernels of test/Dialect/detect-ops.mlir (one per function, 13:
// every box coding, head levels, packed outputs, clamp_nan, softmax_form)
// assemble with ptxas for sm_90 and sm_80 without spills.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/sm90 %t/sm80
// RUN: fusion-opt %fusion_src_root/test/Dialect/detect-ops.mlir --split-input-file --fusion-to-ptx="dump-ptx=%t/sm90" -o /dev/null
// RUN: fusion-opt %fusion_src_root/test/Dialect/detect-ops.mlir --split-input-file --fusion-to-ptx="chip=sm_80 features=+ptx70 dump-ptx=%t/sm80" -o /dev/null
// RUN: ls %t/sm90 | count 13
// RUN: ls %t/sm80 | count 13
// RUN: ls %t/sm90/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s
// RUN: ls %t/sm80/*.ptx | xargs -n1 %ptxas -arch=sm_80 -v -o %t/out.cubin 2>&1 | FileCheck %s

// CHECK-COUNT-13: 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: error
// CHECK-NOT: [1-9][0-9]* bytes spill

// Wrong inputs to the runner and the compiler get a message and a non-zero
// exit, never a crash.
// REQUIRES: gpu-runner
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %s --entry=small --target=cpu -o %t/small.so
// RUN: fusion-compile %s --entry=large --target=cpu -o %t/large.so
// RUN: not fusion-gpu-run --reference=%t/small.so %t/large.so 2>&1 | FileCheck %s --check-prefix=SIGNATURE
// RUN: not fusion-gpu-run --reference=%t/small.so %fusion_obj_root/lib/libFusionCudaRuntime.so 2>&1 | FileCheck %s --check-prefix=FOREIGN
// RUN: not fusion-gpu-run --reference=%t/small.so %t/missing.so 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not fusion-gpu-run %t/small.so 2>&1 | FileCheck %s --check-prefix=NOREF
// RUN: not fusion-gpu-run --reference=%t/small.so --bogus %t/small.so 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not fusion-compile %s --entry=nothing -o %t/x.so 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not fusion-compile %s --entry=dynamic -o %t/x.so 2>&1 | FileCheck %s --check-prefix=DYNAMIC

// SIGNATURE: fusion-gpu-run: large has another signature than reference
// FOREIGN: is not a library made by fusion-compile
// MISSING: fusion-gpu-run: cannot read
// NOREF: fusion-gpu-run: no --reference given
// OPTION: fusion-gpu-run: unknown option --bogus
// ENTRY: no entry function named 'nothing'
// DYNAMIC: entry @dynamic must take and return statically shaped float tensors, got tensor<?x4xf32>

func.func @small(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @large(%x: tensor<8xf32>) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

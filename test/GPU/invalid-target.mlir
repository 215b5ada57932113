// Unknown chips, PTX features and host CPUs are errors that list the valid
// ones, before anything is compiled (LLVM itself only warns, then emits PTX
// that ptxas rejects or stops with a fatal error of its own); an output in
// a missing directory is named as such. fusion-compile exits 2 on each.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not fusion-opt %s --fusion-to-ptx=chip=sm_9999 -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not fusion-opt %s '--fusion-to-ptx=features=+nonsense' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not fusion-opt %s '--fusion-to-ptx=features=ptx80' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIGN
// RUN: fusion-compile %s --chip=sm_banana -o %t/x.so; test $? -eq 2
// RUN: not fusion-compile %s --chip=sm_banana -o %t/x.so 2>&1 | FileCheck %s --check-prefix=COMPILE-CHIP
// RUN: not fusion-compile %s --features=+ptx80,+bogus -o %t/x.so 2>&1 | FileCheck %s --check-prefix=COMPILE-FEATURE
// RUN: fusion-compile %s --target=cpu --mcpu=banana -o %t/x.so; test $? -eq 2
// RUN: not fusion-compile %s --target=cpu --mcpu=banana -o %t/x.so 2>&1 | FileCheck %s --check-prefix=MCPU
// RUN: fusion-compile %s --target=cpu -o %t/missing/x.so; test $? -eq 2
// RUN: not fusion-compile %s --target=cpu -o %t/missing/x.so 2>&1 | FileCheck %s --check-prefix=DIR
// Valid ones still work.
// RUN: fusion-opt %s --fusion-to-ptx=chip=sm_80 -o /dev/null
// RUN: fusion-compile %s --target=cpu --mcpu=x86-64 -o %t/ok.so

// CHIP: error: fusion-to-ptx: unknown chip 'sm_9999'; the NVPTX target knows: {{.*}}sm_80, {{.*}}sm_90, sm_90a
// FEATURE: error: fusion-to-ptx: unknown feature '+nonsense' (features are +name or -name, comma-separated); the NVPTX target knows: {{.*}}ptx80
// SIGN: error: fusion-to-ptx: unknown feature 'ptx80'
// COMPILE-CHIP: fusion-compile: unknown chip 'sm_banana'; the NVPTX target knows: {{.*}}sm_90
// COMPILE-FEATURE: fusion-compile: unknown feature '+bogus'
// MCPU: fusion-compile: unknown --mcpu 'banana' for {{.*}}; it knows: {{.*}}x86-64
// DIR: fusion-compile: cannot write {{.*}}missing{{/|\\}}x.so: the directory {{.*}}missing does not exist

func.func @net(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x2x4x4xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

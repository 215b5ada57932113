// The runner takes the programs' precision policy and derives its bound
// from it, as fusion-verify does (Runtime/PrecisionTolerance.h): a program
// compiled with precision tf32 (here a CPU library, the MMAs emulated, so
// this runs without a GPU) fails the f32 bound and passes the one tf32
// allows; tf32x3 passes the f32 bound widened 16 times. An unknown policy is
// refused.
// REQUIRES: gpu-runner
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %s --target=cpu --fuse=false --reference -o %t/reference.so
// RUN: fusion-compile %s --target=cpu --fuse=false --reference --f64 -o %t/f64.so
// RUN: fusion-compile %s --target=cpu --pipeline-options="precision=tf32" -o %t/tf32.so
// RUN: fusion-compile %s --target=cpu --pipeline-options="precision=tf32x3" -o %t/tf32x3.so
// RUN: fusion-gpu-run --reference=%t/reference.so --f64=%t/f64.so %t/tf32.so --precision=tf32 --frames=2 --repeats=1 --warmup=0 --json=%t/tf32.json | FileCheck %s --check-prefix=TF32
// RUN: FileCheck %s --check-prefix=JSON < %t/tf32.json
// RUN: bash -c '%fusion_gpu_run --reference=%t/reference.so --f64=%t/f64.so %t/tf32.so --frames=2 --repeats=1 --warmup=0; echo "exit $?"' | FileCheck %s --check-prefix=F32BOUND
// RUN: fusion-gpu-run --reference=%t/reference.so --f64=%t/f64.so %t/tf32x3.so --precision=tf32x3 --frames=2 --repeats=1 --warmup=0 | FileCheck %s --check-prefix=X3
// Without --f64 the element-wise bound's rtol follows the policy too:
// RUN: bash -c '%fusion_gpu_run --reference=%t/reference.so %t/tf32.so --precision=tf32 --frames=1 --repeats=1 --warmup=0; true' | FileCheck %s --check-prefix=STRICT
// RUN: not fusion-gpu-run --reference=%t/reference.so %t/tf32.so --precision=fp8 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// TF32: precision: tf32 (rtol and noise from it unless given)
// TF32: check: against the model in f64, max |got - f64| <= 1e-05 + 32768 x the f32 reference's own
// TF32: tf32 {{.*}} PASS
// JSON: "noise": 32768, "precision": "tf32"
// F32BOUND: tf32 {{.*}} FAIL
// F32BOUND: exit 1
// X3: precision: tf32x3
// X3: + 64 x the f32 reference's own
// X3: tf32x3 {{.*}} PASS
// STRICT: check: strict, |got - reference| <= 1e-05 + 0.00390625 |reference|
// UNKNOWN: fusion-gpu-run: unknown --precision 'fp8'; expected fp32, tf32, tf32x3 or native

func.func @main(%x: tensor<1x16x12x20xf32>, %w: tensor<32x16x3x3xf32>, %b: tensor<32xf32>) -> tensor<1x32x12x20xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<32xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x16x12x20xf32>, tensor<32x16x3x3xf32> -> tensor<1x32x12x20xf32>
  return %0 : tensor<1x32x12x20xf32>
}

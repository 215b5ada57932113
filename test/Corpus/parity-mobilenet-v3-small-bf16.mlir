// Parity on MobileNetV3-small in bfloat16 as torch-mlir's FX importer emitted
// it (utils/corpus/export.py, model.to(torch.bfloat16), narrowed widths): the
// fused CPU program against the upstream-linalg reference, the model in f64,
// and PyTorch eager (in bf16) on the exporter's 8 frames. ONNX Runtime's CPU
// provider has no bf16 convolution, so it is no peer here.
//
// bf16 keeps 8 significant bits: the reference, which rounds every op's
// result to bf16, misses the f64 model by 9% (TOSA) to 16% (linalg) of the
// output's scale after 52 convs, the fused program (f32 accumulation and
// epilogue, one rounding per chain) by 2-3%. The f64-grounded bound applies
// when either stays within the bf16 rounding cap (32 unit roundoffs, 0.125
// of the scale); a wrong fold misses the f64 model by 100% of the scale,
// over 5 times the bound.
// RUN: fusion-verify %S/Inputs/mobilenet_v3_small_bf16-linalg-b1.mlir --inputs=%S/Inputs/mobilenet_v3_small_bf16-b1.frames.npy --expected=%S/Inputs/mobilenet_v3_small_bf16-b1.eager-0.npy | FileCheck %s
// RUN: fusion-verify %S/Inputs/mobilenet_v3_small_bf16-tosa-b1.mlir --inputs=%S/Inputs/mobilenet_v3_small_bf16-b1.frames.npy --expected=%S/Inputs/mobilenet_v3_small_bf16-b1.eager-0.npy | FileCheck %s
// RUN: not fusion-verify %S/Inputs/mobilenet_v3_small_bf16-tosa-b1.mlir --inputs=%S/Inputs/mobilenet_v3_small_bf16-b1.frames.npy --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: rtol 3.125000e-02, atol 1.000000e-05, fused ops 52
// CHECK: against the model in f64 (max_abs of the checked program, of the bf16 reference): {{.*}} PASS
// CHECK: bf16 noise bound (atol + 2.000000e+00 x the reference's error against f64): 0: {{[0-9.]+e-0[0-9]}};
// CHECK: against mobilenet_v3_small_bf16-b1.eager-0.npy: {{.*}} PASS
// CHECK-NEXT: {{^}}PASS
// WRONG: fused ops 52
// WRONG: against the model in f64 {{.*}} FAIL
// WRONG: {{^}}FAIL

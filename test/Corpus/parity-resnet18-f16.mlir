// Parity on ResNet-18 in float16 as torch-mlir's FX importer emitted it
// (utils/corpus/export.py, model.half(), narrowed widths): the fused CPU
// program against the upstream-linalg reference, the model in f64, and
// PyTorch eager and ONNX Runtime (both in f16) on the exporter's 8 frames.
//
// The tolerance follows the outputs' type: rtol 8 unit roundoffs of f16
// (3.9e-3). The reference rounds every op's result to f16 (the conv, the
// BatchNorm, the activation) where the fused op accumulates in f32 and rounds
// once, and the folded weights are rounded to f16: both miss the f64 model
// by about 1e-2 here, so an output passes within twice the reference's own
// error against f64 (the f64-grounded bound). A wrong fold misses by 100x.
// RUN: fusion-verify %S/Inputs/resnet18_f16-linalg-b1.mlir --inputs=%S/Inputs/resnet18_f16-b1.frames.npy --expected=%S/Inputs/resnet18_f16-b1.eager-0.npy,%S/Inputs/resnet18_f16-b1.ort-0.npy | FileCheck %s
// RUN: fusion-verify %S/Inputs/resnet18_f16-tosa-b1.mlir --inputs=%S/Inputs/resnet18_f16-b1.frames.npy --expected=%S/Inputs/resnet18_f16-b1.eager-0.npy,%S/Inputs/resnet18_f16-b1.ort-0.npy | FileCheck %s
// A deliberately wrong fold is caught in f16 too.
// RUN: not fusion-verify %S/Inputs/resnet18_f16-linalg-b1.mlir --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: rtol 3.906250e-03, atol 1.000000e-05, fused ops 20
// CHECK: against the model in f64 (max_abs of the checked program, of the f16 reference): {{.*}} PASS
// CHECK: f16 noise bound
// CHECK: against resnet18_f16-b1.eager-0.npy: {{.*}} PASS
// CHECK: against resnet18_f16-b1.ort-0.npy: {{.*}} PASS
// CHECK-NEXT: {{^}}PASS
// WRONG: fused ops 20
// WRONG: against the model in f64 {{.*}} FAIL
// WRONG: {{^}}FAIL

// Parity on ShuffleNetV2 (channel split and shuffle, depthwise conv + BN) as
// torch-mlir's FX importer emitted it (utils/corpus/export.py, narrowed
// widths): the fused CPU program against the upstream-linalg reference, the
// model in f64, and PyTorch eager and ONNX Runtime on the 8 frames the exporter
// ran them on, at fusion-verify's defaults (the f64-grounded bound). Census:
// families-census.mlir.
// RUN: fusion-verify %S/Inputs/shufflenet_v2-linalg-b1.mlir --inputs=%S/Inputs/shufflenet_v2-b1.frames.npy --expected=%S/Inputs/shufflenet_v2-b1.eager-0.npy,%S/Inputs/shufflenet_v2-b1.ort-0.npy | FileCheck %s
// RUN: fusion-verify %S/Inputs/shufflenet_v2-tosa-b1.mlir --inputs=%S/Inputs/shufflenet_v2-b1.frames.npy --expected=%S/Inputs/shufflenet_v2-b1.eager-0.npy,%S/Inputs/shufflenet_v2-b1.ort-0.npy | FileCheck %s
// A deliberately wrong fold is caught.
// RUN: not fusion-verify %S/Inputs/shufflenet_v2-linalg-b1.mlir --frames=1 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// CHECK: fused ops 56
// CHECK: against the model in f64 {{.*}} PASS
// CHECK: against shufflenet_v2-b1.eager-0.npy: {{.*}} PASS
// CHECK: against shufflenet_v2-b1.ort-0.npy: {{.*}} PASS
// CHECK-NEXT: {{^}}PASS
// WRONG: fused ops 56
// WRONG: against the model in f64 {{.*}} FAIL
// WRONG: {{^}}FAIL

// Parity on DenseNet-121's structure (pre-activation BN-ReLU-conv, dense
// concatenation) as torch-mlir's FX importer emitted it
// (utils/corpus/export.py, narrowed widths): the fused CPU program against the
// upstream-linalg reference, the model in f64, and PyTorch eager and ONNX
// Runtime on the 8 frames the exporter ran them on, at fusion-verify's defaults
// (the f64-grounded bound). Census: families-census.mlir; the wrong folds are
// caught on the cheaper networks (parity-shufflenet-v2.mlir).
// RUN: fusion-verify %S/Inputs/densenet121-linalg-b1.mlir --inputs=%S/Inputs/densenet121-b1.frames.npy --expected=%S/Inputs/densenet121-b1.eager-0.npy,%S/Inputs/densenet121-b1.ort-0.npy | FileCheck %s

// CHECK: fused ops 59
// CHECK: against the model in f64 {{.*}} PASS
// CHECK: against densenet121-b1.eager-0.npy: {{.*}} PASS
// CHECK: against densenet121-b1.ort-0.npy: {{.*}} PASS
// CHECK-NEXT: {{^}}PASS

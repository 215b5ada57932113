// Parity on GoogLeNet (Inception blocks, BatchNorm eps 1e-3) as torch-mlir's FX
// importer emitted it (utils/corpus/export.py, narrowed widths): the fused CPU
// program against the upstream-linalg reference, the model in f64, and PyTorch
// eager and ONNX Runtime on the 8 frames the exporter ran them on, at fusion-
// verify's defaults (the f64-grounded bound). Census: families-census.mlir; the
// wrong folds are caught on the cheaper networks (parity-shufflenet-v2.mlir).
// RUN: fusion-verify %S/Inputs/googlenet-linalg-b1.mlir --inputs=%S/Inputs/googlenet-b1.frames.npy --expected=%S/Inputs/googlenet-b1.eager-0.npy,%S/Inputs/googlenet-b1.ort-0.npy | FileCheck %s
// RUN: fusion-verify %S/Inputs/googlenet-tosa-b1.mlir --inputs=%S/Inputs/googlenet-b1.frames.npy --expected=%S/Inputs/googlenet-b1.eager-0.npy,%S/Inputs/googlenet-b1.ort-0.npy | FileCheck %s

// CHECK: fused ops 57
// CHECK: against the model in f64 {{.*}} PASS
// CHECK: against googlenet-b1.eager-0.npy: {{.*}} PASS
// CHECK: against googlenet-b1.ort-0.npy: {{.*}} PASS
// CHECK-NEXT: {{^}}PASS

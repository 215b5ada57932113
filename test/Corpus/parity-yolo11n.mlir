// Parity on YOLO11n (C3k2, C2PSA attention, Detect with DFL; its decode fused
// too) as torch-mlir's FX importer emitted it (utils/corpus/export.py, narrowed
// widths): the fused CPU program against the upstream-linalg reference, the
// model in f64, and PyTorch eager and ONNX Runtime on the 8 frames the exporter
// ran them on, at fusion-verify's defaults (the f64-grounded bound). Census:
// families-census.mlir; the wrong folds are caught on the cheaper networks
// (parity-shufflenet-v2.mlir).
// RUN: fusion-verify %S/Inputs/yolo11n-linalg-b1.mlir --inputs=%S/Inputs/yolo11n-b1.frames.npy --expected=%S/Inputs/yolo11n-b1.eager-0.npy,%S/Inputs/yolo11n-b1.ort-0.npy | FileCheck %s

// CHECK: fused ops 81, fused decodes 1
// CHECK: against the model in f64 {{.*}} PASS
// CHECK: against yolo11n-b1.eager-0.npy: {{.*}} PASS
// CHECK: against yolo11n-b1.ort-0.npy: {{.*}} PASS
// CHECK-NEXT: {{^}}PASS

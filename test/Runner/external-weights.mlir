// Weights given at run time (fusion-compile --external-weights=N): every
// float constant of at least N elements left after fusion and folding is
// left out of the library, listed in its signature (storage, shape, the
// model's element type, min, max, mean, deviation) and exported through
// `fusion_weights`;
// fusion-gpu-run fills each with values drawn like the model's (normal,
// with their mean and deviation, clipped to their range), the same for
// every library listing the same weights. The fused program is
// checked against an independent lowering of the same fused program
// (--linalg-convs) and its f64 evaluation; the unfused one against the
// upstream reference. A GPU library uploads the weights in its first call
// and never again.
// REQUIRES: gpu-runner
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %fusion_src_root/test/Corpus/Inputs/resnet18-linalg-b1.mlir --external-weights=64 -o %t/fused-gpu.so
// RUN: fusion-compile %fusion_src_root/test/Corpus/Inputs/resnet18-linalg-b1.mlir --external-weights=64 --target=cpu -o %t/fused.so
// RUN: fusion-compile %fusion_src_root/test/Corpus/Inputs/resnet18-linalg-b1.mlir --external-weights=64 --target=cpu --linalg-convs -o %t/fused-reference.so
// RUN: fusion-compile %fusion_src_root/test/Corpus/Inputs/resnet18-linalg-b1.mlir --external-weights=64 --target=cpu --linalg-convs --f64 -o %t/fused-f64.so
// RUN: fusion-compile %fusion_src_root/test/Corpus/Inputs/resnet18-linalg-b1.mlir --external-weights=64 --target=cpu --fuse=false -o %t/unfused.so
// RUN: fusion-compile %fusion_src_root/test/Corpus/Inputs/resnet18-linalg-b1.mlir --external-weights=64 --target=cpu --fuse=false --reference -o %t/reference.so
// RUN: fusion-compile %fusion_src_root/test/Corpus/Inputs/resnet18-linalg-b1.mlir --external-weights=64 --target=cpu --fuse=false --reference --f64 -o %t/f64.so
// RUN: strings %t/fused-gpu.so | FileCheck %s --check-prefix=SIGNATURE
// RUN: fusion-gpu-run --dry-run %t/fused-gpu.so | FileCheck %s --check-prefix=UPLOADS
// RUN: fusion-gpu-run --reference=%t/fused-reference.so --f64=%t/fused-f64.so %t/fused.so --frames=2 --repeats=1 --warmup=0 | FileCheck %s --check-prefix=FUSED
// RUN: fusion-gpu-run --reference=%t/reference.so --f64=%t/f64.so %t/unfused.so --frames=2 --repeats=1 --warmup=0 | FileCheck %s --check-prefix=UNFUSED
// The folded weights are not the model's: a fused program and the unfused
// reference list different weights.
// RUN: not fusion-gpu-run --reference=%t/reference.so %t/fused.so 2>&1 | FileCheck %s --check-prefix=MISMATCH
// Without weights left out, the library holds them (a larger file).
// RUN: fusion-compile %fusion_src_root/test/Corpus/Inputs/resnet18-linalg-b1.mlir --target=cpu -o %t/embedded.so
// RUN: not grep -c "weight=" %t/embedded.so

// The folded filters and biases of ResNet-18's 20 convs and its classifier.
// SIGNATURE: fusion-entry-v1 target=gpu in=f32:1x3x32x32 out=f32:1x62 weight=f32:62x32:f32:{{([-0-9.e+]+:){3}[-0-9.e+]+}} weight=f32:4x3x7x7:f32:
// UPLOADS: fused-gpu gpu {{[0-9]+}} 0 0 0 {{[0-9]+}} {{[1-9][0-9]*}} uploads 0 uploads
// FUSED: check: against the model in f64
// FUSED: fused cpu {{.*}} PASS
// UNFUSED: unfused cpu {{.*}} PASS
// MISMATCH: fusion-gpu-run: fused has another signature than reference

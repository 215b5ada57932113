// Census of the network families added to the corpus after the first ten
// (utils/corpus/export.py; torch-mlir's FX importer, linalg-on-tensors and
// TOSA; narrowed widths, batch 1): candidates, fused ops by what they
// compute, and refusals per reason, against counts derived from each model's
// definition before the pass ran. The exporter reads the same counts from
// the exported FX graph (Inputs/manifest.json, "census"); both agree.
//
// DenseNet-121: 120 convs. Pre-activation: each of the 58 dense layers is
//   BN-ReLU-conv1x1-BN-ReLU-conv3x3, so conv1x1 -> BN -> ReLU fuses (58) and
//   with the stem (conv0 -> norm0 -> relu0) makes 59; the 58 conv3x3 feed
//   the dense concatenation and the 3 transition convs an average pool:
//   no BatchNorm after them, no candidates. The BN-ReLU before each conv
//   has a ReLU between it and the conv, so it is no BatchNorm before a
//   conv either.
// ShuffleNetV2: 56 convs, each with a BatchNorm. ReLU after the stem, the
//   last 1x1 conv, and the two 1x1 convs of every branch (37); the 19
//   depthwise convs have BatchNorm and no activation (a 1x1 conv follows).
// GoogLeNet: 57 convs, every one a BasicConv2d (conv + BN eps 1e-3 + ReLU).
// YOLO11n: 88 convs. 81 ultralytics Conv modules (conv + BN + SiLU: 77;
//   C2PSA's convs with act=False: the attention's qkv before a view; its pe
//   and proj and the feed-forward's second conv before adds: 4 conv + BN
//   alone); the Detect head's 6 final 1x1 convs and
//   the DFL's fixed 1x1 conv have nothing after them. Its box decode
//   (DFL over 4 bins, distance to cx cy w h, stride) and sigmoid scores fuse
//   into one decode op, as YOLOv8n's.

// RUN: fusion-opt %S/Inputs/densenet121-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=DENSE
// RUN: fusion-opt %S/Inputs/densenet121-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=DENSE
// RUN: fusion-opt %S/Inputs/shufflenet_v2-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=SHUFFLE
// RUN: fusion-opt %S/Inputs/shufflenet_v2-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=SHUFFLE
// RUN: fusion-opt %S/Inputs/googlenet-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=GOOGLE
// RUN: fusion-opt %S/Inputs/googlenet-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=GOOGLE
// RUN: fusion-opt %S/Inputs/yolo11n-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=YOLO
// RUN: fusion-opt %S/Inputs/yolo11n-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=YOLO
// RUN: fusion-opt %S/Inputs/yolo11n-linalg-b1.mlir --fusion-fuse-detect=report=- -o /dev/null | FileCheck %s --check-prefixes=DECODE,DECODE-LINALG
// RUN: fusion-opt %S/Inputs/yolo11n-tosa-b1.mlir --fusion-fuse-detect=report=- -o /dev/null | FileCheck %s --check-prefixes=DECODE,DECODE-TOSA

// DENSE: "summary": {
// DENSE-NEXT: "by_form": {
// DENSE-NEXT: "batchnorm+relu": 59
// DENSE-NEXT: },
// DENSE-NEXT: "by_reason": {},
// DENSE-NEXT: "candidates": 59,
// DENSE-NEXT: "fused": 59,
// DENSE-NEXT: "refused": 0

// SHUFFLE: "summary": {
// SHUFFLE-NEXT: "by_form": {
// SHUFFLE-NEXT: "batchnorm+none": 19,
// SHUFFLE-NEXT: "batchnorm+relu": 37
// SHUFFLE-NEXT: },
// SHUFFLE-NEXT: "by_reason": {},
// SHUFFLE-NEXT: "candidates": 56,
// SHUFFLE-NEXT: "fused": 56,
// SHUFFLE-NEXT: "refused": 0

// GOOGLE: "summary": {
// GOOGLE-NEXT: "by_form": {
// GOOGLE-NEXT: "batchnorm+relu": 57
// GOOGLE-NEXT: },
// GOOGLE-NEXT: "by_reason": {},
// GOOGLE-NEXT: "candidates": 57,
// GOOGLE-NEXT: "fused": 57,
// GOOGLE-NEXT: "refused": 0

// YOLO: "summary": {
// YOLO-NEXT: "by_form": {
// YOLO-NEXT: "batchnorm+none": 4,
// YOLO-NEXT: "batchnorm+silu": 77
// YOLO-NEXT: },
// YOLO-NEXT: "by_reason": {},
// YOLO-NEXT: "candidates": 81,
// YOLO-NEXT: "fused": 81,
// YOLO-NEXT: "refused": 0

// DECODE: "anchors": 84,
// DECODE-NEXT: "classes": 8,
// DECODE-NEXT: "coding": "ltrb_distance",
// DECODE-NEXT: "detail": "",
// DECODE-NEXT: "format": "cxcywh",
// DECODE-NEXT: "fused": true,
// DECODE-LINALG-NEXT: "heads": "nchw",
// DECODE-TOSA-NEXT: "heads": "nhwc",
// DECODE-NEXT: "levels": 3,
// DECODE-NEXT: "loc": "{{.*}}yolo11n-{{linalg|tosa}}-b1.mlir:{{[0-9]+}}:{{[0-9]+}}",
// DECODE-NEXT: "outputs": "packed_bkn",
// DECODE-NEXT: "reason": "fused",
// DECODE-NEXT: "score": "sigmoid"
// DECODE: "candidates": 1,
// DECODE-NEXT: "fused": 1,
// DECODE-NEXT: "refused": 0

// Census of the corpus utils/corpus/export.py made with the real frontends
// (torch-mlir's FX importer, linalg-on-tensors and TOSA; narrowed widths,
// batch 1): candidates, fused ops by what they compute, and refusals per
// reason, against counts derived from each model's definition before the
// pass ran. The exporter also reads the counts from the exported FX graph
// (Inputs/manifest.json, "census"); both agree with these.
//
// ResNet-18: 20 convs, each with a BatchNorm. Stem and the first conv of the
//   8 BasicBlocks: conv+bn+relu (9). The second conv of each block: bn, then
//   the residual add before the ReLU (8), and the 3 downsample 1x1 convs
//   feed the add (3): residual_add 11, fused as conv+bn.
// ResNet-50: 53 convs. Stem + 16 Bottlenecks x (1x1, 3x3) with ReLU: 33;
//   the 16 last 1x1 convs and 4 downsample convs before the add: 20.
// ResNeXt-50 32x4d: the ResNet-50 structure with grouped 3x3 convs: the
//   same counts in linalg (linalg.conv_2d_ngchw_gfchw) and in TOSA, whose
//   backend splits each grouped conv into one tosa.conv2d per group and a
//   channel concat, read back as one grouped conv.
// RegNetX-400MF: stem + 22 X blocks (depths 1, 2, 7, 12) x (1x1 a, 3x3 b)
//   with ReLU: 45; the 22 1x1 c convs and 4 stage projections before the
//   add: 26.
// MobileNetV2: 52 convs. ReLU6 after the stem, the 16 blocks' expand (the
//   first block has none: 15) and depthwise (17), the last 1x1: 35; the 17
//   projections keep bn only; their residual adds have no activation after
//   them, so nothing is refused.
// MobileNetV3-small: 52 convs. hardswish with bn: stem, 8 blocks x (expand,
//   dw), last conv = 18; ReLU with bn: block 1 dw, blocks 2-3 x (expand, dw)
//   = 5; 11 projections bn only; squeeze-excitation in 9 blocks: fc1
//   conv+bias+relu (9) and fc2 conv+bias+hardsigmoid (9); the gate multiply
//   is not a BatchNorm and is not absorbed.
// EfficientNet-B0: 81 convs. SiLU with bn: stem, block 1 dw, 15 x (expand,
//   dw), head = 33; 16 projections bn only; SE fc1 conv+bias+silu (16), fc2
//   conv+bias+sigmoid (16).
// SSDLite320-MobileNetV3-large: 98 convs. Backbone: hardswish stem, blocks
//   1-6 ReLU (block 1 dw only: 1 + 5 x 2 = 11), blocks 7-15 hardswish
//   (9 x 2 = 18), last 1x1 hardswish (1): 20 hardswish; 15 projections bn
//   only; SE in 8 blocks (relu 8, hardsigmoid 8). 4 extra blocks x 3 convs
//   and 6 feature maps x 2 heads x a depthwise conv: ReLU6 with bn 24. The
//   12 final 1x1 prediction convs have a bias and nothing after them: no
//   candidates.
// YOLOv8n: 64 convs. Every ultralytics Conv module is conv+bn+SiLU: 5
//   backbone downsamples, 4 backbone C2f (cv1, cv2 and 2 per bottleneck:
//   4, 6, 6, 4), SPPF (2), 2 head downsamples, 4 head C2f (4 each), Detect's
//   3 levels x 2 branches x 2 = 57; the 6 final 1x1 Detect convs and the
//   DFL's fixed 1x1 conv have nothing after them: no candidates.

// RUN: fusion-opt %S/Inputs/resnet18-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=RES18
// RUN: fusion-opt %S/Inputs/resnet18-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=RES18
// RUN: fusion-opt %S/Inputs/resnet50-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=RES50
// RUN: fusion-opt %S/Inputs/resnet50-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=RES50
// RUN: fusion-opt %S/Inputs/resnext50_32x4d-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=RESNEXT
// RUN: fusion-opt %S/Inputs/resnext50_32x4d-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=RESNEXT
// RUN: fusion-opt %S/Inputs/regnet_x_400mf-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=REGNET
// RUN: fusion-opt %S/Inputs/regnet_x_400mf-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=REGNET
// RUN: fusion-opt %S/Inputs/mobilenet_v2-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=MV2
// RUN: fusion-opt %S/Inputs/mobilenet_v2-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=MV2
// RUN: fusion-opt %S/Inputs/mobilenet_v3_small-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=MV3
// RUN: fusion-opt %S/Inputs/mobilenet_v3_small-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=MV3
// RUN: fusion-opt %S/Inputs/efficientnet_b0-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=EFF
// RUN: fusion-opt %S/Inputs/efficientnet_b0-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=EFF
// RUN: fusion-opt %S/Inputs/ssdlite-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=SSD
// RUN: fusion-opt %S/Inputs/ssdlite-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=SSD
// RUN: fusion-opt %S/Inputs/yolov8n-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=YOLO
// RUN: fusion-opt %S/Inputs/yolov8n-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=YOLO

// RES18: "summary": {
// RES18-NEXT: "by_form": {
// RES18-NEXT: "batchnorm+none": 11,
// RES18-NEXT: "batchnorm+relu": 9
// RES18-NEXT: },
// RES18-NEXT: "by_reason": {
// RES18-NEXT: "residual_add": 11
// RES18-NEXT: },
// RES18-NEXT: "candidates": 20,
// RES18-NEXT: "fused": 20,
// RES18-NEXT: "refused": 0

// RES50: "summary": {
// RES50-NEXT: "by_form": {
// RES50-NEXT: "batchnorm+none": 20,
// RES50-NEXT: "batchnorm+relu": 33
// RES50-NEXT: },
// RES50-NEXT: "by_reason": {
// RES50-NEXT: "residual_add": 20
// RES50-NEXT: },
// RES50-NEXT: "candidates": 53,
// RES50-NEXT: "fused": 53,
// RES50-NEXT: "refused": 0

// RESNEXT: "summary": {
// RESNEXT-NEXT: "by_form": {
// RESNEXT-NEXT: "batchnorm+none": 20,
// RESNEXT-NEXT: "batchnorm+relu": 33
// RESNEXT-NEXT: },
// RESNEXT-NEXT: "by_reason": {
// RESNEXT-NEXT: "residual_add": 20
// RESNEXT-NEXT: },
// RESNEXT-NEXT: "candidates": 53,
// RESNEXT-NEXT: "fused": 53,
// RESNEXT-NEXT: "refused": 0


// REGNET: "summary": {
// REGNET-NEXT: "by_form": {
// REGNET-NEXT: "batchnorm+none": 26,
// REGNET-NEXT: "batchnorm+relu": 45
// REGNET-NEXT: },
// REGNET-NEXT: "by_reason": {
// REGNET-NEXT: "residual_add": 26
// REGNET-NEXT: },
// REGNET-NEXT: "candidates": 71,
// REGNET-NEXT: "fused": 71,
// REGNET-NEXT: "refused": 0

// MV2: "summary": {
// MV2-NEXT: "by_form": {
// MV2-NEXT: "batchnorm+none": 17,
// MV2-NEXT: "batchnorm+relu6": 35
// MV2-NEXT: },
// MV2-NEXT: "by_reason": {},
// MV2-NEXT: "candidates": 52,
// MV2-NEXT: "fused": 52,
// MV2-NEXT: "refused": 0

// MV3: "summary": {
// MV3-NEXT: "by_form": {
// MV3-NEXT: "batchnorm+hardswish": 18,
// MV3-NEXT: "batchnorm+none": 11,
// MV3-NEXT: "batchnorm+relu": 5,
// MV3-NEXT: "none+hardsigmoid": 9,
// MV3-NEXT: "none+relu": 9
// MV3-NEXT: },
// MV3-NEXT: "by_reason": {},
// MV3-NEXT: "candidates": 52,
// MV3-NEXT: "fused": 52,
// MV3-NEXT: "refused": 0

// EFF: "summary": {
// EFF-NEXT: "by_form": {
// EFF-NEXT: "batchnorm+none": 16,
// EFF-NEXT: "batchnorm+silu": 33,
// EFF-NEXT: "none+sigmoid": 16,
// EFF-NEXT: "none+silu": 16
// EFF-NEXT: },
// EFF-NEXT: "by_reason": {},
// EFF-NEXT: "candidates": 81,
// EFF-NEXT: "fused": 81,
// EFF-NEXT: "refused": 0

// SSD: "summary": {
// SSD-NEXT: "by_form": {
// SSD-NEXT: "batchnorm+hardswish": 20,
// SSD-NEXT: "batchnorm+none": 15,
// SSD-NEXT: "batchnorm+relu": 11,
// SSD-NEXT: "batchnorm+relu6": 24,
// SSD-NEXT: "none+hardsigmoid": 8,
// SSD-NEXT: "none+relu": 8
// SSD-NEXT: },
// SSD-NEXT: "by_reason": {},
// SSD-NEXT: "candidates": 86,
// SSD-NEXT: "fused": 86,
// SSD-NEXT: "refused": 0

// YOLO: "summary": {
// YOLO-NEXT: "by_form": {
// YOLO-NEXT: "batchnorm+silu": 57
// YOLO-NEXT: },
// YOLO-NEXT: "by_reason": {},
// YOLO-NEXT: "candidates": 57,
// YOLO-NEXT: "fused": 57,
// YOLO-NEXT: "refused": 0

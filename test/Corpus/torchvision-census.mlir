// Census of the torchvision models torch-mlir emitted (TorchScript path,
// 1x3x32x32): the counts of candidates, fused chains, activations and
// refusal reasons, written down from the torchvision model definitions
// before running the pass.
//
// ResNet-18: 20 convs. Stem conv+bn+relu (1); 8 BasicBlocks: conv1+bn+relu
// (8 fused with relu), conv2+bn then add then relu (8 residual_add); 3
// downsample 1x1 conv+bn feeding the add (3 residual_add).
// VGG11-bn: 8 conv+bn+relu.
// MobileNetV2: 52 convs. ReLU6 after the stem, the expand and the depthwise
// convs (1 + 1 + 16*2 + last 1 = 35); the 17 linear projections keep bn only;
// the residual adds are not followed by an activation, so nothing is blocked.
// MobileNetV3-small: 52 convs. hardswish: stem + 8 blocks x (expand, dw) +
// last = 18; ReLU with bn: block 1 dw + blocks 2-3 x (expand, dw) = 5;
// projections bn only: 11; squeeze-excitation in 9 blocks: fc1 conv+bias+relu
// (9) and fc2 conv+bias+hardsigmoid (9), whose gate multiply is not a BN.
// EfficientNet-B0: 81 convs. SiLU with bn: stem + block 1 dw + 15 x (expand,
// dw) + head = 33; projections bn only: 16; SE fc1 conv+bias+silu (16), fc2
// conv+bias+sigmoid (16).
//
// REQUIRES: shared-corpus

// RUN: fusion-opt %corpus/resnet18.mlir --fusion-fuse=report=- -o /dev/null > %t.r18
// RUN: FileCheck %s --check-prefix=R18 < %t.r18
// RUN: grep -c '"activation": "relu"' %t.r18 | FileCheck %s --check-prefix=COUNT9
// R18: "by_reason": {
// R18-NEXT: "residual_add": 11
// R18: "candidates": 20,
// R18-NEXT: "fused": 20,
// R18-NEXT: "refused": 0

// RUN: fusion-opt %corpus/vgg11_bn.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=VGG
// VGG: "by_reason": {},
// VGG: "candidates": 8,
// VGG-NEXT: "fused": 8,

// RUN: fusion-opt %corpus/mobilenet_v2.mlir --fusion-fuse=report=- -o /dev/null > %t.mv2
// RUN: FileCheck %s --check-prefix=MV2 < %t.mv2
// RUN: grep -c '"activation": "relu6"' %t.mv2 | FileCheck %s --check-prefix=COUNT35
// RUN: grep -c '"norm": "batchnorm"' %t.mv2 | FileCheck %s --check-prefix=COUNT52
// MV2: "by_reason": {},
// MV2: "candidates": 52,
// MV2-NEXT: "fused": 52,

// RUN: fusion-opt %corpus/mobilenet_v3_small.mlir --fusion-fuse=report=- -o /dev/null > %t.mv3
// RUN: FileCheck %s --check-prefix=MV3 < %t.mv3
// RUN: grep -c '"activation": "hardswish"' %t.mv3 | FileCheck %s --check-prefix=COUNT18
// RUN: grep -c '"activation": "hardsigmoid"' %t.mv3 | FileCheck %s --check-prefix=COUNT9
// RUN: grep -c '"activation": "relu"' %t.mv3 | FileCheck %s --check-prefix=COUNT14
// RUN: grep -c '"norm": "none"' %t.mv3 | FileCheck %s --check-prefix=COUNT18
// MV3: "candidates": 52,
// MV3-NEXT: "fused": 52,

// RUN: fusion-opt %corpus/efficientnet_b0.mlir --fusion-fuse=report=- -o /dev/null > %t.eff
// RUN: FileCheck %s --check-prefix=EFF < %t.eff
// RUN: grep -c '"activation": "silu"' %t.eff | FileCheck %s --check-prefix=COUNT49
// RUN: grep -c '"activation": "sigmoid"' %t.eff | FileCheck %s --check-prefix=COUNT16
// RUN: grep -c '"norm": "batchnorm"' %t.eff | FileCheck %s --check-prefix=COUNT49
// EFF: "candidates": 81,
// EFF-NEXT: "fused": 81,

// COUNT9: {{^}}9{{$}}
// COUNT14: {{^}}14{{$}}
// COUNT16: {{^}}16{{$}}
// COUNT18: {{^}}18{{$}}
// COUNT35: {{^}}35{{$}}
// COUNT49: {{^}}49{{$}}
// COUNT52: {{^}}52{{$}}

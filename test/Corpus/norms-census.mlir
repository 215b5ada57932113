// Networks with no BatchNorm at all, exported by utils/corpus/export.py with
// the real frontends (torch-mlir's FX importer, linalg-on-tensors and TOSA;
// batch 1): their normalizations compute statistics from the tensor, which
// is never folded, and none of them is a BatchNorm in training mode.
//
// ConvNeXt (torchvision's class; small: widths 6, 12, 24, 48 and one block
//   per stage): 8 convs. The stem conv and the 4 depthwise 7x7 convs are
//   followed by a LayerNorm over channels (a permute to channels-last,
//   layer_norm, a permute back): 5 candidates, each computed_statistics.
//   The 3 downsampling convs come after a LayerNorm and feed a block (its
//   depthwise conv and its residual add): no candidates; the LayerNorm's
//   scale and shift before the padded depthwise conv of the first block is
//   no BatchNorm before a padded conv either.
// ResNet-18 with GroupNorm (2 groups) in place of every BatchNorm: 20 convs,
//   each followed by a GroupNorm (torch-mlir reshapes the map to batch x
//   groups x channels-per-group x positions first): 20 computed_statistics.
// The exporter's counts from the FX graph (Inputs/manifest.json, census
// "conv_other_norm") agree: layer_norm 5, group_norm 20.

// RUN: fusion-opt %S/Inputs/convnext-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=CONVNEXT
// RUN: fusion-opt %S/Inputs/convnext-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=CONVNEXT
// RUN: fusion-opt %S/Inputs/resnet18_gn-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=GN
// RUN: fusion-opt %S/Inputs/resnet18_gn-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=GN

// CONVNEXT-NOT: training_mode_bn
// CONVNEXT-NOT: bn_before_conv_padded
// CONVNEXT: "detail": "statistics computed from the conv output over each image's 6 channels at every position (a LayerNorm over channels); only a BatchNorm's running statistics fold"
// CONVNEXT-NEXT: "folded": false,
// CONVNEXT-NEXT: "fused": false,
// CONVNEXT-NEXT: "loc":
// CONVNEXT-NEXT: "norm": "none",
// CONVNEXT-NEXT: "reason": "computed_statistics"
// CONVNEXT: "summary": {
// CONVNEXT-NEXT: "by_form": {},
// CONVNEXT-NEXT: "by_reason": {
// CONVNEXT-NEXT: "computed_statistics": 5
// CONVNEXT-NEXT: },
// CONVNEXT-NEXT: "candidates": 5,
// CONVNEXT-NEXT: "fused": 0,
// CONVNEXT-NEXT: "refused": 5

// GN-NOT: training_mode_bn
// GN: "detail": "statistics computed from the conv output over each image's 2 groups of 2 channels (a GroupNorm); only a BatchNorm's running statistics fold"
// GN: "summary": {
// GN-NEXT: "by_form": {},
// GN-NEXT: "by_reason": {
// GN-NEXT: "computed_statistics": 20
// GN-NEXT: },
// GN-NEXT: "candidates": 20,
// GN-NEXT: "fused": 0,
// GN-NEXT: "refused": 20

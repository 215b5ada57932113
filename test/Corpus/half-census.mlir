// Census of the half-precision members of the corpus (utils/corpus/export.py:
// the f32 model with random BatchNorm statistics, then model.half() or
// model.to(torch.bfloat16), exported by torch-mlir's FX importer; narrowed
// widths, batch 1). The counts are the f32 models' (exported-census.mlir):
// the precision changes nothing about which chains fuse.
//
// How the frontends write a half conv: linalg convolves f16 (bf16) input and
// filter into an f32 accumulator and rounds it back with an arith.truncf
// generic; the BatchNorm upcasts with arith.extf, computes in f32 and
// truncates; the activation runs in the half type. TOSA writes one
// tosa.conv2d with acc_type = f32 and a half result, and tosa.cast around
// the BatchNorm. Both fuse into half-in, half-out fused ops (f32
// accumulation and epilogue inside).
//
// ResNet-18 (f16): 20 convs; 9 conv+bn+relu, 11 before a residual add.
// MobileNetV3-small (bf16): 52 convs; 18 bn+hardswish, 5 bn+relu, 11 bn
//   only, squeeze-excitation fc1 conv+bias+relu (9) and fc2
//   conv+bias+hardsigmoid (9).

// RUN: fusion-opt %S/Inputs/resnet18_f16-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=RES18
// RUN: fusion-opt %S/Inputs/resnet18_f16-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=RES18
// RUN: fusion-opt %S/Inputs/mobilenet_v3_small_bf16-linalg-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=MV3
// RUN: fusion-opt %S/Inputs/mobilenet_v3_small_bf16-tosa-b1.mlir --fusion-fuse=report=- -o /dev/null | FileCheck %s --check-prefix=MV3
//
// Every fused op is half in and half out, and no conv is left.
// RUN: fusion-opt %S/Inputs/resnet18_f16-linalg-b1.mlir --fusion-fuse | FileCheck %s --check-prefix=F16IR --implicit-check-not=linalg.conv
// RUN: fusion-opt %S/Inputs/mobilenet_v3_small_bf16-linalg-b1.mlir --fusion-fuse | FileCheck %s --check-prefix=BF16IR --implicit-check-not=linalg.conv --implicit-check-not=linalg.depthwise

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

// F16IR-COUNT-20: fusion.conv_bn_act {{.*}} : tensor<{{[0-9x]+}}xf16>, tensor<{{[0-9x]+}}xf16> -> tensor<{{[0-9x]+}}xf16>
// BF16IR-COUNT-52: fusion.conv_{{bn|bias}}_act {{.*}} : tensor<{{[0-9x]+}}xbf16>, tensor<{{[0-9x]+}}xbf16> -> tensor<{{[0-9x]+}}xbf16>

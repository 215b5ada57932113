// computed_statistics: normalizations whose statistics are computed from the
// tensor itself over something other than the batch (LayerNorm, GroupNorm,
// InstanceNorm) are never folded, and are not reported as a training-mode
// BatchNorm. The same forms in whole exported networks:
// test/Corpus/norms-census.mlir.
// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics | FileCheck %s

// torch-mlir's LayerNorm over channels after a conv (ConvNeXt): a permute to
// channels-last, the mean over the last axis, x - mean.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#last = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
// CHECK-LABEL: func.func @layer_norm_over_channels
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.
func.func @layer_norm_over_channels(%x: tensor<1x2x4x4xf32>) -> tensor<1x4x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [computed_statistics]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': statistics computed from the conv output over each image's 3 channels at every position (a LayerNorm over channels); only a BatchNorm's running statistics fold}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %et = tensor.empty() : tensor<1x4x4x3xf32>
  %t = linalg.transpose ins(%c : tensor<1x3x4x4xf32>) outs(%et : tensor<1x4x4x3xf32>) permutation = [0, 2, 3, 1]
  %e1 = tensor.empty() : tensor<1x4x4x1xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #last], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%t : tensor<1x4x4x3xf32>) outs(%f1 : tensor<1x4x4x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x4x1xf32>
  %centered = linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t, %sum : tensor<1x4x4x3xf32>, tensor<1x4x4x1xf32>) outs(%et : tensor<1x4x4x3xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %m = arith.divf %s, %three : f32
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x4x3xf32>
  return %centered : tensor<1x4x4x3xf32>
}

// -----

// An InstanceNorm in linalg: each channel's positions of each image, the
// batch seen to be kept (its loop is parallel).

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#nc = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
// CHECK-LABEL: func.func @instance_norm
// CHECK-NOT: fusion.
func.func @instance_norm(%x: tensor<2x2x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 16.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %e = tensor.empty() : tensor<2x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  // expected-remark @below {{not fused [computed_statistics]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': statistics computed from the conv output over the 16 positions of each channel of each image (an InstanceNorm); only a BatchNorm's running statistics fold}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<2x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %e1 = tensor.empty() : tensor<2x3x1x1xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
  %sum = linalg.generic {indexing_maps = [#id, #nc], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%c : tensor<2x3x4x4xf32>) outs(%f1 : tensor<2x3x1x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x1x1xf32>
  %centered = linalg.generic {indexing_maps = [#id, #nc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %sum : tensor<2x3x4x4xf32>, tensor<2x3x1x1xf32>) outs(%e : tensor<2x3x4x4xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %m = arith.divf %s, %n : f32
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x4x4xf32>
  return %centered : tensor<2x3x4x4xf32>
}

// -----

// A GroupNorm in TOSA, as torch-mlir writes it: the map reshaped to
// (batch, groups, channels per group, positions), one axis reduced at a
// time.

// CHECK-LABEL: func.func @group_norm_tosa
// CHECK-NOT: fusion.
func.func @group_norm_tosa(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x16xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<4x1x1x2xf32>}> : () -> tensor<4x1x1x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %inv = "tosa.const"() <{values = dense<0.03125> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  // expected-remark @below {{not fused [computed_statistics]: tosa.conv2d; stopped at 'tosa.reduce_sum': statistics computed from the conv output over each image's 2 groups of 2 channels (a GroupNorm); only a BatchNorm's running statistics fold}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<4x1x1x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
  %nchw = tosa.transpose %c {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %gshape = tosa.const_shape {values = dense<[1, 2, 2, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %g = tosa.reshape %nchw, %gshape : (tensor<1x4x4x4xf32>, !tosa.shape<4>) -> tensor<1x2x2x16xf32>
  %s2 = tosa.reduce_sum %g {axis = 2 : i32} : (tensor<1x2x2x16xf32>) -> tensor<1x2x1x16xf32>
  %s3 = tosa.reduce_sum %s2 {axis = 3 : i32} : (tensor<1x2x1x16xf32>) -> tensor<1x2x1x1xf32>
  %mean = tosa.mul %s3, %inv, %shift : (tensor<1x2x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x2x1x1xf32>
  %centered = tosa.sub %g, %mean : (tensor<1x2x2x16xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x2x16xf32>
  return %centered : tensor<1x2x2x16xf32>
}

// -----

// One image in TOSA, each channel's positions reduced: a training-mode
// BatchNorm and an InstanceNorm reduce the same values, and the batch axis
// cannot be seen; the batch-statistics rule decides, as before.

// CHECK-LABEL: func.func @one_image_positions_tosa
// CHECK-NOT: fusion.
func.func @one_image_positions_tosa(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  %w = "tosa.const"() <{values = dense<0.1> : tensor<3x1x1x2xf32>}> : () -> tensor<3x1x1x2xf32>
  %b = "tosa.const"() <{values = dense<0.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %inv = "tosa.const"() <{values = dense<0.0625> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  // expected-remark @below {{not fused [training_mode_bn]: tosa.conv2d}}
  %c = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
  %s1 = tosa.reduce_sum %c {axis = 1 : i32} : (tensor<1x4x4x3xf32>) -> tensor<1x1x4x3xf32>
  %s2 = tosa.reduce_sum %s1 {axis = 2 : i32} : (tensor<1x1x4x3xf32>) -> tensor<1x1x1x3xf32>
  %mean = tosa.mul %s2, %inv, %shift : (tensor<1x1x1x3xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x1x1x3xf32>
  %centered = tosa.sub %c, %mean : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  return %centered : tensor<1x4x4x3xf32>
}

// -----

// A LayerNorm's own scale and shift right before a zero-padded conv (the
// first block of ConvNeXt) is no BatchNorm before a padded conv: no
// bn_before_conv_padded remark (-verify-diagnostics fails on any remark).

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#px = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @layer_norm_affine_before_padded_conv
// CHECK: linalg.conv_2d_nchw_fchw
func.func @layer_norm_affine_before_padded_conv(%x: tensor<1x3x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3.0 : f32
  %gamma = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %beta = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %w = arith.constant dense<0.1> : tensor<2x3x3x3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %e1 = tensor.empty() : tensor<1x1x4x4xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #px], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%x : tensor<1x3x4x4xf32>) outs(%f1 : tensor<1x1x4x4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<1x1x4x4xf32>
  %centered = linalg.generic {indexing_maps = [#id, #px, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %sum : tensor<1x3x4x4xf32>, tensor<1x1x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %m = arith.divf %s, %three : f32
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  %affine = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%centered, %gamma, %beta : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %out: f32):
    %1 = arith.mulf %in, %g : f32
    %2 = arith.addf %1, %b : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  %pad = tensor.pad %affine low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x3x4x4xf32> to tensor<1x3x6x6xf32>
  %eo = tensor.empty() : tensor<1x2x4x4xf32>
  %fo = linalg.fill ins(%zero : f32) outs(%eo : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%pad, %w : tensor<1x3x6x6xf32>, tensor<2x3x3x3xf32>) outs(%fo : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %c : tensor<1x2x4x4xf32>
}

// RUN: fusion-opt %s --split-input-file --fusion-fuse=explain -verify-diagnostics | FileCheck %s

// Every chain the pass must not fuse (or must fuse only in part), one case
// per refusal reason. The remark at the conv (or, for bn_before_conv_padded,
// at the BatchNorm) names the stable reason id; the CHECK lines show what
// was rewritten and what was left alone.

// residual_add: a ResNet basic block with an identity skip. The second
// BatchNorm is followed by `+ x` before the ReLU, so the ReLU cannot move
// into the second conv; conv+bn is still fused, the add and ReLU stay.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @residual_basic_block
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x4x4xf32>)
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F1:.*]] = fusion.conv_bn_act %[[X]], {{.*}} padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F2:.*]] = fusion.conv_bn_act %[[F1]], {{.*}} padding([1, 1, 1, 1]) groups(1) act <none>
// CHECK-NOT: fusion.
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[ADD:.*]] = linalg.generic {{.*}} ins(%[[F2]], %[[X]] :
// CHECK: arith.addf
// CHECK: %[[OUT:.*]] = linalg.generic {{.*}} ins(%[[ADD]] :
// CHECK: arith.cmpf ugt
// CHECK: arith.select
// CHECK-NOT: fusion.
// CHECK: return %[[OUT]]
func.func @residual_basic_block(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w1 = arith.constant dense<0.1> : tensor<3x3x3x3xf32>
  %w2 = arith.constant dense<0.2> : tensor<3x3x3x3xf32>
  %s1 = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b1 = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %s2 = arith.constant dense<[0.5, 2.0, 1.25]> : tensor<3xf32>
  %b2 = arith.constant dense<[-0.1, 0.2, 0.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %p1 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x3x4x4xf32> to tensor<1x3x6x6xf32>
  // expected-remark @below {{fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu}}
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p1, %w1 : tensor<1x3x6x6xf32>, tensor<3x3x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn1 = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1, %s1, %b1 : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %s: f32, %b: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    %1 = arith.addf %0, %b : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn1 : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %p2 = tensor.pad %r1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x3x4x4xf32> to tensor<1x3x6x6xf32>
  // expected-remark @below {{fused in part [residual_add]: linalg.conv_2d_nchw_fchw + batchnorm; stopped at 'linalg.generic': adding another live tensor (a skip connection) between the normalization and the activation}}
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p2, %w2 : tensor<1x3x6x6xf32>, tensor<3x3x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn2 = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c2, %s2, %b2 : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %s: f32, %b: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    %1 = arith.addf %0, %b : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn2, %x : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r2 : tensor<1x3x4x4xf32>
}

// -----

// residual_add: the same block with a downsample branch (1x1 stride-2 conv +
// BatchNorm on the block input) feeding the add. Each of the three convs is
// fused; neither BatchNorm before the add may take the final ReLU.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @residual_downsample_block
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F1:.*]] = fusion.conv_bn_act %[[X]], {{.*}} strides([2, 2]) {{.*}} padding([1, 1, 1, 1]) groups(1) act <relu>
// CHECK: %[[F2:.*]] = fusion.conv_bn_act %[[F1]], {{.*}} strides([1, 1]) {{.*}} padding([1, 1, 1, 1]) groups(1) act <none>
// CHECK: %[[DS:.*]] = fusion.conv_bn_act %[[X]], {{.*}} strides([2, 2]) {{.*}} padding([0, 0, 0, 0]) groups(1) act <none>
// CHECK-NOT: fusion.
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[ADD:.*]] = linalg.generic {{.*}} ins(%[[F2]], %[[DS]] :
// CHECK: arith.addf
// CHECK: %[[OUT:.*]] = linalg.generic {{.*}} ins(%[[ADD]] :
// CHECK: arith.cmpf ugt
// CHECK-NOT: fusion.
// CHECK: return %[[OUT]]
func.func @residual_downsample_block(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %w1 = arith.constant dense<0.1> : tensor<3x2x3x3xf32>
  %w2 = arith.constant dense<0.2> : tensor<3x3x3x3xf32>
  %wd = arith.constant dense<[[[[0.5]], [[-0.5]]], [[[0.25]], [[0.75]]], [[[1.0]], [[-1.0]]]]> : tensor<3x2x1x1xf32>
  %s1 = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b1 = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %s2 = arith.constant dense<[0.5, 2.0, 1.25]> : tensor<3xf32>
  %b2 = arith.constant dense<[-0.1, 0.2, 0.0]> : tensor<3xf32>
  %sd = arith.constant dense<[0.75, -1.5, 3.0]> : tensor<3xf32>
  %bd = arith.constant dense<[0.05, 0.0, -0.4]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %p1 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  // expected-remark @below {{fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu}}
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p1, %w1 : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %bn1 = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1, %s1, %b1 : tensor<1x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x2x2xf32>) {
  ^bb0(%in: f32, %s: f32, %b: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    %1 = arith.addf %0, %b : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x2x2xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn1 : tensor<1x3x2x2xf32>) outs(%e : tensor<1x3x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x2x2xf32>
  %p2 = tensor.pad %r1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x3x2x2xf32> to tensor<1x3x4x4xf32>
  // expected-remark @below {{fused in part [residual_add]: linalg.conv_2d_nchw_fchw + batchnorm; stopped at 'linalg.generic': adding another live tensor (a skip connection) between the normalization and the activation}}
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p2, %w2 : tensor<1x3x4x4xf32>, tensor<3x3x3x3xf32>) outs(%f : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %bn2 = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c2, %s2, %b2 : tensor<1x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x2x2xf32>) {
  ^bb0(%in: f32, %s: f32, %b: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    %1 = arith.addf %0, %b : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x2x2xf32>
  // expected-remark @below {{fused in part [residual_add]: linalg.conv_2d_nchw_fchw + batchnorm; stopped at 'linalg.generic': adding another live tensor (a skip connection) between the normalization and the activation}}
  %cd = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %wd : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %bnd = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cd, %sd, %bd : tensor<1x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x2x2xf32>) {
  ^bb0(%in: f32, %s: f32, %b: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    %1 = arith.addf %0, %b : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x2x2xf32>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn2, %bnd : tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>) outs(%e : tensor<1x3x2x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x2x2xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%add : tensor<1x3x2x2xf32>) outs(%e : tensor<1x3x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x2x2xf32>
  return %r2 : tensor<1x3x2x2xf32>
}

// -----

// multi_use: the raw conv output is also returned, so the conv must stay
// as it is (fusing would hand the second user normalized values).

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @multi_use_conv_returned
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: %[[BN:.*]] = linalg.generic {{.*}} ins(%[[C]],
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[BN]] :
// CHECK-NOT: fusion.
// CHECK: return %[[R]], %[[C]]
func.func @multi_use_conv_returned(%x: tensor<1x2x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [multi_use]: linalg.conv_2d_nchw_fchw; stopped at 'func.return': an intermediate has a second user outside the chain}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r, %c : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>
}

// -----

// multi_use: the conv output is read by the BatchNorm and by a second
// elementwise op (a feature tap); neither may see the other's rewrite.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @multi_use_conv_two_readers
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK-DAG: linalg.generic {{.*}} ins(%[[C]], %{{.*}}, %{{.*}} :
// CHECK-DAG: linalg.generic {{.*}} ins(%[[C]] :
// CHECK-NOT: fusion.
// CHECK: return
func.func @multi_use_conv_two_readers(%x: tensor<1x2x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [multi_use]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': an intermediate has a second user outside the chain}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    %2 = arith.maximumf %1, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  %tap = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn, %tap : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>
}

// -----

// multi_use: the BatchNorm output has a second user before the ReLU. conv+bn
// is fused (the second user reads the fused value, which is the same
// tensor), but the ReLU must stay outside.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @multi_use_bn_output
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F:.*]] = fusion.conv_bn_act {{.*}} act <none>
// CHECK-NOT: fusion.
// CHECK-NOT: linalg.conv_2d
// CHECK-DAG: %[[R:.*]] = linalg.generic {{.*}} ins(%[[F]] : {{.*}} {
// CHECK-DAG: %[[T:.*]] = linalg.generic {{.*}} ins(%[[F]] : {{.*}} {
// CHECK-NOT: fusion.
// CHECK: return
func.func @multi_use_bn_output(%x: tensor<1x2x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{fused in part [multi_use]: linalg.conv_2d_nchw_fchw + batchnorm; stopped at 'linalg.generic': an intermediate has a second user outside the chain}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %tap = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  return %r, %tap : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>
}

// -----

// training_mode_bn: BatchNorm in training mode, as torch-mlir decomposes it:
// mean and variance are reductions over the conv output, so the scale and
// shift change with every batch and cannot be folded.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @training_mode_bn
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "reduction", "reduction"]{{.*}} ins(%[[C]] :
// CHECK-NOT: fusion.
// CHECK: return
func.func @training_mode_bn(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 16.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %e3 = tensor.empty() : tensor<3xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  // expected-remark @below {{not fused [training_mode_bn]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': }}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #ch], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%c : tensor<1x3x4x4xf32>) outs(%f3 : tensor<3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  %mean = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum : tensor<3xf32>) outs(%e3 : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %n : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  %sq = linalg.generic {indexing_maps = [#id, #ch, #ch], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%c, %mean : tensor<1x3x4x4xf32>, tensor<3xf32>) outs(%f3 : tensor<3xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %0 = arith.subf %in, %m : f32
    %1 = arith.mulf %0, %0 : f32
    %2 = arith.addf %1, %acc : f32
    linalg.yield %2 : f32
  } -> tensor<3xf32>
  %var = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sq : tensor<3xf32>) outs(%e3 : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %n : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %mean, %var : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %1 = arith.addf %vv, %eps : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// training_mode_bn: only the mean is taken from the batch (x - mean(x),
// then a per-channel scale and ReLU). The shift still changes with every
// batch, so this is batch statistics, not a second user of an intermediate.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @training_mode_mean_only
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.
// CHECK: return
func.func @training_mode_mean_only(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 16.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %e3 = tensor.empty() : tensor<3xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  // expected-remark @below {{not fused [training_mode_bn]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': }}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #ch], iterator_types = ["reduction", "parallel", "reduction", "reduction"]} ins(%c : tensor<1x3x4x4xf32>) outs(%f3 : tensor<3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %sum, %g : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %gg: f32, %out: f32):
    %0 = arith.divf %ss, %n : f32
    %1 = arith.subf %in, %0 : f32
    %2 = arith.mulf %1, %gg : f32
    %3 = arith.maximumf %2, %zero : f32
    linalg.yield %3 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn : tensor<1x3x4x4xf32>
}

// -----

// channel_axis_mismatch: the "per-channel" vector is broadcast along W
// (map (d3)), not along the conv's output channel (d1 in NCHW); it is not a
// BatchNorm of this conv and cannot be folded into its filter.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#wd = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @channel_axis_mismatch
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: linalg.generic {{.*}} ins(%[[C]], %{{.*}}, %{{.*}} :
// CHECK-NOT: fusion.
// CHECK: return
func.func @channel_axis_mismatch(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3, 0.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [channel_axis_mismatch]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': a parameter varies along a dimension that is not the conv's output channel}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #wd, #wd, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    %2 = arith.maximumf %1, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn : tensor<1x3x4x4xf32>
}

// -----

// sign_unknown_across_activation: conv -> ReLU -> BatchNorm. A per-channel
// (here partly negative) scale after the ReLU does not commute with it, so
// only conv + ReLU is fused and the BatchNorm stays after it.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @sign_unknown_across_activation
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F:.*]] = fusion.conv_bias_act {{.*}} act <relu>
// CHECK-NOT: fusion.
// CHECK: %[[BN:.*]] = linalg.generic {{.*}} ins(%[[F]], %{{.*}}, %{{.*}} :
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: fusion.
// CHECK: return %[[BN]]
func.func @sign_unknown_across_activation(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{fused in part [sign_unknown_across_activation]: linalg.conv_2d_nchw_fchw + relu; stopped at 'linalg.generic': a per-channel scale or shift after the activation cannot move across it}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn : tensor<1x3x4x4xf32>
}

// -----

// not_batchnorm: conv -> BatchNorm -> multiply by a squeeze-excitation gate
// ([N, C, 1, 1], computed from a feature map, read with (d0, d1, 0, 0)) ->
// ReLU. The gate changes per image, so it is not a BatchNorm: conv + bn is
// fused, the gate multiply and the ReLU stay.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
#nc = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#gate = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
// CHECK-LABEL: func.func @not_batchnorm_se_gate
// CHECK-SAME: (%{{.*}}: tensor<1x2x4x4xf32>, %[[FEAT:.*]]: tensor<1x3x4x4xf32>)
// CHECK: %[[POOL:.*]] = linalg.generic {{.*}} ins(%[[FEAT]] :
// CHECK: %[[GATE:.*]] = linalg.generic {{.*}} ins(%[[POOL]] :
// CHECK: math.exp
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F:.*]] = fusion.conv_bn_act {{.*}} act <none>
// CHECK-NOT: fusion.
// CHECK: %[[MUL:.*]] = linalg.generic {{.*}} ins(%[[F]], %[[GATE]] :
// CHECK: arith.mulf
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[MUL]] :
// CHECK-NOT: fusion.
// CHECK: return %[[R]]
func.func @not_batchnorm_se_gate(%x: tensor<1x2x4x4xf32>, %feat: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %enc = tensor.empty() : tensor<1x3xf32>
  %fnc = linalg.fill ins(%zero : f32) outs(%enc : tensor<1x3xf32>) -> tensor<1x3xf32>
  %pool = linalg.generic {indexing_maps = [#id, #nc], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%feat : tensor<1x3x4x4xf32>) outs(%fnc : tensor<1x3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<1x3xf32>
  %eg = tensor.empty() : tensor<1x3x1x1xf32>
  %gate = linalg.generic {indexing_maps = [#nc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%pool : tensor<1x3xf32>) outs(%eg : tensor<1x3x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %1, %one : f32
    %3 = arith.divf %one, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<1x3x1x1xf32>
  // expected-remark @below {{fused in part [not_batchnorm]: linalg.conv_2d_nchw_fchw + batchnorm; stopped at 'linalg.generic': multiplying by a tensor computed from the feature maps (e.g. a squeeze-excitation gate) is not a BatchNorm}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %mul = linalg.generic {indexing_maps = [#id, #gate, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn, %gate : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %0 = arith.mulf %in, %g : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mul : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// not_batchnorm: the same gate with batch 2: it varies with the image
// (d0), which no per-channel fold can express.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#nc = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#gate = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
// CHECK-LABEL: func.func @not_batchnorm_se_gate_batch2
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: linalg.generic {{.*}} ins(%[[C]], %{{.*}} :
// CHECK-NOT: fusion.
// CHECK: return
func.func @not_batchnorm_se_gate_batch2(%x: tensor<2x2x4x4xf32>, %feat: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %e = tensor.empty() : tensor<2x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %enc = tensor.empty() : tensor<2x3xf32>
  %fnc = linalg.fill ins(%zero : f32) outs(%enc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %pool = linalg.generic {indexing_maps = [#id, #nc], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%feat : tensor<2x3x4x4xf32>) outs(%fnc : tensor<2x3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<2x3xf32>
  %eg = tensor.empty() : tensor<2x3x1x1xf32>
  %gate = linalg.generic {indexing_maps = [#nc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%pool : tensor<2x3xf32>) outs(%eg : tensor<2x3x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x1x1xf32>
  // expected-remark @below {{not fused [not_batchnorm]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': multiplying by a tensor computed per image (e.g. a squeeze-excitation gate) is not a BatchNorm}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<2x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %mul = linalg.generic {indexing_maps = [#id, #gate, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %gate : tensor<2x3x4x4xf32>, tensor<2x3x1x1xf32>) outs(%e : tensor<2x3x4x4xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %0 = arith.mulf %in, %g : f32
    %1 = arith.maximumf %0, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<2x3x4x4xf32>
  return %mul : tensor<2x3x4x4xf32>
}

// -----

// not_batchnorm: squeeze-excitation on the BatchNorm output itself, as in an
// SE-ResNet block: conv -> bn -> x * sigmoid(avgpool_hw(x)) -> ReLU. The pool
// reduces each image's own map over H and W (d0 stays parallel): these are
// not batch statistics, and the model is already in eval mode. conv + bn is
// fused; the gate multiply stops the chain, and the ReLU stays outside.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
#nc = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#gate = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
// CHECK-LABEL: func.func @not_batchnorm_se_on_bn_output
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F:.*]] = fusion.conv_bn_act {{.*}} act <none>
// CHECK-NOT: fusion.
// CHECK: %[[POOL:.*]] = linalg.generic {{.*}} ins(%[[F]] :
// CHECK: %[[GATE:.*]] = linalg.generic {{.*}} ins(%[[POOL]] :
// CHECK: %[[MUL:.*]] = linalg.generic {{.*}} ins(%[[F]], %[[GATE]] :
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[MUL]] :
// CHECK-NOT: fusion.
// CHECK: return %[[R]]
func.func @not_batchnorm_se_on_bn_output(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %enc = tensor.empty() : tensor<1x3xf32>
  %fnc = linalg.fill ins(%zero : f32) outs(%enc : tensor<1x3xf32>) -> tensor<1x3xf32>
  %eg = tensor.empty() : tensor<1x3x1x1xf32>
  // expected-remark @below {{fused in part [not_batchnorm]: linalg.conv_2d_nchw_fchw + batchnorm; stopped at 'linalg.generic': }}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %pool = linalg.generic {indexing_maps = [#id, #nc], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%fnc : tensor<1x3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<1x3xf32>
  %gate = linalg.generic {indexing_maps = [#nc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%pool : tensor<1x3xf32>) outs(%eg : tensor<1x3x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    %1 = math.exp %0 : f32
    %2 = arith.addf %1, %one : f32
    %3 = arith.divf %one, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<1x3x1x1xf32>
  %mul = linalg.generic {indexing_maps = [#id, #gate, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn, %gate : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %g: f32, %out: f32):
    %0 = arith.mulf %in, %g : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%mul : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// unsupported_dtype: an f64 conv; the fused ops take f32, f16 or bf16.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @unsupported_dtype_f64
// CHECK-NOT: fusion.
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x3x4x4xf64>
// CHECK-NOT: fusion.
// CHECK: return
func.func @unsupported_dtype_f64(%x: tensor<1x2x4x4xf64>) -> tensor<1x3x4x4xf64> {
  %zero = arith.constant 0.0 : f64
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf64>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf64>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf64>
  %e = tensor.empty() : tensor<1x3x4x4xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<1x3x4x4xf64>) -> tensor<1x3x4x4xf64>
  // expected-remark @below {{not fused [unsupported_dtype]: linalg.conv_2d_nchw_fchw: conv on f64 x f64 -> f64; fused ops take f32, f16 or bf16 throughout}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf64>, tensor<3x2x1x1xf64>) outs(%f : tensor<1x3x4x4xf64>) -> tensor<1x3x4x4xf64>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf64>, tensor<3xf64>, tensor<3xf64>) outs(%e : tensor<1x3x4x4xf64>) {
  ^bb0(%in: f64, %ss: f64, %bb: f64, %out: f64):
    %0 = arith.mulf %in, %ss : f64
    %1 = arith.addf %0, %bb : f64
    %2 = arith.maximumf %1, %zero : f64
    linalg.yield %2 : f64
  } -> tensor<1x3x4x4xf64>
  return %bn : tensor<1x3x4x4xf64>
}

// -----

// unsupported_dtype: an integer conv (i8 x i8 accumulated in i32) followed
// by a ReLU-like max with 0; integer arithmetic is never folded.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @unsupported_dtype_i8
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x3x4x4xi32>
// CHECK: linalg.generic {{.*}} ins(%[[C]] :
// CHECK: arith.maxsi
// CHECK-NOT: fusion.
// CHECK: return
func.func @unsupported_dtype_i8(%x: tensor<1x2x4x4xi8>, %w: tensor<3x2x1x1xi8>) -> tensor<1x3x4x4xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x3x4x4xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<1x3x4x4xi32>) -> tensor<1x3x4x4xi32>
  // expected-remark @below {{not fused [unsupported_dtype]: linalg.conv_2d_nchw_fchw: conv on i8 x i8 -> i32; fused ops take f32, f16 or bf16 throughout}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xi8>, tensor<3x2x1x1xi8>) outs(%f : tensor<1x3x4x4xi32>) -> tensor<1x3x4x4xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xi32>) outs(%e : tensor<1x3x4x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %0 = arith.maxsi %in, %zero : i32
    linalg.yield %0 : i32
  } -> tensor<1x3x4x4xi32>
  return %r : tensor<1x3x4x4xi32>
}

// -----

// unsupported_dtype: an f16 conv accumulating into f32 whose result stays f32
// (its BatchNorm and ReLU run on the f32 accumulator, nothing rounds it back
// to f16): no fused op is f16 in and f32 out. The remark says which form is
// taken.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @unsupported_dtype_f16_into_f32
// CHECK-NOT: fusion.
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x3x4x4xf32>
// CHECK-NOT: fusion.
// CHECK: return
func.func @unsupported_dtype_f16_into_f32(%x: tensor<1x2x4x4xf16>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf16>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [unsupported_dtype]: linalg.conv_2d_nchw_fchw: conv on f16 x f16 -> f32; fused ops take f32, f16 or bf16 throughout (an f32 accumulation is taken when its only user rounds it back to f16 with an arith.truncf generic)}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf16>, tensor<3x2x1x1xf16>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    %2 = arith.maximumf %1, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn : tensor<1x3x4x4xf32>
}

// -----

// unsupported_dtype: the f32 accumulation of an f16 conv is rounded to bf16,
// not to the conv's f16: the rounding is not the conv's own.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @unsupported_dtype_f16_rounded_to_bf16
// CHECK-NOT: fusion.
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x3x4x4xf32>
// CHECK: arith.truncf {{.*}} : f32 to bf16
// CHECK-NOT: fusion.
// CHECK: return
func.func @unsupported_dtype_f16_rounded_to_bf16(%x: tensor<1x2x4x4xf16>) -> tensor<1x3x4x4xbf16> {
  %zero = arith.constant 0.0 : f32
  %zb = arith.constant 0.0 : bf16
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf16>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [unsupported_dtype]: linalg.conv_2d_nchw_fchw: conv on f16 x f16 -> f32; fused ops take f32, f16 or bf16 throughout (an f32 accumulation is taken when its only user rounds it back to f16 with an arith.truncf generic)}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf16>, tensor<3x2x1x1xf16>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %eb = tensor.empty() : tensor<1x3x4x4xbf16>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%eb : tensor<1x3x4x4xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %0 = arith.truncf %in : f32 to bf16
    linalg.yield %0 : bf16
  } -> tensor<1x3x4x4xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%t : tensor<1x3x4x4xbf16>) outs(%eb : tensor<1x3x4x4xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %0 = arith.maximumf %in, %zb : bf16
    linalg.yield %0 : bf16
  } -> tensor<1x3x4x4xbf16>
  return %r : tensor<1x3x4x4xbf16>
}

// -----

// dynamic_channel_dim: the conv's output channel count is dynamic
// (tensor<1x?x4x4xf32>), so no per-channel parameters can be built.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @dynamic_output_channels
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x?x4x4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[C]] :
// CHECK-NOT: fusion.
// CHECK: return
func.func @dynamic_output_channels(%x: tensor<1x2x4x4xf32>, %w: tensor<?x2x1x1xf32>) -> tensor<1x?x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %w, %c0 : tensor<?x2x1x1xf32>
  %e = tensor.empty(%n) : tensor<1x?x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x?x4x4xf32>) -> tensor<1x?x4x4xf32>
  // expected-remark @below {{not fused [dynamic_channel_dim]: linalg.conv_2d_nchw_fchw: the output channel dimension is not static}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<?x2x1x1xf32>) outs(%f : tensor<1x?x4x4xf32>) -> tensor<1x?x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x?x4x4xf32>) outs(%e : tensor<1x?x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x?x4x4xf32>
  return %r : tensor<1x?x4x4xf32>
}

// -----

// dynamic_channel_dim: a depthwise conv with static output channels but a
// dynamic input channel count: the group count of the fused op is unknown.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @dynamic_depthwise_input_channels
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.depthwise_conv_2d_nchw_chw
// CHECK: linalg.generic {{.*}} ins(%[[C]] :
// CHECK-NOT: fusion.
// CHECK: return
func.func @dynamic_depthwise_input_channels(%x: tensor<1x?x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.5> : tensor<3x1x1xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [dynamic_channel_dim]: linalg.depthwise_conv_2d_nchw_chw: the input channel dimension is not static}}
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x?x4x4xf32>, tensor<3x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// control_flow_boundary: the BatchNorm runs only in one branch of an scf.if;
// the fused op would apply it on both paths.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @control_flow_boundary
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: scf.if
// CHECK: linalg.generic {{.*}} ins(%[[C]], %{{.*}}, %{{.*}} :
// CHECK-NOT: fusion.
// CHECK: return
func.func @control_flow_boundary(%x: tensor<1x2x4x4xf32>, %p: i1) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %zt = arith.constant dense<0.0> : tensor<1x3x4x4xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [control_flow_boundary]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': the chain value is used inside another region or block}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = scf.if %p -> (tensor<1x3x4x4xf32>) {
    %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
    ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
      %0 = arith.mulf %in, %ss : f32
      %1 = arith.addf %0, %bb : f32
      %2 = arith.maximumf %1, %zero : f32
      linalg.yield %2 : f32
    } -> tensor<1x3x4x4xf32>
    scf.yield %bn : tensor<1x3x4x4xf32>
  } else {
    scf.yield %zt : tensor<1x3x4x4xf32>
  }
  return %r : tensor<1x3x4x4xf32>
}

// -----

// unrecognized_pattern: the conv accumulates into another live tensor (its
// `outs` is a function argument, not a bias), so its output is conv + that
// tensor and no fused op can express it.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @unrecognized_accumulator
// CHECK-SAME: %[[ACC:[^:]*]]: tensor<1x3x4x4xf32>)
// CHECK-NOT: fusion.
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} outs(%[[ACC]] :
// CHECK-NOT: fusion.
// CHECK: return
func.func @unrecognized_accumulator(%x: tensor<1x2x4x4xf32>, %acc: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [unrecognized_pattern]: linalg.conv_2d_nchw_fchw: the conv accumulates into a computed tensor, not a bias}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%acc : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    %2 = arith.maximumf %1, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn : tensor<1x3x4x4xf32>
}

// -----

// unrecognized_pattern: the conv accumulates into an uninitialized
// tensor.empty (undefined values), which is not a bias.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @unrecognized_uninitialized_accumulator
// CHECK-NOT: fusion.
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: fusion.
// CHECK: return
func.func @unrecognized_uninitialized_accumulator(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [unrecognized_pattern]: linalg.conv_2d_nchw_fchw: the conv accumulates into an uninitialized tensor}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// -----

// unrecognized_pattern: the "BatchNorm" body adds the element's row index
// (linalg.index), which depends on the position, not on the value: it has
// no pointwise meaning.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @unrecognized_body_op
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: linalg.generic {{.*}} ins(%[[C]], %{{.*}} :
// CHECK: linalg.index 2
// CHECK-NOT: fusion.
// CHECK: return
func.func @unrecognized_body_op(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [unrecognized_pattern]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': the body holds 'linalg.index', which has no known pointwise meaning}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s : tensor<1x3x4x4xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %out: f32):
    %i = linalg.index 2 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %fi : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn : tensor<1x3x4x4xf32>
}

// -----

// unsupported_activation: conv -> BatchNorm -> tanh. conv + bn is fused; tanh
// is no activation the fused ops implement, so it stays outside.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @unsupported_activation_tanh
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F:.*]] = fusion.conv_bn_act {{.*}} act <none>
// CHECK-NOT: fusion.
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[F]] :
// CHECK: math.tanh
// CHECK-NOT: fusion.
// CHECK: return %[[T]]
func.func @unsupported_activation_tanh(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{fused in part [unsupported_activation]: linalg.conv_2d_nchw_fchw + batchnorm; stopped at 'linalg.generic': the elementwise ops after the conv compute no activation the fused ops know}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.tanh %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x4x4xf32>
  return %t : tensor<1x3x4x4xf32>
}

// -----

// unsupported_activation: conv -> BatchNorm -> GELU (erf form,
// 0.5 * x * (1 + erf(x / sqrt(2)))): not one of the fused activations.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @unsupported_activation_gelu
// CHECK-NOT: linalg.conv_2d
// CHECK: %[[F:.*]] = fusion.conv_bn_act {{.*}} act <none>
// CHECK-NOT: fusion.
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[F]] :
// CHECK: math.erf
// CHECK-NOT: fusion.
// CHECK: return %[[G]]
func.func @unsupported_activation_gelu(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.707106769 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{fused in part [unsupported_activation]: linalg.conv_2d_nchw_fchw + batchnorm; stopped at 'linalg.generic': the elementwise ops after the conv compute no activation the fused ops know}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %rsqrt2 : f32
    %1 = math.erf %0 : f32
    %2 = arith.addf %1, %one : f32
    %3 = arith.mulf %in, %half : f32
    %4 = arith.mulf %3, %2 : f32
    linalg.yield %4 : f32
  } -> tensor<1x3x4x4xf32>
  return %g : tensor<1x3x4x4xf32>
}

// -----

// non_constant_parameters: the per-channel scale and shift are runtime
// values (function arguments) of shape [C, 1], read with (d1, 0). They are
// neither constants to fold nor rank-1 [C] tensors the fused op can take.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#c1 = affine_map<(d0, d1, d2, d3) -> (d1, 0)>
// CHECK-LABEL: func.func @non_constant_parameters
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: linalg.generic {{.*}} ins(%[[C]], %{{.*}}, %{{.*}} : tensor<1x3x4x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>)
// CHECK-NOT: fusion.
// CHECK: return
func.func @non_constant_parameters(%x: tensor<1x2x4x4xf32>, %s: tensor<3x1xf32>, %b: tensor<3x1xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{not fused [non_constant_parameters]: linalg.conv_2d_nchw_fchw; stopped at 'linalg.generic': a non-constant parameter is not a rank-1 per-channel tensor}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #c1, #c1, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    %2 = arith.maximumf %1, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %bn : tensor<1x3x4x4xf32>
}

// -----

// bn_before_conv_padded: a BatchNorm (per-channel affine on the input)
// feeding a zero-padded conv. Folding it into the conv's filter and bias
// would also shift the padded border, which the original sees as exact
// zeros; the remark is at the BatchNorm.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @bn_before_conv_padded
// CHECK-NOT: fusion.
// CHECK: %[[BN:.*]] = linalg.generic
// CHECK: %[[P:.*]] = tensor.pad %[[BN]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} ins(%[[P]],
// CHECK-NOT: fusion.
// CHECK: return
func.func @bn_before_conv_padded(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x3x3xf32>
  %s = arith.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %b = arith.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %e2 = tensor.empty() : tensor<1x2x4x4xf32>
  // expected-remark @below {{not fused [bn_before_conv_padded]:}}
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %s, %b : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>) outs(%e2 : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x2x4x4xf32>
  %p = tensor.pad %bn low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %c : tensor<1x3x4x4xf32>
}

// -----

// No candidate: a conv that feeds no elementwise op (conv -> max pooling)
// is not a chain at all and gets no remark (-verify-diagnostics fails on
// any unexpected one).

// CHECK-LABEL: func.func @conv_into_pooling
// CHECK-NOT: fusion.
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: linalg.pooling_nchw_max {{.*}} ins(%[[C]],
// CHECK-NOT: fusion.
// CHECK: return
func.func @conv_into_pooling(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.40282347E+38 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %k = tensor.empty() : tensor<2x2xf32>
  %ep = tensor.empty() : tensor<1x3x2x2xf32>
  %fp = linalg.fill ins(%ninf : f32) outs(%ep : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  %pool = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%c, %k : tensor<1x3x4x4xf32>, tensor<2x2xf32>) outs(%fp : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %pool : tensor<1x3x2x2xf32>
}

// -----

// fusion.exclude: a function carrying the attribute (an unfused reference
// copy of a network) is left untouched, and no remark is emitted for it,
// even though its chain is fusable.

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @excluded
// CHECK-SAME: attributes {fusion.exclude}
// CHECK-NOT: fusion.conv
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: %[[BN:.*]] = linalg.generic {{.*}} ins(%[[C]],
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[BN]] :
// CHECK-NOT: fusion.conv
// CHECK: return %[[R]]
// CHECK-LABEL: func.func @included
// CHECK: fusion.conv_bn_act {{.*}} act <relu>
// CHECK-NOT: linalg.conv_2d
// CHECK: return
func.func @excluded(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> attributes {fusion.exclude} {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// The same chain in a function without the attribute is fused, so the
// excluded one is untouched because of the attribute.
func.func @included(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.1> : tensor<3x2x1x1xf32>
  %s = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  // expected-remark @below {{fused [fused]: linalg.conv_2d_nchw_fchw + batchnorm + relu}}
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %ss: f32, %bb: f32, %out: f32):
    %0 = arith.mulf %in, %ss : f32
    %1 = arith.addf %0, %bb : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

// A #fusion.lowering_config set in the IR is what runs: five fused convs,
// each with a configuration the selection would not choose (blocks that are
// not powers of two, host loop orders, a channel block spanning two groups
// in NCHW, a stride), lowered by fusion-to-cpu and compared element by
// element with the same conv written in upstream linalg (marked
// fusion.exclude, so left to upstream). Each case prints 1 when every
// element agrees within 1e-5 + 1e-5 * |reference|.
//
// RUN: fusion-opt %s --fusion-to-cpu | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%runner_libs | FileCheck %s
// The configurations change the loop nests (a test that could not fail
// would not show that they are followed):
// RUN: fusion-opt %s --fusion-select-lowering=target=cpu --fusion-lower-to-loops | FileCheck %s --check-prefix=LOOPS
//
// CHECK: agree 1
// CHECK-NEXT: agree 1
// CHECK-NEXT: agree 1
// CHECK-NEXT: agree 1
// CHECK-NEXT: agree 1
// LOOPS-LABEL: func.func @dense_3x5
//       LOOPS:   scf.forall ({{.*}}) in (1, 2, 10, 2)
// LOOPS-LABEL: func.func @dense_channels_inner
//       LOOPS:   scf.forall ({{.*}}) in (1, 10, 5, 3)
// LOOPS-LABEL: func.func @grouped_across
//       LOOPS:   scf.forall ({{.*}}) in (1, 3, 10, 1)
// LOOPS-LABEL: func.func @strided_6x5
//       LOOPS:   scf.forall ({{.*}}) in (1, 1, 5, 1)
// LOOPS-LABEL: func.func @nhwc_channels_outer
//       LOOPS:   scf.forall ({{.*}}) in (1, 2, 10, 5)

func.func private @printI64(i64)
func.func private @printString(!llvm.ptr)
func.func private @printNewline()
llvm.mlir.global internal constant @agree("agree \00") {addr_space = 0 : i32}

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#scalar4 = affine_map<(d0, d1, d2, d3) -> ()>

/// sin(a * i0 + 0.9 * i1 + 1.7 * i2 + 2.3 * i3 + b): values in [-1, 1] that
/// differ at every index.
func.func @pattern(%t: tensor<?x?x?x?xf32>, %a: f32, %b: f32) -> tensor<?x?x?x?xf32> attributes {fusion.exclude} {
  %r = linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%t : tensor<?x?x?x?xf32>) {
  ^bb0(%out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %f0 = arith.index_cast %i0 : index to i64
    %f1 = arith.index_cast %i1 : index to i64
    %f2 = arith.index_cast %i2 : index to i64
    %f3 = arith.index_cast %i3 : index to i64
    %g0 = arith.sitofp %f0 : i64 to f32
    %g1 = arith.sitofp %f1 : i64 to f32
    %g2 = arith.sitofp %f2 : i64 to f32
    %g3 = arith.sitofp %f3 : i64 to f32
    %c1 = arith.constant 0.9 : f32
    %c2 = arith.constant 1.7 : f32
    %c3 = arith.constant 2.3 : f32
    %h0 = arith.mulf %g0, %a : f32
    %h1 = arith.mulf %g1, %c1 : f32
    %h2 = arith.mulf %g2, %c2 : f32
    %h3 = arith.mulf %g3, %c3 : f32
    %s0 = arith.addf %h0, %h1 : f32
    %s1 = arith.addf %s0, %h2 : f32
    %s2 = arith.addf %s1, %h3 : f32
    %s3 = arith.addf %s2, %b : f32
    %v = math.sin %s3 : f32
    linalg.yield %v : f32
  } -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

/// 1 when every element of `a` is within 1e-5 + 1e-5 * |b| of `b`.
func.func @report(%a: tensor<?x?x?x?xf32>, %b: tensor<?x?x?x?xf32>) attributes {fusion.exclude} {
  %zero = arith.constant 0 : i64
  %init = tensor.from_elements %zero : tensor<i64>
  %bad = linalg.generic {indexing_maps = [#id4, #id4, #scalar4], iterator_types = ["reduction", "reduction", "reduction", "reduction"]} ins(%a, %b : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) outs(%init : tensor<i64>) {
  ^bb0(%av: f32, %bv: f32, %acc: i64):
    %tol = arith.constant 1.0e-5 : f32
    %d = arith.subf %av, %bv : f32
    %ad = math.absf %d : f32
    %ab = math.absf %bv : f32
    %rel = arith.mulf %ab, %tol : f32
    %lim = arith.addf %rel, %tol : f32
    %out = arith.cmpf ugt, %ad, %lim : f32
    %one = arith.extui %out : i1 to i64
    %n = arith.addi %acc, %one : i64
    linalg.yield %n : i64
  } -> tensor<i64>
  %count = tensor.extract %bad[] : tensor<i64>
  %none = arith.cmpi eq, %count, %zero : i64
  %flag = arith.extui %none : i1 to i64
  %label = llvm.mlir.addressof @agree : !llvm.ptr
  call @printString(%label) : (!llvm.ptr) -> ()
  call @printI64(%flag) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

/// relu(conv + bias) or conv + bias, after an upstream conv.
func.func @epilogue(%c: tensor<?x?x?x?xf32>, %bias: tensor<?xf32>, %relu: i1, %cdim: index) -> tensor<?x?x?x?xf32> attributes {fusion.exclude} {
  %r = linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%c : tensor<?x?x?x?xf32>) {
  ^bb0(%out: f32):
    %i1 = linalg.index 1 : index
    %i3 = linalg.index 3 : index
    %c1 = arith.constant 1 : index
    %last = arith.cmpi ne, %cdim, %c1 : index
    %ch = arith.select %last, %i3, %i1 : index
    %bv = tensor.extract %bias[%ch] : tensor<?xf32>
    %s = arith.addf %out, %bv : f32
    %zero = arith.constant 0.0 : f32
    %pos = arith.cmpf ugt, %s, %zero : f32
    %rl = arith.select %pos, %s, %zero : f32
    %v = arith.select %relu, %rl, %s : f32
    linalg.yield %v : f32
  } -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

func.func @dense_3x5(%x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 3, columns_per_thread = 5, loop_order = layout>} : tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

func.func @dense_3x5_reference(%x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> attributes {fusion.exclude} {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x10x10xf32> to tensor<1x4x12x12xf32>
  %e = tensor.empty() : tensor<1x6x10x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x10x10xf32>) -> tensor<1x6x10x10xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x4x12x12xf32>, tensor<6x4x3x3xf32>) outs(%f : tensor<1x6x10x10xf32>) -> tensor<1x6x10x10xf32>
  %cd = tensor.cast %c : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  %bd = tensor.cast %b : tensor<6xf32> to tensor<?xf32>
  %relu = arith.constant true
  %cdim = arith.constant 1 : index
  %r = call @epilogue(%cd, %bd, %relu, %cdim) : (tensor<?x?x?x?xf32>, tensor<?xf32>, i1, index) -> tensor<?x?x?x?xf32>
  %rs = tensor.cast %r : tensor<?x?x?x?xf32> to tensor<1x6x10x10xf32>
  return %rs : tensor<1x6x10x10xf32>
}

func.func @dense_channels_inner(%x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 2, loop_order = channels_inner>} : tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

func.func @dense_channels_inner_reference(%x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> attributes {fusion.exclude} {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x10x10xf32> to tensor<1x4x12x12xf32>
  %e = tensor.empty() : tensor<1x6x10x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x10x10xf32>) -> tensor<1x6x10x10xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x4x12x12xf32>, tensor<6x4x3x3xf32>) outs(%f : tensor<1x6x10x10xf32>) -> tensor<1x6x10x10xf32>
  %cd = tensor.cast %c : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  %bd = tensor.cast %b : tensor<6xf32> to tensor<?xf32>
  %relu = arith.constant true
  %cdim = arith.constant 1 : index
  %r = call @epilogue(%cd, %bd, %relu, %cdim) : (tensor<?x?x?x?xf32>, tensor<?xf32>, i1, index) -> tensor<?x?x?x?xf32>
  %rs = tensor.cast %r : tensor<?x?x?x?xf32> to tensor<1x6x10x10xf32>
  return %rs : tensor<1x6x10x10xf32>
}

func.func @grouped_across(%x: tensor<1x4x10x10xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <none> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 2, columns_per_thread = 10, loop_order = channels_outer>} : tensor<1x4x10x10xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x10x10xf32>
  return %0 : tensor<1x6x10x10xf32>
}

func.func @grouped_across_reference(%x: tensor<1x4x10x10xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x10xf32> attributes {fusion.exclude} {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x10x10xf32> to tensor<1x4x12x12xf32>
  %e = tensor.empty() : tensor<1x6x10x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x10x10xf32>) -> tensor<1x6x10x10xf32>
  %gx = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 12, 12] : tensor<1x4x12x12xf32> into tensor<1x2x2x12x12xf32>
  %gw = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
  %gf = tensor.expand_shape %f [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 10, 10] : tensor<1x6x10x10xf32> into tensor<1x2x3x10x10xf32>
  %gc = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%gx, %gw : tensor<1x2x2x12x12xf32>, tensor<2x3x2x3x3xf32>) outs(%gf : tensor<1x2x3x10x10xf32>) -> tensor<1x2x3x10x10xf32>
  %c = tensor.collapse_shape %gc [[0], [1, 2], [3], [4]] : tensor<1x2x3x10x10xf32> into tensor<1x6x10x10xf32>
  %cd = tensor.cast %c : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  %bd = tensor.cast %b : tensor<6xf32> to tensor<?xf32>
  %relu = arith.constant false
  %cdim = arith.constant 1 : index
  %r = call @epilogue(%cd, %bd, %relu, %cdim) : (tensor<?x?x?x?xf32>, tensor<?xf32>, i1, index) -> tensor<?x?x?x?xf32>
  %rs = tensor.cast %r : tensor<?x?x?x?xf32> to tensor<1x6x10x10xf32>
  return %rs : tensor<1x6x10x10xf32>
}

func.func @strided_6x5(%x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x5x5xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 6, columns_per_thread = 5, loop_order = layout>} : tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x5x5xf32>
  return %0 : tensor<1x6x5x5xf32>
}

func.func @strided_6x5_reference(%x: tensor<1x4x10x10xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x5x5xf32> attributes {fusion.exclude} {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x10x10xf32> to tensor<1x4x12x12xf32>
  %e = tensor.empty() : tensor<1x6x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x5x5xf32>) -> tensor<1x6x5x5xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<1x4x12x12xf32>, tensor<6x4x3x3xf32>) outs(%f : tensor<1x6x5x5xf32>) -> tensor<1x6x5x5xf32>
  %cd = tensor.cast %c : tensor<1x6x5x5xf32> to tensor<?x?x?x?xf32>
  %bd = tensor.cast %b : tensor<6xf32> to tensor<?xf32>
  %relu = arith.constant true
  %cdim = arith.constant 1 : index
  %r = call @epilogue(%cd, %bd, %relu, %cdim) : (tensor<?x?x?x?xf32>, tensor<?xf32>, i1, index) -> tensor<?x?x?x?xf32>
  %rs = tensor.cast %r : tensor<?x?x?x?xf32> to tensor<1x6x5x5xf32>
  return %rs : tensor<1x6x5x5xf32>
}

func.func @nhwc_channels_outer(%x: tensor<1x10x10x4xf32>, %w: tensor<3x3x4x6xf32>, %b: tensor<6xf32>) -> tensor<1x10x10x6xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<6xf32>) layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = register_block, channels_per_thread = 3, columns_per_thread = 2, loop_order = channels_outer>} : tensor<1x10x10x4xf32>, tensor<3x3x4x6xf32> -> tensor<1x10x10x6xf32>
  return %0 : tensor<1x10x10x6xf32>
}

func.func @nhwc_channels_outer_reference(%x: tensor<1x10x10x4xf32>, %w: tensor<3x3x4x6xf32>, %b: tensor<6xf32>) -> tensor<1x10x10x6xf32> attributes {fusion.exclude} {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x10x10x4xf32> to tensor<1x12x12x4xf32>
  %e = tensor.empty() : tensor<1x10x10x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x10x10x6xf32>) -> tensor<1x10x10x6xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x12x12x4xf32>, tensor<3x3x4x6xf32>) outs(%f : tensor<1x10x10x6xf32>) -> tensor<1x10x10x6xf32>
  %cd = tensor.cast %c : tensor<1x10x10x6xf32> to tensor<?x?x?x?xf32>
  %bd = tensor.cast %b : tensor<6xf32> to tensor<?xf32>
  %relu = arith.constant true
  %cdim = arith.constant 3 : index
  %r = call @epilogue(%cd, %bd, %relu, %cdim) : (tensor<?x?x?x?xf32>, tensor<?xf32>, i1, index) -> tensor<?x?x?x?xf32>
  %rs = tensor.cast %r : tensor<?x?x?x?xf32> to tensor<1x10x10x6xf32>
  return %rs : tensor<1x10x10x6xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %xe0 = tensor.empty() : tensor<1x4x10x10xf32>
  %xd0 = tensor.cast %xe0 : tensor<1x4x10x10xf32> to tensor<?x?x?x?xf32>
  %a0 = arith.constant 0.31 : f32
  %xp0 = call @pattern(%xd0, %a0, %a0) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x0 = tensor.cast %xp0 : tensor<?x?x?x?xf32> to tensor<1x4x10x10xf32>
  %we0 = tensor.empty() : tensor<6x4x3x3xf32>
  %wd0 = tensor.cast %we0 : tensor<6x4x3x3xf32> to tensor<?x?x?x?xf32>
  %wb0 = arith.constant 0.37 : f32
  %wp0 = call @pattern(%wd0, %a0, %wb0) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %w0 = tensor.cast %wp0 : tensor<?x?x?x?xf32> to tensor<6x4x3x3xf32>
  %b0 = arith.constant dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6]> : tensor<6xf32>
  %y0 = call @dense_3x5(%x0, %w0, %b0) : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %r0 = call @dense_3x5_reference(%x0, %w0, %b0) : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %yd0 = tensor.cast %y0 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  %rd0 = tensor.cast %r0 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  call @report(%yd0, %rd0) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  %xe1 = tensor.empty() : tensor<1x4x10x10xf32>
  %xd1 = tensor.cast %xe1 : tensor<1x4x10x10xf32> to tensor<?x?x?x?xf32>
  %a1 = arith.constant 0.53 : f32
  %xp1 = call @pattern(%xd1, %a1, %a1) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x1 = tensor.cast %xp1 : tensor<?x?x?x?xf32> to tensor<1x4x10x10xf32>
  %we1 = tensor.empty() : tensor<6x4x3x3xf32>
  %wd1 = tensor.cast %we1 : tensor<6x4x3x3xf32> to tensor<?x?x?x?xf32>
  %wb1 = arith.constant 0.37 : f32
  %wp1 = call @pattern(%wd1, %a1, %wb1) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %w1 = tensor.cast %wp1 : tensor<?x?x?x?xf32> to tensor<6x4x3x3xf32>
  %b1 = arith.constant dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6]> : tensor<6xf32>
  %y1 = call @dense_channels_inner(%x1, %w1, %b1) : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %r1 = call @dense_channels_inner_reference(%x1, %w1, %b1) : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %yd1 = tensor.cast %y1 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  %rd1 = tensor.cast %r1 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  call @report(%yd1, %rd1) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  %xe2 = tensor.empty() : tensor<1x4x10x10xf32>
  %xd2 = tensor.cast %xe2 : tensor<1x4x10x10xf32> to tensor<?x?x?x?xf32>
  %a2 = arith.constant 0.71 : f32
  %xp2 = call @pattern(%xd2, %a2, %a2) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x2 = tensor.cast %xp2 : tensor<?x?x?x?xf32> to tensor<1x4x10x10xf32>
  %we2 = tensor.empty() : tensor<6x2x3x3xf32>
  %wd2 = tensor.cast %we2 : tensor<6x2x3x3xf32> to tensor<?x?x?x?xf32>
  %wb2 = arith.constant 0.37 : f32
  %wp2 = call @pattern(%wd2, %a2, %wb2) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %w2 = tensor.cast %wp2 : tensor<?x?x?x?xf32> to tensor<6x2x3x3xf32>
  %b2 = arith.constant dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6]> : tensor<6xf32>
  %y2 = call @grouped_across(%x2, %w2, %b2) : (tensor<1x4x10x10xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %r2 = call @grouped_across_reference(%x2, %w2, %b2) : (tensor<1x4x10x10xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x10xf32>
  %yd2 = tensor.cast %y2 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  %rd2 = tensor.cast %r2 : tensor<1x6x10x10xf32> to tensor<?x?x?x?xf32>
  call @report(%yd2, %rd2) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  %xe3 = tensor.empty() : tensor<1x4x10x10xf32>
  %xd3 = tensor.cast %xe3 : tensor<1x4x10x10xf32> to tensor<?x?x?x?xf32>
  %a3 = arith.constant 1.13 : f32
  %xp3 = call @pattern(%xd3, %a3, %a3) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x3 = tensor.cast %xp3 : tensor<?x?x?x?xf32> to tensor<1x4x10x10xf32>
  %we3 = tensor.empty() : tensor<6x4x3x3xf32>
  %wd3 = tensor.cast %we3 : tensor<6x4x3x3xf32> to tensor<?x?x?x?xf32>
  %wb3 = arith.constant 0.37 : f32
  %wp3 = call @pattern(%wd3, %a3, %wb3) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %w3 = tensor.cast %wp3 : tensor<?x?x?x?xf32> to tensor<6x4x3x3xf32>
  %b3 = arith.constant dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6]> : tensor<6xf32>
  %y3 = call @strided_6x5(%x3, %w3, %b3) : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x5x5xf32>
  %r3 = call @strided_6x5_reference(%x3, %w3, %b3) : (tensor<1x4x10x10xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x5x5xf32>
  %yd3 = tensor.cast %y3 : tensor<1x6x5x5xf32> to tensor<?x?x?x?xf32>
  %rd3 = tensor.cast %r3 : tensor<1x6x5x5xf32> to tensor<?x?x?x?xf32>
  call @report(%yd3, %rd3) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  %xe4 = tensor.empty() : tensor<1x10x10x4xf32>
  %xd4 = tensor.cast %xe4 : tensor<1x10x10x4xf32> to tensor<?x?x?x?xf32>
  %a4 = arith.constant 1.37 : f32
  %xp4 = call @pattern(%xd4, %a4, %a4) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %x4 = tensor.cast %xp4 : tensor<?x?x?x?xf32> to tensor<1x10x10x4xf32>
  %we4 = tensor.empty() : tensor<3x3x4x6xf32>
  %wd4 = tensor.cast %we4 : tensor<3x3x4x6xf32> to tensor<?x?x?x?xf32>
  %wb4 = arith.constant 0.37 : f32
  %wp4 = call @pattern(%wd4, %a4, %wb4) : (tensor<?x?x?x?xf32>, f32, f32) -> tensor<?x?x?x?xf32>
  %w4 = tensor.cast %wp4 : tensor<?x?x?x?xf32> to tensor<3x3x4x6xf32>
  %b4 = arith.constant dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6]> : tensor<6xf32>
  %y4 = call @nhwc_channels_outer(%x4, %w4, %b4) : (tensor<1x10x10x4xf32>, tensor<3x3x4x6xf32>, tensor<6xf32>) -> tensor<1x10x10x6xf32>
  %r4 = call @nhwc_channels_outer_reference(%x4, %w4, %b4) : (tensor<1x10x10x4xf32>, tensor<3x3x4x6xf32>, tensor<6xf32>) -> tensor<1x10x10x6xf32>
  %yd4 = tensor.cast %y4 : tensor<1x10x10x6xf32> to tensor<?x?x?x?xf32>
  %rd4 = tensor.cast %r4 : tensor<1x10x10x6xf32> to tensor<?x?x?x?xf32>
  call @report(%yd4, %rd4) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> ()
  return
}

// The f64 evaluation catches what both f32 programs get wrong alike: before
// the fused chain, the model adds 1e8 to its input and takes it away again,
// which keeps nothing of the input in f32 (in the fused and the reference
// program alike) and all of it in f64. The fused program agrees with the f32
// reference, and fusion-verify still fails, saying which comparison did:
// the reference's and the program's own errors against f64 are no rounding
// (each is as large as the output), so the default bound falls back to the
// strict one.
// RUN: not fusion-verify %s --frames=2 | FileCheck %s
// RUN: fusion-verify %s --frames=2 --f64=false | FileCheck %s --check-prefix=NOF64

// CHECK: 0 {{ *}}1x3x4x4 {{ *}}0.00e+00
// CHECK: against the model in f64 {{.*}} FAIL
// CHECK: f32 noise bound {{.*}} 0: none (the f32 reference and the checked program miss the model in f64 by {{.*}} and {{.*}}, both over 1e-03 x the output's scale {{.*}}: not rounding, so the strict bound)
// CHECK: FAIL
// NOF64-NOT: against the model in f64
// NOF64: PASS

func.func @net(%input: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %big = arith.constant 1.0e8 : f32
  %ein = tensor.empty() : tensor<1x2x4x4xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%input : tensor<1x2x4x4xf32>) outs(%ein : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %in, %big : f32
    %2 = arith.subf %1, %big : f32
    linalg.yield %2 : f32
  } -> tensor<1x2x4x4xf32>
  %w = arith.constant dense<[[[[0.1,0.2,-0.3],[0.4,0.5,0.6],[0.7,-0.8,0.9]],[[0.1,0.2,0.3],[0.4,-0.5,0.6],[0.7,0.8,0.9]]],[[[0.2,0.2,0.3],[0.4,0.5,0.6],[-0.7,0.8,0.9]],[[0.1,0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]]],[[[0.3,-0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]],[[0.1,0.2,0.3],[0.4,0.5,-0.6],[0.7,0.8,0.9]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

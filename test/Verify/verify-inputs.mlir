// fusion-verify reads frames from .npy files (one file per entry input, of
// the input's shape or with a leading frame dimension; f16, f32 or f64
// converted to the input's type), writes JSON, compares every fused chain
// on request, and refuses inputs it cannot use with a message and exit 2.
// RUN: fusion-verify %s --inputs=%S/Inputs/frames-3x1x2x4x4-f32.npy | FileCheck %s --check-prefix=FILES
// RUN: fusion-verify %s --inputs=%S/Inputs/frame-1x2x4x4-f64.npy --frames=2 | FileCheck %s --check-prefix=MIXED
// RUN: fusion-verify %s --frames=3 --per-chain --json=%t.json | FileCheck %s --check-prefix=CHAINS
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: not fusion-verify %s --inputs=%S/Inputs/wrong-shape-2x4x4-f32.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not fusion-verify %s --inputs=%S/Inputs/not-npy.npy 2>&1 | FileCheck %s --check-prefix=NOTNPY
// RUN: not fusion-verify %s --inputs=%S/Inputs/frame-1x2x4x4-f64.npy,%S/Inputs/frame-1x2x4x4-f64.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: fusion-verify %s --inputs=%S/Inputs/missing.npy; test $? -eq 2

// FILES: @net, fused vs reference, 3 frames
// FILES: PASS
// The file's frame first, then the random ones.
// MIXED: 3 frames
// MIXED: PASS
// CHAINS: per fused chain, 3 frames, in program order:
// CHAINS: 0 {{.*}}verify-inputs.mlir:{{[0-9]+}}:{{[0-9]+}} {{.*}} ok
// CHAINS: no fused chain diverges
// CHAINS: PASS
// JSON: "chains": [
// JSON: "conv": "verify-inputs.mlir:
// JSON: "entry": "net",
// JSON: "outputs": [
// JSON: "f64_max_abs":
// JSON: "shape": "1x3x4x4",
// JSON: "worst": "[
// JSON: "pass": true,
// SHAPE: wrong-shape-2x4x4-f32.npy: shape (2x4x4) is neither the input's (1x2x4x4) nor frames of it
// NOTNPY: not-npy.npy: not a .npy file
// COUNT: --inputs names 2 files for 1 inputs

func.func @net(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
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

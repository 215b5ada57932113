// fusion-verify refuses what would make its verdict meaningless, before
// compiling anything, with a message and exit 2: tolerances that let
// everything pass (NaN) or nothing (negative), an entry with nothing to
// feed or nothing to compare, and frames that would not fit in memory.
// RUN: fusion-verify %s --entry=net --rtol=nan; test $? -eq 2
// RUN: not fusion-verify %s --entry=net --rtol=nan 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not fusion-verify %s --entry=net --atol=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not fusion-verify %s --entry=net --f32-noise=inf 2>&1 | FileCheck %s --check-prefix=INF
// RUN: fusion-verify %s --entry=no_inputs; test $? -eq 2
// RUN: not fusion-verify %s --entry=no_inputs 2>&1 | FileCheck %s --check-prefix=NOINPUTS
// RUN: not fusion-verify %s --entry=no_results 2>&1 | FileCheck %s --check-prefix=NORESULTS
// RUN: fusion-verify %s --entry=huge; test $? -eq 2
// RUN: not fusion-verify %s --entry=huge 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not fusion-verify %s --entry=net --frames=200 --max-memory-gib=0.00001 2>&1 | FileCheck %s --check-prefix=FRAMES
// The same model under sane options passes.
// RUN: fusion-verify %s --entry=net --frames=3 | FileCheck %s --check-prefix=SANE

// NAN: fusion-verify: --rtol=nan is not a finite number >= 0
// NEGATIVE: fusion-verify: --atol=-1 is not a finite number >= 0
// INF: fusion-verify: --f32-noise=inf is not a finite number >= 0
// NOINPUTS: fusion-verify: the entry function has 0 inputs and 1 results; a check needs at least one of each
// NORESULTS: fusion-verify: the entry function has 1 inputs and 0 results; a check needs at least one of each
// HUGE: fusion-verify: input 0 (tensor<16x1024x1024x1024xf32>) needs 64.0 GiB per frame, over --max-memory-gib=8
// FRAMES: fusion-verify: 200 frames and their outputs need 0.000167 GiB, over --max-memory-gib=1e-05 (run fewer --frames)
// SANE: PASS

func.func @net(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x2x4x4xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

func.func @no_inputs() -> tensor<2xf32> {
  %c = arith.constant dense<1.0> : tensor<2xf32>
  return %c : tensor<2xf32>
}

func.func @no_results(%x: tensor<2xf32>) {
  return
}

func.func @huge(%x: tensor<16x1024x1024x1024xf32>) -> tensor<16x1024x1024x1024xf32> {
  return %x : tensor<16x1024x1024x1024xf32>
}

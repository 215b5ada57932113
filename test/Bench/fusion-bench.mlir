// fusion-bench's work counts (exact, from the fused ops' shapes) and its
// side-by-side run. Only what cannot vary is checked: no timing is asserted.
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-bench %s --analyze-only --json=%t/work.json | FileCheck %s --check-prefix=TABLE
// RUN: FileCheck %s --check-prefix=WORK < %t/work.json
// Every program compiles and runs; the JSON has each one's median.
// RUN: fusion-bench %s --entry=chain --programs=fused,unfused,reference --repeats=1 --warmup=0 --json=%t/run.json | FileCheck %s --check-prefix=ROW
// RUN: FileCheck %s --check-prefix=RUNJSON < %t/run.json
// Floor time: max(FLOPs / peak, bytes / bandwidth).
// RUN: fusion-bench %s --entry=chain --analyze-only --peak-gflops=1e-3 --peak-gbs=1 --json=%t/floor.json
// RUN: FileCheck %s --check-prefix=FLOOR < %t/floor.json
// Unusable input: exit 2 with a message.
// RUN: not fusion-bench %s --entry=missing --analyze-only 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not fusion-bench %s --repeats=0 2>&1 | FileCheck %s --check-prefix=REPEATS

// TABLE: function chains
// TABLE-NEXT: chain 1
// TABLE-NEXT: residual 2
// TABLE-NEXT: no_conv 0

// A 3x3 conv, 4 -> 8 channels at 8x8: 512 outputs, each a dot product of
// 4 x 9; input 256, filter 288, output 512 floats; unfused, BatchNorm and
// ReLU each read and write the 512 outputs once more.
// WORK: "chains": 1,
// WORK-NEXT: "flops": 36864,
// WORK-NEXT: "function": "chain",
// WORK-NEXT: "min_bytes": 4224,
// WORK-NEXT: "unfused_bytes": 12416
// Two chains; the second's ReLU is past a residual add, so it fuses conv and
// BatchNorm only: one separate op fewer in its unfused count.
// WORK: "chains": 2,
// WORK-NEXT: "flops": 73728,
// WORK-NEXT: "function": "residual",
// WORK-NEXT: "min_bytes": 8448,
// WORK-NEXT: "unfused_bytes": 20736
// WORK: "chains": 0,
// WORK-NEXT: "flops": 0,

// ROW: chain 1 {{.*[0-9]}}
// RUNJSON: "function": "chain",
// RUNJSON: "fused": {
// RUNJSON-NEXT: "calls": 1,
// RUNJSON: "reference": {
// RUNJSON-NEXT: "calls": 1,
// RUNJSON: "unfused": {
// RUNJSON-NEXT: "calls": 1,

// 36864 FLOPs at 1 MFLOP/s is 36.864 ms; 4224 bytes at 1 GB/s is 4.2 us.
// FLOOR: "floor_ms": 36.86

// MISSING: no entry function named 'missing'
// REPEATS: fusion-bench: --repeats must be at least 1

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>

func.func @chain(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %gamma = arith.constant dense<[1.0, 0.5, 1.5, 1.0, 0.75, 1.25, 1.0, 0.9]> : tensor<8xf32>
  %beta = arith.constant dense<[0.1, -0.1, 0.2, 0.0, 0.05, -0.2, 0.3, 0.0]> : tensor<8xf32>
  %mean = arith.constant dense<[0.0, 0.1, -0.1, 0.2, 0.0, -0.3, 0.1, 0.0]> : tensor<8xf32>
  %var = arith.constant dense<[1.0, 0.5, 2.0, 1.5, 0.8, 1.2, 0.9, 1.1]> : tensor<8xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %bn = linalg.generic {indexing_maps = [#id4, #ch, #ch, #ch, #ch, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %gamma, %beta, %mean, %var : tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%c : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %o: f32):
    %0 = arith.addf %v, %eps : f32
    %1 = math.rsqrt %0 : f32
    %2 = arith.subf %in, %m : f32
    %3 = arith.mulf %2, %1 : f32
    %4 = arith.mulf %3, %g : f32
    %5 = arith.addf %4, %b : f32
    linalg.yield %5 : f32
  } -> tensor<1x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

func.func @residual(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>, %skip: tensor<1x8x8x8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %a = call @chain(%x, %w) : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32>
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %stat = arith.constant dense<[1.0, 0.5, 1.5, 1.0, 0.75, 1.25, 1.0, 0.9]> : tensor<8xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %bn = linalg.generic {indexing_maps = [#id4, #ch, #ch, #ch, #ch, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %stat, %stat, %stat, %stat : tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%c : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %g: f32, %b: f32, %m: f32, %v: f32, %o: f32):
    %0 = arith.addf %v, %eps : f32
    %1 = math.rsqrt %0 : f32
    %2 = arith.subf %in, %m : f32
    %3 = arith.mulf %2, %1 : f32
    %4 = arith.mulf %3, %g : f32
    %5 = arith.addf %4, %b : f32
    linalg.yield %5 : f32
  } -> tensor<1x8x8x8xf32>
  %sum = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn, %skip : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %0 = arith.addf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum : tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %0 = arith.cmpf ugt, %in, %zero : f32
    %1 = arith.select %0, %in, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x8x8x8xf32>
  return %a, %r : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}

func.func @no_conv(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32> {
  return %x : tensor<1x4x8x8xf32>
}

// The runner's check, grounded in f64: each program's outputs and the f32
// reference's are compared with the model evaluated in f64 (fusion-compile
// --f64), and a program passes when its largest error is at most --noise
// (4) times the reference's own, plus --atol. Here the outputs cancel (two
// channels with the same filter and nearly the same statistics, summed
// over a 512 x 512 map and subtracted), as box coordinates do in a
// detection decode: a correct program differs from the f32 reference far
// beyond the strict element-wise bound, which then fails correct and wrong
// programs alike. The f64 bound passes the fused program and the one that
// runs the GPU's loop nests (sums split into partials: another order of
// additions), and fails the wrong fold (BatchNorm not folded into the
// filter). All libraries are CPU ones, so this runs without a GPU.
// REQUIRES: gpu-runner
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-compile %s --target=cpu --fuse=false --reference -o %t/reference.so
// RUN: fusion-compile %s --target=cpu --fuse=false --reference --f64 -o %t/f64.so
// RUN: fusion-compile %s --target=cpu -o %t/fused.so
// RUN: fusion-compile %s --target=cpu --test-gpu-loop-mapping -o %t/mapped.so
// RUN: fusion-compile %s --target=cpu --test-skip-weight-scaling -o %t/wrong.so
// RUN: fusion-gpu-run --reference=%t/reference.so --f64=%t/f64.so %t/fused.so %t/mapped.so --frames=2 --repeats=1 --warmup=0 --json=%t/pass.json | FileCheck %s --check-prefix=PASS
// RUN: FileCheck %s --check-prefix=JSON < %t/pass.json
// RUN: bash -c '%fusion_gpu_run --reference=%t/reference.so --f64=%t/f64.so %t/fused.so %t/wrong.so --frames=2 --repeats=1 --warmup=0; echo "exit $?"' | FileCheck %s --check-prefix=WRONG
// RUN: bash -c '%fusion_gpu_run --reference=%t/reference.so %t/fused.so %t/mapped.so --frames=2 --repeats=1 --warmup=0; echo "exit $?"' | FileCheck %s --check-prefix=STRICT

// PASS: check: against the model in f64, max |got - f64| <= 1e-05 + 4 x the f32 reference's own max |reference - f64|, per output
// PASS: fused {{.*}} PASS
// PASS: mapped {{.*}} PASS
// PASS: bound per output
// PASS: {{^}}PASS
// JSON: "check": "f64", "noise": 4
// WRONG: fused {{.*}} PASS
// WRONG: wrong {{.*}} FAIL
// WRONG: {{^}}FAIL
// WRONG: exit 1
// STRICT: check: strict
// STRICT: fused {{.*}} FAIL
// STRICT: mapped {{.*}} FAIL
// STRICT: exit 1

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
#pool = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
func.func @net(%x: tensor<1x2x512x512xf32>) -> tensor<1x2xf32> {
  %w = arith.constant dense<[[[[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [0.7, 0.8, 0.9]], [[-0.1, 0.2, 0.3], [0.4, -0.5, 0.6], [0.7, 0.8, -0.9]]], [[[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [0.7, 0.8, 0.9]], [[-0.1, 0.2, 0.3], [0.4, -0.5, 0.6], [0.7, 0.8, -0.9]]], [[[-0.3, 0.2, 0.1], [0.6, -0.5, 0.4], [0.9, 0.8, -0.7]], [[0.2, 0.3, -0.1], [-0.5, 0.6, 0.4], [0.8, 0.9, 0.7]]], [[[-0.3, 0.2, 0.1], [0.6, -0.5, 0.4], [0.9, 0.8, -0.7]], [[0.2, 0.3, -0.1], [-0.5, 0.6, 0.4], [0.8, 0.9, 0.7]]]]> : tensor<4x2x3x3xf32>
  %g = arith.constant dense<[1.5, 1.5, 2.0, 2.0]> : tensor<4xf32>
  %b = arith.constant dense<[0.1, 0.1, 0.3, 0.3]> : tensor<4xf32>
  %m = arith.constant dense<[0.5, 0.5001, -1.0, -0.9999]> : tensor<4xf32>
  %v = arith.constant dense<[0.8, 0.8, 0.5, 0.5]> : tensor<4xf32>
  %eps = arith.constant 1.0e-5 : f32
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x512x512xf32> to tensor<1x2x514x514xf32>
  %e = tensor.empty() : tensor<1x4x512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x512x512xf32>) -> tensor<1x4x512x512xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x514x514xf32>, tensor<4x2x3x3xf32>) outs(%f : tensor<1x4x512x512xf32>) -> tensor<1x4x512x512xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x4x512x512xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<1x4x512x512xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %1 = arith.addf %vv, %eps : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    %7 = arith.maximumf %6, %zero : f32
    linalg.yield %7 : f32
  } -> tensor<1x4x512x512xf32>
  %e2 = tensor.empty() : tensor<1x4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4xf32>) -> tensor<1x4xf32>
  %s = linalg.generic {indexing_maps = [#id, #pool], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%bn : tensor<1x4x512x512xf32>) outs(%f2 : tensor<1x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<1x4xf32>
  %e3 = tensor.empty() : tensor<1x2xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 2 * d1)>, affine_map<(d0, d1) -> (d0, 2 * d1 + 1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s, %s : tensor<1x4xf32>, tensor<1x4xf32>) outs(%e3 : tensor<1x2xf32>) {
  ^bb0(%a: f32, %bb: f32, %out: f32):
    %i = linalg.index 1 : index
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    %0 = arith.subf %a, %bb : f32
    %1 = arith.select %first, %0, %a : f32
    linalg.yield %1 : f32
  } -> tensor<1x2xf32>
  return %d : tensor<1x2xf32>
}

// fusion.round_to_tf32, lowered for the GPU (cvt.rna.tf32.f32, low bits
// cleared) and for the host (the same rounding in integers), and the host's
// rounding run on the cases that tell it apart from other roundings:
// ties away from zero (not to even), either sign, just below a tie, a
// carry into the exponent, overflow to infinity, NaN kept (its payload in
// the dropped bits), denormals, negative zero. Each prints the result's
// bits (unsigned).
//
// RUN: fusion-opt %s --fusion-lower-tf32-rounding=target=gpu | FileCheck %s --check-prefix=GPU
// RUN: fusion-opt %s --fusion-to-cpu | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%runner_libs | FileCheck %s
// RUN: not fusion-opt %s --fusion-lower-tf32-rounding=target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET

// GPU-LABEL: func.func @round
//       GPU:   %[[T:.*]] = nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
//       GPU:   %[[K:.*]] = arith.andi %[[T]], %{{.*}} : i32
//       GPU:   arith.bitcast %[[K]] : i32 to f32
//   GPU-NOT:   fusion.round_to_tf32
// TARGET: fusion-lower-tf32-rounding: unknown target 'tpu'; expected gpu or cpu

// 1.0 stays.
// CHECK: 1065353216
// 1 + 2^-11 (0x3F801000), a tie: away from zero, 0x3F802000 (to even would keep 1.0).
// CHECK-NEXT: 1065361408
// -(1 + 2^-11): away from zero too, 0xBF802000.
// CHECK-NEXT: 3212845056
// Just below the tie (0x3F800FFF): down to 1.0.
// CHECK-NEXT: 1065353216
// 0x3FFFF000, a tie just below 2: the carry reaches the exponent, 0x40000000 = 2.0.
// CHECK-NEXT: 1073741824
// The largest finite (0x7F7FFFFF): infinity, 0x7F800000.
// CHECK-NEXT: 2139095040
// NaN 0x7F800001 (payload only in the dropped bits): kept, not turned into infinity.
// CHECK-NEXT: 2139095041
// The smallest denormal: zero.
// CHECK-NEXT: 0
// Denormal 0x00001000, a tie: 0x00002000.
// CHECK-NEXT: 8192
// -0.0 stays (0x80000000).
// CHECK-NEXT: 2147483648

func.func private @printI64(i64)
func.func private @printNewline()

func.func @round(%x: f32) -> f32 {
  %r = fusion.round_to_tf32 %x
  return %r : f32
}

func.func @show(%bits: i32) {
  %x = arith.bitcast %bits : i32 to f32
  %r = call @round(%x) : (f32) -> f32
  %out = arith.bitcast %r : f32 to i32
  %wide = arith.extui %out : i32 to i64
  call @printI64(%wide) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %cases = arith.constant dense<[1065353216, 1065357312, -1082126336, 1065357311, 1073737728, 2139095039, 2139095041, 1, 4096, -2147483648]> : tensor<10xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %bits = tensor.extract %cases[%i] : tensor<10xi32>
    func.call @show(%bits) : (i32) -> ()
  }
  return
}

// fusion-lower-bf16-mma-sync: nvgpu.mma.sync m16n8k16 on bf16 operands
// becomes nvvm.mma.sync with the PTX types named, each register two bf16
// packed into an i32; MMAs on other types are upstream's to lower and stay.
// RUN: fusion-opt %s --split-input-file --fusion-lower-bf16-mma-sync | FileCheck %s
// Upstream's lowering alone cannot type the bf16 form this pass exists for:
// it reports an error and leaves the op (and exits 0).
// RUN: fusion-opt %s --split-input-file --convert-nvgpu-to-nvvm 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// UPSTREAM: error: 'nvgpu.mma.sync' op failed to deduce operand PTX types
// UPSTREAM: nvgpu.mma.sync

// CHECK-LABEL: func.func @bf16
//   CHECK-COUNT-6: vector.bitcast {{.*}} : vector<2xbf16> to vector<1xi32>
//       CHECK: %[[D:.*]] = nvvm.mma.sync A[{{.*}}, {{.*}}, {{.*}}, {{.*}}] B[{{.*}}, {{.*}}] C[{{.*}}, {{.*}}, {{.*}}, {{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
//       CHECK: llvm.extractvalue %[[D]][0]
//       CHECK: llvm.extractvalue %[[D]][3]
//       CHECK: %[[R:.*]] = vector.from_elements {{.*}} : vector<2x2xf32>
//       CHECK: return %[[R]]
//   CHECK-NOT: nvgpu.mma.sync
func.func @bf16(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @others
//       CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>
//       CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>
//   CHECK-NOT: nvvm.mma.sync
func.func @others(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>,
                  %x: vector<4x1xf32>, %y: vector<2x1xf32>) -> (vector<2x2xf32>, vector<2x2xf32>) {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
  %e = nvgpu.mma.sync (%x, %y, %c) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d, %e : vector<2x2xf32>, vector<2x2xf32>
}

// -----

// A bf16 MMA of another shape is not this pattern's: it stays for
// upstream's lowering (the strategy emits only m16n8k16).
// CHECK-LABEL: func.func @bf16_k8
//       CHECK: nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 8]} : (vector<2x2xbf16>
//   CHECK-NOT: nvvm.mma.sync
func.func @bf16_k8(%a: vector<2x2xbf16>, %b: vector<1x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 8]} : (vector<2x2xbf16>, vector<1x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
  return %d : vector<2x2xf32>
}

// The mma_sync strategy's loop nests (lib/Transforms/ImplicitGemmLowering.cpp).
// For the GPU, one forall iteration per lane, the innermost dimension the 32
// lanes of a warp (marked #gpu.lane for the thread mapping), the one before
// it the warps of a block (consecutive channel tiles, which share the A
// tile), each step's tiles staged in shared memory (a module-level
// workgroup global, two stages a block: the next step's copies, by
// cp.async, fly while a step is multiplied; A copied by the block's
// threads, each warp's B by its lanes) and read back after a block
// barrier, operands rounded to TF32, one nvgpu.mma.sync m16n8k8 per step of 8 (three for
// tf32x3), one strided masked write per lane; f16 operands as they are,
// one nvgpu.mma.sync m16n8k16 per step of 16, bf16 alike. On the host: one
// iteration per warp tile, no nvgpu op: the stage (a tensor), fragments
// and the MMA emulated. A
// configuration that does not fit the conv is refused by the verifier
// (test/Dialect/lowering-config.mlir).
//
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops | FileCheck %s --check-prefix=GPU
// RUN: fusion-opt %s --split-input-file --fusion-lower-to-loops=target=cpu | FileCheck %s --check-prefix=CPU
// RUN: not fusion-opt %s --split-input-file --fusion-lower-to-loops=target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET

// TARGET: fusion-lower-to-loops: unknown target 'tpu'; expected gpu or cpu

// 20 columns: two column tiles, the second masked; K = 8 x 3 x 3 = 72: 9 steps.
// 16 output channels: two channel tiles, both warps of one block (the
// forall's dimension before the lanes), which share the A tile.
// The stage: per step 16 x (8 + 4 padding) A elements and, for each of up
// to 8 warps, 8 x (8 + 4) B elements (B a row per output channel: k is
// contiguous in an FCHW filter); two stages. 10 trips for 9 steps: trip t
// copies step t by cp.async from the tensors' buffers (any layout; none on
// the last trip), waits for all but that newest group and meets the
// block, then (from the second trip) reads step t - 1's 4 A and 2 B
// fragment elements back, multiplies, and meets the block again. A (along
// the output columns in NCHW) goes 2 elements for each of the block's 64
// threads, one at a time. B (K = 72, a multiple of 4) goes in runs of 4
// (16-byte copies, bypassing L1) from the filter viewed as 16 rows of 72,
// by the first 16 lanes of each warp, where the filter's address and
// strides allow it (checked per lane before the loop), else 2 elements a
// lane, one at a time.
//       GPU:   memref.global "private" @__fusion_mma_stage_f32 : memref<1920xf32, #gpu.address_space<workgroup>> = uninitialized {alignment = 16 : i64}
// GPU-LABEL: func.func @tf32_nchw
//       GPU:   %[[INPUT:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<1x8x9x20xf32> to memref<1x8x9x20xf32, strided<[?, ?, ?, 1], offset: ?>>
//       GPU:   %[[FILTER:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<16x8x3x3xf32> to memref<16x8x3x3xf32, strided<[?, ?, ?, 1], offset: ?>>
//       GPU:   scf.forall ({{.*}}) in (1, 9, 2, 1, 2, 32)
//       GPU:     memref.get_global @__fusion_mma_stage_f32
//   GPU-NOT:     memref.extract_aligned_pointer_as_index %[[INPUT]]
//       GPU:     %[[ROWS:.*]] = memref.reinterpret_cast %[[FILTER]] to offset: [%{{.*}}], sizes: [16, 72], strides: [%{{.*}}, 1]
//       GPU:     memref.extract_aligned_pointer_as_index %[[ROWS]]
//   GPU-NOT:     memref.extract_aligned_pointer_as_index %[[INPUT]]
//   GPU-NOT:     fusion.block_sync
//       GPU:     scf.for %[[TRIP:.*]] = %c0 to %c10 step %c1 iter_args(%[[ACC:.*]] = {{.*}}) -> (vector<2x2xf32>)
//       GPU:       %[[COPIES:.*]] = arith.cmpi slt, %[[TRIP]], %c9
//       GPU:       scf.if %[[COPIES]] {
//   GPU-COUNT-2:     nvgpu.device_async_copy %[[INPUT]][{{.*}}], {{.*}}, 1, {{.*}} to memref<1920xf32, #gpu.address_space<workgroup>>
//       GPU:         scf.if %{{.*}} {
//       GPU:           scf.if %{{.*}} {
//       GPU:             nvgpu.device_async_copy %[[ROWS]][{{.*}}], {{.*}}, 4, {{.*}} {bypassL1} : memref<16x72xf32, strided<[?, 1], offset: ?>>
//       GPU:         } else {
//   GPU-COUNT-2:       nvgpu.device_async_copy %[[FILTER]][{{.*}}], {{.*}}, 1, {{.*}} to memref<1920xf32
//   GPU-NOT:         memref.store
//       GPU:       fusion.block_sync pending_copy_groups 1
//       GPU:       %[[MULTIPLIES:.*]] = arith.cmpi sgt, %[[TRIP]], %c0
//       GPU:       scf.if %[[MULTIPLIES]] -> (vector<2x2xf32>) {
//   GPU-NOT:         nvgpu.device_async_copy
//       GPU:         memref.load {{.*}} : memref<1920xf32, #gpu.address_space<workgroup>>
//  GPU-NEXT:         fusion.round_to_tf32
//   GPU-COUNT-5:     fusion.round_to_tf32
//       GPU:         nvgpu.mma.sync({{.*}}, {{.*}}, %[[ACC]]) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
//   GPU-NOT:         nvgpu.mma.sync
//       GPU:         fusion.block_sync{{$}}
//       GPU:       } else {
//       GPU:         scf.yield %[[ACC]]
//   GPU-NOT:     fusion.block_sync
//       GPU:     tensor.extract_slice {{.*}} [1, 1, 1, 8]
//       GPU:     vector.transfer_write {{.*}} {in_bounds = [true, false]
//       GPU:     tensor.parallel_insert_slice {{.*}} [1, 1, 1, 8]
//       GPU:   } {mapping = [#gpu.warp<linear_dim_4>, #gpu.warp<linear_dim_3>, #gpu.warp<linear_dim_2>, #gpu.warp<linear_dim_1>, #gpu.warp<linear_dim_0>, #gpu.lane<linear_dim_0>]}
// CPU-LABEL: func.func @tf32_nchw
//       CPU:   scf.forall ({{.*}}) in (1, 9, 2, 2) shared_outs
//   CPU-NOT:   nvgpu
//       CPU:   tensor.empty() : tensor<288xf32>
//   CPU-NOT:   memref
//       CPU:   vector.transfer_write {{.*}} {in_bounds = [false, true]
//   CPU-NOT:   mapping
func.func @tf32_nchw(%x: tensor<1x8x9x20xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x9x20xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<16xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32>} : tensor<1x8x9x20xf32>, tensor<16x8x3x3xf32> -> tensor<1x16x9x20xf32>
  return %0 : tensor<1x16x9x20xf32>
}

// -----

// NHWC with 8 input channels and an HWCF filter: both operands go in runs
// of 4 along their contiguous dimension where their buffers allow it, each
// checked on its own: A one run for each of the block's first 32 threads
// (a pixel's 4 channels, all valid or all padding), B one run for each of
// a warp's first 16 lanes (4 output channels); else A 2 elements for each
// of the block's 64 threads and B 2 a lane, one at a time.
// GPU-LABEL: func.func @tf32_nhwc_wide
//       GPU:   %[[INPUT:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<1x9x20x8xf32>
//       GPU:   %[[FILTER:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<3x3x8x16xf32>
//       GPU:     memref.extract_aligned_pointer_as_index %[[INPUT]]
//       GPU:     memref.extract_aligned_pointer_as_index %[[FILTER]]
//   GPU-NOT:     memref.reinterpret_cast
//       GPU:     scf.for
//       GPU:       scf.if %{{.*}} {
//       GPU:         scf.if %{{.*}} {
//       GPU:           scf.if %{{.*}} {
//       GPU:             nvgpu.device_async_copy %[[INPUT]][{{.*}}], {{.*}}, 4, {{.*}} {bypassL1}
//  GPU-NEXT:           }
//  GPU-NEXT:         } else {
//   GPU-COUNT-2:       nvgpu.device_async_copy %[[INPUT]][{{.*}}], {{.*}}, 1, {{.*}} :
//   GPU-NOT:           nvgpu.device_async_copy %[[INPUT]]
//       GPU:         scf.if %{{.*}} {
//       GPU:           scf.if %{{.*}} {
//       GPU:             nvgpu.device_async_copy %[[FILTER]][{{.*}}], {{.*}}, 4, {{.*}} {bypassL1}
//       GPU:         } else {
//   GPU-COUNT-2:       nvgpu.device_async_copy %[[FILTER]][{{.*}}], {{.*}}, 1, {{.*}} :
//       GPU:       fusion.block_sync pending_copy_groups 1
// CPU-LABEL: func.func @tf32_nhwc_wide
//       CPU:   tensor.empty() : tensor<288xf32>
//   CPU-NOT:   memref
func.func @tf32_nhwc_wide(%x: tensor<1x9x20x8xf32>, %w: tensor<3x3x8x16xf32>, %b: tensor<16xf32>) -> tensor<1x9x20x16xf32> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<16xf32>) layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32>} : tensor<1x9x20x8xf32>, tensor<3x3x8x16xf32> -> tensor<1x9x20x16xf32>
  return %0 : tensor<1x9x20x16xf32>
}

// -----

// tf32x3: each operand split into two TF32 parts, three MMAs per step.
// GPU-LABEL: func.func @tf32x3_nhwc
//       GPU:   scf.forall ({{.*}}) in (1, 7, 1, 1, 1, 32)
//   GPU-COUNT-3:   nvgpu.mma.sync
//   GPU-NOT:       nvgpu.mma.sync
//       GPU:     tensor.parallel_insert_slice {{.*}} [1, 1, 8, 1]
// CPU-LABEL: func.func @tf32x3_nhwc
//       CPU:   scf.forall ({{.*}}) in (1, 7, 1, 1) shared_outs
//   CPU-NOT:   nvgpu
func.func @tf32x3_nhwc(%x: tensor<1x7x7x5xf32>, %w: tensor<3x3x5x8xf32>) -> tensor<1x7x7x8xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <silu> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32x3>} : tensor<1x7x7x5xf32>, tensor<3x3x5x8xf32> -> tensor<1x7x7x8xf32>
  return %0 : tensor<1x7x7x8xf32>
}

// -----

// native, f16: no rounding, 16-deep steps (K = 8 x 3 x 3 = 72: 5 steps),
// two f16 per register, f32 accumulators.
// The stage: 16 x (16 + 8) A and 8 x (16 + 8) B f16 elements for each of
// up to 8 warps. A (along the output columns in NCHW): 4 elements for each
// of the block's 64 threads, by loads and stores
// (two-byte elements: below cp.async's four). B (K = 72, a multiple of 8):
// runs of 8 (16 bytes, by cp.async) from the filter as 16 rows of 72 for
// the first 16 lanes where its address allows, else 4 elements a lane by
// loads and stores.
//       GPU:   memref.global "private" @__fusion_mma_stage_f16 : memref<3840xf16, #gpu.address_space<workgroup>>
// GPU-LABEL: func.func @native_f16
//       GPU:   %[[FILTER:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<16x8x3x3xf16>
//       GPU:   scf.forall ({{.*}}) in (1, 9, 2, 1, 2, 32)
//       GPU:     %[[ROWS:.*]] = memref.reinterpret_cast %[[FILTER]] {{.*}} to memref<16x72xf16, strided<[?, 1], offset: ?>>
//       GPU:     scf.for {{.*}} = %c0 to %c6 step %c1 iter_args({{.*}}) -> (vector<2x2xf32>)
//   GPU-COUNT-4:     memref.store {{.*}} : memref<3840xf16, #gpu.address_space<workgroup>>
//       GPU:         scf.if
//       GPU:           scf.if
//       GPU:             nvgpu.device_async_copy %[[ROWS]][{{.*}}], {{.*}}, 8, {{.*}} {bypassL1}
//       GPU:         } else {
//   GPU-COUNT-4:       memref.store {{.*}} : memref<3840xf16, #gpu.address_space<workgroup>>
//   GPU-NOT:           memref.store
//       GPU:       fusion.block_sync pending_copy_groups 1
//   GPU-NOT:       nvgpu.device_async_copy
//   GPU-NOT:       fusion.round_to_tf32
//       GPU:       nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
//   GPU-NOT:       nvgpu.mma.sync
//       GPU:     vector.transfer_write {{.*}} : vector<2x2xf16>
// CPU-LABEL: func.func @native_f16
//       CPU:   scf.forall ({{.*}}) in (1, 9, 2, 2) shared_outs
//   CPU-NOT:   nvgpu
//       CPU:   tensor.empty() : tensor<32x8xf16>
//       CPU:   tensor.empty() : tensor<32x4xf16>
//       CPU:   tensor.empty() : tensor<576xf16>
func.func @native_f16(%x: tensor<1x8x9x20xf16>, %w: tensor<16x8x3x3xf16>, %b: tensor<16xf16>) -> tensor<1x16x9x20xf16> {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<16xf16>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = native>} : tensor<1x8x9x20xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x9x20xf16>
  return %0 : tensor<1x16x9x20xf16>
}

// -----

// native, bf16: the same MMA on bf16 registers (fusion-lower-bf16-mma-sync
// lowers it late; test/Transforms/LowerBf16MmaSync).
// GPU-LABEL: func.func @native_bf16
//       GPU:   scf.forall ({{.*}}) in (1, 7, 1, 1, 1, 32)
//       GPU:       nvgpu.mma.sync({{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CPU-LABEL: func.func @native_bf16
//   CPU-NOT:   nvgpu
func.func @native_bf16(%x: tensor<1x7x7x5xbf16>, %w: tensor<3x3x5x8xbf16>) -> tensor<1x7x7x8xbf16> {
  %0 = fusion.conv_bias_act %x, %w layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <silu> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = native>} : tensor<1x7x7x5xbf16>, tensor<3x3x5x8xbf16> -> tensor<1x7x7x8xbf16>
  return %0 : tensor<1x7x7x8xbf16>
}

// fusion.warp_sync and fusion.block_sync round trip, custom and generic;
// their one attribute is verified (test/Dialect/invalid.mlir). Apart from
// ops.mlir, whose fused ops every GPU test compiles whole: a barrier
// belongs inside a kernel.
// RUN: fusion-opt %s | fusion-opt | FileCheck %s
// RUN: fusion-opt %s --mlir-print-op-generic | fusion-opt | FileCheck %s
// RUN: fusion-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @warp_syncs
//       CHECK:   fusion.warp_sync{{$}}
//       CHECK:   fusion.warp_sync pending_copy_groups 1{{$}}
// GENERIC-LABEL: sym_name = "warp_syncs"
//       GENERIC:   "fusion.warp_sync"() : () -> ()
//       GENERIC:   "fusion.warp_sync"() <{pending_copy_groups = 1 : i64}> : () -> ()
func.func @warp_syncs() {
  fusion.warp_sync
  fusion.warp_sync pending_copy_groups 1
  return
}

// CHECK-LABEL: func.func @block_syncs
//       CHECK:   fusion.block_sync{{$}}
//       CHECK:   fusion.block_sync pending_copy_groups 1{{$}}
// GENERIC-LABEL: sym_name = "block_syncs"
//       GENERIC:   "fusion.block_sync"() : () -> ()
//       GENERIC:   "fusion.block_sync"() <{pending_copy_groups = 1 : i64}> : () -> ()
func.func @block_syncs() {
  fusion.block_sync
  fusion.block_sync pending_copy_groups 1
  return
}

// RUN: fusion-opt %s --split-input-file --fusion-check-static-index-lists -verify-diagnostics --mlir-print-op-generic | FileCheck %s
// The fusion passes check first too: their output would be printed.
// RUN: fusion-opt %s --split-input-file --fusion-fuse -verify-diagnostics --mlir-print-op-generic | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-fold-bn -verify-diagnostics --mlir-print-op-generic | FileCheck %s
// RUN: fusion-opt %s --split-input-file --fusion-fuse-detect -verify-diagnostics --mlir-print-op-generic | FileCheck %s
// And so do both pipelines (fusion-verify and fusion-compile use them).
// RUN: not fusion-opt %s --split-input-file --fusion-to-cpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not fusion-opt %s --split-input-file --fusion-to-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: error: 'tensor.pad' op has 1 dynamic entries
// PIPELINE-NOT: PLEASE submit
// The dynamic marker (INT64_MIN) written as a static entry, with no value
// behind it, is refused with the list and the position; upstream's printer
// and bufferization would read past the operands. The generic form prints
// these ops without building the mixed list, so the test can print.

func.func @pad_low(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x5xf32> {
  %zero = arith.constant 0.0 : f32
  // expected-error @below {{'tensor.pad' op has 1 dynamic entries (the value -9223372036854775808, at position 3 of its static low padding) but 0 operands for them: write a size, or pass a value}}
  %p = tensor.pad %x low[0, 0, 0, -9223372036854775808] high[0, 0, 0, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x4x5xf32>
  return %p : tensor<1x2x4x5xf32>
}

// -----

// Slices and views check their lists in their own verifier (the pass
// checks them too, for ops built without verification).
func.func @slice_offsets(%x: tensor<8xf32>) -> tensor<2xf32> {
  // expected-error @below {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %s = tensor.extract_slice %x[-9223372036854775808] [2] [1] : tensor<8xf32> to tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

// Real dynamic entries, with their values, pass.
// CHECK-LABEL: sym_name = "dynamic_ok"
// CHECK: "tensor.pad"
// CHECK: "tensor.extract_slice"
func.func @dynamic_ok(%x: tensor<8xf32>, %n: index) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%n] high[0] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<8xf32> to tensor<?xf32>
  %s = tensor.extract_slice %p[%n] [4] [1] : tensor<?xf32> to tensor<4xf32>
  %c = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
  return %c : tensor<?xf32>
}

// -----

// A transform op's tile sizes are a static list of the same kind.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %conv = transform.structured.match ops{["fusion.conv_bias_act"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{'transform.structured.tile_using_forall' op has 1 dynamic entries (the value -9223372036854775808, at position 3 of its static tile sizes) but 0 operands for them: write a size, or pass a value}}
    %tiled, %loop = transform.structured.tile_using_forall %conv tile_sizes [0, 4, 0, -9223372036854775808] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A dim index that names no dimension reads past the sizes once lowered.
func.func @dim_out_of_range(%m: tensor<3xf32>) -> index {
  %c65 = arith.constant 65 : index
  // expected-error @below {{'tensor.dim' op has index 65 but its source has rank 1: dimensions are numbered 0 to 0}}
  %d = tensor.dim %m, %c65 : tensor<3xf32>
  return %d : index
}

// -----

func.func @memref_dim_negative(%m: memref<3x4xf32>) -> index {
  %c = arith.constant -1 : index
  // expected-error @below {{'memref.dim' op has index -1 but its source has rank 2: dimensions are numbered 0 to 1}}
  %d = memref.dim %m, %c : memref<3x4xf32>
  return %d : index
}

// RUN: fusion-opt %s --split-input-file --fusion-check-assertions -verify-diagnostics | FileCheck %s
// Both pipelines check first, so no tool builds (or, in fusion-verify,
// runs) a program that aborts on every input.
// RUN: not fusion-opt %s --split-input-file --fusion-to-cpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not fusion-opt %s --split-input-file --fusion-to-ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not fusion-verify %s --entry=shape_mismatch --frames=2 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: error: this assertion fails for every input (its condition folds to false on the model's static shapes and constants): "expect the size of dim 0 equal to the number of features"
// PIPELINE-NOT: PLEASE submit

// torch-mlir's BatchNorm guard, with the feature count written wrong: the
// parameter has 3 entries, the guard expects 65.
func.func @shape_mismatch(%x: tensor<1x3x4x4xf32>, %m: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %c0 = arith.constant 0 : index
  %c65 = arith.constant 65 : index
  %dim = tensor.dim %m, %c0 : tensor<3xf32>
  %ok = arith.cmpi eq, %dim, %c65 : index
  // expected-error @below {{this assertion fails for every input (its condition folds to false on the model's static shapes and constants): "expect the size of dim 0 equal to the number of features"}}
  cf.assert %ok, "expect the size of dim 0 equal to the number of features"
  return %x : tensor<1x3x4x4xf32>
}

// -----

// The same guard that holds is kept, and so is one on a dynamic size,
// which only a run can decide; the check changes nothing.
// CHECK-LABEL: func.func @holds
// CHECK: %[[DIM:.*]] = tensor.dim
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[DIM]]
// CHECK: cf.assert %[[OK]], "holds"
// CHECK: cf.assert %{{.*}}, "dynamic"
func.func @holds(%m: tensor<3xf32>, %n: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %dim = tensor.dim %m, %c0 : tensor<3xf32>
  %ok = arith.cmpi eq, %dim, %c3 : index
  cf.assert %ok, "holds"
  %dyn = tensor.dim %n, %c0 : tensor<?xf32>
  %ok2 = arith.cmpi eq, %dyn, %c3 : index
  cf.assert %ok2, "dynamic"
  return
}

// -----

// A constant operand on the left of a commutative compare: folding it
// must not reorder the op's operands in place (the check leaves the IR as
// it is).
// CHECK-LABEL: func.func @commutative_left
// CHECK: %[[C:.*]] = arith.constant 3 : index
// CHECK: arith.cmpi eq, %[[C]], %{{.*}} : index
func.func @commutative_left(%m: tensor<3xf32>, %i: index) {
  %c3 = arith.constant 3 : index
  %ok = arith.cmpi eq, %c3, %i : index
  cf.assert %ok, "runtime"
  return
}

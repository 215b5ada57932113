// fusion-verify against other engines' outputs (--expected, one .npy per
// output with a leading frame dimension), its own outputs written as .npy
// (--write-outputs), and the f32 noise bound (--f32-noise). The model is
// verify-inputs.mlir's.
// RUN: rm -rf %t && mkdir -p %t
// Its own outputs, read back as another engine's, agree exactly.
// RUN: fusion-verify %S/verify-inputs.mlir --inputs=%S/Inputs/frames-3x1x2x4x4-f32.npy --write-outputs=%t/fused- | FileCheck %s --check-prefix=WRITE
// RUN: fusion-verify %S/verify-inputs.mlir --inputs=%S/Inputs/frames-3x1x2x4x4-f32.npy --expected=%t/fused-0.npy | FileCheck %s --check-prefix=SAME
// An engine that computes something else (here the deliberately wrong fold,
// written out) is caught, also within the f32 noise bound.
// RUN: not fusion-verify %S/verify-inputs.mlir --inputs=%S/Inputs/frames-3x1x2x4x4-f32.npy --test-skip-weight-scaling --write-outputs=%t/wrong-
// RUN: not fusion-verify %S/verify-inputs.mlir --inputs=%S/Inputs/frames-3x1x2x4x4-f32.npy --expected=%t/wrong-0.npy --f32-noise=2 | FileCheck %s --check-prefix=OTHER
// Unusable inputs: exit 2 with a message.
// RUN: not fusion-verify %S/verify-inputs.mlir --frames=2 --expected=%t/fused-0.npy 2>&1 | FileCheck %s --check-prefix=FRAMES
// RUN: not fusion-verify %S/verify-inputs.mlir --frames=2 --f32-noise=2 --f64=false 2>&1 | FileCheck %s --check-prefix=NOF64
// RUN: fusion-verify %S/verify-inputs.mlir --frames=2 --write-outputs=%t/missing-dir/x- 2>&1; test $? -eq 2
// An engine's output of another shape is called an output, not an input.
// RUN: not fusion-verify %S/verify-inputs.mlir --inputs=%S/Inputs/frames-3x1x2x4x4-f32.npy --expected=%S/Inputs/wrong-shape-2x4x4-f32.npy 2>&1 | FileCheck %s --check-prefix=OUTSHAPE
// OUTSHAPE: wrong-shape-2x4x4-f32.npy: shape (2x4x4) is neither the output's (1x3x4x4) nor frames of it

// WRITE: PASS
// SAME: against fused-0.npy: max_abs 0.00e+00, {{.*}} PASS
// SAME-NEXT: {{^}}PASS
// OTHER: f32 noise bound (atol + 2.000000e+00 x the reference's error against f64): 0:
// OTHER: against wrong-0.npy: {{.*}} FAIL
// OTHER: {{^}}FAIL
// FRAMES: fused-0.npy: holds 3 frames, the check ran 2
// NOF64: --f32-noise needs the f64 check (--f64)

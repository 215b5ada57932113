// Which bound fusion-verify applies, and why, is part of its output. The
// model is verify-inputs.mlir's.
// The default: f64-grounded, the noise bound per output.
// RUN: fusion-verify %S/verify-inputs.mlir --frames=2 --json=%t.json | FileCheck %s --check-prefix=GROUNDED
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// Strict, asked for, or forced because nothing measures the noise.
// RUN: fusion-verify %S/verify-inputs.mlir --frames=2 --bound=strict | FileCheck %s --check-prefix=STRICT
// RUN: fusion-verify %S/verify-inputs.mlir --frames=2 --f64=false | FileCheck %s --check-prefix=NOF64
// RUN: fusion-verify %S/verify-inputs.mlir --frames=2 --f32-noise=0 | FileCheck %s --check-prefix=ZERO
// A factor for the strict bound is a contradiction: exit 2.
// RUN: not fusion-verify %S/verify-inputs.mlir --frames=2 --bound=strict --f32-noise=3 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not fusion-verify %S/verify-inputs.mlir --frames=2 --bound=loose 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// The default rtol follows the outputs' type (f16: 8 unit roundoffs); the
// rounding cap too (f16: 32 unit roundoffs of the output's scale). A given
// --rtol wins.
// RUN: fusion-verify %fusion_src_root/test/Integration/linalg-f16-extf-bn-truncf.mlir --frames=2 | FileCheck %s --check-prefix=HALF
// RUN: fusion-verify %fusion_src_root/test/Integration/linalg-f16-extf-bn-truncf.mlir --frames=2 --rtol=0.5 | FileCheck %s --check-prefix=GIVEN
// The wrong fold fails under both bounds.
// RUN: not fusion-verify %S/verify-inputs.mlir --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: not fusion-verify %S/verify-inputs.mlir --frames=2 --bound=strict --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG

// GROUNDED: bound: f64-grounded (default; --bound=strict for the tolerance alone)
// GROUNDED-NEXT: f32 noise bound (atol + 2.000000e+00 x the reference's error against f64): 0: {{[0-9.]+e-0[0-9]}};
// GROUNDED: {{^}}PASS
// JSON: "bound": "f64-grounded"
// JSON: "f32_noise": 2
// STRICT: bound: strict (--bound=strict): every element within atol + rtol x |ref|
// STRICT-NOT: f32 noise bound
// STRICT: {{^}}PASS
// NOF64: bound: strict (no f64 evaluation (--f64=false) to tell f32 rounding from error)
// NOF64: {{^}}PASS
// ZERO: bound: strict (--f32-noise=0)
// ZERO: {{^}}PASS
// HALF: rtol 3.906250e-03, atol 1.000000e-05,
// HALF: against the model in f64 (max_abs of the checked program, of the f16 reference):
// HALF: the f16 noise bound
// HALF-NEXT: f16 noise bound (atol + 2.000000e+00 x the reference's error against f64): 0: {{[0-9.]+e-0[0-9]}};
// HALF: {{^}}PASS
// GIVEN: rtol 5.000000e-01, atol 1.000000e-05,
// BOTH: fusion-verify: --f32-noise is the factor of --bound=f64-grounded; --bound=strict takes none
// UNKNOWN: Cannot find option named 'loose'
// WRONG: {{^}}FAIL

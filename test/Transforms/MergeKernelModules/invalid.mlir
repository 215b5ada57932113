// RUN: fusion-opt %s --split-input-file --fusion-merge-kernel-modules=min-modules=2 -verify-diagnostics

// A module that already has a target was set up for serialization on its
// own: merging would drop or mix its options.
module attributes {gpu.container_module} {
  // expected-error @below {{fusion-merge-kernel-modules runs before a target is attached; this kernel module already has one}}
  gpu.module @one [#nvvm.target] {
    gpu.func @one() kernel { gpu.return }
  }
  gpu.module @two {
    gpu.func @two() kernel { gpu.return }
  }
}

// -----

// An external function binds by name: two modules that declare it with
// different types cannot share one declaration.
module attributes {gpu.container_module} {
  gpu.module @one {
    func.func private @__nv_expf(f32) -> f32
    gpu.func @one() kernel { gpu.return }
  }
  gpu.module @two {
    // expected-error @below {{external '__nv_expf' is declared differently in two kernel modules; they cannot be merged}}
    func.func private @__nv_expf(f64) -> f64
    gpu.func @two() kernel { gpu.return }
  }
}

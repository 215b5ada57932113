// fusion-check-ptx: PTX that calls a function it does not define (libdevice
// math left unlinked, or a host function) is refused at compile time, naming
// the function; self-contained PTX passes unchanged.
// RUN: fusion-opt %s --split-input-file --fusion-check-ptx -verify-diagnostics

module attributes {gpu.container_module} {
  // expected-error @+1 {{kernel module calls '__nv_expf', which it does not define: libdevice was not linked (pass libdevice=<CUDA toolkit>/nvvm/libdevice/libdevice.10.bc to fusion-to-ptx)}}
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".version 8.0\0A.target sm_90\0A.address_size 64\0A.extern .func  (.param .b32 func_retval0) __nv_expf\0A(\0A\09.param .b32 __nv_expf_param_0\0A)\0A;\0A.visible .entry k()\0A{\0A\09ret;\0A}\0A">]
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{kernel module calls 'helper', which it does not define and libdevice does not provide}}
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".version 8.0\0A.target sm_90\0A.extern .func helper\0A(\0A)\0A;\0A.visible .entry k()\0A{\0A\09ret;\0A}\0A">]
}

// -----

module attributes {gpu.container_module} {
  gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".version 8.0\0A.target sm_90\0A.visible .entry k()\0A{\0A\09ret;\0A}\0A">]
}

// Kernels with exp (sigmoid, SiLU) or sqrt (an unfolded BatchNorm) call
// libdevice. fusion-to-ptx links the CUDA toolkit's libdevice, so the PTX
// defines everything it calls and assembles; without libdevice the pipeline
// refuses with a message instead of emitting PTX that cannot load.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: fusion-opt %s --fusion-to-ptx="dump-ptx=%t" -o /dev/null
// RUN: cat %t/*.ptx | FileCheck %s --check-prefix=LINKED
// RUN: ls %t/*.ptx | xargs -n1 %ptxas -arch=sm_90 -o %t/out.cubin
// RUN: not fusion-opt %s --fusion-to-ptx="libdevice=" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNLINKED

// LINKED: .visible .entry
// LINKED-NOT: .extern .func
// LINKED: ex2.approx
// UNLINKED: error: kernel module calls '__nv_{{expf|sqrtf}}', which it does not define: libdevice was not linked

func.func @silu_unfolded(%x: tensor<1x2x6x6xf32>, %w: tensor<4x2x3x3xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %g: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %0 = fusion.conv_bn_act %x, %w mean(%m : tensor<4xf32>) variance(%v : tensor<4xf32>) gamma(%g : tensor<4xf32>) beta(%b : tensor<4xf32>) epsilon(1.0e-5) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <silu> : tensor<1x2x6x6xf32>, tensor<4x2x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// The mma_sync strategy's tile-level algorithm on the host, against the
// reference (exact fp32 register-blocked nests) and the model in f64, under
// both tensor-core policies: the same tiles, fragment gathers and epilogue
// as the GPU's lanes, the warp's MMA emulated through the inverse fragment
// layout, TF32 rounding bit for bit. The forms: NCHW and both NHWC filter
// layouts, strides, asymmetric padding, dilation, a K that is not a multiple
// of 8 (3 x 7 x 7 = 147), batch 2, widths that end inside a 16-column tile
// (7, 8, 19, 33) and one that does not (16), an unfolded BatchNorm, bias and
// no bias, every activation. Depthwise and grouped convs in @others stay on
// register_block in fp32 under either policy, its f16 conv runs on tensor
// cores in f16 (fusion-select-lowering says so;
// test/Transforms/SelectLowering/precision.mlir). @halves: f16 and bf16
// convs under native (m16n8k16, two elements per register, K tails of 72,
// 147, 45 and 54 against a step of 16), within their types' tolerance.
//
// RUN: fusion-verify %s --entry=forms --frames=3 --precision=tf32 | FileCheck %s --check-prefix=TF32
// RUN: fusion-verify %s --entry=forms --frames=3 --precision=tf32x3 | FileCheck %s --check-prefix=X3
// RUN: fusion-verify %s --entry=activations --frames=3 --precision=tf32 | FileCheck %s --check-prefix=PASS
// RUN: fusion-verify %s --entry=activations --frames=3 --precision=tf32x3 | FileCheck %s --check-prefix=PASS
// RUN: fusion-verify %s --entry=others --frames=2 --precision=tf32 | FileCheck %s --check-prefix=PASS
// @wide: the forms whose runs copy four f32 elements at a time (16-byte
// cp.async on the GPU; the host fills the stage by the same runs): NHWC
// inputs with channels a multiple of 4, with padding, both NHWC filter
// layouts.
// RUN: fusion-verify %s --entry=wide --frames=3 --precision=tf32 | FileCheck %s --check-prefix=PASS
// RUN: fusion-verify %s --entry=wide --frames=2 --precision=tf32x3 | FileCheck %s --check-prefix=PASS
// RUN: not fusion-verify %s --entry=wide --frames=2 --precision=tf32 --test-mma-tile-shift=1 | FileCheck %s --check-prefix=WRONG
// @wide_halves: the same in f16 and bf16, runs of eight (16 bytes): NHWC
// with 16 and 8 input channels, both NHWC filter layouts, and an FCHW
// filter with K = 8 x 3 x 3.
// RUN: fusion-verify %s --entry=wide_halves --frames=3 --precision=native | FileCheck %s --check-prefix=PASS
// A tile reading its input one column off is caught, under either policy:
// RUN: not fusion-verify %s --entry=forms --frames=2 --precision=tf32 --test-mma-tile-shift=1 | FileCheck %s --check-prefix=WRONG
// RUN: not fusion-verify %s --entry=activations --frames=2 --precision=tf32x3 --test-mma-tile-shift=-1 | FileCheck %s --check-prefix=WRONG
// RUN: fusion-verify %s --entry=configured --frames=3 | FileCheck %s --check-prefix=CONFIGURED
// RUN: not fusion-verify %s --entry=configured --frames=2 --test-mma-tile-shift=2 | FileCheck %s --check-prefix=WRONG
// The MMAs really run: tf32 misses the exact reference by more than f32
// rounding would.
// RUN: not fusion-verify %s --entry=forms --frames=3 --precision=tf32 --bound=strict --rtol=1e-5 | FileCheck %s --check-prefix=WRONG
// native leaves f32 convs exact: the strict f32 bound holds.
// RUN: fusion-verify %s --entry=forms --frames=2 --precision=native --bound=strict --rtol=1e-5 | FileCheck %s --check-prefix=PASS
// RUN: fusion-verify %s --entry=halves --frames=3 --precision=native | FileCheck %s --check-prefix=PASS
// RUN: fusion-verify %s --entry=halves --frames=2 --precision=tf32x3 | FileCheck %s --check-prefix=PASS
// RUN: not fusion-verify %s --entry=halves --frames=2 --precision=native --test-mma-tile-shift=1 | FileCheck %s --check-prefix=WRONG
// An unknown policy is refused:
// RUN: not fusion-verify %s --entry=forms --precision=fp8 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// TF32: precision: tf32 (products with unit roundoff 4.88e-04; rtol from it unless given, noise bound x 8192)
// TF32: PASS
// X3: precision: tf32x3 (products with unit roundoff 9.54e-07; rtol from it unless given, noise bound x 16)
// X3: PASS
// PASS: PASS
// CONFIGURED: precision: tf32 (products with unit roundoff 4.88e-04; rtol from it unless given, noise bound x 8192); 1 fused op(s) set a tensor-core precision in the IR
// CONFIGURED: PASS
// WRONG: FAIL
// UNKNOWN: Cannot find option named 'fp8'!

func.func @forms(%x1: tensor<1x8x9x19xf32>, %w1: tensor<16x8x3x3xf32>, %b1: tensor<16xf32>,
                 %x2: tensor<2x3x11x13xf32>, %w2: tensor<8x3x7x7xf32>,
                 %x3: tensor<1x10x12x5xf32>, %w3: tensor<3x3x5x16xf32>, %b3: tensor<16xf32>,
                 %x4: tensor<1x9x17x6xf32>, %w4: tensor<8x3x3x6xf32>,
                 %x5: tensor<1x4x5x33xf32>, %w5: tensor<24x4x1x1xf32>,
                 %x6: tensor<1x6x16x8xf32>, %w6: tensor<1x1x8x8xf32>)
    -> (tensor<1x16x9x19xf32>, tensor<2x8x6x7xf32>, tensor<1x10x12x16xf32>, tensor<1x4x8x8xf32>, tensor<1x24x5x33xf32>, tensor<1x6x16x8xf32>) {
  %0 = fusion.conv_bias_act %x1, %w1 bias(%b1 : tensor<16xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x8x9x19xf32>, tensor<16x8x3x3xf32> -> tensor<1x16x9x19xf32>
  %1 = fusion.conv_bias_act %x2, %w2 layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([3, 3, 3, 3]) groups(1) act <silu> : tensor<2x3x11x13xf32>, tensor<8x3x7x7xf32> -> tensor<2x8x6x7xf32>
  %2 = fusion.conv_bias_act %x3, %w3 bias(%b3 : tensor<16xf32>) layout(nhwc_hwcf) strides([1, 1]) dilations([2, 2]) padding([2, 2, 2, 2]) groups(1) act <sigmoid> : tensor<1x10x12x5xf32>, tensor<3x3x5x16xf32> -> tensor<1x10x12x16xf32>
  %3 = fusion.conv_bias_act %x4, %w4 layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([0, 1, 1, 0]) groups(1) act <hardswish> : tensor<1x9x17x6xf32>, tensor<8x3x3x6xf32> -> tensor<1x4x8x8xf32>
  %m = arith.constant dense<0.25> : tensor<24xf32>
  %v = arith.constant dense<1.5> : tensor<24xf32>
  %g = arith.constant dense<0.75> : tensor<24xf32>
  %be = arith.constant dense<-0.125> : tensor<24xf32>
  %4 = fusion.conv_bn_act %x5, %w5 mean(%m : tensor<24xf32>) variance(%v : tensor<24xf32>) gamma(%g : tensor<24xf32>) beta(%be : tensor<24xf32>) epsilon(1.0e-03) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <leaky_relu, alpha = 0.1> : tensor<1x4x5x33xf32>, tensor<24x4x1x1xf32> -> tensor<1x24x5x33xf32>
  %5 = fusion.conv_bias_act %x6, %w6 layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <clamp, min = -0.5, max = 0.5> : tensor<1x6x16x8xf32>, tensor<1x1x8x8xf32> -> tensor<1x6x16x8xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x16x9x19xf32>, tensor<2x8x6x7xf32>, tensor<1x10x12x16xf32>, tensor<1x4x8x8xf32>, tensor<1x24x5x33xf32>, tensor<1x6x16x8xf32>
}

func.func @wide(%x1: tensor<1x9x19x12xf32>, %w1: tensor<3x3x12x16xf32>, %b1: tensor<16xf32>,
                %x2: tensor<1x11x13x8xf32>, %w2: tensor<8x3x3x8xf32>)
    -> (tensor<1x10x18x16xf32>, tensor<1x6x7x8xf32>) {
  %0 = fusion.conv_bias_act %x1, %w1 bias(%b1 : tensor<16xf32>) layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([1, 2, 0, 1]) groups(1) act <relu> : tensor<1x9x19x12xf32>, tensor<3x3x12x16xf32> -> tensor<1x10x18x16xf32>
  %1 = fusion.conv_bias_act %x2, %w2 layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <silu> : tensor<1x11x13x8xf32>, tensor<8x3x3x8xf32> -> tensor<1x6x7x8xf32>
  return %0, %1 : tensor<1x10x18x16xf32>, tensor<1x6x7x8xf32>
}

func.func @wide_halves(%x1: tensor<1x9x19x16xf16>, %w1: tensor<3x3x16x16xf16>, %b1: tensor<16xf16>,
                       %x2: tensor<1x11x13x8xbf16>, %w2: tensor<8x3x3x8xbf16>,
                       %x3: tensor<1x8x7x9xf16>, %w3: tensor<8x8x3x3xf16>)
    -> (tensor<1x10x18x16xf16>, tensor<1x6x7x8xbf16>, tensor<1x8x7x9xf16>) {
  %0 = fusion.conv_bias_act %x1, %w1 bias(%b1 : tensor<16xf16>) layout(nhwc_hwcf) strides([1, 1]) dilations([1, 1]) padding([1, 2, 0, 1]) groups(1) act <relu> : tensor<1x9x19x16xf16>, tensor<3x3x16x16xf16> -> tensor<1x10x18x16xf16>
  %1 = fusion.conv_bias_act %x2, %w2 layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <silu> : tensor<1x11x13x8xbf16>, tensor<8x3x3x8xbf16> -> tensor<1x6x7x8xbf16>
  %2 = fusion.conv_bias_act %x3, %w3 layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <hardswish> : tensor<1x8x7x9xf16>, tensor<8x8x3x3xf16> -> tensor<1x8x7x9xf16>
  return %0, %1, %2 : tensor<1x10x18x16xf16>, tensor<1x6x7x8xbf16>, tensor<1x8x7x9xf16>
}

// The activations @forms does not take, on a 7-wide map (ResNet-50's last
// stage width) with K = 16 x 9.
func.func @activations(%x: tensor<1x16x7x7xf32>, %w: tensor<32x16x3x3xf32>, %b: tensor<32xf32>)
    -> (tensor<1x32x7x7xf32>, tensor<1x32x7x7xf32>, tensor<1x32x7x7xf32>) {
  %0 = fusion.conv_bias_act %x, %w bias(%b : tensor<32xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu6> : tensor<1x16x7x7xf32>, tensor<32x16x3x3xf32> -> tensor<1x32x7x7xf32>
  %1 = fusion.conv_bias_act %x, %w bias(%b : tensor<32xf32>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <hardsigmoid> : tensor<1x16x7x7xf32>, tensor<32x16x3x3xf32> -> tensor<1x32x7x7xf32>
  %2 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <none> : tensor<1x16x7x7xf32>, tensor<32x16x3x3xf32> -> tensor<1x32x7x7xf32>
  return %0, %1, %2 : tensor<1x32x7x7xf32>, tensor<1x32x7x7xf32>, tensor<1x32x7x7xf32>
}

// Forms the strategy does not take: they keep exact fp32 under the policy.
func.func @others(%x: tensor<1x6x6x8xf32>, %wd: tensor<3x3x8xf32>, %xg: tensor<1x8x6x6xf32>, %wg: tensor<8x4x3x3xf32>, %xh: tensor<1x8x6x6xf16>, %wh: tensor<8x8x1x1xf16>)
    -> (tensor<1x6x6x8xf32>, tensor<1x8x6x6xf32>, tensor<1x8x6x6xf16>) {
  %0 = fusion.conv_bias_act %x, %wd layout(nhwc_hwc) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(8) act <relu6> : tensor<1x6x6x8xf32>, tensor<3x3x8xf32> -> tensor<1x6x6x8xf32>
  %1 = fusion.conv_bias_act %xg, %wg layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(2) act <relu> : tensor<1x8x6x6xf32>, tensor<8x4x3x3xf32> -> tensor<1x8x6x6xf32>
  %2 = fusion.conv_bias_act %xh, %wh layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <relu> : tensor<1x8x6x6xf16>, tensor<8x8x1x1xf16> -> tensor<1x8x6x6xf16>
  return %0, %1, %2 : tensor<1x6x6x8xf32>, tensor<1x8x6x6xf32>, tensor<1x8x6x6xf16>
}

// A tensor-core configuration written in the IR is what the checked program
// runs, and the tolerance follows it without --precision; the reference and
// the f64 model stay exact.
func.func @configured(%x: tensor<1x8x9x19xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<1x16x9x19xf32> {
  %0 = fusion.conv_bias_act %x, %w layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <none> {lowering_config = #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8, columns_per_thread = 16, loop_order = layout, precision = tf32>} : tensor<1x8x9x19xf32>, tensor<16x8x3x3xf32> -> tensor<1x16x9x19xf32>
  return %0 : tensor<1x16x9x19xf32>
}

// f16 and bf16 forms: NCHW and both NHWC filter layouts, strides,
// asymmetric padding, dilation, an unfolded BatchNorm, widths 19, 7, 12, 8
// and 33.
func.func @halves(%x1: tensor<1x8x9x19xf16>, %w1: tensor<16x8x3x3xf16>, %b1: tensor<16xf16>,
                  %x2: tensor<2x3x11x13xbf16>, %w2: tensor<8x3x7x7xbf16>,
                  %x3: tensor<1x10x12x5xbf16>, %w3: tensor<3x3x5x16xbf16>, %b3: tensor<16xbf16>,
                  %x4: tensor<1x9x17x6xf16>, %w4: tensor<8x3x3x6xf16>,
                  %x5: tensor<1x4x5x33xf16>, %w5: tensor<24x4x1x1xf16>)
    -> (tensor<1x16x9x19xf16>, tensor<2x8x6x7xbf16>, tensor<1x10x12x16xbf16>, tensor<1x4x8x8xf16>, tensor<1x24x5x33xf16>) {
  %0 = fusion.conv_bias_act %x1, %w1 bias(%b1 : tensor<16xf16>) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([1, 1, 1, 1]) groups(1) act <relu> : tensor<1x8x9x19xf16>, tensor<16x8x3x3xf16> -> tensor<1x16x9x19xf16>
  %1 = fusion.conv_bias_act %x2, %w2 layout(nchw_fchw) strides([2, 2]) dilations([1, 1]) padding([3, 3, 3, 3]) groups(1) act <silu> : tensor<2x3x11x13xbf16>, tensor<8x3x7x7xbf16> -> tensor<2x8x6x7xbf16>
  %2 = fusion.conv_bias_act %x3, %w3 bias(%b3 : tensor<16xbf16>) layout(nhwc_hwcf) strides([1, 1]) dilations([2, 2]) padding([2, 2, 2, 2]) groups(1) act <sigmoid> : tensor<1x10x12x5xbf16>, tensor<3x3x5x16xbf16> -> tensor<1x10x12x16xbf16>
  %3 = fusion.conv_bias_act %x4, %w4 layout(nhwc_fhwc) strides([2, 2]) dilations([1, 1]) padding([0, 1, 1, 0]) groups(1) act <hardswish> : tensor<1x9x17x6xf16>, tensor<8x3x3x6xf16> -> tensor<1x4x8x8xf16>
  %m = arith.constant dense<0.25> : tensor<24xf16>
  %v = arith.constant dense<1.5> : tensor<24xf16>
  %g = arith.constant dense<0.75> : tensor<24xf16>
  %be = arith.constant dense<-0.125> : tensor<24xf16>
  %4 = fusion.conv_bn_act %x5, %w5 mean(%m : tensor<24xf16>) variance(%v : tensor<24xf16>) gamma(%g : tensor<24xf16>) beta(%be : tensor<24xf16>) epsilon(1.0e-03) layout(nchw_fchw) strides([1, 1]) dilations([1, 1]) padding([0, 0, 0, 0]) groups(1) act <leaky_relu, alpha = 0.1> : tensor<1x4x5x33xf16>, tensor<24x4x1x1xf16> -> tensor<1x24x5x33xf16>
  return %0, %1, %2, %3, %4 : tensor<1x16x9x19xf16>, tensor<2x8x6x7xbf16>, tensor<1x10x12x16xbf16>, tensor<1x4x8x8xf16>, tensor<1x24x5x33xf16>
}

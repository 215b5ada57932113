// Three memory trips become one: a Conv -> BatchNorm -> ReLU chain compiles
// to exactly one kernel, whose only global stores are the output elements,
// each written once. The unfused baseline (fuse=false: the same conv
// codegen, BatchNorm and ReLU as their own ops) launches three kernels, each
// writing a full feature map.
//
// Fused: one iteration per 1 x 4 register block (3 channels x 4 rows x 1
// column block = 12 threads of a 4 x 4 block, the unit dimensions folded
// away), each storing its 4 outputs: 48 stores for the 48 output elements.
// RUN: rm -rf %t && mkdir -p %t/fused %t/unfused %t/one
// RUN: fusion-opt %s --fusion-to-ptx="dump-ptx=%t/fused" -o %t/fused.mlir
// RUN: fusion-opt %s --fusion-to-ptx="fuse=false dump-ptx=%t/unfused" -o %t/unfused.mlir
// RUN: fusion-opt %s --fusion-to-ptx="channels-per-thread=1 columns-per-thread=1 dump-ptx=%t/one" -o /dev/null
// RUN: cat %t/fused/*.ptx | grep -c "^\s*.visible .entry" | FileCheck %s --check-prefix=ONE
// RUN: cat %t/fused/*.ptx | grep -c "st.global" | FileCheck %s --check-prefix=FOUR
// RUN: cat %t/fused/*.ptx | FileCheck %s --check-prefix=THREADS
// RUN: FileCheck %s --check-prefix=HOST < %t/fused.mlir
// RUN: cat %t/unfused/*.ptx | grep -c "^\s*.visible .entry" | FileCheck %s --check-prefix=THREE
// RUN: grep -c "st.global" %t/unfused/net_kernel.ptx | FileCheck %s --check-prefix=FOUR
// RUN: grep -c "st.global" %t/unfused/net_kernel_0.ptx | FileCheck %s --check-prefix=ONE
// RUN: grep -c "st.global" %t/unfused/net_kernel_1.ptx | FileCheck %s --check-prefix=ONE
// RUN: cat %t/one/*.ptx | grep -c "st.global" | FileCheck %s --check-prefix=ONE

// ONE: {{^}}1{{$}}
// THREE: {{^}}3{{$}}
// FOUR: {{^}}4{{$}}
// THREADS: .maxntid 4, 4, 1
// One block, launched on a stream, on buffers the host put on the device:
// the folded filter and bias are resident (uploaded once, not per call).
// HOST-LABEL: llvm.func @net(
// HOST: %[[UNIT:.*]] = llvm.mlir.constant(1 : index) : i64
// HOST: llvm.call @fusion_resident_f32
// HOST: llvm.call @fusion_resident_f32
// HOST-NOT: llvm.call @mgpuMemcpy
// HOST: llvm.call @mgpuMemAlloc
// HOST-NOT: llvm.call @mgpuMemcpy
// HOST: gpu.launch_func <%{{.*}} : !llvm.ptr> @net_kernel::@net_kernel blocks in (%[[UNIT]], %[[UNIT]], %[[UNIT]])
// HOST-NOT: gpu.launch_func
// HOST: llvm.call @mgpuStreamSynchronize
// HOST: gpu.binary @net_kernel
// HOST-SAME: #nvvm.target<O = 3, chip = "sm_90", features = "+ptx80"

func.func @net(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %w = arith.constant dense<[[[[0.1,0.2,-0.3],[0.4,0.5,0.6],[0.7,-0.8,0.9]],[[0.1,0.2,0.3],[0.4,-0.5,0.6],[0.7,0.8,0.9]]],[[[0.2,0.2,0.3],[0.4,0.5,0.6],[-0.7,0.8,0.9]],[[0.1,0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]]],[[[0.3,-0.2,0.3],[0.4,0.5,0.6],[0.7,0.8,0.9]],[[0.1,0.2,0.3],[0.4,0.5,-0.6],[0.7,0.8,0.9]]]]> : tensor<3x2x3x3xf32>
  %g = arith.constant dense<[1.5, 0.5, -2.0]> : tensor<3xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3]> : tensor<3xf32>
  %m = arith.constant dense<[0.5, 1.0, -1.0]> : tensor<3xf32>
  %v = arith.constant dense<[0.25, 4.0, 1.0]> : tensor<3xf32>
  %eps = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d1)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%c, %g, %b, %m, %v : tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%c : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %gg: f32, %bb: f32, %mm: f32, %vv: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %1 = arith.addf %vv, %t : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.subf %in, %mm : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.mulf %4, %gg : f32
    %6 = arith.addf %5, %bb : f32
    linalg.yield %6 : f32
  } -> tensor<1x3x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>, affine_map<(d0,d1,d2,d3)->(d0,d1,d2,d3)>], iterator_types = ["parallel","parallel","parallel","parallel"]} ins(%bn : tensor<1x3x4x4xf32>) outs(%e : tensor<1x3x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.cmpf ugt, %in, %zero : f32
    %2 = arith.select %1, %in, %zero : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

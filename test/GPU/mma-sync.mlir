// The mma_sync strategy in PTX for every distinct conv layer of ResNet-50
// (test/GPU/resnet50-layers.mlir, 23 fused ops) and of MobileNetV2
// (bench/models/mobilenet_v2-layers.mlir: 30 Conv-BatchNorm-ReLU chains at
// 224 x 224 in torch-mlir's linalg form, fused and folded first; 20 dense,
// 10 depthwise): under precision tf32 every dense layer's kernel holds
// an mma.sync m16n8k8 TF32 with its operands rounded by cvt.rna.tf32.f32,
// under tf32x3 three of them per step (the operand split), and every kernel
// assembles with ptxas for sm_90 and sm_80 without spills. The depthwise
// layers stay on CUDA cores (no mma.sync), as does every layer in fp32.
// The same layers in f16 and bf16 take m16n8k16 MMAs in their own type.
// Every tensor-core kernel stages its tiles in shared memory, two stages a
// block: the block's threads copy the next step's A tile together, which
// its warps share, and each warp's lanes its B tile (f32 by cp.async, which
// zero-fills padding; single f16 and bf16 elements by st.shared), wait and
// meet (cp.async.wait_group, bar.sync 0), then each lane reads its
// fragments by ld.shared. Operands go in 16-byte copies (cp.async.cg, four
// f32 or eight f16 or bf16 elements) where each run is contiguous in
// memory (the filter of every layer whose K is a multiple of the run: all
// but the two stems; NHWC inputs with channels a multiple of it) and,
// checked at run time, the buffer's address and strides allow it; one
// element at a time otherwise, so both forms are in each such kernel. Not
// yet in these kernels: ldmatrix, cp.async for single two-byte elements
// (below its four bytes), B tiles shared across column tiles, 16-byte
// stores.
// REQUIRES: ptxas
// merge-min-modules=0: one PTX file per kernel, named after its function.
// RUN: rm -rf %t && mkdir -p %t/r90 %t/r80 %t/r90x3 %t/m90 %t/m80 %t/m90x3 %t/fp32
// RUN: fusion-opt %S/resnet50-layers.mlir --fusion-to-ptx="merge-min-modules=0 precision=tf32 dump-ptx=%t/r90" -o /dev/null
// RUN: fusion-opt %S/resnet50-layers.mlir --fusion-to-ptx="merge-min-modules=0 precision=tf32 chip=sm_80 features=+ptx70 dump-ptx=%t/r80" -o /dev/null
// RUN: fusion-opt %S/resnet50-layers.mlir --fusion-to-ptx="merge-min-modules=0 precision=tf32x3 dump-ptx=%t/r90x3" -o /dev/null
// RUN: fusion-opt %fusion_src_root/bench/models/mobilenet_v2-layers.mlir --fusion-to-ptx="merge-min-modules=0 precision=tf32 dump-ptx=%t/m90" -o /dev/null
// RUN: fusion-opt %fusion_src_root/bench/models/mobilenet_v2-layers.mlir --fusion-to-ptx="merge-min-modules=0 precision=tf32 chip=sm_80 features=+ptx70 dump-ptx=%t/m80" -o /dev/null
// RUN: fusion-opt %fusion_src_root/bench/models/mobilenet_v2-layers.mlir --fusion-to-ptx="merge-min-modules=0 precision=tf32x3 dump-ptx=%t/m90x3" -o /dev/null
// RUN: fusion-opt %S/resnet50-layers.mlir --fusion-to-ptx="merge-min-modules=0 dump-ptx=%t/fp32" -o /dev/null
// RUN: ls %t/r90 | count 23
// RUN: ls %t/m90 | count 30
// Every ResNet-50 kernel holds the TF32 MMA and the rounding; of
// MobileNetV2's, all but the ten depthwise ones:
// RUN: grep -L "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32" %t/r90/*.ptx %t/r80/*.ptx | count 0
// RUN: grep -L "cvt.rna.tf32.f32" %t/r90/*.ptx %t/r90x3/*.ptx | count 0
// RUN: grep -L "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32" %t/m90/*.ptx | FileCheck %s --check-prefix=DEPTHWISE
// RUN: grep -L "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32" %t/m80/*.ptx | FileCheck %s --check-prefix=DEPTHWISE
// tf32x3: three MMAs per step of K (LLVM may unroll the steps): a nonzero
// multiple of three in every dense kernel.
// RUN: grep -c "mma.sync.aligned" %t/r90x3/*.ptx | awk -F: '$2 == 0 || $2 % 3 != 0' | count 0
// RUN: grep -c "mma.sync.aligned" %t/m90x3/*.ptx | grep -v "/dw_" | awk -F: '$2 == 0 || $2 % 3 != 0' | count 0
// fp32 holds no MMA:
// RUN: ls %t/fp32 | count 23
// RUN: not grep -l "mma" %t/fp32/*.ptx
// RUN: ls %t/r90/*.ptx %t/r90x3/*.ptx %t/m90/*.ptx %t/m90x3/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s --check-prefix=SPILL
// RUN: ls %t/r80/*.ptx %t/m80/*.ptx | xargs -n1 %ptxas -arch=sm_80 -v -o %t/out.cubin 2>&1 | FileCheck %s --check-prefix=SPILL80
// f16 and bf16 models (every ResNet-50 layer in that type) under native,
// and f16 under tf32 for sm_80 (the policy gives half-width convs their
// own type): one m16n8k16 MMA with f32 accumulators per step, no TF32
// rounding.
// RUN: mkdir -p %t/h90 %t/h80 %t/b90
// RUN: sed 's/xf32/xf16/g' %S/resnet50-layers.mlir > %t/resnet50-f16.mlir
// RUN: sed 's/xf32/xbf16/g' %S/resnet50-layers.mlir > %t/resnet50-bf16.mlir
// RUN: fusion-opt %t/resnet50-f16.mlir --fusion-to-ptx="merge-min-modules=0 precision=native dump-ptx=%t/h90" -o /dev/null
// RUN: fusion-opt %t/resnet50-f16.mlir --fusion-to-ptx="merge-min-modules=0 precision=tf32 chip=sm_80 features=+ptx70 dump-ptx=%t/h80" -o /dev/null
// RUN: fusion-opt %t/resnet50-bf16.mlir --fusion-to-ptx="merge-min-modules=0 precision=native dump-ptx=%t/b90" -o /dev/null
// RUN: ls %t/h90 | count 23
// RUN: ls %t/b90 | count 23
// RUN: grep -L "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" %t/h90/*.ptx %t/h80/*.ptx | count 0
// RUN: grep -L "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" %t/b90/*.ptx | count 0
// RUN: not grep -l "cvt.rna" %t/h90/*.ptx %t/b90/*.ptx
// Staged in shared memory, every dense kernel of every policy and type:
// RUN: grep -L "ld.shared" %t/r90/*.ptx %t/r80/*.ptx %t/r90x3/*.ptx %t/h90/*.ptx %t/h80/*.ptx %t/b90/*.ptx | count 0
// RUN: grep -L "cp.async.ca.shared.global" %t/r90/*.ptx %t/r80/*.ptx %t/r90x3/*.ptx | count 0
// RUN: grep -L "cp.async.wait_group[[:space:]]*1;" %t/r90/*.ptx %t/r80/*.ptx %t/r90x3/*.ptx | count 0
// RUN: grep -L "cp.async.ca.shared.global" %t/m90/*.ptx | FileCheck %s --check-prefix=DEPTHWISE
// RUN: grep -L "st.shared" %t/h90/*.ptx %t/h80/*.ptx %t/b90/*.ptx | count 0
// RUN: grep -L "bar.sync[[:space:]]*0;" %t/r90/*.ptx %t/r80/*.ptx %t/r90x3/*.ptx %t/h90/*.ptx %t/h80/*.ptx %t/b90/*.ptx | count 0
// A block is 8 warps sharing the A tile in every ResNet-50 layer (64 or
// more output channels: 8 channel tiles or a multiple of them):
// RUN: grep -h "^.maxntid" %t/r90/*.ptx %t/h90/*.ptx | sort | uniq -c | FileCheck %s --check-prefix=BLOCK
// RUN: grep -L "ld.shared" %t/m90/*.ptx | FileCheck %s --check-prefix=DEPTHWISE
// 16-byte copies: every ResNet-50 kernel but the stem (K = 3 x 7 x 7) in
// every type, every dense MobileNetV2 one but its stem (K = 3 x 3 x 3);
// NHWC forms (test/Integration/mma-parity.mlir, @wide and @wide_halves)
// copy both operands so, an FCHW one only its filter:
// RUN: grep -L "cp.async.cg.shared.global.*16, " %t/r90/*.ptx %t/r80/*.ptx %t/r90x3/*.ptx %t/h90/*.ptx %t/h80/*.ptx %t/b90/*.ptx | FileCheck %s --check-prefix=STEM
// RUN: grep -L "cp.async.cg.shared.global.*16, " %t/m90/*.ptx | FileCheck %s --check-prefix=MSTEM
// RUN: mkdir -p %t/wide && fusion-opt %S/../Integration/mma-parity.mlir --fusion-to-ptx="merge-min-modules=0 precision=tf32 dump-ptx=%t/wide" -o /dev/null
// RUN: grep -c "cp.async.cg.shared.global" %t/wide/wide*.ptx | FileCheck %s --check-prefix=WIDE
// and the CUDA-core kernels use none:
// RUN: not grep -l "\.shared" %t/fp32/*.ptx
// RUN: ls %t/h90/*.ptx %t/b90/*.ptx | xargs -n1 %ptxas -arch=sm_90 -v -o %t/out.cubin 2>&1 | FileCheck %s --check-prefix=HALFSPILL
// RUN: ls %t/h80/*.ptx | xargs -n1 %ptxas -arch=sm_80 -v -o %t/out.cubin 2>&1 | FileCheck %s --check-prefix=HALFSPILL80
// A chip without TF32 tensor cores is refused, not given FFMA in silence:
// RUN: not fusion-opt %S/resnet50-layers.mlir --fusion-to-ptx="precision=tf32 chip=sm_75 features=+ptx70" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHIP

// BLOCK: 46 .maxntid 32, 8, 1
// BLOCK-NOT: maxntid
// DEPTHWISE-COUNT-10: /dw_{{[0-9]+_[0-9]+(_s2)?}}_kernel.ptx
// DEPTHWISE-NOT: .ptx
// STEM-COUNT-6: /stem_7x7_s2_kernel.ptx
// STEM-NOT: .ptx
// MSTEM-COUNT-10: /dw_{{[0-9]+_[0-9]+(_s2)?}}_kernel.ptx
// MSTEM-NEXT: /stem_3x3_s2_kernel.ptx
// MSTEM-NOT: .ptx
// WIDE-COUNT-2: wide_halves_kernel{{(_[0-9]+)?}}.ptx:2
// WIDE-NEXT: wide_halves_kernel{{(_[0-9]+)?}}.ptx:1
// WIDE-COUNT-2: wide_kernel{{(_[0-9]+)?}}.ptx:2
// WIDE-NOT: .ptx
// SPILL-COUNT-106: 0 bytes spill stores, 0 bytes spill loads
// SPILL-NOT: error
// SPILL-NOT: bytes spill stores
// SPILL80-COUNT-53: 0 bytes spill stores, 0 bytes spill loads
// SPILL80-NOT: error
// SPILL80-NOT: bytes spill stores
// HALFSPILL-COUNT-46: 0 bytes spill stores, 0 bytes spill loads
// HALFSPILL-NOT: error
// HALFSPILL-NOT: bytes spill stores
// HALFSPILL80-COUNT-23: 0 bytes spill stores, 0 bytes spill loads
// HALFSPILL80-NOT: error
// HALFSPILL80-NOT: bytes spill stores
// CHIP: precision tf32 runs on tensor cores (mma.sync with TF32, f16 and bf16 operands), which chip 'sm_75' lacks (sm_80 or newer)

// When a model disagrees, fusion-verify compares every fused chain's output
// with the value it replaced in the reference and names the first that
// diverges. Here a deliberately wrong fold (filter left unscaled) is in
// every chain of the ResNet-style block, so chain 0, the stem, is named;
// with the right fold every chain agrees.
// RUN: not fusion-verify %fusion_src_root/examples/resnet_block.mlir --frames=2 --test-skip-weight-scaling | FileCheck %s --check-prefix=WRONG
// RUN: fusion-verify %fusion_src_root/examples/resnet_block.mlir --frames=2 --per-chain | FileCheck %s
// The second wrong fold, epsilon taken as 0, is caught too (the variances
// of fold-parity.mlir are small enough for epsilon = 1e-3 to matter).
// RUN: not fusion-verify %fusion_src_root/test/Integration/fold-parity.mlir --entry=nchw_fchw --frames=2 --test-drop-epsilon | FileCheck %s --check-prefix=EPS

// WRONG: per fused chain, 2 frames, in program order:
// WRONG-COUNT-6: DIVERGES
// WRONG: first diverging chain: 0 at resnet_block.mlir:{{[0-9]+}}:{{[0-9]+}}
// WRONG: FAIL
// CHECK-COUNT-6: resnet_block.mlir:{{[0-9]+}}:{{[0-9]+}} {{.*}} ok
// CHECK: no fused chain diverges
// CHECK: PASS
// EPS: FAIL

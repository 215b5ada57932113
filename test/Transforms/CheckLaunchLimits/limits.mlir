// fusion-check-launch-limits proves every launch within what cuLaunchKernel
// accepts (block x, y <= 1024, z <= 64, threads <= 1024, grid y, z <=
// 65535), refusing one outside them with the kernel's name and dimensions;
// lists one-thread kernels with the elements they receive; refuses those
// over max-one-thread-elements.
// RUN: fusion-opt %s --split-input-file --fusion-check-launch-limits=explain -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<128xf32>) kernel { gpu.return }
  }
  func.func @legal(%m: memref<128xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    %c65535 = arith.constant 65535 : index
    %big = arith.constant 2147483647 : index
    // expected-remark @below {{launch k::kernel grid (2147483647, 65535, 65535) block (1, 16, 64)}}
    gpu.launch_func @k::@kernel blocks in (%big, %c65535, %c65535) threads in (%c1, %c16, %c64) args(%m : memref<128xf32>)
    // expected-remark @below {{launch k::kernel grid (1, 1, 1) block (1, 1, 1) one-thread over 128 elements}}
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<128xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func @block_z() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    // expected-error @below {{kernel k::kernel launched with grid (1, 1, 1) and block (1, 1, 128): block z is 128, more than the 64 the hardware allows}}
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c128)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func @threads() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    // expected-error @below {{kernel k::kernel launched with grid (1, 1, 1) and block (32, 64, 1): threads per block is 2048, more than the 1024 the hardware allows}}
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c64, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func @block_x() {
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    // expected-error @below {{block x is 2048, more than the 1024 the hardware allows}}
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c2048, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func @grid_y() {
    %c1 = arith.constant 1 : index
    %c65536 = arith.constant 65536 : index
    // expected-error @below {{kernel k::kernel launched with grid (1, 65536, 1) and block (1, 1, 1): grid y is 65536, more than the 65535 the hardware allows}}
    gpu.launch_func @k::@kernel blocks in (%c1, %c65536, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func @grid_z() {
    %c1 = arith.constant 1 : index
    %c70000 = arith.constant 70000 : index
    // expected-error @below {{grid z is 70000, more than the 65535 the hardware allows}}
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c70000) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func @empty_grid() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @below {{kernel k::kernel launched with grid (0, 1, 1) and block (1, 1, 1): a dimension is less than 1}}
    gpu.launch_func @k::@kernel blocks in (%c0, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel() kernel { gpu.return }
  }
  func.func @dynamic(%n: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    // A grid x over a dynamic extent is accepted.
    // expected-remark @below {{launch k::kernel grid (?, 1, 1) block (32, 1, 1)}}
    gpu.launch_func @k::@kernel blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1)
    // expected-warning @below {{kernel k::kernel: grid y depends on a dynamic extent, so it is not proven within the hardware's 65535 blocks; a launch over more fails at run time}}
    // expected-remark @below {{launch k::kernel grid (1, ?, 1) block (32, 1, 1)}}
    gpu.launch_func @k::@kernel blocks in (%c1, %n, %c1) threads in (%c32, %c1, %c1)
    // expected-error @below {{kernel k::kernel: its block depends on a dynamic extent, so it cannot be proven within the hardware's limits}}
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
    return
  }
}

//===- BufferAccess.h - who touches which buffers ---------------*- C++ -*-===//
///
/// \file
/// What the GPU passes ask of host code: which ops read or write buffers
/// (and so must run in a kernel), and which copies one memcpy can do.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_LIB_TRANSFORMS_BUFFERACCESS_H
#define FUSIONDIALECT_LIB_TRANSFORMS_BUFFERACCESS_H

#include "mlir/IR/Operation.h"

namespace mlir::fusion {

/// A memref without a layout map: what one memcpy, and gpu.memcpy's
/// lowering, copies.
bool isPlainBuffer(Type type);

/// The first op in `root` (itself included, in pre-order) that reads or
/// writes a buffer other than a host stack buffer (memref.alloca), skipping
/// ops for which `exempt` holds; null if there is none.
Operation *findBufferAccess(Operation *root,
                            function_ref<bool(Operation *)> exempt = {});

} // namespace mlir::fusion

#endif // FUSIONDIALECT_LIB_TRANSFORMS_BUFFERACCESS_H

//===- FusionDialect.h - The fusion dialect ---------------------*- C++ -*-===//
///
/// \file
/// Declares the `fusion` dialect, its attributes and its ops. Downstream
/// compilers include this one header.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_IR_FUSIONDIALECT_H
#define FUSIONDIALECT_IR_FUSIONDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/ADT/APFloat.h"

#include "FusionDialect/IR/FusionDialect.h.inc"
#include "FusionDialect/IR/FusionEnums.h.inc"
#include "FusionDialect/IR/DetectionHeads.h"

namespace mlir::fusion {
/// True for layouts whose data tensors keep channels innermost (NHWC).
inline bool isChannelsLast(ConvLayout layout) {
  return layout != ConvLayout::nchw_fchw && layout != ConvLayout::nchw_chw;
}
/// True for layouts whose filter has one input channel per group.
inline bool isDepthwise(ConvLayout layout) {
  return layout == ConvLayout::nchw_chw || layout == ConvLayout::nhwc_hwc ||
         layout == ConvLayout::nhwc_hwcm;
}
/// True for a conv that is one dense GEMM: neither depthwise nor grouped.
inline bool isDenseOneGroup(ConvLayout layout, int64_t groups) {
  return !isDepthwise(layout) && groups == 1;
}

/// The shapes and attributes of one convolution, as a fused conv op would
/// hold them (dynamic sizes as ShapedType::kDynamic).
struct ConvGeometry {
  ConvLayout layout;
  ArrayRef<int64_t> input, filter, result;
  ArrayRef<int64_t> strides, dilations, padding;
  int64_t groups;
};

/// Why no convolution has this geometry, in the words the fused ops'
/// verifier uses ("expects strides and dilations >= 1", ...), or nullopt
/// when it is consistent. The fusion patterns ask it before they build a
/// fused op, so that a conv the upstream verifiers let through but no fused
/// op can express is left unfused with a reason instead of failing
/// verification on an op the user never wrote. Overflowing arithmetic is a
/// reason, not undefined behaviour.
std::optional<std::string> explainInvalidConvGeometry(const ConvGeometry &g);
} // namespace mlir::fusion

#define GET_ATTRDEF_CLASSES
#include "FusionDialect/IR/FusionAttrs.h.inc"

#define GET_OP_CLASSES
#include "FusionDialect/IR/FusionOps.h.inc"

#endif // FUSIONDIALECT_IR_FUSIONDIALECT_H

//===- ResidentConstants.h - constants kept on the device -------*- C++ -*-===//
///
/// \file
/// The names the compiler and the runtime agree on for constants kept
/// resident in device memory (fusion-device-buffers): a kernel's constant
/// operand (a filter, a folded bias) is uploaded once and the same device
/// buffer is read by every later call.
///
/// - `fusion_resident_<type>(memref<?x<type>>, i64 bytes per element) ->
///   memref<?x<type>>`, called through its C interface
///   (`_mlir_ciface_fusion_resident_<type>`), returns the device copy of a
///   host buffer, uploading it the first time that buffer is asked for;
/// - `__fusion_upload_constants()` asks for every such copy of a module, so
///   a library can upload them when it is loaded;
/// - a `memref.global` with the unit attribute `fusion.weight` is treated as
///   constant from the first call on (its data is filled once, before).
///
/// Plain C++: the runtime includes it on machines without MLIR.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_RUNTIME_RESIDENTCONSTANTS_H
#define FUSIONDIALECT_RUNTIME_RESIDENTCONSTANTS_H

namespace mlir::fusion {

constexpr const char kResidentFunctionPrefix[] = "fusion_resident_";
constexpr const char kUploadConstantsFunction[] = "__fusion_upload_constants";
constexpr const char kWeightAttrName[] = "fusion.weight";
/// The [min, max, mean, standard deviation] of the values a weight held
/// when it was a constant (fusion-externalize-weights), for a runner to
/// draw new ones like them.
constexpr const char kWeightRangeAttrName[] = "fusion.range";
/// The module attribute listing the weights, in order: name, shape,
/// element type (the model's) and statistics (`range`) of each.
constexpr const char kWeightTableAttrName[] = "fusion.weights";
/// The symbol a library exports with the addresses of its weights, in the
/// order its signature lists them.
constexpr const char kWeightTableSymbol[] = "fusion_weights";

/// The element types with a `fusion_resident_<type>` entry point, as MLIR
/// prints them.
#define FUSION_RESIDENT_TYPES(X)                                               \
  X(f16) X(bf16) X(f32) X(f64) X(i1) X(i8) X(i16) X(i32) X(i64) X(index)

} // namespace mlir::fusion

#endif // FUSIONDIALECT_RUNTIME_RESIDENTCONSTANTS_H

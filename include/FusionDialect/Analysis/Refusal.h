//===- Refusal.h - stable reasons a chain is not (fully) fused --*- C++ -*-===//
///
/// \file
/// Reason ids are a contract: remarks, the JSON report and users' scripts
/// key on these strings. Add new ones; never rename.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_REFUSAL_H
#define FUSIONDIALECT_ANALYSIS_REFUSAL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <string>

namespace mlir::fusion {

enum class Refusal {
  None,
  ResidualAdd,
  MultiUse,
  TrainingModeBn,
  ChannelAxisMismatch,
  SignUnknownAcrossActivation,
  BnBeforeConvPadded,
  NotBatchnorm,
  NonFiniteFold,
  OverflowInTargetType,
  UnsupportedDtype,
  DynamicChannelDim,
  ControlFlowBoundary,
  UnrecognizedPattern,
  UnsupportedActivation,
  NonConstantParameters,
  LayoutMismatch,
  UnknownBoxCoding,
  AnchorShapeMismatch,
  InvalidConvGeometry,
  ComputedStatistics,
};

/// The stable id: "fused" for Refusal::None, else e.g. "residual_add".
inline llvm::StringRef getReasonId(Refusal r) {
  switch (r) {
  case Refusal::None: return "fused";
  case Refusal::ResidualAdd: return "residual_add";
  case Refusal::MultiUse: return "multi_use";
  case Refusal::TrainingModeBn: return "training_mode_bn";
  case Refusal::ChannelAxisMismatch: return "channel_axis_mismatch";
  case Refusal::SignUnknownAcrossActivation:
    return "sign_unknown_across_activation";
  case Refusal::BnBeforeConvPadded: return "bn_before_conv_padded";
  case Refusal::NotBatchnorm: return "not_batchnorm";
  case Refusal::NonFiniteFold: return "non_finite_fold";
  case Refusal::OverflowInTargetType: return "overflow_in_target_type";
  case Refusal::UnsupportedDtype: return "unsupported_dtype";
  case Refusal::DynamicChannelDim: return "dynamic_channel_dim";
  case Refusal::ControlFlowBoundary: return "control_flow_boundary";
  case Refusal::UnrecognizedPattern: return "unrecognized_pattern";
  case Refusal::UnsupportedActivation: return "unsupported_activation";
  case Refusal::NonConstantParameters: return "non_constant_parameters";
  case Refusal::LayoutMismatch: return "layout_mismatch";
  case Refusal::UnknownBoxCoding: return "unknown_box_coding";
  case Refusal::AnchorShapeMismatch: return "anchor_shape_mismatch";
  case Refusal::InvalidConvGeometry: return "invalid_conv_geometry";
  case Refusal::ComputedStatistics: return "computed_statistics";
  }
  return "unrecognized_pattern";
}

/// A number as refusal details print it: "%g", with NaN always "nan" (the C
/// library would print the sign bit of a NaN, which means nothing).
inline std::string formatDetailNumber(double value) {
  if (std::isnan(value))
    return "nan";
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%g", value);
  return text;
}

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_REFUSAL_H

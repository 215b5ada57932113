//===- ConvMatcher.h - read a frontend's convolution ------------*- C++ -*-===//
///
/// \file
/// Reads one convolution, as linalg or TOSA spells it, into the terms of
/// the fusion ops: unpadded input (a zero `tensor.pad` is absorbed), filter,
/// bias (from the accumulator init or TOSA's bias operand), layout, strides,
/// dilations, padding and groups.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_CONVMATCHER_H
#define FUSIONDIALECT_ANALYSIS_CONVMATCHER_H

#include "FusionDialect/Analysis/Refusal.h"
#include "FusionDialect/IR/FusionDialect.h"
#include <string>

namespace mlir::fusion {

struct ConvMatch {
  Operation *conv = nullptr;
  Value input;
  Value filter;
  /// Rank-1 bias of `channels` elements, or null; `scalarBias` holds a
  /// uniform bias from a `linalg.fill` accumulator.
  Value bias;
  double scalarBias = 0.0;
  ConvLayout layout = ConvLayout::nchw_fchw;
  SmallVector<int64_t, 2> strides{1, 1}, dilations{1, 1};
  /// [top, bottom, left, right].
  SmallVector<int64_t, 4> padding{0, 0, 0, 0};
  int64_t groups = 1;
  /// The value the chain starts from (the conv result, or its collapse).
  Value output;
  int64_t channelDim = 1;
  int64_t channels = 0;
  /// Ops folded into the match besides the conv: a zero pad before it; a
  /// collapse, a group concat or an f32-to-half rounding generic after it.
  SmallVector<Operation *, 2> absorbed;
  /// A grouped conv's [G, F/G, C/G, KH, KW] filter that the rewrite must
  /// collapse to the fused op's [F, C/G, KH, KW].
  bool collapseGroupedFilter = false;
};

enum class ConvMatchStatus { NotAConv, Matched, Refused };

struct ConvMatchResult {
  ConvMatchStatus status = ConvMatchStatus::NotAConv;
  ConvMatch match;
  Refusal reason = Refusal::None;
  std::string detail;
};

/// Reads `op` as a convolution the fusion ops can express.
ConvMatchResult matchConvolution(Operation *op);

/// A standalone per-channel affine (a BatchNorm not fed by a conv) whose
/// result the matched conv reads through zero padding, or null. Such a
/// normalization cannot fold forward into the conv (`bn_before_conv_padded`).
Operation *findNormalizationBeforePadding(const ConvMatch &match);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_CONVMATCHER_H

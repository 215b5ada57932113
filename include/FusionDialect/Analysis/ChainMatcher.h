//===- ChainMatcher.h - find a legal chain after one conv -------*- C++ -*-===//
///
/// \file
/// Follows a convolution's result through the elementwise ops that consume
/// it, reads them as one formula (see ChainExpr.h), and picks the longest
/// prefix that is provably `act(x * s[c] + t[c])` with constant `s`, `t` and
/// a known activation. What stopped the walk, or cut the chain short, is
/// reported with a stable reason id and the op responsible.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_CHAINMATCHER_H
#define FUSIONDIALECT_ANALYSIS_CHAINMATCHER_H

#include "FusionDialect/Analysis/ChainExpr.h"
#include "FusionDialect/Analysis/ConvMatcher.h"
#include "FusionDialect/Analysis/Refusal.h"
#include <memory>
#include <string>

namespace mlir::fusion {

/// One step of the walk: the ops consumed and the tensor they produce.
struct ChainStep {
  SmallVector<Operation *, 4> ops;
  Value value;
  ChainExpr *node = nullptr;
  /// Which conv-output dimension each dimension of `value` is.
  SmallVector<int64_t, 4> perm;
};

struct ChainMatch {
  ConvMatch conv;
  /// The steps absorbed into the fused op, in program order.
  SmallVector<ChainStep> steps;
  /// True when something is rewritten (at least the conv and one step).
  bool fused = false;
  /// True when the affine part is a normalization (a scale that is not 1).
  bool hasNorm = false;
  ChannelAffine affine;
  /// The formula node whose value is the normalized conv output.
  ChainExpr *affineRoot = nullptr;
  ActivationAttr activation;
  /// Why the chain stopped where it did (Refusal::None: it ran to its end).
  Refusal reason = Refusal::None;
  std::string detail;
  Operation *offender = nullptr;
  /// Zero-result generics that read the conv output only to run asserts on
  /// parameters; they are re-pointed at the fused result.
  SmallVector<Operation *, 2> assertOnlyUsers;
  std::shared_ptr<ChainExprGraph> graph;

  /// The value the fused op (plus a transpose, if the chain moved the
  /// channel axis) replaces.
  Value replacedValue() const {
    return steps.empty() ? conv.output : steps.back().value;
  }
};

/// Matches the chain rooted at `op`. Returns nullopt when `op` is not a
/// fusion candidate (not a conv, or a conv that feeds no elementwise op).
std::optional<ChainMatch> matchChain(Operation *op);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_CHAINMATCHER_H

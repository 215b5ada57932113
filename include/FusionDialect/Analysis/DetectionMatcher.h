//===- DetectionMatcher.h - find a detection head's decode ------*- C++ -*-===//
///
/// \file
/// Finds box decodes and score preparation among a function's results and
/// says, per candidate, either which `fusion.decode_detections` computes the
/// same values or why none does. A candidate is accepted only when, for
/// every image and anchor, each output element traced back through the
/// frontend's ops (ElementTrace) is the same expression as the op's
/// formulas (DecodeFormulas) give it: that is also the proof that boxes
/// and scores walk the anchors in the same order through every reshape,
/// permute and per-level concat.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_DETECTIONMATCHER_H
#define FUSIONDIALECT_ANALYSIS_DETECTIONMATCHER_H

#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Analysis/Refusal.h"
#include "FusionDialect/IR/DecodeFormulas.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir::fusion {

/// The anchors or strides operand of a match: an existing value of the
/// layout's shape, or constant data to materialize in that shape.
struct DecodeConstant {
  Value value;
  std::optional<ConstTensor> data;
  SmallVector<int64_t> shape;

  explicit operator bool() const { return value || data; }
};

struct DetectionMatch {
  /// The results a fused op replaces: boxes and scores, or one packed.
  SmallVector<Value, 2> roots;
  /// Refusal::None when matched.
  Refusal reason = Refusal::None;
  std::string detail;
  /// The op that stopped the match, when one did.
  Operation *offender = nullptr;

  // What to build when matched.
  DecodeSpec spec;
  HeadLayout boxLayout, scoreLayout;
  SmallVector<Value> boxOperands, scoreOperands;
  DecodeConstant anchors, strides;
  int64_t images = 0, anchorsPerImage = 0;
  /// The ops the fused op replaces (users first).
  SmallVector<Operation *> replaced;

  bool matched() const { return reason == Refusal::None; }
};

/// Every decode candidate among `func`'s results, matched or refused.
/// `prove` false (tests only) accepts a candidate once anchor 0 fits.
std::vector<DetectionMatch> matchDetections(func::FuncOp func,
                                            bool prove = true);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_DETECTIONMATCHER_H

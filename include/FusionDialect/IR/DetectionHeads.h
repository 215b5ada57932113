//===- DetectionHeads.h - where a decode reads each anchor ------*- C++ -*-===//
///
/// \file
/// A detection head's raw outputs come as one tensor per head (`bnk`,
/// `bkn`) or as the head convs' own outputs, one per feature-map level
/// (`nchw`, `nhwc`). The verifier, the lowering and the recognizer all need
/// the same answer to "where is value k of anchor n": it is computed here
/// once, from static shapes.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_IR_DETECTIONHEADS_H
#define FUSIONDIALECT_IR_DETECTIONHEADS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <utility>

namespace mlir::fusion {
enum class HeadLayout : uint32_t;

/// One feature-map level of a head given per level.
struct HeadLevel {
  /// Global index of the level's first anchor.
  int64_t firstAnchor = 0;
  int64_t height = 0, width = 0;
  int64_t anchorsPerCell = 0;

  int64_t numAnchors() const { return height * width * anchorsPerCell; }

  /// The level a rank-4 operand of shape `shape` holds in `layout` (nchw or
  /// nhwc), its anchors numbered from `firstAnchor`; anchorsPerCell is left
  /// to the caller, which knows the values per anchor. `channels` receives
  /// the operand's channel count.
  static HeadLevel ofShape(ArrayRef<int64_t> shape, HeadLayout layout,
                           int64_t firstAnchor, int64_t &channels);
};

/// Where the values of every anchor lie in a head's operands.
struct HeadGeometry {
  HeadLayout layout;
  int64_t images = 0, anchors = 0;
  /// Values per anchor: 4, 4 * dfl_bins, or the classes.
  int64_t values = 0;
  /// One per operand for nchw/nhwc; empty for bnk/bkn.
  SmallVector<HeadLevel> levels;

  /// The level anchor `n` belongs to (0 for bnk/bkn).
  unsigned levelOf(int64_t n) const;
  /// Operand and indices of value `k` of anchor `n` of image `b`.
  std::pair<unsigned, SmallVector<int64_t, 4>> locate(int64_t b, int64_t n,
                                                      int64_t k) const;
};

} // namespace mlir::fusion

#endif // FUSIONDIALECT_IR_DETECTIONHEADS_H

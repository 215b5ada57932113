//===- NormalizationStatistics.h - statistics a model computes --*- C++ -*-===//
///
/// \file
/// A normalization either reads its statistics (an eval-mode BatchNorm's
/// running mean and variance, constants that fold into the conv) or
/// computes them from the tensor it normalizes: a training-mode BatchNorm
/// over the batch, a LayerNorm over channels, a GroupNorm over channel
/// groups, an InstanceNorm over each channel's positions. Only the first
/// folds. These functions find such a reduction and say what it reduces, so
/// that a LayerNorm is never reported as a BatchNorm in training mode.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_NORMALIZATIONSTATISTICS_H
#define FUSIONDIALECT_ANALYSIS_NORMALIZATIONSTATISTICS_H

#include "mlir/IR/Operation.h"
#include <optional>
#include <string>

namespace mlir::fusion {

/// A linalg generic with reduction loops, a linalg.reduce or a TOSA
/// reduce_* op.
bool isTensorReduction(Operation *op);

/// Whether `reduction` reduces over the batch dimension (dimension 0) of
/// what it reads; nullopt where that cannot be seen (a TOSA reduction of one
/// image leaves a batch axis of size 1 alone either way).
std::optional<bool> reducesBatch(Operation *reduction);

/// Statistics computed from a feature map by something other than a
/// reduction over the batch.
struct ComputedStatistics {
  /// The reduction that computes them.
  Operation *reduction = nullptr;
  /// What was seen, in the model's numbers: e.g. "each image's 6 channels at
  /// every position (a LayerNorm over channels)".
  std::string over;
};

/// The statistics a normalization computes from `value`, a conv output of
/// `batch` images and `channels` channels (in any layout): a reduction
/// reached from `value` within a few elementwise ops, reshapes and
/// transposes, reading all of its elements, whose result comes back to a
/// subtraction from the tensor (`x - mean`) without passing a conv or
/// matmul (a squeeze-excitation pool multiplies the map by a gate, and is no
/// normalization).
/// nullopt when there is none, when it reduces over the batch, and when it
/// reduces each channel's positions where the batch cannot be seen (one
/// image: a training-mode BatchNorm and an InstanceNorm are then the same
/// reduction); those are left to the batch-statistics rules.
std::optional<ComputedStatistics>
findComputedStatistics(Value value, int64_t batch, int64_t channels);

/// Whether `featureMap` was just normalized with statistics computed from
/// a tensor: a reduction reading a tensor of its element count is within a
/// few elementwise ops, reshapes and transposes before it (a LayerNorm's
/// affine part `x_hat * gamma + beta` looks like a BatchNorm on its own).
bool isNormalizedByComputedStatistics(Value featureMap);

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_NORMALIZATIONSTATISTICS_H

//===- ChainExpr.h - a chain of elementwise ops as one formula -*- C++ -*-===//
///
/// \file
/// Frontends spell BatchNorm and activations in many ways: one generic or
/// four, TOSA ops, `rsqrt` or `1/sqrt` or `pow(x, -0.5)`, operands swapped.
/// Rather than matching each spelling, the matcher reads the ops after a
/// conv as one scalar formula of the conv output `x` (a DAG of `ChainExpr`
/// nodes whose leaves are `x`, scalar constants and per-channel parameters)
/// and asks two questions of it: which node is the largest per-channel
/// affine `x * s[c] + t[c]` that every use of `x` goes through, and which
/// activation the rest of the formula computes.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_ANALYSIS_CHAINEXPR_H
#define FUSIONDIALECT_ANALYSIS_CHAINEXPR_H

#include "FusionDialect/IR/FusionDialect.h"
#include "mlir/IR/Value.h"
#include <deque>
#include <vector>

namespace mlir::fusion {

/// One node of the formula. Nodes are created in program order, so a node's
/// id is larger than the ids of its operands.
struct ChainExpr {
  enum class Kind { Input, Constant, Param, Apply };
  Kind kind;
  unsigned id;
  /// Kind::Constant: the scalar value.
  double constant = 0.0;
  /// Kind::Param: per-channel values when they are constants (empty when
  /// not), and the tensor they were read from.
  std::vector<double> channelValues;
  Value paramSource;
  /// Kind::Apply: the op whose pointwise meaning applies, and its operands.
  Operation *op = nullptr;
  SmallVector<ChainExpr *, 3> operands;
  /// True when the node depends on the conv output.
  bool dependsOnInput = false;
};

/// Per-channel `x * scale + shift`, in f64.
struct ChannelAffine {
  std::vector<double> scale, shift;
  /// True when a parameter is not a constant: `scale` and `shift` are then
  /// not meaningful and the affine must be materialized from the formula.
  bool symbolic = false;
  bool isIdentityScale() const;
  bool isZeroShift() const;
};

/// The formula of a chain split at its affine part: `act(affine(x))`.
struct ChainSplit {
  ChainExpr *affineRoot = nullptr;
  ChannelAffine affine;
  ActivationAttr activation;
};

/// Why a formula could not be split into affine + known activation.
enum class SplitFailure {
  PerChannelAfterActivation,
  UnknownActivation,
};

/// Owns the nodes of one chain's formula.
class ChainExprGraph {
public:
  explicit ChainExprGraph(int64_t channels) : channels(channels) {}

  ChainExpr *input();
  ChainExpr *constant(double value);
  ChainExpr *param(Value source, std::vector<double> channelValues);
  ChainExpr *apply(Operation *op, ArrayRef<ChainExpr *> operands);

  int64_t getChannels() const { return channels; }

  /// Evaluates `root` for channel `c` with the conv output `x`; `override`
  /// (when set) replaces that node's value by `overrideValue`.
  /// `exactPrecision` skips rounding on the conv output's path (extf/truncf),
  /// where the fused op rounds once at the end instead.
  double evaluate(ChainExpr *root, int64_t c, double x,
                  ChainExpr *override = nullptr, double overrideValue = 0.0,
                  bool exactPrecision = false) const;

  /// Reads `node` as a per-channel affine function of the conv output.
  FailureOr<ChannelAffine> toAffine(ChainExpr *node) const;

  /// Splits `root` into its largest affine dominator and an activation.
  FailureOr<ChainSplit> split(ChainExpr *root, SplitFailure &why,
                              MLIRContext *context) const;

private:
  bool dominatesInput(ChainExpr *root, ChainExpr *candidate) const;
  std::optional<ActivationAttr> classifyActivation(ChainExpr *root,
                                                   ChainExpr *affineRoot,
                                                   MLIRContext *context,
                                                   SplitFailure &why) const;

  int64_t channels;
  std::deque<ChainExpr> nodes;
  ChainExpr *inputNode = nullptr;
};

} // namespace mlir::fusion

#endif // FUSIONDIALECT_ANALYSIS_CHAINEXPR_H

//===- ChainExpr.cpp - a chain of elementwise ops as one formula ----------===//
#include "FusionDialect/Analysis/ChainExpr.h"
#include "FusionDialect/Analysis/ElementwiseSemantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/ADT/DenseSet.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::fusion;

// A symbolic part reads as NaN, which is neither 1 nor 0.
bool ChannelAffine::isIdentityScale() const {
  return llvm::all_of(scale, [](double s) { return s == 1.0; });
}
bool ChannelAffine::isZeroShift() const {
  return llvm::all_of(shift, [](double t) { return t == 0.0; });
}

ChainExpr *ChainExprGraph::input() {
  if (!inputNode) {
    nodes.push_back(ChainExpr{ChainExpr::Kind::Input, unsigned(nodes.size())});
    inputNode = &nodes.back();
    inputNode->dependsOnInput = true;
  }
  return inputNode;
}

ChainExpr *ChainExprGraph::constant(double value) {
  nodes.push_back(ChainExpr{ChainExpr::Kind::Constant, unsigned(nodes.size())});
  nodes.back().constant = value;
  return &nodes.back();
}

ChainExpr *ChainExprGraph::param(Value source,
                                 std::vector<double> channelValues) {
  nodes.push_back(ChainExpr{ChainExpr::Kind::Param, unsigned(nodes.size())});
  nodes.back().paramSource = source;
  nodes.back().channelValues = std::move(channelValues);
  return &nodes.back();
}

ChainExpr *ChainExprGraph::apply(Operation *op,
                                 ArrayRef<ChainExpr *> operands) {
  nodes.push_back(ChainExpr{ChainExpr::Kind::Apply, unsigned(nodes.size())});
  ChainExpr *node = &nodes.back();
  node->op = op;
  node->operands.assign(operands.begin(), operands.end());
  node->dependsOnInput = llvm::any_of(
      operands, [](ChainExpr *e) { return e->dependsOnInput; });
  return node;
}

static double paramValue(const ChainExpr *node, int64_t c) {
  if (node->channelValues.empty())
    return std::numeric_limits<double>::quiet_NaN();
  return node->channelValues.size() == 1 ? node->channelValues[0]
                                         : node->channelValues[c];
}

double ChainExprGraph::evaluate(ChainExpr *root, int64_t c, double x,
                                ChainExpr *override, double overrideValue,
                                bool exactPrecision) const {
  DenseMap<ChainExpr *, double> memo;
  std::function<double(ChainExpr *)> eval = [&](ChainExpr *n) -> double {
    if (n == override)
      return overrideValue;
    auto it = memo.find(n);
    if (it != memo.end())
      return it->second;
    double v = 0.0;
    switch (n->kind) {
    case ChainExpr::Kind::Input:
      v = x;
      break;
    case ChainExpr::Kind::Constant:
      v = n->constant;
      break;
    case ChainExpr::Kind::Param:
      v = paramValue(n, c);
      break;
    case ChainExpr::Kind::Apply: {
      SmallVector<double, 3> args;
      for (ChainExpr *operand : n->operands)
        args.push_back(eval(operand));
      // A precision change on the conv output's path is where the fused op
      // rounds once; reading the activation, it is not part of the formula.
      if (exactPrecision && n->dependsOnInput &&
          isa<arith::ExtFOp, arith::TruncFOp, tosa::CastOp>(n->op)) {
        v = args[0];
        break;
      }
      v = evaluatePointwise(n->op, args)
              .value_or(std::numeric_limits<double>::quiet_NaN());
      break;
    }
    }
    memo[n] = v;
    return v;
  };
  return eval(root);
}

FailureOr<ChannelAffine> ChainExprGraph::toAffine(ChainExpr *root) const {
  DenseMap<ChainExpr *, ChannelAffine> memo;
  size_t n = static_cast<size_t>(channels);
  std::function<FailureOr<ChannelAffine>(ChainExpr *)> read =
      [&](ChainExpr *node) -> FailureOr<ChannelAffine> {
    auto it = memo.find(node);
    if (it != memo.end())
      return it->second;
    ChannelAffine result;
    result.scale.assign(n, 0.0);
    result.shift.assign(n, 0.0);
    if (node->kind == ChainExpr::Kind::Input) {
      result.scale.assign(n, 1.0);
    } else if (!node->dependsOnInput) {
      for (size_t c = 0; c < n; ++c)
        result.shift[c] = evaluate(node, c, 0.0);
    } else {
      Operation *op = node->op;
      SmallVector<ChannelAffine, 2> args;
      for (ChainExpr *operand : node->operands) {
        FailureOr<ChannelAffine> a = read(operand);
        if (failed(a))
          return failure();
        args.push_back(std::move(*a));
      }
      auto dep = [&](unsigned i) { return node->operands[i]->dependsOnInput; };
      if (isa<arith::AddFOp, tosa::AddOp>(op) && args.size() >= 2) {
        for (size_t c = 0; c < n; ++c) {
          result.scale[c] = args[0].scale[c] + args[1].scale[c];
          result.shift[c] = args[0].shift[c] + args[1].shift[c];
        }
      } else if (isa<arith::SubFOp, tosa::SubOp>(op) && args.size() >= 2) {
        for (size_t c = 0; c < n; ++c) {
          result.scale[c] = args[0].scale[c] - args[1].scale[c];
          result.shift[c] = args[0].shift[c] - args[1].shift[c];
        }
      } else if (isa<arith::MulFOp, tosa::MulOp>(op) && args.size() >= 2) {
        if (dep(0) && dep(1))
          return failure();
        unsigned var = dep(0) ? 0 : 1;
        for (size_t c = 0; c < n; ++c) {
          double k = args[1 - var].shift[c];
          result.scale[c] = args[var].scale[c] * k;
          result.shift[c] = args[var].shift[c] * k;
        }
      } else if (isa<arith::DivFOp>(op)) {
        if (dep(1))
          return failure();
        for (size_t c = 0; c < n; ++c) {
          double k = args[1].shift[c];
          result.scale[c] = args[0].scale[c] / k;
          result.shift[c] = args[0].shift[c] / k;
        }
      } else if (isa<arith::NegFOp, tosa::NegateOp>(op)) {
        for (size_t c = 0; c < n; ++c) {
          result.scale[c] = -args[0].scale[c];
          result.shift[c] = -args[0].shift[c];
        }
      } else if (isa<arith::ExtFOp, arith::TruncFOp, tosa::CastOp>(op)) {
        // Precision changes inside a chain are carried out in f32 by the
        // fused op; the affine itself is unchanged.
        result = args[0];
      } else {
        return failure();
      }
    }
    memo[node] = result;
    return result;
  };
  return read(root);
}

bool ChainExprGraph::dominatesInput(ChainExpr *root,
                                    ChainExpr *candidate) const {
  llvm::DenseSet<ChainExpr *> seen;
  SmallVector<ChainExpr *> stack{root};
  while (!stack.empty()) {
    ChainExpr *n = stack.pop_back_val();
    if (n == candidate || !seen.insert(n).second)
      continue;
    if (n->kind == ChainExpr::Kind::Input)
      return false;
    for (ChainExpr *operand : n->operands)
      if (operand->dependsOnInput)
        stack.push_back(operand);
  }
  return true;
}

/// Collects the nodes reachable from `root` without passing `stop`.
static SmallVector<ChainExpr *> collectAbove(ChainExpr *root, ChainExpr *stop) {
  llvm::DenseSet<ChainExpr *> seen;
  SmallVector<ChainExpr *> stack{root}, result;
  while (!stack.empty()) {
    ChainExpr *n = stack.pop_back_val();
    if (n == stop || !seen.insert(n).second)
      continue;
    result.push_back(n);
    for (ChainExpr *operand : n->operands)
      stack.push_back(operand);
  }
  return result;
}

/// Equal up to the rounding of the constants a frontend writes in f32
/// (TFLite's hardswish multiplies by 0.16666667f, not by 1/6).
static bool sameValue(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b))
    return a == b;
  return std::fabs(a - b) <= 1e-6 * std::max(1.0, std::fabs(b));
}

std::optional<ActivationAttr>
ChainExprGraph::classifyActivation(ChainExpr *root, ChainExpr *affineRoot,
                                   MLIRContext *context,
                                   SplitFailure &why) const {
  if (root == affineRoot)
    return ActivationAttr::get(context, ActivationKind::none);

  // The activation must be the same function for every channel: a
  // per-channel value after the nonlinearity is a BatchNorm (or PReLU) that
  // cannot move across it.
  SmallVector<double> interesting;
  for (ChainExpr *n : collectAbove(root, affineRoot)) {
    if (n->kind == ChainExpr::Kind::Param) {
      bool uniform =
          !n->channelValues.empty() &&
          llvm::all_of(n->channelValues,
                       [&](double v) { return v == n->channelValues[0]; });
      if (!uniform) {
        why = SplitFailure::PerChannelAfterActivation;
        return std::nullopt;
      }
      interesting.push_back(n->channelValues[0]);
    } else if (n->kind == ChainExpr::Kind::Constant) {
      interesting.push_back(n->constant);
    }
  }

  auto g = [&](double a) {
    return evaluate(root, 0, 0.0, const_cast<ChainExpr *>(affineRoot), a,
                    /*exactPrecision=*/true);
  };
  SmallVector<double> probes = {-1e4, -100, -10,  -6.5, -6,   -5.5, -3.5,
                                -3,   -2.5, -1,   -0.75, -0.5, -0.1, -1e-3,
                                -1e-6, 0,   1e-6, 1e-3, 0.1,  0.5,  0.75,
                                1,    2.5,  3,    3.5,  5.5,  6,    6.5,
                                10,   100,  1e4};
  for (double k : interesting)
    if (std::isfinite(k) && std::fabs(k) < 1e6)
      for (double d : {0.0, 1e-3, -1e-3, 0.5, -0.5})
        probes.push_back(k + d), probes.push_back(-k + d);

  auto matches = [&](ActivationAttr candidate) {
    return llvm::all_of(probes, [&](double p) {
      return sameValue(g(p), candidate.apply(p));
    });
  };
  auto make = [&](ActivationKind kind, double lo = 0.0, double hi = 0.0,
                  double alpha = 0.0) {
    return ActivationAttr::get(context, kind, APFloat(lo), APFloat(hi),
                               APFloat(alpha));
  };

  double lo = g(-1e30), hi = g(1e30);
  constexpr double kFloatMax = 3.4028234663852886e38;
  SmallVector<ActivationAttr> candidates = {
      make(ActivationKind::none), make(ActivationKind::relu),
      make(ActivationKind::relu6), make(ActivationKind::sigmoid),
      make(ActivationKind::silu), make(ActivationKind::hardswish),
      make(ActivationKind::hardsigmoid)};
  if (std::isfinite(lo) && !std::isnan(hi) && lo < hi) {
    // ReLU written as a clamp to [0, FLT_MAX] (TOSA) is ReLU.
    if (lo == 0.0 && hi >= kFloatMax)
      candidates.push_back(make(ActivationKind::relu));
    else if (std::isfinite(hi))
      candidates.push_back(make(ActivationKind::clamp, lo, hi));
  }
  double alpha = -g(-1.0);
  if (std::isfinite(alpha) && alpha != 0.0 && alpha != 1.0)
    candidates.push_back(make(ActivationKind::leaky_relu, 0, 0, alpha));

  for (ActivationAttr candidate : candidates)
    if (matches(candidate)) {
      // clamp(0, 6) is relu6 by another name; keep the canonical one.
      return candidate;
    }
  why = SplitFailure::UnknownActivation;
  return std::nullopt;
}

FailureOr<ChainSplit> ChainExprGraph::split(ChainExpr *root, SplitFailure &why,
                                            MLIRContext *context) const {
  SmallVector<ChainExpr *> candidates;
  for (ChainExpr *n : collectAbove(root, nullptr))
    if (n->dependsOnInput)
      candidates.push_back(n);
  llvm::sort(candidates,
             [](ChainExpr *a, ChainExpr *b) { return a->id > b->id; });
  // Try the dominating affine nodes from the highest down: the highest
  // absorbs the most into the normalization, but a lower one may be the
  // split at which the rest reads as a known activation (sigmoid's negation
  // is affine too).
  std::optional<SplitFailure> firstFailure;
  std::optional<ChainSplit> clampFallback;
  for (ChainExpr *candidate : candidates) {
    if (!dominatesInput(root, candidate))
      continue;
    FailureOr<ChannelAffine> affine = toAffine(candidate);
    if (failed(affine))
      continue;
    SplitFailure attempt = SplitFailure::UnknownActivation;
    // Parameters that are not constants (function arguments, globals) keep
    // the affine symbolic: the rewrite materializes scale and shift as
    // per-channel tensors and the epilogue applies them.
    for (ChainExpr *n : collectAbove(candidate, nullptr))
      if (n->kind == ChainExpr::Kind::Param && n->channelValues.empty())
        affine->symbolic = true;
    std::optional<ActivationAttr> act =
        classifyActivation(root, candidate, context, attempt);
    if (!act) {
      if (!firstFailure)
        firstFailure = attempt;
      continue;
    }
    ChainSplit result;
    result.affineRoot = candidate;
    result.affine = std::move(*affine);
    result.activation = *act;
    // A clamp whose input is itself an affine of the normalization may be a
    // named activation one node lower (hardsigmoid = clamp(a/6 + 1/2, 0, 1));
    // the named reading keeps the normalization what the model says it is.
    if (act->getKind() != ActivationKind::clamp || clampFallback)
      return result;
    clampFallback = std::move(result);
  }
  if (clampFallback)
    return *clampFallback;
  why = firstFailure.value_or(SplitFailure::UnknownActivation);
  return failure();
}

//===- FusionAttrs.cpp - activation attribute -----------------------------===//
///
/// The activation attribute is the single source of truth for what each
/// activation computes: the matcher compares recovered IR against `apply`, and
/// the lowerings emit the same formula.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include <cmath>

using namespace mlir;
using namespace mlir::fusion;

static bool hasClampBounds(ActivationKind kind) {
  return kind == ActivationKind::clamp;
}
static bool hasAlpha(ActivationKind kind) {
  return kind == ActivationKind::leaky_relu;
}

StringRef ActivationAttr::getName() const {
  return stringifyActivationKind(getKind());
}

double ActivationAttr::apply(double a) const {
  switch (getKind()) {
  case ActivationKind::none:
    return a;
  case ActivationKind::relu:
    return a > 0.0 || std::isnan(a) ? a : 0.0;
  case ActivationKind::relu6:
    return std::isnan(a) ? a : std::min(std::max(a, 0.0), 6.0);
  case ActivationKind::clamp:
    return std::isnan(a) ? a
                         : std::min(std::max(a, getMin().convertToDouble()),
                                    getMax().convertToDouble());
  case ActivationKind::leaky_relu:
    return a > 0.0 || std::isnan(a) ? a : a * getAlpha().convertToDouble();
  case ActivationKind::sigmoid:
    return 1.0 / (1.0 + std::exp(-a));
  case ActivationKind::silu:
    return a / (1.0 + std::exp(-a));
  case ActivationKind::hardswish:
    return a * std::min(std::max(a + 3.0, 0.0), 6.0) / 6.0;
  case ActivationKind::hardsigmoid:
    return std::min(std::max(a + 3.0, 0.0), 6.0) / 6.0;
  }
  return a;
}

LogicalResult
ActivationAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ActivationKind kind, APFloat min, APFloat max,
                       APFloat alpha) {
  if (hasClampBounds(kind)) {
    if (min.isNaN() || max.isNaN())
      return emitError() << "clamp bounds must not be NaN";
    if (min.convertToDouble() > max.convertToDouble())
      return emitError() << "clamp min (" << min.convertToDouble()
                         << ") must not exceed max (" << max.convertToDouble()
                         << ")";
  } else if (!min.isZero() || !max.isZero()) {
    return emitError() << "activation '" << stringifyActivationKind(kind)
                       << "' takes no min/max";
  }
  if (hasAlpha(kind)) {
    if (!alpha.isFinite())
      return emitError() << "leaky_relu alpha must be finite";
  } else if (!alpha.isZero()) {
    return emitError() << "activation '" << stringifyActivationKind(kind)
                       << "' takes no alpha";
  }
  return success();
}

/// `<kind>`, `<clamp, min = A, max = B>` or `<leaky_relu, alpha = A>`.
Attribute ActivationAttr::parse(AsmParser &parser, Type) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&keyword))
    return {};
  std::optional<ActivationKind> kind = symbolizeActivationKind(keyword);
  if (!kind) {
    parser.emitError(loc) << "unknown activation '" << keyword
                          << "'; expected one of none, relu, relu6, clamp, "
                             "leaky_relu, sigmoid, silu, hardswish, hardsigmoid";
    return {};
  }
  double min = 0.0, max = 0.0, alpha = 0.0;
  auto parseNamed = [&](StringRef name, double &value) -> ParseResult {
    return failure(parser.parseComma() || parser.parseKeyword(name) ||
                   parser.parseEqual() || parser.parseFloat(value));
  };
  if (hasClampBounds(*kind)) {
    if (parseNamed("min", min) || parseNamed("max", max))
      return {};
  } else if (hasAlpha(*kind)) {
    if (parseNamed("alpha", alpha))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ActivationAttr>(loc, parser.getContext(), *kind,
                                           APFloat(min), APFloat(max),
                                           APFloat(alpha));
}

void ActivationAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyActivationKind(getKind());
  if (hasClampBounds(getKind())) {
    printer << ", min = ";
    printer.printFloat(getMin());
    printer << ", max = ";
    printer.printFloat(getMax());
  } else if (hasAlpha(getKind())) {
    printer << ", alpha = ";
    printer.printFloat(getAlpha());
  }
  printer << ">";
}

LogicalResult
LoweringConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           LoweringStrategy strategy, int64_t channelsPerThread,
                           int64_t columnsPerThread, LoopOrder loopOrder,
                           Precision precision) {
  if (channelsPerThread < 1 || columnsPerThread < 1)
    return emitError() << "lowering_config expects channels_per_thread and "
                          "columns_per_thread >= 1, got "
                       << channelsPerThread << " and " << columnsPerThread;
  switch (strategy) {
  case LoweringStrategy::register_block:
    if (precision != Precision::fp32)
      return emitError() << "lowering_config: register_block computes exact "
                            "f32 products; precision "
                         << stringifyPrecision(precision)
                         << " needs strategy = mma_sync";
    break;
  case LoweringStrategy::mma_sync:
    if (precision == Precision::fp32)
      return emitError() << "lowering_config: mma_sync runs on tensor cores, "
                            "which have no f32 products; precision must be "
                            "tf32, tf32x3 or native";
    if (channelsPerThread != kMmaChannels || columnsPerThread != kMmaColumns)
      return emitError() << "lowering_config: an mma_sync warp tile is "
                         << kMmaColumns << " output columns by " << kMmaChannels
                         << " output channels (columns_per_thread = "
                         << kMmaColumns
                         << ", channels_per_thread = " << kMmaChannels
                         << "), got " << columnsPerThread << " by "
                         << channelsPerThread;
    if (loopOrder != LoopOrder::layout)
      return emitError() << "lowering_config: mma_sync takes loop_order = "
                            "layout, got "
                         << stringifyLoopOrder(loopOrder);
    break;
  }
  if (channelsPerThread > kMaxAccumulators ||
      columnsPerThread > kMaxAccumulators ||
      channelsPerThread * columnsPerThread > kMaxAccumulators)
    return emitError() << "lowering_config expects at most " << kMaxAccumulators
                       << " accumulators per thread, got " << channelsPerThread
                       << " channels x " << columnsPerThread << " columns";
  return success();
}

std::optional<std::string>
LoweringConfigAttr::explainMismatch(int64_t outChannels, int64_t outWidth,
                                    Type elementType,
                                    bool denseOneGroup) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (getStrategy() == LoweringStrategy::mma_sync) {
    // Column tiles past the output's width are masked: any width goes.
    bool halfWidth = elementType.isF16() || elementType.isBF16();
    if (getPrecision() == Precision::native && !halfWidth)
      os << "lowering_config's mma_sync with precision native takes f16 and "
            "bf16 convs, got "
         << elementType;
    else if (getPrecision() != Precision::native && !elementType.isF32())
      os << "lowering_config's mma_sync with precision "
         << stringifyPrecision(getPrecision()) << " takes f32 convs, got "
         << elementType
         << (halfWidth ? " (f16 and bf16 convs take precision native)" : "");
    else if (!denseOneGroup)
      os << "lowering_config's mma_sync takes dense convs with one group; "
            "grouped and depthwise convs stay on register_block";
    else if (outChannels % kMmaChannels != 0)
      os << "lowering_config's mma_sync needs output channels a multiple of "
         << kMmaChannels << ", got " << outChannels;
    else
      return std::nullopt;
    return text;
  }
  if (outChannels % getChannelsPerThread() != 0) {
    os << "lowering_config's channels_per_thread (" << getChannelsPerThread()
       << ") does not divide the " << outChannels << " output channels";
    return text;
  }
  if (ShapedType::isDynamic(outWidth) && getColumnsPerThread() != 1) {
    os << "lowering_config's columns_per_thread (" << getColumnsPerThread()
       << ") must be 1 for a dynamic output width";
    return text;
  }
  if (!ShapedType::isDynamic(outWidth) &&
      outWidth % getColumnsPerThread() != 0) {
    os << "lowering_config's columns_per_thread (" << getColumnsPerThread()
       << ") does not divide the output width " << outWidth;
    return text;
  }
  return std::nullopt;
}

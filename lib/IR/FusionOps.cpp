//===- FusionOps.cpp - fused convolution op verifiers ---------------------===//
///
/// Both conv ops share one verifier: the layout decides which dimension of
/// each operand is batch, channel and spatial, and every shape relation a
/// convolution implies is checked against that reading, so a fused op can
/// never silently apply per-channel values to the wrong axis.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <cmath>

using namespace mlir;
using namespace mlir::fusion;

namespace {
/// Dimension sizes of one convolution, read through its layout.
struct ConvDims {
  int64_t batch, inChannels, inH, inW;
  int64_t outChannels, outH, outW, outBatch;
  int64_t kernelH, kernelW, filterInChannels;
};

/// Builds the one message a geometry check returns.
struct Why {
  std::string text;
  llvm::raw_string_ostream os{text};
  template <typename T> Why &operator<<(const T &v) {
    os << v;
    return *this;
  }
  operator std::optional<std::string>() { return std::move(os.str()); }
};
} // namespace

static ConvDims readDims(ConvLayout layout, ArrayRef<int64_t> i,
                         ArrayRef<int64_t> f, ArrayRef<int64_t> o) {
  ConvDims d;
  bool last = isChannelsLast(layout);
  d.batch = i[0];
  d.inChannels = last ? i[3] : i[1];
  d.inH = last ? i[1] : i[2];
  d.inW = last ? i[2] : i[3];
  d.outBatch = o[0];
  d.outChannels = last ? o[3] : o[1];
  d.outH = last ? o[1] : o[2];
  d.outW = last ? o[2] : o[3];
  switch (layout) {
  case ConvLayout::nchw_fchw:
    d.kernelH = f[2], d.kernelW = f[3], d.filterInChannels = f[1];
    break;
  case ConvLayout::nhwc_hwcf:
    d.kernelH = f[0], d.kernelW = f[1], d.filterInChannels = f[2];
    break;
  case ConvLayout::nhwc_fhwc:
    d.kernelH = f[1], d.kernelW = f[2], d.filterInChannels = f[3];
    break;
  case ConvLayout::nchw_chw:
    d.kernelH = f[1], d.kernelW = f[2], d.filterInChannels = 1;
    break;
  case ConvLayout::nhwc_hwc:
  case ConvLayout::nhwc_hwcm:
    d.kernelH = f[0], d.kernelW = f[1], d.filterInChannels = 1;
    break;
  }
  return d;
}

std::optional<std::string>
mlir::fusion::explainInvalidConvGeometry(const ConvGeometry &g) {
  ConvLayout layout = g.layout;
  if (g.input.size() != 4)
    return Why() << "expects a rank-4 input, got rank " << g.input.size();
  if (g.result.size() != 4)
    return Why() << "expects a rank-4 result, got rank " << g.result.size();
  size_t expectedFilterRank =
      (layout == ConvLayout::nchw_chw || layout == ConvLayout::nhwc_hwc) ? 3
                                                                          : 4;
  if (g.filter.size() != expectedFilterRank)
    return Why() << "layout " << stringifyConvLayout(layout) << " expects a rank-"
                 << expectedFilterRank << " filter, got rank "
                 << g.filter.size();
  if (g.strides.size() != 2 || g.dilations.size() != 2)
    return Why() << "expects 2 strides and 2 dilations, got "
                 << g.strides.size() << " and " << g.dilations.size();
  if (g.padding.size() != 4)
    return Why() << "expects 4 padding values [top, bottom, left, right], got "
                 << g.padding.size();
  if (llvm::any_of(g.strides, [](int64_t s) { return s < 1; }) ||
      llvm::any_of(g.dilations, [](int64_t s) { return s < 1; }))
    return Why() << "expects strides and dilations >= 1";
  if (llvm::any_of(g.padding, [](int64_t p) { return p < 0; }))
    return Why() << "expects non-negative padding";
  int64_t groups = g.groups;
  if (groups < 1)
    return Why() << "expects groups >= 1, got " << groups;
  // An empty conv computes nothing a kernel could launch for, and the
  // folding and lowering arithmetic divides by these extents.
  struct Named {
    const char *name;
    ArrayRef<int64_t> shape;
  } operands[] = {{"input", g.input}, {"filter", g.filter},
                  {"result", g.result}};
  for (const Named &n : operands)
    if (llvm::is_contained(n.shape, 0)) {
      Why why;
      why << "expects no zero-sized dimension, got " << n.name << " shape ";
      llvm::interleave(
          n.shape, why.os,
          [&](int64_t v) {
            if (ShapedType::isDynamic(v))
              why.os << "?";
            else
              why.os << v;
          },
          "x");
      return why;
    }

  ConvDims d = readDims(layout, g.input, g.filter, g.result);
  auto known = [](int64_t a, int64_t b) {
    return !ShapedType::isDynamic(a) && !ShapedType::isDynamic(b);
  };
  if (known(d.batch, d.outBatch) && d.batch != d.outBatch)
    return Why() << "input batch " << d.batch << " does not match result batch "
                 << d.outBatch;
  if (ShapedType::isDynamic(d.outChannels))
    return Why() << "expects a static output channel dimension";

  if (isDepthwise(layout)) {
    if (!ShapedType::isDynamic(d.inChannels) && groups != d.inChannels)
      return Why() << "depthwise layout " << stringifyConvLayout(layout)
                   << " expects groups (" << groups
                   << ") equal to the input channels (" << d.inChannels << ")";
    int64_t filterChannels =
        layout == ConvLayout::nchw_chw ? g.filter[0] : g.filter[2];
    int64_t multiplier = layout == ConvLayout::nhwc_hwcm ? g.filter[3] : 1;
    if (known(filterChannels, d.inChannels) && filterChannels != d.inChannels)
      return Why() << "filter channels (" << filterChannels
                   << ") do not match input channels (" << d.inChannels << ")";
    std::optional<int64_t> product =
        known(filterChannels, multiplier)
            ? llvm::checkedMul(filterChannels, multiplier)
            : std::nullopt;
    if (known(filterChannels, multiplier) && product != d.outChannels) {
      Why why;
      why << "result channels (" << d.outChannels
          << ") must equal filter channels x multiplier (";
      if (product)
        why << *product << ")";
      else
        why << filterChannels << " x " << multiplier << ", overflowing int64)";
      return why;
    }
  } else {
    int64_t filterOut =
        layout == ConvLayout::nhwc_hwcf ? g.filter[3] : g.filter[0];
    if (known(filterOut, d.outChannels) && filterOut != d.outChannels)
      return Why() << "filter output channels (" << filterOut
                   << ") do not match result channels (" << d.outChannels
                   << ")";
    if (!ShapedType::isDynamic(d.inChannels) && d.inChannels % groups != 0)
      return Why() << "input channels (" << d.inChannels
                   << ") are not divisible by groups (" << groups << ")";
    if (d.outChannels % groups != 0)
      return Why() << "output channels (" << d.outChannels
                   << ") are not divisible by groups (" << groups << ")";
    if (known(d.inChannels, d.filterInChannels) &&
        llvm::checkedMul(d.filterInChannels, groups) != d.inChannels)
      return Why() << "filter input channels (" << d.filterInChannels
                   << ") x groups (" << groups
                   << ") do not match input channels (" << d.inChannels << ")";
  }

  struct Spatial {
    const char *name;
    int64_t in, out, kernel;
    int64_t padLo, padHi, stride, dilation;
  } spatial[] = {{"height", d.inH, d.outH, d.kernelH, g.padding[0],
                  g.padding[1], g.strides[0], g.dilations[0]},
                 {"width", d.inW, d.outW, d.kernelW, g.padding[2],
                  g.padding[3], g.strides[1], g.dilations[1]}};
  for (const Spatial &s : spatial) {
    if (ShapedType::isDynamic(s.in) || ShapedType::isDynamic(s.kernel))
      continue;
    if (s.kernel < 1)
      return Why() << "expects a kernel " << s.name << " >= 1, got "
                   << s.kernel;
    // span = dilation * (kernel - 1) + 1, padded = in + padLo + padHi; both
    // checked, since attributes come from anywhere.
    std::optional<int64_t> span = llvm::checkedMul(s.dilation, s.kernel - 1);
    span = span ? llvm::checkedAdd(*span, int64_t(1)) : std::nullopt;
    std::optional<int64_t> padded = llvm::checkedAdd(s.in, s.padLo);
    padded = padded ? llvm::checkedAdd(*padded, s.padHi) : std::nullopt;
    if (!span || !padded)
      return Why() << "the " << s.name << " arithmetic overflows int64 (input "
                   << s.in << ", padding " << s.padLo << " + " << s.padHi
                   << ", kernel " << s.kernel << ", dilation " << s.dilation
                   << ")";
    if (*padded < *span)
      return Why() << "dilated kernel " << s.name << " " << *span
                   << " exceeds the padded input " << s.name << " " << *padded;
    int64_t expected = (*padded - *span) / s.stride + 1;
    if (!ShapedType::isDynamic(s.out) && expected != s.out)
      return Why() << "result " << s.name << " " << s.out
                   << " does not match the expected " << expected;
  }
  return std::nullopt;
}

template <typename OpTy>
static LogicalResult verifyConvOp(OpTy op, ValueRange perChannel) {
  auto in = cast<RankedTensorType>(op.getInput().getType());
  auto flt = cast<RankedTensorType>(op.getFilter().getType());
  auto out = cast<RankedTensorType>(op.getResult().getType());
  if (in.getElementType() != flt.getElementType() ||
      in.getElementType() != out.getElementType())
    return op.emitOpError("expects input, filter and result of one element "
                          "type, got ")
           << in.getElementType() << ", " << flt.getElementType() << " and "
           << out.getElementType();
  ConvGeometry geometry{op.getLayout(),    in.getShape(),
                        flt.getShape(),    out.getShape(),
                        op.getStrides(),   op.getDilations(),
                        op.getPadding(),   op.getGroups()};
  if (std::optional<std::string> why = explainInvalidConvGeometry(geometry))
    return op.emitOpError(*why);
  bool last = isChannelsLast(op.getLayout());
  int64_t outChannels = out.getDimSize(last ? 3 : 1);
  if (LoweringConfigAttr config = op.getLoweringConfigAttr())
    if (std::optional<std::string> why = config.explainMismatch(
            outChannels, out.getDimSize(last ? 2 : 3), out.getElementType(),
            isDenseOneGroup(op.getLayout(), op.getGroups())))
      return op.emitOpError(*why);
  for (Value v : perChannel) {
    if (!v)
      continue;
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() != 1 || t.getDimSize(0) != outChannels)
      return op.emitOpError("expects per-channel operands of shape [")
             << outChannels << "], got " << t;
  }
  return success();
}

LogicalResult ConvBnActOp::verify() {
  double eps = getEpsilon().convertToDouble();
  if (!std::isfinite(eps) || eps < 0.0)
    return emitOpError("expects a finite, non-negative epsilon, got ") << eps;
  return verifyConvOp(*this, {getBias(), getMean(), getVariance(), getGamma(),
                              getBeta()});
}

LogicalResult ConvBiasActOp::verify() {
  return verifyConvOp(*this, {getBias()});
}

/// `[w0, w1, ...]` with every double printed so that it parses back to
/// the same bits: the default array printing keeps 6 digits, which would
/// change an f32 weight such as 0.1f on a round trip.
static ParseResult parseExactFloats(OpAsmParser &parser,
                                    DenseF64ArrayAttr &attr) {
  SmallVector<double> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        double v;
        if (parser.parseFloat(v))
          return failure();
        values.push_back(v);
        return success();
      }))
    return failure();
  attr = DenseF64ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printExactFloats(OpAsmPrinter &printer, Operation *,
                             DenseF64ArrayAttr attr) {
  printer << '[';
  llvm::interleaveComma(attr.asArrayRef(), printer,
                        [&](double v) { printer.printFloat(APFloat(v)); });
  printer << ']';
}

#define GET_OP_CLASSES
#include "FusionDialect/IR/FusionOps.cpp.inc"

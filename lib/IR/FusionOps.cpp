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
} // namespace

static FailureOr<ConvDims> readDims(Operation *op, ConvLayout layout,
                                    RankedTensorType in, RankedTensorType flt,
                                    RankedTensorType out, int64_t groups) {
  if (in.getRank() != 4)
    return op->emitOpError("expects a rank-4 input, got rank ")
           << in.getRank();
  if (out.getRank() != 4)
    return op->emitOpError("expects a rank-4 result, got rank ")
           << out.getRank();
  int64_t expectedFilterRank =
      (layout == ConvLayout::nchw_chw || layout == ConvLayout::nhwc_hwc) ? 3
                                                                          : 4;
  if (flt.getRank() != expectedFilterRank)
    return op->emitOpError("layout ")
           << stringifyConvLayout(layout) << " expects a rank-"
           << expectedFilterRank << " filter, got rank " << flt.getRank();
  ArrayRef<int64_t> i = in.getShape(), f = flt.getShape(), o = out.getShape();
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
  (void)groups;
  return d;
}

/// Output extent of one spatial dimension, or failure when no output fits.
static std::optional<int64_t> outputExtent(int64_t in, int64_t padLo,
                                           int64_t padHi, int64_t kernel,
                                           int64_t stride, int64_t dilation) {
  int64_t span = dilation * (kernel - 1) + 1;
  int64_t padded = in + padLo + padHi;
  if (padded < span)
    return std::nullopt;
  return (padded - span) / stride + 1;
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

  ArrayRef<int64_t> strides = op.getStrides(), dilations = op.getDilations(),
                    padding = op.getPadding();
  if (strides.size() != 2 || dilations.size() != 2)
    return op.emitOpError("expects 2 strides and 2 dilations, got ")
           << strides.size() << " and " << dilations.size();
  if (padding.size() != 4)
    return op.emitOpError("expects 4 padding values [top, bottom, left, "
                          "right], got ")
           << padding.size();
  if (llvm::any_of(strides, [](int64_t s) { return s < 1; }) ||
      llvm::any_of(dilations, [](int64_t s) { return s < 1; }))
    return op.emitOpError("expects strides and dilations >= 1");
  if (llvm::any_of(padding, [](int64_t p) { return p < 0; }))
    return op.emitOpError("expects non-negative padding");
  int64_t groups = op.getGroups();
  if (groups < 1)
    return op.emitOpError("expects groups >= 1, got ") << groups;

  ConvLayout layout = op.getLayout();
  FailureOr<ConvDims> maybeDims =
      readDims(op.getOperation(), layout, in, flt, out, groups);
  if (failed(maybeDims))
    return failure();
  ConvDims d = *maybeDims;
  auto known = [](int64_t a, int64_t b) {
    return !ShapedType::isDynamic(a) && !ShapedType::isDynamic(b);
  };

  if (known(d.batch, d.outBatch) && d.batch != d.outBatch)
    return op.emitOpError("input batch ")
           << d.batch << " does not match result batch " << d.outBatch;
  if (ShapedType::isDynamic(d.outChannels))
    return op.emitOpError("expects a static output channel dimension");

  if (isDepthwise(layout)) {
    if (!ShapedType::isDynamic(d.inChannels) && groups != d.inChannels)
      return op.emitOpError("depthwise layout ")
             << stringifyConvLayout(layout) << " expects groups ("
             << groups << ") equal to the input channels (" << d.inChannels
             << ")";
    ArrayRef<int64_t> f = flt.getShape();
    int64_t filterChannels = layout == ConvLayout::nchw_chw ? f[0] : f[2];
    int64_t multiplier = layout == ConvLayout::nhwc_hwcm ? f[3] : 1;
    if (known(filterChannels, d.inChannels) && filterChannels != d.inChannels)
      return op.emitOpError("filter channels (")
             << filterChannels << ") do not match input channels ("
             << d.inChannels << ")";
    if (known(filterChannels, multiplier) &&
        filterChannels * multiplier != d.outChannels)
      return op.emitOpError("result channels (")
             << d.outChannels << ") must equal filter channels x multiplier ("
             << filterChannels * multiplier << ")";
  } else {
    int64_t filterOut = layout == ConvLayout::nhwc_hwcf
                            ? flt.getShape()[3]
                            : flt.getShape()[0];
    if (known(filterOut, d.outChannels) && filterOut != d.outChannels)
      return op.emitOpError("filter output channels (")
             << filterOut << ") do not match result channels ("
             << d.outChannels << ")";
    if (!ShapedType::isDynamic(d.inChannels) && d.inChannels % groups != 0)
      return op.emitOpError("input channels (")
             << d.inChannels << ") are not divisible by groups (" << groups
             << ")";
    if (d.outChannels % groups != 0)
      return op.emitOpError("output channels (")
             << d.outChannels << ") are not divisible by groups (" << groups
             << ")";
    if (known(d.inChannels, d.filterInChannels) &&
        d.filterInChannels * groups != d.inChannels)
      return op.emitOpError("filter input channels (")
             << d.filterInChannels << ") x groups (" << groups
             << ") do not match input channels (" << d.inChannels << ")";
  }

  struct Spatial {
    const char *name;
    int64_t in, out, kernel;
    int64_t padLo, padHi, stride, dilation;
  } spatial[] = {{"height", d.inH, d.outH, d.kernelH, padding[0], padding[1],
                  strides[0], dilations[0]},
                 {"width", d.inW, d.outW, d.kernelW, padding[2], padding[3],
                  strides[1], dilations[1]}};
  for (const Spatial &s : spatial) {
    if (ShapedType::isDynamic(s.in) || ShapedType::isDynamic(s.kernel))
      continue;
    std::optional<int64_t> expected = outputExtent(
        s.in, s.padLo, s.padHi, s.kernel, s.stride, s.dilation);
    if (!expected)
      return op.emitOpError("dilated kernel ")
             << s.name << " " << s.dilation * (s.kernel - 1) + 1
             << " exceeds the padded input " << s.name << " "
             << s.in + s.padLo + s.padHi;
    if (!ShapedType::isDynamic(s.out) && *expected != s.out)
      return op.emitOpError("result ")
             << s.name << " " << s.out << " does not match the expected "
             << *expected;
  }

  for (Value v : perChannel) {
    if (!v)
      continue;
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() != 1 || t.getDimSize(0) != d.outChannels)
      return op.emitOpError("expects per-channel operands of shape [")
             << d.outChannels << "], got " << t;
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

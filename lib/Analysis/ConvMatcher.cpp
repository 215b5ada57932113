//===- ConvMatcher.cpp - read a frontend's convolution --------------------===//
#include "FusionDialect/Analysis/ConvMatcher.h"
#include "FusionDialect/Analysis/ConstantEvaluator.h"
#include "FusionDialect/Analysis/ElementwiseSemantics.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::fusion;

static ConvMatchResult matchConvolutionForm(Operation *op);

static ConvMatchResult refuse(Refusal reason, const Twine &detail) {
  ConvMatchResult r;
  r.status = ConvMatchStatus::Refused;
  r.reason = reason;
  r.detail = detail.str();
  return r;
}

static SmallVector<int64_t, 2> readPair(DenseIntElementsAttr attr) {
  SmallVector<int64_t, 2> result{1, 1};
  if (attr && attr.getNumElements() == 2) {
    result.clear();
    for (const APInt &v : attr.getValues<APInt>())
      result.push_back(v.getSExtValue());
  }
  return result;
}

static bool isHalfFloat(Type t) { return t.isF16() || t.isBF16(); }

static bool isSupportedFloat(Type t) { return t.isF32() || isHalfFloat(t); }

/// Whether `op` is an elementwise `linalg.generic` whose only computation is
/// `arith.truncf` of its single input to `to`.
static bool isTruncationTo(Operation *op, Type to) {
  auto g = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!g || g.getNumDpsInputs() != 1 || g.getNumDpsInits() != 1 ||
      g.getNumResults() != 1 || g.getNumReductionLoops() != 0 ||
      !llvm::all_of(g.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return false;
  Block &body = g.getRegion().front();
  auto yield = body.getTerminator();
  auto trunc = yield->getOperand(0).getDefiningOp<arith::TruncFOp>();
  return body.getOperations().size() == 2 && trunc &&
         trunc.getIn() == body.getArgument(0) && trunc.getType() == to &&
         cast<ShapedType>(g.getResult(0).getType()).getElementType() == to;
}

/// torch-mlir's half-precision conv: f16 (or bf16) input and filter
/// accumulated into an f32 tensor, rounded to the input's type by the next
/// op, a `truncf` generic. That is one f16 conv with f32 accumulation, which
/// is what a half-precision fused op computes; the rounding generic becomes
/// part of the match and the chain starts after it.
static void absorbAccumulatorRounding(ConvMatch &m) {
  Type inType = cast<ShapedType>(m.input.getType()).getElementType();
  Type filterType = cast<ShapedType>(m.filter.getType()).getElementType();
  Type outType = cast<ShapedType>(m.output.getType()).getElementType();
  if (!isHalfFloat(inType) || filterType != inType || !outType.isF32() ||
      !m.output.hasOneUse())
    return;
  Operation *user = *m.output.getUsers().begin();
  if (!isTruncationTo(user, inType))
    return;
  m.output = user->getResult(0);
  m.absorbed.push_back(user);
}

/// Checks element types and the channel dimension shared by all frontends.
static std::optional<ConvMatchResult> checkTypes(ConvMatch &m) {
  auto in = cast<ShapedType>(m.input.getType());
  auto flt = cast<ShapedType>(m.filter.getType());
  auto out = cast<ShapedType>(m.output.getType());
  Type et = out.getElementType();
  if (!isSupportedFloat(et) || in.getElementType() != et ||
      flt.getElementType() != et) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "conv on " << in.getElementType() << " x " << flt.getElementType()
       << " -> " << et << "; fused ops take f32, f16 or bf16 throughout";
    if (et.isF32() && in.getElementType() == flt.getElementType() &&
        isHalfFloat(in.getElementType()))
      os << " (an f32 accumulation is taken when its only user rounds it "
            "back to "
         << in.getElementType() << " with an arith.truncf generic)";
    return refuse(Refusal::UnsupportedDtype, os.str());
  }
  if (out.getRank() != 4 || out.isDynamicDim(m.channelDim))
    return refuse(Refusal::DynamicChannelDim,
                  "the output channel dimension is not static");
  m.channels = out.getDimSize(m.channelDim);
  return std::nullopt;
}

/// Reads the bias a linalg conv accumulates onto from its init operand.
static std::optional<ConvMatchResult> readLinalgInit(ConvMatch &m, Value init) {
  Operation *def = init.getDefiningOp();
  if (auto fill = dyn_cast_or_null<linalg::FillOp>(def)) {
    if (std::optional<double> c = getScalarConstant(fill.getInputs()[0])) {
      m.scalarBias = *c;
      return std::nullopt;
    }
    return refuse(Refusal::UnrecognizedPattern,
                  "the accumulator is filled with a non-constant value");
  }
  auto isChannelVector = [&](Value v) {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    return t && t.getRank() == 1 && t.getDimSize(0) == m.channels;
  };
  if (auto b = dyn_cast_or_null<linalg::BroadcastOp>(def)) {
    if (isChannelVector(b.getInput())) {
      m.bias = b.getInput();
      return std::nullopt;
    }
  }
  if (auto g = dyn_cast_or_null<linalg::GenericOp>(def)) {
    Block &body = g.getRegion().front();
    auto yield = body.getTerminator();
    if (g.getNumDpsInputs() == 1 && g.getNumReductionLoops() == 0 &&
        isChannelVector(g.getDpsInputs()[0]) &&
        yield->getOperand(0) == body.getArgument(0)) {
      AffineMap map = g.getIndexingMapsArray()[0];
      AffineMap outMap = g.getIndexingMapsArray().back();
      if (map.getNumResults() == 1 && outMap.isIdentity() &&
          map.getResult(0) == outMap.getResult(m.channelDim)) {
        m.bias = g.getDpsInputs()[0];
        return std::nullopt;
      }
    }
  }
  if (isa_and_nonnull<tensor::EmptyOp>(def))
    return refuse(Refusal::UnrecognizedPattern,
                  "the conv accumulates into an uninitialized tensor");
  return refuse(Refusal::UnrecognizedPattern,
                "the conv accumulates into a computed tensor, not a bias");
}

/// Absorbs a `tensor.pad` with a zero value on the spatial dims only.
static void absorbPad(ConvMatch &m) {
  auto pad = m.input.getDefiningOp<tensor::PadOp>();
  if (!pad)
    return;
  // Static sizes only, read before anything that builds the mixed (static
  // and SSA) list: a static INT64_MIN is the dynamic sentinel without an
  // operand behind it, which the verifier lets through and the mixed list
  // would dereference.
  SmallVector<int64_t> low(pad.getStaticLow()), high(pad.getStaticHigh());
  if (llvm::any_of(low, ShapedType::isDynamic) ||
      llvm::any_of(high, ShapedType::isDynamic) || low.size() != 4 ||
      high.size() != 4)
    return;
  if (llvm::all_of(low, [](int64_t v) { return v == 0; }) &&
      llvm::all_of(high, [](int64_t v) { return v == 0; }))
    return;
  Value padValue = pad.getConstantPaddingValue();
  std::optional<double> v = padValue ? getScalarConstant(padValue)
                                     : std::nullopt;
  if (!v || *v != 0.0)
    return;
  bool last = isChannelsLast(m.layout);
  int64_t h = last ? 1 : 2, w = last ? 2 : 3, c = last ? 3 : 1;
  if (low[0] || high[0] || low[c] || high[c])
    return;
  // Negative padding crops; the fused ops pad only. Sums that overflow are
  // left to the unfused program.
  SmallVector<int64_t, 4> added = {low[h], high[h], low[w], high[w]};
  SmallVector<int64_t, 4> padding;
  for (auto [before, extra] : llvm::zip(m.padding, added)) {
    std::optional<int64_t> sum = llvm::checkedAdd(before, extra);
    if (extra < 0 || !sum)
      return;
    padding.push_back(*sum);
  }
  m.padding = padding;
  m.input = pad.getSource();
  m.absorbed.push_back(pad);
}

static ConvMatchResult matchLinalg(linalg::LinalgOp op, ConvLayout layout) {
  ConvMatchResult r;
  ConvMatch &m = r.match;
  m.conv = op;
  m.layout = layout;
  m.input = op.getDpsInputs()[0];
  m.filter = op.getDpsInputs()[1];
  m.output = op->getResult(0);
  m.channelDim = isChannelsLast(layout) ? 3 : 1;
  m.strides = readPair(op->getAttrOfType<DenseIntElementsAttr>("strides"));
  m.dilations = readPair(op->getAttrOfType<DenseIntElementsAttr>("dilations"));

  if (layout == ConvLayout::nhwc_hwcm) {
    // The 5-D [N, H, W, C, M] result is collapsed to C*M channels by the
    // frontend; the chain starts after the collapse.
    auto users = op->getResult(0).getUsers();
    auto collapse = llvm::hasSingleElement(users)
                        ? dyn_cast<tensor::CollapseShapeOp>(*users.begin())
                        : nullptr;
    if (!collapse || collapse.getResultType().getRank() != 4)
      return refuse(Refusal::UnrecognizedPattern,
                    "depthwise_conv_2d_nhwc_hwcm result is not collapsed to "
                    "[N, H, W, C*M]");
    m.output = collapse.getResult();
    m.absorbed.push_back(collapse);
  }
  absorbAccumulatorRounding(m);
  if (auto refused = checkTypes(m))
    return *refused;
  auto inType = cast<ShapedType>(m.input.getType());
  if (isDepthwise(layout))
    m.groups = inType.getDimSize(m.channelDim);
  if (ShapedType::isDynamic(m.groups))
    return refuse(Refusal::DynamicChannelDim,
                  "the input channel dimension is not static");
  if (layout == ConvLayout::nhwc_hwcm) {
    Operation *init = op.getDpsInits()[0].getDefiningOp();
    auto fill = dyn_cast_or_null<linalg::FillOp>(init);
    std::optional<double> c =
        fill ? getScalarConstant(fill.getInputs()[0]) : std::nullopt;
    if (!c || *c != 0.0)
      return refuse(Refusal::UnrecognizedPattern,
                    "depthwise_conv_2d_nhwc_hwcm accumulates onto a non-zero "
                    "init");
  } else if (auto refused = readLinalgInit(m, op.getDpsInits()[0])) {
    return *refused;
  }
  absorbPad(m);
  r.status = ConvMatchStatus::Matched;
  return r;
}

/// TOSA zero points must be zero for a float convolution to be plain.
static bool isZeroPoint(Value zp) {
  std::optional<double> v = getScalarConstant(zp);
  return v && *v == 0.0;
}

template <typename TosaConv>
static ConvMatchResult matchTosa(TosaConv op, ConvLayout layout) {
  ConvMatchResult r;
  ConvMatch &m = r.match;
  m.conv = op;
  m.layout = layout;
  m.input = op.getInput();
  m.filter = op.getWeight();
  m.output = op.getResult();
  m.channelDim = 3;
  m.strides.assign(op.getStride().begin(), op.getStride().end());
  m.dilations.assign(op.getDilation().begin(), op.getDilation().end());
  m.padding.assign(op.getPad().begin(), op.getPad().end());
  if (auto refused = checkTypes(m))
    return *refused;
  if (!isZeroPoint(op.getInputZp()) || !isZeroPoint(op.getWeightZp()))
    return refuse(Refusal::UnsupportedDtype,
                  "the conv has non-zero zero points (quantized)");
  if (layout == ConvLayout::nhwc_hwcm)
    m.groups = cast<ShapedType>(m.input.getType()).getDimSize(3);
  auto biasType = cast<RankedTensorType>(op.getBias().getType());
  if (biasType.getDimSize(0) == m.channels) {
    m.bias = op.getBias();
  } else {
    FailureOr<ConstTensor> b = evaluateConstantTensor(op.getBias());
    if (failed(b) || b->size() != 1)
      return refuse(Refusal::UnrecognizedPattern,
                    "the conv bias is neither per-channel nor a constant");
    m.scalarBias = b->values[0];
  }
  absorbPad(m);
  r.status = ConvMatchStatus::Matched;
  return r;
}

/// A grouped conv as torch-mlir's TOSA backend spells it: one tosa.conv2d
/// per group, each reading a channel slice of one NHWC input with a slice
/// of one [F, KH, KW, C/G] filter, concatenated along channels. Together
/// they are the grouped conv on the unsliced input and filter.
namespace {
struct TosaGroupSplit {
  SmallVector<tosa::Conv2DOp> convs;
  tosa::ConcatOp concat;
  Value input, filter;
  /// The per-channel bias the groups' biases are slices of, or null with
  /// `scalarBias` when every group adds the same uniform constant.
  Value bias;
  double scalarBias = 0.0;
};
} // namespace

/// `start` and `size` of a tosa.slice with constant shapes.
static bool readSlice(tosa::SliceOp slice, SmallVectorImpl<int64_t> &start,
                      SmallVectorImpl<int64_t> &size) {
  auto read = [](Value v, SmallVectorImpl<int64_t> &out) {
    auto shape = v.getDefiningOp<tosa::ConstShapeOp>();
    if (!shape)
      return false;
    for (const APInt &x : shape.getValues().getValues<APInt>())
      out.push_back(x.getSExtValue());
    return true;
  };
  return read(slice.getStart(), start) && read(slice.getSize(), size);
}

/// Whether `v` is the `index`-th of `count` equal slices of one source
/// along `dim` (all other dims whole); sets `source` on the first.
static bool isGroupSlice(Value v, int64_t dim, int64_t index, int64_t count,
                         Value &source) {
  auto slice = v.getDefiningOp<tosa::SliceOp>();
  SmallVector<int64_t, 4> start, size;
  if (!slice || !readSlice(slice, start, size))
    return false;
  if (!source)
    source = slice.getInput1();
  auto type = dyn_cast<RankedTensorType>(source.getType());
  if (slice.getInput1() != source || !type || !type.hasStaticShape() ||
      type.getRank() != int64_t(start.size()) || size.size() != start.size())
    return false;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    int64_t whole = type.getDimSize(d);
    if (d == dim) {
      if (whole % count || size[d] != whole / count ||
          start[d] != index * size[d])
        return false;
    } else if (start[d] != 0 || size[d] != whole) {
      return false;
    }
  }
  return true;
}

static std::optional<TosaGroupSplit> findTosaGroupSplit(tosa::Conv2DOp op) {
  if (!op->hasOneUse())
    return std::nullopt;
  auto concat = dyn_cast<tosa::ConcatOp>(*op->getUsers().begin());
  if (!concat || concat.getAxis() != 3 || concat->getNumOperands() < 2)
    return std::nullopt;
  TosaGroupSplit split;
  split.concat = concat;
  int64_t count = concat->getNumOperands();
  Value biasSource, sharedBias;
  for (auto [g, operand] : llvm::enumerate(concat->getOperands())) {
    auto conv = operand.getDefiningOp<tosa::Conv2DOp>();
    if (!conv || !conv->hasOneUse())
      return std::nullopt;
    tosa::Conv2DOp first = split.convs.empty() ? conv : split.convs.front();
    if (conv.getStride() != first.getStride() ||
        conv.getPad() != first.getPad() ||
        conv.getDilation() != first.getDilation() ||
        conv.getType() != first.getType() ||
        !isZeroPoint(conv.getInputZp()) || !isZeroPoint(conv.getWeightZp()))
      return std::nullopt;
    if (!isGroupSlice(conv.getInput(), 3, g, count, split.input) ||
        !isGroupSlice(conv.getWeight(), 0, g, count, split.filter))
      return std::nullopt;
    // Per-group biases: slices of one bias, or one shared uniform constant.
    if (g == 0)
      sharedBias = conv.getBias();
    if (sharedBias != conv.getBias())
      sharedBias = nullptr;
    if (!isGroupSlice(conv.getBias(), 0, g, count, biasSource))
      biasSource = nullptr;
    split.convs.push_back(conv);
  }
  if (biasSource) {
    split.bias = biasSource;
  } else {
    FailureOr<ConstTensor> b = failure();
    if (sharedBias)
      b = evaluateConstantTensor(sharedBias);
    if (failed(b) || b->values.empty() ||
        llvm::any_of(b->values, [&](double v) { return v != b->values[0]; }))
      return std::nullopt;
    split.scalarBias = b->values[0];
  }
  return split;
}

static ConvMatchResult matchTosaGrouped(TosaGroupSplit split) {
  ConvMatchResult r;
  ConvMatch &m = r.match;
  tosa::Conv2DOp first = split.convs.front();
  m.conv = first;
  m.layout = ConvLayout::nhwc_fhwc;
  m.input = split.input;
  m.filter = split.filter;
  m.output = split.concat.getResult();
  m.channelDim = 3;
  m.strides.assign(first.getStride().begin(), first.getStride().end());
  m.dilations.assign(first.getDilation().begin(), first.getDilation().end());
  m.padding.assign(first.getPad().begin(), first.getPad().end());
  m.groups = split.convs.size();
  if (auto refused = checkTypes(m))
    return *refused;
  m.bias = split.bias;
  m.scalarBias = split.scalarBias;
  for (tosa::Conv2DOp conv : llvm::drop_begin(split.convs))
    m.absorbed.push_back(conv);
  m.absorbed.push_back(split.concat);
  r.status = ConvMatchStatus::Matched;
  return r;
}

/// The 4-D value a 5-D grouped operand was expanded from by splitting
/// dimension 1 (channels into groups), or null.
static Value groupedSource(Value v) {
  auto expand = v.getDefiningOp<tensor::ExpandShapeOp>();
  if (!expand || expand.getSrcType().getRank() != 4 ||
      expand.getResultType().getRank() != 5)
    return {};
  SmallVector<ReassociationIndices> r = expand.getReassociationIndices();
  if (r.size() != 4 || r[1] != ReassociationIndices{1, 2})
    return {};
  return expand.getSrc();
}

/// torch-mlir's grouped conv: input and accumulator expanded from NCHW to
/// [N, G, C/G, H, W], `linalg.conv_2d_ngchw_gfchw`, result collapsed back.
/// Read as an NCHW/FCHW conv with `groups = G`.
static ConvMatchResult matchGrouped(linalg::Conv2DNgchwGfchwOp op) {
  ConvMatchResult r;
  ConvMatch &m = r.match;
  m.conv = op;
  m.layout = ConvLayout::nchw_fchw;
  m.channelDim = 1;
  m.strides = readPair(op->getAttrOfType<DenseIntElementsAttr>("strides"));
  m.dilations = readPair(op->getAttrOfType<DenseIntElementsAttr>("dilations"));
  Value input = op.getDpsInputs()[0], filter = op.getDpsInputs()[1];
  Value init = op.getDpsInits()[0];
  auto users = op->getResult(0).getUsers();
  auto collapse = llvm::hasSingleElement(users)
                      ? dyn_cast<tensor::CollapseShapeOp>(*users.begin())
                      : nullptr;
  m.input = groupedSource(input);
  // The accumulator is a bias split into groups, or (torch-mlir's FX path)
  // a constant fill of the 5-D tensor itself.
  Value init4 = init.getDefiningOp<linalg::FillOp>() ? init
                                                      : groupedSource(init);
  if (!m.input || !init4 || !collapse ||
      collapse.getResultType().getRank() != 4)
    return refuse(Refusal::UnrecognizedPattern,
                  "a grouped conv whose input, accumulator or result is not "
                  "an NCHW tensor split into groups");
  m.output = collapse.getResult();
  m.absorbed.push_back(collapse);
  m.groups = cast<ShapedType>(filter.getType()).getDimSize(0);
  // [G, F/G, C/G, KH, KW] row-major is [F, C/G, KH, KW]: output channel
  // g * F/G + f, as the collapsed result numbers them.
  auto filterExpand = filter.getDefiningOp<tensor::ExpandShapeOp>();
  if (filterExpand && filterExpand.getSrcType().getRank() == 4 &&
      filterExpand.getReassociationIndices().front() ==
          ReassociationIndices{0, 1}) {
    m.filter = filterExpand.getSrc();
  } else {
    m.filter = filter;
    m.collapseGroupedFilter = true;
  }
  absorbAccumulatorRounding(m);
  auto in = cast<ShapedType>(m.input.getType());
  auto flt = cast<ShapedType>(filter.getType());
  auto out = cast<ShapedType>(m.output.getType());
  Type et = out.getElementType();
  if (!isSupportedFloat(et) || in.getElementType() != et ||
      flt.getElementType() != et)
    return refuse(Refusal::UnsupportedDtype,
                  "grouped conv on a type the fused ops do not take");
  if (out.isDynamicDim(1) || ShapedType::isDynamic(m.groups))
    return refuse(Refusal::DynamicChannelDim,
                  "the output channel dimension is not static");
  m.channels = out.getDimSize(1);
  if (auto refused = readLinalgInit(m, init4))
    return *refused;
  absorbPad(m);
  r.status = ConvMatchStatus::Matched;
  return r;
}

/// Refuses a matched conv that no fused op could hold: the upstream
/// verifiers accept dilation 0, zero-sized maps and mismatched batch sizes,
/// and building a fused op for them would only fail its verifier on an op
/// the user never wrote. Asks the fused ops' own check, on the shapes the
/// fused op would get (after an absorbed pad and a collapsed group filter).
static std::optional<ConvMatchResult> checkGeometry(const ConvMatch &m) {
  auto in = dyn_cast<RankedTensorType>(m.input.getType());
  auto flt = dyn_cast<RankedTensorType>(m.filter.getType());
  auto out = dyn_cast<RankedTensorType>(m.output.getType());
  if (!in || !flt || !out)
    return refuse(Refusal::InvalidConvGeometry,
                  "the conv's operands are not ranked tensors");
  SmallVector<int64_t> filterShape(flt.getShape());
  if (m.collapseGroupedFilter && filterShape.size() == 5) {
    std::optional<int64_t> filters =
        llvm::checkedMul(filterShape[0], filterShape[1]);
    if (ShapedType::isDynamic(filterShape[0]) ||
        ShapedType::isDynamic(filterShape[1]) || !filters)
      return refuse(Refusal::InvalidConvGeometry,
                    "the grouped filter's group and filter counts are not "
                    "static or overflow int64");
    filterShape = {*filters, filterShape[2], filterShape[3], filterShape[4]};
  }
  ConvGeometry geometry{m.layout,    in.getShape(), filterShape,
                        out.getShape(), m.strides,  m.dilations,
                        m.padding,   m.groups};
  if (std::optional<std::string> why = explainInvalidConvGeometry(geometry)) {
    std::string detail;
    llvm::raw_string_ostream os(detail);
    auto list = [&](const char *name, ArrayRef<int64_t> values) {
      os << name << " [";
      llvm::interleaveComma(values, os);
      os << "], ";
    };
    os << "no fused op can hold this conv (";
    list("strides", m.strides);
    list("dilations", m.dilations);
    list("padding", m.padding);
    os << "input " << in << ", filter " << flt << ", result " << out
       << "): a fused conv " << *why;
    return refuse(Refusal::InvalidConvGeometry, os.str());
  }
  return std::nullopt;
}

ConvMatchResult mlir::fusion::matchConvolution(Operation *op) {
  // Fusion reads chains of tensor values; a conv on buffers (after
  // bufferization) has no result to follow and is no candidate.
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      linalgOp && !linalgOp.hasPureTensorSemantics())
    return ConvMatchResult();
  ConvMatchResult result = matchConvolutionForm(op);
  if (result.status == ConvMatchStatus::Matched)
    if (std::optional<ConvMatchResult> refused = checkGeometry(result.match))
      return *refused;
  return result;
}

static ConvMatchResult matchConvolutionForm(Operation *op) {
  using L = ConvLayout;
  return llvm::TypeSwitch<Operation *, ConvMatchResult>(op)
      .Case([](linalg::Conv2DNchwFchwOp c) {
        return matchLinalg(c, L::nchw_fchw);
      })
      .Case([](linalg::Conv2DNhwcHwcfOp c) {
        return matchLinalg(c, L::nhwc_hwcf);
      })
      .Case([](linalg::Conv2DNhwcFhwcOp c) {
        return matchLinalg(c, L::nhwc_fhwc);
      })
      .Case([](linalg::DepthwiseConv2DNchwChwOp c) {
        return matchLinalg(c, L::nchw_chw);
      })
      .Case([](linalg::DepthwiseConv2DNhwcHwcOp c) {
        return matchLinalg(c, L::nhwc_hwc);
      })
      .Case([](linalg::DepthwiseConv2DNhwcHwcmOp c) {
        return matchLinalg(c, L::nhwc_hwcm);
      })
      .Case([](tosa::Conv2DOp c) {
        // A group of a split grouped conv is matched once, as the whole,
        // at the first group.
        if (std::optional<TosaGroupSplit> split = findTosaGroupSplit(c))
          return c == split->convs.front() ? matchTosaGrouped(*split)
                                           : ConvMatchResult();
        return matchTosa(c, L::nhwc_fhwc);
      })
      .Case([](tosa::DepthwiseConv2DOp c) {
        return matchTosa(c, L::nhwc_hwcm);
      })
      .Case<linalg::Conv2DNchwFchwQOp, linalg::Conv2DNhwcHwcfQOp,
            linalg::Conv2DNhwcFhwcQOp, linalg::DepthwiseConv2DNhwcHwcQOp,
            linalg::DepthwiseConv2DNhwcHwcmQOp>([](Operation *) {
        return refuse(Refusal::UnsupportedDtype,
                      "quantized convolutions are not fused");
      })
      .Case([](linalg::Conv2DNgchwGfchwOp c) { return matchGrouped(c); })
      .Case<linalg::Conv2DNgchwFgchwOp, linalg::Conv2DNhwgcGfhwcOp>(
          [](Operation *) {
            return refuse(Refusal::UnrecognizedPattern,
                          "grouped convolutions in this 5-D layout are not "
                          "matched yet (conv_2d_ngchw_gfchw is)");
          })
      .Default([](Operation *) { return ConvMatchResult(); });
}

//===- ConvTiling.cpp - the fused convs as tileable structured ops --------===//
///
/// `fusion.conv_bias_act` and `fusion.conv_bn_act` implement TilingInterface
/// so that upstream's tiling (`scf::tileUsingSCF`, the transform dialect's
/// `tile_using_for` and `tile_using_forall`) applies to them with their
/// epilogue attached: a tile of the result is the same fused op on slices of
/// its operands. The iteration domain is the result's dimensions in the
/// result's order (NCHW or NHWC), all parallel; the reduction over input
/// channels and the kernel window stays inside the op.
///
/// A tile of output channels reads the matching slice of the filter and of
/// every per-channel operand, and all input channels (one group) or the
/// input channels of its groups (grouped and depthwise convs: the tile must
/// then hold whole groups). A tile of rows or columns reads the input
/// window its outputs need; where the op pads that dimension, the window is
/// clipped to the image and padded back with zeros by a `tensor.pad`, and
/// the tiled op pads nothing there, so that border tiles and interior tiles
/// share one form. A dimension left whole keeps its padding.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/IR/FusionDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::fusion;

namespace {
/// Where each dimension of a fused conv's operands lives, by layout.
struct ConvAxes {
  /// Result (and input) dimensions: batch, channel, rows, columns.
  int64_t batch = 0, channel, rows, cols;
  /// The filter's output-channel dimension, and how many output channels
  /// one index of it holds (the depthwise multiplier of `nhwc_hwcm`).
  int64_t filterChannel, filterChannelWidth = 1;
  /// The filter's kernel height and width dimensions.
  int64_t kernelRows, kernelCols;
};
} // namespace

static ConvAxes axesOf(ConvLayout layout, int64_t multiplier) {
  ConvAxes a;
  bool last = isChannelsLast(layout);
  a.channel = last ? 3 : 1;
  a.rows = last ? 1 : 2;
  a.cols = last ? 2 : 3;
  // The filter's output-channel, kernel-height and kernel-width dimensions,
  // in ConvLayout's order: fchw, hwcf, fhwc, chw, hwc, hwcm.
  static constexpr int64_t kFilterDims[][3] = {{0, 2, 3}, {3, 0, 1}, {0, 1, 2},
                                               {0, 1, 2}, {2, 0, 1}, {2, 0, 1}};
  const int64_t(&dims)[3] = kFilterDims[static_cast<uint32_t>(layout)];
  a.filterChannel = dims[0], a.kernelRows = dims[1], a.kernelCols = dims[2];
  if (layout == ConvLayout::nhwc_hwcm)
    a.filterChannelWidth = multiplier;
  return a;
}

template <typename OpTy> static ConvAxes axesOf(OpTy op) {
  auto filter = cast<RankedTensorType>(op.getFilter().getType());
  int64_t multiplier =
      op.getLayout() == ConvLayout::nhwc_hwcm ? filter.getDimSize(3) : 1;
  return axesOf(op.getLayout(), multiplier);
}

/// The extent of result dimension `dim`: static from the type, otherwise
/// the batch of the input or a spatial size computed from the input's.
template <typename OpTy>
static OpFoldResult resultExtent(OpTy op, OpBuilder &b, int64_t dim) {
  auto result = cast<RankedTensorType>(op.getResult().getType());
  if (!result.isDynamicDim(dim))
    return b.getIndexAttr(result.getDimSize(dim));
  Location loc = op.getLoc();
  OpFoldResult inputSize = tensor::getMixedSize(b, loc, op.getInput(), dim);
  ConvAxes axes = axesOf(op);
  if (dim == axes.batch || dim == axes.channel)
    return inputSize;
  bool rows = dim == axes.rows;
  int64_t spatial = rows ? 0 : 1;
  auto filter = cast<RankedTensorType>(op.getFilter().getType());
  int64_t kernel = filter.getDimSize(rows ? axes.kernelRows : axes.kernelCols);
  int64_t span = (kernel - 1) * op.getDilations()[spatial] + 1;
  int64_t pads =
      op.getPadding()[2 * spatial] + op.getPadding()[2 * spatial + 1];
  AffineExpr in = b.getAffineDimExpr(0);
  return affine::makeComposedFoldedAffineApply(
      b, loc, (in + pads - span).floorDiv(op.getStrides()[spatial]) + 1,
      {inputSize});
}

template <typename OpTy>
static SmallVector<Range> iterationDomain(OpTy op, OpBuilder &b) {
  int64_t rank = cast<RankedTensorType>(op.getResult().getType()).getRank();
  SmallVector<Range> domain;
  for (int64_t d = 0; d < rank; ++d)
    domain.push_back(
        Range{b.getIndexAttr(0), resultExtent(op, b, d), b.getIndexAttr(1)});
  return domain;
}

/// A slice of `source` along its dimensions in `dims`, whole elsewhere.
static Value
sliceAlong(OpBuilder &b, Location loc, Value source,
           ArrayRef<std::tuple<int64_t, OpFoldResult, OpFoldResult>> dims) {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  auto type = cast<RankedTensorType>(source.getType());
  for (int64_t d = 0; d < type.getRank(); ++d) {
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(tensor::getMixedSize(b, loc, source, d));
    strides.push_back(b.getIndexAttr(1));
  }
  for (auto [d, offset, size] : dims) {
    offsets[d] = offset;
    sizes[d] = size;
  }
  return tensor::ExtractSliceOp::create(b, loc, source, offsets, sizes,
                                        strides);
}

/// True when the tile `[offset, offset + size)` is the whole extent.
static bool isWhole(OpFoldResult offset, OpFoldResult size,
                    OpFoldResult extent) {
  return isConstantIntValue(offset, 0) &&
         isEqualConstantIntOrValue(size, extent);
}

template <typename OpTy>
static FailureOr<TilingResult>
tiledImplementation(OpTy op, OpBuilder &b, ArrayRef<OpFoldResult> offsets,
                    ArrayRef<OpFoldResult> sizes) {
  Location loc = op.getLoc();
  ConvAxes axes = axesOf(op);
  auto inputType = cast<RankedTensorType>(op.getInput().getType());
  auto filterType = cast<RankedTensorType>(op.getFilter().getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  SmallVector<Operation *> slices;
  auto record = [&](Value v) {
    if (Operation *def = v.getDefiningOp())
      slices.push_back(def);
    return v;
  };

  // Output channels: the filter's and the per-channel operands' slice, and
  // the input channels of the groups the tile holds.
  SmallVector<std::tuple<int64_t, OpFoldResult, OpFoldResult>> inputDims,
      filterDims;
  inputDims.push_back({axes.batch, offsets[axes.batch], sizes[axes.batch]});
  OpFoldResult channelOffset = offsets[axes.channel];
  OpFoldResult channelSize = sizes[axes.channel];
  int64_t groups = op.getGroups();
  int64_t tiledGroups = groups;
  bool wholeChannels =
      isWhole(channelOffset, channelSize, resultExtent(op, b, axes.channel));
  if (!wholeChannels) {
    int64_t outChannels = resultType.getDimSize(axes.channel);
    int64_t inChannels = inputType.getDimSize(axes.channel);
    AffineExpr d0 = b.getAffineDimExpr(0);
    int64_t width = axes.filterChannelWidth;
    if (width > 1 && getConstantIntValue(channelSize).value_or(1) % width != 0)
      return op.emitOpError("cannot tile output channels by a size that "
                            "splits the depthwise multiplier ")
             << width;
    filterDims.push_back({axes.filterChannel,
                          affine::makeComposedFoldedAffineApply(
                              b, loc, d0.floorDiv(width), {channelOffset}),
                          affine::makeComposedFoldedAffineApply(
                              b, loc, d0.floorDiv(width), {channelSize})});
    if (groups > 1) {
      std::optional<int64_t> size = getConstantIntValue(channelSize);
      if (ShapedType::isDynamic(outChannels) ||
          ShapedType::isDynamic(inChannels))
        return op.emitOpError("cannot tile the output channels of a grouped "
                              "conv with dynamic channels");
      int64_t outPerGroup = outChannels / groups;
      int64_t inPerGroup = inChannels / groups;
      if (!size || *size % outPerGroup)
        return op.emitOpError("cannot tile output channels by a size that is "
                              "not a multiple of the ")
               << outPerGroup << " output channels of a group";
      tiledGroups = *size / outPerGroup;
      inputDims.push_back(
          {axes.channel,
           affine::makeComposedFoldedAffineApply(
               b, loc, d0.floorDiv(outPerGroup) * inPerGroup, {channelOffset}),
           b.getIndexAttr(tiledGroups * inPerGroup)});
    }
  }

  // Rows and columns: the input window of the tile's outputs; clipped to the
  // image and padded back where the op pads.
  SmallVector<int64_t> padding(op.getPadding());
  SmallVector<OpFoldResult> padLow(inputType.getRank(), b.getIndexAttr(0)),
      padHigh(inputType.getRank(), b.getIndexAttr(0));
  SmallVector<int64_t> paddedShape;
  bool needsPad = false;
  for (auto [spatial, dim, kernelDim] :
       {std::make_tuple(0, axes.rows, axes.kernelRows),
        std::make_tuple(1, axes.cols, axes.kernelCols)}) {
    if (isWhole(offsets[dim], sizes[dim], resultExtent(op, b, dim)))
      continue;
    int64_t stride = op.getStrides()[spatial];
    int64_t dilation = op.getDilations()[spatial];
    int64_t kernel = filterType.getDimSize(kernelDim);
    int64_t lo = padding[2 * spatial], hi = padding[2 * spatial + 1];
    AffineExpr d0 = b.getAffineDimExpr(0), d1 = b.getAffineDimExpr(1);
    OpFoldResult start = affine::makeComposedFoldedAffineApply(
        b, loc, d0 * stride - lo, {offsets[dim]});
    OpFoldResult length = affine::makeComposedFoldedAffineApply(
        b, loc, (d0 - 1) * stride + (kernel - 1) * dilation + 1, {sizes[dim]});
    padding[2 * spatial] = padding[2 * spatial + 1] = 0;
    if (lo == 0 && hi == 0) {
      inputDims.push_back({dim, start, length});
      continue;
    }
    // The window [start, start + length) clipped to [0, extent).
    OpFoldResult extent = tensor::getMixedSize(b, loc, op.getInput(), dim);
    OpFoldResult first = affine::makeComposedFoldedAffineMax(
        b, loc,
        AffineMap::get(1, 0, {d0, b.getAffineConstantExpr(0)}, b.getContext()),
        {start});
    OpFoldResult end = affine::makeComposedFoldedAffineMin(
        b, loc,
        AffineMap::get(3, 0, {d0 + d1, b.getAffineDimExpr(2)}, b.getContext()),
        {start, length, extent});
    OpFoldResult clipped =
        affine::makeComposedFoldedAffineApply(b, loc, d1 - d0, {first, end});
    inputDims.push_back({dim, first, clipped});
    padLow[dim] =
        affine::makeComposedFoldedAffineApply(b, loc, d1 - d0, {start, first});
    padHigh[dim] = affine::makeComposedFoldedAffineApply(
        b, loc, d0 + d1 - b.getAffineDimExpr(2), {start, length, end});
    needsPad = true;
  }

  Value input = record(sliceAlong(b, loc, op.getInput(), inputDims));
  if (needsPad) {
    Value zero = arith::ConstantOp::create(
        b, loc, b.getZeroAttr(inputType.getElementType()));
    Value padded =
        tensor::PadOp::create(b, loc, Type(), input, padLow, padHigh, zero);
    // The padded window's size is static wherever the tile's is.
    SmallVector<int64_t> shape(
        cast<RankedTensorType>(padded.getType()).getShape());
    for (auto [spatial, dim, kernelDim] :
         {std::make_tuple(0, axes.rows, axes.kernelRows),
          std::make_tuple(1, axes.cols, axes.kernelCols)})
      if (std::optional<int64_t> size = getConstantIntValue(sizes[dim]);
          size && ShapedType::isDynamic(shape[dim]))
        shape[dim] = (*size - 1) * op.getStrides()[spatial] +
                     (filterType.getDimSize(kernelDim) - 1) *
                         op.getDilations()[spatial] +
                     1;
    auto staticType = RankedTensorType::get(shape, inputType.getElementType());
    if (staticType != padded.getType())
      padded = tensor::CastOp::create(b, loc, staticType, padded);
    input = padded;
  }
  Value filter = record(sliceAlong(b, loc, op.getFilter(), filterDims));
  SmallVector<Value> operands{input, filter};
  for (Value perChannel : op->getOperands().drop_front(2))
    operands.push_back(
        wholeChannels ? perChannel
                      : record(sliceAlong(b, loc, perChannel,
                                          {{0, channelOffset, channelSize}})));

  SmallVector<int64_t> tileShape;
  for (OpFoldResult size : sizes)
    tileShape.push_back(
        getConstantIntValue(size).value_or(ShapedType::kDynamic));
  auto tileType = RankedTensorType::get(tileShape, resultType.getElementType());
  auto tiled = cast<OpTy>(mlir::clone(b, op, {tileType}, operands));
  tiled.setPadding(padding);
  tiled.setGroups(tiledGroups);
  // The configuration stays while it still fits the tile; otherwise the
  // selection chooses one for the tile.
  if (LoweringConfigAttr config = tiled.getLoweringConfigAttr())
    if (config.explainMismatch(
            tileShape[axes.channel], tileShape[axes.cols],
            resultType.getElementType(),
            isDenseOneGroup(tiled.getLayout(), tiled.getGroups())))
      tiled.removeLoweringConfigAttr();
  return TilingResult{{tiled}, {tiled.getResult()}, slices};
}

/// The interface methods of both ops, from the templates above.
#define FUSION_CONV_TILING(OpTy)                                               \
  SmallVector<utils::IteratorType> OpTy::getLoopIteratorTypes() {              \
    return SmallVector<utils::IteratorType>(getType().getRank(),               \
                                            utils::IteratorType::parallel);    \
  }                                                                            \
  SmallVector<Range> OpTy::getIterationDomain(OpBuilder &b) {                  \
    return iterationDomain(*this, b);                                          \
  }                                                                            \
  FailureOr<TilingResult> OpTy::getTiledImplementation(                        \
      OpBuilder &b, ArrayRef<OpFoldResult> offsets,                            \
      ArrayRef<OpFoldResult> sizes) {                                          \
    return tiledImplementation(*this, b, offsets, sizes);                      \
  }                                                                            \
  LogicalResult OpTy::getResultTilePosition(                                   \
      OpBuilder &, unsigned, ArrayRef<OpFoldResult> offsets,                   \
      ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,  \
      SmallVector<OpFoldResult> &resultSizes) {                                \
    resultOffsets.assign(offsets.begin(), offsets.end());                      \
    resultSizes.assign(sizes.begin(), sizes.end());                            \
    return success();                                                          \
  }

FUSION_CONV_TILING(ConvBiasActOp)
FUSION_CONV_TILING(ConvBnActOp)
#undef FUSION_CONV_TILING

//===- SelectLowering.cpp - each fused conv's codegen choice, as data -----===//
///
/// The one place where a fused conv's lowering is decided: from its shape,
/// its type and the target, a `#fusion.lowering_config` attribute that
/// fusion-lower-to-loops then follows without deciding anything. Keeping
/// the choice in the IR lets a user (or a test) set it per op, lets
/// `explain` say what was chosen and why, and gives the next strategy one
/// place to be selected.
///
//===----------------------------------------------------------------------===//
#include "ConvLowering.h"
#include "FusionDialect/Transforms/Passes.h"
#include "FusionDialect/Transforms/PrecisionOption.h"

#include "llvm/Support/Format.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_SELECTLOWERING
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;
using namespace mlir::fusion;

static int64_t largestPowerOfTwoDividing(int64_t extent, int64_t most) {
  int64_t block = 1;
  if (ShapedType::isDynamic(extent))
    return block;
  while (block * 2 <= most && extent % (block * 2) == 0)
    block *= 2;
  return block;
}

/// Columns need not be a power of two: a 7-wide map (ResNet's last stage)
/// would otherwise get one column per iteration, one multiply-add per load.
static int64_t largestDivisorAtMost(int64_t extent, int64_t most) {
  if (ShapedType::isDynamic(extent))
    return 1;
  for (int64_t block = std::min(extent, most); block > 1; --block)
    if (extent % block == 0)
      return block;
  return 1;
}

/// Bytes a re-read may span and still come from cache: one core's L2 on
/// the machine of bench/RESULTS.md (1 MiB). A map or filter that fits is
/// read again from L2, which costs little; one that does not is streamed
/// from memory again.
static constexpr int64_t kReuseCacheBytes = 1 << 20;

static std::string megabytes(int64_t bytes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.2f MB", double(bytes) / 1e6);
  return text;
}

/// The loop order that streams fewer bytes from memory twice, for static
/// shapes, and why. With channel blocks outermost, each block reads the
/// input again; with them innermost, each output tile reads the whole
/// filter again while its input tile stays in cache. A re-read costs
/// nothing when what is re-read fits in kReuseCacheBytes. Where blocks read
/// disjoint inputs (depthwise, channels-last across groups), or neither
/// order re-reads from memory, the layout's order stays.
static std::pair<LoopOrder, std::string>
cacheReuseOrder(const FilterGeometry &geo, int64_t channels, int64_t columns,
                bool sharedInput, RankedTensorType input,
                RankedTensorType result, RankedTensorType filter, bool last) {
  int64_t cDim = last ? 3 : 1, hDim = last ? 1 : 2, wDim = last ? 2 : 3;
  if (!input.hasStaticShape() || !result.hasStaticShape() ||
      !filter.hasStaticShape())
    return {LoopOrder::layout, "dynamic shapes keep the layout's order"};
  if (!sharedInput || geo.groupInChannels != input.getDimSize(cDim))
    return {LoopOrder::layout,
            "channel blocks read disjoint inputs: the layout's order"};
  int64_t bytes = input.getElementTypeBitWidth() / 8;
  int64_t inputBytes = input.getNumElements() / input.getDimSize(0) * bytes;
  int64_t filterBytes = filter.getNumElements() * bytes;
  int64_t channelBlocks = result.getDimSize(cDim) / channels;
  int64_t tiles =
      result.getDimSize(hDim) * (result.getDimSize(wDim) / columns);
  auto streamedAgain = [](int64_t size, int64_t reads) {
    return size <= kReuseCacheBytes ? 0.0 : double(reads - 1) * double(size);
  };
  double outer = streamedAgain(inputBytes, channelBlocks);
  double inner = streamedAgain(filterBytes, tiles);
  std::string sizes = "input " + megabytes(inputBytes) + " per image, filter " +
                      megabytes(filterBytes) + ", cache 1.05 MB";
  // Channels innermost is the layout's order in NHWC, outermost in NCHW.
  auto named = [&](bool channelsInner) {
    if (channelsInner == last)
      return LoopOrder::layout;
    return channelsInner ? LoopOrder::channels_inner
                         : LoopOrder::channels_outer;
  };
  if (inner < outer)
    return {named(true), "channel blocks innermost: the input would be "
                         "streamed again for each of " +
                             std::to_string(channelBlocks) +
                             " channel blocks (" + sizes + ")"};
  if (outer < inner)
    return {named(false), "channel blocks outermost: the filter would be "
                          "streamed again for each of " +
                              std::to_string(tiles) + " tiles (" + sizes +
                              ")"};
  return {LoopOrder::layout,
          "neither order streams from memory twice: the layout's (" + sizes +
              ")"};
}

/// selectLoweringConfig for one of the two fused convs.
template <typename OpTy>
static FailureOr<LoweringChoice>
selectFor(OpTy op, const SelectLoweringOptions &options) {
  ConvLayout layout = op.getLayout();
  auto result = cast<RankedTensorType>(op.getType());
  int64_t groups = op.getGroups();
  Value input = op.getInput(), filter = op.getFilter();
  auto inputType = cast<RankedTensorType>(input.getType());
  auto filterType = cast<RankedTensorType>(filter.getType());
  bool last = isChannelsLast(layout);
  int64_t cDim = last ? 3 : 1, wDim = last ? 2 : 3;
  if (inputType.isDynamicDim(cDim) || result.isDynamicDim(cDim))
    return failure();
  int64_t outChannels = result.getDimSize(cDim);
  int64_t outWidth = result.getDimSize(wDim);
  FilterGeometry geo = FilterGeometry::of(layout, filterType.getShape(),
                                          outChannels, groups);
  MLIRContext *ctx = op.getContext();
  std::string precisionWhy;
  Type elementType = result.getElementType();
  Precision wanted = precisionFor(options.precision, elementType);
  std::string policy = stringifyPrecision(options.precision).str();
  if (wanted != Precision::fp32) {
    auto mma = LoweringConfigAttr::get(
        ctx, LoweringStrategy::mma_sync, LoweringConfigAttr::kMmaChannels,
        LoweringConfigAttr::kMmaColumns, LoopOrder::layout, wanted);
    std::optional<std::string> unfit = mma.explainMismatch(
        outChannels, outWidth, elementType, isDenseOneGroup(layout, groups));
    std::string named = "precision " + stringifyPrecision(wanted).str();
    if (wanted != options.precision)
      named += " (policy " + policy + " on a conv of its own type)";
    if (!unfit)
      return LoweringChoice{
          mma, named + ": an implicit GEMM on tensor cores, one warp per " +
                   std::to_string(LoweringConfigAttr::kMmaColumns) +
                   " output columns by " +
                   std::to_string(LoweringConfigAttr::kMmaChannels) +
                   " output channels"};
    precisionWhy = named + " not taken, exact fp32 instead: " + *unfit + "; ";
  } else if (options.precision != Precision::fp32) {
    std::string typeText;
    llvm::raw_string_ostream(typeText) << elementType;
    precisionWhy =
        "precision " + policy + " not taken, exact fp32 instead: it runs " +
        (options.precision == Precision::native ? "f16 and bf16 convs"
                                                : "f32, f16 and bf16 convs") +
        " on tensor cores, this one is " + typeText + "; ";
  }
  int64_t mostChannels = std::max<int64_t>(options.channelsPerThread, 1);
  int64_t mostColumns = std::max<int64_t>(options.columnsPerThread, 1);

  std::string why = precisionWhy;
  llvm::raw_string_ostream os(why);
  int64_t channels =
      largestPowerOfTwoDividing(geo.groupOutChannels, mostChannels);
  os << "channels: the largest power of two up to " << mostChannels
     << " dividing the group's " << geo.groupOutChannels << " output channels";
  // In NHWC neighbouring channels are neighbours in memory even across
  // groups (depthwise): blocking them gives contiguous loads and stores,
  // each channel reading its own input.
  if (last) {
    int64_t across = largestPowerOfTwoDividing(outChannels, mostChannels);
    if (across > channels) {
      channels = across;
      os << ", widened across groups to " << across << " of the "
         << outChannels << " (contiguous in NHWC)";
    }
  }
  int64_t columns = largestDivisorAtMost(outWidth, mostColumns);
  if (ShapedType::isDynamic(outWidth))
    os << "; columns: 1 for a dynamic width";
  else
    os << "; columns: the largest divisor up to " << mostColumns
       << " of the output width " << outWidth;
  LoopOrder order = LoopOrder::layout;
  if (options.reuseOrder) {
    std::string orderWhy;
    std::tie(order, orderWhy) = cacheReuseOrder(
        geo, channels, columns, geo.groupOutChannels % channels == 0,
        inputType, result, filterType, last);
    os << "; loop order: " << orderWhy;
  } else {
    os << "; loop order: the layout's, which the GPU mapping takes";
  }
  return LoweringChoice{
      LoweringConfigAttr::get(ctx, LoweringStrategy::register_block, channels,
                              columns, order),
      why};
}

FailureOr<LoweringChoice>
mlir::fusion::selectLoweringConfig(Operation *fusedConv,
                                   const SelectLoweringOptions &options) {
  if (auto op = dyn_cast<ConvBiasActOp>(fusedConv))
    return selectFor(op, options);
  if (auto op = dyn_cast<ConvBnActOp>(fusedConv))
    return selectFor(op, options);
  return failure();
}

SmallVector<int64_t> mlir::fusion::loopOrderDims(LoopOrder order, bool last) {
  int64_t cDim = last ? 3 : 1, hDim = last ? 1 : 2, wDim = last ? 2 : 3;
  switch (order) {
  case LoopOrder::layout:
    return {0, 1, 2, 3};
  case LoopOrder::channels_inner:
    return {0, hDim, wDim, cDim};
  case LoopOrder::channels_outer:
    return {0, cDim, hDim, wDim};
  }
  return {0, 1, 2, 3};
}

namespace {
struct SelectLoweringPass
    : public mlir::fusion::impl::SelectLoweringBase<SelectLoweringPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(checkLoweringTarget(getOperation(), "fusion-select-lowering",
                                   target)))
      return signalPassFailure();
    if (channelsPerThread < 1 || columnsPerThread < 1) {
      getOperation()->emitError(
          "fusion-select-lowering: channels-per-thread and "
          "columns-per-thread must be at least 1");
      return signalPassFailure();
    }
    SelectLoweringOptions options;
    options.target = target;
    options.channelsPerThread = channelsPerThread;
    options.columnsPerThread = columnsPerThread;
    options.reuseOrder = reuseOrder;
    options.precision = precision;
    bool failedAny = false;
    getOperation()->walk([&](Operation *op) {
      if (auto conv = dyn_cast<ConvBiasActOp>(op))
        failedAny |= failed(configure(conv, options));
      else if (auto conv = dyn_cast<ConvBnActOp>(op))
        failedAny |= failed(configure(conv, options));
    });
    if (failedAny)
      signalPassFailure();
  }

  /// Keeps (or refuses) the configuration `op` has, or gives it one.
  template <typename OpTy>
  LogicalResult configure(OpTy op, const SelectLoweringOptions &options) {
    if (LoweringConfigAttr given = op.getLoweringConfigAttr()) {
      if (target == "gpu" && given.getLoopOrder() != LoopOrder::layout)
        return op.emitOpError()
               << "lowering_config's loop_order "
               << stringifyLoopOrder(given.getLoopOrder())
               << " is for the host; the GPU mapping takes loop_order = layout";
      if (explain)
        op.emitRemark() << "lowering: " << given << " (set in the IR)";
      return success();
    }
    FailureOr<LoweringChoice> choice = selectFor(op, options);
    if (failed(choice))
      return success(); // A dynamic channel dimension: the lowering says so.
    op.setLoweringConfigAttr(choice->config);
    if (explain)
      op.emitRemark() << "lowering: " << choice->config << " (" << choice->why
                      << ")";
    return success();
  }
};
} // namespace

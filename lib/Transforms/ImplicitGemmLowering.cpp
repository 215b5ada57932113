//===- ImplicitGemmLowering.cpp - fused convs on tensor cores -------------===//
///
/// The mma_sync strategy: a fused conv as an implicit GEMM. M is 16 output
/// columns of one output row, N 8 output channels, K the input channels
/// times the kernel window, walked 8 deep at a time (PTX's m16n8k8 TF32
/// MMA) or 16 deep for f16 and bf16 operands (m16n8k16, two elements per
/// 32-bit register), f32 accumulators either way.
/// There is no im2col buffer. A block's warps take consecutive channel
/// tiles of the same 16 output columns, so they share the A tile. Each
/// step, the block's threads copy that A (16 x D) tile together and each
/// warp's lanes its B (D x 8) tile into a stage, threads along each
/// operand's contiguous dimension so that the global reads coalesce, zero
/// where the window falls in the padding or K runs out; then each lane
/// reads its fragments from the stage.
///
/// On the GPU a warp tile is 32 iterations of the forall's innermost
/// dimension (one per lane, mapped to a warp's lanes), the dimension before
/// it the warps of a block (mapped to a block's warps whole); the stage is
/// in shared memory, two per block, so that the copies of step s + 1 fly
/// while step s is multiplied (cp.async), the block meeting at block
/// barriers; the MMA is nvgpu.mma.sync. On the host one iteration is a
/// warp tile: it fills the stage by the same copies the block's threads
/// make and builds every lane's fragments with the same code the GPU's
/// lanes run, emulates the warp's MMA by reading them back through the
/// inverse of the fragment layout, and applies the epilogue lane by lane
/// as the GPU does. A fragment or stage index wrong either way is a parity
/// failure on the host.
///
/// Precision: tf32 rounds each operand to TF32 (fusion.round_to_tf32);
/// tf32x3 splits each into hi = tf32(x) and lo = tf32(x - hi) and
/// accumulates lo*hi, hi*lo, then hi*hi (CUTLASS's 3xTF32); native takes
/// f16 and bf16 operands as they are (their products are exact in f32).
/// The rounding is bit for bit the same on both targets; in which order
/// the hardware sums an MMA's products is not emulated: the tolerance
/// covers it.
///
/// Copies are 16 bytes wide (a run of elements contiguous in memory)
/// where the shape allows it and, checked at run time, the buffers'
/// alignment does; one element wide otherwise (f32 then still by
/// cp.async, f16 and bf16 by loads and stores).
///
/// Not yet: a B tile shared across column tiles (each warp stages its own),
/// ldmatrix, more than two stages, warp tiles of more than one MMA,
/// 16-byte stores, wgmma; grouped convs.
///
//===----------------------------------------------------------------------===//
#include "ConvLowering.h"
#include "FusionDialect/Runtime/LaunchLimits.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::fusion;

namespace {
constexpr int64_t kTileColumns = LoweringConfigAttr::kMmaColumns;
constexpr int64_t kTileChannels = LoweringConfigAttr::kMmaChannels;
/// Fragment registers per lane: A (16 x K), B (K x 8), C (16 x 8); an A or
/// B register holds one TF32 element or two f16/bf16 ones.
constexpr int64_t kARegisters = 4, kBRegisters = 2, kCRegisters = 4;

/// Where element `e` of lane `lane`'s register `r` sits in its matrix, for
/// mma.sync m16n8k8 .tf32 (w = 1 element per register) and m16n8k16
/// .f16/.bf16 (w = 2) alike (PTX ISA, "Matrix Fragments for mma.m16n8k8"
/// and "for mma.m16n8k16 with floating point type"): group g = lane / 4,
/// thread-in-group t = lane % 4.
struct FragmentLayout {
  IndexMath &m;
  int64_t w;
  Value group, inGroup;
  FragmentLayout(IndexMath &m, Value lane, int64_t w)
      : m(m), w(w), group(m.div(lane, 4)), inGroup(m.rem(lane, 4)) {}
  /// A (row i of M, column kk of K): i = g + 8 (r % 2),
  /// kk = w t + e + 4 w (r / 2).
  std::pair<Value, Value> a(int64_t r, int64_t e) {
    return {m.add(group, 8 * (r % 2)),
            m.add(m.mul(inGroup, w), e + 4 * w * (r / 2))};
  }
  /// B (row kk of K, column j of N): kk = w t + e + 4 w r, j = g.
  std::pair<Value, Value> b(int64_t r, int64_t e) {
    return {m.add(m.mul(inGroup, w), e + 4 * w * r), group};
  }
  /// C (row i of M, column j of N): i = g + 8 (r / 2), j = 2 t + r % 2.
  std::pair<Value, Value> c(int64_t r) {
    return {m.add(group, 8 * (r / 2)), m.add(m.mul(inGroup, 2), r % 2)};
  }
};

/// The inverse of FragmentLayout: which (lane, element) holds a matrix
/// element, the element counted as register r, element e: w r + e. Only
/// the host's MMA emulation reads it.
struct FragmentOwner {
  IndexMath &m;
  int64_t w;
  /// A(i, kk): lane 4 (i % 8) + (kk % 4w) / w, element
  /// w (i / 8 + 2 (kk / 4w)) + kk % w.
  std::pair<Value, Value> a(Value i, int64_t kk) {
    return {m.add(m.mul(m.rem(i, 8), 4), (kk % (4 * w)) / w),
            m.add(m.mul(m.div(i, 8), w), w * 2 * (kk / (4 * w)) + kk % w)};
  }
  /// B(kk, j): lane 4 j + (kk % 4w) / w, element w (kk / 4w) + kk % w.
  std::pair<Value, Value> b(int64_t kk, Value j) {
    return {m.add(m.mul(j, 4), (kk % (4 * w)) / w),
            m.c(w * (kk / (4 * w)) + kk % w)};
  }
  /// C(i, j): lane (i % 8) * 4 + j / 2, register 2 (i / 8) + j % 2.
  std::pair<Value, Value> c(Value i, Value j) {
    return {m.add(m.mul(m.rem(i, 8), 4), m.div(j, 2)),
            m.add(m.mul(m.div(i, 8), 2), m.rem(j, 2))};
  }
};

/// What every lane of a tile reads and writes, the same on both targets.
struct ImplicitGemm {
  ConvLayout layout;
  bool last;
  Precision precision;
  bool onHost;
  int64_t testTileShift;
  int64_t channels, kernelH, kernelW, depth; // depth = C * KH * KW
  ArrayRef<int64_t> pads, strides, dilations;
  Value input, filter, inH, inW;
  Type f32;
  /// The operands' type (f32, f16 or bf16), the elements one 32-bit
  /// register holds, and the depth of one MMA step (8 w).
  Type operand;
  int64_t perRegister, stepDepth;
  /// The warps of a block, consecutive channel tiles of the same 16 output
  /// columns, which share the A tile (one copy of it per step).
  int64_t blockWarps;

  /// The reduction index k as (input channel, kh, kw): the input channel
  /// innermost in NHWC (contiguous there), the window innermost in NCHW.
  std::tuple<Value, Value, Value> decompose(IndexMath &m, Value k) const {
    if (last) {
      Value window = m.div(k, channels);
      return {m.rem(k, channels), m.div(window, kernelW),
              m.rem(window, kernelW)};
    }
    Value rows = m.div(k, kernelW);
    return {m.div(rows, kernelH), m.rem(rows, kernelH), m.rem(k, kernelW)};
  }

  /// An operand element a lane copies into the stage: the element of
  /// `tensor` at `index` where `valid` holds, zero elsewhere (every index
  /// then zero, so that the address stays inside the tensor).
  struct Element {
    Value tensor;
    SmallVector<Value> index;
    Value valid;
  };

  Element guarded(IndexMath &m, Value tensor, SmallVector<Value> index,
                  Value valid) const {
    for (Value &i : index)
      i = arith::SelectOp::create(m.b, m.loc, valid, i, m.c(0));
    return {tensor, std::move(index), valid};
  }

  /// The element's value, read synchronously.
  Value read(IndexMath &m, const Element &e) const {
    Value x = tensor::ExtractOp::create(m.b, m.loc, e.tensor, e.index);
    return arith::SelectOp::create(m.b, m.loc, e.valid, x,
                                   floatConstant(m.b, m.loc, operand, 0.0));
  }

  /// A(i, k) of the tile whose first output is (n, oh, ow0).
  Element elementA(IndexMath &m, Value n, Value oh, Value ow0, Value i,
                   Value k) const {
    auto [ci, kh, kw] = decompose(m, k);
    Value ow = m.add(m.add(ow0, i), testTileShift);
    Value ih = arith::SubIOp::create(
        m.b, m.loc, m.add(m.mul(oh, strides[0]), m.mul(kh, dilations[0])),
        m.c(pads[0]));
    Value iw = arith::SubIOp::create(
        m.b, m.loc, m.add(m.mul(ow, strides[1]), m.mul(kw, dilations[1])),
        m.c(pads[2]));
    Value valid = arith::CmpIOp::create(m.b, m.loc, arith::CmpIPredicate::slt,
                                        k, m.c(depth));
    for (Value inside :
         {m.inside(ih, inH, true, true), m.inside(iw, inW, true, true)})
      valid = arith::AndIOp::create(m.b, m.loc, valid, inside);
    SmallVector<Value> index = last ? SmallVector<Value>{n, ih, iw, ci}
                                    : SmallVector<Value>{n, ci, ih, iw};
    return guarded(m, input, index, valid);
  }

  /// B(k, f): filter element of output channel f.
  Element elementB(IndexMath &m, Value k, Value f) const {
    auto [ci, kh, kw] = decompose(m, k);
    Value valid = arith::CmpIOp::create(m.b, m.loc, arith::CmpIPredicate::slt,
                                        k, m.c(depth));
    return guarded(m, filter, filterIndex(m, layout, f, ci, kh, kw, 1), valid);
  }

  /// x rounded to TF32 (fusion.round_to_tf32: cvt.rna.tf32.f32 on the
  /// GPU, the same rounding in integers on the host).
  Value roundToTf32(OpBuilder &b, Location l, Value x) const {
    return RoundToTf32Op::create(b, l, f32, x);
  }

  /// The operand parts the MMAs take: {tf32(x)}, {hi, lo} for tf32x3, {x}
  /// for native.
  SmallVector<Value, 2> parts(OpBuilder &b, Location l, Value x) const {
    if (precision == Precision::native)
      return {x};
    Value hi = roundToTf32(b, l, x);
    if (precision != Precision::tf32x3)
      return {hi};
    Value rest = arith::SubFOp::create(b, l, x, hi);
    return {hi, roundToTf32(b, l, rest)};
  }

  /// (A part, B part) of each MMA of a step, in order: small terms first.
  SmallVector<std::pair<int, int>> mmaSequence() const {
    if (precision == Precision::tf32x3)
      return {{1, 0}, {0, 1}, {0, 0}};
    return {{0, 0}};
  }
  int64_t partCount() const { return precision == Precision::tf32x3 ? 2 : 1; }

  /// The stage of one step: the A tile (16 x D) the `blockWarps` warps of
  /// a block share, then each warp's B tile (D x 8), filled by the block's
  /// threads together (A) and each warp's lanes (B), then read fragment by
  /// fragment (on the GPU in shared memory, on the host in a tensor: one
  /// warp's). A is stored a row of D per output column, B a row of D per
  /// output channel where its k is contiguous in memory (FCHW and FHWC
  /// filters) and a row of 8 channels per k where the channels are (HWCF);
  /// each operand's rows follow its contiguous dimension, so that 16-byte
  /// copies land whole.
  /// Rows of D are D + 4 w wide: the eight groups' fragment reads then fall
  /// in different banks, and a row starts on 16 bytes. The size is the
  /// same for every layout, since one global holds every kernel's stages;
  /// slots count from the stage's start, B's those of the first warp's
  /// tile (warp w's lie w B tiles further).
  int64_t aPitch() const { return stepDepth + 4 * perRegister; }
  bool bAlongK() const { return layout != ConvLayout::nhwc_hwcf; }
  int64_t aTileElements() const { return kTileColumns * aPitch(); }
  int64_t bTileElements() const { return kTileChannels * aPitch(); }
  int64_t stageElements(int64_t warps) const {
    return aTileElements() + warps * bTileElements();
  }
  Value aSlot(IndexMath &m, Value i, Value kk) const {
    return m.add(m.mul(i, aPitch()), kk);
  }
  Value bSlot(IndexMath &m, Value kk, Value j) const {
    Value inB = bAlongK() ? m.add(m.mul(j, aPitch()), kk)
                          : m.add(m.mul(kk, kTileChannels), j);
    return m.add(inB, aTileElements());
  }

  /// Wide copies move 16 bytes (cp.async's widest: 4 f32 or 8 f16 or
  /// bf16 elements, `wideElements`) along an operand's contiguous
  /// dimension, where the shape makes every such run lie inside one row of
  /// memory and be all valid or all padding: A in NHWC when the input
  /// channels are a multiple of the run (a run is part of one pixel's
  /// channels); B along the channels of an HWCF filter (8 per tile), along
  /// k of an FHWC one when the input channels are a multiple of the run,
  /// along k of an FCHW one when K is (a run may cross kernel rows and
  /// input channels: the GPU reads it from the filter viewed as F x K
  /// rows, which needs its strides compact). Whether the buffers'
  /// addresses allow them is known only at run time.
  static constexpr int64_t kWideBytes = 16;
  int64_t elementBytes() const { return operand.getIntOrFloatBitWidth() / 8; }
  int64_t wideElements() const { return kWideBytes / elementBytes(); }
  bool wideA() const { return last && channels % wideElements() == 0; }
  bool wideB() const {
    switch (layout) {
    case ConvLayout::nhwc_hwcf:
      return kTileChannels % wideElements() == 0;
    case ConvLayout::nhwc_fhwc:
      return channels % wideElements() == 0;
    case ConvLayout::nchw_fchw:
      return depth % wideElements() == 0;
    default:
      return false;
    }
  }
  bool flatFilterRows() const {
    return wideB() && layout == ConvLayout::nchw_fchw;
  }

  /// One copy of a thread into the stage: `elements` into consecutive slots
  /// from `slot`, where `active` holds (null: always). A wide copy's
  /// elements are consecutive in memory and share one validity; an FCHW
  /// filter's run starts at `rowStart` = (f, k) of the F x K view.
  struct Copy {
    Value slot;
    SmallVector<Element, 4> elements;
    Value active;
    SmallVector<Value, 2> rowStart;
  };

  /// The runs of thread `thread` of `threads` in a tile of `elements`,
  /// `width` wide: run q threads + thread for each q, with the condition
  /// that it lies inside the tile where some threads have none (null where
  /// every thread has one).
  static void forEachRun(IndexMath &m, Value thread, int64_t threads,
                         int64_t elements, int64_t width,
                         function_ref<void(Value run, Value active)> each) {
    int64_t count = elements / width;
    for (int64_t q = 0; q < llvm::divideCeil(count, threads); ++q) {
      Value run = m.add(thread, q * threads);
      Value active;
      if ((q + 1) * threads > count)
        active = arith::CmpIOp::create(m.b, m.loc, arith::CmpIPredicate::slt,
                                       run, m.c(count));
      each(run, active);
    }
  }

  /// What a thread copies into the stage of the step at `k0`: of the A
  /// tile, thread `thread` of the block's blockWarps x 32; of its warp's B
  /// tile, lane `thread`. Run q T + thread of a tile of T threads, the
  /// threads along the operand's contiguous dimension so that the global
  /// reads coalesce (A: along k in NHWC, input channels innermost; along
  /// the output columns in NCHW. B: along the channels in an HWCF filter,
  /// along k otherwise), each run one element or, where the operand allows
  /// it and `wide` asks for it, wideElements(). A tile with fewer runs
  /// than it has threads leaves the last ones idle.
  enum class Operand { A, B };
  SmallVector<Copy, 0> copies(IndexMath &m, Value thread, Value n, Value oh,
                              Value ow0, Value f0, Value k0,
                              Operand operandTile, bool wide) const {
    return operandTile == Operand::A
               ? copiesOfA(m, thread, n, oh, ow0, k0, wide)
               : copiesOfB(m, thread, f0, k0, wide);
  }
  int64_t aCopyThreads() const { return blockWarps * kWarpLanes; }

  SmallVector<Copy, 0> copiesOfA(IndexMath &m, Value thread, Value n, Value oh,
                                 Value ow0, Value k0, bool wide) const {
    SmallVector<Copy, 0> copies;
    int64_t widthA = wide && wideA() ? wideElements() : 1;
    forEachRun(m, thread, aCopyThreads(), kTileColumns * stepDepth, widthA,
               [&](Value run, Value active) {
                 Value i, kk;
                 if (last) {
                   int64_t perRow = stepDepth / widthA;
                   i = m.div(run, perRow);
                   kk = m.mul(m.rem(run, perRow), widthA);
                 } else {
                   i = m.rem(run, kTileColumns);
                   kk = m.div(run, kTileColumns);
                 }
                 Copy copy{aSlot(m, i, kk), {}, active, {}};
                 for (int64_t e = 0; e < widthA; ++e)
                   copy.elements.push_back(
                       elementA(m, n, oh, ow0, i, m.add(m.add(k0, kk), e)));
                 copies.push_back(std::move(copy));
               });
    return copies;
  }

  SmallVector<Copy, 0> copiesOfB(IndexMath &m, Value lane, Value f0, Value k0,
                                 bool wide) const {
    SmallVector<Copy, 0> copies;
    int64_t widthB = wide && wideB() ? wideElements() : 1;
    forEachRun(
        m, lane, kWarpLanes, stepDepth * kTileChannels, widthB,
        [&](Value run, Value active) {
          Value kk, j;
          if (bAlongK()) {
            int64_t perRow = stepDepth / widthB;
            j = m.div(run, perRow);
            kk = m.mul(m.rem(run, perRow), widthB);
          } else {
            int64_t perRow = kTileChannels / widthB;
            kk = m.div(run, perRow);
            j = m.mul(m.rem(run, perRow), widthB);
          }
          Copy copy{bSlot(m, kk, j), {}, active, {}};
          for (int64_t e = 0; e < widthB; ++e)
            copy.elements.push_back(
                bAlongK() ? elementB(m, m.add(m.add(k0, kk), e), m.add(f0, j))
                          : elementB(m, m.add(k0, kk), m.add(m.add(f0, j), e)));
          if (widthB > 1 && flatFilterRows()) {
            Value valid = copy.elements.front().valid;
            for (Value x : {m.add(f0, j), m.add(k0, kk)})
              copy.rowStart.push_back(
                  arith::SelectOp::create(m.b, m.loc, valid, x, m.c(0)));
          }
          copies.push_back(std::move(copy));
        });
    return copies;
  }

  /// Lane `lane`'s A and B fragments read from the stage through `read`
  /// (operand and slot to element), as parts[p][w r + e] each.
  using Parts = SmallVector<SmallVector<Value>>;
  std::pair<Parts, Parts>
  fragments(IndexMath &m, Value lane,
            function_ref<Value(Operand, Value slot)> read) const {
    FragmentLayout at(m, lane, perRegister);
    Parts a(partCount()), b(partCount());
    auto add = [&](Parts &out, Operand operandTile, Value slot) {
      for (auto [p, part] :
           llvm::enumerate(parts(m.b, m.loc, read(operandTile, slot))))
        out[p].push_back(part);
    };
    for (int64_t r = 0; r < kARegisters; ++r)
      for (int64_t e = 0; e < perRegister; ++e) {
        auto [i, kk] = at.a(r, e);
        add(a, Operand::A, aSlot(m, i, kk));
      }
    for (int64_t r = 0; r < kBRegisters; ++r)
      for (int64_t e = 0; e < perRegister; ++e) {
        auto [kk, j] = at.b(r, e);
        add(b, Operand::B, bSlot(m, kk, j));
      }
    return {a, b};
  }

  /// One MMA of the GPU form: c + a b on the warp, a and b one lane's
  /// registers (w r + e order), c its four accumulators as 2 x 2. bf16
  /// MMAs are lowered late by fusion-lower-bf16-mma-sync.
  Value emitMma(OpBuilder &b, Location l, ArrayRef<Value> a,
                ArrayRef<Value> bReg, Value c) const {
    SmallVector<int64_t, 3> shape = {kTileColumns, kTileChannels, stepDepth};
    auto aType = VectorType::get({kARegisters, perRegister}, operand);
    auto bType = VectorType::get({kBRegisters, perRegister}, operand);
    Value av = vector::FromElementsOp::create(b, l, aType, a);
    Value bv = vector::FromElementsOp::create(b, l, bType, bReg);
    return nvgpu::MmaSyncOp::create(b, l, av, bv, c, shape,
                                    /*tf32Enabled=*/operand.isF32());
  }
};

} // namespace

/// `tensor`'s buffer as the GPU's copies read it, read only: any offset
/// and outer strides (a view of a larger buffer included), the innermost
/// dimension contiguous as cp.async's source must be (bufferization copies
/// a buffer that is not).
static Value anyLayoutBuffer(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<int64_t> strides(type.getRank(), ShapedType::kDynamic);
  strides.back() = 1;
  auto layout =
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, strides);
  auto buffer = MemRefType::get(type.getShape(), type.getElementType(), layout);
  return bufferization::ToBufferOp::create(b, loc, buffer, tensor,
                                           /*read_only=*/true);
}

/// Whether 16-byte copies may start in `buffer` (innermost contiguous) at
/// every index whose innermost coordinate is a multiple of the run (16
/// bytes of elements): its first element on 16 bytes, its outer strides
/// multiples of the run. A view of a larger buffer or an odd allocation
/// may fail it at run time.
static Value allowsWideCopies(IndexMath &m, Value buffer) {
  int64_t bytes =
      cast<MemRefType>(buffer.getType()).getElementTypeBitWidth() / 8;
  auto metadata = memref::ExtractStridedMetadataOp::create(m.b, m.loc, buffer);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(m.b, m.loc, buffer);
  auto multipleOf = [&](Value x, int64_t d) {
    return arith::CmpIOp::create(m.b, m.loc, arith::CmpIPredicate::eq,
                                 m.rem(x, d), m.c(0))
        .getResult();
  };
  Value first = m.add(pointer, m.mul(metadata.getOffset(), bytes));
  Value allowed = multipleOf(first, 16);
  for (Value stride : metadata.getStrides().drop_back())
    allowed = arith::AndIOp::create(m.b, m.loc, allowed,
                                    multipleOf(stride, 16 / bytes));
  return allowed;
}

/// An FCHW filter buffer as F rows of K = C KH KW, so that a copy may run
/// across kernel rows and input channels, and whether that view is the
/// filter (its inner strides compact).
static std::pair<Value, Value> filterAsRows(IndexMath &m, Value filter,
                                            int64_t outChannels, int64_t depth,
                                            int64_t kernelH, int64_t kernelW) {
  auto type = cast<MemRefType>(filter.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(m.b, m.loc, filter);
  ValueRange strides = metadata.getStrides();
  Value compact = arith::ConstantIntOp::create(m.b, m.loc, 1, 1);
  for (auto [d, expected] : {std::pair<int, int64_t>{1, kernelH * kernelW},
                             std::pair<int, int64_t>{2, kernelW}})
    compact = arith::AndIOp::create(
        m.b, m.loc, compact,
        arith::CmpIOp::create(m.b, m.loc, arith::CmpIPredicate::eq, strides[d],
                              m.c(expected)));
  auto rowsType = MemRefType::get(
      {outChannels, depth}, type.getElementType(),
      StridedLayoutAttr::get(m.b.getContext(), ShapedType::kDynamic,
                             {ShapedType::kDynamic, 1}));
  Value rows = memref::ReinterpretCastOp::create(
      m.b, m.loc, rowsType, filter, OpFoldResult(metadata.getOffset()),
      ArrayRef<OpFoldResult>{m.b.getIndexAttr(outChannels),
                             m.b.getIndexAttr(depth)},
      ArrayRef<OpFoldResult>{strides[0], m.b.getIndexAttr(1)});
  return {rows, compact};
}

/// The module's shared-memory stages for warp tiles on `operand`
/// elements: two stages of `elements` (a block's), one uninitialized
/// workgroup global per element type, made
/// once. Kernel outlining copies it into each kernel module that reads
/// it; the host's copy is then unused and removed. Null outside a module.
static memref::GlobalOp stageBufferFor(Operation *op, RewriterBase &rewriter,
                                       Type operand, int64_t elements) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return {};
  std::string name;
  llvm::raw_string_ostream(name) << "__fusion_mma_stage_" << operand;
  if (auto existing = module.lookupSymbol<memref::GlobalOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  auto workgroup = gpu::AddressSpaceAttr::get(rewriter.getContext(),
                                              gpu::AddressSpace::Workgroup);
  auto type = MemRefType::get({2 * elements}, operand,
                              MemRefLayoutAttrInterface(), workgroup);
  return memref::GlobalOp::create(rewriter, op->getLoc(), name,
                                  rewriter.getStringAttr("private"), type,
                                  rewriter.getUnitAttr(), /*constant=*/false,
                                  rewriter.getI64IntegerAttr(16));
}

template <typename OpTy>
FailureOr<Value>
mlir::fusion::lowerToImplicitGemm(OpTy op, LoweringConfigAttr config,
                                  PatternRewriter &rewriter,
                                  const ImplicitGemmOptions &options) {
  Location loc = op.getLoc();
  FailureOr<FusedConvShape> shape = FusedConvShape::of(op);
  if (failed(shape))
    return rewriter.notifyMatchFailure(op, "dynamic channel dimension");
  const FusedConvShape &s = *shape;
  if (std::optional<std::string> why = config.explainMismatch(
          s.outChannels, s.result.getDimSize(s.wDim), s.result.getElementType(),
          isDenseOneGroup(s.layout, op.getGroups())))
    return rewriter.notifyMatchFailure(op, *why);
  FusedEpilogue epilogue = FusedEpilogue::of(op);

  ImplicitGemm gemm;
  gemm.layout = s.layout;
  gemm.last = s.last;
  gemm.precision = config.getPrecision();
  gemm.onHost = options.warpPerIteration;
  gemm.testTileShift = options.testTileShift;
  gemm.channels = s.geo.groupInChannels;
  gemm.kernelH = s.geo.kernelH;
  gemm.kernelW = s.geo.kernelW;
  gemm.depth = s.geo.groupInChannels * s.geo.kernelH * s.geo.kernelW;
  gemm.pads = op.getPadding();
  gemm.strides = op.getStrides();
  gemm.dilations = op.getDilations();
  gemm.input = op.getInput();
  gemm.filter = op.getFilter();
  gemm.inH = tensor::DimOp::create(rewriter, loc, gemm.input, s.hDim);
  gemm.inW = tensor::DimOp::create(rewriter, loc, gemm.input, s.wDim);
  gemm.f32 = rewriter.getF32Type();
  gemm.operand = s.result.getElementType();
  gemm.stepDepth = LoweringConfigAttr::mmaDepth(gemm.precision);
  gemm.perRegister =
      gemm.stepDepth / LoweringConfigAttr::mmaDepth(Precision::tf32);
  int64_t steps = llvm::divideCeil(gemm.depth, gemm.stepDepth);
  // A block's warps: the largest power of two up to kMaxStagedWarps that
  // divides the channel tiles, so that no warp of a block is idle at its
  // barriers. The host uses the same, so that it copies A as they do.
  int64_t channelTiles = s.outChannels / kTileChannels;
  gemm.blockWarps = std::min<int64_t>(
      int64_t(1) << llvm::countr_zero(static_cast<uint64_t>(channelTiles)),
      kMaxStagedWarps);

  FailureOr<SmallVector<Value>> dynamicSizes =
      dynamicResultSizes(rewriter, loc, op.getInput(), s.result, s.layout,
                         s.geo, gemm.pads, gemm.strides, gemm.dilations);
  if (failed(dynamicSizes))
    return failure();
  Value out = tensor::EmptyOp::create(rewriter, loc, s.result.getShape(),
                                      s.result.getElementType(), *dynamicSizes);
  IndexMath top{rewriter, loc};
  Value outW = tensor::DimOp::create(rewriter, loc, out, s.wDim);
  // (batch, output rows, column tiles, channel tiles[, lanes]).
  SmallVector<OpFoldResult> bounds = {
      tensor::getMixedSize(rewriter, loc, out, 0),
      tensor::getMixedSize(rewriter, loc, out, s.hDim)};
  if (s.result.isDynamicDim(s.wDim))
    bounds.push_back(top.div(top.add(outW, kTileColumns - 1), kTileColumns));
  else
    bounds.push_back(rewriter.getIndexAttr(
        llvm::divideCeil(s.result.getDimSize(s.wDim), kTileColumns)));
  // On the GPU: channel tiles as (groups of blockWarps, warp in the
  // group), then a warp's lanes.
  if (gemm.onHost) {
    bounds.push_back(rewriter.getIndexAttr(channelTiles));
  } else {
    bounds.push_back(rewriter.getIndexAttr(channelTiles / gemm.blockWarps));
    bounds.push_back(rewriter.getIndexAttr(gemm.blockWarps));
    bounds.push_back(rewriter.getIndexAttr(kWarpLanes));
  }
  SmallVector<Value> perChannel = FusedEpilogue::perChannelOperands(op);
  memref::GlobalOp stageBuffer;
  if (!gemm.onHost) {
    stageBuffer = stageBufferFor(op, rewriter, gemm.operand,
                                 gemm.stageElements(kMaxStagedWarps));
    if (!stageBuffer)
      return rewriter.notifyMatchFailure(
          op, "the GPU form's shared-memory stage is a global of the "
              "enclosing module, and this op has none");
  }
  // The GPU's cp.async reads from the tensors' buffers: every f32 copy,
  // the 16-byte runs of f16 and bf16.
  llvm::SmallDenseMap<Value, Value, 2> sources;
  if (!gemm.onHost && (gemm.operand.isF32() || gemm.wideA() || gemm.wideB()))
    for (Value t : {gemm.input, gemm.filter})
      sources[t] = anyLayoutBuffer(rewriter, loc, t);

  // The epilogue of one lane's accumulators: (row i, channel f, value) each.
  auto laneEpilogue = [&](IndexMath &m, Value lane, Value f0,
                          ArrayRef<Value> accs) {
    FragmentLayout at(m, lane, gemm.perRegister);
    SmallVector<std::tuple<Value, Value, Value>> done;
    for (int64_t r = 0; r < kCRegisters; ++r) {
      auto [i, j] = at.c(r);
      Value f = m.add(f0, j);
      SmallVector<Value> params;
      for (Value p : perChannel)
        params.push_back(tensor::ExtractOp::create(m.b, m.loc, p, f));
      done.emplace_back(i, j, epilogue.emit(m.b, m.loc, accs[r], params));
    }
    return done;
  };

  SmallVector<OpFoldResult> unit(4, rewriter.getIndexAttr(1));
  auto body = [&](OpBuilder &b, Location l, ValueRange ivs) {
    IndexMath m{b, l};
    Value n = ivs[0], oh = ivs[1];
    Value ow0 = m.mul(ivs[2], kTileColumns);
    // The channel tile: on the GPU warp ivs[4] of group ivs[3].
    Value warp = gemm.onHost ? Value() : ivs[4];
    Value channelTile =
        gemm.onHost ? ivs[3] : m.add(m.mul(ivs[3], gemm.blockWarps), warp);
    Value f0 = m.mul(channelTile, kTileChannels);
    Value shared = ivs.back();
    Type resultElement = s.result.getElementType();

    if (!gemm.onHost) {
      // One lane: its share of each step's stage, its fragments from the
      // stage, the warp's MMAs, its four outputs. A block has two stages
      // in shared memory, one per step in turn: while its warps multiply
      // step s from one, their copies of step s + 1 fill the other (a
      // two-stage pipeline). A stage holds the A tile the block's warps
      // share, copied by all of them, and each warp's B tile, copied by
      // its lanes. Copies of 4 or 16 bytes go by cp.async, which writes
      // zero where the element is padding or past K; single f16 and bf16
      // elements (two bytes, below cp.async's four) by loads and stores.
      Value lane = ivs[5];
      Value blockThread = m.add(m.mul(warp, kWarpLanes), lane);
      auto cType = VectorType::get({2, 2}, gemm.f32);
      Value zero = arith::ConstantOp::create(
          b, l, cType, DenseElementsAttr::get(cType, b.getF32FloatAttr(0.0f)));
      Value stage = memref::GetGlobalOp::create(b, l, stageBuffer.getType(),
                                                stageBuffer.getSymName());
      auto stageBase = [&](IndexMath &f, Value step) {
        return f.mul(f.rem(step, 2), gemm.stageElements(kMaxStagedWarps));
      };
      // A slot of the stage as an index: B slots in this warp's B tile.
      Value warpB = m.mul(warp, gemm.bTileElements());
      auto slotIn = [&](IndexMath &f, Value base,
                        ImplicitGemm::Operand operandTile, Value slot) {
        Value at = f.add(base, slot);
        return operandTile == ImplicitGemm::Operand::A ? at : f.add(at, warpB);
      };
      // Wide copies where the shape allows them and, checked once per lane
      // for each operand, its buffer's addresses do; narrow ones else.
      Value wideAllowedA, wideAllowedB, filterRows;
      if (gemm.wideA())
        wideAllowedA = allowsWideCopies(m, sources.lookup(gemm.input));
      // An FCHW filter's runs are checked in its F x K view, which also
      // needs the filter's inner strides compact.
      if (gemm.flatFilterRows()) {
        auto [rows, compact] =
            filterAsRows(m, sources.lookup(gemm.filter), s.outChannels,
                         gemm.depth, gemm.kernelH, gemm.kernelW);
        filterRows = rows;
        wideAllowedB = arith::AndIOp::create(
            b, l, allowsWideCopies(m, rows), compact);
      } else if (gemm.wideB()) {
        wideAllowedB = allowsWideCopies(m, sources.lookup(gemm.filter));
      }
      // The thread's copies of step `step` into its stage.
      auto fill = [&](OpBuilder &fb, Location fl, Value step) {
        IndexMath f{fb, fl};
        Value k0 = f.mul(step, gemm.stepDepth);
        Value base = stageBase(f, step);
        auto copyAll = [&](OpBuilder &cb, Location cl,
                           ImplicitGemm::Operand operandTile, bool wide) {
          IndexMath c{cb, cl};
          Value thread =
              operandTile == ImplicitGemm::Operand::A ? blockThread : lane;
          for (ImplicitGemm::Copy &copy :
               gemm.copies(c, thread, n, oh, ow0, f0, k0, operandTile, wide)) {
            auto emit = [&](OpBuilder &eb, Location el) {
              IndexMath e{eb, el};
              Value at = slotIn(e, base, operandTile, copy.slot);
              int64_t width = copy.elements.size();
              int64_t bytes = width * gemm.elementBytes();
              if (bytes < 4) {
                for (auto [x, element] : llvm::enumerate(copy.elements))
                  memref::StoreOp::create(eb, el, gemm.read(e, element), stage,
                                          e.add(at, x));
                return;
              }
              const ImplicitGemm::Element &first = copy.elements.front();
              Value count = arith::SelectOp::create(eb, el, first.valid,
                                                    e.c(width), e.c(0));
              bool rows = !copy.rowStart.empty();
              Value source = rows ? filterRows : sources.lookup(first.tensor);
              ValueRange index =
                  rows ? ValueRange(copy.rowStart) : ValueRange(first.index);
              // 16 bytes may bypass L1 (.cg); narrower copies may not.
              UnitAttr bypassL1 = bytes == ImplicitGemm::kWideBytes
                                      ? eb.getUnitAttr()
                                      : UnitAttr();
              nvgpu::DeviceAsyncCopyOp::create(
                  eb, el, stage, ValueRange{at}, source, index,
                  eb.getIndexAttr(width), count, bypassL1);
            };
            if (!copy.active) {
              emit(cb, cl);
              continue;
            }
            scf::IfOp::create(cb, cl, copy.active,
                              [&](OpBuilder &ib, Location il) {
                                emit(ib, il);
                                scf::YieldOp::create(ib, il);
                              });
          }
        };
        // Each operand by wide runs where allowed, else one element a run.
        for (auto [allowed, operandTile] :
             {std::pair{wideAllowedA, ImplicitGemm::Operand::A},
              std::pair{wideAllowedB, ImplicitGemm::Operand::B}}) {
          if (!allowed) {
            copyAll(fb, fl, operandTile, /*wide=*/false);
            continue;
          }
          scf::IfOp::create(
              fb, fl, allowed,
              [&](OpBuilder &ib, Location il) {
                copyAll(ib, il, operandTile, /*wide=*/true);
                scf::YieldOp::create(ib, il);
              },
              [&](OpBuilder &ib, Location il) {
                copyAll(ib, il, operandTile, /*wide=*/false);
                scf::YieldOp::create(ib, il);
              });
        }
      };
      // Trip t of steps + 1: the copies of step t (none on the last trip);
      // wait for all but that newest group (so step t - 1's have landed)
      // and meet the block; then, from the second trip, read and multiply
      // step t - 1 and meet again, so that no thread refills that stage
      // (two steps later) while another still reads it. Every thread of
      // the block takes every trip and meets at every barrier. Nothing but
      // an empty group is in flight at the end. Every barrier sits inside
      // the loop: convert-parallel-loops-to-gpu declines a loop whose body
      // holds an op of declared write effects outside a region.
      IntegerAttr newestPending = b.getI64IntegerAttr(1);
      SmallVector<Value> acc = forCarrying(
          b, l, steps + 1, {zero},
          [&](OpBuilder &sb, Location sl, Value trip, ValueRange carried) {
            IndexMath s{sb, sl};
            Value copies = arith::CmpIOp::create(
                sb, sl, arith::CmpIPredicate::slt, trip, s.c(steps));
            scf::IfOp::create(sb, sl, copies, [&](OpBuilder &ib, Location il) {
              fill(ib, il, trip);
              scf::YieldOp::create(ib, il);
            });
            BlockSyncOp::create(sb, sl, newestPending);
            Value multiplies = arith::CmpIOp::create(
                sb, sl, arith::CmpIPredicate::sgt, trip, s.c(0));
            auto multiply = scf::IfOp::create(
                sb, sl, multiplies,
                [&](OpBuilder &ib, Location il) {
                  IndexMath u{ib, il};
                  Value step = arith::SubIOp::create(ib, il, trip, u.c(1));
                  Value base = stageBase(u, step);
                  auto [a, bf] = gemm.fragments(
                      u, lane,
                      [&](ImplicitGemm::Operand operandTile, Value slot) {
                        return memref::LoadOp::create(
                                   ib, il, stage,
                                   ValueRange{
                                       slotIn(u, base, operandTile, slot)})
                            .getResult();
                      });
                  Value c = carried[0];
                  for (auto [pa, pb] : gemm.mmaSequence())
                    c = gemm.emitMma(ib, il, a[pa], bf[pb], c);
                  BlockSyncOp::create(ib, il, IntegerAttr());
                  scf::YieldOp::create(ib, il, c);
                },
                [&](OpBuilder &ib, Location il) {
                  scf::YieldOp::create(ib, il, carried[0]);
                });
            return SmallVector<Value>{multiply.getResult(0)};
          });
      SmallVector<Value> accs;
      for (int64_t r = 0; r < kCRegisters; ++r)
        accs.push_back(vector::ExtractOp::create(
            b, l, acc[0], ArrayRef<int64_t>{r / 2, r % 2}));
      auto outputs = laneEpilogue(m, lane, f0, accs);
      // The lane's outputs are two channels (2t, 2t + 1) of two columns
      // (g, g + 8): one slice with a column stride of 8, as many columns
      // as lie inside the output's width (the first, if any, is the one
      // inside), written as one masked vector. One slice per iteration
      // keeps bufferization in place, as in the register-blocked nest.
      auto [i, j, unused] = outputs[0];
      (void)unused;
      Value ow = m.add(ow0, i);
      auto columnsInside = [&](Value column) {
        Value inside = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                             column, outW);
        return arith::SelectOp::create(b, l, inside, m.c(1), m.c(0))
            .getResult();
      };
      Value count = m.add(columnsInside(ow), columnsInside(m.add(ow, 8)));
      Value any =
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, count, m.c(0));
      Value safeOw = arith::SelectOp::create(b, l, any, ow, m.c(0));
      Value f = m.add(f0, j);
      SmallVector<OpFoldResult> offsets =
          s.last ? SmallVector<OpFoldResult>{n, oh, safeOw, f}
                 : SmallVector<OpFoldResult>{n, f, oh, safeOw};
      SmallVector<OpFoldResult> sizes(4, b.getIndexAttr(1));
      sizes[s.wDim] = count;
      sizes[s.cDim] = b.getIndexAttr(2);
      SmallVector<OpFoldResult> steps(4, b.getIndexAttr(1));
      steps[s.wDim] = b.getIndexAttr(8);
      Value tile =
          tensor::ExtractSliceOp::create(b, l, shared, offsets, sizes, steps);
      // In the tile's memory order (a transposing write would leave a
      // vector.transpose the kernel's lowering does not take): registers
      // 0, 1 are column g, 2, 3 column g + 8, each channels 2t, 2t + 1.
      auto blockType = VectorType::get({2, 2}, resultElement);
      SmallVector<Value> values;
      for (int64_t outer = 0; outer < 2; ++outer)
        for (int64_t inner = 0; inner < 2; ++inner)
          values.push_back(std::get<2>(
              outputs[s.last ? 2 * outer + inner : 2 * inner + outer]));
      Value block = vector::FromElementsOp::create(b, l, blockType, values);
      int64_t first = std::min(s.cDim, s.wDim),
              second = std::max(s.cDim, s.wDim);
      AffineMap dims = AffineMap::get(
          4, 0, {b.getAffineDimExpr(first), b.getAffineDimExpr(second)},
          b.getContext());
      tile = vector::TransferWriteOp::create(
                 b, l, block, tile, SmallVector<Value>(4, m.c(0)), dims,
                 ArrayRef<bool>{first == s.cDim, second == s.cDim})
                 .getResult();
      insertInParallel(b, l, tile, shared, offsets, sizes, steps);
      return;
    }

    // The host: one warp tile. Every lane's fragments as rows of a tensor,
    // the MMA emulated from them, the epilogue lane by lane.
    auto fragments = [&](int64_t registers) {
      SmallVector<Value> all;
      for (int64_t p = 0; p < gemm.partCount(); ++p)
        all.push_back(tensor::EmptyOp::create(
            b, l, ArrayRef<int64_t>{kWarpLanes, registers * gemm.perRegister},
            gemm.operand));
      return all;
    };
    auto cType = RankedTensorType::get({kWarpLanes, kCRegisters}, gemm.f32);
    Value zeros = arith::ConstantOp::create(
        b, l, cType, DenseElementsAttr::get(cType, b.getF32FloatAttr(0.0f)));
    SmallVector<Value> carried = {zeros};
    llvm::append_range(carried, fragments(kARegisters));
    llvm::append_range(carried, fragments(kBRegisters));
    carried.push_back(tensor::EmptyOp::create(
        b, l, ArrayRef<int64_t>{gemm.stageElements(1)}, gemm.operand));
    int64_t parts = gemm.partCount();
    SmallVector<Value> result = forCarrying(
        b, l, steps, carried,
        [&](OpBuilder &sb, Location sl, Value step, ValueRange state) {
          IndexMath s{sb, sl};
          Value k0 = s.mul(step, gemm.stepDepth);
          // The stage, as the GPU's threads fill it: A by the block's
          // threads, B by the warp's lanes.
          Value stage = state.back();
          for (auto [operandTile, threads] :
               {std::pair{ImplicitGemm::Operand::A, gemm.aCopyThreads()},
                std::pair{ImplicitGemm::Operand::B, kWarpLanes}})
            stage = forCarrying(
                sb, sl, threads, {stage},
                [&](OpBuilder &lb, Location ll, Value thread, ValueRange st) {
                  IndexMath t{lb, ll};
                  Value next = st[0];
                  for (ImplicitGemm::Copy &copy :
                       gemm.copies(t, thread, n, oh, ow0, f0, k0, operandTile,
                                   /*wide=*/true)) {
                    auto insert = [&](OpBuilder &ib, Location il, Value into) {
                      IndexMath u{ib, il};
                      for (auto [x, element] : llvm::enumerate(copy.elements))
                        into = tensor::InsertOp::create(
                            ib, il, gemm.read(u, element), into,
                            ValueRange{u.add(copy.slot, x)});
                      return into;
                    };
                    if (!copy.active) {
                      next = insert(lb, ll, next);
                      continue;
                    }
                    auto guardedInsert = scf::IfOp::create(
                        lb, ll, copy.active,
                        [&](OpBuilder &ib, Location il) {
                          scf::YieldOp::create(ib, il, insert(ib, il, next));
                        },
                        [&](OpBuilder &ib, Location il) {
                          scf::YieldOp::create(ib, il, next);
                        });
                    next = guardedInsert.getResult(0);
                  }
                  return SmallVector<Value>{next};
                })[0];
          // Each lane's fragments, as the GPU's lanes read them from it.
          SmallVector<Value> frags = forCarrying(
              sb, sl, kWarpLanes, state.drop_front().drop_back(),
              [&](OpBuilder &lb, Location ll, Value lane, ValueRange fr) {
                IndexMath t{lb, ll};
                auto [a, bf] = gemm.fragments(
                    t, lane, [&](ImplicitGemm::Operand, Value slot) {
                      return tensor::ExtractOp::create(lb, ll, stage,
                                                       ValueRange{slot})
                          .getResult();
                    });
                SmallVector<Value> next(fr);
                for (int64_t p = 0; p < parts; ++p) {
                  for (auto [r, x] : llvm::enumerate(a[p]))
                    next[p] = tensor::InsertOp::create(
                        lb, ll, x, next[p], ValueRange{lane, t.c(r)});
                  for (auto [r, x] : llvm::enumerate(bf[p]))
                    next[parts + p] = tensor::InsertOp::create(
                        lb, ll, x, next[parts + p], ValueRange{lane, t.c(r)});
                }
                return next;
              });
          // The warp's MMAs: D(i, j) = C(i, j) + sum over kk of
          // A(i, kk) B(kk, j), each element found through the inverse
          // s.layout.
          Value c = state[0];
          for (auto [pa, pb] : gemm.mmaSequence()) {
            Value fa = frags[pa], fb = frags[parts + pb];
            c = forCarrying(
                sb, sl, kTileColumns, {c},
                [&](OpBuilder &ib, Location il, Value i, ValueRange ci) {
                  return forCarrying(
                      ib, il, kTileChannels, ci,
                      [&](OpBuilder &jb, Location jl, Value j, ValueRange cj) {
                        IndexMath u{jb, jl};
                        FragmentOwner owner{u, gemm.perRegister};
                        auto [cl, cr] = owner.c(i, j);
                        Value sum = tensor::ExtractOp::create(
                            jb, jl, cj[0], ValueRange{cl, cr});
                        for (int64_t kk = 0; kk < gemm.stepDepth; ++kk) {
                          auto [al, ar] = owner.a(i, kk);
                          auto [bl, br] = owner.b(kk, j);
                          Value x = tensor::ExtractOp::create(
                              jb, jl, fa, ValueRange{al, ar});
                          Value w = tensor::ExtractOp::create(
                              jb, jl, fb, ValueRange{bl, br});
                          // f16 and bf16 products are exact in f32.
                          x = castFloat(jb, jl, x, gemm.f32);
                          w = castFloat(jb, jl, w, gemm.f32);
                          sum = arith::AddFOp::create(
                              jb, jl, sum, arith::MulFOp::create(jb, jl, x, w));
                        }
                        return SmallVector<Value>{tensor::InsertOp::create(
                            jb, jl, sum, cj[0], ValueRange{cl, cr})};
                      });
                })[0];
          }
          SmallVector<Value> next = {c};
          llvm::append_range(next, frags);
          next.push_back(stage);
          return next;
        });
    // The epilogue lane by lane into a 16 x 8 tile, then one masked write.
    auto tileType =
        RankedTensorType::get({kTileColumns, kTileChannels}, resultElement);
    Value tile = forCarrying(
        b, l, kWarpLanes,
        {tensor::EmptyOp::create(b, l, tileType.getShape(), resultElement)},
        [&](OpBuilder &lb, Location ll, Value lane, ValueRange t) {
          IndexMath u{lb, ll};
          SmallVector<Value> accs;
          for (int64_t r = 0; r < kCRegisters; ++r)
            accs.push_back(tensor::ExtractOp::create(lb, ll, result[0],
                                                     ValueRange{lane, u.c(r)}));
          Value next = t[0];
          for (auto &[i, j, v] : laneEpilogue(u, lane, f0, accs))
            next = tensor::InsertOp::create(lb, ll, v, next, ValueRange{i, j});
          return SmallVector<Value>{next};
        })[0];
    auto vectorType =
        VectorType::get({kTileColumns, kTileChannels}, resultElement);
    Value block = vector::TransferReadOp::create(
        b, l, vectorType, tile, ValueRange{m.c(0), m.c(0)},
        floatConstant(b, l, resultElement, 0.0), ArrayRef<bool>{true, true});
    Value count = arith::MinSIOp::create(
        b, l, m.c(kTileColumns), arith::SubIOp::create(b, l, outW, ow0));
    SmallVector<OpFoldResult> offsets(4), sizes(4, b.getIndexAttr(1));
    offsets[0] = n;
    offsets[s.hDim] = oh;
    offsets[s.wDim] = ow0;
    offsets[s.cDim] = f0;
    sizes[s.wDim] = count;
    sizes[s.cDim] = b.getIndexAttr(kTileChannels);
    Value slice =
        tensor::ExtractSliceOp::create(b, l, shared, offsets, sizes, unit);
    AffineMap dims = AffineMap::get(
        4, 0, {b.getAffineDimExpr(s.wDim), b.getAffineDimExpr(s.cDim)},
        b.getContext());
    slice = vector::TransferWriteOp::create(b, l, block, slice,
                                            SmallVector<Value>(4, m.c(0)), dims,
                                            ArrayRef<bool>{false, true})
                .getResult();
    insertInParallel(b, l, slice, shared, offsets, sizes, unit);
  };

  // On the GPU the innermost dimension is a warp's lanes: marked so that
  // fusion-map-loops-to-gpu gives it thread x, 32 wide, whatever its lanes,
  // and the one before it thread y whole (the block's warps).
  std::optional<ArrayAttr> mapping;
  if (!gemm.onHost) {
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<Attribute> dims;
    for (int64_t d = 4; d >= 0; --d)
      dims.push_back(gpu::GPUWarpMappingAttr::get(
          ctx, static_cast<gpu::MappingId>(
                   static_cast<int64_t>(gpu::MappingId::LinearDim0) + d)));
    dims.push_back(
        gpu::GPULaneMappingAttr::get(ctx, gpu::MappingId::LinearDim0));
    mapping = rewriter.getArrayAttr(dims);
  }
  auto forall = scf::ForallOp::create(rewriter, loc, bounds, ValueRange{out},
                                      mapping, body);
  return forall.getResult(0);
}

template FailureOr<Value>
mlir::fusion::lowerToImplicitGemm(ConvBiasActOp, LoweringConfigAttr,
                                  PatternRewriter &,
                                  const ImplicitGemmOptions &);
template FailureOr<Value>
mlir::fusion::lowerToImplicitGemm(ConvBnActOp, LoweringConfigAttr,
                                  PatternRewriter &,
                                  const ImplicitGemmOptions &);

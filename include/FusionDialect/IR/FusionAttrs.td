//===- FusionAttrs.td - fusion dialect attributes ------------*- tablegen -*-===//
#ifndef FUSION_ATTRS_TD
#define FUSION_ATTRS_TD

include "FusionDialect/IR/FusionBase.td"

def Fusion_ActivationAttr : AttrDef<Fusion_Dialect, "Activation"> {
  let mnemonic = "act";
  let summary = "activation applied in a fused op's epilogue, with its parameters";
  let description = [{
    `#fusion.act<relu>`, `#fusion.act<relu6>`, `#fusion.act<sigmoid>`,
    `#fusion.act<silu>`, `#fusion.act<hardswish>`, `#fusion.act<hardsigmoid>`,
    `#fusion.act<none>`,
    `#fusion.act<clamp, min = -1.0, max = 1.0>`,
    `#fusion.act<leaky_relu, alpha = 0.01>`.

    Exact semantics, applied to the normalized value `a`:
    relu `a > 0 ? a : 0` (NaN propagates), relu6 `min(max(a, 0), 6)`,
    clamp `min(max(a, min), max)`, leaky_relu `a > 0 ? a : alpha * a`,
    sigmoid `1 / (1 + exp(-a))`, silu `a * sigmoid(a)`,
    hardswish `a * min(max(a + 3, 0), 6) / 6`,
    hardsigmoid `min(max(a + 3, 0), 6) / 6`.
  }];
  let parameters = (ins
    "::mlir::fusion::ActivationKind":$kind,
    DefaultValuedParameter<"::llvm::APFloat", "::llvm::APFloat(0.0)">:$min,
    DefaultValuedParameter<"::llvm::APFloat", "::llvm::APFloat(0.0)">:$max,
    DefaultValuedParameter<"::llvm::APFloat", "::llvm::APFloat(0.0)">:$alpha
  );
  let builders = [
    AttrBuilder<(ins "::mlir::fusion::ActivationKind":$kind), [{
      return $_get($_ctxt, kind, ::llvm::APFloat(0.0), ::llvm::APFloat(0.0),
                   ::llvm::APFloat(0.0));
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Applies the activation to `a` in double precision; the reference
    /// semantics every lowering must match.
    double apply(double a) const;
    /// Stable lower-case name used in remarks and the JSON report.
    ::llvm::StringRef getName() const;
  }];
}

def Fusion_LoweringConfigAttr : AttrDef<Fusion_Dialect, "LoweringConfig"> {
  let mnemonic = "lowering_config";
  let summary = "how one fused op is lowered: strategy and its parameters";
  let description = [{
    The codegen choice for one fused conv, as data: chosen once per op by
    `fusion-select-lowering` from the op's shape and the target (or written
    in the IR by a user, which the selection keeps), then read by
    `fusion-lower-to-loops`, which emits exactly what it says.

    ```
    #fusion.lowering_config<strategy = register_block,
                            channels_per_thread = 8,
                            columns_per_thread = 28,
                            loop_order = channels_inner>
    ```

    `register_block`: one `scf.forall` iteration (one GPU thread) computes
    `channels_per_thread` output channels times `columns_per_thread` output
    columns in registers. Both must divide the op's output channels and
    output width (a dynamic width takes 1 column); at most 256 accumulators
    per iteration. `loop_order` orders the forall's dimensions (see
    `LoopOrder`); the GPU pipeline takes only `layout`.

    `mma_sync` (implicit GEMM: M = output columns of one output row, N =
    output channels, K = input channels x kernel window, no im2col buffer):
    one warp computes a tile of `columns_per_thread` = 16 output columns by
    `channels_per_thread` = 8 output channels, one `mma.sync` m16n8k8 per
    8-deep step of K (m16n8k16 per 16-deep step for f16 and bf16), each
    lane holding the fragments the PTX ISA assigns it; bias, normalization
    and activation run on the f32 accumulators. It takes dense convs (one
    group) whose output channels are a multiple of 8, `loop_order =
    layout`, and a `precision` for the conv's type: tf32 or tf32x3 for
    f32, native for f16 and bf16. On the host the same tiles, fragments
    and epilogue run with the warp's MMA emulated exactly (TF32 rounding
    bit for bit).

    ```
    #fusion.lowering_config<strategy = mma_sync, channels_per_thread = 8,
                            columns_per_thread = 16, loop_order = layout,
                            precision = tf32>
    ```

    `precision` (default `fp32`, then not printed): the arithmetic of the
    products (see `Precision`); `register_block` takes only `fp32`.
  }];
  let parameters = (ins
    EnumParameter<Fusion_LoweringStrategy>:$strategy,
    "int64_t":$channels_per_thread,
    "int64_t":$columns_per_thread,
    EnumParameter<Fusion_LoopOrder>:$loop_order,
    DefaultValuedParameter<"::mlir::fusion::Precision",
                           "::mlir::fusion::Precision::fp32">:$precision
  );
  let builders = [
    AttrBuilder<(ins "::mlir::fusion::LoweringStrategy":$strategy,
                     "int64_t":$channels_per_thread,
                     "int64_t":$columns_per_thread,
                     "::mlir::fusion::LoopOrder":$loop_order), [{
      return $_get($_ctxt, strategy, channels_per_thread, columns_per_thread,
                   loop_order, ::mlir::fusion::Precision::fp32);
    }]>
  ];
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Most accumulators one iteration may hold: beyond this the register
    /// file spills on the GPU and the host compiler's time grows with the
    /// block's square (bench/RESULTS.md, "Compile time").
    static constexpr int64_t kMaxAccumulators = 256;
    /// An mma_sync warp tile: output columns (M) by output channels (N).
    static constexpr int64_t kMmaColumns = 16, kMmaChannels = 8;
    /// The depth (K) of one MMA step: PTX's m16n8k8 for TF32 operands,
    /// m16n8k16 for f16 and bf16 ones (precision native).
    static int64_t mmaDepth(::mlir::fusion::Precision precision) {
      return precision == ::mlir::fusion::Precision::native ? 16 : 8;
    }
    /// Why this configuration cannot lower a conv with `outChannels` output
    /// channels, an output `outWidth` wide (dynamic: ShapedType's marker),
    /// of `elementType`, dense with one group or not; nullopt when it can.
    std::optional<std::string> explainMismatch(int64_t outChannels,
                                               int64_t outWidth,
                                               ::mlir::Type elementType,
                                               bool denseOneGroup) const;
  }];
}

#endif // FUSION_ATTRS_TD

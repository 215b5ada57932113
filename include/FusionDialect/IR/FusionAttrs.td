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
  }];
  let parameters = (ins
    EnumParameter<Fusion_LoweringStrategy>:$strategy,
    "int64_t":$channels_per_thread,
    "int64_t":$columns_per_thread,
    EnumParameter<Fusion_LoopOrder>:$loop_order
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Most accumulators one iteration may hold: beyond this the register
    /// file spills on the GPU and the host compiler's time grows with the
    /// block's square (bench/RESULTS.md, "Compile time").
    static constexpr int64_t kMaxAccumulators = 256;
    /// Why this configuration cannot lower a conv with `outChannels` output
    /// channels and an output `outWidth` wide (dynamic: ShapedType's
    /// marker); nullopt when it can.
    std::optional<std::string> explainMismatch(int64_t outChannels,
                                               int64_t outWidth) const;
  }];
}

#endif // FUSION_ATTRS_TD

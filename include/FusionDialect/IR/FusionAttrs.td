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

#endif // FUSION_ATTRS_TD

//===- FusionOps.td - fused convolution ops ------------------*- tablegen -*-===//
#ifndef FUSION_OPS_TD
#define FUSION_OPS_TD

include "FusionDialect/IR/FusionBase.td"
include "FusionDialect/IR/FusionAttrs.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Fusion_Op<string mnemonic, list<Trait> traits = []>
    : Op<Fusion_Dialect, mnemonic, traits>;

def Fusion_FloatTensor : RankedTensorOf<[F16, BF16, F32]>;
def Fusion_ParamTensor : RankedTensorOf<[F16, BF16, F32, F64]>;

class Fusion_ConvOpBase<string mnemonic, list<Trait> traits = []>
    : Fusion_Op<mnemonic, !listconcat(traits, [Pure])> {
  code commonExtraDecls = [{
    /// Index of the channel dimension in the input and the result.
    int64_t getChannelDim() {
      return ::mlir::fusion::isChannelsLast(getLayout()) ? 3 : 1;
    }
  }];
  let hasVerifier = 1;
}

def Fusion_ConvBnActOp : Fusion_ConvOpBase<"conv_bn_act"> {
  let summary = "convolution, eval-mode BatchNorm and activation, matched but not folded";
  let description = [{
    The matched form of a Conv → BatchNorm → activation chain. It computes,
    per output channel `c`:

    ```
    y = conv(input, filter) + bias[c]                      (bias optional)
    z = (y - mean[c]) * gamma[c] / sqrt(variance[c] + epsilon) + beta[c]
    out = act(z)
    ```

    `mean` and `variance` are running (eval) statistics; the op never holds
    batch statistics. `fusion-fold-bn` turns it into `fusion.conv_bias_act`
    when the statistics and filter are constants; otherwise it stays and the
    lowering applies the per-channel scale and shift in its epilogue.

    Where a frontend emitted the normalization as an arbitrary per-channel
    affine `y * s + t` that is not in the textbook shape, the matcher writes
    it as statistics that compute exactly that affine: `gamma = s`,
    `beta = t`, `mean = 0`, `variance = 1`, `epsilon = 0`, in f64.

    Padding is `[top, bottom, left, right]`; input elements outside the
    image read as zero. f16 and bf16 accumulate in f32.
  }];
  let arguments = (ins
    Fusion_FloatTensor:$input,
    Fusion_FloatTensor:$filter,
    Optional<Fusion_ParamTensor>:$bias,
    Fusion_ParamTensor:$mean,
    Fusion_ParamTensor:$variance,
    Fusion_ParamTensor:$gamma,
    Fusion_ParamTensor:$beta,
    F64Attr:$epsilon,
    Fusion_ConvLayout:$layout,
    DenseI64ArrayAttr:$strides,
    DenseI64ArrayAttr:$dilations,
    DenseI64ArrayAttr:$padding,
    I64Attr:$groups,
    Fusion_ActivationAttr:$activation
  );
  let results = (outs Fusion_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $filter (`bias` `(` $bias^ `:` type($bias) `)`)?
    `mean` `(` $mean `:` type($mean) `)`
    `variance` `(` $variance `:` type($variance) `)`
    `gamma` `(` $gamma `:` type($gamma) `)`
    `beta` `(` $beta `:` type($beta) `)`
    `epsilon` `(` $epsilon `)`
    `layout` `(` $layout `)` `strides` `(` $strides `)`
    `dilations` `(` $dilations `)` `padding` `(` $padding `)`
    `groups` `(` $groups `)` `act` $activation
    attr-dict `:` type($input) `,` type($filter) `->` type($result)
  }];
  let extraClassDeclaration = commonExtraDecls;
}

def Fusion_ConvBiasActOp : Fusion_ConvOpBase<"conv_bias_act"> {
  let summary = "convolution with bias and activation in one pass over memory";
  let description = [{
    The folded form the lowering consumes:
    `out = act(conv(input, filter) + bias[c])`, each output element written
    once. Produced by `fusion-fold-bn` from `fusion.conv_bn_act`, or directly
    by `fusion-fuse` for chains that carry no normalization (exports that
    already folded their BatchNorm).

    Padding is `[top, bottom, left, right]`; input elements outside the
    image read as zero. f16 and bf16 accumulate in f32.
  }];
  let arguments = (ins
    Fusion_FloatTensor:$input,
    Fusion_FloatTensor:$filter,
    Optional<Fusion_ParamTensor>:$bias,
    Fusion_ConvLayout:$layout,
    DenseI64ArrayAttr:$strides,
    DenseI64ArrayAttr:$dilations,
    DenseI64ArrayAttr:$padding,
    I64Attr:$groups,
    Fusion_ActivationAttr:$activation
  );
  let results = (outs Fusion_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $filter (`bias` `(` $bias^ `:` type($bias) `)`)?
    `layout` `(` $layout `)` `strides` `(` $strides `)`
    `dilations` `(` $dilations `)` `padding` `(` $padding `)`
    `groups` `(` $groups `)` `act` $activation
    attr-dict `:` type($input) `,` type($filter) `->` type($result)
  }];
  let extraClassDeclaration = commonExtraDecls;
}

#endif // FUSION_OPS_TD

//===- FusionBase.td - The fusion dialect and its enums ------*- tablegen -*-===//
#ifndef FUSION_BASE_TD
#define FUSION_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Fusion_Dialect : Dialect {
  let name = "fusion";
  let cppNamespace = "::mlir::fusion";
  let summary = "Fused convolution, normalization and activation chains";
  let description = [{
    The `fusion` dialect holds convolutions whose per-channel normalization
    (BatchNorm in eval mode) and elementwise activation have been proven to
    form one straight chain. `fusion.conv_bn_act` is the matched form: it
    still carries the normalization statistics, so nothing is lost before the
    fold. `fusion.conv_bias_act` is the folded form the lowering consumes: the
    statistics are gone, baked into the filter and bias.

    Both ops are exact about layout: the `layout` attribute names which
    dimension of the input, filter and result is the channel, so every
    per-channel value is applied to the right axis.
  }];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Version of the dialect's textual form and of the fusion report schema.
    /// Bumped on any incompatible change; see docs/FusionGuide.md.
    static constexpr int kVersion = 1;
  }];
}

/// Which dimension of input, filter and result is which. Depthwise layouts
/// name a filter with one input channel per group.
def Fusion_ConvLayout : I32EnumAttr<"ConvLayout", "data and filter layout of a convolution", [
    I32EnumAttrCase<"nchw_fchw", 0>,
    I32EnumAttrCase<"nhwc_hwcf", 1>,
    I32EnumAttrCase<"nhwc_fhwc", 2>,
    I32EnumAttrCase<"nchw_chw", 3>,
    I32EnumAttrCase<"nhwc_hwc", 4>,
    I32EnumAttrCase<"nhwc_hwcm", 5>
  ]> {
  let cppNamespace = "::mlir::fusion";
}

def Fusion_ActivationKind : I32EnumAttr<"ActivationKind", "elementwise activation", [
    I32EnumAttrCase<"none", 0>,
    I32EnumAttrCase<"relu", 1>,
    I32EnumAttrCase<"relu6", 2>,
    I32EnumAttrCase<"clamp", 3>,
    I32EnumAttrCase<"leaky_relu", 4>,
    I32EnumAttrCase<"sigmoid", 5>,
    I32EnumAttrCase<"silu", 6>,
    I32EnumAttrCase<"hardswish", 7>,
    I32EnumAttrCase<"hardsigmoid", 8>
  ]> {
  let cppNamespace = "::mlir::fusion";
  let genSpecializedAttr = 0;
}

#endif // FUSION_BASE_TD

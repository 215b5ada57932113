// The tilings test/CPU/tiling.mlir applies: one per fused conv, matched by
// a unit attribute on the op.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %channels_rows_cols = transform.structured.match ops{["fusion.conv_bias_act"]} attributes{tile_channels_rows_cols} in %root : (!transform.any_op) -> !transform.any_op
    %channels_rows_cols_tiled, %channels_rows_cols_loop = transform.structured.tile_using_forall %channels_rows_cols tile_sizes [0, 3, 5, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %bn_nhwc_strided = transform.structured.match ops{["fusion.conv_bn_act"]} attributes{tile_bn_nhwc_strided} in %root : (!transform.any_op) -> !transform.any_op
    %bn_nhwc_strided_tiled, %bn_nhwc_strided_loop = transform.structured.tile_using_forall %bn_nhwc_strided tile_sizes [0, 2, 2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %depthwise_dilated = transform.structured.match ops{["fusion.conv_bias_act"]} attributes{tile_depthwise_dilated} in %root : (!transform.any_op) -> !transform.any_op
    %depthwise_dilated_tiled, %depthwise_dilated_loop = transform.structured.tile_using_forall %depthwise_dilated tile_sizes [0, 2, 3, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %grouped = transform.structured.match ops{["fusion.conv_bias_act"]} attributes{tile_grouped} in %root : (!transform.any_op) -> !transform.any_op
    %grouped_tiled, %grouped_loop = transform.structured.tile_using_forall %grouped tile_sizes [0, 3, 0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

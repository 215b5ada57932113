// The detection heads of the corpus as torch-mlir emitted them
// (utils/corpus/export.py, narrowed widths, batch 1): fusion-fuse-detect
// fuses the decode of SSDLite (torchvision's box coder and class softmax
// over 6 levels) and of YOLOv8n (DFL, dist2bbox, strides, sigmoid, packed
// output over 3 levels), in linalg and in TOSA, into one op that reads the
// prediction convs' outputs.
//
// The report says so, with the spelling of each frontend.
// RUN: fusion-opt %S/Inputs/ssdlite-linalg-b1.mlir --fusion-fuse-detect=report=- -o /dev/null | FileCheck %s --check-prefixes=SSD,SSD-LINALG
// RUN: fusion-opt %S/Inputs/ssdlite-tosa-b1.mlir --fusion-fuse-detect=report=- -o /dev/null | FileCheck %s --check-prefixes=SSD,SSD-TOSA
// RUN: fusion-opt %S/Inputs/yolov8n-linalg-b1.mlir --fusion-fuse-detect=report=- -o /dev/null | FileCheck %s --check-prefixes=YOLO,YOLO-LINALG
// RUN: fusion-opt %S/Inputs/yolov8n-tosa-b1.mlir --fusion-fuse-detect=report=- -o /dev/null | FileCheck %s --check-prefixes=YOLO,YOLO-TOSA
//
// SSD: "anchors": 144,
// SSD-NEXT: "classes": 8,
// SSD-NEXT: "coding": "center_size",
// SSD-NEXT: "detail": "",
// SSD-NEXT: "format": "xyxy",
// SSD-NEXT: "fused": true,
// SSD-LINALG-NEXT: "heads": "nchw",
// SSD-TOSA-NEXT: "heads": "nhwc",
// SSD-NEXT: "levels": 6,
// SSD-NEXT: "loc": "{{.*}}ssdlite-{{linalg|tosa}}-b1.mlir:{{[0-9]+}}:{{[0-9]+}}",
// SSD-NEXT: "outputs": "split",
// SSD-NEXT: "reason": "fused",
// SSD-NEXT: "score": "softmax"
// SSD: "candidates": 1,
// SSD-NEXT: "fused": 1,
// SSD-NEXT: "refused": 0
//
// YOLO: "anchors": 84,
// YOLO-NEXT: "classes": 8,
// YOLO-NEXT: "coding": "ltrb_distance",
// YOLO-NEXT: "detail": "",
// YOLO-NEXT: "format": "cxcywh",
// YOLO-NEXT: "fused": true,
// YOLO-LINALG-NEXT: "heads": "nchw",
// YOLO-TOSA-NEXT: "heads": "nhwc",
// YOLO-NEXT: "levels": 3,
// YOLO-NEXT: "loc": "{{.*}}yolov8n-{{linalg|tosa}}-b1.mlir:{{[0-9]+}}:{{[0-9]+}}",
// YOLO-NEXT: "outputs": "packed_bkn",
// YOLO-NEXT: "reason": "fused",
// YOLO-NEXT: "score": "sigmoid"
// YOLO: "candidates": 1,
// YOLO-NEXT: "fused": 1,
// YOLO-NEXT: "refused": 0
//
// The fused op: every attribute each frontend's spelling implies, the head
// convs' outputs as operands, and none of the decode's ops left.
// RUN: fusion-opt %S/Inputs/ssdlite-linalg-b1.mlir --fusion-fuse-detect --mlir-elide-elementsattrs-if-larger=8 | FileCheck %s --check-prefix=OP-SSD-LINALG
// RUN: fusion-opt %S/Inputs/ssdlite-tosa-b1.mlir --fusion-fuse-detect --mlir-elide-elementsattrs-if-larger=8 | FileCheck %s --check-prefix=OP-SSD-TOSA
// RUN: fusion-opt %S/Inputs/yolov8n-linalg-b1.mlir --fusion-fuse-detect --mlir-elide-elementsattrs-if-larger=8 | FileCheck %s --check-prefix=OP-YOLO-LINALG
// RUN: fusion-opt %S/Inputs/yolov8n-tosa-b1.mlir --fusion-fuse-detect --mlir-elide-elementsattrs-if-larger=8 | FileCheck %s --check-prefix=OP-YOLO-TOSA
//
// OP-SSD-LINALG: %[[D:.*]]:2 = fusion.decode_detections boxes(nchw %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<1x24x4x4xf32>, tensor<1x24x2x2xf32>, tensor<1x24x1x1xf32>, tensor<1x24x1x1xf32>, tensor<1x24x1x1xf32>, tensor<1x24x1x1xf32>) scores(nchw %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : tensor<1x48x4x4xf32>, tensor<1x48x2x2xf32>, tensor<1x48x1x1xf32>, tensor<1x48x1x1xf32>, tensor<1x48x1x1xf32>, tensor<1x48x1x1xf32>) anchors(%{{.*}} : tensor<144x4xf32>) coding(center_size) weights([1.000000e+01, 1.000000e+01, 5.000000e+00, 5.000000e+00]) wh_clamp(4.1351666450500488) clamp_nan(bound) anchor_layout(n4) score(softmax) to xyxy -> tensor<1x144x4xf32>, tensor<1x144x8xf32>
// OP-SSD-LINALG-NOT: linalg.generic
// OP-SSD-LINALG-NOT: tensor.concat
// OP-SSD-LINALG: return %[[D]]#0, %[[D]]#1
//
// OP-SSD-TOSA: %[[D:.*]]:2 = fusion.decode_detections boxes(nhwc {{.*}} : tensor<1x4x4x24xf32>, tensor<1x2x2x24xf32>, tensor<1x1x1x24xf32>, tensor<1x1x1x24xf32>, tensor<1x1x1x24xf32>, tensor<1x1x1x24xf32>) scores(nhwc {{.*}} : tensor<1x4x4x48xf32>, tensor<1x2x2x48xf32>, tensor<1x1x1x48xf32>, tensor<1x1x1x48xf32>, tensor<1x1x1x48xf32>, tensor<1x1x1x48xf32>) anchors(%{{.*}} : tensor<144x4xf32>) coding(center_size) weights([0.10000000149011612, 0.10000000149011612, 0.20000000298023224, 0.20000000298023224]) scaling(multiply) wh_clamp(4.1351666450500488) anchor_layout(n4) score(softmax) softmax_form(reciprocal) to xyxy -> tensor<1x144x4xf32>, tensor<1x144x8xf32>
// OP-SSD-TOSA-NOT: tosa.concat
// OP-SSD-TOSA-NOT: tosa.gather
// OP-SSD-TOSA-NOT: tosa.exp
// OP-SSD-TOSA: return %[[D]]#0, %[[D]]#1
//
// OP-YOLO-LINALG: %[[D:.*]] = fusion.decode_detections boxes(nchw {{.*}} : tensor<1x16x8x8xf32>, tensor<1x16x4x4xf32>, tensor<1x16x2x2xf32>) scores(nchw {{.*}} : tensor<1x8x8x8xf32>, tensor<1x8x4x4xf32>, tensor<1x8x2x2xf32>) anchors(%{{.*}} : tensor<2x84xf32>) strides(%{{.*}} : tensor<1x84xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(sigmoid) to cxcywh packed(bkn) -> tensor<1x12x84xf32>
// OP-YOLO-LINALG-NOT: linalg.conv_2d_nchw_fchw {{.*}}tensor<1x4x1x1xf32>
// OP-YOLO-LINALG-NOT: tensor.concat
// OP-YOLO-LINALG: return %[[D]]
//
// OP-YOLO-TOSA: %[[D:.*]] = fusion.decode_detections boxes(nhwc {{.*}} : tensor<1x8x8x16xf32>, tensor<1x4x4x16xf32>, tensor<1x2x2x16xf32>) scores(nhwc {{.*}} : tensor<1x8x8x8xf32>, tensor<1x4x4x8xf32>, tensor<1x2x2x8xf32>) anchors(%{{.*}} : tensor<2x84xf32>) strides(%{{.*}} : tensor<1x84xf32>) coding(ltrb_distance) dfl_bins(4) anchor_layout(points_2n) score(sigmoid) softmax_form(reciprocal) to cxcywh packed(bkn) -> tensor<1x12x84xf32>
// OP-YOLO-TOSA-NOT: tosa.concat
// OP-YOLO-TOSA-NOT: tosa.sigmoid
// OP-YOLO-TOSA: return %[[D]]
//
// The decode alone against the reference, on 200 random frames: the
// candidate runs fusion-fuse-detect and nothing else, every conv lowered as
// the reference lowers it, so any difference is the fused decode's. One
// model of each detector, one in each dialect (the other two: bench/RESULTS.md).
// RUN: fusion-verify %S/Inputs/ssdlite-linalg-b1.mlir --program=detect --frames=200 --rtol=1e-5 --atol=1e-5 --f64=false | FileCheck %s --check-prefix=EXACT
// RUN: fusion-verify %S/Inputs/yolov8n-tosa-b1.mlir --program=detect --frames=200 --rtol=1e-5 --atol=1e-5 --f64=false | FileCheck %s --check-prefix=EXACT
// EXACT: detect vs reference, 200 frames, {{.*}} fused decodes 1
// EXACT: {{^}}PASS
//
// The GPU kernels of each linalg model, with every conv as the reference
// lowers it, without and with the fused decode: SSDLite's decode ran as 62
// kernels (per-level permute copies, concats, every elementwise op and
// reduction of the box coder and the softmax) and runs as 1; YOLOv8n's ran
// as 27 and runs as 1.
// RUN: fusion-opt %S/Inputs/ssdlite-linalg-b1.mlir --fusion-to-ptx="fuse=false reference=true" | grep -c gpu.launch_func | FileCheck %s --check-prefix=SSD-BASE
// RUN: fusion-opt %S/Inputs/ssdlite-linalg-b1.mlir --fusion-fuse-detect --fusion-to-ptx="fuse=false reference=true" | grep -c gpu.launch_func | FileCheck %s --check-prefix=SSD-DETECT
// RUN: fusion-opt %S/Inputs/yolov8n-linalg-b1.mlir --fusion-to-ptx="fuse=false reference=true" | grep -c gpu.launch_func | FileCheck %s --check-prefix=YOLO-BASE
// RUN: fusion-opt %S/Inputs/yolov8n-linalg-b1.mlir --fusion-fuse-detect --fusion-to-ptx="fuse=false reference=true" | grep -c gpu.launch_func | FileCheck %s --check-prefix=YOLO-DETECT
// SSD-BASE: {{^}}921{{$}}
// SSD-DETECT: {{^}}860{{$}}
// YOLO-BASE: {{^}}686{{$}}
// YOLO-DETECT: {{^}}660{{$}}

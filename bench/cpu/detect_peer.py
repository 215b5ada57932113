#!/usr/bin/env python3
"""PyTorch eager running the detection decodes of bench/models/detect-heads.mlir
on the same shapes, single thread: the peer of bench/cpu/detect.sh.

  ssdlite320[_b8]   torchvision's own code: the SSD head's per-level
                    view/permute/reshape and cat (SSDScoringHead), the
                    anchors from torchvision's DefaultBoxGenerator as
                    SSDLite320 configures it, BoxCoder(10, 10, 5, 5)
                    .decode_single per image and torch.stack (as
                    utils/corpus/export.py's SsdHeadAndDecode), softmax
  yolov8n_640[_b8]  ultralytics' Detect inference path (8.4.190), copied
                    here because importing ultralytics pulls in OpenCV and
                    more: per level cat(box, cls) and view(B, no, -1), cat,
                    split, DFL (view, transpose, softmax, 1x1 conv with
                    weights 0..15), dist2bbox(xywh=True) times the strides,
                    sigmoid, cat. Anchors from make_anchors (computed once
                    and cached, as Detect does; not timed)

Dev-time only (utils/.venv: torch and torchvision from PyPI); the product
never runs Python. Inputs are seeded normal values (0.5 scale for the box
regressions, so exp stays in range). Prints "eager FUNCTION median_ms" per
function; with --check it also compares the anchors it builds with the
blobs utils/gen_detect_heads.py writes, and with --write DIR it writes, per
function, the inputs of --frames seeded frames (DIR/FUNCTION.in<i>.npy,
the frames as a leading dimension) and eager's outputs on them
(DIR/FUNCTION.eager-<j>.npy) for `fusion-verify --inputs --expected`; the
timing uses the first frame.

  detect_peer.py [--threads 1] [--repeats 51] [--warmup 5] [--check]
                 [--write DIR [--frames 4]] [FUNCTION ...]
"""
import argparse
import math
import os
import struct
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "utils"))
import gen_detect_heads as gen  # noqa: E402  (the shapes, one source)
from peers import median_ms  # noqa: E402  (timed as the other peers are)


# ------------------------------------------------------------------ SSD --

def ssd_anchors():
    from torchvision.models.detection.anchor_utils import DefaultBoxGenerator
    from torchvision.models.detection.image_list import ImageList
    g = DefaultBoxGenerator([[2, 3] for _ in gen.SSD_LEVELS], min_ratio=0.2, max_ratio=0.95)
    size = gen.SSD_IMAGE
    images = ImageList(torch.zeros(1, 3, size, size), [(size, size)])
    feats = [torch.zeros(1, 1, h, w) for h, w in gen.SSD_LEVELS]
    return g(images, feats)[0]


class SsdDecode(nn.Module):
    def __init__(self):
        super().__init__()
        from torchvision.models.detection._utils import BoxCoder
        self.box_coder = BoxCoder(weights=(10.0, 10.0, 5.0, 5.0))
        self.register_buffer("anchors", ssd_anchors())

    @staticmethod
    def flat(x, k):
        # torchvision SSDScoringHead._get_result_from_module_list's reshape
        n, _, h, w = x.shape
        x = x.view(n, -1, k, h, w).permute(0, 3, 4, 1, 2)
        return x.reshape(n, -1, k)

    def forward(self, *heads):
        L = len(gen.SSD_LEVELS)
        reg = torch.cat([self.flat(x, 4) for x in heads[:L]], dim=1)
        cls = torch.cat([self.flat(x, gen.SSD_CLASSES) for x in heads[L:]], dim=1)
        boxes = torch.stack([self.box_coder.decode_single(r, self.anchors) for r in reg])
        return boxes, torch.softmax(cls, dim=-1)


# --------------------------------------------------------------- YOLOv8 --

def make_anchors(shapes, strides, offset=0.5):
    """ultralytics.utils.tal.make_anchors, for feature shapes (h, w)."""
    points, stride_tensor = [], []
    for (h, w), s in zip(shapes, strides):
        sx = torch.arange(end=w, dtype=torch.float32) + offset
        sy = torch.arange(end=h, dtype=torch.float32) + offset
        sy, sx = torch.meshgrid(sy, sx, indexing="ij")
        points.append(torch.stack((sx, sy), -1).view(-1, 2))
        stride_tensor.append(torch.full((h * w, 1), s, dtype=torch.float32))
    return torch.cat(points), torch.cat(stride_tensor)


def dist2bbox(distance, anchor_points, xywh=True, dim=-1):
    """ultralytics.utils.tal.dist2bbox."""
    lt, rb = distance.chunk(2, dim)
    x1y1 = anchor_points - lt
    x2y2 = anchor_points + rb
    if xywh:
        c_xy = (x1y1 + x2y2) / 2
        wh = x2y2 - x1y1
        return torch.cat((c_xy, wh), dim)
    return torch.cat((x1y1, x2y2), dim)


class DFL(nn.Module):
    """ultralytics.nn.modules.block.DFL."""

    def __init__(self, c1=16):
        super().__init__()
        self.conv = nn.Conv2d(c1, 1, 1, bias=False).requires_grad_(False)
        x = torch.arange(c1, dtype=torch.float)
        self.conv.weight.data[:] = nn.Parameter(x.view(1, c1, 1, 1))
        self.c1 = c1

    def forward(self, x):
        b, _, a = x.shape
        return self.conv(x.view(b, 4, self.c1, a).transpose(2, 1).softmax(1)).view(b, 4, a)


class YoloDecode(nn.Module):
    """ultralytics Detect._inference (no export flags), per-level heads
    given apart (cv2 box, cv3 class), concatenated as Detect.forward does."""

    def __init__(self):
        super().__init__()
        self.reg_max, self.nc = gen.YOLO_BINS, gen.YOLO_CLASSES
        self.no = self.nc + 4 * self.reg_max
        self.dfl = DFL(self.reg_max)
        a, s = make_anchors(gen.YOLO_LEVELS, gen.YOLO_STRIDES)
        self.register_buffer("anchors", a.transpose(0, 1))
        self.register_buffer("strides", s.transpose(0, 1))

    def forward(self, *heads):
        L = len(gen.YOLO_LEVELS)
        x = [torch.cat((heads[i], heads[L + i]), 1) for i in range(L)]
        shape = x[0].shape
        x_cat = torch.cat([xi.view(shape[0], self.no, -1) for xi in x], 2)
        box, cls = x_cat.split((self.reg_max * 4, self.nc), 1)
        dbox = dist2bbox(self.dfl(box), self.anchors.unsqueeze(0), xywh=True, dim=1) * self.strides
        return torch.cat((dbox, cls.sigmoid()), 1)


# ------------------------------------------------------------------ main --

def inputs(name, generator):
    B = 8 if name.endswith("_b8") else 1
    if name.startswith("ssd"):
        A, C = gen.SSD_ANCHORS_PER_CELL, gen.SSD_CLASSES
        shapes = [(B, A * 4, h, w) for h, w in gen.SSD_LEVELS] + \
                 [(B, A * C, h, w) for h, w in gen.SSD_LEVELS]
        nbox = len(gen.SSD_LEVELS)
    else:
        shapes = [(B, 4 * gen.YOLO_BINS, h, w) for h, w in gen.YOLO_LEVELS] + \
                 [(B, gen.YOLO_CLASSES, h, w) for h, w in gen.YOLO_LEVELS]
        nbox = len(gen.YOLO_LEVELS)
    return [torch.randn(s, generator=generator) * (0.5 if i < nbox else 1.0)
            for i, s in enumerate(shapes)]


def check_anchors():
    """The generator's blobs against what the libraries build."""
    ok = True
    ours = gen.ssd_anchors()
    tv = ssd_anchors().flatten().tolist()
    d = max(abs(a - b) for a, b in zip(ours, tv))
    print("check ssd anchors: %d values, max |generator - torchvision| = %g" % (len(tv), d))
    ok &= d == 0.0
    pts, st = gen.yolo_anchors()
    a, s = make_anchors(gen.YOLO_LEVELS, gen.YOLO_STRIDES)
    d = max(max(abs(x - y) for x, y in zip(pts, a.transpose(0, 1).flatten().tolist())),
            max(abs(x - y) for x, y in zip(st, s.flatten().tolist())))
    print("check yolo anchors and strides: max |generator - make_anchors| = %g" % d)
    return ok and d == 0.0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--repeats", type=int, default=51)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--check", action="store_true")
    p.add_argument("--write", default=None)
    p.add_argument("--frames", type=int, default=4, help="frames written with --write")
    p.add_argument("functions", nargs="*", default=list(gen.FUNCTIONS))
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    if args.check and not check_anchors():
        sys.exit("anchors differ")
    for name in args.functions:
        model = (SsdDecode() if name.startswith("ssd") else YoloDecode()).eval()
        generator = torch.Generator().manual_seed(20261204)
        frames = [inputs(name, generator) for _ in range(max(1, args.frames))]
        x = frames[0]
        with torch.no_grad():
            if args.write:
                import numpy as np
                os.makedirs(args.write, exist_ok=True)
                for i in range(len(x)):
                    np.save(os.path.join(args.write, "%s.in%d.npy" % (name, i)),
                            torch.stack([f[i] for f in frames]).numpy())
                outs = []
                for f in frames:
                    ys = model(*f)
                    outs.append(ys if isinstance(ys, tuple) else (ys,))
                for j in range(len(outs[0])):
                    np.save(os.path.join(args.write, "%s.eager-%d.npy" % (name, j)),
                            torch.stack([o[j] for o in outs]).numpy())
            ms = median_ms(lambda: model(*x), args.repeats, args.warmup)
        print("eager %s %.3f" % (name, ms))
        sys.stdout.flush()


if __name__ == "__main__":
    main()

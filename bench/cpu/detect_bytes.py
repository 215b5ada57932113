#!/usr/bin/env python3
"""Bytes a detection decode moves, counted from the IR (fusion-bench counts
only conv chains). Standard library only.

Usage: bench/cpu/detect_bytes.py UNFUSED.mlir FUSED.mlir
  UNFUSED.mlir  the decode as the frontend wrote it (one function or more)
  FUSED.mlir    the same after fusion-fuse-detect

For each function it prints:
  fewest    what fusion.decode_detections reads and writes: every operand
            (head conv outputs, anchors, strides) read once, every result
            written once. No decode can move less.
  unfused   the sum over the frontend's ops of the tensors each reads and
            writes: linalg.generic / transpose / conv reads every `ins`
            operand whole and writes every result; linalg.fill writes its
            result; tensor.concat reads its operands and writes its result.
            Reshapes (expand/collapse_shape) and tensor.extract_slice are
            views (no bytes of their own; the op reading a slice reads the
            slice's elements). Reduction accumulators are counted as
            written once (their init is the fill's write). Constants are
            counted where an op reads them. f32 4 bytes, i64 8.
Both are the bytes a program moves if nothing stays in cache between ops.
"""
import re
import sys

OPS = ("linalg.generic", "linalg.transpose", "linalg.fill", "linalg.conv_2d",
       "tensor.concat", "linalg.broadcast", "linalg.matmul", "fusion.decode_detections")
TYPE = re.compile(r"tensor<((?:\d+x)*)(f32|f16|f64|i64|i32|i1)>")
SIZE = {"f32": 4, "f16": 2, "f64": 8, "i64": 8, "i32": 4, "i1": 1}


def nbytes(types):
    total = 0
    for dims, et in types:
        n = 1
        for d in dims.split("x"):
            if d:
                n *= int(d)
        total += n * SIZE[et]
    return total


def clause(line, name):
    """The types of the ins(...) / outs(...) clause of a one-line op."""
    i = line.find(name + "(")
    if i < 0:
        return []
    depth, j = 0, i + len(name)
    for j in range(i + len(name), len(line)):
        if line[j] == "(":
            depth += 1
        elif line[j] == ")":
            depth -= 1
            if depth == 0:
                break
    part = line[i:j]
    return TYPE.findall(part.split(" : ", 1)[1]) if " : " in part else []


def results(line):
    """The result types after the last '->' (or of a concat)."""
    k = line.rfind("->")
    return TYPE.findall(line[k:]) if k >= 0 else []


def functions(path):
    funcs, name = {}, None
    for line in open(path):
        m = re.match(r"\s*func\.func @(\w+)", line)
        if m:
            name = m.group(1)
            funcs[name] = []
            continue
        if name:
            funcs[name].append(line)
    return funcs


def unfused_bytes(lines):
    total, ops = 0, 0
    for line in lines:
        s = line.strip()
        op = next((o for o in OPS if re.search(r"= " + re.escape(o) + r"\b", s)), None)
        if op is None:
            continue
        ops += 1
        if op == "linalg.fill":
            total += nbytes(clause(s, "outs"))
        elif op == "tensor.concat":
            # (T1, T2, ...) -> T
            ins = TYPE.findall(s[s.find(": (") : s.rfind("->")])
            total += nbytes(ins) + nbytes(results(s))
        else:
            # a linalg op's results are its outs (one type each)
            total += nbytes(clause(s, "ins")) + nbytes(clause(s, "outs"))
    return total, ops


def fewest_bytes(lines):
    for line in lines:
        s = line.strip()
        if "fusion.decode_detections" in s:
            head = s[: s.rfind("->")]
            return nbytes(TYPE.findall(head)) + nbytes(results(s))
    return None


def main(unfused, fused):
    u, f = functions(unfused), functions(fused)
    print("%-16s %6s %12s %12s %8s" % ("function", "ops", "fewest MB", "unfused MB", "ratio"))
    for name, lines in u.items():
        ub, ops = unfused_bytes(lines)
        fb = fewest_bytes(f.get(name, []))
        if fb is None:
            print("%-16s %6d %12s %12.2f %8s  (not fused)" % (name, ops, "-", ub / 1e6, "-"))
        else:
            print("%-16s %6d %12.2f %12.2f %8.1f" % (name, ops, fb / 1e6, ub / 1e6, ub / fb))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])

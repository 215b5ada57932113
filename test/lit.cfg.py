# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "FusionDialect"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fusion_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

shlibext = ".so"
config.substitutions.append(("%shlibext", shlibext))
config.substitutions.append(("%runner_utils_dir", config.runner_utils_dir))
config.substitutions.append(("%fusion_src_root", config.fusion_src_root))
config.substitutions.append(("%fusion_obj_root", config.fusion_obj_root))
runner_libs = ",".join(
    os.path.join(config.runner_utils_dir, lib + shlibext)
    for lib in ("libmlir_runner_utils", "libmlir_c_runner_utils"))
config.substitutions.append(("%runner_libs", runner_libs))

# The plugin for stock mlir-opt, and that mlir-opt (Debian's, not ours).
config.substitutions.append(
    ("%fusion_plugin",
     os.path.join(config.fusion_obj_root, "lib", "libFusionPlugin" + shlibext)))
config.substitutions.append(
    ("%fusion_stock_mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))

# A sanitizer build (FUSION_ENABLE_SANITIZERS): the plugin cannot load into
# Debian's mlir-opt, which has no sanitizer runtime; leaks in LLVM's own
# singletons are not ours to report.
if config.fusion_sanitizers in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("sanitizers")
    # allow_user_poisoning=0: LLVM's allocators poison slack in slabs when
    # inlined into our (instrumented) code, while libMLIR's own copies hand
    # that memory out without unpoisoning it: false reports.
    # abort_on_error=1: a report otherwise exits 1, which a test of a
    # refusal (`not fusion-opt ...`) takes for the refusal it expects; an
    # abort is a signal, which `not` and every exit-code check reject.
    config.environment["ASAN_OPTIONS"] = (
        "detect_leaks=0:abort_on_error=1:allow_user_poisoning=0")
    config.environment["UBSAN_OPTIONS"] = (
        "print_stacktrace=1:halt_on_error=1:abort_on_error=1")

# Building the downstream example against an installed prefix needs CMake
# and Ninja, which the README's set-up installs.
import shutil
if shutil.which("cmake") and shutil.which("ninja"):
    config.available_features.add("cmake")

tools = [
    ToolSubst("fusion-opt", unresolved="fatal"),
    ToolSubst("mlir-runner", unresolved="fatal"),
    ToolSubst("fusion-verify", unresolved="fatal"),
    ToolSubst("fusion-compile", unresolved="fatal"),
    ToolSubst("fusion-bench", unresolved="fatal"),
]
# The GPU runner is built where the CUDA toolkit is (it needs cuda.h, not a
# GPU); tests that use it are UNSUPPORTED elsewhere.
if config.fusion_gpu_runner == "ON":
    config.available_features.add("gpu-runner")
    # For RUN lines that read the runner's exit code (bash -c '...; echo $?').
    config.substitutions.append(
        ("%fusion_gpu_run",
         os.path.join(config.fusion_tools_dir, "fusion-gpu-run")))
    tools.append(ToolSubst("fusion-gpu-run", unresolved="fatal"))
llvm_config.add_tool_substitutions(
    tools, [config.fusion_tools_dir, config.llvm_tools_dir])

# The torchvision corpus (real torch-mlir output) lives in the shared folder
# beside the checkout; tests that read it are UNSUPPORTED where it is absent.
corpus = os.path.join(config.fusion_src_root, "..", "shared", "corpus",
                      "torchvision-torchmlir-2023")
if os.path.isdir(corpus):
    config.available_features.add("shared-corpus")
    config.substitutions.append(("%corpus", corpus))

# A CUDA driver (a GPU machine): the tests of the runner's no-GPU message
# are UNSUPPORTED there, the runs on a GPU live in bench/gpu, not here.
try:
    import ctypes
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass

# ptxas (CUDA toolkit) assembles emitted PTX where it is installed.
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))

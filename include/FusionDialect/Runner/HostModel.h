//===- HostModel.h - run a model's entry function from C++ ------*- C++ -*-===//
///
/// \file
/// What the runners (fusion-verify on the CPU, fusion-gpu-run on a GPU)
/// share: the entry function and a C-interface wrapper around it, buffers
/// with memref descriptors, seeded random frames, the JIT, and the
/// element-wise comparison with its tolerance.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_RUNNER_HOSTMODEL_H
#define FUSIONDIALECT_RUNNER_HOSTMODEL_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/SourceMgr.h"
#include <random>
#include <vector>

namespace mlir {
namespace fusion::runner {

/// A model read for running: its context (every dialect, extension,
/// translation, pass and pipeline registered, upstream and ours, and the
/// native target initialized), diagnostics against its source, and its entry
/// function: `entryName`, or the first public function with a body. The
/// entry must take and return statically shaped float tensors.
class LoadedModel {
public:
  /// On failure the reason is on `errors` and `ok()` is false.
  LoadedModel(StringRef path, StringRef entryName, llvm::raw_ostream &errors);
  bool ok() const { return static_cast<bool>(entry); }
  MLIRContext &getContext() { return *context; }
  ModuleOp getModule() { return *module; }
  func::FuncOp getEntry() { return entry; }

private:
  std::unique_ptr<MLIRContext> context;
  llvm::SourceMgr sourceMgr;
  std::unique_ptr<SourceMgrDiagnosticHandler> diagnostics;
  OwningOpRef<ModuleOp> module;
  func::FuncOp entry;
};

/// Makes every other function private, so that symbol-dce removes what the
/// entry does not call (a module of many layers, compiled one at a time).
void privatizeAllBut(ModuleOp module, func::FuncOp entry);

/// Adds a function taking every input and then every output as a memref,
/// with the C interface, so a runner calls one symbol whatever the model's
/// signature (see invokeEntry). The entry becomes private: it is reached
/// through the wrapper only.
LogicalResult addEntryWrapper(ModuleOp module, func::FuncOp entry);

/// After lowering to the LLVM dialect: adds `void fusion_entry(void **args)`
/// (one descriptor pointer per input, then per output, as invokeEntry
/// passes them) and the NUL-terminated string `fusion_entry_signature`,
/// e.g. "fusion-entry-v1 target=gpu in=f32:1x3x8x8 out=f32:1x4x8x8", so a
/// program compiled ahead of time can be called without MLIR.
LogicalResult addPackedEntry(ModuleOp lowered, FunctionType type,
                             StringRef target);

/// A contiguous buffer (host or device memory) and a ranked memref
/// descriptor pointing at it.
struct Buffer {
  SmallVector<int64_t> shape;
  Type elementType;
  std::vector<int64_t> descriptor;

  explicit Buffer(RankedTensorType type);
  int64_t numElements() const;
  int64_t sizeInBytes() const;
  /// Points the descriptor at `data`.
  void bind(void *data);
};

/// A buffer in host memory that owns its data.
struct HostTensor : Buffer {
  std::vector<uint8_t> data;

  explicit HostTensor(RankedTensorType type);
  HostTensor(const HostTensor &other);
  HostTensor &operator=(const HostTensor &other);
  double get(int64_t i) const;
  void set(int64_t i, double v);
  /// Standard normal values from `rng`.
  void fillNormal(std::mt19937_64 &rng);
};

/// Frames for an input of type `type` from a NumPy .npy file: an array of
/// the input's shape (one frame) or with one more leading dimension (one
/// frame per index), little-endian float16/32/64 in C order, converted to
/// the input's element type. Fails with a message on `errors`, which
/// calls the tensor by `role` ("input", "output").
FailureOr<std::vector<HostTensor>> readNpyFrames(StringRef path,
                                                 RankedTensorType type,
                                                 llvm::raw_ostream &errors,
                                                 StringRef role = "input");

/// Writes `frames` (tensors of one shape) to a NumPy .npy file as float32
/// with a leading frame dimension, so other engines' outputs can be
/// compared with ours outside the tool. Fails with a message on `errors`.
LogicalResult writeNpyFrames(StringRef path, ArrayRef<HostTensor> frames,
                             llvm::raw_ostream &errors);

/// One zeroed host tensor per type (an entry's inputs, or its outputs).
std::vector<HostTensor> makeTensors(TypeRange types);

/// The JIT for a module already lowered to the LLVM dialect: LLVM's O3
/// pipeline (vectorizers included) for the host CPU, with `sharedLibs`
/// loaded. Null with a message on `errors` on failure.
std::unique_ptr<ExecutionEngine>
createEngine(ModuleOp module, ArrayRef<StringRef> sharedLibs,
             llvm::raw_ostream &errors);

/// Calls the wrapper with one descriptor per input, then per output.
LogicalResult invokeEntry(ExecutionEngine &engine,
                          ArrayRef<Buffer *> arguments,
                          llvm::raw_ostream &errors);

/// Element-wise agreement of a candidate with a reference:
/// |got - ref| <= atol + rtol * |ref|. The relative error divides by
/// max(|ref|, 1e-3), so values near zero do not dominate it.
struct Comparison {
  double maxAbs = 0, maxRel = 0, sumRel = 0;
  /// The largest finite |reference| seen: the output's scale.
  double maxReference = 0;
  int64_t count = 0, worst = -1, violations = 0;

  void add(const HostTensor &reference, const HostTensor &candidate,
           double rtol, double atol);
  double meanRel() const { return count ? sumRel / count : 0.0; }
};

/// "1x3x4x4"
std::string formatShape(ArrayRef<int64_t> shape);

} // namespace fusion::runner
} // namespace mlir

#endif // FUSIONDIALECT_RUNNER_HOSTMODEL_H

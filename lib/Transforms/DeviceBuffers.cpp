//===- DeviceBuffers.cpp - buffers in device memory, host only launches ---===//
///
/// Bufferization leaves host allocations and host constants; a kernel handed
/// such a pointer reads host memory, which works only where the GPU shares
/// the host's page tables. Here every buffer becomes a device buffer, so the
/// emitted program runs on any CUDA device through the plain runtime calls
/// (mgpuMemAlloc, mgpuMemcpy, mgpuLaunchKernel).
///
//===----------------------------------------------------------------------===//
#include "BufferAccess.h"
#include "FusionDialect/Runtime/ResidentConstants.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_DEVICEBUFFERS
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

/// Whether `buffer`, or a view of it, is returned from its function.
static bool isReturned(Value buffer) {
  SmallVector<Value> aliases{buffer};
  while (!aliases.empty()) {
    Value v = aliases.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<func::ReturnOp>(user))
        return true;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user))
        if (view.getViewSource() == v)
          aliases.append(user->result_begin(), user->result_end());
    }
  }
  return false;
}

/// Uploads a host constant into a device buffer read in its place, on
/// every call, and frees it at the end of the block unless it is returned:
/// for globals that may change between calls and for returned ones, which
/// the caller frees.
static void uploadPerCall(memref::GetGlobalOp global) {
  OpBuilder b(global->getContext());
  b.setInsertionPointAfter(global);
  Location loc = global.getLoc();
  auto device = gpu::AllocOp::create(b, loc, global.getType(), Type(),
                                     ValueRange{}, ValueRange{}, ValueRange{});
  auto upload = gpu::MemcpyOp::create(b, loc, TypeRange{}, ValueRange{},
                                      device.getMemref(), global.getResult());
  global.getResult().replaceAllUsesExcept(device.getMemref(), upload);
  if (isReturned(device.getMemref()))
    return;
  b.setInsertionPoint(global->getBlock()->getTerminator());
  gpu::DeallocOp::create(b, loc, TypeRange{}, ValueRange{},
                         device.getMemref());
}

/// Bytes one element of `type` takes in a buffer, or 0 for a type the
/// resident runtime entry points do not cover (FUSION_RESIDENT_TYPES).
static int64_t residentElementBytes(Type type) {
  std::string name;
  llvm::raw_string_ostream(name) << type;
#define FUSION_COVERED(t) name == #t ||
  bool covered = FUSION_RESIDENT_TYPES(FUSION_COVERED) false;
#undef FUSION_COVERED
  if (!covered)
    return 0;
  if (type.isIndex())
    return 8;
  return std::max<int64_t>(1,
                           llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
}

/// The runtime entry point keeping a device copy of host constants of
/// `element`: `fusion_resident_<type>(memref<?xT>, i64 element bytes) ->
/// memref<?xT>`, called through its C interface
/// (`_mlir_ciface_fusion_resident_<type>`, lib/Runtime).
static func::FuncOp residentFunction(ModuleOp module, Type element) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << fusion::kResidentFunctionPrefix << element;
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b(module.getBodyRegion());
  auto flat = MemRefType::get({ShapedType::kDynamic}, element);
  auto f = func::FuncOp::create(
      b, module.getLoc(), name,
      b.getFunctionType({flat, b.getI64Type()}, {flat}));
  f.setPrivate();
  f->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(), b.getUnitAttr());
  return f;
}

/// Whether a constant global of this module can stay resident on the
/// device: constant (or a weight filled once before the first call), plain
/// layout, static shape, an element type the runtime covers.
static bool canBeResident(memref::GetGlobalOp get) {
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  MemRefType type = get.getType();
  return global &&
         (global.getConstant() || global->hasAttr(fusion::kWeightAttrName)) &&
         type.getLayout().isIdentity() && type.hasStaticShape() &&
         residentElementBytes(type.getElementType()) > 0 &&
         !isReturned(get.getResult());
}

/// The device copy of the global `host` reads, kept by the runtime:
/// uploaded the first time it is asked for (when the library is loaded, for
/// libraries fusion-compile makes), the same buffer on every later call.
/// `firstUse` is set to the op that reads `host`.
static Value residentCopy(OpBuilder &b, Location loc, ModuleOp module,
                          Value host, Operation *&firstUse) {
  auto type = cast<MemRefType>(host.getType());
  Type element = type.getElementType();
  int64_t rank = type.getRank();
  auto flatStatic = MemRefType::get({type.getNumElements()}, element);
  auto dynamic = MemRefType::get({ShapedType::kDynamic}, element);
  SmallVector<ReassociationIndices> all;
  if (rank > 0)
    all.push_back(llvm::to_vector(llvm::seq<int64_t>(0, rank)));
  Value flat = host;
  if (rank == 0)
    flat = memref::ExpandShapeOp::create(b, loc, flatStatic, host, all);
  else if (rank > 1)
    flat = memref::CollapseShapeOp::create(b, loc, host, all);
  Value any = memref::CastOp::create(b, loc, dynamic, flat);
  firstUse = rank == 1 ? any.getDefiningOp() : flat.getDefiningOp();
  Value bytes = arith::ConstantIntOp::create(b, loc, b.getI64Type(),
                                             residentElementBytes(element));
  Value device =
      func::CallOp::create(b, loc, residentFunction(module, element),
                           ValueRange{any, bytes})
          .getResult(0);
  Value shaped = memref::CastOp::create(b, loc, flatStatic, device);
  if (rank == 0)
    return memref::CollapseShapeOp::create(b, loc, type, shaped, all);
  if (rank > 1)
    return memref::ExpandShapeOp::create(b, loc, type.getShape(), shaped,
                                         all);
  return shaped;
}

/// Reads the device copy of a constant in place of the host one.
static void useResident(memref::GetGlobalOp get) {
  OpBuilder b(get->getContext());
  b.setInsertionPointAfter(get);
  Operation *firstUse = nullptr;
  Value device = residentCopy(b, get.getLoc(),
                              get->getParentOfType<ModuleOp>(),
                              get.getResult(), firstUse);
  get.getResult().replaceAllUsesExcept(device, firstUse);
}

/// `__fusion_upload_constants()`: asks for the device copy of every
/// resident global, so that a library can upload them all when it is
/// loaded (fusion-compile calls it from a constructor) rather than during
/// the first call.
static void addUploadFunction(ModuleOp module,
                              ArrayRef<memref::GetGlobalOp> resident) {
  bool anyConstant = llvm::any_of(resident, [&](memref::GetGlobalOp get) {
    auto global = module.lookupSymbol<memref::GlobalOp>(get.getName());
    return global && !global->hasAttr(fusion::kWeightAttrName);
  });
  if (!anyConstant)
    return;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(),
                                fusion::kUploadConstantsFunction,
                                b.getFunctionType({}, {}));
  f.setPrivate();
  b.setInsertionPointToStart(f.addEntryBlock());
  llvm::StringSet<> done;
  for (memref::GetGlobalOp get : resident) {
    // Weights given at run time are filled after loading: their copy is
    // made by the first call.
    auto global = module.lookupSymbol<memref::GlobalOp>(get.getName());
    if ((global && global->hasAttr(fusion::kWeightAttrName)) ||
        !done.insert(get.getName()).second)
      continue;
    auto copy = memref::GetGlobalOp::create(b, get.getLoc(), get.getType(),
                                            get.getName());
    Operation *firstUse;
    (void)residentCopy(b, get.getLoc(), module, copy, firstUse);
  }
  func::ReturnOp::create(b, module.getLoc());
}

static LogicalResult placeOnDevice(func::FuncOp func, bool resident,
                                   SmallVectorImpl<memref::GetGlobalOp> &kept) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp,
            memref::GetGlobalOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      auto device = gpu::AllocOp::create(
          b, loc, alloc.getType(), Type(), ValueRange{},
          alloc.getDynamicSizes(), alloc.getSymbolOperands());
      alloc.replaceAllUsesWith(device.getMemref());
      alloc.erase();
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      gpu::DeallocOp::create(b, loc, TypeRange{}, ValueRange{},
                             dealloc.getMemref());
      dealloc.erase();
    } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      if (!fusion::isPlainBuffer(copy.getSource().getType()) ||
          !fusion::isPlainBuffer(copy.getTarget().getType()))
        return copy.emitError("a strided copy left on the host: it must run "
                              "in a kernel (fusion-map-loops-to-gpu)");
      gpu::MemcpyOp::create(b, loc, TypeRange{}, ValueRange{},
                            copy.getTarget(), copy.getSource());
      copy.erase();
    } else {
      auto get = cast<memref::GetGlobalOp>(op);
      if (resident && canBeResident(get)) {
        kept.push_back(get);
        useResident(get);
      } else {
        uploadPerCall(get);
      }
    }
  }
  // What is left that touches a buffer must not run on the host; the GPU
  // ops are the host's own way to touch device memory.
  auto gpuRuntimeOp = [](Operation *op) {
    if (auto call = dyn_cast<func::CallOp>(op))
      return call.getCallee().starts_with(fusion::kResidentFunctionPrefix);
    return isa<gpu::LaunchFuncOp, gpu::AllocOp, gpu::DeallocOp,
               gpu::MemcpyOp>(op);
  };
  if (Operation *access = fusion::findBufferAccess(func, gpuRuntimeOp))
    return access->emitError("host code would read or write a device "
                             "buffer: only kernels may (the loop was not "
                             "mapped to the GPU)");
  return success();
}

namespace {
struct DeviceBuffersPass
    : public mlir::fusion::impl::DeviceBuffersBase<DeviceBuffersPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<func::FuncOp> funcs(getOperation().getOps<func::FuncOp>());
    SmallVector<memref::GetGlobalOp> resident;
    for (func::FuncOp func : funcs)
      if (!func.isDeclaration() &&
          failed(placeOnDevice(func, residentConstants, resident)))
        return signalPassFailure();
    addUploadFunction(getOperation(), resident);
  }
};
} // namespace

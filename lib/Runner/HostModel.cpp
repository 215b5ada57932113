//===- HostModel.cpp - run a model's entry function from C++ --------------===//
#include "FusionDialect/Runner/HostModel.h"
#include "FusionDialect/Runtime/ResidentConstants.h"
#include "FusionDialect/Registration.h"
#include "FusionDialect/IR/FusionDialect.h"
#include "FusionDialect/Pipelines/Pipelines.h"
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::fusion::runner;

static constexpr llvm::StringLiteral kWrapperName = "__fusion_entry";

static void registerEverything(DialectRegistry &registry) {
  fusion::registerFusionDialectAndDependencies(registry);
  registerAllPasses();
  fusion::registerFusionPassesAndPipelines();
}

/// The function to run: `name`, or the first public function with a body.
static func::FuncOp findEntry(ModuleOp module, StringRef name,
                              llvm::raw_ostream &errors) {
  func::FuncOp entry;
  module.walk([&](func::FuncOp f) {
    if (entry || f.isDeclaration())
      return;
    if (name.empty() ? f.isPublic() : f.getSymName() == name)
      entry = f;
  });
  if (!entry) {
    errors << "no entry function"
           << (name.empty() ? "" : (" named '" + name + "'").str()) << "\n";
    return nullptr;
  }
  FunctionType type = entry.getFunctionType();
  for (Type t : llvm::concat<const Type>(type.getInputs(), type.getResults())) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor || !tensor.hasStaticShape() ||
        !isa<FloatType>(tensor.getElementType())) {
      errors << "entry @" << entry.getSymName()
             << " must take and return statically shaped float tensors, got "
             << t << "\n";
      return nullptr;
    }
  }
  return entry;
}

LoadedModel::LoadedModel(StringRef path, StringRef entryName,
                         llvm::raw_ostream &errors) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  DialectRegistry registry;
  registerEverything(registry);
  context = std::make_unique<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  diagnostics =
      std::make_unique<SourceMgrDiagnosticHandler>(sourceMgr, context.get());
  std::string error;
  auto file = openInputFile(path, &error);
  if (!file) {
    errors << error << "\n";
    return;
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  module = parseSourceFile<ModuleOp>(sourceMgr, context.get());
  if (module)
    entry = findEntry(*module, entryName, errors);
}

void fusion::runner::privatizeAllBut(ModuleOp module, func::FuncOp entry) {
  for (auto f : module.getOps<func::FuncOp>())
    if (f != entry && !f.isDeclaration())
      f.setPrivate();
}

LogicalResult fusion::runner::addEntryWrapper(ModuleOp module,
                                              func::FuncOp entry) {
  std::string text;
  llvm::raw_string_ostream os(text);
  FunctionType type = entry.getFunctionType();
  auto memrefOf = [](Type t) {
    auto tensor = cast<RankedTensorType>(t);
    return MemRefType::get(tensor.getShape(), tensor.getElementType());
  };
  // The callee is declared so that the wrapper parses on its own.
  os << "func.func private @" << entry.getSymName() << type << "\n";
  os << "func.func @" << kWrapperName << "(";
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    os << (i ? ", " : "") << "%in" << i << ": " << memrefOf(t);
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    os << (type.getNumInputs() + i ? ", " : "") << "%out" << i << ": "
       << memrefOf(t);
  os << ") attributes {llvm.emit_c_interface} {\n";
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    os << "  %t" << i << " = bufferization.to_tensor %in" << i
       << " restrict : " << memrefOf(t) << " to " << t << "\n";
  os << "  ";
  if (type.getNumResults())
    os << "%r:" << type.getNumResults() << " = ";
  os << "func.call @" << entry.getSymName() << "(";
  for (unsigned i = 0; i < type.getNumInputs(); ++i)
    os << (i ? ", " : "") << "%t" << i;
  os << ") : " << type << "\n";
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    os << "  bufferization.materialize_in_destination %r#" << i
       << " in restrict writable %out" << i << " : (" << t << ", "
       << memrefOf(t) << ") -> ()\n";
  os << "  return\n}\n";
  OwningOpRef<ModuleOp> wrapper =
      parseSourceString<ModuleOp>(os.str(), module.getContext());
  if (!wrapper)
    return failure();
  for (auto f : llvm::make_early_inc_range(wrapper->getOps<func::FuncOp>()))
    if (!f.isDeclaration())
      f->moveBefore(module.getBody(), module.getBody()->end());
  // The wrapper is the program's only way in. Left public, the entry would
  // be compiled a second time beside its copy inlined into the wrapper
  // (which doubled the compile time of every tool).
  entry.setPrivate();
  return success();
}

LogicalResult fusion::runner::addPackedEntry(ModuleOp lowered,
                                             FunctionType type,
                                             StringRef target) {
  auto describe = [](Type t) {
    auto tensor = cast<RankedTensorType>(t);
    std::string s;
    llvm::raw_string_ostream os(s);
    os << tensor.getElementType() << ":" << formatShape(tensor.getShape());
    return s;
  };
  std::string signature = ("fusion-entry-v1 target=" + target).str();
  for (Type t : type.getInputs())
    signature += " in=" + describe(t);
  for (Type t : type.getResults())
    signature += " out=" + describe(t);
  // Weights given at run time (fusion-externalize-weights): listed, and
  // their addresses exported in the same order.
  SmallVector<StringRef> weights;
  if (auto table = lowered->getAttrOfType<ArrayAttr>(kWeightTableAttrName)) {
    for (Attribute entry : table) {
      auto weight = cast<DictionaryAttr>(entry);
      StringRef name = cast<StringAttr>(weight.get("name")).getValue();
      auto global = lowered.lookupSymbol<LLVM::GlobalOp>(name);
      if (!global)
        return failure();
      // The storage type after lowering (f64 in the model in f64).
      Type storage = global.getGlobalType();
      while (auto array = dyn_cast<LLVM::LLVMArrayType>(storage))
        storage = array.getElementType();
      // weight=<storage>:<shape>:<model element>:<min>:<max>:<mean>:<std>
      std::string entryText;
      llvm::raw_string_ostream os(entryText);
      os << " weight=" << storage << ":"
         << formatShape(cast<DenseI64ArrayAttr>(weight.get("shape")).asArrayRef())
         << ":" << cast<TypeAttr>(weight.get("element")).getValue();
      for (Attribute statistic : cast<ArrayAttr>(weight.get("range")))
        os << ":"
           << llvm::formatv("{0:e9}",
                            cast<FloatAttr>(statistic).getValueAsDouble());
      signature += entryText;
      weights.push_back(name);
      // The library's own code fills nothing: the global must stay
      // writable and visible to the runner through the table.
      global.setConstant(false);
    }
  }
  unsigned n = type.getNumInputs() + type.getNumResults();
  std::string params;
  for (unsigned i = 0; i < n; ++i)
    params += (i ? ", " : "") + std::string("!llvm.ptr");
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "llvm.func @_mlir_ciface_" << kWrapperName << "(" << params << ")\n";
  os << "llvm.func @fusion_entry(%args: !llvm.ptr) {\n";
  for (unsigned i = 0; i < n; ++i) {
    os << "  %a" << i << " = llvm.getelementptr %args[" << i
       << "] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr\n";
    os << "  %d" << i << " = llvm.load %a" << i
       << " : !llvm.ptr -> !llvm.ptr\n";
  }
  os << "  llvm.call @_mlir_ciface_" << kWrapperName << "(";
  for (unsigned i = 0; i < n; ++i)
    os << (i ? ", " : "") << "%d" << i;
  os << ") : (" << params << ") -> ()\n  llvm.return\n}\n";
  os << "llvm.mlir.global external constant @fusion_entry_signature(\""
     << signature << "\\00\") {addr_space = 0 : i32}\n";
  // Resident constants are uploaded when the library is loaded, not by the
  // first call (fusion-device-buffers wrote the function that asks for
  // them).
  // (A stand-in defined here so that the snippet verifies alone; it is not
  // moved, the module's own definition is used.)
  if (lowered.lookupSymbol(kUploadConstantsFunction))
    os << "llvm.func @" << kUploadConstantsFunction
       << "() {\n  llvm.return\n}\n"
       << "llvm.mlir.global_ctors ctors = [@" << kUploadConstantsFunction
       << "], priorities = [65535 : i32], data = [#llvm.zero]\n";
  if (!weights.empty()) {
    OpBuilder b(lowered.getBodyRegion());
    b.setInsertionPointToEnd(lowered.getBody());
    Location loc = lowered.getLoc();
    auto ptr = LLVM::LLVMPointerType::get(b.getContext());
    auto tableType = LLVM::LLVMArrayType::get(ptr, weights.size());
    auto table = LLVM::GlobalOp::create(b, loc, tableType, /*isConstant=*/true,
                                        LLVM::Linkage::External,
                                        kWeightTableSymbol, Attribute());
    Block *init = b.createBlock(&table.getInitializerRegion());
    b.setInsertionPointToStart(init);
    Value array = LLVM::UndefOp::create(b, loc, tableType);
    for (auto [i, name] : llvm::enumerate(weights)) {
      Value address = LLVM::AddressOfOp::create(b, loc, ptr, name);
      array = LLVM::InsertValueOp::create(b, loc, array, address,
                                          ArrayRef<int64_t>{int64_t(i)});
    }
    LLVM::ReturnOp::create(b, loc, array);
  }
  OwningOpRef<ModuleOp> entry =
      parseSourceString<ModuleOp>(os.str(), lowered.getContext());
  if (!entry)
    return failure();
  for (Operation &op : llvm::make_early_inc_range(entry->getOps())) {
    auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
    if (func && (func.isExternal() || lowered.lookupSymbol(func.getSymName())))
      continue;
    op.moveBefore(lowered.getBody(), lowered.getBody()->end());
  }
  return success();
}

Buffer::Buffer(RankedTensorType type)
    : shape(type.getShape()), elementType(type.getElementType()) {
  int64_t rank = shape.size();
  descriptor.assign(3 + 2 * rank, 0);
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    descriptor[3 + d] = shape[d];
    descriptor[3 + rank + d] = stride;
    stride *= shape[d];
  }
}

int64_t Buffer::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t Buffer::sizeInBytes() const {
  return numElements() * (elementType.getIntOrFloatBitWidth() / 8);
}

void Buffer::bind(void *data) {
  descriptor[0] = reinterpret_cast<int64_t>(data);
  descriptor[1] = reinterpret_cast<int64_t>(data);
}

HostTensor::HostTensor(RankedTensorType type) : Buffer(type) {
  data.assign(sizeInBytes(), 0);
  bind(data.data());
}

HostTensor::HostTensor(const HostTensor &other)
    : Buffer(other), data(other.data) {
  bind(data.data());
}

HostTensor &HostTensor::operator=(const HostTensor &other) {
  Buffer::operator=(other);
  data = other.data;
  bind(data.data());
  return *this;
}

double HostTensor::get(int64_t i) const {
  if (elementType.isF64())
    return reinterpret_cast<const double *>(data.data())[i];
  if (elementType.isF32())
    return reinterpret_cast<const float *>(data.data())[i];
  uint16_t bits = reinterpret_cast<const uint16_t *>(data.data())[i];
  auto ft = cast<FloatType>(elementType);
  return APFloat(ft.getFloatSemantics(), APInt(16, bits)).convertToDouble();
}

void HostTensor::set(int64_t i, double v) {
  if (elementType.isF64()) {
    reinterpret_cast<double *>(data.data())[i] = v;
    return;
  }
  if (elementType.isF32()) {
    reinterpret_cast<float *>(data.data())[i] = float(v);
    return;
  }
  auto ft = cast<FloatType>(elementType);
  APFloat f(v);
  bool losesInfo;
  f.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &losesInfo);
  reinterpret_cast<uint16_t *>(data.data())[i] =
      uint16_t(f.bitcastToAPInt().getZExtValue());
}

void HostTensor::fillNormal(std::mt19937_64 &rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int64_t i = 0, e = numElements(); i < e; ++i)
    set(i, normal(rng));
}

LogicalResult fusion::runner::writeNpyFrames(StringRef path,
                                            ArrayRef<HostTensor> frames,
                                            llvm::raw_ostream &errors) {
  if (frames.empty()) {
    errors << path << ": no frames to write\n";
    return failure();
  }
  std::string shape = "(" + std::to_string(frames.size()) + ",";
  for (int64_t d : frames.front().shape)
    shape += " " + std::to_string(d) + ",";
  shape.back() = ')';
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
  // Version 1.0: magic, version, 2-byte length, header padded with spaces
  // to a multiple of 64 bytes and ended by a newline.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream file(path, ec);
  if (ec) {
    errors << path << ": " << ec.message() << "\n";
    return failure();
  }
  file << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
       << char(header.size() >> 8) << header;
  for (const HostTensor &t : frames)
    for (int64_t i = 0, e = t.numElements(); i < e; ++i) {
      float v = float(t.get(i));
      file.write(reinterpret_cast<const char *>(&v), sizeof(v));
    }
  return success();
}

FailureOr<std::vector<HostTensor>>
fusion::runner::readNpyFrames(StringRef path, RankedTensorType type,
                              llvm::raw_ostream &errors, StringRef role) {
  auto fail = [&](const Twine &why) {
    errors << path << ": " << why << "\n";
    return failure();
  };
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return fail(buffer.getError().message());
  StringRef bytes = (*buffer)->getBuffer();
  if (!bytes.starts_with("\x93NUMPY") || bytes.size() < 10)
    return fail("not a .npy file");
  uint8_t major = bytes[6];
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = uint8_t(bytes[8]) | (size_t(uint8_t(bytes[9])) << 8);
    headerStart = 10;
  } else {
    if (bytes.size() < 12)
      return fail("truncated header");
    headerLength = 0;
    for (int i = 0; i < 4; ++i)
      headerLength |= size_t(uint8_t(bytes[8 + i])) << (8 * i);
    headerStart = 12;
  }
  if (bytes.size() < headerStart + headerLength)
    return fail("truncated header");
  StringRef header = bytes.substr(headerStart, headerLength);
  StringRef data = bytes.drop_front(headerStart + headerLength);
  auto field = [&](StringRef key) -> StringRef {
    size_t at = header.find(("'" + key + "'").str());
    if (at == StringRef::npos)
      return "";
    StringRef rest = header.drop_front(at + key.size() + 2).ltrim(" :");
    return rest;
  };
  StringRef descr = field("descr");
  int width = 0;
  if (descr.starts_with("'<f2'"))
    width = 2;
  else if (descr.starts_with("'<f4'"))
    width = 4;
  else if (descr.starts_with("'<f8'"))
    width = 8;
  else
    return fail("element type " + descr.take_until([](char c) {
      return c == ',';
    }) + " is not little-endian float16, float32 or float64");
  if (field("fortran_order").starts_with("True"))
    return fail("Fortran order is not supported: save it in C order");
  StringRef shapeText = field("shape");
  if (!shapeText.consume_front("("))
    return fail("no shape in the header");
  shapeText = shapeText.take_until([](char c) { return c == ')'; });
  SmallVector<int64_t> shape;
  for (StringRef dim : llvm::split(shapeText, ',')) {
    dim = dim.trim();
    if (dim.empty())
      continue;
    int64_t d;
    if (dim.getAsInteger(10, d))
      return fail("cannot read the shape");
    shape.push_back(d);
  }
  ArrayRef<int64_t> want = type.getShape();
  int64_t frames = 1;
  if (ArrayRef<int64_t>(shape).drop_front() == want && shape.size() == want.size() + 1)
    frames = shape.front();
  else if (ArrayRef<int64_t>(shape) != want)
    return fail("shape (" + formatShape(shape) + ") is neither the " + role +
                "'s (" + formatShape(want) + ") nor frames of it");
  int64_t perFrame = type.getNumElements();
  if (data.size() < size_t(frames * perFrame * width))
    return fail("holds less data than its shape says");
  std::vector<HostTensor> result;
  for (int64_t f = 0; f < frames; ++f) {
    HostTensor t(type);
    for (int64_t i = 0; i < perFrame; ++i) {
      const char *p = data.data() + (f * perFrame + i) * width;
      double v;
      if (width == 8) {
        std::memcpy(&v, p, 8);
      } else if (width == 4) {
        float x;
        std::memcpy(&x, p, 4);
        v = x;
      } else {
        uint16_t bits;
        std::memcpy(&bits, p, 2);
        v = APFloat(APFloat::IEEEhalf(), APInt(16, bits)).convertToDouble();
      }
      t.set(i, v);
    }
    result.push_back(std::move(t));
  }
  return result;
}

std::vector<HostTensor> fusion::runner::makeTensors(TypeRange types) {
  std::vector<HostTensor> tensors;
  for (Type t : types)
    tensors.emplace_back(cast<RankedTensorType>(t));
  return tensors;
}

std::unique_ptr<ExecutionEngine>
fusion::runner::createEngine(ModuleOp module, ArrayRef<StringRef> sharedLibs,
                             llvm::raw_ostream &errors) {
  // The optimizer needs the host's target machine for its cost models, or
  // it does not vectorize.
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    errors << "cannot describe the host CPU: "
           << llvm::toString(builder.takeError()) << "\n";
    return nullptr;
  }
  auto machine = builder->createTargetMachine();
  if (!machine) {
    errors << "cannot create a target machine for the host: "
           << llvm::toString(machine.takeError()) << "\n";
    return nullptr;
  }
  auto optimize = makeOptimizingTransformer(3, 0, machine->get());
  ExecutionEngineOptions options;
  options.transformer = optimize;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  options.sharedLibPaths = sharedLibs;
  auto engine = ExecutionEngine::create(module, options);
  if (!engine) {
    errors << "JIT failed: " << llvm::toString(engine.takeError()) << "\n";
    return nullptr;
  }
  return std::move(*engine);
}

LogicalResult fusion::runner::invokeEntry(ExecutionEngine &engine,
                                          ArrayRef<Buffer *> arguments,
                                          llvm::raw_ostream &errors) {
  SmallVector<void *> descriptors, args;
  for (Buffer *b : arguments)
    descriptors.push_back(b->descriptor.data());
  for (void *&d : descriptors)
    args.push_back(&d);
  std::string name = ("_mlir_ciface_" + kWrapperName).str();
  if (llvm::Error err = engine.invokePacked(name, args)) {
    errors << "run failed: " << llvm::toString(std::move(err)) << "\n";
    return failure();
  }
  return success();
}

void Comparison::add(const HostTensor &reference, const HostTensor &candidate,
                     double rtol, double atol) {
  for (int64_t i = 0, e = reference.numElements(); i < e; ++i) {
    double r = reference.get(i), v = candidate.get(i);
    double abs = std::fabs(v - r);
    // Equal infinities agree (inf - inf would be NaN).
    if (r == v)
      abs = 0.0;
    else if (std::isnan(r) != std::isnan(v))
      abs = INFINITY;
    else if (std::isnan(r))
      abs = 0.0;
    if (std::isfinite(r))
      maxReference = std::max(maxReference, std::fabs(r));
    double rel = abs / std::max(std::fabs(r), 1e-3);
    if (abs > atol + rtol * std::fabs(r))
      ++violations;
    if (worst < 0 || abs > maxAbs) {
      maxAbs = abs;
      worst = i;
    }
    maxRel = std::max(maxRel, rel);
    sumRel += rel;
    ++count;
  }
}

std::string fusion::runner::formatShape(ArrayRef<int64_t> shape) {
  std::string s;
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? "x" : "") + std::to_string(d);
  return s;
}

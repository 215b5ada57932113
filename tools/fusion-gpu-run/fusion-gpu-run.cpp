//===- fusion-gpu-run.cpp - run compiled models on a GPU, check and time --===//
///
/// Loads models compiled ahead of time by `fusion-compile` (shared libraries
/// exporting `fusion_entry` and `fusion_entry_signature`): a CPU reference
/// and the programs under test, typically the fused and the unfused GPU
/// builds. Opening a GPU library loads its kernels' PTX through the CUDA
/// driver (the runtime in lib/Runtime). The runner checks every program
/// against the reference on seeded random frames, then times them with
/// CUDA events around every launch, interleaved call by call, with the
/// inputs rotated over several buffers so the L2 cache does not keep the
/// input of the previous call.
///
/// The check (docs/GpuRunner.md): with `--f64`, each program's outputs and
/// the f32 reference's are both compared with the model evaluated in f64,
/// and a program passes when its largest error is at most `--noise` times
/// the reference's own plus `--atol`: f32 noise (another exp, another
/// order of additions) passes, a wrong program fails. Without `--f64`,
/// the strict element-wise bound against the f32 reference applies.
///
/// Exit codes: 0 every check passed, 1 a check failed, 2 no GPU or bad
/// usage or input, 3 a CUDA error (the kernel, grid and block named).
///
/// Plain C++ with cuda.h: it is built from source on GPU machines that have
/// the CUDA toolkit and no MLIR (bench/gpu/run.sh).
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Runtime/CudaRuntime.h"
#include "FusionDialect/Runtime/PrecisionTolerance.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace cuda = fusion::cuda;

namespace {

struct Options {
  std::string reference, wide;
  std::vector<std::pair<std::string, std::string>> programs;
  unsigned frames = 3, seed = 1, warmup = 5, repeats = 30, rotate = 4;
  unsigned weightSeed = 1;
  double rtol = 1e-5, atol = 1e-5, noise = 4;
  /// The programs' precision policy (fusion-compile --pipeline-options=
  /// "precision=..."): it widens rtol and noise unless they are given.
  std::string precision = "fp32";
  bool dryRun = false, perKernel = false, graph = false;
  long failLaunch = 0;
  std::string json;
  int device = 0;
};

/// Exit codes.
constexpr int kCheckFailed = 1, kUsage = 2, kCudaError = 3;

/// One input or output of the entry: element type and shape.
struct TensorSpec {
  std::string element;
  std::vector<int64_t> shape;

  int64_t elements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  size_t elementBytes() const {
    return element == "f64" ? 8 : element == "f32" ? 4 : 2;
  }
  size_t bytes() const { return size_t(elements()) * elementBytes(); }
  bool operator==(const TensorSpec &o) const {
    return element == o.element && shape == o.shape;
  }
  std::string str() const {
    std::string s = element + ":";
    for (size_t i = 0; i < shape.size(); ++i)
      s += (i ? "x" : "") + std::to_string(shape[i]);
    return s;
  }
};

/// A weight the library leaves to the runner (fusion-compile
/// --external-weights): its storage, the element type the model had, and
/// the range, mean and standard deviation of the values it held.
struct WeightSpec {
  TensorSpec storage;
  std::string model;
  double lo = 0, hi = 0, mean = 0, deviation = 0;
  bool sameAs(const WeightSpec &o) const {
    return storage.shape == o.storage.shape && model == o.model;
  }
};

struct Program {
  std::string name, path;
  bool gpu = false;
  std::vector<TensorSpec> ins, outs;
  std::vector<WeightSpec> weights;
  void *const *weightTable = nullptr;
  void (*entry)(void **) = nullptr;
};

/// A memref descriptor (allocated, aligned, offset, sizes, strides) for a
/// contiguous buffer.
std::vector<int64_t> descriptorFor(const TensorSpec &spec, void *data) {
  size_t rank = spec.shape.size();
  std::vector<int64_t> d(3 + 2 * rank, 0);
  d[0] = d[1] = reinterpret_cast<int64_t>(data);
  int64_t stride = 1;
  for (size_t i = rank; i-- > 0;) {
    d[3 + i] = spec.shape[i];
    d[3 + rank + i] = stride;
    stride *= spec.shape[i];
  }
  return d;
}

[[noreturn]] void die(const std::string &message, int code = kUsage) {
  std::fflush(stdout);
  std::fprintf(stderr, "fusion-gpu-run: %s\n", message.c_str());
  std::exit(code);
}

bool parseSignature(const char *text, Program &p) {
  std::istringstream in(text);
  std::string word;
  in >> word;
  if (word != "fusion-entry-v1")
    return false;
  while (in >> word) {
    if (word == "target=gpu" || word == "target=cpu") {
      p.gpu = word == "target=gpu";
      continue;
    }
    if (word.rfind("weight=", 0) == 0) {
      // weight=<storage>:<shape>:<model element>:<min>:<max>:<mean>:<std>
      std::vector<std::string> parts;
      std::istringstream fields(word.substr(7));
      std::string field;
      while (std::getline(fields, field, ':'))
        parts.push_back(field);
      if (parts.size() != 7)
        return false;
      WeightSpec w;
      w.storage.element = parts[0];
      std::istringstream dims(parts[1]);
      std::string dim;
      while (std::getline(dims, dim, 'x'))
        w.storage.shape.push_back(std::atoll(dim.c_str()));
      w.model = parts[2];
      w.lo = std::atof(parts[3].c_str());
      w.hi = std::atof(parts[4].c_str());
      w.mean = std::atof(parts[5].c_str());
      w.deviation = std::atof(parts[6].c_str());
      p.weights.push_back(w);
      continue;
    }
    bool isIn = word.rfind("in=", 0) == 0, isOut = word.rfind("out=", 0) == 0;
    if (!isIn && !isOut)
      return false;
    std::string value = word.substr(isIn ? 3 : 4);
    size_t colon = value.find(':');
    if (colon == std::string::npos)
      return false;
    TensorSpec spec;
    spec.element = value.substr(0, colon);
    std::istringstream dims(value.substr(colon + 1));
    std::string dim;
    while (std::getline(dims, dim, 'x'))
      spec.shape.push_back(std::stoll(dim));
    (isIn ? p.ins : p.outs).push_back(spec);
  }
  return true;
}

Program load(const std::string &name, const std::string &path) {
  Program p;
  p.name = name;
  p.path = path;
  // Opening a GPU library runs its constructor, which loads the kernels'
  // PTX through the runtime: the runtime is initialized before this.
  // A bare file name would be searched for on the library path.
  std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  void *handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    die("cannot open " + path + ": " + (why ? why : "?"));
  }
  auto *signature =
      static_cast<const char *>(dlsym(handle, "fusion_entry_signature"));
  p.entry = reinterpret_cast<void (*)(void **)>(dlsym(handle, "fusion_entry"));
  if (!signature || !p.entry || !parseSignature(signature, p))
    die(path + " is not a library made by fusion-compile");
  if (!p.weights.empty()) {
    p.weightTable = static_cast<void *const *>(dlsym(handle, "fusion_weights"));
    if (!p.weightTable)
      die(path + " lists weights but exports no fusion_weights table");
  }
  std::string error = cuda::takeError();
  if (!error.empty())
    die("loading " + path + " failed: " + error, kCudaError);
  return p;
}

// f16/bf16 conversions, round to nearest even.
uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return uint16_t(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31)
    return uint16_t(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10)
      return uint16_t(sign);
    mant |= 0x800000;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t half = mant >> shift, rest = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rest > mid || (rest == mid && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = sign | (uint32_t(exp) << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half;
  return uint16_t(half);
}

float fromHalf(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  uint32_t x;
  if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while (!(mant & 0x400));
      x = sign | (uint32_t(127 - 15 - e) << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000 | (mant << 13);
  } else {
    x = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

uint16_t toBFloat(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return uint16_t((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return uint16_t(x >> 16);
}

float fromBFloat(uint16_t b) {
  uint32_t x = uint32_t(b) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

double readElement(const TensorSpec &spec, const std::vector<uint8_t> &data,
                   int64_t i) {
  if (spec.element == "f64")
    return reinterpret_cast<const double *>(data.data())[i];
  if (spec.element == "f32")
    return reinterpret_cast<const float *>(data.data())[i];
  uint16_t bits = reinterpret_cast<const uint16_t *>(data.data())[i];
  return spec.element == "bf16" ? fromBFloat(bits) : fromHalf(bits);
}

void fillNormal(const TensorSpec &spec, std::vector<uint8_t> &data,
                std::mt19937_64 &rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  data.assign(spec.bytes(), 0);
  for (int64_t i = 0, e = spec.elements(); i < e; ++i) {
    double v = normal(rng);
    if (spec.element == "f64")
      reinterpret_cast<double *>(data.data())[i] = v;
    else if (spec.element == "f32")
      reinterpret_cast<float *>(data.data())[i] = float(v);
    else if (spec.element == "bf16")
      reinterpret_cast<uint16_t *>(data.data())[i] = toBFloat(float(v));
    else
      reinterpret_cast<uint16_t *>(data.data())[i] = toHalf(float(v));
  }
}

/// `v` rounded to `element` (the model's type), as a double.
double roundTo(const std::string &element, double v) {
  if (element == "f64")
    return v;
  if (element == "f32")
    return double(float(v));
  if (element == "bf16")
    return fromBFloat(toBFloat(float(v)));
  return fromHalf(toHalf(float(v)));
}

/// Fills a program's weights before its first call: weight k gets values
/// drawn from a normal distribution of its mean and deviation, clipped to
/// its range, from a generator seeded by `seed` and k, and rounded to the
/// model's element type; so every program listing the same weights (fused
/// and its reference, f32 and f64) gets the same values, and each layer
/// scales activations about as the model's did.
void fillWeights(const Program &p, unsigned seed) {
  for (size_t k = 0; k < p.weights.size(); ++k) {
    const WeightSpec &w = p.weights[k];
    std::mt19937_64 rng(uint64_t(seed) * 0x9E3779B97F4A7C15ull + k);
    std::normal_distribution<double> draw(w.mean, w.deviation);
    void *data = p.weightTable[k];
    for (int64_t i = 0, e = w.storage.elements(); i < e; ++i) {
      double v = w.deviation > 0 ? draw(rng) : w.mean;
      v = roundTo(w.model, std::min(std::max(v, w.lo), w.hi));
      const std::string &el = w.storage.element;
      if (el == "f64")
        static_cast<double *>(data)[i] = v;
      else if (el == "f32")
        static_cast<float *>(data)[i] = float(v);
      else if (el == "bf16")
        static_cast<uint16_t *>(data)[i] = toBFloat(float(v));
      else
        static_cast<uint16_t *>(data)[i] = toHalf(float(v));
    }
  }
}

/// |got - ref| <= atol + rtol * |ref|, with the relative error taken over
/// max(|ref|, 1e-3).
struct Comparison {
  double maxAbs = 0, maxRel = 0;
  int64_t violations = 0, count = 0;
  void add(const TensorSpec &spec, const std::vector<uint8_t> &ref,
           const std::vector<uint8_t> &got, double rtol, double atol) {
    add(spec, ref, spec, got, rtol, atol);
  }
  /// `ref` may be of another element type than `got` (the f64 model).
  void add(const TensorSpec &refSpec, const std::vector<uint8_t> &ref,
           const TensorSpec &spec, const std::vector<uint8_t> &got,
           double rtol, double atol) {
    for (int64_t i = 0, e = spec.elements(); i < e; ++i) {
      double r = readElement(refSpec, ref, i), v = readElement(spec, got, i);
      double abs = std::fabs(v - r);
      // Equal infinities agree (inf - inf would be NaN).
      if (r == v)
        abs = 0.0;
      else if (std::isnan(r) != std::isnan(v))
        abs = INFINITY;
      else if (std::isnan(r))
        abs = 0;
      maxAbs = std::max(maxAbs, abs);
      maxRel = std::max(maxRel, abs / std::max(std::fabs(r), 1e-3));
      violations += abs > atol + rtol * std::fabs(r);
      ++count;
    }
  }
};

/// Buffers for one call of a program: inputs, outputs, descriptors.
struct Call {
  std::vector<void *> inputs, outputs;
  std::vector<std::vector<int64_t>> descriptors;
  std::vector<void *> args;
  bool onDevice = false;

  Call(const Program &p) : onDevice(p.gpu) {
    for (const TensorSpec &s : p.ins)
      inputs.push_back(allocate(s.bytes()));
    for (const TensorSpec &s : p.outs)
      outputs.push_back(allocate(s.bytes()));
    for (size_t i = 0; i < p.ins.size(); ++i)
      descriptors.push_back(descriptorFor(p.ins[i], inputs[i]));
    for (size_t i = 0; i < p.outs.size(); ++i)
      descriptors.push_back(descriptorFor(p.outs[i], outputs[i]));
    for (auto &d : descriptors)
      args.push_back(d.data());
  }
  Call(const Call &) = delete;
  ~Call() {
    for (void *b : inputs)
      release(b);
    for (void *b : outputs)
      release(b);
  }
  void *allocate(size_t bytes) {
    return onDevice ? cuda::allocate(bytes) : std::malloc(bytes ? bytes : 1);
  }
  void release(void *b) {
    if (onDevice)
      cuda::release(b);
    else
      std::free(b);
  }
  void setInputs(const Program &p,
                 const std::vector<std::vector<uint8_t>> &frame) {
    for (size_t i = 0; i < p.ins.size(); ++i) {
      if (onDevice)
        cuda::copyToDevice(inputs[i], frame[i].data(), frame[i].size());
      else
        std::memcpy(inputs[i], frame[i].data(), frame[i].size());
    }
  }
  std::vector<std::vector<uint8_t>> getOutputs(const Program &p) {
    std::vector<std::vector<uint8_t>> result;
    for (size_t i = 0; i < p.outs.size(); ++i) {
      result.emplace_back(p.outs[i].bytes());
      if (onDevice)
        cuda::copyToHost(result.back().data(), outputs[i], result.back().size());
      else
        std::memcpy(result.back().data(), outputs[i], result.back().size());
    }
    return result;
  }
};

/// Calls the program and waits for the device; dies on a runtime error.
void run(const Program &p, Call &call) {
  p.entry(call.args.data());
  if (p.gpu)
    cuda::synchronize();
  std::string error = cuda::takeError();
  if (!error.empty())
    die(p.name + ": " + error, kCudaError);
}

double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Timing {
  std::vector<double> kernelMs, wallMs;
  size_t launchesPerCall = 0;
  /// Per kernel name: time of each launch, and one launch's shape.
  std::map<std::string, std::vector<double>> perKernel;
  std::map<std::string, cuda::Launch> shapes;
};

const char *kUsageText =
    "usage: fusion-gpu-run --reference=REF.so [--f64=REF64.so] "
    "[NAME=]PROGRAM.so... [options]\n"
    "  Programs are libraries made by fusion-compile. Each is checked against\n"
    "  the reference on random frames, then timed.\n"
    "  --f64=LIB       the model in f64 (fusion-compile --target=cpu\n"
    "                  --fuse=false --reference --f64): the check bounds each\n"
    "                  program's error against it by --noise times the f32\n"
    "                  reference's own, plus --atol\n"
    "  --noise=K       see --f64 (4)\n"
    "  --frames=N      frames checked against the reference (3); 0 checks\n"
    "                  nothing (timing only, no --reference needed)\n"
    "  --weight-seed=N seed of the weights drawn for libraries that leave\n"
    "                  them to the runner (fusion-compile "
    "--external-weights):\n"
    "                  normal with each weight's mean and deviation, clipped\n"
    "                  to its range (1)\n"
    "  --seed=N        seed of the first frame (1)\n"
    "  --rtol=X --atol=X  without --f64: |got-ref| <= atol + rtol*|ref|;\n"
    "                  with it, atol is the absolute term (1e-5)\n"
    "  --precision=P   the programs' precision policy: fp32 (default),\n"
    "                  tf32, tf32x3 or native; unless given, rtol becomes\n"
    "                  max(1e-5, 8 x the policy's unit roundoff) and noise\n"
    "                  is widened by that roundoff over f32's\n"
    "  --graph         also time each program as a CUDA graph replayed\n"
    "                  (--repeats replays; the graph's output is checked\n"
    "                  against a direct call's)\n"
    "  --test-fail-launch=N  test only: the Nth launch fails\n"
    "  --warmup=N      untimed calls per program first (5)\n"
    "  --repeats=N     timed calls per program, interleaved (30)\n"
    "  --rotate=N      input buffers cycled through in timing (4)\n"
    "  --per-kernel    print each kernel's median time\n"
    "  --json=FILE     write the results as JSON\n"
    "  --device=N      GPU ordinal (0)\n"
    "  --dry-run       no GPU: host memory, launches recorded and not run;\n"
    "                  checks the host side (allocations, copies, launches)\n"
    "exit codes: 0 pass, 1 a check failed, 2 no GPU or bad usage or input,\n"
    "3 a CUDA error\n";

/// A tolerance: finite and not negative.
double number(const char *text, const char *flag) {
  char *end = nullptr;
  double v = std::strtod(text, &end);
  if (!end || *end || !std::isfinite(v) || v < 0)
    die(std::string(flag) + " must be a finite number >= 0, got '" + text +
        "'");
  return v;
}

Options parseOptions(int argc, char **argv) {
  Options o;
  bool rtolGiven = false, noiseGiven = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char *flag) -> const char * {
      size_t n = std::strlen(flag);
      if (a.compare(0, n, flag) == 0 && a.size() > n && a[n] == '=')
        return argv[i] + n + 1;
      return nullptr;
    };
    if (a == "--help" || a == "-h") {
      std::fputs(kUsageText, stdout);
      std::exit(0);
    } else if (auto v = value("--reference")) {
      o.reference = v;
    } else if (auto v = value("--frames")) {
      o.frames = unsigned(std::stoul(v));
    } else if (auto v = value("--seed")) {
      o.seed = unsigned(std::stoul(v));
    } else if (auto v = value("--weight-seed")) {
      o.weightSeed = unsigned(std::stoul(v));
    } else if (auto v = value("--f64")) {
      o.wide = v;
    } else if (auto v = value("--rtol")) {
      o.rtol = number(v, "--rtol");
      rtolGiven = true;
    } else if (auto v = value("--atol")) {
      o.atol = number(v, "--atol");
    } else if (auto v = value("--noise")) {
      o.noise = number(v, "--noise");
      noiseGiven = true;
    } else if (auto v = value("--precision")) {
      o.precision = v;
      if (!mlir::fusion::precisionRoundoff(o.precision))
        die("unknown --precision '" + o.precision +
            "'; expected fp32, tf32, tf32x3 or native");
    } else if (auto v = value("--test-fail-launch")) {
      o.failLaunch = std::stol(v);
    } else if (a == "--graph") {
      o.graph = true;
    } else if (auto v = value("--warmup")) {
      o.warmup = unsigned(std::stoul(v));
    } else if (auto v = value("--repeats")) {
      o.repeats = unsigned(std::stoul(v));
    } else if (auto v = value("--rotate")) {
      o.rotate = std::max(1u, unsigned(std::stoul(v)));
    } else if (auto v = value("--json")) {
      o.json = v;
    } else if (auto v = value("--device")) {
      o.device = std::stoi(v);
    } else if (a == "--per-kernel") {
      o.perKernel = true;
    } else if (a == "--dry-run") {
      o.dryRun = true;
    } else if (!a.empty() && a[0] == '-') {
      die("unknown option " + a + "\n" + kUsageText);
    } else {
      size_t eq = a.find('=');
      std::string path = eq == std::string::npos ? a : a.substr(eq + 1);
      std::string name = eq == std::string::npos ? "" : a.substr(0, eq);
      if (name.empty()) {
        name = path.substr(path.find_last_of('/') + 1);
        if (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0)
          name.resize(name.size() - 3);
      }
      o.programs.emplace_back(name, path);
    }
  }
  double roundoff = *mlir::fusion::precisionRoundoff(o.precision);
  if (!rtolGiven)
    o.rtol = mlir::fusion::policyRelTolerance(o.rtol, roundoff);
  if (!noiseGiven)
    o.noise *= mlir::fusion::policyNoiseWidening(roundoff);
  if (o.programs.empty())
    die(std::string("no program given\n") + kUsageText);
  if (o.reference.empty() && !o.dryRun && o.frames > 0)
    die(std::string("no --reference given\n") + kUsageText);
  return o;
}

std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s)
    out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

} // namespace

/// Whether the library at `path` was compiled for the GPU, read from its
/// signature string before it is opened: opening a GPU library loads its
/// kernels, which needs the runtime up first.
bool isGpuLibrary(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    die("cannot read " + path);
  std::string bytes((std::istreambuf_iterator<char>(in)),
                    std::istreambuf_iterator<char>());
  return bytes.find("fusion-entry-v1 target=gpu") != std::string::npos;
}

/// `frame` (in `from`'s element types) converted to `to`'s, exactly where
/// `to` is wider.
std::vector<std::vector<uint8_t>>
convertFrame(const std::vector<TensorSpec> &from,
             const std::vector<TensorSpec> &to,
             const std::vector<std::vector<uint8_t>> &frame) {
  std::vector<std::vector<uint8_t>> out(frame.size());
  for (size_t i = 0; i < frame.size(); ++i) {
    out[i].assign(to[i].bytes(), 0);
    for (int64_t k = 0, e = to[i].elements(); k < e; ++k) {
      double v = readElement(from[i], frame[i], k);
      if (to[i].element == "f64")
        reinterpret_cast<double *>(out[i].data())[k] = v;
      else if (to[i].element == "f32")
        reinterpret_cast<float *>(out[i].data())[k] = float(v);
      else if (to[i].element == "bf16")
        reinterpret_cast<uint16_t *>(out[i].data())[k] = toBFloat(float(v));
      else
        reinterpret_cast<uint16_t *>(out[i].data())[k] = toHalf(float(v));
    }
  }
  return out;
}

/// Same shapes, element types aside (the f64 model against the f32 one).
bool sameShapes(const std::vector<TensorSpec> &a,
                const std::vector<TensorSpec> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].shape != b[i].shape)
      return false;
  return true;
}

/// A program's check, per output.
struct Check {
  std::vector<Comparison> strict; // against the f32 reference
  std::vector<Comparison> wide;   // against the model in f64
  bool graphAgrees = true;
};

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  bool needsGpu = false;
  for (auto &[name, path] : o.programs)
    needsGpu |= isGpuLibrary(path);
  if (o.dryRun || needsGpu) {
    std::string why = cuda::initialize(
        o.dryRun ? cuda::Backend::HostSimulation : cuda::Backend::Device,
        o.device);
    if (!why.empty())
      die("no GPU: " + why);
  }

  std::vector<Program> programs;
  for (auto &[name, path] : o.programs)
    programs.push_back(load(name, path));
  Program reference, wide;
  if (!o.reference.empty()) {
    reference = load("reference", o.reference);
    if (reference.gpu)
      die("the reference must be a CPU library (fusion-compile "
          "--target=cpu --fuse=false --reference)");
  }
  const Program &shape = o.reference.empty() ? programs.front() : reference;
  auto sameWeights = [](const Program &a, const Program &b) {
    if (a.weights.size() != b.weights.size())
      return false;
    for (size_t k = 0; k < a.weights.size(); ++k)
      if (!a.weights[k].sameAs(b.weights[k]))
        return false;
    return true;
  };
  for (const Program &p : programs)
    if (p.ins != shape.ins || p.outs != shape.outs || !sameWeights(p, shape))
      die(p.name + " has another signature than " + shape.name);
  if (!o.wide.empty()) {
    wide = load("f64", o.wide);
    if (wide.gpu || !sameShapes(wide.ins, shape.ins) ||
        !sameShapes(wide.outs, shape.outs) || !sameWeights(wide, shape))
      die(o.wide + " is not the model in f64 (fusion-compile --target=cpu "
                   "--f64 of the same model, fused as the reference is)");
  }
  for (const Program &p : programs)
    fillWeights(p, o.weightSeed);
  if (!o.reference.empty())
    fillWeights(reference, o.weightSeed);
  if (!o.wide.empty())
    fillWeights(wide, o.weightSeed);
  if (o.failLaunch)
    cuda::setFailLaunch(o.failLaunch);

  if (needsGpu || o.dryRun)
    std::printf("fusion-gpu-run: %s\n", cuda::describeDevice().c_str());
  else
    std::printf("fusion-gpu-run: CPU programs only\n");

  if (o.dryRun) {
    // One call of each program on host memory: what it allocates, copies
    // and launches, without running a kernel. Resident constants were
    // uploaded when the library was loaded; a call uploads none.
    std::vector<std::vector<uint8_t>> frame(shape.ins.size());
    std::mt19937_64 rng(o.seed);
    for (size_t i = 0; i < shape.ins.size(); ++i)
      fillNormal(shape.ins[i], frame[i], rng);
    // Per program: a first call (weights given at run time are uploaded
    // by it), then a second, whose counts are printed: what every later
    // call does.
    std::printf("%-12s %-6s %-9s %-11s %-12s %-11s %-15s %-12s %s\n",
                "program", "target", "launches", "live_bytes", "stray_copies",
                "stray_frees", "resident_bytes", "first_call", "later_call");
    for (const Program &p : programs) {
      cuda::SimulationCounts start = cuda::simulationCounts();
      {
        Call call(p);
        call.setInputs(p, frame);
        run(p, call);
      }
      (void)cuda::takeLaunches();
      cuda::SimulationCounts before = cuda::simulationCounts();
      {
        Call call(p);
        call.setInputs(p, frame);
        run(p, call);
      }
      cuda::SimulationCounts after = cuda::simulationCounts();
      std::vector<cuda::Launch> launches = cuda::takeLaunches();
      // Uploads of resident constants: at load (the library's constructor),
      // by the first call (weights filled after loading), by a later call.
      std::printf("%-12s %-6s %-9zu %-11lld %-12lld %-11lld %-15lld "
                  "%-12s %s\n",
                  p.name.c_str(), p.gpu ? "gpu" : "cpu", launches.size(),
                  after.liveBytes - before.liveBytes,
                  after.strayCopies - before.strayCopies,
                  after.strayFrees - before.strayFrees, after.residentBytes,
                  (std::to_string(before.residentUploads -
                                  start.residentUploads) +
                   " uploads")
                      .c_str(),
                  (std::to_string(after.residentUploads -
                                  before.residentUploads) +
                   " uploads")
                      .c_str());
      if (o.perKernel)
        for (const cuda::Launch &l : launches)
          std::printf("  %s grid %u,%u,%u block %u,%u,%u\n", l.kernel.c_str(),
                      l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1],
                      l.block[2]);
      if (o.graph && p.gpu) {
        Call call(p);
        call.setInputs(p, frame);
        std::string why = cuda::beginCapture();
        if (!why.empty())
          die(p.name + ": " + why, kCudaError);
        p.entry(call.args.data());
        void *graph = cuda::endCapture();
        std::string error = cuda::takeError();
        if (!graph || !error.empty())
          die(p.name + ": capturing a CUDA graph failed: " + error,
              kCudaError);
        std::printf("  graph: %zu launches captured\n",
                    cuda::takeLaunches().size());
        cuda::destroyGraph(graph);
      }
    }
    return 0;
  }

  // Correctness first: every program against the CPU reference, and with
  // --f64 both against the model in f64.
  size_t outs = shape.outs.size();
  std::vector<Check> checks(programs.size());
  for (Check &c : checks) {
    c.strict.resize(outs);
    c.wide.resize(outs);
  }
  std::vector<Comparison> referenceWide(outs);
  for (unsigned f = 0; f < o.frames; ++f) {
    std::vector<std::vector<uint8_t>> frame(shape.ins.size());
    std::mt19937_64 rng(o.seed + f);
    for (size_t i = 0; i < shape.ins.size(); ++i)
      fillNormal(shape.ins[i], frame[i], rng);
    Call refCall(reference);
    refCall.setInputs(reference, frame);
    run(reference, refCall);
    std::vector<std::vector<uint8_t>> expected = refCall.getOutputs(reference);
    std::vector<std::vector<uint8_t>> exact;
    if (!o.wide.empty()) {
      Call wideCall(wide);
      wideCall.setInputs(wide, convertFrame(shape.ins, wide.ins, frame));
      run(wide, wideCall);
      exact = wideCall.getOutputs(wide);
      for (size_t i = 0; i < outs; ++i)
        referenceWide[i].add(wide.outs[i], exact[i], shape.outs[i],
                             expected[i], o.rtol, o.atol);
    }
    for (size_t p = 0; p < programs.size(); ++p) {
      Call call(programs[p]);
      call.setInputs(programs[p], frame);
      run(programs[p], call);
      std::vector<std::vector<uint8_t>> got = call.getOutputs(programs[p]);
      for (size_t i = 0; i < outs; ++i) {
        checks[p].strict[i].add(shape.outs[i], expected[i], got[i], o.rtol,
                                o.atol);
        if (!exact.empty())
          checks[p].wide[i].add(wide.outs[i], exact[i], shape.outs[i],
                                got[i], o.rtol, o.atol);
      }
      (void)cuda::takeLaunches();
    }
  }
  // The bound each output's error against f64 must stay within.
  auto bound = [&](size_t i) {
    return o.atol + o.noise * referenceWide[i].maxAbs;
  };
  auto passes = [&](const Check &c) {
    for (size_t i = 0; i < outs; ++i) {
      bool ok = o.wide.empty() ? c.strict[i].violations == 0
                               : c.wide[i].maxAbs <= bound(i);
      if (!ok)
        return false;
    }
    return c.graphAgrees;
  };

  // Then time, interleaving the programs call by call.
  std::vector<Timing> timings(programs.size());
  std::vector<double> graphMs(programs.size(), 0);
  {
    std::vector<std::vector<std::unique_ptr<Call>>> calls(programs.size());
    for (size_t p = 0; p < programs.size(); ++p)
      for (unsigned r = 0; r < o.rotate; ++r) {
        std::vector<std::vector<uint8_t>> frame(shape.ins.size());
        std::mt19937_64 rng(o.seed + 1000 + r);
        for (size_t i = 0; i < shape.ins.size(); ++i)
          fillNormal(shape.ins[i], frame[i], rng);
        calls[p].push_back(std::make_unique<Call>(programs[p]));
        calls[p].back()->setInputs(programs[p], frame);
      }
    cuda::setTiming(true);
    for (unsigned r = 0; r < o.warmup + o.repeats; ++r) {
      for (size_t p = 0; p < programs.size(); ++p) {
        Call &call = *calls[p][r % o.rotate];
        auto start = std::chrono::steady_clock::now();
        run(programs[p], call);
        auto stop = std::chrono::steady_clock::now();
        std::vector<cuda::Launch> launches = cuda::takeLaunches();
        if (r < o.warmup)
          continue;
        Timing &t = timings[p];
        double kernels = 0;
        for (const cuda::Launch &l : launches) {
          kernels += l.milliseconds;
          t.perKernel[l.kernel].push_back(l.milliseconds);
          t.shapes[l.kernel] = l;
        }
        t.launchesPerCall = launches.size();
        t.kernelMs.push_back(kernels);
        t.wallMs.push_back(
            std::chrono::duration<double, std::milli>(stop - start).count());
      }
    }
    cuda::setTiming(false);

    // CUDA graphs: one call captured per program (on its first buffers),
    // its output checked bit for bit against a direct call's, then replayed.
    if (o.graph)
      for (size_t p = 0; p < programs.size(); ++p) {
        if (!programs[p].gpu)
          continue;
        Call &call = *calls[p][0];
        run(programs[p], call);
        std::vector<std::vector<uint8_t>> direct = call.getOutputs(programs[p]);
        (void)cuda::takeLaunches();
        std::string why = cuda::beginCapture();
        if (!why.empty())
          die(programs[p].name + ": " + why, kCudaError);
        programs[p].entry(call.args.data());
        void *graph = cuda::endCapture();
        std::string error = cuda::takeError();
        (void)cuda::takeLaunches();
        if (!graph || !error.empty())
          die(programs[p].name + ": capturing a CUDA graph failed: " + error,
              kCudaError);
        (void)cuda::replayGraph(graph, 1);
        checks[p].graphAgrees = call.getOutputs(programs[p]) == direct;
        (void)cuda::replayGraph(graph, int(o.warmup));
        graphMs[p] = cuda::replayGraph(graph, int(o.repeats)) /
                     std::max(1u, o.repeats);
        error = cuda::takeError();
        cuda::destroyGraph(graph);
        if (!error.empty())
          die(programs[p].name + ": replaying its CUDA graph failed: " + error,
              kCudaError);
      }
  }

  std::printf("reference: %s (cpu); %u frames checked, seed %u; %u timed "
              "calls each after %u warm-up, interleaved, inputs rotated over "
              "%u buffers; medians\n",
              o.reference.c_str(), o.frames, o.seed, o.repeats, o.warmup,
              o.rotate);
  if (o.precision != "fp32")
    std::printf("precision: %s (rtol and noise from it unless given)\n",
                o.precision.c_str());
  if (o.frames == 0)
    std::printf("check: none (--frames=0), timing only\n");
  else if (o.wide.empty())
    std::printf("check: strict, |got - reference| <= %g + %g |reference| "
                "element by element (no --f64)\n",
                o.atol, o.rtol);
  else
    std::printf("check: against the model in f64, max |got - f64| <= %g + "
                "%g x the f32 reference's own max |reference - f64|, per "
                "output\n",
                o.atol, o.noise);
  std::printf("%-12s %-6s %-9s %-10s %-10s %-10s %-10s %-10s %-10s %s\n",
              "program", "target", "launches", "kernel_ms", "wall_ms",
              "graph_ms", "max_abs", "max_rel", "f64_err", "check");
  bool pass = true;
  for (size_t p = 0; p < programs.size(); ++p) {
    const Timing &t = timings[p];
    bool ok = passes(checks[p]);
    pass &= ok;
    double maxAbs = 0, maxRel = 0, wideErr = 0;
    for (size_t i = 0; i < outs; ++i) {
      maxAbs = std::max(maxAbs, checks[p].strict[i].maxAbs);
      maxRel = std::max(maxRel, checks[p].strict[i].maxRel);
      wideErr = std::max(wideErr, checks[p].wide[i].maxAbs);
    }
    char graph[32] = "-", err[32] = "-";
    if (o.graph && programs[p].gpu)
      std::snprintf(graph, sizeof(graph), "%.4f", graphMs[p]);
    if (!o.wide.empty())
      std::snprintf(err, sizeof(err), "%.2e", wideErr);
    std::printf("%-12s %-6s %-9zu %-10.4f %-10.4f %-10s %-10.2e %-10.2e "
                "%-10s %s%s\n",
                programs[p].name.c_str(), programs[p].gpu ? "gpu" : "cpu",
                t.launchesPerCall, median(t.kernelMs), median(t.wallMs), graph,
                maxAbs, maxRel, err,
                o.frames == 0 ? "unchecked" : ok ? "PASS" : "FAIL",
                checks[p].graphAgrees ? "" : " (graph output differs)");
  }
  if (!o.wide.empty()) {
    std::printf("bound per output (atol + noise x reference's f64 error):");
    for (size_t i = 0; i < outs; ++i)
      std::printf(" %zu: %.2e (reference %.2e)", i, bound(i),
                  referenceWide[i].maxAbs);
    std::printf("\n");
  }
  for (size_t p = 1; p < programs.size(); ++p) {
    double a = median(timings[0].kernelMs), b = median(timings[p].kernelMs);
    if (programs[0].gpu && programs[p].gpu && b > 0)
      std::printf("kernel time %s / %s: %.3f\n", programs[0].name.c_str(),
                  programs[p].name.c_str(), a / b);
  }
  if (o.perKernel)
    for (size_t p = 0; p < programs.size(); ++p) {
      std::printf("%s: kernel, launches per call, median ms, grid, block\n",
                  programs[p].name.c_str());
      for (auto &[name, times] : timings[p].perKernel) {
        const cuda::Launch &l = timings[p].shapes[name];
        std::printf("  %-40s %-4zu %-10.4f %u,%u,%u %u,%u,%u\n", name.c_str(),
                    times.size() / std::max(1u, o.repeats), median(times),
                    l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1],
                    l.block[2]);
      }
    }
  std::printf("%s\n", o.frames == 0 ? "UNCHECKED" : pass ? "PASS" : "FAIL");

  if (!o.json.empty()) {
    std::ofstream out(o.json);
    out << "{\"device\": " << jsonString(cuda::describeDevice())
        << ", \"frames\": " << o.frames << ", \"repeats\": " << o.repeats
        << ", \"rtol\": " << o.rtol << ", \"atol\": " << o.atol
        << ", \"check\": \"" << (o.wide.empty() ? "strict" : "f64") << "\""
        << ", \"noise\": " << o.noise
        << ", \"precision\": " << jsonString(o.precision)
        << ", \"programs\": [";
    for (size_t p = 0; p < programs.size(); ++p) {
      const Timing &t = timings[p];
      double maxAbs = 0, maxRel = 0, wideErr = 0;
      for (size_t i = 0; i < outs; ++i) {
        maxAbs = std::max(maxAbs, checks[p].strict[i].maxAbs);
        maxRel = std::max(maxRel, checks[p].strict[i].maxRel);
        wideErr = std::max(wideErr, checks[p].wide[i].maxAbs);
      }
      out << (p ? ", " : "") << "{\"name\": " << jsonString(programs[p].name)
          << ", \"target\": \"" << (programs[p].gpu ? "gpu" : "cpu")
          << "\", \"launches\": " << t.launchesPerCall
          << ", \"kernel_ms\": " << median(t.kernelMs)
          << ", \"wall_ms\": " << median(t.wallMs)
          << ", \"graph_ms\": " << graphMs[p]
          << ", \"max_abs\": " << maxAbs << ", \"max_rel\": " << maxRel
          << ", \"f64_err\": " << wideErr
          << ", \"pass\": " << (passes(checks[p]) ? "true" : "false")
          << ", \"kernels\": {";
      size_t k = 0;
      for (auto &[name, times] : t.perKernel)
        out << (k++ ? ", " : "") << jsonString(name) << ": " << median(times);
      out << "}}";
    }
    out << "]}\n";
  }
  return pass ? 0 : kCheckFailed;
}

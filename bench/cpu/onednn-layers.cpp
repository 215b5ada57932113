// The oneDNN peer of fusion-bench's per-layer table: every layer of
// bench/models/conv-layers.txt as one oneDNN convolution with the folded
// BatchNorm as its bias and ReLU as an eltwise post-op (oneDNN's own
// Conv+BN+ReLU fusion), in the memory formats oneDNN picks for itself
// (format any: blocked layouts, the reorders into them not timed: a network
// run in oneDNN stays in them). Dev-time: built by bench/cpu/run.sh against
// Debian's libdnnl; threads from OMP_NUM_THREADS.
//
//   onednn-layers LAYER_FILE NET BATCH [REPEATS] [WARMUP]
//
// Prints "name median_ms" per layer.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "oneapi/dnnl/dnnl.hpp"

using namespace dnnl;

struct Layer {
  std::string name;
  int cin, cout, k, stride, pad, size, groups;
};

static std::vector<Layer> readLayers(const char *path, const std::string &net) {
  std::ifstream in(path);
  std::vector<Layer> layers;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    std::string n;
    Layer l;
    fields >> n >> l.name >> l.cin >> l.cout >> l.k >> l.stride >> l.pad >>
        l.size >> l.groups;
    if (fields && n == net)
      layers.push_back(l);
  }
  return layers;
}

static void fill(memory &m, std::mt19937 &rng) {
  std::normal_distribution<float> normal;
  size_t n = m.get_desc().get_size() / sizeof(float);
  float *p = static_cast<float *>(m.get_data_handle());
  for (size_t i = 0; i < n; ++i)
    p[i] = normal(rng);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: onednn-layers LAYER_FILE NET BATCH [REPEATS] [WARMUP]\n");
    return 2;
  }
  std::vector<Layer> layers = readLayers(argv[1], argv[2]);
  int batch = std::atoi(argv[3]);
  int repeats = argc > 4 ? std::atoi(argv[4]) : 11;
  int warmup = argc > 5 ? std::atoi(argv[5]) : 2;
  if (layers.empty()) {
    std::fprintf(stderr, "onednn-layers: no layers of %s in %s\n", argv[2], argv[1]);
    return 2;
  }
  engine eng(engine::kind::cpu, 0);
  stream s(eng);
  std::mt19937 rng(1);
  for (const Layer &l : layers) {
    int out = (l.size + 2 * l.pad - l.k) / l.stride + 1;
    memory::dims src{batch, l.cin, l.size, l.size};
    memory::dims dst{batch, l.cout, out, out};
    memory::dims wei = l.groups > 1
                           ? memory::dims{l.groups, l.cout / l.groups,
                                          l.cin / l.groups, l.k, l.k}
                           : memory::dims{l.cout, l.cin, l.k, l.k};
    auto any = [](const memory::dims &d) {
      return memory::desc(d, memory::data_type::f32, memory::format_tag::any);
    };
    memory::desc biasMd({l.cout}, memory::data_type::f32, memory::format_tag::x);
    convolution_forward::desc desc(
        prop_kind::forward_inference, algorithm::convolution_direct, any(src),
        any(wei), biasMd, any(dst), {l.stride, l.stride}, {l.pad, l.pad},
        {l.pad, l.pad});
    post_ops ops;
    ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
    primitive_attr attr;
    attr.set_post_ops(ops);
    convolution_forward::primitive_desc pd(desc, attr, eng);
    memory srcM(pd.src_desc(), eng), weiM(pd.weights_desc(), eng),
        biasM(biasMd, eng), dstM(pd.dst_desc(), eng);
    fill(srcM, rng);
    fill(weiM, rng);
    fill(biasM, rng);
    convolution_forward conv(pd);
    std::unordered_map<int, memory> args{{DNNL_ARG_SRC, srcM},
                                         {DNNL_ARG_WEIGHTS, weiM},
                                         {DNNL_ARG_BIAS, biasM},
                                         {DNNL_ARG_DST, dstM}};
    for (int w = 0; w < warmup; ++w)
      conv.execute(s, args);
    s.wait();
    std::vector<double> times;
    for (int r = 0; r < repeats; ++r) {
      auto start = std::chrono::steady_clock::now();
      conv.execute(s, args);
      s.wait();
      times.push_back(std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count());
    }
    std::sort(times.begin(), times.end());
    double median = times.size() % 2 ? times[times.size() / 2]
                                     : (times[times.size() / 2 - 1] +
                                        times[times.size() / 2]) / 2;
    std::printf("%s %.4f %s\n", l.name.c_str(), median, pd.impl_info_str());
    std::fflush(stdout);
  }
  return 0;
}

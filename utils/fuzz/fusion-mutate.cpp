//===- fusion-mutate.cpp - structured mutants of MLIR test files ----------===//
///
/// \file
/// Reads one MLIR file, picks one of its `// -----` chunks, applies one to
/// three mutations chosen by the seed and prints the mutant. The mutations
/// are the ones hostile or careless inputs make: a shape changed everywhere
/// it occurs (so that the file still verifies and later passes see it), one
/// integer or float literal replaced by an edge value (0, -1, 2^62,
/// INT64_MIN, inf, NaN, 3e38, 1e-30, ...), an element type swapped, two SSA
/// operands swapped, a line dropped or doubled. The same seed and file give
/// the same mutant, so a finding is reproduced by its seed alone.
///
/// Plain C++ with no LLVM dependency: it is a test tool, and a mutator that
/// crashed on its own would hide what it is meant to find.
///
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Integers the verifiers and passes divide by, index with or multiply.
const char *const kEdgeIntegers[] = {
    "0",          "1",          "-1",         "2",
    "3",          "7",          "64",         "65",
    "1024",       "65535",      "65536",      "2147483647",
    "2147483648", "4294967296", "4611686018427387904",
    "9223372036854775807",      "-9223372036854775808"};

/// Floats that make a normalization or a decode non-finite or degenerate.
const char *const kEdgeFloats[] = {
    "0.0",     "-0.0",   "1.0e-30", "3.0e38",    "-1.0",
    "1.0e+10", "1.0e-45", "0x7F800000", "0xFF800000", "0x7FC00000"};

const char *const kElementTypes[] = {"f32", "f16", "bf16", "f64", "i32",
                                     "i8",  "i1",  "index"};

/// A dimension of a shape, replaced wherever the shape occurs.
const char *const kEdgeDims[] = {"0", "1", "2", "3", "5", "?", "65536",
                                 "1000000"};

struct Mutator {
  std::mt19937_64 rng;
  std::string text;
  std::vector<std::string> applied;

  explicit Mutator(uint64_t seed, std::string text)
      : rng(seed), text(std::move(text)) {}

  size_t pick(size_t n) {
    return std::uniform_int_distribution<size_t>(0, n - 1)(rng);
  }

  template <size_t N> const char *pickFrom(const char *const (&values)[N]) {
    return values[pick(N)];
  }

  /// All matches of `re` in the text, as (position, length).
  std::vector<std::pair<size_t, size_t>> find(const std::regex &re,
                                              size_t group = 0) {
    std::vector<std::pair<size_t, size_t>> found;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re);
         it != std::sregex_iterator(); ++it)
      found.push_back({size_t(it->position(group)), size_t(it->length(group))});
    return found;
  }

  /// One match (group `group`) of `re` replaced by one of `values`.
  template <size_t N>
  bool replaceOne(const std::regex &re, size_t group,
                  const char *const (&values)[N], const char *what) {
    auto found = find(re, group);
    if (found.empty())
      return false;
    auto [pos, len] = found[pick(found.size())];
    std::string value = pickFrom(values);
    applied.push_back(std::string(what) + " '" + text.substr(pos, len) +
                      "' -> " + value);
    text.replace(pos, len, value);
    return true;
  }

  /// One integer literal (not inside a name, a shape or a float).
  bool mutateInteger() {
    static const std::regex integer(
        R"((^|[^A-Za-z0-9_%#.x\-])(-?[0-9]+)(?![0-9.eEx]))");
    return replaceOne(integer, 2, kEdgeIntegers, "integer");
  }

  /// One float literal.
  bool mutateFloat() {
    static const std::regex real(
        R"((-?[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?|0x[0-9A-Fa-f]{8}))");
    return replaceOne(real, 1, kEdgeFloats, "float");
  }

  /// One dimension of one shape, changed everywhere the shape occurs.
  bool mutateShape() {
    static const std::regex shape(R"(<((?:[0-9?]+x)+)([a-z][a-z0-9]*)>)");
    auto found = find(shape, 1);
    if (found.empty())
      return false;
    auto [pos, len] = found[pick(found.size())];
    std::string dims = text.substr(pos, len);
    std::vector<std::string> parts;
    std::stringstream in(dims);
    for (std::string d; std::getline(in, d, 'x');)
      if (!d.empty())
        parts.push_back(d);
    if (parts.empty())
      return false;
    size_t which = pick(parts.size());
    std::string old = parts[which];
    parts[which] = pickFrom(kEdgeDims);
    std::string mutated;
    for (const std::string &p : parts)
      mutated += p + "x";
    replaceShape("<" + dims, "<" + mutated);
    applied.push_back("shape <" + dims + "...> dim " + std::to_string(which) +
                      " " + old + " -> " + parts[which]);
    return true;
  }

  /// One element type, changed at one occurrence or everywhere.
  bool mutateElementType() {
    static const std::regex type(R"(\b(f32|f16|bf16|f64)\b)");
    auto found = find(type, 1);
    if (found.empty())
      return false;
    auto [pos, len] = found[pick(found.size())];
    std::string old = text.substr(pos, len);
    std::string value = pickFrom(kElementTypes);
    if (pick(2)) {
      replaceAllWords(old, value);
      applied.push_back("element type " + old + " -> " + value +
                        " everywhere");
    } else {
      text.replace(pos, len, value);
      applied.push_back("element type " + old + " -> " + value + " once");
    }
    return true;
  }

  /// Two SSA operands of one line swapped.
  bool swapOperands() {
    static const std::regex pair(R"((%[A-Za-z0-9_]+)(, )(%[A-Za-z0-9_]+))");
    auto found = find(pair);
    if (found.empty())
      return false;
    auto [pos, len] = found[pick(found.size())];
    std::smatch m;
    std::string span = text.substr(pos, len);
    if (!std::regex_match(span, m, pair))
      return false;
    text.replace(pos, len, m[3].str() + ", " + m[1].str());
    applied.push_back("swapped " + m[1].str() + " and " + m[3].str());
    return true;
  }

  /// One line dropped or doubled (never a RUN or CHECK line: they are
  /// comments and mean nothing here).
  bool mutateLine() {
    std::vector<size_t> starts{0};
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n' && i + 1 < text.size())
        starts.push_back(i + 1);
    size_t line = starts[pick(starts.size())];
    size_t end = text.find('\n', line);
    end = end == std::string::npos ? text.size() : end + 1;
    std::string content = text.substr(line, end - line);
    if (pick(2)) {
      text.erase(line, end - line);
      applied.push_back("dropped line '" + trim(content) + "'");
    } else {
      text.insert(line, content);
      applied.push_back("doubled line '" + trim(content) + "'");
    }
    return true;
  }

  /// Replaces the dims `from` ("<1x3x") of every shape that has exactly
  /// them (the element type follows), not of longer shapes they begin.
  void replaceShape(const std::string &from, const std::string &to) {
    size_t at = text.find(from);
    while (at != std::string::npos) {
      size_t next = at + from.size();
      if (next < text.size() && text[next] >= 'a' && text[next] <= 'z') {
        text.replace(at, from.size(), to);
        next = at + to.size();
      }
      at = text.find(from, next);
    }
  }

  void replaceAllWords(const std::string &from, const std::string &to) {
    std::regex word("\\b" + from + "\\b");
    text = std::regex_replace(text, word, to);
  }

  static std::string trim(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
      s.pop_back();
    size_t first = s.find_first_not_of(' ');
    s = first == std::string::npos ? "" : s.substr(first);
    return s.size() > 60 ? s.substr(0, 60) + "..." : s;
  }

  void run() {
    size_t count = 1 + pick(3);
    for (size_t i = 0; i < count; ++i) {
      // Weighted: shapes and numbers find the most.
      size_t kind = pick(10);
      bool done = kind < 3   ? mutateShape()
                  : kind < 6 ? mutateInteger()
                  : kind < 8 ? mutateFloat()
                  : kind < 9 ? mutateElementType()
                  : pick(2)  ? swapOperands()
                             : mutateLine();
      if (!done)
        mutateLine();
    }
  }
};

/// The `// -----` chunks of a file (one chunk when it has none), without
/// comment lines.
std::vector<std::string> splitChunks(const std::string &text) {
  std::vector<std::string> chunks;
  std::string current;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("// -----", 0) == 0) {
      chunks.push_back(current);
      current.clear();
      continue;
    }
    // Comments (RUN, CHECK, expected-* lines) mean nothing to a mutant, and
    // an expected-remark that no longer holds would stop the tools early.
    size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, 2, "//") == 0)
      continue;
    current += line + "\n";
  }
  chunks.push_back(current);
  return chunks;
}

int usage() {
  std::cerr << "usage: fusion-mutate <file.mlir> <seed> [--log]\n"
               "Prints a mutant of one `// -----` chunk of the file; with "
               "--log, the mutations applied go to stderr.\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3)
    return usage();
  std::ifstream file(argv[1]);
  if (!file) {
    std::cerr << "fusion-mutate: cannot read " << argv[1] << "\n";
    return 2;
  }
  char *end = nullptr;
  uint64_t seed = std::strtoull(argv[2], &end, 10);
  if (!end || *end)
    return usage();
  bool log = argc > 3 && std::string(argv[3]) == "--log";
  std::stringstream buffer;
  buffer << file.rdbuf();
  std::vector<std::string> chunks = splitChunks(buffer.str());
  std::mt19937_64 chooser(seed ^ 0x9e3779b97f4a7c15ull);
  size_t chunk = std::uniform_int_distribution<size_t>(0, chunks.size() - 1)(
      chooser);
  Mutator mutator(seed, chunks[chunk]);
  mutator.run();
  if (log)
    for (const std::string &m : mutator.applied)
      std::cerr << "chunk " << chunk << ": " << m << "\n";
  std::cout << mutator.text;
  return 0;
}

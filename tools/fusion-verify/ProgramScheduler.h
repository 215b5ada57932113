//===- ProgramScheduler.h - three programs' steps on fewer cores --*- C++
//-*-===//
///
/// fusion-verify compiles three programs and runs each on every frame. Their
/// costs differ by 4x (the fused program against the two upstream ones), so
/// running the three of a frame together and waiting for the slowest leaves
/// cores idle on every frame, and so does waiting for the slowest compile
/// before any run. Here each program is a sequence of steps (its compile,
/// then one step per frame) run in order, one at a time per program (an
/// engine runs one frame at a time); whenever a worker is free it takes the
/// ready step of the program with the most estimated work left (longest
/// remaining first), so a program's runs start as soon as it is compiled and
/// the cores stay busy until the end. A program runs at most `window` frames
/// ahead of the frames the caller has consumed, which bounds the outputs in
/// flight.
///
//===----------------------------------------------------------------------===//
#ifndef FUSION_VERIFY_PROGRAMSCHEDULER_H
#define FUSION_VERIFY_PROGRAMSCHEDULER_H

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace fusion_verify {

class ProgramScheduler {
public:
  struct Program {
    /// Builds the program; false when it failed (the step said why).
    std::function<bool()> compile;
    /// Runs frame `f`; false when it failed (the step said why).
    std::function<bool(size_t f)> run;
  };

  ProgramScheduler(unsigned workers, size_t frames, size_t window)
      : workerCount(workers ? workers : 1), frameCount(frames),
        window(window ? window : 1) {}
  ~ProgramScheduler() { join(); }

  void add(Program program) { programs.push_back({std::move(program)}); }

  /// Starts the workers; add every program first.
  void start() {
    for (unsigned i = 0; i < workerCount; ++i)
      workers.emplace_back([this] { work(); });
  }

  /// Blocks until every program ran frame `f` (true) or a step failed
  /// (false).
  bool waitForFrame(size_t f) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] {
      if (failedStep)
        return true;
      for (const State &p : programs)
        if (p.framesDone <= f)
          return false;
      return true;
    });
    return !failedStep;
  }

  /// The caller is done with frame `f`'s outputs: their slot may be reused.
  void consume(size_t f) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      consumed = f + 1;
    }
    changed.notify_all();
  }

  /// Waits for the workers (after a failure, for the steps in progress).
  void join() {
    for (std::thread &t : workers)
      if (t.joinable())
        t.join();
  }

private:
  struct State {
    Program program;
    bool compiled = false, busy = false;
    size_t framesDone = 0;
    double frameSeconds = 0;
  };

  /// A program's remaining work in seconds: measured per frame once it ran
  /// one, otherwise the mean of the programs that did (1 s before any).
  double remaining(const State &p, double meanFrame) const {
    double perFrame = p.framesDone ? p.frameSeconds / p.framesDone : meanFrame;
    return (p.compiled ? 0.0 : 1.0) +
           double(frameCount - p.framesDone) * perFrame;
  }

  /// The program whose next step should run now, or null.
  State *pick() {
    double sum = 0;
    unsigned measured = 0;
    for (const State &p : programs)
      if (p.framesDone) {
        sum += p.frameSeconds / p.framesDone;
        ++measured;
      }
    double meanFrame = measured ? sum / measured : 1.0;
    State *best = nullptr;
    double bestWork = -1;
    for (State &p : programs) {
      bool ready =
          !p.busy && (!p.compiled || (p.framesDone < frameCount &&
                                      p.framesDone < consumed + window));
      if (!ready)
        continue;
      double work = remaining(p, meanFrame);
      if (work > bestWork) {
        best = &p;
        bestWork = work;
      }
    }
    return best;
  }

  bool allDone() const {
    for (const State &p : programs)
      if (p.busy || !p.compiled || p.framesDone < frameCount)
        return false;
    return true;
  }

  void work() {
    std::unique_lock<std::mutex> lock(mutex);
    while (true) {
      State *next = nullptr;
      changed.wait(lock, [&] {
        if (failedStep || allDone())
          return true;
        next = pick();
        return next != nullptr;
      });
      if (!next)
        return;
      next->busy = true;
      bool compile = !next->compiled;
      size_t frame = next->framesDone;
      lock.unlock();
      auto begin = std::chrono::steady_clock::now();
      bool ok = compile ? next->program.compile() : next->program.run(frame);
      double seconds = std::chrono::duration<double>(
                           std::chrono::steady_clock::now() - begin)
                           .count();
      lock.lock();
      next->busy = false;
      if (!ok)
        failedStep = true;
      else if (compile) {
        next->compiled = true;
      } else {
        ++next->framesDone;
        next->frameSeconds += seconds;
      }
      changed.notify_all();
    }
  }

  unsigned workerCount;
  size_t frameCount, window;
  std::vector<State> programs;
  std::vector<std::thread> workers;
  std::mutex mutex;
  std::condition_variable changed;
  size_t consumed = 0;
  bool failedStep = false;
};

} // namespace fusion_verify

#endif // FUSION_VERIFY_PROGRAMSCHEDULER_H

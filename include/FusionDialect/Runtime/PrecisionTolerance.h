//===- PrecisionTolerance.h - what a precision policy allows --*- C++ -*-===//
///
/// \file
/// How much error one product of a precision policy may carry, as a unit
/// roundoff, by the policy's name: the checkers (fusion-verify on the host,
/// fusion-gpu-run on the GPU) derive their tolerance from it, so a policy's
/// tolerance is written once.
///
/// Plain C++: the runner includes it on machines without MLIR.
///
//===----------------------------------------------------------------------===//
#ifndef FUSIONDIALECT_RUNTIME_PRECISIONTOLERANCE_H
#define FUSIONDIALECT_RUNTIME_PRECISIONTOLERANCE_H

#include <cmath>
#include <optional>
#include <string_view>

namespace mlir::fusion {

/// The unit roundoff of one product under the policy named `policy`: none
/// beyond the types' own for fp32 and native (f16 and bf16 products are
/// exact in f32); 2^-11 for tf32 (each operand rounded to 10 mantissa bits,
/// to nearest); 2^-20 for tf32x3 (the remainders rounded too and their
/// product dropped: 3 x 2^-22 at most). nullopt for an unknown name.
inline std::optional<double> precisionRoundoff(std::string_view policy) {
  if (policy == "fp32" || policy == "native")
    return 0.0;
  if (policy == "tf32")
    return std::ldexp(1.0, -11);
  if (policy == "tf32x3")
    return std::ldexp(1.0, -20);
  return std::nullopt;
}

/// The relative tolerance a check takes under a policy of unit roundoff
/// `roundoff` when none is given: eight roundoffs, never below the type's
/// own `typeTolerance`.
inline double policyRelTolerance(double typeTolerance, double roundoff) {
  return std::fmax(typeTolerance, 8.0 * roundoff);
}

/// How much wider than f32's (2^-24) the noise of a program under the
/// policy may be: its products' roundoff over f32's, at least 1.
inline double policyNoiseWidening(double roundoff) {
  return std::fmax(1.0, roundoff / std::ldexp(1.0, -24));
}

} // namespace mlir::fusion

#endif // FUSIONDIALECT_RUNTIME_PRECISIONTOLERANCE_H

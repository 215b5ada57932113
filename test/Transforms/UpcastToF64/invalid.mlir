// A constant whose data cannot be read is refused by name, not widened
// wrongly.
// RUN: fusion-opt %s --fusion-upcast-to-f64 -verify-diagnostics

func.func @opaque() -> tensor<2xf32> {
  // expected-error @+1 {{cannot widen this constant to f64}}
  %c = arith.constant dense_resource<missing_blob> : tensor<2xf32>
  return %c : tensor<2xf32>
}

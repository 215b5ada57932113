//===- FusionDialect.cpp - fusion dialect registration --------------------===//
#include "FusionDialect/IR/FusionDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::fusion;

#include "FusionDialect/IR/FusionDialect.cpp.inc"
#include "FusionDialect/IR/FusionEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "FusionDialect/IR/FusionAttrs.cpp.inc"

void FusionDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "FusionDialect/IR/FusionAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "FusionDialect/IR/FusionOps.cpp.inc"
      >();
}

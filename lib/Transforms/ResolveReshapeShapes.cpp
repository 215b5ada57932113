//===- ResolveReshapeShapes.cpp - a tosa.reshape's -1 made explicit -------===//
///
/// TOSA lets one entry of a `tosa.reshape`'s shape be -1, the size the
/// element count implies. Upstream's reshape folding builds a tensor type
/// from that shape as written, -1 included, and the constant it folds to
/// crashes the printer and the verifier (`mlir-opt --canonicalize` on a
/// reshape of a constant by `[1, 1, 1, -1]`). Where the result type is
/// static it already says what -1 stands for: this pass gives such a
/// reshape the result type's shape, before any pass of ours or upstream's
/// folds it. The meaning is unchanged; a reshape whose result is not static
/// is left as it is.
///
//===----------------------------------------------------------------------===//
#include "FusionDialect/Transforms/Passes.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Matchers.h"

namespace mlir::fusion {
#define GEN_PASS_DEF_RESOLVERESHAPESHAPES
#include "FusionDialect/Transforms/Passes.h.inc"
} // namespace mlir::fusion

using namespace mlir;

namespace {
struct ResolveReshapeShapesPass
    : public mlir::fusion::impl::ResolveReshapeShapesBase<
          ResolveReshapeShapesPass> {
  void runOnOperation() override {
    getOperation()->walk([](tosa::ReshapeOp reshape) {
      auto result = dyn_cast<RankedTensorType>(reshape.getType());
      DenseElementsAttr shape;
      if (!result || !result.hasStaticShape() ||
          !matchPattern(reshape.getShape(), m_Constant(&shape)) ||
          llvm::none_of(shape.getValues<APInt>(),
                        [](const APInt &v) { return v.isAllOnes(); }))
        return;
      OpBuilder b(reshape);
      int64_t rank = result.getRank();
      auto values = DenseIntElementsAttr::get(
          RankedTensorType::get({rank}, b.getIndexType()), result.getShape());
      reshape.getShapeMutable().assign(tosa::ConstShapeOp::create(
          b, reshape.getLoc(), tosa::shapeType::get(b.getContext(), rank),
          values));
    });
  }
};
} // namespace

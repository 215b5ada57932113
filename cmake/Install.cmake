# cmake --install: headers (with the generated .inc), the static libraries,
# the tools, the mlir-opt plugin and the CMake package. Nothing installed
# names a path in the build tree (test/Embedding checks it).
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(FUSION_LIBRARIES FusionIR FusionAnalysis FusionTransforms FusionPipelines
  FusionRunner)
foreach(lib ${FUSION_LIBRARIES})
  target_include_directories(${lib} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

# One target to link: every library, C++17.
add_library(FusionDialect INTERFACE)
target_link_libraries(FusionDialect INTERFACE ${FUSION_LIBRARIES})
target_compile_features(FusionDialect INTERFACE cxx_std_17)

install(TARGETS ${FUSION_LIBRARIES} FusionDialect
  EXPORT FusionDialectTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS FusionPlugin LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS fusion-opt fusion-verify fusion-compile fusion-bench
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET fusion-gpu-run)
  install(TARGETS fusion-gpu-run RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(TARGETS FusionCudaRuntime LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/FusionDialect
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/FusionDialect
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc" PATTERN "CMakeFiles" EXCLUDE)

set(FUSION_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/FusionDialect)
install(EXPORT FusionDialectTargets NAMESPACE FusionDialect::
  DESTINATION ${FUSION_CMAKE_DIR})

# Read from the sources, so the package says what the code says.
file(STRINGS ${PROJECT_SOURCE_DIR}/include/FusionDialect/IR/FusionBase.td
  _dialect_version REGEX "kVersion = [0-9]+")
string(REGEX MATCH "[0-9]+" FUSION_DIALECT_VERSION "${_dialect_version}")
file(STRINGS ${PROJECT_SOURCE_DIR}/include/FusionDialect/Transforms/FusionReport.h
  _schema_version REGEX "kSchemaVersion = [0-9]+")
string(REGEX MATCH "[0-9]+" FUSION_REPORT_SCHEMA_VERSION "${_schema_version}")

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/FusionDialectConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/FusionDialectConfig.cmake
  INSTALL_DESTINATION ${FUSION_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_LIBDIR)
# 0.x: a minor release may change the C++ API (docs/Embedding.md).
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/FusionDialectConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/FusionDialectConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/FusionDialectConfigVersion.cmake
  DESTINATION ${FUSION_CMAKE_DIR})

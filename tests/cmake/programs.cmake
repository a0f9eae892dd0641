# The four programs of the CMake test projects (consumer/: the installed package, subproject/:
# the repository as a subproject), included by both: the repository's C and C++ examples built
# against both targets, sudoku::sudoku and sudoku::sudoku_static, warnings fatal.
#   SUDOKU_EXAMPLES_DIR  the repository's examples/ folder (the sources)
set(warnings -Wall -Wextra -Wpedantic -Werror)

add_executable(solve_file_shared "${SUDOKU_EXAMPLES_DIR}/solve_file.c")
target_link_libraries(solve_file_shared PRIVATE sudoku::sudoku)
add_executable(solve_file_static "${SUDOKU_EXAMPLES_DIR}/solve_file.c")
target_link_libraries(solve_file_static PRIVATE sudoku::sudoku_static)
set_target_properties(solve_file_shared solve_file_static PROPERTIES
  C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)

add_executable(solve_cpp_shared "${SUDOKU_EXAMPLES_DIR}/solve.cpp")
target_link_libraries(solve_cpp_shared PRIVATE sudoku::sudoku)
add_executable(solve_cpp_static "${SUDOKU_EXAMPLES_DIR}/solve.cpp")
target_link_libraries(solve_cpp_static PRIVATE sudoku::sudoku_static)
set_target_properties(solve_cpp_shared solve_cpp_static PROPERTIES
  CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)

foreach(program IN ITEMS solve_file_shared solve_file_static solve_cpp_shared solve_cpp_static)
  target_compile_options(${program} PRIVATE ${warnings})
endforeach()

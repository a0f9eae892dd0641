# The four programs of the CMake test projects (consumer/: the installed package, subproject/:
# the repository as a subproject), included by both: the repository's C and C++ examples built
# against both targets, sudoku::sudoku (NAME_shared) and sudoku::sudoku_static (NAME_static),
# warnings fatal.
#   SUDOKU_EXAMPLES_DIR  the repository's examples/ folder (the sources)

# NAME_shared and NAME_static from SOURCE in language LANG (C or CXX) at STANDARD.
function(sudoku_example name source lang standard)
  foreach(kind IN ITEMS shared static)
    set(program ${name}_${kind})
    add_executable(${program} "${SUDOKU_EXAMPLES_DIR}/${source}")
    if(kind STREQUAL "shared")
      target_link_libraries(${program} PRIVATE sudoku::sudoku)
    else()
      target_link_libraries(${program} PRIVATE sudoku::sudoku_static)
    endif()
    set_target_properties(${program} PROPERTIES
      ${lang}_STANDARD ${standard} ${lang}_STANDARD_REQUIRED ON ${lang}_EXTENSIONS OFF)
    target_compile_options(${program} PRIVATE -Wall -Wextra -Wpedantic -Werror)
  endforeach()
endfunction()

sudoku_example(solve_file solve_file.c C 99)
sudoku_example(solve_cpp solve.cpp CXX 17)

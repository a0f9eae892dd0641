# cmake -P script (run by tests/install.rs): the installed sudokuConfigVersion.cmake must answer
# every find_package request as the file CMake's own write_basic_package_version_file() writes
# (SameMinorVersion below 1.0, SameMajorVersion from then on), for the installed version and, with
# the version string replaced, for others on both sides of 1.0; and for projects of each pointer
# size (EXACT too, for single versions). Prints "compared N, found M" on success.
#   INSTALLED      the installed sudokuConfigVersion.cmake
#   VERSION        the version it was written for (from Cargo.toml)
#   SIZEOF_VOID_P  the pointer size of the library (bytes)
#   WORK           an empty scratch folder
include(CMakePackageConfigHelpers)

file(READ "${INSTALLED}" installed)
string(FIND "${installed}" "\"${VERSION}\"" first)
string(FIND "${installed}" "\"${VERSION}\"" last REVERSE)
if(first EQUAL -1 OR NOT first EQUAL last)
  message(FATAL_ERROR "${INSTALLED} must quote the version ${VERSION} exactly once")
endif()

set(requests 0 0.1 0.1.0 0.1.1 0.0.9 0.2 0.3 0.3.6 0.3.7 0.3.8 0.4 1 1.0 1.2 1.2.3 1.2.4 1.3 2 2.0.0
  2.0.1 3 0.1...0.2 0.1...<0.2 0.1...<0.3 0.0...0.1 0.1...0.1.5 0.1.0...<0.1.1 0.3...<0.4
  0.3.0...0.3.7 0.3.7...0.3.7 0.3...0.3.6 1...<2 1.0...1.9 1...2 1.2...<3 1.2.3...1.2.3
  2.0...<3 2...2.5 1.9...<2.1 0.1...<1)
set(compared 0)
set(found 0)
foreach(version IN ITEMS "${VERSION}" 0.3.7 1.2.3 2.0.0)
  string(REPLACE "." "_" tag "${version}")
  # Ours, with the version replaced; CMake's, with the rule for the version's major.
  string(REPLACE "\"${VERSION}\"" "\"${version}\"" ours "${installed}")
  file(WRITE "${WORK}/ours_${tag}/ours_${tag}ConfigVersion.cmake" "${ours}")
  file(WRITE "${WORK}/ours_${tag}/ours_${tag}Config.cmake" "")
  if(version MATCHES "^0\\.")
    set(rule SameMinorVersion)
  else()
    set(rule SameMajorVersion)
  endif()
  set(CMAKE_SIZEOF_VOID_P "${SIZEOF_VOID_P}")
  write_basic_package_version_file("${WORK}/cmake_${tag}/cmake_${tag}ConfigVersion.cmake"
    VERSION "${version}" COMPATIBILITY ${rule})
  file(WRITE "${WORK}/cmake_${tag}/cmake_${tag}Config.cmake" "")

  foreach(pointer_size IN ITEMS "" 4 8)
    set(CMAKE_SIZEOF_VOID_P "${pointer_size}")
    foreach(request IN LISTS requests)
      foreach(exact IN ITEMS "" EXACT)
        if(exact AND request MATCHES "\\.\\.\\.")
          continue() # EXACT takes no range
        endif()
        foreach(package IN ITEMS ours cmake)
          unset(${package}_${tag}_FOUND)
          unset(${package}_${tag}_VERSION)
          unset(${package}_${tag}_DIR)
          find_package(${package}_${tag} ${request} ${exact} CONFIG QUIET
            PATHS "${WORK}/${package}_${tag}" NO_DEFAULT_PATH)
        endforeach()
        set(case "version ${version}, request ${request} ${exact}, pointer size '${pointer_size}'")
        if(NOT "${ours_${tag}_FOUND}" STREQUAL "${cmake_${tag}_FOUND}"
            OR NOT "${ours_${tag}_VERSION}" STREQUAL "${cmake_${tag}_VERSION}")
          message(FATAL_ERROR "${case}: found '${ours_${tag}_FOUND}' (version "
            "'${ours_${tag}_VERSION}'), CMake's rule finds '${cmake_${tag}_FOUND}' "
            "(version '${cmake_${tag}_VERSION}')")
        endif()
        math(EXPR compared "${compared} + 1")
        if(ours_${tag}_FOUND)
          math(EXPR found "${found} + 1")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()
message("compared ${compared}, found ${found}")

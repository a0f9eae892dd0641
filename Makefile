# libsudoku: build the Rust library and the C examples, run the main job, run every test.
#
#   make          same as make build
#   make build    cargo build --release, then each C example in examples/ twice into build/:
#                 build/NAME linked statically (libsudoku.a) and build/NAME-shared linked against
#                 libsudoku.so (with an rpath, so it runs without LD_LIBRARY_PATH); and the C++
#                 example as build/solve_cpp (shared)
#   make run      build, then solve the embedded puzzle with build/solve
#   make test     every test (Rust unit and integration tests, C examples, Python ctypes)
#   make lint     cargo fmt --check, cargo clippy (every crate and target, the fuzz crate too) and
#                 cargo doc of the library (its links), warnings as errors
#   make python-package-test  build the Python package's wheel (pip, setuptools-rust), install
#                 it with NumPy into a fresh virtual environment under build/ and run the module
#                 suite against it (tests/python/package_test.sh; needs the package registry)
#   make clean    remove build/, cargo's target directory and the Python package's build files
#   make install  build the library, then install the header, libsudoku.a, libsudoku.so (with its
#                 soname link), sudoku.pc, the CMake package (sudokuConfig.cmake and
#                 sudokuConfigVersion.cmake), the man pages (man/man3) and the licence texts
#                 (share/doc/libsudoku) under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local)
#   make uninstall  remove exactly the files make install wrote
#   make help     list these targets and the main variables
#
# CARGO_TARGET_DIR is honoured when set (the library is then taken from $CARGO_TARGET_DIR/release).
# LIB_DIR=DIR takes the built libraries from DIR instead; with CARGO=true nothing is built, so
# `make install CARGO=true LIB_DIR=DIR` installs libraries built earlier.

CARGO ?= cargo
CC ?= cc
CXX ?= c++
CFLAGS ?= -O2
CXXFLAGS ?= -O2
# The examples are C99 (and one C++17) and must build warning-free.
EXAMPLE_CFLAGS := -std=c99 -Wall -Wextra -Wpedantic -Werror
EXAMPLE_CXXFLAGS := -std=c++17 -Wall -Wextra -Wpedantic -Werror

TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
LIB_DIR := $(TARGET_DIR)/release
LIB_A := $(LIB_DIR)/libsudoku.a
LIB_SO := $(LIB_DIR)/libsudoku.so
# System libraries the Rust standard library inside libsudoku.a needs on Linux/glibc, as listed by
# `cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs`.
STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl
SHARED_LIBS := -L$(LIB_DIR) -lsudoku -Wl,-rpath,$(abspath $(LIB_DIR))

# The version comes from Cargo.toml. build.rs links libsudoku.so with the soname SONAME (as
# cargo-c names it: libsudoku.so.MAJOR, or libsudoku.so.0.MINOR below 1.0), so programs linked
# against it load SONAME at run time: the build folder gets a link of that name too.
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
VERSION_MAJOR := $(word 1,$(subst ., ,$(VERSION)))
VERSION_MINOR := $(word 2,$(subst ., ,$(VERSION)))
SONAME := libsudoku.so.$(if $(filter 0,$(VERSION_MAJOR)),0.$(VERSION_MINOR),$(VERSION_MAJOR))
SO_FILE := libsudoku.so.$(VERSION)

# Installation directories (GNU conventions); DESTDIR is prepended for staged installs.
PREFIX ?= /usr/local
DESTDIR ?=
INCLUDEDIR ?= $(PREFIX)/include
LIBDIR ?= $(PREFIX)/lib
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR ?= $(LIBDIR)/cmake/sudoku
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/libsudoku
INSTALL ?= install
# ldconfig lists the folders the loader searches (make install's last line); /sbin is often not
# on a user's PATH.
LDCONFIG ?= $(or $(shell command -v ldconfig 2>/dev/null),/sbin/ldconfig)
# Libs.private of sudoku.pc: STATIC_LIBS without -lgcc_s. The C compiler driver links libgcc_s
# (or, with -static, libgcc_eh, which has no shared twin) itself, and an explicit -lgcc_s makes
# `cc -static ... $(pkg-config --static --libs sudoku)` fail, as there is no libgcc_s.a.
PC_LIBS_PRIVATE := $(filter-out -lgcc_s,$(STATIC_LIBS))

# The CMake package (cmake/*.cmake.in) finds the prefix from its own folder, so an installed tree
# can move: CMAKE_PREFIX_FROM_DIR climbs from CMAKEDIR to PREFIX ('..' per folder), and the
# include and library folders are given below that prefix. A folder set outside PREFIX is
# written as it is (absolute).
empty :=
space := $(empty) $(empty)
CMAKE_PREFIX_FROM_DIR = $(if $(filter $(PREFIX)/%,$(CMAKEDIR)),$${CMAKE_CURRENT_LIST_DIR}$(subst $(space),,$(foreach part,$(subst /, ,$(patsubst $(PREFIX)/%,%,$(CMAKEDIR))),/..)),$(PREFIX))
cmake_in_prefix = $(if $(filter $(PREFIX)/%,$(1)),$${_sudoku_prefix}/$(patsubst $(PREFIX)/%,%,$(1)),$(1))
# The imported static target's INTERFACE_LINK_LIBRARIES: Libs.private as a CMake list.
CMAKE_STATIC_LIBS := $(subst $(space),;,$(patsubst -l%,%,$(PC_LIBS_PRIVATE)))

# The man pages (hand-written in man(7) source): sudoku(3), a page per function group, and a
# .so link page per other function name.
MAN3_PAGES := $(sort $(notdir $(wildcard man/man3/*.3)))

# make and the shell split a path with white space into several words, so install and uninstall
# refuse one before writing or deleting anything.
ifneq ($(filter install uninstall,$(MAKECMDGOALS)),)
$(foreach v,DESTDIR PREFIX INCLUDEDIR LIBDIR PKGCONFIGDIR CMAKEDIR MANDIR DOCDIR,$(if $(word 2,$($(v))),$(error $(v)='$($(v))' holds white space; make install and make uninstall need paths without it)))
endif

# The licence texts (the library is MIT OR Apache-2.0, at the user's option).
LICENSES := LICENSE-MIT LICENSE-APACHE

# Everything make install writes, for make uninstall.
INSTALLED := $(DESTDIR)$(INCLUDEDIR)/sudoku.h $(DESTDIR)$(LIBDIR)/libsudoku.a \
	$(DESTDIR)$(LIBDIR)/$(SO_FILE) $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libsudoku.so \
	$(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc \
	$(DESTDIR)$(CMAKEDIR)/sudokuConfig.cmake $(DESTDIR)$(CMAKEDIR)/sudokuConfigVersion.cmake \
	$(addprefix $(DESTDIR)$(MANDIR)/man3/,$(MAN3_PAGES)) \
	$(addprefix $(DESTDIR)$(DOCDIR)/,$(LICENSES))

BUILD_DIR := build
EXAMPLES := solve solve_file count canon generate rate hint
STATIC_BINS := $(addprefix $(BUILD_DIR)/,$(EXAMPLES))
SHARED_BINS := $(addsuffix -shared,$(STATIC_BINS))

.PHONY: all build run test lint python-package-test clean install uninstall help FORCE

all: build

build: $(STATIC_BINS) $(SHARED_BINS) $(BUILD_DIR)/solve_cpp

# The phony target `build` and the directory build/ share a name, so the directory is made in
# the recipes rather than by a rule of its own.
# Cargo decides what is stale, so it always runs (a no-op when the library is current); the
# examples relink only when the library files actually changed.
$(LIB_A): FORCE
	$(CARGO) build --release
$(LIB_SO): $(LIB_A)
# The soname link in the build folder, for the shared examples (make follows the link, so it is
# made only when missing).
$(LIB_DIR)/$(SONAME): $(LIB_SO)
	ln -sf libsudoku.so $@

# The library folder the examples were last linked from. It is rewritten only when it changes
# (another CARGO_TARGET_DIR or LIB_DIR), and the examples depend on it: a library in the new
# folder may be older than the examples, yet they must be relinked against it (the shared ones
# also carry its path as their rpath).
LIB_STAMP := $(BUILD_DIR)/.lib-dir
$(LIB_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(abspath $(LIB_DIR))' | cmp -s - $@ || echo '$(abspath $(LIB_DIR))' > $@

$(STATIC_BINS): $(BUILD_DIR)/%: examples/%.c include/sudoku.h examples/finish_output.h examples/usage_error.h examples/option_value.h examples/parse_number.h examples/read_diagnostic.h examples/read_argument.h examples/read_all.h $(LIB_A) $(LIB_STAMP)
	@mkdir -p $(@D)
	$(CC) $(EXAMPLE_CFLAGS) $(CFLAGS) -Iinclude $< $(LIB_A) $(STATIC_LIBS) -o $@

$(SHARED_BINS): $(BUILD_DIR)/%-shared: examples/%.c include/sudoku.h examples/finish_output.h examples/usage_error.h examples/option_value.h examples/parse_number.h examples/read_diagnostic.h examples/read_argument.h examples/read_all.h $(LIB_SO) $(LIB_DIR)/$(SONAME) $(LIB_STAMP)
	@mkdir -p $(@D)
	$(CC) $(EXAMPLE_CFLAGS) $(CFLAGS) -Iinclude $< $(SHARED_LIBS) -o $@

# examples/solve.cpp, linked against libsudoku.so.
$(BUILD_DIR)/solve_cpp: examples/solve.cpp include/sudoku.h examples/read_diagnostic.h examples/read_argument.h $(LIB_SO) $(LIB_DIR)/$(SONAME) $(LIB_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(EXAMPLE_CXXFLAGS) $(CXXFLAGS) -Iinclude $< $(SHARED_LIBS) -o $@

run: build
	./$(BUILD_DIR)/solve

# One cargo invocation, so its closing line reports the whole suite.
test:
	$(CARGO) test --release --workspace

# Formatting and clippy's lints over the workspace (the library, tests, benchmarks, testkit)
# and the fuzz crate (outside the workspace: cargo-fuzz builds it on its own); CI runs it before
# the tests. Every `unsafe` block needs a `// SAFETY:` comment right above it (clippy's
# undocumented_unsafe_blocks, not on by default). Then the library's docs, private items
# included, with rustdoc's warnings as errors: a link in a doc comment to an item that was
# renamed or moved fails here.
LINTS = -D warnings -W clippy::undocumented_unsafe_blocks
lint:
	$(CARGO) fmt --all --check
	cd fuzz && $(CARGO) fmt --check
	$(CARGO) clippy --release --workspace --all-targets -- $(LINTS)
	cd fuzz && $(CARGO) clippy --release --all-targets -- $(LINTS)
	RUSTDOCFLAGS='-D warnings' $(CARGO) doc --no-deps --document-private-items -p libsudoku

# The package as pip installs it, tested outside the source tree (docs/python.md).
python-package-test:
	bash tests/python/package_test.sh

clean:
	rm -rf $(BUILD_DIR) python/build python/libsudoku.egg-info python/libsudoku/libsudoku.so
	$(CARGO) clean

# libsudoku.so.X.Y.Z is the file; SONAME (what programs load) and libsudoku.so (what -lsudoku
# finds when linking) are relative symbolic links to it.
install: $(LIB_A) $(LIB_SO) include/sudoku.h sudoku.pc.in cmake/sudokuConfig.cmake.in cmake/sudokuConfigVersion.cmake.in $(LICENSES)
	@# With CARGO=true nothing is built: check for the libraries before installing anything.
	@for lib in $(LIB_A) $(LIB_SO); do \
	    [ -f "$$lib" ] || { echo "make install: $$lib is missing: build the library first (make build) or set LIB_DIR to the folder of the built libraries; nothing was installed" >&2; exit 1; }; \
	done
	$(INSTALL) -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 644 include/sudoku.h $(DESTDIR)$(INCLUDEDIR)/sudoku.h
	$(INSTALL) -m 644 $(LIB_A) $(DESTDIR)$(LIBDIR)/libsudoku.a
	$(INSTALL) -m 755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/$(SO_FILE)
	ln -sf $(SO_FILE) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsudoku.so
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
	    -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@LIBS_PRIVATE@|$(PC_LIBS_PRIVATE)|g' sudoku.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc
	sed -e 's|@PREFIX_FROM_CMAKEDIR@|$(CMAKE_PREFIX_FROM_DIR)|g' \
	    -e 's|@CMAKEDIR_IN_PREFIX@|$(if $(filter $(PREFIX)/%,$(CMAKEDIR)),<prefix>/$(patsubst $(PREFIX)/%,%,$(CMAKEDIR)),$(CMAKEDIR))|g' \
	    -e 's|@CMAKE_INCLUDEDIR@|$(call cmake_in_prefix,$(INCLUDEDIR))|g' \
	    -e 's|@CMAKE_LIBDIR@|$(call cmake_in_prefix,$(LIBDIR))|g' \
	    -e 's|@SO_FILE@|$(SO_FILE)|g' -e 's|@SONAME@|$(SONAME)|g' \
	    -e 's|@CMAKE_STATIC_LIBS@|$(CMAKE_STATIC_LIBS)|g' \
	    cmake/sudokuConfig.cmake.in > $(DESTDIR)$(CMAKEDIR)/sudokuConfig.cmake
	@# The pointer size comes from the ELF class of the library installed (byte 4: 1 or 2).
	elf_class=$$(od -An -j4 -N1 -tu1 $(LIB_SO) | tr -d ' ') && \
	sed -e 's|@VERSION@|$(VERSION)|g' -e "s|@SIZEOF_VOID_P@|$$((elf_class * 4))|g" \
	    cmake/sudokuConfigVersion.cmake.in > $(DESTDIR)$(CMAKEDIR)/sudokuConfigVersion.cmake
	chmod 644 $(DESTDIR)$(CMAKEDIR)/sudokuConfig.cmake $(DESTDIR)$(CMAKEDIR)/sudokuConfigVersion.cmake
	$(INSTALL) -m 644 $(addprefix man/man3/,$(MAN3_PAGES)) $(DESTDIR)$(MANDIR)/man3
	$(INSTALL) -m 644 $(LICENSES) $(DESTDIR)$(DOCDIR)
	@echo 'Installed libsudoku $(VERSION) in $(DESTDIR)$(PREFIX).'
	@# The last line says how programs will find libsudoku.so at run time: whether LIBDIR is one
	@# of the folders the loader searches (those ldconfig scans, compared as real paths).
	@searched=unknown; \
	if command -v $(LDCONFIG) >/dev/null 2>&1; then \
	    searched=no; libdir=$$(realpath -m '$(LIBDIR)'); \
	    for dir in $$($(LDCONFIG) -v -N -X 2>/dev/null | sed -n 's|^\(/[^:]*\):.*|\1|p'); do \
	        [ "$$(realpath -m "$$dir")" = "$$libdir" ] && searched=yes; \
	    done; \
	fi; \
	case $$searched in \
	yes) echo 'The loader searches $(LIBDIR): run ldconfig as root so that programs find $(SONAME) (docs/install.md).';; \
	no) echo 'The loader does not search $(LIBDIR): link programs with -Wl,-rpath,$(LIBDIR) (CMake: docs/install.md), set LD_LIBRARY_PATH=$(LIBDIR), or add $(LIBDIR) to /etc/ld.so.conf.d/ and run ldconfig as root.';; \
	*) echo 'If the loader does not search $(LIBDIR), link programs with -Wl,-rpath,$(LIBDIR), set LD_LIBRARY_PATH=$(LIBDIR), or add it to /etc/ld.so.conf.d/; then run ldconfig as root (docs/install.md).';; \
	esac

# Directories are left in place: they may hold other packages' files.
uninstall:
	rm -f $(INSTALLED)
	@# The two folders named after the package are its own; every other may be shared.
	rmdir $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(DOCDIR) 2>/dev/null || true

# One line per target, then the variables a newcomer may set (printed, nothing is built).
help:
	@echo 'libsudoku: make [TARGET] [VARIABLE=value ...]   (no target: build)'
	@echo ''
	@echo 'Targets:'
	@echo '  build      cargo build --release, then the C examples into build/ (static and -shared) and build/solve_cpp'
	@echo '  run        build, then solve the embedded puzzle with build/solve'
	@echo '  test       every test: cargo test --release --workspace (Rust, C examples, header, install, Python)'
	@echo '  lint       cargo fmt --check, cargo clippy on every crate and target (the fuzz crate too), then cargo doc on the library, warnings as errors'
	@echo '  python-package-test  the Python package: wheel, fresh virtual environment (with NumPy), module suite'
	@echo '  clean      remove build/, cargo'"'"'s target directory and the Python package'"'"'s build files'
	@echo '  install    install sudoku.h, libsudoku.a, libsudoku.so (with its soname link), sudoku.pc,'
	@echo '             the CMake package (find_package(sudoku)), the man pages (man 3 sudoku) and the licences'
	@echo '  uninstall  remove exactly the files install wrote, and the package'"'"'s own folders when empty'
	@echo '  help       this text'
	@echo ''
	@echo 'Variables:'
	@echo '  PREFIX=DIR            install prefix (default /usr/local; now $(PREFIX))'
	@echo '  DESTDIR=DIR           staging root prepended to every installed path (default empty)'
	@echo '  CARGO_TARGET_DIR=DIR  cargo'"'"'s target directory, honoured when set (default target)'
	@echo '  LIB_DIR=DIR           take the built libraries from DIR (default $$CARGO_TARGET_DIR/release or target/release)'
	@echo '  CARGO=CMD             the cargo to run (default cargo); CARGO=true builds nothing, e.g.'
	@echo '                        make install CARGO=true LIB_DIR=DIR installs libraries built earlier'
	@echo '  Also: INCLUDEDIR, LIBDIR, PKGCONFIGDIR, CMAKEDIR, MANDIR, DOCDIR (install paths), CC, CXX, CFLAGS, CXXFLAGS.'
	@echo 'More: README.md and docs/.'

FORCE:

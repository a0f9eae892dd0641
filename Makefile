# libsudoku: build the Rust library and the C examples, run the main job, run every test.
#
#   make          same as make build
#   make build    cargo build --release, then each example in examples/ twice into build/:
#                 build/NAME linked statically (libsudoku.a) and build/NAME-shared linked against
#                 libsudoku.so (with an rpath, so it runs without LD_LIBRARY_PATH)
#   make run      build, then solve the embedded puzzle with build/solve
#   make test     every test (Rust unit and integration tests, C examples, Python ctypes)
#   make clean    remove build/ and cargo's target directory
#
# CARGO_TARGET_DIR is honoured when set (the library is then taken from $CARGO_TARGET_DIR/release).

CARGO ?= cargo
CC ?= cc
CFLAGS ?= -O2
# The examples are C99 and must build warning-free.
EXAMPLE_CFLAGS := -std=c99 -Wall -Wextra -Wpedantic -Werror

TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
LIB_DIR := $(TARGET_DIR)/release
LIB_A := $(LIB_DIR)/libsudoku.a
LIB_SO := $(LIB_DIR)/libsudoku.so
# System libraries the Rust standard library inside libsudoku.a needs on Linux/glibc, as listed by
# `cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs`.
STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl
SHARED_LIBS := -L$(LIB_DIR) -lsudoku -Wl,-rpath,$(abspath $(LIB_DIR))

BUILD_DIR := build
EXAMPLES := solve solve_file count
STATIC_BINS := $(addprefix $(BUILD_DIR)/,$(EXAMPLES))
SHARED_BINS := $(addsuffix -shared,$(STATIC_BINS))

.PHONY: all build run test clean FORCE

all: build

build: $(STATIC_BINS) $(SHARED_BINS)

# The phony target `build` and the directory build/ share a name, so the directory is made in
# the recipes rather than by a rule of its own.
# Cargo decides what is stale, so it always runs (a no-op when the library is current); the
# examples relink only when the library files actually changed.
$(LIB_A): FORCE
	$(CARGO) build --release
$(LIB_SO): $(LIB_A)

$(STATIC_BINS): $(BUILD_DIR)/%: examples/%.c include/sudoku.h $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(EXAMPLE_CFLAGS) $(CFLAGS) -Iinclude $< $(LIB_A) $(STATIC_LIBS) -o $@

$(SHARED_BINS): $(BUILD_DIR)/%-shared: examples/%.c include/sudoku.h $(LIB_SO)
	@mkdir -p $(@D)
	$(CC) $(EXAMPLE_CFLAGS) $(CFLAGS) -Iinclude $< $(SHARED_LIBS) -o $@

run: build
	./$(BUILD_DIR)/solve

# One cargo invocation, so its closing line reports the whole suite.
test:
	$(CARGO) test --release --workspace

clean:
	rm -rf $(BUILD_DIR)
	$(CARGO) clean

FORCE:

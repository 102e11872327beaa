# bt — build, test and install. Every target first makes sure the Debian
# packages it needs are installed (apt-get when root; otherwise it prints the
# command and stops), so a fresh clone needs only `make demo` and `make test`.
#
#   make            library, demos, tools and tests
#   make test       the Catch2 suite, the negative-compile tests, a bounded fuzz
#                   run, then the suite again under ASan+UBSan
#   make demo       builds and runs the main demo (the creatures sandbox)
#   make bench      the creatures benchmark against a hand-written baseline
#   make install PREFIX=/usr/local   headers, libbt.a, pkg-config and CMake files

CXX      ?= g++
PREFIX   ?= /usr/local
BUILD    ?= build
CXXSTD   := -std=c++20
WARN     := -Wall -Wextra -Werror
OPT      ?= -O2 -g
DEPFLAGS  = -MMD -MP
SPDLOG_CFLAGS = $(shell pkg-config --cflags spdlog 2>/dev/null)
SPDLOG_LIBS   = $(shell pkg-config --libs spdlog 2>/dev/null || echo -lspdlog -lfmt)
CPPFLAGS += -I. $(SPDLOG_CFLAGS)
CXXFLAGS += $(CXXSTD) $(WARN) $(OPT)
LDLIBS   += $(SPDLOG_LIBS) -pthread

SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# GCC 12 reports a false maybe-uninitialized inside <regex> (pulled in by Catch2) under the sanitizers.
SAN_WARN  := $(WARN) -Wno-maybe-uninitialized

DEB_PACKAGES := libboost-dev catch2 libspdlog-dev libfmt-dev libbenchmark-dev graphviz pkg-config cmake
DEPS_STAMP := $(BUILD)/.deps-ok

LIB_SRCS  := $(wildcard bt/*.cpp)
TEST_SRCS := $(wildcard tests/*.cpp)
DEMO_SRCS := $(wildcard demo/*.cpp)
DEMO_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard demo/*/*.cpp))))
TOOL_SRCS := $(filter-out tools/bench%.cpp,$(wildcard tools/*.cpp))

LIB        := $(BUILD)/libbt.a
LIB_SAN    := $(BUILD)/san/libbt.a
TESTS      := $(BUILD)/tests/bt_tests
TESTS_SAN  := $(BUILD)/san/tests/bt_tests
DEMOS      := $(patsubst demo/%.cpp,$(BUILD)/demo/%,$(DEMO_SRCS)) $(patsubst demo/%,$(BUILD)/demo/%,$(DEMO_DIRS))
TOOLS      := $(patsubst tools/%.cpp,$(BUILD)/tools/%,$(TOOL_SRCS))
MAIN_DEMO  := $(if $(wildcard demo/creatures),$(BUILD)/demo/creatures,$(BUILD)/demo/t01_first_tree)
DEMO_ARGS  ?=

.PHONY: all deps lib test test-unit test-san compile-fail demo demos tools install clean
.DEFAULT_GOAL := all
.SECONDARY:

all: lib demos tools $(TESTS)

# ------------------------------------------------------------------ packages
deps: $(DEPS_STAMP)
# Re-checked when the Makefile (and so the package list) changes; objects only wait for it.
$(DEPS_STAMP): Makefile
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "missing Debian packages; run:  sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	@mkdir -p $(@D) && touch $@

# ------------------------------------------------------------------ library
lib: $(LIB)
$(BUILD)/obj/%.o: %.cpp | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) $(DEPFLAGS) -c $< -o $@
$(BUILD)/san/obj/%.o: %.cpp | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXXSTD) $(SAN_WARN) -O1 -g $(SAN_FLAGS) $(DEPFLAGS) -c $< -o $@

$(LIB): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(LIB_SRCS))
	@mkdir -p $(@D)
	$(AR) rcs $@ $^
$(LIB_SAN): $(patsubst %.cpp,$(BUILD)/san/obj/%.o,$(LIB_SRCS))
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

# ------------------------------------------------------------------ tests
$(TESTS): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(TEST_SRCS)) $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)
$(TESTS_SAN): $(patsubst %.cpp,$(BUILD)/san/obj/%.o,$(TEST_SRCS)) $(LIB_SAN)
	@mkdir -p $(@D)
	$(CXX) $(CXXSTD) $(SAN_FLAGS) $^ -o $@ $(LDLIBS)

test: test-unit compile-fail test-install test-extra test-san

test-unit: $(TESTS) demos
	@sh tests/run_catch.sh $(TESTS) unit

test-san: $(TESTS_SAN)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 sh tests/run_catch.sh $(TESTS_SAN) asan+ubsan

# Each tests/compile_fail/*.cpp must fail to compile with the message in its `// expect:` line.
compile-fail: | $(DEPS_STAMP)
	@sh tests/compile_fail/run.sh "$(CXX) $(CPPFLAGS) $(CXXSTD) $(WARN) -fsyntax-only"

# make install, then find_package(bt) and pkg-config from a small consumer.
.PHONY: test-install
test-install: $(LIB)
	@MAKE="$(MAKE)" sh tests/install_test.sh $(BUILD)

# Further checks added by other parts of the suite (fuzz run, gdb printers, ...).
.PHONY: test-extra
test-extra:

# ------------------------------------------------------------------ demos and tools
demos: $(DEMOS)
$(BUILD)/demo/%: $(BUILD)/obj/demo/%.o $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)
define DEMO_DIR_RULE
$(BUILD)/$(1): $(patsubst %.cpp,$(BUILD)/obj/%.o,$(wildcard $(1)/*.cpp)) $(LIB)
	@mkdir -p $$(@D)
	$$(CXX) $$(CXXFLAGS) $$^ -o $$@ $$(LDLIBS) $$(DEMO_LDLIBS_$(notdir $(1)))
endef
$(foreach d,$(DEMO_DIRS),$(eval $(call DEMO_DIR_RULE,$(d))))

demo: $(MAIN_DEMO)
	$(MAIN_DEMO) $(DEMO_ARGS)

tools: $(TOOLS)
$(BUILD)/tools/%: $(BUILD)/obj/tools/%.o $(LIB)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDLIBS)


# ------------------------------------------------------------------ install
install: $(LIB)
	install -d $(DESTDIR)$(PREFIX)/include/bt/detail $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/cmake/bt
	install -m 644 bt/*.h bt/*.def $(DESTDIR)$(PREFIX)/include/bt/
	install -m 644 bt/detail/*.h $(DESTDIR)$(PREFIX)/include/bt/detail/
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	sed -e 's|@PREFIX@|$(PREFIX)|g' bt/install/bt.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/bt.pc
	sed -e 's|@PREFIX@|$(PREFIX)|g' bt/install/btConfig.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/bt/btConfig.cmake

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

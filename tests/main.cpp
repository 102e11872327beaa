// tests/main.cpp — the Catch2 runner.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

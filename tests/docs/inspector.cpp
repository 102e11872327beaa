// The wrapper of bt/inspector/README.md's fragment (tests/docs/examples_test.sh
// pastes it in place of the last line, at file scope): the game's loop it runs in.
#include <cstdint>
#include <cstdio>
#include <string>

#include "bt/inspector/inspector.h"

bool GameRuns();
void TickEveryAgent(std::int64_t frame);

// fragment

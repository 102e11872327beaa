// bt/bt.h — the one header a user of bt includes for the core and its engine.
//
// bt ticks Spore-style behavior trees: hierarchical state machines of deciders
// (which choose) and behaviors (which act), declared as constant aggregates at
// file scope and shared by every agent, each agent keeping its whole state in a
// small fixed memory block. See README.md for a first tree, bt/README.md for the
// layers. The compiled tick is its own include: bt/engine/compiled_tick.h.
#pragma once

// core: declaring a tree, its memory and its limits.
#include "bt/core/behavior.h"
#include "bt/core/config.h"
#include "bt/core/context.h"
#include "bt/core/debug_output.h"
#include "bt/core/decider.h"
#include "bt/core/kinds.h"
#include "bt/core/layout.h"
#include "bt/core/macros.h"
#include "bt/core/memory.h"
#include "bt/core/name_id.h"
#include "bt/core/preconditions.h"
#include "bt/core/refusal.h"
#include "bt/core/timestamps.h"
#include "bt/core/tree.h"
#include "bt/core/variables.h"

// engine: ticking, events, saving, and the built-in behaviors.
#include "bt/engine/builtin_behaviors.h"
#include "bt/engine/events.h"
#include "bt/engine/save.h"
#include "bt/engine/scope.h"
#include "bt/engine/signal_variables.h"
#include "bt/engine/stimuli.h"
#include "bt/engine/why.h"

// debug: reading a block and a tree back as text and pictures.
#include "bt/debug/classic_format.h"
#include "bt/debug/dot.h"
#include "bt/debug/memory_format.h"
#include "bt/debug/print.h"

// bt/bt.h — the one header a user of bt includes.
//
// bt ticks Spore-style behavior trees: hierarchical state machines of deciders
// (which choose) and behaviors (which act), declared as constant aggregates at
// file scope and shared by every agent, each agent keeping its whole state in a
// small fixed memory block. See README.md for a first tree.
#pragma once

#include "bt/behavior.h"
#include "bt/builtin_behaviors.h"
#include "bt/classic_format.h"
#include "bt/compiled_tick.h"
#include "bt/config.h"
#include "bt/context.h"
#include "bt/debug_dot.h"
#include "bt/debug_output.h"
#include "bt/debug_print.h"
#include "bt/decider.h"
#include "bt/events.h"
#include "bt/kinds.h"
#include "bt/layout.h"
#include "bt/macros.h"
#include "bt/memory.h"
#include "bt/memory_format.h"
#include "bt/name_id.h"
#include "bt/preconditions.h"
#include "bt/refusal.h"
#include "bt/save.h"
#include "bt/scope.h"
#include "bt/signal_variables.h"
#include "bt/stimuli.h"
#include "bt/timestamps.h"
#include "bt/tree.h"
#include "bt/variables.h"
#include "bt/why.h"

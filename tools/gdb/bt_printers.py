# tools/gdb/bt_printers.py — gdb pretty-printers and commands for bt trees.
#
#   (gdb) source tools/gdb/bt_printers.py
#   (gdb) print ROOT          ROOT (kGroup, kGroupPrioritizedList 0x0) children: EAT, WANDER
#   (gdb) print SHOOT         SHOOT(range=10, "head") (kBehavior 0x0) behavior: SHOOT_B
#   (gdb) print why           why @ 0.133, ROOT: Running in EAT ... (a bt::WhyRecord, as bt::FormatWhy)
#   (gdb) bt-path ROOT memory
#   variables: HasTarget=true Ammo=3
#   *0:ROOT/0x1e4ede85 (kGroup, kGroupPrioritizedList 0x0) time: 0.13 [(no group behavior)] idx: 0
#     *0:EAT/0xb1234185 (kBehavior 0x0) time: 0.00 [EAT_B/0x928c4804] (0x00000000)
#   (gdb) bt-path -no-ids ROOT memory
#   *0:ROOT (kGroup, kGroupPrioritizedList 0x0) time: 0.13 [(no group behavior)] idx: 0
#     *0:EAT (kBehavior 0x0) time: 0.00 [EAT_B] (0x00000000)
#
# bt-path reads an agent's memory block the way bt::DebugPrintState does (same
# line format, "time" counted to the block's last tick), so it also works on a
# core file, where no function of the program can be called. Enum and flag names
# come from the program's debug info, hence from bt/core/kinds.def like the C++ ones.
# Without these printers a tree is still readable: the names are in the aggregates.

import gdb
import gdb.printing

MEMORY_HEADER_BYTES = 32  # sizeof(bt::MemoryHeader): stamp, rng, double epoch, float lastTime, rootActive
NO_CHILD = 0xFF           # bt::kNoChild
SLOT_HEADER_BYTES = 8     # sizeof(bt::SlotHeader): then a ChildSet {active, done} or a LoopCount
MAX_ALIGNMENT = 16        # bt::kMaxAlignment: side-by-side children's regions are rounded up to it
# bt/core/classic.h: the classic policies; HasSideBySideChildren, IsDecoratorPolicy.
SIDE_BY_SIDE = ("Selector", "Parallel", "Concurrent")
CLASSIC = ("Sequence", "Selector", "Fallback", "Parallel", "Concurrent", "Decorator", "Loop", "LoopUntilSuccess",
           "Cooldown", "RandomGate")


def _enum_name(value):
    """bt::GroupPolicy::Random -> Random."""
    return str(value).rsplit("::", 1)[-1]


def _string(value):
    return value.string() if int(value) != 0 else "(unnamed)"


def _flag_names(flags):
    names = []
    for field in gdb.lookup_type("bt::DeciderFlags").fields():
        bit = field.enumval
        if bit != 0 and flags & bit == bit:
            names.append(field.name.rsplit("::", 1)[-1][1:])  # kCallDecideOnRedecide -> CallDecideOnRedecide
    return "0x%x%s" % (flags, (" " + "|".join(names)) if names else "")


def _is_group(decider):
    return _enum_name(decider["kind"]) == "Group"


def _children(decider):
    count = int(decider["childCount"]) if _is_group(decider) else 0
    array = decider["children"]
    if int(array) == 0:
        return []
    return [array[i].dereference() if int(array[i]) != 0 else None for i in range(count)]


def _name_id(name):
    """bt::NameId: the FNV-1a hash of a name (0 for none)."""
    if int(name) == 0:
        return 0
    value = 2166136261
    for byte in name.string().encode():
        value = ((value ^ byte) * 16777619) & 0xFFFFFFFF
    return value


def _params(decider, ids=False):
    """A decider's name with its parameters, as bt::FormatParams writes them: SHOOT(range=10, "head");
    with ids, its NAME/0xid pair first (DeciderData::id): SHOOT/0x5bdfd410(range=10, "head")."""
    name = _string(decider["name"])
    if ids:
        name += "/0x%x" % int(decider["data"]["id"])
    count = int(decider["paramCount"])
    if count == 0 or int(decider["params"]) == 0:
        return name
    texts = []
    for i in range(count):
        p = decider["params"][i]
        kind = _enum_name(p["type"])
        text = p["text"].string() if int(p["text"]) != 0 else None
        number = float(p["number"])
        if kind == "Number":
            value = "%g" % number
        elif kind == "Bool":
            value = "true" if number != 0 else "false"
        elif kind == "Text":
            value = '"%s"' % (text or "").replace("\\", "\\\\").replace('"', '\\"')
        elif kind == "Symbol":
            value = text if text is not None else "%g" % number
        elif kind == "Expression":
            value = "{%s}" % (text or "")
        else:
            value = "?"
        texts.append(("%s=" % p["name"].string() if int(p["name"]) != 0 else "") + value)
    return "%s(%s)" % (name, ", ".join(texts))


def _result_name(value):
    return _enum_name(value).lower()


def _config(decider):
    """bt::FormatNodeConfig (bt/debug/classic_format.cpp): what a classic group's definition configures, then a
    StateMachine state's transitions on events, or ""."""
    text = _group_config(decider) if _is_group(decider) else ""
    config = decider["config"]
    count = int(config["eventTransitionCount"])
    if count > 0 and int(config["eventTransitions"]) != 0:
        transitions = []
        for k in range(count):
            transition = config["eventTransitions"][k]
            event = _string(transition["event"]) if int(transition["event"]) != 0 else None
            transitions.append("%s->%d" % (event if event is not None else "0x%08x" % int(transition["onEvent"]),
                                           int(transition["to"])))
        text += ("; on events " if text else "on events ") + ", ".join(transitions)
    return text


def _group_config(decider):
    policy = _enum_name(decider["policy"])
    config = decider["config"]
    if policy == "Decorator":
        results = config["results"]
        changed = ["%s->%s" % (name, _result_name(results[name])) for name in ("done", "failed", "running")
                   if _result_name(results[name]) != name]
        return "results: " + (" ".join(changed) if changed else "as is")
    if policy in ("Loop", "LoopUntilSuccess"):
        count = int(config["count"])
        return "count %d%s" % (count, " (forever)" if count == 0 else "")
    if policy == "Cooldown":
        return "cooldown %.2f s" % float(config["seconds"])
    if policy == "RandomGate":
        return "chance %g" % float(config["chance"])
    if policy == "Parallel":
        flags = int(decider["flags"])
        return "done when %s, failed when %s" % ("one" if flags & (1 << 4) else "all",
                                                 "all" if flags & (1 << 5) else "one")
    if policy == "SelectionStateMachine":
        count = int(config["transitionCount"])
        if count == 0 or int(config["transitions"]) == 0:
            return "transitions: none"
        texts = []
        for k in range(count):
            tr = config["transitions"][k]
            condition = tr["condition"]
            name = _string(condition["name"]) if int(condition) != 0 and int(condition["name"]) != 0 else "(unnamed)"
            texts.append("%d->%d if %s" % (int(tr["from"]), int(tr["to"]), name))
        return "transitions: " + ", ".join(texts)
    if policy == "GroupScope":
        allowed = int(config["allowedUsers"])
        name = _string(config["scopeName"]) if int(config["scopeName"]) != 0 else "(unnamed)"
        return "scope %s, %d %s" % (name, allowed, "user" if allowed == 1 else "users")
    return ""


def _kind_policy(decider):
    # Spore S11's names, as DebugPrintState prints them.
    if _is_group(decider):
        return "kGroup, kGroup%s %s" % (_enum_name(decider["policy"]), _flag_names(int(decider["flags"])))
    return "k%s %s" % (_enum_name(decider["kind"]), _flag_names(int(decider["flags"])))


class DeciderDefPrinter:
    """A decider by name, kind, policy, flags and its children's (or behavior's) names."""

    def __init__(self, value):
        self.value = value

    def to_string(self):
        d = self.value
        text = "%s (%s)" % (_params(d), _kind_policy(d))
        config = _config(d)
        if config:
            text += " {%s}" % config
        if int(d["behavior"]) != 0:
            text += " behavior: %s" % _string(d["behavior"]["name"])
        if _is_group(d):
            names = [_string(c["name"]) if c is not None else "(null)" for c in _children(d)]
            text += " children: %s" % ", ".join(names)
        return text


class BehaviorDefPrinter:
    def __init__(self, value):
        self.value = value

    def to_string(self):
        return "behavior %s" % _string(self.value["name"])


def _name_at(pointer):
    """NameOf in bt/engine/why.cpp: a decider pointer's name."""
    return _string(pointer.dereference()["name"]) if int(pointer) != 0 else "(unnamed)"


def _child_at(group, index):
    return group["children"][index] if 0 <= index < int(group["childCount"]) else None


def _child_name_at(group, index):
    child = _child_at(group, index)
    return _name_at(child) if child is not None else "(unnamed)"


_WHY_REJECTS = {"DecisionFlags": "its DecisionFlags precondition", "StimuliFlags": "its StimuliFlags precondition",
                "Timer": "its timer precondition"}
_WHY_CAUSES = {"Started": "started", "Interrupted": "interrupted", "Done": "done", "Failed": "failed",
               "TreeEnded": "ended"}


class WhyRecordPrinter:
    """A bt::WhyRecord as the lines bt::FormatWhy writes (bt/engine/why.cpp, WhyPrinter), read from the
    struct alone, so it also works on a core file."""

    def __init__(self, value):
        self.value = value

    def _entry(self, e, last_at):
        depth = int(e["depth"])
        d = e["decider"].dereference()
        name = _string(d["name"])
        step = _enum_name(e["step"])
        index, other = int(e["index"]), int(e["other"])
        child = name
        if step in ("Rejected", "Decided", "ActivateFailed"):
            parent = last_at.get(depth - 1) if depth > 0 else None
            if parent is not None and _is_group(parent):
                for i in range(int(parent["childCount"])):
                    if int(parent["children"][i]) == int(e["decider"]):
                        child = "child %d %s" % (i, name)
                        break
        last_at[depth] = d
        value = float(e["value"])
        policy = _enum_name(d["policy"])
        if step == "Visit" and policy in CLASSIC:
            if bool(e["isNew"]):
                return depth, "%s (%s): activated" % (name, policy)
            mask = int(e["mask"])
            if mask == 0:
                return depth, "%s (%s): no active child" % (name, policy)
            listed = ", ".join("%d %s" % (i, _child_name_at(d, i)) for i in range(64) if mask >> i & 1)
            return depth, "%s (%s): %s %s" % (name, policy, "active child" if mask & (mask - 1) == 0 else
                                              "active children", listed)
        if step == "Visit":
            if bool(e["isNew"]):
                return depth, "%s (%s): activated, chooses" % (name, _enum_name(d["policy"]))
            return depth, "%s (%s): active child %d %s" % (name, _enum_name(d["policy"]), index, _child_name_at(d, index))
        if step == "Rejected":
            return depth, "%s: rejected by %s" % (child, _WHY_REJECTS.get(_enum_name(e["reject"]), "(nothing)"))
        if step == "Decided":
            if int(d["decide"]) == 0 and value > 0:
                return depth, "%s: no Decide, accepts" % child
            return depth, "%s: Decide %g, %s" % (child, value, "accepts" if value > 0 else "rejects")
        if step == "Offer":
            text = "child %d %s: weight %g of %g, " % (index, _child_name_at(d, index), value, float(e["total"]))
            if not bool(e["drew"]):
                return depth + 1, text + "no draw: taken"
            draw = int(e["draw"])
            return depth + 1, text + "draw 0x%08x (%.4f): %s" % (draw, (draw >> 8) / 16777216.0,
                                                                "taken" if bool(e["taken"]) else "kept the choice")
        if step == "NewRound":
            mask, count = int(e["mask"]), int(d["childCount"])
            order = "".join(" %d" % ((mask >> (8 * k)) & 0xFF) for k in range(min(count, 8)))
            return depth, "%s: new round, order%s%s" % (name, order, " ..." if count > 8 else "")
        if step == "Chose":
            if index < 0:
                return depth, "%s: no child accepts" % name
            text = "%s chose child %d %s" % (name, index, _child_name_at(d, index))
            position = int(e["position"])
            return depth, text + (" (position %d of its round)" % position if position >= 0 else "")
        if step == "Continue":
            return depth, "%s continues child %d %s" % (name, index, _child_name_at(d, index))
        if step == "Interrupt":
            return depth, "%s: child %d %s interrupts child %d %s" % (name, index, _child_name_at(d, index), other,
                                                                     _child_name_at(d, other))
        if step == "Redecide":
            return depth, "%s: child %d %s returned %s: redecides, mask 0x%x" % (
                name, index, _child_name_at(d, index), _enum_name(e["result"]), int(e["mask"]))
        if step == "Start":
            return depth, "%s starts child %d %s" % (name, index, _child_name_at(d, index))
        if step == "End":
            reason = e["reason"].string() if int(e["reason"]) != 0 else "ended"
            return depth, "%s: child %d %s %s" % (name, index, _child_name_at(d, index), reason)
        return depth, "%s: Activate failed" % child

    def _transition(self, t):
        cause = _enum_name(t["cause"])
        head = "@ %.3f %s" % (float(t["time"]), _name_at(t["group"]))
        if cause == "Started":
            return head + " started"
        if cause == "TreeEnded":
            return head + " ended: " + _enum_name(t["status"])
        return head + ": %s -> %s (%s)" % (_name_at(t["from"]), _name_at(t["to"]), _WHY_CAUSES.get(cause, "?"))

    def to_string(self):
        w = self.value
        if int(w["root"]) == 0:
            lines = ["why: (no tick recorded)"]
        else:
            status = _enum_name(w["status"])
            running = " in " + _name_at(w["running"]) if status == "Running" and int(w["running"]) != 0 else ""
            lines = ["why @ %.3f, %s: %s%s" % (float(w["time"]), _name_at(w["root"]), status, running)]
        capacity = w["entries"].type.range()[1] + 1  # kWhyEntries
        last_at = {}
        for i in range(min(int(w["count"]), capacity)):
            e = w["entries"][i]
            if int(e["decider"]) != 0:
                depth, line = self._entry(e, last_at)
                lines.append(" " * (2 * depth + 2) + line)
        if bool(w["overflowed"]):
            lines.append("  (more steps than %d: the first %d shown)" % (capacity, capacity))
        total = int(w["transitionCount"])
        if total > 0:
            ring = w["transitions"].type.range()[1] + 1  # kWhyTransitions
            shown = min(total, ring)
            lines.append("last transitions (%d of %d):" % (shown, total))
            for k in range(total - shown, total):
                lines.append("  " + self._transition(w["transitions"][k % ring]))
        return "\n".join(lines)


def _build_printers():
    printers = gdb.printing.RegexpCollectionPrettyPrinter("bt")
    printers.add_printer("DeciderDef", "^bt::DeciderDef$", DeciderDefPrinter)
    printers.add_printer("BehaviorDef", "^bt::BehaviorDef$", BehaviorDefPrinter)
    printers.add_printer("WhyRecord", "^bt::WhyRecord$", WhyRecordPrinter)
    return printers


def _block_address(value):
    """The address of a memory block given as bt::Memory<N>, std::span, an array, a pointer or a number."""
    type_ = value.type.strip_typedefs()
    if type_.code in (gdb.TYPE_CODE_PTR, gdb.TYPE_CODE_INT):  # an address, e.g. from a core file at -O2
        return int(value)
    if type_.code == gdb.TYPE_CODE_ARRAY:
        return int(value.address)
    if type_.code == gdb.TYPE_CODE_STRUCT:
        names = [f.name for f in type_.fields()]
        if "bytes" in names:  # bt::Memory<N>
            return int(value["bytes"].address)
        for field in type_.fields():  # std::span: its one pointer member
            if field.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
                return int(value[field.name])
    return int(value.address)


def _read(inferior, address, fmt, size):
    import struct
    return struct.unpack(fmt, bytes(inferior.read_memory(address, size)))[0]


def variables_line(root, address):
    """bt::DebugPrintState's first line for a tree that declares variables: the
    agent's values when the block holds the tree's (bt::ReadVariables), else
    "variables (initial):" and the declared values. None for a tree without variables."""
    count = int(root["variableCount"])
    if count == 0 or int(root["variables"]) == 0:
        return None
    inferior = gdb.selected_inferior()
    values = None
    data = root["data"]
    if int(data) != 0 and address % 16 == 0:
        tree = data["tree"]
        offset = int(tree["variablesOffset"])
        tree_stamp = _read(inferior, address, "<I", 4)
        if offset != 0 and tree_stamp in (0, int(tree["stamp"])):
            # The VariableBlock: changes (uint32), count and extra words (uint16 each),
            # bools (uint64), then an 8-byte slot per variable (a double, or an int64 for
            # Int32, Int64 and Enum); a typed tree's type table and floats follow
            # (bt/core/variables.h). The table is trusted as bt::ReadVariables would:
            # when the count, extra words and bools match the tree's.
            block = address + offset
            extra = int(tree["variableExtraWords"])
            if (_read(inferior, block + 4, "<H", 2) == int(tree["numVariables"]) and
                    _read(inferior, block + 6, "<H", 2) == extra and
                    _read(inferior, block + 8, "<Q", 8) == int(tree["variableBools"])):
                values = []
                floats_at = block + 16 + 8 * count + (2 * count + 7) // 8 * 8
                for i in range(count):
                    kind = _enum_name(root["variables"][i]["type"])
                    slot = block + 16 + 8 * i
                    if kind in ("Int32", "Int64", "Enum"):
                        values.append(_read(inferior, slot, "<q", 8))
                    elif kind == "Floats":
                        n = int(root["variables"][i]["floatCount"])
                        values.append([_read(inferior, floats_at + 4 * f, "<f", 4) for f in range(n)])
                        floats_at += (n + 1) // 2 * 8
                    else:
                        values.append(_read(inferior, slot, "<d", 8))
    texts = []
    for i in range(count):
        v = root["variables"][i]
        kind = _enum_name(v["type"])
        name = _string(v["name"])
        if kind in ("Int32", "Int64", "Enum"):
            value = values[i] if values is not None else int(v["initialInteger"])
            if kind == "Enum" and 0 <= value < int(v["enumType"]["count"]):
                texts.append("%s=%s" % (name, _string(v["enumType"]["names"][value])))
            else:
                texts.append("%s=%d" % (name, value))
            continue
        if kind == "Floats":
            n = int(v["floatCount"])
            if values is not None:
                floats = values[i]
            elif int(v["initialFloats"]) != 0:
                floats = [float(v["initialFloats"][f]) for f in range(n)]
            else:
                floats = [0.0] * n
            texts.append("%s=(%s)" % (name, ",".join("%g" % f for f in floats)))
            continue
        value = values[i] if values is not None else float(v["initial"])
        if kind == "Bool":
            texts.append("%s=%s" % (name, "true" if value != 0 else "false"))
        elif int(v["setOnEvent"]) != 0 and value in (float("-inf"), float("inf")):  # a timestamp (bt/core/timestamps.h)
            texts.append("%s=%s" % (name, "never" if value < 0 else "cleared"))
        else:
            texts.append("%s=%g" % (name, value))
    return ("variables: " if values is not None else "variables (initial): ") + " ".join(texts)


def _mask_text(label, mask, count):
    """" idx: 0,2": bt::DebugPrintState's list of the children in a ChildSet mask."""
    shown = ["%d%s" % (i, "" if i < count else " (corrupt)") for i in range(64) if mask >> i & 1]
    return label + " " + (",".join(shown) if shown else "-")


def _child_base(group, index):
    """bt::detail::ChildBase: where child `index` of `group` lies from the group's base."""
    if _enum_name(group["policy"]) not in SIDE_BY_SIDE:
        return 0
    at = 0
    for child in _children(group)[:index]:
        if child is not None:
            at += (int(child["data"]["regionBytes"]) + MAX_ALIGNMENT - 1) // MAX_ALIGNMENT * MAX_ALIGNMENT
    return at


def active_path_lines(root, address, ids=True):
    """The lines of bt::DebugPrintState for the block at `address`, or one line saying why there are none,
    after the variables line of a tree that declares variables; names as NAME/0xid pairs, or with ids
    False the names alone (DebugPrintOptions::ids)."""
    inferior = gdb.selected_inferior()
    data = root["data"]
    if int(data) == 0:
        return ["(tree not initialized)"]
    tree = data["tree"]
    variables = variables_line(root, address)
    lines = [variables] if variables is not None else []
    if address % 16 != 0:  # bt::kMaxAlignment: the tick refuses such a block
        return lines + ["(memory block too small or misaligned)"]
    tree_stamp = _read(inferior, address, "<I", 4)
    if tree_stamp == 0 or tree_stamp != int(tree["stamp"]):
        return lines + ["(memory block not started by this tree)"]
    last_time = _read(inferior, address + 16, "<f", 4)  # after the epoch, as the slots' times
    if _read(inferior, address + 20, "<B", 1) == 0:
        return lines + ["(no active deciders)"]
    region = address + MEMORY_HEADER_BYTES
    timers = address + int(tree["timersOffset"])

    def walk(decider, index, depth, base):
        """One line per active decider, parents first, children in order (bt::detail::ForEachActive)."""
        slot = region + base + int(decider["data"]["slotOffset"])
        activated_at = _read(inferior, slot, "<f", 4)
        line = "%s*%d:%s (%s) time: %.2f" % ("  " * depth, index, _params(decider, ids), _kind_policy(decider),
                                            last_time - activated_at)
        if int(decider["behavior"]) != 0:
            behavior = decider["behavior"]["name"]
            line += " [%s%s] (0x%08x)" % (_string(behavior), "/0x%x" % _name_id(behavior) if ids else "",
                                         int(decider["behaviorFlags"]))
        else:
            line += " [(no group behavior)]" if _is_group(decider) else " [(no behavior)]"
        active = []  # (index, child) to follow
        if _is_group(decider):
            children = _children(decider)
            policy = _enum_name(decider["policy"])
            if policy in SIDE_BY_SIDE:  # a ChildSet after the SlotHeader
                mask = _read(inferior, slot + SLOT_HEADER_BYTES, "<Q", 8)
                line += _mask_text(" idx:", mask, len(children))
                if policy == "Parallel":
                    line += _mask_text(" done:", _read(inferior, slot + SLOT_HEADER_BYTES + 8, "<Q", 8), len(children))
                active = [i for i in range(min(64, len(children))) if mask >> i & 1]
            else:
                child = _read(inferior, slot + 4, "<B", 1)
                line += " idx: %s" % ("-" if child == NO_CHILD else
                                      "%d%s" % (child, "" if child < len(children) else " (corrupt)"))
                active = [child] if child < len(children) else []
            config = _config(decider)
            state = _slot_state(decider, policy, slot, children)
            if config or state:
                line += " {" + config + ("; " if config and state else "") + state
                if policy in ("Loop", "LoopUntilSuccess"):
                    line += ", %d so far" % _read(inferior, slot + SLOT_HEADER_BYTES, "<I", 4)
                timer_index = int(decider["data"]["timerIndex"])
                if policy == "Cooldown" and timer_index >= 0:
                    left = _read(inferior, timers + 4 * timer_index, "<f", 4) + float(decider["config"]["seconds"]) - \
                        last_time
                    line += ", %.2f s left" % left if left > 0 else ", ready"
                line += "}"
            lines.append(line)
            if depth + 1 >= 32:  # bt::kMaxTreeDepth
                return
            for i in active:
                if children[i] is not None:
                    walk(children[i], i, depth + 1, base + _child_base(decider, i))
        else:
            config = _config(decider)
            if config:
                line += " {%s}" % config
            lines.append(line)

    def _slot_state(decider, policy, slot, children):
        """What an active StateMachine, Priority or GroupScope's slot holds (bt::DebugPrintState)."""
        cursor = _read(inferior, slot + 5, "<B", 1)
        if policy == "StateMachine":
            if cursor == NO_CHILD:
                return "no transition pending"
            return "transition pending to %d %s" % (cursor, _child_name_at(decider, cursor) if cursor < len(children)
                                                    else "(corrupt)")
        if policy == "Priority":
            return "%d variable changes seen" % _read(inferior, slot + SLOT_HEADER_BYTES, "<I", 4)
        if policy == "GroupScope":
            return "seated" if cursor == 1 else "not seated"
        return ""

    walk(root, 0, 0, 0)
    return lines


class BtPathCommand(gdb.Command):
    """Show an agent's memory block as its active path: bt-path [-no-ids] ROOT MEMORY.

ROOT is the tree's root decider; MEMORY its block (a bt::Memory<N>, a std::span
of bytes, or a pointer to the block). One line per active decider, as
bt::DebugPrintState prints it, names as NAME/0xid pairs (-no-ids: the names
alone, as DebugPrintOptions{.ids = false}); "time" counts to the block's last tick."""

    def __init__(self):
        super().__init__("bt-path", gdb.COMMAND_DATA, gdb.COMPLETE_EXPRESSION)

    def invoke(self, argument, from_tty):
        args = gdb.string_to_argv(argument)
        ids = not (args and args[0] == "-no-ids")
        if not ids:
            args = args[1:]
        if len(args) != 2:
            raise gdb.GdbError("usage: bt-path [-no-ids] ROOT MEMORY")
        root = gdb.parse_and_eval(args[0])
        if root.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
            root = root.dereference()
        address = _block_address(gdb.parse_and_eval(args[1]))
        for line in active_path_lines(root, address, ids):
            gdb.write(line + "\n")


gdb.printing.register_pretty_printer(gdb.current_objfile(), _build_printers(), replace=True)
BtPathCommand()

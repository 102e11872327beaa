# tests/tools/lldb/check.py — the command bt-check for tests/tools/lldb_printers_test.sh:
# in LldbStop (tests/tools/lldb/target.cpp), bt-path's lines must be DebugPrintState's
# text, for each of its trees, and the why-record's summary FormatWhy's; prints each verdict, and both texts when they differ.
import lldb


def _text(frame, name):
    value = frame.FindVariable(name)
    return frame.GetThread().GetProcess().ReadCStringFromMemory(value.GetValueAsUnsigned(), 1 << 16, lldb.SBError())


def bt_check(debugger, command, exe_ctx, result, internal_dict):
    frame = exe_ctx.GetFrame()
    for label, root, memory, state in (("", "root", "memory", "state"),
                                       (" (classic)", "classic", "classicMemory", "classicState")):
        path = lldb.SBCommandReturnObject()
        debugger.GetCommandInterpreter().HandleCommand("bt-path %s %s" % (root, memory), exe_ctx, path)
        printed, formatted = path.GetOutput() or path.GetError(), _text(frame, state)
        result.AppendMessage("-- bt-path%s = DebugPrintState: %s" % (label, "yes" if printed == formatted else "NO"))
        if printed != formatted:
            result.AppendMessage(printed + "-- DebugPrintState:\n" + formatted)
    import bt_lldb
    printed, formatted = bt_lldb.why_summary(frame.FindVariable("why").Dereference(), None), _text(frame, "whyText")
    result.AppendMessage("-- why summary = FormatWhy: %s" % ("yes" if printed + "\n" == formatted else "NO"))
    if printed + "\n" != formatted:
        result.AppendMessage(printed + "\n-- FormatWhy:\n" + formatted)


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand("command script add -f %s.bt_check bt-check" % __name__)

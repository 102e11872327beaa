# tools/lldb/bt_lldb.py — LLDB formatters and commands for bt trees: the views of
# the gdb printers (tools/gdb/bt_printers.py), from the same code.
#
#   (lldb) command script import tools/lldb/bt_lldb.py
#   (lldb) p ROOT             ROOT (kGroup, kGroupPrioritizedList 0x0) children: EAT, WANDER
#   (lldb) p why              why @ 0.133, ROOT: Running in EAT ... (a bt::WhyRecord, as bt::FormatWhy)
#   (lldb) bt-path ROOT memory
#   (lldb) bt-path -no-ids ROOT memory
#
# The gdb printers are loaded as they are, over a small stand-in for gdb's
# Python module that reads LLDB's values: what a decider, a block or a
# why-record shows is written once, in bt_printers.py. Like them, this reads
# the program's memory only, so it works on a core file too.

import os
import shlex
import sys
import types

import lldb

# tools/gdb/ beside tools/lldb/ here, share/bt/gdb/ beside share/bt/lldb/ installed.
_GDB_PRINTERS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gdb", "bt_printers.py")


# The target being read: the one of the value or command at hand (lldb.debugger's
# selection is only a fallback: it is unset when LLDB is driven from Python).
_current_target = [None]


def _target():
    if _current_target[0] is not None and _current_target[0].IsValid():
        return _current_target[0]
    return lldb.debugger.GetSelectedTarget()


def _process():
    return _target().GetProcess()


class GdbError(RuntimeError):
    pass


class _Field:
    def __init__(self, name, type_=None, enumval=None):
        self.name = name
        self.type = type_
        self.enumval = enumval


# gdb's type codes, as the printers compare them.
TYPE_CODE_PTR, TYPE_CODE_INT, TYPE_CODE_ARRAY, TYPE_CODE_STRUCT, TYPE_CODE_OTHER = range(1, 6)


class Type:
    """gdb.Type's part the printers use, over an lldb.SBType."""

    def __init__(self, sbtype):
        self.sb = sbtype

    def strip_typedefs(self):
        return Type(self.sb.GetCanonicalType())

    @property
    def code(self):
        t = self.sb.GetCanonicalType()
        if t.IsPointerType() or t.IsReferenceType():
            return TYPE_CODE_PTR
        if t.IsArrayType():
            return TYPE_CODE_ARRAY
        if t.GetTypeClass() in (lldb.eTypeClassStruct, lldb.eTypeClassClass, lldb.eTypeClassUnion):
            return TYPE_CODE_STRUCT
        if t.GetTypeClass() in (lldb.eTypeClassBuiltin, lldb.eTypeClassEnumeration):
            return TYPE_CODE_INT
        return TYPE_CODE_OTHER

    def range(self):
        t = self.sb.GetCanonicalType()
        return (0, t.GetByteSize() // t.GetArrayElementType().GetByteSize() - 1)

    def fields(self):
        t = self.sb.GetCanonicalType()
        if t.GetTypeClass() == lldb.eTypeClassEnumeration:
            members = t.GetEnumMembers()
            return [_Field(members.GetTypeEnumMemberAtIndex(i).GetName(), None,
                           members.GetTypeEnumMemberAtIndex(i).GetValueAsUnsigned())
                    for i in range(members.GetSize())]
        return [_Field(t.GetFieldAtIndex(i).GetName(), Type(t.GetFieldAtIndex(i).GetType()))
                for i in range(t.GetNumberOfFields())]


class Value:
    """gdb.Value's part the printers use, over an lldb.SBValue."""

    def __init__(self, sbvalue):
        self.sb = sbvalue

    @property
    def type(self):
        return Type(self.sb.GetType())

    @property
    def address(self):
        return Value(self.sb.AddressOf())

    def _canonical(self):
        return self.sb.GetType().GetCanonicalType()

    def __getitem__(self, key):
        if isinstance(key, str):
            child = self.sb.GetChildMemberWithName(key)
            if not child.IsValid():
                raise GdbError("no member %s" % key)
            return Value(child)
        t = self._canonical()
        if t.IsPointerType():
            element = t.GetPointeeType()
            address = self.sb.GetValueAsUnsigned() + key * element.GetByteSize()
            return Value(self.sb.CreateValueFromAddress("[%d]" % key, address, element))
        return Value(self.sb.GetChildAtIndex(key))

    def dereference(self):
        return Value(self.sb.Dereference())

    def __int__(self):
        t = self._canonical()
        if t.IsPointerType() or t.IsReferenceType():
            return self.sb.GetValueAsUnsigned()
        if t.GetTypeClass() == lldb.eTypeClassEnumeration:
            return self.sb.GetValueAsUnsigned()
        basic = t.GetBasicType()
        if basic in (lldb.eBasicTypeFloat, lldb.eBasicTypeDouble):
            return int(float(self))
        signed = basic in (lldb.eBasicTypeInt, lldb.eBasicTypeLong, lldb.eBasicTypeLongLong, lldb.eBasicTypeShort,
                           lldb.eBasicTypeSignedChar, lldb.eBasicTypeChar, lldb.eBasicTypeInt128)
        return self.sb.GetValueAsSigned() if signed else self.sb.GetValueAsUnsigned()

    __index__ = __int__

    def __float__(self):
        data = self.sb.GetData()
        error = lldb.SBError()
        if self._canonical().GetByteSize() == 4:
            return data.GetFloat(error, 0)
        return data.GetDouble(error, 0)

    def __bool__(self):
        return int(self) != 0

    def __str__(self):
        return self.sb.GetValue() or ""

    def string(self):
        address = int(self)
        error = lldb.SBError()
        text = _process().ReadCStringFromMemory(address, 1 << 16, error)
        if error.Success() and text:
            return text
        data = _read_file(address, 1 << 12)  # a core file: a constant's name is in the program file
        return data.split(b"\0", 1)[0].decode("utf-8", "replace")


def _read_file(address, size):
    """Bytes at a load address from the program's file: what a core file leaves out (gdb's gcore
    writes no read-only section the program file holds, such as the trees' names)."""
    where = _target().ResolveLoadAddress(address)
    section = where.GetSection()
    if not section.IsValid():
        return b""
    offset = where.GetOffset()
    data = section.GetSectionData(offset, max(0, min(size, section.GetByteSize() - offset)))
    error = lldb.SBError()
    raw = data.ReadRawData(error, 0, data.GetByteSize()) if data.GetByteSize() else b""
    return raw if error.Success() and raw else b""


class _Inferior:
    def read_memory(self, address, size):
        error = lldb.SBError()
        data = _process().ReadMemory(address, size, error)
        if not error.Success() or data is None or len(data) < size:
            data = _read_file(address, size)
            if len(data) < size:
                raise GdbError("cannot read %d bytes at 0x%x" % (size, address))
        return data


def lookup_type(name):
    return Type(_target().FindFirstType(name))


# What bt_printers.py does when it is loaded, made harmless: LLDB registers its own formatters below.
class Command:
    def __init__(self, *args):
        pass


class _Printers:
    def __init__(self, name):
        pass

    def add_printer(self, *args):
        pass


_gdb = types.ModuleType("gdb")
_gdb.__dict__.update(
    GdbError=GdbError, Value=Value, Command=Command, lookup_type=lookup_type, selected_inferior=_Inferior,
    TYPE_CODE_PTR=TYPE_CODE_PTR, TYPE_CODE_INT=TYPE_CODE_INT, TYPE_CODE_ARRAY=TYPE_CODE_ARRAY,
    TYPE_CODE_STRUCT=TYPE_CODE_STRUCT, COMMAND_DATA=0, COMPLETE_EXPRESSION=0, current_objfile=lambda: None)
_gdb.printing = types.ModuleType("gdb.printing")
_gdb.printing.RegexpCollectionPrettyPrinter = _Printers
_gdb.printing.register_pretty_printer = lambda *args, **kwargs: None
_saved = sys.modules.get("gdb"), sys.modules.get("gdb.printing")
sys.modules["gdb"], sys.modules["gdb.printing"] = _gdb, _gdb.printing
try:
    printers = types.ModuleType("bt_printers")
    printers.__file__ = _GDB_PRINTERS
    with open(_GDB_PRINTERS) as source:
        exec(compile(source.read(), _GDB_PRINTERS, "exec"), printers.__dict__)
finally:
    for name, module in zip(("gdb", "gdb.printing"), _saved):
        if module is None:
            del sys.modules[name]
        else:
            sys.modules[name] = module


# ------------------------------------------------------------------ LLDB's side
def _summary(printer):
    def summary(valobj, internal_dict):
        _current_target[0] = valobj.GetTarget()
        try:
            return printer(Value(valobj.GetNonSyntheticValue())).to_string()
        except Exception as error:  # a damaged value: say so rather than fail the frame's display
            return "(bt: %s)" % error
    return summary


decider_summary = _summary(printers.DeciderDefPrinter)
behavior_summary = _summary(printers.BehaviorDefPrinter)
why_summary = _summary(printers.WhyRecordPrinter)


def _evaluate(frame, expression):
    """An expression's value: a variable path first (no code runs: fine on a core file), else an expression."""
    value = frame.GetValueForVariablePath(expression) if frame.IsValid() else lldb.SBValue()
    if not value.IsValid() or value.GetError().Fail():
        value = _target().FindFirstGlobalVariable(expression)
    if not value.IsValid() or value.GetError().Fail():
        options = lldb.SBExpressionOptions()
        options.SetTryAllThreads(False)
        value = frame.EvaluateExpression(expression, options) if frame.IsValid() else \
            _target().EvaluateExpression(expression, options)
    if not value.IsValid() or value.GetError().Fail():
        raise GdbError("cannot evaluate %s: %s" % (expression, value.GetError().GetCString()))
    return Value(value)


def bt_path(debugger, command, exe_ctx, result, internal_dict):
    """Show an agent's memory block as its active path: bt-path [-no-ids] ROOT MEMORY (as gdb's bt-path)."""
    args = shlex.split(command)
    ids = not (args and args[0] == "-no-ids")
    if not ids:
        args = args[1:]
    if len(args) != 2:
        result.SetError("usage: bt-path [-no-ids] ROOT MEMORY")
        return
    _current_target[0] = exe_ctx.GetTarget()
    try:
        frame = exe_ctx.GetFrame()
        root = _evaluate(frame, args[0])
        if root.type.strip_typedefs().code == TYPE_CODE_PTR:
            root = root.dereference()
        address = printers._block_address(_evaluate(frame, args[1]))
        for line in printers.active_path_lines(root, address, ids):
            result.AppendMessage(line)
    except Exception as error:  # as gdb shows a command's error: one line, the command fails
        result.SetError("%s: %s" % (type(error).__name__, error))


def __lldb_init_module(debugger, internal_dict):
    module = __name__
    debugger.HandleCommand("type summary add -F %s.decider_summary bt::DeciderDef -w bt" % module)
    debugger.HandleCommand("type summary add -F %s.behavior_summary bt::BehaviorDef -w bt" % module)
    debugger.HandleCommand("type summary add -F %s.why_summary bt::WhyRecord -w bt" % module)
    debugger.HandleCommand("type category enable bt")
    debugger.HandleCommand("command script add -f %s.bt_path bt-path" % module)

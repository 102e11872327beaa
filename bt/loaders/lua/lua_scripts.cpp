// bt/loaders/lua/lua_scripts.cpp — the Lua 5.4 engine (see lua_scripts.h).
//
// Index
//   [SECTION] Engines and chunks — live engines by id, chunk names and the places they stand for
//   [SECTION] The state          — LuaScripts::Impl: the state's hooks, the library, protected work
//   [SECTION] The engine         — LuaScripts's members: compile, define, trees, run, step
//
// Lua reports errors with longjmp, which must never cross a C++ frame holding
// something to destroy: every call that may raise runs inside lua_pcall, in a
// C function of this file whose locals are trivially destructible, and the
// C++ side reads the outcome after lua_pcall returned.
#include "bt/loaders/lua/lua_scripts.h"

#include <lua.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "bt/core/decider.h"
#include "bt/core/variables.h"

namespace bt::loaders {
namespace {

// =============================================================== [SECTION] Engines and chunks
// Live engines, by id: a handle names its engine's id, so a tree's node finds its
// engine without a pointer of its own, and a handle outliving its engine finds none.
constexpr std::uint32_t kMaxEngines = 64;
constexpr std::uint32_t kMaxId = (1u << 21) - 1;  // id << 32 stays below 2^53: exact in a double
constexpr int kChunkBits = 32;
std::array<std::atomic<LuaScripts*>, kMaxEngines> gEngines{};
std::atomic<std::uint32_t> gNextId{0};

// The base functions a script may call (the others reach files or the raw globals).
constexpr const char* kBaseNames[] = {"assert", "error",  "getmetatable", "ipairs", "next",     "pairs",
                                      "pcall",  "rawequal", "rawget",     "rawlen", "rawset",   "select",
                                      "setmetatable", "tonumber", "tostring", "type", "xpcall", "_VERSION"};

std::string MessageAt(lua_State* L, int index) {
  if (lua_type(L, index) == LUA_TSTRING) {
    std::size_t length = 0;
    const char* text = lua_tolstring(L, index, &length);
    return std::string(text, length);
  }
  return std::string("(error object is a ") + luaL_typename(L, index) + " value)";
}

// Lua names a chunk in its messages by a name it cuts at LUA_IDSIZE, and counts
// lines within the chunk; so a chunk's name is a short mark, kChunkMark and its
// index in Impl::places, which Placed turns into the file's base name and line.
constexpr char kChunkMark = '\x01';

std::string ChunkName(std::size_t place) { return std::string("=") + kChunkMark + std::to_string(place); }

// A load error Lua gave without a place (a binary chunk, nesting too deep for
// the parser, memory) gets the chunk's name, as its syntax errors have:
// "tree.xml:4: attempt to load a binary chunk (mode is 't')".
void NameChunkIn(std::string& error, const std::string& name) {
  const std::string_view chunk = std::string_view(name).substr(1);
  if (error.compare(0, chunk.size(), chunk) != 0) error.insert(0, std::string(chunk) + ": ");
}

// Where a chunk was written: "tree.xml:12" (the loader's chunk name) is the file
// tree.xml from line 12 on; a name without a line starts at line 1.
struct ChunkPlace {
  std::string file;  // the base name
  std::uint64_t line = 1;
};

ChunkPlace PlaceOfChunk(std::string_view chunkName) {
  ChunkPlace place;
  const std::size_t colon = chunkName.rfind(':');
  const std::string_view digits = colon == std::string_view::npos ? std::string_view() : chunkName.substr(colon + 1);
  if (!digits.empty() && digits.size() < 10 &&
      std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    place.line = std::stoull(std::string(digits));
    chunkName = chunkName.substr(0, colon);
  }
  const std::size_t slash = chunkName.find_last_of("/\\");
  place.file = std::string(slash == std::string_view::npos ? chunkName : chunkName.substr(slash + 1));
  return place;
}

// Pushes a metatable whose __metatable hides it (getmetatable gives false,
// setmetatable refuses), with __index and __newindex from the two values on top
// (nil: none), which it pops.
void PushSealedMetatable(lua_State* L) {
  lua_createtable(L, 0, 3);
  lua_rotate(L, -3, 1);             // meta, index, newindex
  lua_setfield(L, -3, "__newindex");
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
}

}  // namespace

// =============================================================== [SECTION] The state
struct LuaScripts::Impl {
  struct TreeVariables {
    std::vector<std::string> names;
    std::vector<VariableType> types;
    std::vector<const VariableEnum*> enums;  // an Enum's names (the tree's, which outlives this)
  };

  LuaScripts* self = nullptr;
  LuaLimits limits;
  lua_State* L = nullptr;
  std::string setupError;
  std::uint32_t id = 0;  // 0: not registered (too many engines alive)
  std::recursive_mutex mutex;
  // Registry references of the sandbox's tables.
  int chunksRef = LUA_NOREF;
  int sharedRef = LUA_NOREF;
  int envMetaRef = LUA_NOREF;
  int agentRef = LUA_NOREF;
  int membersRef = LUA_NOREF;
  std::uint32_t chunkCount = 0;
  // Where each chunk, compiled or defined, was written (its name's index).
  std::vector<ChunkPlace> places;
  // The run in progress (saved and restored around a nested one).
  LuaRun current{};
  lua_CFunction getField = nullptr;
  lua_CFunction setField = nullptr;
  std::function<void(std::string_view)> print;
  std::function<void(std::string_view)> onError;
  std::string lastError;
  std::unordered_map<const DeciderDef*, std::shared_ptr<const TreeVariables>> trees;
  // Memory accounting of the state (Alloc).
  std::size_t bytes = 0;
  std::uint64_t allocations = 0;
  std::uint64_t runs = 0;
  std::uint64_t errors = 0;

  static Impl& Of(lua_State* L) { return **static_cast<Impl**>(lua_getextraspace(L)); }

  // ------------------------------------------------------------ the state's hooks
  static void* Alloc(void* user, void* block, std::size_t oldSize, std::size_t newSize) {
    Impl& impl = *static_cast<Impl*>(user);
    const std::size_t old = block != nullptr ? oldSize : 0;  // for a new block, oldSize is its kind
    if (newSize == 0) {
      std::free(block);
      impl.bytes -= old;
      return nullptr;
    }
    if (newSize > old && impl.bytes - old + newSize > impl.limits.memoryBytes) return nullptr;
    void* grown = std::realloc(block, newSize);
    if (grown == nullptr) return nullptr;
    impl.bytes = impl.bytes - old + newSize;
    if (newSize > old) ++impl.allocations;
    return grown;
  }

  // Raises in the function running (level 0 in a hook), so the message names its
  // place. Once spent, the budget stays spent for this run: every instruction
  // raises again, so a script's own pcall cannot catch the error and go on.
  static void BudgetHook(lua_State* L, lua_Debug*) {
    lua_sethook(L, &BudgetHook, LUA_MASKCOUNT, 1);
    luaL_where(L, 0);
    lua_pushfstring(L, "instruction budget of %d exceeded", Of(L).limits.instructionBudget);
    lua_concat(L, 2);
    lua_error(L);
  }

  // ------------------------------------------------------------ the library's functions
  static int Print(lua_State* L) {
    const int count = lua_gettop(L);
    luaL_Buffer line;
    luaL_buffinit(L, &line);
    for (int i = 1; i <= count; ++i) {
      if (i > 1) luaL_addchar(&line, '\t');
      luaL_tolstring(L, i, nullptr);
      luaL_addvalue(&line);
    }
    luaL_pushresult(&line);
    std::size_t length = 0;
    const char* text = lua_tolstring(L, -1, &length);
    Impl& impl = Of(L);
    if (impl.print) {
      try {
        // A message a script caught and prints names its chunk as the file's place too.
        impl.print(impl.Placed(std::string_view(text, length)));
      } catch (...) {  // a handler must not throw; nothing may cross Lua's frames
      }
    }
    return 0;
  }

  // agent.NAME beyond its members: the game's hook, else nil.
  static int AgentGet(lua_State* L) {
    const lua_CFunction get = Of(L).getField;
    return get != nullptr ? get(L) : 0;
  }
  static int AgentSet(lua_State* L) {
    Impl& impl = Of(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.membersRef);
    lua_pushvalue(L, 2);
    const bool member = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    if (member) return luaL_error(L, "agent.%s cannot be replaced", luaL_tolstring(L, 2, nullptr));
    if (impl.setField != nullptr) return impl.setField(L);
    return luaL_error(L, "agent has no field '%s' to set", luaL_tolstring(L, 2, nullptr));
  }

  // The index of the variable named by the key at 2, for agent.vars; raises when none.
  static int FindVar(lua_State* L, const TreeVariables*& tree) {
    Impl& impl = Of(L);
    if (lua_type(L, 2) != LUA_TSTRING) return luaL_error(L, "agent.vars: a variable is named by a string");
    const char* name = lua_tostring(L, 2);
    if (impl.current.variables == nullptr) return luaL_error(L, "agent.vars: the tree declares no variables");
    const auto found = impl.trees.find(impl.current.decider);
    if (found == impl.trees.end())
      return luaL_error(L, "agent.vars: the tree running is unknown (give its root to LuaScripts::AddTree)");
    tree = found->second.get();
    for (std::size_t i = 0; i < tree->names.size(); ++i)
      if (tree->names[i] == name) return static_cast<int>(i);
    return luaL_error(L, "agent.vars: no variable '%s'", name);
  }
  // Typed variables (bt/core/variables.h): integers as Lua integers, an enum as
  // its name; a float vector is C++'s only (a table per read would allocate).
  static int VarsGet(lua_State* L) {
    const TreeVariables* tree = nullptr;
    const int index = FindVar(L, tree);
    const VariableBlock& variables = *Of(L).current.variables;
    switch (tree->types[static_cast<std::size_t>(index)]) {
      case VariableType::Int32:
      case VariableType::Int64:
        lua_pushinteger(L, static_cast<lua_Integer>(variables.GetInteger(index)));
        return 1;
      case VariableType::Enum: {
        const VariableEnum* e = tree->enums[static_cast<std::size_t>(index)];
        const std::int64_t value = variables.GetInteger(index);
        lua_pushstring(L, e != nullptr && value >= 0 && value < e->count ? e->names[value] : "");
        return 1;
      }
      case VariableType::Floats:
        return luaL_error(L, "agent.vars.%s is a float vector: C++ reads it (VariableBlock::GetFloats)",
                          lua_tostring(L, 2));
      default:
        break;
    }
    const double value = variables.Get(index);
    if (tree->types[static_cast<std::size_t>(index)] == VariableType::Bool) {
      lua_pushboolean(L, value != 0.0);
    } else if (value == std::floor(value) && std::fabs(value) < 9007199254740992.0) {  // 2^53: exact
      lua_pushinteger(L, static_cast<lua_Integer>(value));
    } else {
      lua_pushnumber(L, value);
    }
    return 1;
  }
  static int VarsSet(lua_State* L) {
    const TreeVariables* tree = nullptr;
    const int index = FindVar(L, tree);
    const char* name = lua_tostring(L, 2);
    VariableBlock& variables = *Of(L).current.variables;
    double value = 0;
    switch (tree->types[static_cast<std::size_t>(index)]) {
      case VariableType::Bool:
        if (lua_type(L, 3) != LUA_TBOOLEAN) return luaL_error(L, "agent.vars.%s is a Bool: set true or false", name);
        value = lua_toboolean(L, 3) ? 1.0 : 0.0;
        break;
      case VariableType::Number:
        if (lua_type(L, 3) != LUA_TNUMBER) return luaL_error(L, "agent.vars.%s is a Number: set a number", name);
        value = static_cast<double>(lua_tonumber(L, 3));
        break;
      case VariableType::Int32:
      case VariableType::Int64:
        if (!lua_isinteger(L, 3)) return luaL_error(L, "agent.vars.%s is an integer: set a whole number", name);
        if (!variables.SetInteger(index, static_cast<std::int64_t>(lua_tointeger(L, 3))))
          return luaL_error(L, "agent.vars.%s: %I is out of its range", name, lua_tointeger(L, 3));
        return 0;
      case VariableType::Enum: {
        const VariableEnum* e = tree->enums[static_cast<std::size_t>(index)];
        const char* text = lua_type(L, 3) == LUA_TSTRING ? lua_tostring(L, 3) : nullptr;
        for (int n = 0; text != nullptr && e != nullptr && n < e->count; ++n)
          if (std::strcmp(text, e->names[n]) == 0) return variables.SetInteger(index, n), 0;
        return luaL_error(L, "agent.vars.%s is an enum: set one of its names", name);
      }
      case VariableType::Floats:
        return luaL_error(L, "agent.vars.%s is a float vector: C++ sets it (VariableBlock::SetFloats)", name);
    }
    if (!variables.Set(index, value)) return luaL_error(L, "agent.vars.%s: NaN refused", name);
    return 0;
  }

  // ------------------------------------------------------------ protected work
  // Each runs inside lua_pcall (Protected), its request the light userdata at 1.

  static int Setup(lua_State* L) {
    Impl& impl = Of(L);
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);  // the state's own globals, which no script reaches
    const int globals = lua_gettop(L);
    lua_createtable(L, 0, 32);
    const int lib = lua_gettop(L);
    for (const char* name : kBaseNames) {
      lua_getfield(L, globals, name);
      lua_setfield(L, lib, name);
    }
    lua_pushcfunction(L, &Print);
    lua_setfield(L, lib, "print");
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 0);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");  // bytecode, which nothing may load anyway
    lua_setfield(L, lib, LUA_STRLIBNAME);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 0);
    lua_setfield(L, lib, LUA_TABLIBNAME);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 0);
    lua_setfield(L, lib, LUA_MATHLIBNAME);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 0);
    lua_setfield(L, lib, LUA_UTF8LIBNAME);
    luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 0);
    lua_createtable(L, 0, 2);
    for (const char* name : {"clock", "time"}) {
      lua_getfield(L, -2, name);
      lua_setfield(L, -2, name);
    }
    lua_setfield(L, lib, LUA_OSLIBNAME);
    lua_pop(L, 1);
    // Strings' metatable (their methods) sealed: no script changes another's strings.
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);

    // agent: an empty proxy; reads go to its members (vars, the game's functions),
    // then to the game's field hook; writes to the game's hook only.
    lua_createtable(L, 0, 0);
    const int agent = lua_gettop(L);
    lua_createtable(L, 0, 8);
    const int members = lua_gettop(L);
    lua_createtable(L, 0, 0);  // vars: an empty proxy, every access a C function
    lua_pushcfunction(L, &VarsGet);
    lua_pushcfunction(L, &VarsSet);
    PushSealedMetatable(L);
    lua_setmetatable(L, -2);
    lua_setfield(L, members, "vars");
    lua_pushcfunction(L, &AgentGet);
    lua_pushnil(L);
    PushSealedMetatable(L);
    lua_setmetatable(L, members);
    lua_pushvalue(L, members);
    lua_pushcfunction(L, &AgentSet);
    PushSealedMetatable(L);
    lua_setmetatable(L, agent);
    lua_pushvalue(L, agent);
    lua_setfield(L, lib, "agent");
    lua_pushvalue(L, agent);
    lua_setfield(L, lib, "entity");
    lua_pushvalue(L, members);
    impl.membersRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushvalue(L, agent);
    impl.agentRef = luaL_ref(L, LUA_REGISTRYINDEX);

    // The shared definitions over the library; each chunk's environment over them.
    lua_createtable(L, 0, 0);
    lua_pushvalue(L, lib);
    lua_pushnil(L);
    PushSealedMetatable(L);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    impl.sharedRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushnil(L);
    PushSealedMetatable(L);  // __index = shared
    impl.envMetaRef = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_createtable(L, 0, 0);
    impl.chunksRef = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
  }

  struct LoadRequest {
    const char* code;
    std::size_t size;
    const char* chunkName;
    std::uint32_t chunk;  // Compile: the chunk's index, out
  };
  static int Load(lua_State* L, const LoadRequest& request) {
    if (luaL_loadbufferx(L, request.code, request.size, request.chunkName, "t") != LUA_OK) return lua_error(L);
    return 0;
  }
  static int CompileChunk(lua_State* L) {
    Impl& impl = Of(L);
    auto& request = *static_cast<LoadRequest*>(lua_touserdata(L, 1));
    Load(L, request);
    lua_createtable(L, 0, 0);  // its own environment, over the shared definitions
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.envMetaRef);
    lua_setmetatable(L, -2);
    lua_setupvalue(L, -2, 1);  // a main chunk's one upvalue is _ENV
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.chunksRef);
    lua_rotate(L, -2, 1);
    lua_rawseti(L, -2, static_cast<lua_Integer>(impl.chunkCount) + 1);
    request.chunk = impl.chunkCount;
    return 0;
  }
  static int DefineChunk(lua_State* L) {
    Impl& impl = Of(L);
    Load(L, *static_cast<LoadRequest*>(lua_touserdata(L, 1)));
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.sharedRef);
    lua_setupvalue(L, -2, 1);
    lua_call(L, 0, 0);
    return 0;
  }

  struct MemberRequest {
    const char* name;
    std::size_t size;
    lua_CFunction function;
  };
  static int AddMember(lua_State* L) {
    const auto& request = *static_cast<const MemberRequest*>(lua_touserdata(L, 1));
    lua_rawgeti(L, LUA_REGISTRYINDEX, Of(L).membersRef);
    lua_pushlstring(L, request.name, request.size);
    lua_pushcfunction(L, request.function);
    lua_rawset(L, -3);
    return 0;
  }

  struct StepRequest {
    const char* name;
    const char* function;
    float dt;
    LuaStep step;  // out
  };
  static int Step(lua_State* L) {
    Impl& impl = Of(L);
    auto& request = *static_cast<StepRequest*>(lua_touserdata(L, 1));
    const bool update = std::strcmp(request.function, "Update") == 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.sharedRef);
    if (lua_getfield(L, -1, request.name) != LUA_TTABLE)
      return luaL_error(L, "LuaBehavior: no behavior table '%s'", request.name);
    const int type = lua_getfield(L, -1, request.function);
    if (type == LUA_TNIL) {
      request.step = update ? LuaStep::Running : LuaStep::Success;
      return 0;
    }
    if (type != LUA_TFUNCTION) return luaL_error(L, "LuaBehavior %s.%s is not a function", request.name, request.function);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl.agentRef);
    lua_pushnumber(L, static_cast<lua_Number>(request.dt));
    lua_call(L, 2, 1);
    request.step = LuaStep::Success;
    if (!update) return 0;
    const char* result = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
    if (lua_isnil(L, -1) || (result != nullptr && std::strcmp(result, "running") == 0)) request.step = LuaStep::Running;
    else if (result != nullptr && std::strcmp(result, "success") == 0) request.step = LuaStep::Success;
    else if (result != nullptr && std::strcmp(result, "failure") == 0) request.step = LuaStep::Failure;
    else
      return luaL_error(L, "LuaBehavior %s.Update returned %s (want \"success\", \"failure\" or \"running\")",
                        request.name, luaL_tolstring(L, -1, nullptr));
    return 0;
  }

  // Calls `work` with `request` in protected mode, with a fresh instruction budget.
  // False with `error` set to the message when it raised.
  bool Protected(lua_CFunction work, void* request, std::string& error) {
    lua_sethook(L, &BudgetHook, LUA_MASKCOUNT, limits.instructionBudget);
    lua_pushcfunction(L, work);
    lua_pushlightuserdata(L, request);
    if (lua_pcall(L, 1, 0, 0) == LUA_OK) return true;
    error = MessageAt(L, -1);
    lua_pop(L, 1);
    return false;
  }

  // `message` with each chunk Lua names ("\x01" "7:3:", chunk 7's line 3) as the
  // file's base name and line ("tree.xml:14:").
  std::string Placed(std::string_view message) const {
    std::string placed;
    for (std::size_t at = 0; at < message.size();) {
      const std::size_t mark = message.find(kChunkMark, at);
      placed.append(message.substr(at, mark == std::string_view::npos ? mark : mark - at));
      if (mark == std::string_view::npos) break;
      std::size_t end = mark + 1;
      std::uint64_t index = 0;
      while (end < message.size() && end - mark < 11 && message[end] >= '0' && message[end] <= '9')
        index = index * 10 + static_cast<std::uint64_t>(message[end++] - '0');
      if (end == mark + 1 || index >= places.size()) {
        placed.push_back('?');
        at = mark + 1;
        continue;
      }
      const ChunkPlace& place = places[index];
      std::uint64_t line = 1;
      std::size_t after = end;
      if (end + 1 < message.size() && message[end] == ':' && message[end + 1] >= '0' && message[end + 1] <= '9') {
        std::size_t digits = end + 1;
        line = 0;
        while (digits < message.size() && digits - end < 11 && message[digits] >= '0' && message[digits] <= '9')
          line = line * 10 + static_cast<std::uint64_t>(message[digits++] - '0');
        after = digits;
      }
      placed += place.file + ":" + std::to_string(place.line + std::max<std::uint64_t>(line, 1) - 1);
      at = after;
    }
    return placed;
  }

  void Failed(std::string_view message) {
    ++errors;
    lastError = Placed(message);
    if (onError) {
      try {
        onError(lastError);
      } catch (...) {  // a handler must not throw: a node's function is noexcept
      }
    }
  }
};

// =============================================================== [SECTION] The engine

LuaScripts::LuaScripts(LuaLimits limits) : impl_(std::make_unique<Impl>()) {
  impl_->self = this;
  impl_->limits = limits;
  if (impl_->limits.instructionBudget < 1) impl_->limits.instructionBudget = 1;
  for (std::uint32_t tries = 0; tries < 2 * kMaxEngines && impl_->id == 0; ++tries) {
    const std::uint32_t id = gNextId.fetch_add(1) % kMaxId + 1;
    LuaScripts* none = nullptr;
    if (gEngines[id % kMaxEngines].compare_exchange_strong(none, this)) impl_->id = id;
  }
  lua_State* L = lua_newstate(&Impl::Alloc, impl_.get());
  if (L == nullptr) {
    impl_->setupError = "cannot create the Lua state: not enough memory";
    return;
  }
  *static_cast<Impl**>(lua_getextraspace(L)) = impl_.get();
  impl_->L = L;
  std::string error;
  if (!impl_->Protected(&Impl::Setup, nullptr, error)) {
    impl_->setupError = "cannot set up the Lua state: " + error;
    lua_close(L);
    impl_->L = nullptr;
  }
}

LuaScripts::~LuaScripts() {
  if (impl_->id != 0) gEngines[impl_->id % kMaxEngines].store(nullptr);
  if (impl_->L != nullptr) {
    // Finalizers (__gc) run now: within a budget too.
    lua_sethook(impl_->L, &Impl::BudgetHook, LUA_MASKCOUNT, impl_->limits.instructionBudget);
    lua_close(impl_->L);
  }
}

std::int64_t LuaScripts::Compile(std::string_view code, std::string_view chunkName, std::string& error) {
  std::lock_guard lock(impl_->mutex);
  if (impl_->L == nullptr) {
    error = impl_->setupError;
    return -1;
  }
  if (impl_->id == 0) {
    error = "too many LuaScripts alive (at most " + std::to_string(kMaxEngines) + ")";
    return -1;
  }
  if (impl_->chunkCount == UINT32_MAX) {
    error = "too many Lua chunks in one LuaScripts";
    return -1;
  }
  const std::string name = ChunkName(impl_->places.size());
  impl_->places.push_back(PlaceOfChunk(chunkName));
  Impl::LoadRequest request{code.data(), code.size(), name.c_str(), 0};
  if (!impl_->Protected(&Impl::CompileChunk, &request, error)) {
    NameChunkIn(error, name);
    error = impl_->Placed(error);
    impl_->places.pop_back();  // nothing of the chunk remains to name it
    return -1;
  }
  error.clear();
  ++impl_->chunkCount;
  return static_cast<std::int64_t>((static_cast<std::uint64_t>(impl_->id) << kChunkBits) | request.chunk);
}

bool LuaScripts::Define(std::string_view code, std::string_view chunkName, std::string& error) {
  std::lock_guard lock(impl_->mutex);
  if (impl_->L == nullptr) {
    error = impl_->setupError;
    return false;
  }
  const std::string name = ChunkName(impl_->places.size());
  impl_->places.push_back(PlaceOfChunk(chunkName));
  Impl::LoadRequest request{code.data(), code.size(), name.c_str(), 0};
  if (impl_->Protected(&Impl::DefineChunk, &request, error)) return true;
  NameChunkIn(error, name);
  error = impl_->Placed(error);
  return false;
}

namespace {
// Every decider of the tree below `root` once (a DAG may list one under several groups).
template <class Visit>
void ForEachDecider(const DeciderDef& root, Visit visit) {
  std::vector<const DeciderDef*> pending{&root};
  std::unordered_set<const DeciderDef*> seen{&root};
  while (!pending.empty()) {
    const DeciderDef* d = pending.back();
    pending.pop_back();
    visit(d);
    for (std::uint16_t i = 0; i < d->childCount; ++i)
      if (d->children[i] != nullptr && seen.insert(d->children[i]).second) pending.push_back(d->children[i]);
  }
}
}  // namespace

void LuaScripts::AddTree(const DeciderDef& root) {
  auto variables = std::make_shared<Impl::TreeVariables>();
  for (std::uint16_t i = 0; i < root.variableCount; ++i) {
    variables->names.emplace_back(root.variables[i].name != nullptr ? root.variables[i].name : "");
    variables->types.push_back(root.variables[i].type);
    variables->enums.push_back(root.variables[i].enumType);
  }
  std::lock_guard lock(impl_->mutex);
  ForEachDecider(root, [&](const DeciderDef* d) { impl_->trees[d] = variables; });
}

void LuaScripts::ForgetTree(const DeciderDef& root) {
  std::lock_guard lock(impl_->mutex);
  ForEachDecider(root, [&](const DeciderDef* d) { impl_->trees.erase(d); });
}

bool LuaScripts::AddAgentFunction(std::string_view name, lua_CFunction function) {
  std::lock_guard lock(impl_->mutex);
  if (impl_->L == nullptr) return false;
  Impl::MemberRequest request{name.data(), name.size(), function};
  std::string error;
  return impl_->Protected(&Impl::AddMember, &request, error);
}

void LuaScripts::SetAgentFields(lua_CFunction get, lua_CFunction set) {
  std::lock_guard lock(impl_->mutex);
  impl_->getField = get;
  impl_->setField = set;
}

void LuaScripts::SetPrint(std::function<void(std::string_view)> print) {
  std::lock_guard lock(impl_->mutex);
  impl_->print = std::move(print);
}

void LuaScripts::SetErrorHandler(std::function<void(std::string_view)> handler) {
  std::lock_guard lock(impl_->mutex);
  impl_->onError = std::move(handler);
}

const std::string& LuaScripts::LastError() const { return impl_->lastError; }

LuaScripts::Stats LuaScripts::GetStats() const {
  return {impl_->runs, impl_->errors, impl_->allocations, impl_->bytes};
}

lua_State* LuaScripts::State() const { return impl_->L; }

LuaScripts* LuaScripts::FromId(std::uint32_t id) {
  if (id == 0) return nullptr;
  LuaScripts* engine = gEngines[id % kMaxEngines].load();
  return engine != nullptr && engine->impl_->id == id ? engine : nullptr;
}

LuaScripts* LuaScripts::FromHandle(double handle, std::uint32_t& chunk) {
  if (!(handle >= 0 && handle < 9007199254740992.0) || handle != std::floor(handle)) return nullptr;
  const auto bits = static_cast<std::uint64_t>(handle);
  chunk = static_cast<std::uint32_t>(bits & 0xffffffffu);
  return FromId(static_cast<std::uint32_t>(bits >> kChunkBits));
}

std::uint32_t LuaScripts::Id() const { return impl_->id; }

void LuaScripts::ReportError(std::string_view message) {
  std::lock_guard lock(impl_->mutex);
  impl_->Failed(message);
}

LuaScripts* LuaScripts::Of(lua_State* L) { return L != nullptr ? Impl::Of(L).self : nullptr; }

void* LuaScripts::CurrentAgent(TypeTag type) const {
  return impl_->current.agent != nullptr && impl_->current.agentType == type ? impl_->current.agent : nullptr;
}

bool LuaScripts::Run(std::uint32_t chunk, const LuaRun& run, bool& truth) {
  truth = false;
  std::lock_guard lock(impl_->mutex);
  lua_State* L = impl_->L;
  ++impl_->runs;
  if (L == nullptr || chunk >= impl_->chunkCount) {
    impl_->Failed(L == nullptr ? impl_->setupError : "no Lua chunk " + std::to_string(chunk));
    return false;
  }
  if (!lua_checkstack(L, 3)) {
    impl_->Failed("Lua stack overflow");
    return false;
  }
  const LuaRun outer = impl_->current;  // a run nested in a game function's tick
  impl_->current = run;
  lua_sethook(L, &Impl::BudgetHook, LUA_MASKCOUNT, impl_->limits.instructionBudget);
  lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->chunksRef);
  lua_rawgeti(L, -1, static_cast<lua_Integer>(chunk) + 1);
  lua_remove(L, -2);
  const bool ok = lua_pcall(L, 0, 1, 0) == LUA_OK;
  if (ok) truth = lua_toboolean(L, -1) != 0;
  else impl_->Failed(MessageAt(L, -1));
  lua_pop(L, 1);
  impl_->current = outer;
  return ok;
}

LuaStep LuaScripts::StepBehavior(const char* name, const char* function, const LuaRun& run) {
  std::lock_guard lock(impl_->mutex);
  ++impl_->runs;
  if (impl_->L == nullptr) {
    impl_->Failed(impl_->setupError);
    return LuaStep::Error;
  }
  const LuaRun outer = impl_->current;
  impl_->current = run;
  Impl::StepRequest request{name != nullptr ? name : "", function, run.dt, LuaStep::Error};
  std::string error;
  const bool ok = impl_->Protected(&Impl::Step, &request, error);
  impl_->current = outer;
  if (ok) return request.step;
  impl_->Failed(error);
  return LuaStep::Error;
}

}  // namespace bt::loaders

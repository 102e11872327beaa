// bt/inspector/requests.cpp — parsing a request with limits, and each endpoint.
//
// Sections: the query (parsing, numbers); an agent's state as JSON; the
// endpoints; HandleRequest (limits, dispatch).
#include "bt/inspector/requests.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "bt/core/tree.h"
#include "bt/debug/print.h"

namespace bt::inspector {
namespace {

using Json = nlohmann::json;

// ---------------------------------------------------------------- the query

constexpr std::size_t kMaxParams = 8;
constexpr std::size_t kMaxValueBytes = 256;

struct Query {
  std::vector<std::pair<std::string, std::string>> params;
  const std::string* Find(std::string_view key) const {
    for (const auto& [k, v] : params)
      if (k == key) return &v;
    return nullptr;
  }
};

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decodes; refuses bad escapes, control bytes and overlong values.
std::optional<std::string> Decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+') {
      c = ' ';
    } else if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int high = HexDigit(text[i + 1]), low = HexDigit(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      c = static_cast<char>(high * 16 + low);
      i += 2;
    }
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return std::nullopt;
    out.push_back(c);
    if (out.size() > kMaxValueBytes) return std::nullopt;
  }
  return out;
}

std::optional<Query> ParseQuery(std::string_view text) {
  Query query;
  while (!text.empty()) {
    const std::size_t amp = text.find('&');
    const std::string_view pair = text.substr(0, amp);
    text = amp == std::string_view::npos ? std::string_view{} : text.substr(amp + 1);
    if (pair.empty()) continue;
    if (query.params.size() == kMaxParams) return std::nullopt;
    const std::size_t eq = pair.find('=');
    auto key = Decode(pair.substr(0, eq));
    auto value = Decode(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1));
    if (!key || !value) return std::nullopt;
    query.params.emplace_back(std::move(*key), std::move(*value));
  }
  return query;
}

// A whole decimal number within [low, high]; anything else is no number.
std::optional<std::int64_t> Number(const std::string* text, std::int64_t low, std::int64_t high) {
  if (!text || text->empty() || text->size() > 19) return std::nullopt;
  std::int64_t value = 0;
  const char* end = text->data() + text->size();
  const auto [at, ec] = std::from_chars(text->data(), end, value);
  if (ec != std::errc{} || at != end || value < low || value > high) return std::nullopt;
  return value;
}

Response Error(int status, std::string_view message) {
  Response response;
  response.status = status;
  response.body = Json{{"error", message}}.dump();
  return response;
}

std::string Dump(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

const char* NameOf(const DeciderDef* decider) {
  return decider == nullptr ? "-" : decider->name ? decider->name : "(unnamed)";
}

// ---------------------------------------------------------------- an agent's state as JSON

// What the page shows of an agent at a frame, from a block (a copy or a rebuilt one).
Json StateJson(std::size_t agent, const std::string& name, std::int64_t frame, double time, const DeciderDef* root,
               std::span<const std::byte> block, const std::string* why, const std::string& describe) {
  Json state{{"agent", agent}, {"name", name}, {"frame", frame}, {"time", time}, {"describe", describe}};
  if (!root) {
    state["print"] = "(this program does not know the recording's tree)";
    state["path"] = Json::array();
  } else {
    std::vector<char> text(1 << 16);
    DebugPrintState(*root, block, time, text);
    state["print"] = text.data();
    const DeciderDef* path[64];
    const int n = ActivePath(*root, block, path);
    Json names = Json::array();
    for (int i = 0; i < std::min(n, 64); ++i) names.push_back(NameOf(path[i]));
    state["path"] = names;
  }
  state["why"] = why ? Json(*why) : Json(nullptr);
  return state;
}

std::string WhyText(const WhyRecord& record) {
  std::vector<char> text(1 << 16);
  FormatWhy(record, text);
  return text.data();
}

// ---------------------------------------------------------------- the endpoints

Response Info(Session& s) {
  Json info{{"mode", s.offline ? "offline" : "live"},
            {"control", s.control && !s.offline},
            {"paused", s.paused},
            {"frame", s.frame},
            {"time", s.time},
            {"agents", s.names.size()},
            {"pauseReason", s.pauseReason}};
  if (s.breakpoint.set)
    info["breakpoint"] = Json{{"decider", s.breakpoint.decider}, {"agent", s.breakpoint.agent}};
  if (s.recorder) {
    const auto lock = s.recorder->Lock();
    if (!s.recorder->Empty())
      info["recording"] = Json{{"first", s.recorder->FirstFrame()},
                               {"last", s.recorder->LastFrame()},
                               {"bytes", s.recorder->BytesHeld()}};
  }
  Response response;
  response.body = Dump(info);
  return response;
}

bool ContainsNoCase(std::string_view text, std::string_view part) {
  if (part.empty()) return true;
  return std::search(text.begin(), text.end(), part.begin(), part.end(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         }) != text.end();
}

Response AgentList(Session& s, const Query& query) {
  const std::string* q = query.Find("q");
  const auto offset = query.Find("offset") ? Number(query.Find("offset"), 0, 1 << 30) : 0;
  const auto limit = query.Find("limit") ? Number(query.Find("limit"), 1, static_cast<std::int64_t>(s.limits.listPage))
                                         : static_cast<std::int64_t>(s.limits.listPage);
  if (!offset || !limit) return Error(400, "offset and limit are whole numbers (limit at most the page size)");
  Json agents = Json::array();
  std::int64_t matched = 0;
  for (std::size_t i = 0; i < s.names.size(); ++i) {
    if (!ContainsNoCase(s.names[i], q ? *q : std::string_view{})) continue;
    if (matched >= *offset && matched < *offset + *limit) agents.push_back(Json{{"i", i}, {"name", s.names[i]}});
    ++matched;
  }
  Response response;
  response.body = Dump(Json{{"total", matched}, {"offset", *offset}, {"agents", agents}});
  return response;
}

Json TransitionRows(Session& s, std::int64_t upTo) {
  Json rows = Json::array();
  const int shown = s.limits.transitionsShown;
  // A recording has every transition of its window; without one, those seen while pages were open.
  if (s.recorder) {
    if (upTo < 0) upTo = s.frame;
    const auto lock = s.recorder->Lock();
    const auto& all = s.recorder->Transitions();
    const auto& names = s.recorder->Names();
    auto end = std::upper_bound(all.begin(), all.end(), upTo,
                                [](std::int64_t f, const RecordedTransition& t) { return f < t.frame; });
    for (auto it = end - std::min<std::ptrdiff_t>(end - all.begin(), shown); it != end; ++it)
      rows.push_back(Json{{"frame", it->frame}, {"agent", it->agent}, {"name", s.recorder->AgentName(it->agent)},
                          {"from", names[it->from]}, {"to", names[it->to]}});
    return rows;
  }
  const auto& all = s.transitions;
  for (auto it = all.end() - std::min<std::ptrdiff_t>(static_cast<std::ptrdiff_t>(all.size()), shown); it != all.end();
       ++it)
    rows.push_back(Json{{"frame", it->frame}, {"agent", it->agent},
                        {"name", it->agent < s.names.size() ? s.names[it->agent] : std::string("?")},
                        {"from", NameOf(it->from)}, {"to", NameOf(it->to)}});
  return rows;
}

Response PastState(Session& s, std::size_t agent, std::int64_t frame) {
  if (!s.recorder) return Error(404, "no recording: the game runs no recorder");
  Json state;
  {
    const auto lock = s.recorder->Lock();
    if (agent >= s.recorder->AgentCount()) return Error(404, "no such agent in the recording");
    BlockCopy block;
    double time = 0;
    if (!s.recorder->TimeOf(frame, &time) || !s.recorder->Rebuild(frame, agent, block))
      return Error(404, "that frame is not in the recording's window");
    state = StateJson(agent, s.recorder->AgentName(agent), frame, time, s.recorder->AgentRoot(agent), block.Bytes(),
                      s.recorder->WhyAt(frame, agent), std::string());
  }
  state["live"] = false;
  state["transitions"] = TransitionRows(s, frame);
  Response response;
  response.body = Dump(state);
  return response;
}

Response LiveState(Session& s, std::size_t agent, Clock::time_point now) {
  if (agent >= s.names.size()) return Error(404, "no such agent");
  auto it = std::find_if(s.watched.begin(), s.watched.end(), [&](const WatchedCopy& w) { return w.agent == agent; });
  if (it == s.watched.end()) {
    if (s.watched.size() >= s.limits.watched) {  // the least recently asked for makes room
      auto oldest = std::min_element(s.watched.begin(), s.watched.end(),
                                     [](const WatchedCopy& a, const WatchedCopy& b) { return a.askedAt < b.askedAt; });
      s.watched.erase(oldest);
    }
    s.watched.emplace_back();
    it = s.watched.end() - 1;
    it->agent = agent;
  }
  it->askedAt = now;
  s.attention.store(true, std::memory_order_relaxed);
  Response response;
  if (!it->copied) {
    response.body = Dump(Json{{"agent", agent}, {"pending", true}, {"frame", s.frame}});
    return response;
  }
  const std::string why = it->hasWhy ? WhyText(*it->why) : std::string();
  Json state = StateJson(agent, s.names[agent], s.frame, s.time, it->root, it->block.Bytes(),
                         it->hasWhy ? &why : nullptr, it->describe);
  state["live"] = true;
  state["paused"] = s.paused;
  state["transitions"] = TransitionRows(s, -1);
  response.body = Dump(state);
  return response;
}

Response State(Session& s, const Query& query, Clock::time_point now) {
  const auto agent = Number(query.Find("agent"), 0, (std::int64_t{1} << 32) - 1);
  if (!agent) return Error(400, "agent: a whole number");
  if (query.Find("frame")) {
    const auto frame = Number(query.Find("frame"), 0, std::int64_t{1} << 53);
    if (!frame) return Error(400, "frame: a whole number");
    return PastState(s, static_cast<std::size_t>(*agent), *frame);
  }
  if (s.offline) {
    if (!s.recorder) return Error(404, "no recording");
    std::int64_t last = 0;
    {
      const auto lock = s.recorder->Lock();
      last = s.recorder->LastFrame();
    }
    return PastState(s, static_cast<std::size_t>(*agent), last);
  }
  return LiveState(s, static_cast<std::size_t>(*agent), now);
}

// The root is looked up under the lock; Graphviz runs outside it (tens of
// milliseconds the game's thread must not wait for), and the picture is kept.
Response TreeSvg(Session& s, const Query& query, std::unique_lock<std::mutex>& lock) {
  const auto agent = Number(query.Find("agent"), 0, (std::int64_t{1} << 32) - 1);
  if (!agent) return Error(400, "agent: a whole number");
  const DeciderDef* root = nullptr;
  for (const WatchedCopy& w : s.watched)
    if (w.agent == static_cast<std::size_t>(*agent) && w.copied) root = w.root;
  if (!root && s.recorder) {
    const auto recorderLock = s.recorder->Lock();
    root = s.recorder->AgentRoot(static_cast<std::size_t>(*agent));
  }
  if (!root) return Error(404, "no tree known for that agent (ask its state first)");
  if (!s.drawSvg) return Error(503, "pictures are not available");
  Response response;
  response.contentType = "image/svg+xml";
  if (const auto cached = s.svgCache.find(root); cached != s.svgCache.end()) {
    response.body = cached->second;
    return response;
  }
  const auto draw = s.drawSvg;
  lock.unlock();
  std::string svg = draw(*root);
  lock.lock();
  if (svg.empty()) return Error(503, "Graphviz could not draw the tree");
  s.svgCache[root] = svg;
  response.body = std::move(svg);
  return response;
}

Response Control(Session& s, const Query& query) {
  if (!s.control || s.offline) return Error(403, "the game has not enabled control");
  const std::string* op = query.Find("op");
  if (!op) return Error(400, "op: pause, resume or step");
  if (*op == "pause") {
    s.paused = true;
    s.pauseReason = "paused from the page";
  } else if (*op == "resume") {
    s.paused = false;
    s.steps = 0;
    s.pauseReason.clear();
  } else if (*op == "step") {
    if (!s.paused) return Error(409, "step: pause first");
    s.steps = 1;
  } else {
    return Error(400, "op: pause, resume or step");
  }
  s.attention.store(true, std::memory_order_relaxed);
  Response response;
  response.body = Dump(Json{{"paused", s.paused}, {"frame", s.frame}});
  return response;
}

Response Break(Session& s, const Query& query) {
  if (!s.control || s.offline) return Error(403, "the game has not enabled control");
  if (query.Find("clear")) {
    s.breakpoint = {};
  } else {
    const std::string* decider = query.Find("decider");
    if (!decider || decider->empty()) return Error(400, "decider: a decider's name");
    std::int64_t agent = -1;
    if (query.Find("agent")) {
      const auto n = Number(query.Find("agent"), -1, static_cast<std::int64_t>(s.names.size()) - 1);
      if (!n) return Error(400, "agent: -1 (any) or an agent's index");
      agent = *n;
    }
    s.breakpoint = Breakpoint{true, *decider, agent};
  }
  s.attention.store(true, std::memory_order_relaxed);
  Response response;
  response.body = Dump(Json{{"breakpoint", s.breakpoint.set}});
  return response;
}

bool RateLimited(Session& s, Clock::time_point now) {
  if (s.limits.perSecond <= 0) return false;
  if (now - s.rateWindow >= std::chrono::seconds(1)) {
    s.rateWindow = now;
    s.rateCount = 0;
  }
  return ++s.rateCount > s.limits.perSecond;
}

}  // namespace

// ---------------------------------------------------------------- HandleRequest

Response HandleRequest(Session& session, std::string_view method, std::string_view target, std::size_t bodyBytes,
                       Clock::time_point now) {
  if (target.size() > session.limits.targetBytes) return Error(414, "request target too long");
  if (bodyBytes > session.limits.bodyBytes) return Error(413, "request body too large");
  const std::size_t mark = target.find('?');
  const std::string_view path = target.substr(0, mark);
  const auto query = ParseQuery(mark == std::string_view::npos ? std::string_view{} : target.substr(mark + 1));
  if (!query) return Error(400, "a malformed query");
  const bool get = method == "GET", post = method == "POST";
  try {
    std::unique_lock<std::mutex> lock(session.mutex);
    if (RateLimited(session, now)) return Error(429, "too many requests");
    session.lastRequest = now;
    session.attention.store(true, std::memory_order_relaxed);  // the next frame fills in what pages read
    if (path == "/" || path == "/index.html") {
      if (!get) return Error(405, "GET only");
      Response response;
      response.contentType = "text/html; charset=utf-8";
      response.body = kInspectorPage;
      return response;
    }
    if (path == "/api/info") return get ? Info(session) : Error(405, "GET only");
    if (path == "/api/agents") return get ? AgentList(session, *query) : Error(405, "GET only");
    if (path == "/api/state") return get ? State(session, *query, now) : Error(405, "GET only");
    if (path == "/api/tree.svg") return get ? TreeSvg(session, *query, lock) : Error(405, "GET only");
    if (path == "/api/control") return post ? Control(session, *query) : Error(405, "POST only");
    if (path == "/api/break") return post ? Break(session, *query) : Error(405, "POST only");
    return Error(404, "no such page");
  } catch (const std::exception&) {  // allocation failure, JSON of a damaged name: never the server's end
    return Error(500, "the inspector could not answer");
  }
}

}  // namespace bt::inspector

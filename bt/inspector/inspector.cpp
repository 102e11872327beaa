// bt/inspector/inspector.cpp — the server's thread (cpp-httplib) and the
// game's side of each frame.
//
// Sections: drawing a tree; the server; the game's frame; recordings.
#include "bt/inspector/inspector.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <httplib.h>

#include "bt/core/tree.h"
#include "bt/debug/dot.h"
#include "bt/inspector/requests.h"

namespace bt::inspector {
namespace {

constexpr auto kWatchExpires = std::chrono::seconds(3);   // a watched agent no page asked for
constexpr auto kPageGone = std::chrono::seconds(10);      // no request at all: a paused game resumes
constexpr std::size_t kLiveTransitions = 200;

}  // namespace

// ---------------------------------------------------------------- drawing a tree

std::string DrawTreeSvg(const DeciderDef& root) {
  std::vector<char> dot(1 << 16);
  const std::size_t length = WriteTreeDot(root, {}, dot);
  if (length >= dot.size()) {
    dot.resize(length + 1);
    WriteTreeDot(root, {}, dot);
  }
  // dot reads a file the inspector names itself; nothing of a request is in it.
  char path[] = "/tmp/bt-inspector-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return {};
  const bool written = write(fd, dot.data(), length) == static_cast<ssize_t>(length);
  close(fd);
  std::string svg;
  if (written) {
    const std::string command = std::string("dot -Tsvg '") + path + "' 2>/dev/null";
    if (std::FILE* out = popen(command.c_str(), "r")) {
      char buffer[8192];
      for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, out)) > 0;) svg.append(buffer, n);
      if (pclose(out) != 0) svg.clear();
    }
  }
  unlink(path);
  return svg;
}

// ---------------------------------------------------------------- the server

struct Inspector::Server {
  httplib::Server http;
  std::thread thread;
};

Inspector::Inspector(InspectorOptions options) : options_(std::move(options)) {
  session_.control = options_.control;
  session_.limits = options_.limits;
  session_.drawSvg = &DrawTreeSvg;
  if (options_.recorderBytes > 0) {
    recorder_ = std::make_unique<Recorder>(RecorderOptions{options_.recorderBytes, options_.keyframeEvery});
    session_.recorder = recorder_.get();
    session_.attention.store(true);
  }
}

Inspector::~Inspector() { Stop(); }

bool Inspector::Start(std::string* error) {
  if (server_) return true;
  auto server = std::make_unique<Server>();
  httplib::Server& http = server->http;
  // Two threads: a page polls, a second may load a picture; more only queue.
  http.new_task_queue = [] { return new httplib::ThreadPool(2); };
  http.set_payload_max_length(session_.limits.bodyBytes);
  http.set_read_timeout(5, 0);
  http.set_write_timeout(5, 0);
  http.set_keep_alive_max_count(100);
  const bool loopback = options_.host == "127.0.0.1" || options_.host == "localhost" || options_.host == "::1";
  auto answer = [this, loopback](const httplib::Request& request, httplib::Response& response) {
    // A loopback server answers only pages that name a loopback host (no DNS rebinding).
    const std::string host = request.get_header_value("Host");
    const bool hostOk = !loopback || host.rfind("127.0.0.1", 0) == 0 || host.rfind("localhost", 0) == 0 ||
                        host.rfind("[::1]", 0) == 0;
    Response answered = hostOk ? HandleRequest(session_, request.method, request.target, request.body.size(), Clock::now())
                               : Response{403, "application/json", "{\"error\":\"not a loopback host\"}"};
    response.status = answered.status;
    response.set_header("Cache-Control", "no-store");
    response.set_header("X-Content-Type-Options", "nosniff");
    response.set_content(std::move(answered.body), answered.contentType.c_str());
  };
  http.Get(".*", answer);
  http.Post(".*", answer);
  http.Put(".*", answer);
  http.Delete(".*", answer);
  http.Options(".*", answer);
  http.Patch(".*", answer);
  const int port = options_.port == 0 ? http.bind_to_any_port(options_.host)
                                      : (http.bind_to_port(options_.host, options_.port) ? options_.port : -1);
  if (port <= 0) {
    if (error) *error = "cannot listen on " + options_.host + ":" + std::to_string(options_.port);
    return false;
  }
  port_ = port;
  server->thread = std::thread([raw = &server->http] { raw->listen_after_bind(); });
  // A stop before the thread listens would be missed and the join would wait forever.
  for (int waited = 0; !http.is_running() && waited < 5000; ++waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  server_ = std::move(server);
  return true;
}

void Inspector::Stop() {
  if (!server_) return;
  server_->http.stop();
  if (server_->thread.joinable()) server_->thread.join();
  server_.reset();
}

// ---------------------------------------------------------------- the game's frame

// Transitions of every agent and the breakpoint: once per new frame, only while
// pages are open or a breakpoint is set. Under the session's lock.
void Inspector::NoteFrame(const Agents& agents, std::int64_t frame) {
  Session& s = session_;
  const std::size_t count = agents.Count();
  // The first frame a page sees gives each agent's running decider, not a transition.
  const bool seeding = running_.Count() != count;
  if (seeding) running_.Reset(count);
  for (std::size_t i = 0; i < count; ++i) {
    const DeciderDef* was = running_.Last(i);
    const DeciderDef* now = running_.Update(i, agents.Root(i), agents.Block(i));
    if (now != was && !seeding) s.transitions.push_back({frame, i, was, now});
  }
  while (s.transitions.size() > kLiveTransitions) s.transitions.pop_front();
  if (!s.breakpoint.set) return;
  if (breakDecider_ != s.breakpoint.decider || inBreak_.size() != count) {
    breakDecider_ = s.breakpoint.decider;
    inBreak_.assign(count, 0);
  }
  const std::size_t first = s.breakpoint.agent < 0 ? 0 : static_cast<std::size_t>(s.breakpoint.agent);
  const std::size_t end = s.breakpoint.agent < 0 ? count : std::min(count, first + 1);
  for (std::size_t i = first; i < end; ++i) {
    const DeciderDef* path[64];
    const int n = std::min(ActivePath(agents.Root(i), agents.Block(i), path), 64);
    bool active = false;
    for (int k = 0; k < n && !active; ++k) active = path[k]->name && breakDecider_ == path[k]->name;
    if (active && !inBreak_[i] && !s.paused) {
      s.paused = true;
      s.steps = 0;
      s.pauseReason = "breakpoint: " + (i < s.names.size() ? s.names[i] : std::to_string(i)) + " entered " +
                      breakDecider_ + " at frame " + std::to_string(frame);
    }
    inBreak_[i] = active;
  }
}

bool Inspector::FrameWithAttention(const Agents& agents, std::int64_t frame, double time) {
  if (recorder_) recorder_->Record(agents, frame, time);
  Session& s = session_;
  std::lock_guard<std::mutex> lock(s.mutex);
  const Clock::time_point now = Clock::now();
  std::erase_if(s.watched, [&](const WatchedCopy& w) { return now - w.askedAt > kWatchExpires; });
  const bool pageOpen = !s.watched.empty() || now - s.lastRequest < kWatchExpires;
  if (agents.Count() != s.names.size()) {
    s.names.resize(agents.Count());
    for (std::size_t i = 0; i < s.names.size(); ++i) agents.Name(i, s.names[i]);
  }
  const bool newFrame = frame != lastFrame_;
  s.frame = frame;
  s.time = time;
  for (WatchedCopy& w : s.watched) {
    if (w.agent >= agents.Count()) continue;
    w.root = &agents.Root(w.agent);
    w.block.Assign(agents.Block(w.agent));
    const WhyRecord* why = agents.Why(w.agent);
    w.hasWhy = why != nullptr;
    if (why) *w.why = *why;
    w.describe.clear();
    agents.Describe(w.agent, w.describe);
    w.copied = true;
    if (recorder_ && newFrame && why) {
      std::vector<char> text(1 << 16);
      FormatWhy(*why, text);
      recorder_->RecordWhy(frame, w.agent, text.data());
    }
  }
  if (newFrame && (pageOpen || s.breakpoint.set)) NoteFrame(agents, frame);
  if (!pageOpen && !s.transitions.empty()) {
    s.transitions.clear();  // seen by no page: the next page starts afresh
    running_.Reset(0);
  }
  lastFrame_ = frame;
  if (s.paused && now - s.lastRequest > kPageGone) {
    s.paused = false;
    s.pauseReason = "resumed: no page open";
  }
  bool run = true;
  if (s.paused) {
    run = s.steps > 0;
    if (run) --s.steps;
  }
  s.attention.store(recorder_ || pageOpen || s.paused || s.breakpoint.set, std::memory_order_relaxed);
  return run;
}

// ---------------------------------------------------------------- recordings

bool Inspector::SaveRecording(const char* path, std::string* error) {
  if (!recorder_) {
    if (error) *error = "no recorder: set InspectorOptions::recorderBytes";
    return false;
  }
  return recorder_->Save(path, error);
}

bool Inspector::OpenRecording(const char* path, std::span<const DeciderDef* const> roots, std::string* error) {
  auto recorder = std::make_unique<Recorder>();
  if (!recorder->Load(path, roots, error)) return false;
  std::lock_guard<std::mutex> lock(session_.mutex);
  recorder_ = std::move(recorder);
  session_.recorder = recorder_.get();
  session_.offline = true;
  session_.names.clear();
  for (std::size_t i = 0; i < recorder_->AgentCount(); ++i) session_.names.push_back(recorder_->AgentName(i));
  session_.frame = recorder_->LastFrame();
  recorder_->TimeOf(session_.frame, &session_.time);
  return true;
}

}  // namespace bt::inspector

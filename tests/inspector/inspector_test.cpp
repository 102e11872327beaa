// tests/inspector/inspector_test.cpp — the inspector over a real socket: what
// a page is shown is the library's own print of that frame; pause, step,
// resume and breakpoints hold the game as asked, and only when enabled; bad
// requests get 4xx; with no page open a frame reads no agent.
#include <catch2/catch.hpp>

#include <httplib.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "bt/bt.h"
#include "bt/debug/print.h"
#include "bt/inspector/inspector.h"
#include "bt/inspector/requests.h"
#include "tests/inspector/walkers.h"

namespace {

using bt::inspector::Inspector;
using bt::inspector::InspectorOptions;
using Json = nlohmann::json;
using walkers::Walkers;

struct Served {
  explicit Served(InspectorOptions options) : inspector(options) {
    std::string error;
    REQUIRE(inspector.Start(&error));
    client = std::make_unique<httplib::Client>("127.0.0.1", inspector.Port());
  }
  int Get(const std::string& target, Json* body = nullptr) {
    const auto result = client->Get(target.c_str());
    REQUIRE(result);
    if (body) *body = Json::parse(result->body);
    return result->status;
  }
  int Post(const std::string& target) {
    const auto result = client->Post(target.c_str(), "", "text/plain");
    REQUIRE(result);
    return result->status;
  }
  Inspector inspector;
  std::unique_ptr<httplib::Client> client;
};

std::string Print(const Walkers& walkers, std::size_t agent, double time) {
  char text[8192];
  bt::DebugPrintState(walkers.Root(agent), walkers.Block(agent), time, text);
  return text;
}

}  // namespace

TEST_CASE("with no page open and no recorder, a frame reads no agent", "[inspector]") {
  Walkers walkers(50);
  Inspector inspector(InspectorOptions{});
  std::string error;
  REQUIRE(inspector.Start(&error));
  for (int frame = 0; frame < 100; ++frame) {
    walkers.Tick(frame);
    const std::size_t before = walkers.blockReads;
    REQUIRE(inspector.Frame(walkers, frame, Walkers::TimeOf(frame)));
    REQUIRE(walkers.blockReads == before);
  }
}

TEST_CASE("a page is shown the library's print of the agent at the frame the game copied", "[inspector]") {
  Walkers walkers(20);
  Served served(InspectorOptions{});
  Json state;
  walkers.Tick(0);
  served.inspector.Frame(walkers, 0, 0.0);
  // No page has asked yet: the frame copied nothing, not even the names.
  REQUIRE(served.Get("/api/state?agent=7", &state) == 404);
  served.inspector.Frame(walkers, 0, 0.0);
  REQUIRE(served.Get("/api/state?agent=7", &state) == 200);
  REQUIRE(state["pending"] == true);
  for (int frame = 1; frame < 40; ++frame) {
    walkers.Tick(frame);
    served.inspector.Frame(walkers, frame, Walkers::TimeOf(frame));
    REQUIRE(served.Get("/api/state?agent=7", &state) == 200);
    REQUIRE(state["frame"] == frame);
    REQUIRE(state["print"] == Print(walkers, 7, Walkers::TimeOf(frame)));
    REQUIRE(state["describe"].get<std::string>().starts_with("steps "));
    const bt::DeciderDef* path[8];
    const int n = bt::ActivePath(walkers.Root(7), walkers.Block(7), path);
    REQUIRE(state["path"].size() == static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) REQUIRE(state["path"][static_cast<std::size_t>(i)] == path[i]->name);
    REQUIRE(state["why"].get<std::string>().starts_with("why @ "));
  }
  Json list;
  REQUIRE(served.Get("/api/agents?q=WALKER%201", &list) == 200);
  REQUIRE(list["total"] == 11);  // walker 1 and walker 10..19
  REQUIRE(served.Get("/api/tree.svg?agent=7") == 200);
}

TEST_CASE("pause, step, resume and breakpoints hold the game only when it enables control", "[inspector]") {
  Walkers walkers(10);
  SECTION("control off: 403") {
    Served served(InspectorOptions{});
    REQUIRE(served.Post("/api/control?op=pause") == 403);
    REQUIRE(served.Post("/api/break?decider=LOOK") == 403);
    walkers.Tick(0);
    REQUIRE(served.inspector.Frame(walkers, 0, 0.0));
  }
  SECTION("control on") {
    InspectorOptions options;
    options.control = true;
    Served served(options);
    walkers.Tick(0);
    REQUIRE(served.inspector.Frame(walkers, 0, 0.0));
    REQUIRE(served.Post("/api/control?op=step") == 409);  // not paused
    REQUIRE(served.Post("/api/control?op=pause") == 200);
    REQUIRE_FALSE(served.inspector.Frame(walkers, 0, 0.0));
    REQUIRE_FALSE(served.inspector.Frame(walkers, 0, 0.0));
    REQUIRE(served.Post("/api/control?op=step") == 200);
    REQUIRE(served.inspector.Frame(walkers, 0, 0.0));  // one frame may run
    walkers.Tick(1);
    REQUIRE_FALSE(served.inspector.Frame(walkers, 1, Walkers::TimeOf(1)));
    REQUIRE(served.Post("/api/control?op=resume") == 200);
    REQUIRE(served.inspector.Frame(walkers, 1, Walkers::TimeOf(1)));

    // Break when walker 3 enters LOOK: the game is held at the very frame it did.
    REQUIRE(served.Post("/api/break?decider=LOOK&agent=3") == 200);
    int frame = 2;
    for (; frame < 200; ++frame) {
      walkers.Tick(frame);
      if (!served.inspector.Frame(walkers, frame, Walkers::TimeOf(frame))) break;
    }
    REQUIRE(frame < 200);
    const bt::DeciderDef* path[8];
    const int n = bt::ActivePath(walkers.Root(3), walkers.Block(3), path);
    REQUIRE(n == 3);
    REQUIRE(std::string(path[2]->name) == "LOOK");
    Json info;
    REQUIRE(served.Get("/api/info", &info) == 200);
    REQUIRE(info["paused"] == true);
    REQUIRE(info["pauseReason"] == "breakpoint: walker 3 entered LOOK at frame " + std::to_string(frame));
    REQUIRE(served.Post("/api/break?clear=1") == 200);
    REQUIRE(served.Post("/api/control?op=resume") == 200);
    REQUIRE(served.inspector.Frame(walkers, frame, Walkers::TimeOf(frame)));
  }
}

TEST_CASE("bad requests are answered 4xx, and nothing else", "[inspector]") {
  Walkers walkers(4);
  InspectorOptions options;
  options.control = true;
  Served served(options);
  walkers.Tick(0);
  served.inspector.Frame(walkers, 0, 0.0);
  Json body;
  REQUIRE(served.Get("/api/info", &body) == 200);
  served.inspector.Frame(walkers, 1, 0.0);
  REQUIRE(served.Get("/api/state?agent=x") == 400);
  REQUIRE(served.Get("/api/state?agent=-1") == 400);
  REQUIRE(served.Get("/api/state?agent=1e3") == 400);
  REQUIRE(served.Get("/api/state?agent=4") == 404);
  REQUIRE(served.Get("/api/state?agent=99999999999999999999") == 400);
  REQUIRE(served.Get("/api/state") == 400);
  REQUIRE(served.Get("/api/state?agent=1&frame=3") == 404);  // no recorder
  REQUIRE(served.Get("/api/state?agent=1&a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8") == 400);
  REQUIRE(served.Get("/api/state?agent=%zz") == 400);
  REQUIRE(served.Get("/api/agents?limit=100000") == 400);
  REQUIRE(served.Get("/api/" + std::string(3000, 'a')) == 414);
  REQUIRE(served.Get("/../etc/passwd") == 404);
  REQUIRE(served.Get("/api/control?op=pause") == 405);
  REQUIRE(served.Post("/api/control?op=jump") == 400);
  REQUIRE(served.Post("/api/break?decider=") == 400);
  REQUIRE(served.Post("/api/break?decider=LOOK&agent=4") == 400);
  REQUIRE(served.Post("/api/info") == 405);
  // Another host name: a page of another site reaching the loopback address.
  const auto rebound = served.client->Get("/api/info", httplib::Headers{{"Host", "evil.example:80"}});
  REQUIRE(rebound);
  REQUIRE(rebound->status == 403);
}

TEST_CASE("requests beyond the rate limit are answered 429", "[inspector]") {
  bt::inspector::Session session;
  session.limits.perSecond = 5;
  const auto now = bt::inspector::Clock::now();
  for (int i = 0; i < 5; ++i) REQUIRE(bt::inspector::HandleRequest(session, "GET", "/api/info", 0, now).status == 200);
  REQUIRE(bt::inspector::HandleRequest(session, "GET", "/api/info", 0, now).status == 429);
  REQUIRE(bt::inspector::HandleRequest(session, "GET", "/api/info", 0, now + std::chrono::seconds(1)).status == 200);
}

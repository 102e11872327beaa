// bt/inspector/requests.h — every request the inspector answers, as one function.
//
// HandleRequest takes a request's method and target (path and query, as sent)
// and answers it from the Session: the page, the agent list, an agent's state
// now or at a past frame, its tree as a picture, and, when the game enables
// control, pause, step, resume and breakpoints. It is the server's whole
// request handling, called by the socket glue (inspector.cpp) and by the
// fuzzer directly. Every input is held to the session's limits: an unknown
// path 404, a wrong method 405, a bad or missing value 400, control when the
// game did not enable it 403, an agent or frame out of range 404, a target too
// long 414, too many requests 429. No input ever names a file.
//
// The API (JSON unless said):
//   GET  /                           the page (HTML, everything inline)
//   GET  /api/info                   mode, control, frame, paused, agents, the recording's window
//   GET  /api/agents?q=&offset=&limit=   agents whose name contains q (any case)
//   GET  /api/state?agent=N[&frame=F]    the agent now (it is watched from then on) or at frame F
//   GET  /api/tree.svg?agent=N       the agent's tree (SVG), nothing lit: the page lights the path
//   POST /api/control?op=pause|resume|step
//   POST /api/break?decider=NAME[&agent=N]   pause when agent N (or any) enters decider NAME
//   POST /api/break?clear=1
#pragma once

#include <string>
#include <string_view>

#include "bt/inspector/session.h"

namespace bt::inspector {

struct Response {
  int status = 200;
  std::string contentType = "application/json";
  std::string body;
};

Response HandleRequest(Session& session, std::string_view method, std::string_view target, std::size_t bodyBytes,
                       Clock::time_point now);

// The page, embedded at build time (bt/inspector/page.html).
extern const char kInspectorPage[];

}  // namespace bt::inspector

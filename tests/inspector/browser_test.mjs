// tests/inspector/browser_test.mjs — the inspector's page in a real browser.
//
// Drives Debian's chromium headless over the DevTools protocol (through
// --remote-debugging-pipe: no npm package, no port) against the creatures
// sandbox served by the inspector, and checks what the page shows against
// what the library prints for the same frame in a plain-text run of the same
// seed (`creatures --ticks N --seed S --every 1 --creature c`):
//   1. an agent selected by clicking it in the list shows its DebugPrintState
//      exactly, and its active path is the deciders DebugPrintState marks;
//   2. pause, then step one frame: the page shows the next frame, changed,
//      exactly as printed for it;
//   3. scrubbing back N frames shows the state printed at that frame;
//   4. the recording, saved when the game stops and opened with no game
//      running, shows the same state at that frame.
// Usage: node browser_test.mjs CREATURES_WEB CREATURES WORK_DIR
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [webDemo, plainDemo, workDir] = process.argv.slice(2);
const seed = 4;
const creature = "c";
const scrubBack = 5;
const deadline = Date.now() + 120_000;

class Failure extends Error {}
function fail(message) { throw new Failure(message); }
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the demo

function startDemo(args) {
  const child = spawn(webDemo, args, { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (data) => {
      out += data;
      const match = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (match) resolve({ child, url: match[0] });
    });
    child.on("exit", (code) => reject(new Error("the demo exited early: " + code + " " + out)));
  });
}

function stopDemo(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.on("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

// The plain-text run's DebugPrintState of the creature after each tick: "--- tick T ---",
// the map, then the overlay: a line about the creature, DebugPrintState, "---".
function plainStates(ticks) {
  const run = spawnSync(plainDemo, ["--ticks", String(ticks), "--seed", String(seed), "--every", "1", "--creature", creature],
                        { encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0) fail("the plain-text run failed: " + run.stderr);
  const states = new Map();
  const lines = run.stdout.split("\n");
  for (let i = 0; i < lines.length; ++i) {
    const tick = lines[i].match(/^--- tick (\d+) ---$/);
    if (!tick) continue;
    let k = i + 1;
    while (k < lines.length && !lines[k].startsWith("creature " + creature + " at")) ++k;
    const describe = lines[k];
    const print = [];
    for (++k; k < lines.length && lines[k] !== "---"; ++k) print.push(lines[k]);
    states.set(Number(tick[1]), { describe, print: print.join("\n") + "\n" });
  }
  return states;
}

// ---------------------------------------------------------------- the browser

class Browser {
  constructor() {
    this.profile = mkdtempSync(join(workDir, "chromium-"));
    this.process = spawn("chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                      "--remote-debugging-pipe", "--user-data-dir=" + this.profile, "about:blank"],
                         { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
    this.nextId = 1;
    this.waiting = new Map();
    this.buffer = "";
    this.process.stdio[4].on("data", (data) => {
      this.buffer += data.toString();
      let end;
      while ((end = this.buffer.indexOf("\0")) >= 0) {
        const message = JSON.parse(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 1);
        const waiter = this.waiting.get(message.id);
        if (waiter) {
          this.waiting.delete(message.id);
          if (message.error) waiter.reject(new Error(JSON.stringify(message.error)));
          else waiter.resolve(message.result);
        }
      }
    });
  }
  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    this.process.stdio[3].write(JSON.stringify(message) + "\0");
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }
  async open(url) {
    const { targetId } = await this.send("Target.createTarget", { url });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    return new Page(this, sessionId, targetId);
  }
  // Closed through the protocol, so its helper processes end with it before its profile is removed.
  async close() {
    const exited = new Promise((resolve) => {
      if (this.process.exitCode !== null) resolve();
      else this.process.on("exit", resolve);
    });
    this.send("Browser.close").catch(() => {});
    const killer = setTimeout(() => this.process.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(killer);
    try {
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch (error) {
      console.error("inspector browser test: could not remove " + this.profile + ": " + error.message);
    }
  }
}

class Page {
  constructor(browser, sessionId, targetId) { Object.assign(this, { browser, sessionId, targetId }); }
  send(method, params) { return this.browser.send(method, params, this.sessionId); }
  async eval(expression) {
    const result = await this.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (result.exceptionDetails) throw new Error(expression + ": " + JSON.stringify(result.exceptionDetails));
    return result.result.value;
  }
  // Waits until the expression is truthy; returns its value.
  async until(expression, what) {
    while (Date.now() < deadline) {
      const value = await this.eval(expression).catch(() => null);
      if (value) return value;
      await sleep(50);
    }
    fail("timed out waiting for " + what);
  }
  // A real click: the mouse pressed and released over the element's middle.
  async click(selector) {
    const box = await this.until(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
                                 selector);
    for (const type of ["mousePressed", "mouseReleased"])
      await this.send("Input.dispatchMouseEvent", { type, x: box.x, y: box.y, button: "left", clickCount: 1 });
  }
  shown() {
    return this.eval(`({ frame: Number(document.getElementById("frame").textContent),
      name: document.getElementById("agentName").textContent,
      print: document.getElementById("print").textContent,
      describe: document.getElementById("describe").textContent,
      path: [...document.querySelectorAll("#path span")].map((s) => s.textContent),
      lit: [...document.querySelectorAll("#picture g.node.active title")].map((t) => t.textContent),
      scrub: document.getElementById("scrubFrame").textContent,
      paused: document.getElementById("paused").textContent })`);
  }
}

// The deciders DebugPrintState marks active, by name ("*1:EAT/0x... (" -> EAT).
function markedNames(print) {
  return print.split("\n").filter((l) => /^\s*\*/.test(l)).map((l) => l.trim().replace(/^\*\d+:/, "").split(/[/ (]/)[0]);
}

function expectState(shown, expected, what) {
  if (!expected) fail(what + ": the plain-text run printed no state for frame " + shown.frame);
  if (shown.print !== expected.print)
    fail(what + " (frame " + shown.frame + "): the page shows\n" + shown.print + "\nthe library printed\n" + expected.print);
  const marked = markedNames(expected.print);
  if (JSON.stringify(shown.path) !== JSON.stringify(marked))
    fail(what + ": the active path " + JSON.stringify(shown.path) + " is not " + JSON.stringify(marked));
}

// ---------------------------------------------------------------- the test

const recording = join(workDir, "run.btrec");
const browser = new Browser();
let demo;
try {
  demo = await startDemo(["--port", "0", "--seed", String(seed), "--delay", "25", "--control", "--record", recording]);
  const page = await browser.open(demo.url);
  await page.until(`document.querySelectorAll("#agents li").length === 6`, "the agent list");
  await page.click(`#agents li[data-agent="2"]`);
  await page.until(`document.getElementById("agentName").textContent === "creature ${creature}"`, "the selected agent");
  await page.until(`document.querySelectorAll("#picture g.node.active").length > 0`, "the tree with its path lit");
  await page.until(`Number(document.getElementById("frame").textContent) >= ${scrubBack + 10}`, "frame " + (scrubBack + 10));

  await page.click("#pause");
  await page.until(`document.getElementById("paused").textContent.startsWith("PAUSED")`, "the pause");
  // Two polls after the pause, the page shows the frame the game stopped at.
  await sleep(700);
  const paused = await page.shown();
  const afterStep = paused.frame + 1;
  const scrubTo = afterStep - scrubBack;
  const plain = plainStates(afterStep + 1);
  expectState(paused, plain.get(paused.frame), "paused");
  if (paused.describe !== plain.get(paused.frame).describe) fail("the line about the agent: " + paused.describe);
  if (JSON.stringify(paused.lit.sort()) !== JSON.stringify([...paused.path].sort()))
    fail("the picture lights " + JSON.stringify(paused.lit) + ", not the path " + JSON.stringify(paused.path));

  await page.click("#step");
  await page.until(`Number(document.getElementById("frame").textContent) === ${afterStep}`, "the step to " + afterStep);
  await sleep(400);
  const stepped = await page.shown();
  if (stepped.frame !== afterStep) fail("the step ran more than one frame: " + stepped.frame);
  if (stepped.print === paused.print) fail("the step changed nothing on the page");
  expectState(stepped, plain.get(afterStep), "stepped");

  await page.until(`!document.getElementById("scrub").disabled && Number(document.getElementById("scrub").max) >= ${scrubTo}`,
                   "the recording's window");
  await page.eval(`(() => { const s = document.getElementById("scrub"); s.value = ${scrubTo};
    s.dispatchEvent(new Event("input")); return true; })()`);
  await page.until(`document.getElementById("scrubFrame").textContent === "frame ${scrubTo}"`, "the scrub to " + scrubTo);
  const scrubbed = await page.shown();
  expectState(scrubbed, plain.get(scrubTo), "scrubbed back " + scrubBack);

  const code = await stopDemo(demo.child);
  demo = null;
  if (code !== 0) fail("the demo did not stop cleanly (exit " + code + ")");
  if (readFileSync(recording).length === 0) fail("the recording is empty");

  const offline = await startDemo(["--port", "0", "--open", recording]);
  demo = offline;
  const page2 = await browser.open(offline.url);
  await page2.until(`document.getElementById("mode").textContent === "offline"`, "the offline page");
  await page2.until(`document.querySelectorAll("#agents li").length === 6`, "the offline agent list");
  await page2.click(`#agents li[data-agent="2"]`);
  await page2.until(`document.getElementById("agentName").textContent === "creature ${creature}"`, "the offline agent");
  await page2.until(`!document.getElementById("scrub").disabled && Number(document.getElementById("scrub").min) <= ${scrubTo}`,
                    "the recording's window, offline");
  await page2.eval(`(() => { const s = document.getElementById("scrub"); s.value = ${scrubTo};
    s.dispatchEvent(new Event("input")); return true; })()`);
  await page2.until(`document.getElementById("scrubFrame").textContent === "frame ${scrubTo}"`, "the offline scrub");
  const reopened = await page2.shown();
  expectState(reopened, plain.get(scrubTo), "the recording opened offline");
  console.log(`inspector browser test: passed (paused at frame ${paused.frame}, stepped to ${afterStep}, ` +
              `scrubbed back to ${scrubTo}, live and from the saved recording)`);
} catch (error) {
  console.error("inspector browser test: FAILED: " + (error instanceof Failure ? error.message : error.stack));
  process.exitCode = 1;
} finally {
  if (demo) await stopDemo(demo.child);
  await browser.close();
}
process.exit(process.exitCode || 0);

"""A tab that crashes (issue 52, item 9): a long session played as a person plays it, with Chromium's own log on
and the page's memory sampled every round, to tell whether memory grows and whether a renderer crash points at
the page.

Chromium (/usr/bin/chromium, the browser tests' QUIET flags plus `--enable-logging=stderr --v=0`) runs on a profile
on disk, as a person's does; Playwright's driver writes the browser's stderr (its log and every child process's,
the renderer's included) to build/crash-trace/chromium.log (DEBUG=pw:browser, DEBUG_FILE). The site is the built
one as Pages serves it (bench/phone_profile.py: the service worker, the interpreter's snapshot made after the first
boot and restored on every reload), or with --site repo the repo under /sixes/ by tools/serve.py, as the browser
tests serve it.

The session: `?seed=N&speed=0` at 1280x800 (--phone: 390x844, the menu behind its button), the person's seat played
with the first playable card (or the pass) at each settled turn (html[data-turn=you], tests/browser/test_page.py),
each round's lesson awaited at its end, the round's review opened every --review-every rounds (a few steps, then
Escape), Practise every --practise-every rounds (opened from the bar or the menu, one position answered, Escape), a
reload after the person's first move every --reload-every rounds, `#next-round` at a round's end, `#new-game` and
`#start-game` at a game's end.

Sampled at each round's end, after its review: the JS heap after a forced GC (CDP HeapProfiler.collectGarbage,
Runtime.getHeapUsage), documents, DOM nodes and listeners (Memory.getDOMCounters), the size of every wasm memory the
page instantiated (an init script notes each instance's exported memory: Pyodide's heap), the page's localStorage
(characters under sixes.*) and navigator.storage.estimate(), and each Chromium process's memory
(SystemInfo.getProcessInfo, /proc/PID/smaps_rollup and status): the largest renderer's (the game's tab) RSS, the peak
of its RSS (VmHWM: what a boot, the snapshot's worker or a review took between two samples; Chromium's own memory
metrics reset it now and then, through /proc/PID/clear_refs, so it is the peak since the last reset) and its
virtual size, and the PSS of all of them together (RSS would count their shared pages once per process).
A renderer crash is noted three ways: page.on("crash"), CDP Target.targetCrashed (its termination status and
code: "crashed" 11 is SIGSEGV, "oom", "killed" ...) and the log's lines around it; the session then goes on in a
new tab of the same profile.

At the end: the table, the slope of each figure per round after --warmup rounds (over all the rounds, across the
reloads, and within each visit, the rounds between two reloads), console errors, crashes and what the log said. Everything is also
written to --out (build/crash-trace/: figures.json, report.txt, chromium.log).

Run: nice .venv/bin/python bench/crash_trace.py [--rounds 45] [--seed 7] [--site built|repo] [--phone]
     [--review-every 2] [--practise-every 3] [--reload-every 5] [--warmup 10] [--out build/crash-trace]
About 3 minutes for the defaults on a loaded 2-core machine.
"""

import argparse
import contextlib
import datetime
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "build" / "crash-trace"
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser"), str(HERE)]

import serve
from conftest import BOOT_TIMEOUT, CHROMIUM, QUIET, crashed
from phone_profile import DESKTOP, PHONE, served
from playwright.sync_api import sync_playwright
from test_page import act, hand_cards, settled

import sixes
from sixes.model import review

LOGGING = ["--enable-logging=stderr", "--v=0"]
# Each wasm memory the page makes, noted as it is instantiated (Pyodide exports its heap as `memory`).
WASM_WATCH = """(() => {
  const seen = (globalThis.__crashTraceMemories = []);
  const note = (result) => {
    try {
      const instance = result instanceof WebAssembly.Instance ? result : result?.instance;
      const memory = instance?.exports?.memory;
      if (memory instanceof WebAssembly.Memory && !seen.includes(memory)) seen.push(memory);
    } catch {}
    return result;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    if (original) WebAssembly[name] = function (...args) { return original.apply(this, args).then(note); };
  }
})();"""
PAGE_FIGURES = """async () => {
  let stored = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith('sixes')) stored += key.length + localStorage.getItem(key).length;
  }
  const estimate = navigator.storage?.estimate ? await navigator.storage.estimate() : {};
  return {
    wasm: (globalThis.__crashTraceMemories ?? []).map((m) => m.buffer.byteLength),
    local_storage: stored,
    storage_usage: estimate.usage ?? null,
  };
}"""
LESSON = (
    "['round-lesson', 'over-lesson'].some((id) => { const e = document.getElementById(id);"
    " return e.closest('dialog').open && !e.hidden; })"
)
LESSON_TIMEOUT = 90_000  # ms: the marks take ~1 s here; a loaded machine may take many times that
OPEN = "(id) => document.getElementById(id).open"
CLOSED = "(id) => !document.getElementById(id).open"
VERDICT = "document.getElementById('practise-verdict').dataset.verdict"
# Chromium's log lines that speak of a crash, a kill or memory (the rest is D-Bus and the like, on this machine).
TELLING = re.compile(
    r"crash|\boom\b|out of memory|check failed|fatal|killed|terminat|shm|shared memory|sigsegv|sigbus|sigill|"
    r"sigkill|render process|renderer|v8|wasm|abort|oilpan|partition",
    re.IGNORECASE,
)
NOISE = re.compile(r"dbus|D-Bus|UPower|ScreenSaver|cpufreq|InitializeSandbox\(\) called with multiple threads")


def memory_of(pid):
    """A process's memory in bytes (zeros if it is gone): its resident set, its proportional set size (its share of
    the pages it shares with others), the peak of its resident set (VmHWM, since it started or Chromium last reset it) and its virtual size
    (VmSize: each wasm memory reserves gigabytes of address space it never touches)."""
    found = dict.fromkeys(("Rss", "Pss", "VmHWM", "VmSize"), 0)
    for name in ("smaps_rollup", "status"):
        try:
            for line in pathlib.Path(f"/proc/{pid}/{name}").read_text().splitlines():
                key, _, value = line.partition(":")
                if key in found:
                    found[key] = int(value.split()[0]) * 1024
        except OSError:
            pass
    return found


def machine():
    """What the machine has left: memory available, /dev/shm and /tmp free, the load average."""
    info = dict(line.split(":", 1) for line in pathlib.Path("/proc/meminfo").read_text().splitlines())

    def free(path):
        stat = os.statvfs(path)
        return stat.f_bavail * stat.f_frsize

    return {
        "mem_available": int(info["MemAvailable"].split()[0]) * 1024,
        "shm_free": free("/dev/shm"),
        "tmp_free": free(tempfile.gettempdir()),
        "loadavg": os.getloadavg()[0],
    }


class Session:
    """The browser, its profile, the tab and what it has seen."""

    def __init__(self, playwright, base, profile, viewport):
        self.base, self.viewport = base, viewport
        self.context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=QUIET + LOGGING, viewport=viewport
        )
        self.context.add_init_script(WASM_WATCH)
        self.browser_cdp = self.context.browser.new_browser_cdp_session()
        self.browser_cdp.on("Target.targetCrashed", self.target_crashed)
        self.browser_cdp.send("Target.setDiscoverTargets", {"discover": True})
        self.errors, self.crashes, self.target_crashes = [], [], []
        self.round = 0
        self.page = None
        self.new_tab()

    def new_tab(self):
        for page in self.context.pages:
            with contextlib.suppress(Exception):
                page.close()
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)  # a loaded 2-core machine; the tests' own wait is 10 s
        self.page.set_default_navigation_timeout(BOOT_TIMEOUT)
        self.page.on("console", self.console)
        self.page.on("pageerror", lambda error: self.errors.append((self.round, "pageerror", str(error))))
        self.page.on("crash", lambda _: self.crashes.append({"round": self.round, "at": now(), "seen": "page"}))
        self.cdp = self.context.new_cdp_session(self.page)

    def console(self, message):
        if message.type == "error":
            self.errors.append((self.round, "console", message.text))

    def target_crashed(self, event):
        self.target_crashes.append({"round": self.round, "at": now(), **event})

    def open(self, url):
        self.page.goto(url)
        self.ready()

    def ready(self):
        self.page.wait_for_selector("html[data-state=ready]", timeout=BOOT_TIMEOUT)

    def reload(self):
        self.page.reload()
        self.ready()

    def sample(self):
        """The round's figures (see the module's docstring)."""
        self.cdp.send("HeapProfiler.collectGarbage")
        heap = self.cdp.send("Runtime.getHeapUsage")
        counters = self.cdp.send("Memory.getDOMCounters")
        page = self.page.evaluate(PAGE_FIGURES)
        processes = self.browser_cdp.send("SystemInfo.getProcessInfo")["processInfo"]
        sizes = [(process["type"], {"pid": process["id"], **memory_of(process["id"])}) for process in processes]
        # The game's tab: the largest renderer (the others, if any, are small: a spare, a worker's own).
        renderer = max((size for kind, size in sizes if kind == "renderer"), key=lambda size: size["Rss"], default=None)
        by_kind = {}
        for kind, size in sizes:
            by_kind[kind] = by_kind.get(kind, 0) + size["Pss"]
        return {
            "js_heap": heap["usedSize"],
            "js_heap_total": heap["totalSize"],
            "documents": counters["documents"],
            "nodes": counters["nodes"],
            "listeners": counters["jsEventListeners"],
            "wasm": sum(page["wasm"]),
            "wasm_memories": len(page["wasm"]),
            "local_storage": page["local_storage"],
            "storage_usage": page["storage_usage"],
            "renderer_pid": renderer["pid"] if renderer else None,
            "renderer_rss": renderer["Rss"] if renderer else 0,
            "renderer_peak": renderer["VmHWM"] if renderer else 0,
            "renderer_virtual": renderer["VmSize"] if renderer else 0,
            "renderers": sum(kind == "renderer" for kind, _ in sizes),
            "all_pss": sum(size["Pss"] for _, size in sizes),
            "processes": len(sizes),
            "pss_by_kind": by_kind,
            **machine(),
        }


def now():
    return datetime.datetime.now(datetime.UTC)


def menu_then(page, selector):
    """Click ``selector``, opening the menu first where it is folded behind its button (a phone)."""
    if not page.locator(selector).is_visible() and page.locator("#menu-button").is_visible():
        page.click("#menu-button")
    page.click(selector)


def open_review(page, steps=3):
    """Open the round's review from the round's end, step through a few moves, close it with Escape."""
    opener = "#review-round" if page.evaluate(OPEN, "round-summary") else "#review-last-round"
    page.click(opener)
    page.wait_for_function(OPEN, arg="review")
    for _ in range(steps):
        if page.locator("#review-next").is_enabled():
            page.click("#review-next")
    page.keyboard.press("Escape")
    page.wait_for_function(CLOSED, arg="review")


def practise(page):
    """Open Practise at the person's turn, answer its position if there is one, close it with Escape; returns
    whether a position was answered."""
    menu_then(page, "#open-practise")
    page.wait_for_function(OPEN, arg="practise")
    answered = False
    if page.locator("#practise-position").is_visible():
        card = page.locator("#practise-hand button:enabled").first
        if card.count():
            card.click()
            page.wait_for_function(VERDICT)
            answered = True
    page.keyboard.press("Escape")
    page.wait_for_function(CLOSED, arg="practise")
    return answered


def play_round(session, number, args, did):
    """Play the person's seat to the round's end, with Practise and a reload when they are due; returns the marker
    at the round's end ("round-over N" or "game-over N")."""
    page, moves = session.page, 0
    while True:
        state = settled(page)
        if not state.startswith("you "):
            break
        if moves == 0 and number % args.practise_every == 0:
            did.append("practise" + ("" if practise(page) else " (none waiting)"))
        legal = hand_cards(page, "#hand button:enabled")
        act(page, f'#hand [data-card="{legal[0]}"]' if legal else "#pass")
        moves += 1
        if moves == 1 and number % args.reload_every == 0:
            session.reload()
            page = session.page
            did.append("reload")
    if number % args.reload_every == 0 and "reload" not in did:
        session.reload()
        did.append("reload at the end")
        state = settled(session.page)
    return state


def end_of_round(session, number, state, args, did):
    """The round's lesson, its review if due, the figures; then the next round or a new game."""
    page = session.page
    # The lesson comes once the expert's marks are worked out; a round whose moves were all forced has none
    # (review.lesson_text says '').
    record = review.RoundRecord.of_game(sixes.Game.from_json(page.evaluate("localStorage.getItem('sixes.game')")))
    if review.choices(record):
        try:
            page.wait_for_function(LESSON, timeout=LESSON_TIMEOUT, polling=200)
        except Exception as error:
            if crashed(error):
                raise
            did.append(f"no lesson in {LESSON_TIMEOUT // 1000} s")
    if number % args.review_every == 0:
        open_review(page)
        did.append("review")
    figures = session.sample()
    if state.startswith("game-over"):
        page.click("#new-game")
        page.wait_for_function(OPEN, arg="setup")
        act(page, "#start-game")
        did.append("new game")
    else:
        act(page, "#next-round")
    return figures


def slope(points):
    """Least-squares slope of (x, y) points, or None."""
    if len(points) < 3:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else None


def within(points, visits):
    """The slope within each visit (the rounds between reloads), pooled: each visit's own mean taken out first."""
    by_visit = {}
    for (x, y), visit in zip(points, visits, strict=True):
        by_visit.setdefault(visit, []).append((x, y))
    pooled_xy = pooled_xx = 0.0
    for group in by_visit.values():
        mean_x = sum(x for x, _ in group) / len(group)
        mean_y = sum(y for _, y in group) / len(group)
        pooled_xy += sum((x - mean_x) * (y - mean_y) for x, y in group)
        pooled_xx += sum((x - mean_x) ** 2 for x, _ in group)
    return pooled_xy / pooled_xx if pooled_xx else None


def mb(value):
    return f"{value / 1e6:7.2f}" if value is not None else "      -"


def log_lines(path):
    """The log's lines as (time, text)."""
    lines = []
    if not path.exists():
        return lines
    for line in path.read_text(errors="replace").splitlines():
        stamp, _, rest = line.partition(" ")
        try:
            when = datetime.datetime.fromisoformat(stamp)
        except ValueError:
            when = None
        lines.append((when, rest))
    return lines


def around(lines, when, seconds=10):
    return [text for stamp, text in lines if stamp and abs((stamp - when).total_seconds()) <= seconds]


@contextlib.contextmanager
def site(kind):
    """The game's URL: the built site as Pages serves it, or the repo under /sixes/ as the browser tests serve it."""
    subprocess.run(["make", "--no-print-directory", "-s", "build"], cwd=ROOT, check=True)
    if kind == "built":
        with served({"game": ROOT}) as pages:
            yield pages.url("game")
        return
    with tempfile.TemporaryDirectory() as folder:
        (pathlib.Path(folder) / "sixes").symlink_to(ROOT, target_is_directory=True)
        server = serve.serve_in_background(pathlib.Path(folder))
        host, port = server.server_address
        try:
            yield f"http://{host}:{port}/sixes/"
        finally:
            server.shutdown()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=45)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--site", choices=("built", "repo"), default="built")
    parser.add_argument("--phone", action="store_true", help="390x844, the menu behind its button")
    parser.add_argument("--review-every", type=int, default=2)
    parser.add_argument("--practise-every", type=int, default=3)
    parser.add_argument("--reload-every", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=10, help="rounds left out of the slopes")
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    log = args.out / "chromium.log"
    log.unlink(missing_ok=True)
    # The driver (a Node process started by sync_playwright) writes the browser's stdout and stderr here.
    os.environ["DEBUG"] = "pw:browser"
    os.environ["DEBUG_FILE"] = str(log)
    command = "nice .venv/bin/python bench/crash_trace.py " + " ".join(sys.argv[1:])
    rows, failures, started = [], [], time.perf_counter()
    print(f"$ {command}\nChromium's log: {log}", flush=True)
    with site(args.site) as base, tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        session = Session(playwright, base, profile, PHONE if args.phone else DESKTOP)
        session.open(f"{base}?seed={args.seed}&speed=0")
        visit, number, games = 1, 1, 1
        while number <= args.rounds:
            session.round, did, began = number, [], time.perf_counter()
            crashes_before = len(session.crashes)
            try:
                state = play_round(session, number, args, did)
                if any(step.startswith("reload") for step in did):
                    visit += 1
                figures = end_of_round(session, number, state, args, did)
            except Exception as error:  # noqa: BLE001  a crash or a failed round is reported, and the run goes on
                kind = "crash" if crashed(error) or len(session.crashes) > crashes_before else "error"
                failures.append({"round": number, "kind": kind, "at": now(), "error": str(error).splitlines()[0]})
                print(f"round {number}: {kind}: {str(error).splitlines()[0]}", flush=True)
                if len(failures) > 3:
                    print("more than 3 failures: stopping", flush=True)
                    break
                with contextlib.suppress(Exception):
                    session.page.screenshot(path=args.out / f"failure-{len(failures)}.png")
                session.new_tab()  # the game resumes from its save
                session.open(base)
                visit += 1
                continue
            games += "new game" in did
            row = {"round": number, "visit": visit, "seconds": time.perf_counter() - began, "did": did, **figures}
            rows.append(row)
            print(
                f"round {number:>3} (visit {visit:>2}, {row['seconds']:5.1f} s): JS heap {mb(row['js_heap'])} MB, "
                f"{row['nodes']} nodes, {row['listeners']} listeners, wasm {mb(row['wasm'])} MB, "
                f"renderer {mb(row['renderer_rss'])} MB, all {mb(row['all_pss'])} MB; load avg {row['loadavg']:.1f}"
                + (f"; {', '.join(did)}" if did else ""),
                flush=True,
            )
            number += 1
        session.context.close()
    report(args, command, rows, failures, session, games, time.perf_counter() - started, log)


def report(args, command, rows, failures, session, games, seconds, log):
    out = []
    say = out.append
    say(f"$ {command}")
    say(
        f"{len(rows)} rounds sampled ({games} games, site: {args.site}, "
        f"{'390x844' if args.phone else '1280x800'}) in {seconds:.0f} s; Chromium's log: {log}"
    )
    say("")
    columns = (
        ("round", lambda row: str(row["round"])),
        ("visit", lambda row: str(row["visit"])),
        ("JS heap MB", lambda row: f"{row['js_heap'] / 1e6:.2f}"),
        ("docs", lambda row: str(row["documents"])),
        ("DOM nodes", lambda row: str(row["nodes"])),
        ("listeners", lambda row: str(row["listeners"])),
        ("wasm MB", lambda row: f"{row['wasm'] / 1e6:.2f}"),
        ("renderer RSS MB", lambda row: f"{row['renderer_rss'] / 1e6:.1f}"),
        ("its pid", lambda row: str(row["renderer_pid"])),
        ("its peak MB", lambda row: f"{row['renderer_peak'] / 1e6:.1f}"),
        ("its virtual GB", lambda row: f"{row['renderer_virtual'] / 1e9:.1f}"),
        ("all PSS MB", lambda row: f"{row['all_pss'] / 1e6:.1f}"),
        ("procs", lambda row: str(row["processes"])),
        ("localStorage kB", lambda row: f"{row['local_storage'] / 1e3:.1f}"),
        ("storage MB", lambda row: "-" if row["storage_usage"] is None else f"{row['storage_usage'] / 1e6:.2f}"),
        ("mem avail MB", lambda row: f"{row['mem_available'] / 1e6:.0f}"),
        ("load avg", lambda row: f"{row['loadavg']:.1f}"),
    )
    cells = [[shown(row) for _, shown in columns] for row in rows]
    widths = [max([len(name)] + [len(line[i]) for line in cells]) for i, (name, _) in enumerate(columns)]
    say("  ".join(name.rjust(width) for (name, _), width in zip(columns, widths, strict=True)))
    for line in cells:
        say("  ".join(cell.rjust(width) for cell, width in zip(line, widths, strict=True)))
    late = [row for row in rows if row["round"] > args.warmup]
    say("")
    say(
        f"Slopes per round after round {args.warmup} ({len(late)} rounds): over all of them, and within each visit "
        "(the rounds between reloads)"
    )
    for key, unit, scale in (
        ("js_heap", "kB", 1e3),
        ("nodes", "nodes", 1),
        ("listeners", "listeners", 1),
        ("wasm", "kB", 1e3),
        ("renderer_rss", "kB", 1e3),
        ("renderer_peak", "kB", 1e3),
        ("all_pss", "kB", 1e3),
        ("local_storage", "chars", 1),
    ):
        points = [(row["round"], row[key]) for row in late if row[key] is not None]
        if not points:
            continue
        overall, inside = slope(points), within(points, [row["visit"] for row in late if row[key] is not None])
        mean = sum(y for _, y in points) / len(points)
        first, last = points[0][1], points[-1][1]

        def shown(value, mean=mean, unit=unit, scale=scale):
            if value is None:
                return "-"
            share = f" ({value / mean:+.2%} of the mean)" if mean else ""
            return f"{value / scale:+.1f} {unit}/round{share}"

        say(
            f"  {key:>14}: overall {shown(overall)}; within a visit {shown(inside)}; "
            f"round {points[0][0]} {first / scale:,.1f} -> round {points[-1][0]} {last / scale:,.1f} {unit}"
        )
    if late:
        say("PSS by kind of process (MB), the first round after the warm-up and the last:")
        for row in (late[0], late[-1]):
            kinds = ", ".join(f"{kind} {share / 1e6:.1f}" for kind, share in sorted(row["pss_by_kind"].items()))
            say(f"  round {row['round']}: {kinds}")
    slow = [row for row in rows if any(step.startswith("no lesson") for step in row["did"])]
    say(f"Rounds whose lesson did not come in {LESSON_TIMEOUT // 1000} s: {[row['round'] for row in slow]}")
    say("")
    say(f"Console and page errors: {len(session.errors)}")
    for number, kind, text in session.errors:
        say(f"  round {number} {kind}: {text[:300]}")
    lines = log_lines(log)
    pages, targets = len(session.crashes), len(session.target_crashes)
    say(f"Renderer crashes: {pages} page 'crash' events, {targets} Target.targetCrashed")
    for crash in session.target_crashes:
        say(
            f"  round {crash['round']} at {crash['at']:%H:%M:%S}: status {crash.get('status')}, "
            f"code {crash.get('errorCode')} (target {crash.get('targetId', '')[:8]})"
        )
    for failure in failures:
        say(f"  round {failure['round']}: {failure['kind']}: {failure['error']}")
    moments = []  # one a crash: a page's event and the target's come together
    for crash in sorted(session.crashes + session.target_crashes, key=lambda crash: crash["at"]):
        if not moments or (crash["at"] - moments[-1]["at"]).total_seconds() > 10:
            moments.append(crash)
    for crash in moments:
        say(f"  the log within 10 s of the crash at {crash['at']:%H:%M:%S} (round {crash['round']}), noise left out:")
        for text in around(lines, crash["at"]):
            if not NOISE.search(text):
                say(f"    {text[:300]}")
    telling = [text for _, text in lines if TELLING.search(text) and not NOISE.search(text)]
    say(f"Chromium's log: {len(lines)} lines; {len(telling)} that speak of a crash, a kill or memory (first 40):")
    for text in telling[:40]:
        say(f"    {text[:300]}")
    levels = {}
    for _, text in lines:
        found = re.search(r":(ERROR|WARNING|FATAL|INFO|VERBOSE\d?):([^\]]+)\]", text)
        if found and not NOISE.search(text):
            levels.setdefault(f"{found[1]} {found[2]}", 0)
            levels[f"{found[1]} {found[2]}"] += 1
    say("Its logged lines by level and source (D-Bus and cpufreq noise left out):")
    for where, count in sorted(levels.items(), key=lambda item: -item[1]):
        say(f"    {count:>4} x {where}")
    text = "\n".join(out)
    print("\n" + text)
    (args.out / "report.txt").write_text(text + "\n")
    (args.out / "figures.json").write_text(
        json.dumps({"command": command, "rows": rows, "failures": failures, "errors": session.errors}, default=str)
    )


if __name__ == "__main__":
    main()

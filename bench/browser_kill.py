"""What a whole-browser kill keeps of a page's last save, in Chromium, Firefox ESR and WebKitGTK: localStorage against
a transactional IndexedDB copy (a readwrite transaction opened with {durability: "strict"}, awaited to `complete`).

A bug report had Chromium lose a localStorage save to a whole-browser kill 2 s after it. This bench measures that
window in each engine. For each engine, on one profile kept on disk for the whole run, each cycle tells the page
(bench/browser_kill.html) to write a counter k to both stores, waits until both writes have returned (the IndexedDB
transaction has completed), waits d seconds, SIGKILLs the browser's whole process group, starts the browser again on
the same profile, opens the page and reads back what each store holds: k is kept, anything else lost. The cycles
follow one another on the same profile, the delays taken in turn. The page also sends a beacon on `pagehide` and
`visibilitychange`, the events a "flush when hidden" save would hang on: a count of those that arrive after each kill
says whether such a flush could run then, and one graceful navigation per engine at the end checks the beacon does
work.

--sustained T1,T2 adds a game's pace: from a fresh start of the browser the page saves a counter every --interval s
(both stores, as the game saves each move) and the browser is killed T s in; the restart tells how many of the last
saves each store lost. Chromium rate-limits its localStorage commits (at most 60 an hour, counted from when the
origin's storage was opened), so under steady saving its window grows past the 5 s a single save shows.

How each browser runs: Chromium launched directly, with a --user-data-dir, and driven over CDP by Playwright;
Firefox ESR by Selenium and geckodriver, with `-profile DIR` (used in place, not copied); WebKitGTK's MiniBrowser
launched directly under Xvfb with XDG_DATA_HOME pointing at the profile: under WebKitWebDriver MiniBrowser runs in
automation mode, which keeps its data in an ephemeral (memory-only) session (`--webdriver-check` shows it), so the page
takes its orders from this bench's server instead (?drive=SESSION).

Run: .venv/bin/python bench/browser_kill.py [--engines chromium,firefox,webkit] [--delays 0.5,1,2,3,5,10] [--runs 3]
     [--sustained 30,90 [--sustained-runs 2] [--interval 1]] [--webdriver-check] [--keep]
About 10 minutes for the defaults on 2 cores; --sustained 30,90 adds about 15.
"""

import argparse
import collections
import contextlib
import http.server
import itertools
import json
import math
import os
import pathlib
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
# The browser tests' engines.py (the repo's Firefox, WebKit and Xvfb paths and helpers), and the serve it imports.
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tools")]

import engines
from playwright.sync_api import sync_playwright
from selenium import webdriver

PAGE = "browser_kill.html"
ENGINES = ["chromium", "firefox", "webkit"]
DELAYS = [0.5, 1, 2, 3, 5, 10]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless=new", *engines.QUIET, "--no-first-run"]
FIREFOX_PREFS = {
    **engines.FIREFOX_PREFS,
    # Killed again and again, Firefox would count "crashes at startup" and start in safe mode; and it would restore
    # the killed session's tab (a second page of the origin, open while the bench reads): neither, here.
    "toolkit.startup.max_resumed_crashes": -1,
    "browser.sessionstore.resume_from_crash": False,
}
START_TIMEOUT = 60  # s: a browser started and the page open (Firefox takes ~5 s here, the others ~2 s)
CALL_TIMEOUT = 30  # s: one write or read of the page
# s: Playwright's connect_over_cdp to a Chromium whose DevTools port already answers: it takes under a second, but one
# start in ten or twenty hangs there for good (seen in runs of this bench on a busy machine, never reproduced alone);
# cut short, the start is tried again (restart), which has always worked the second time.
CONNECT_TIMEOUT = 20
SETTLE = 20  # s: the first write's wait, long past any commit delay, so the cycles start from a save on disk
BEACON_WAIT = 10  # s: for the control's pagehide beacon
GIVE_UP = 3  # failed restarts in a row that end an engine's run


class Server(http.server.ThreadingHTTPServer):
    """Serves the page on one port for the whole run (localStorage and IndexedDB belong to the origin, port
    included), takes the beacons of pagehide and visibilitychange, and passes the bench's commands to a page started
    with ?drive=SESSION (WebKit's), one at a time: the page polls /command and posts its answer to /result."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.changed = threading.Condition()
        self.commands = {}  # session: the command its page has yet to fetch
        self.replies = {}  # command id: the page's reply
        self.beacons = []  # what the page sent, for each beacon
        self.numbers = itertools.count(1)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def url(self, query=""):
        return f"http://127.0.0.1:{self.server_address[1]}/{PAGE}" + (f"?{query}" if query else "")

    def call(self, session, op, arg=None, timeout=CALL_TIMEOUT):
        # Commands go by session: one left unfetched by a page that was killed is never run by the next page.
        with self.changed:
            number = next(self.numbers)
            self.commands[session] = {"id": number, "op": op, "arg": arg}
            if not self.changed.wait_for(lambda: number in self.replies, timeout):
                self.commands.pop(session, None)
                raise TimeoutError(f"the page did not answer {op} in {timeout} s")
            reply = self.replies.pop(number)
        if not reply["ok"]:
            raise RuntimeError(f"{op}: {reply['error']}")
        return reply["value"]

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page killed mid-request: expected, not printed
            super().handle_error(request, client_address)

    def beacons_of(self, k):
        with self.changed:
            return [beacon for beacon in self.beacons if beacon.get("k") == k]


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass  # the bench prints its own progress

    def answer(self, status, kind="text/plain", body=b""):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/" + PAGE:
            self.answer(200, "text/html; charset=utf-8", (HERE / PAGE).read_bytes())
        elif path == "/blank":
            self.answer(200, "text/html; charset=utf-8", b"<!doctype html><title>left</title>")
        elif path == "/command":
            session = urllib.parse.parse_qs(query).get("s", [""])[0]
            with self.server.changed:
                command = self.server.commands.pop(session, {})
            self.answer(200, "application/json", json.dumps(command).encode())
        else:
            self.answer(404)

    def do_POST(self):
        path = self.path.partition("?")[0]
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        try:
            message = json.loads(body)
        except ValueError:
            return self.answer(400)
        with self.server.changed:
            if path == "/result":
                self.server.replies[message["id"]] = message
            elif path == "/hidden":
                self.server.beacons.append(message)
            self.server.changed.notify_all()
        self.answer(204)


def processes():
    """{pid: (parent pid, process group, state)} of every process on the machine, from /proc."""
    found = {}
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended meanwhile
        fields = text[text.rindex(")") + 2 :].split()  # (the command's name, in brackets, may hold spaces)
        found[int(stat.parent.name)] = (int(fields[1]), int(fields[2]), fields[0])
    return found


def family(root, table):
    """``root`` and every process descended from it."""
    children = collections.defaultdict(list)
    for pid, (parent, _, _) in table.items():
        children[parent].append(pid)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children[pid]
    return found


def kill_group(group):
    """SIGKILL the process group ``group`` (a browser started in a session of its own, whose leader's pid names the
    group) at once, as an OS or a user's "force stop" would, and any descendant that left the group; wait (bounded)
    until every one is gone. Returns how many had left the group (none, in all three engines so far)."""
    table = processes()
    members = {pid for pid, (_, pgid, _) in table.items() if pgid == group} | set(family(group, table))
    strays = [pid for pid in members if table[pid][1] != group]
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGKILL)
    for pid in strays:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        table = processes()
        if not any(pid in table and table[pid][2] != "Z" for pid in members):
            break
        time.sleep(0.05)
    else:
        raise TimeoutError(f"processes of group {group} still alive 15 s after SIGKILL")
    return len(strays)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Browser:
    """One engine on one profile: ``start`` launches it and opens the page, ``call`` runs one of the page's
    ``bench`` functions, ``kill`` SIGKILLs the whole browser. ``group`` is its process group (None when stopped)."""

    name = ""

    def __init__(self, profile, server, log):
        self.profile, self.server, self.log = profile, server, log
        self.process = None
        self.profile.mkdir(parents=True, exist_ok=True)

    @property
    def group(self):
        return self.process.pid if self.process is not None and self.process.poll() is None else None

    def start(self):
        raise NotImplementedError

    def call(self, op, arg=None):
        raise NotImplementedError

    def drop(self):
        """Forget the driver of a browser just killed (no command goes to it any more)."""

    def kill(self):
        strays = 0
        if self.process is not None:
            strays = kill_group(self.process.pid)
            self.process.wait(timeout=10)  # (the leader is our child: reaped here)
        self.drop()
        self.process = None
        return strays

    def kill_now(self):
        """For the watchdog: stop the browser at once, so that a command hung on it returns (with an error)."""
        with contextlib.suppress(ProcessLookupError, TypeError):
            os.killpg(self.group, signal.SIGKILL)


class Chromium(Browser):
    name = "chromium"

    def __init__(self, profile, server, log, playwright):
        super().__init__(profile, server, log)
        self.playwright, self.browser, self.page = playwright, None, None

    def start(self):
        port = free_port()
        self.process = subprocess.Popen(
            [CHROMIUM, *CHROMIUM_FLAGS, f"--remote-debugging-port={port}", f"--user-data-dir={self.profile}"],
            start_new_session=True,  # a process group of its own: the browser, its zygotes, renderers and utilities
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
        )
        endpoint = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_TIMEOUT
        while True:  # the DevTools port answers once the browser is up
            try:
                urllib.request.urlopen(endpoint + "/json/version", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise TimeoutError(f"Chromium's DevTools port {port} did not answer in {START_TIMEOUT} s")
                time.sleep(0.1)
        self.browser = self.playwright.chromium.connect_over_cdp(endpoint, timeout=CONNECT_TIMEOUT * 1000)
        context = self.browser.contexts[0]  # the profile's own context (a new one would be in memory only)
        self.page = context.pages[0] if context.pages else context.new_page()
        self.page.set_default_timeout(CALL_TIMEOUT * 1000)
        self.page.set_default_navigation_timeout(START_TIMEOUT * 1000)
        self.page.goto(self.server.url())

    def call(self, op, arg=None):
        return self.page.evaluate("([op, arg]) => bench[op](arg)", [op, arg])

    def drop(self):
        if self.browser is not None:
            with contextlib.suppress(Exception):
                self.browser.close()  # (the connection only: the browser is gone)
        self.browser = self.page = None


class Firefox(Browser):
    name = "firefox"

    def __init__(self, profile, server, log):
        super().__init__(profile, server, log)
        self.driver = None

    def start(self):
        options = webdriver.FirefoxOptions()
        options.binary_location = engines.FIREFOX
        options.add_argument("-headless")
        options.add_argument("-profile")  # geckodriver uses a profile named so in place, instead of a fresh copy
        options.add_argument(str(self.profile))
        for name, value in FIREFOX_PREFS.items():
            options.set_preference(name, value)
        service = webdriver.FirefoxService(
            executable_path=engines.geckodriver(),
            log_output=self.log,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"},
            # geckodriver leads the group, Firefox and its content processes are its children: one killpg ends all
            popen_kw={"start_new_session": True},
        )
        try:
            self.driver = engines.answering(lambda: webdriver.Firefox(options=options, service=service), START_TIMEOUT)
        finally:
            self.process = service.process if hasattr(service, "process") else None
        self.driver.set_page_load_timeout(START_TIMEOUT)
        self.driver.set_script_timeout(CALL_TIMEOUT)
        self.driver.get(self.server.url())

    def call(self, op, arg=None):
        return self.driver.execute_script("return bench[arguments[0]](arguments[1])", op, arg)

    def drop(self):
        self.driver = None  # geckodriver died with the group: no quit() to send


class WebKit(Browser):
    """MiniBrowser on its own (no --automation), its data in XDG_DATA_HOME/webkitgtk-4.1/MiniBrowser: the page takes
    its commands from the server."""

    name = "webkit"

    def __init__(self, profile, server, log, display):
        super().__init__(profile, server, log)
        self.display, self.session = display, None

    def start(self):
        self.session = secrets.token_hex(8)  # a new session for each page: none of the killed page's orders
        self.process = subprocess.Popen(
            [engines.MINIBROWSER, self.server.url(f"drive={self.session}")],
            env={
                **os.environ,
                "DISPLAY": self.display,
                "XDG_DATA_HOME": str(self.profile / "data"),
                "XDG_CACHE_HOME": str(self.profile / "cache"),
            },
            start_new_session=True,  # the UI process leads the group; its web and network processes are its children
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
        )
        self.server.call(self.session, "read", timeout=START_TIMEOUT)  # the page is up and polling

    def call(self, op, arg=None):
        return self.server.call(self.session, op, arg)


@contextlib.contextmanager
def bounded(browser, seconds, what):
    """Run the block within ``seconds``: past that the browser is killed, which makes a driver's command waiting on
    it fail (Playwright's evaluate, for one, has no timeout of its own); the block then raises TimeoutError."""
    fired = threading.Event()

    def expire():
        fired.set()
        browser.kill_now()

    timer = threading.Timer(seconds, expire)
    timer.start()
    try:
        yield
    except Exception as error:
        if fired.is_set():
            raise TimeoutError(f"{what} took over {seconds} s: the browser was killed") from error
        raise
    finally:
        timer.cancel()
    if fired.is_set():
        raise TimeoutError(f"{what} took over {seconds} s: the browser was killed")


def say(*words):
    print(*words, file=sys.stderr, flush=True)


def restart(browser):
    """Kill what is left of the browser, start it again on the same profile: tries GIVE_UP times."""
    for attempt in range(1, GIVE_UP + 1):
        try:
            with bounded(browser, 15, "the kill"):
                browser.kill()
            with bounded(browser, START_TIMEOUT + 10, "the start"):
                browser.start()
            return
        except Exception as error:  # noqa: BLE001  a start that failed, whatever the driver raised, is tried again
            say(f"  {browser.name}: start {attempt} of {GIVE_UP} failed: {str(error).splitlines()[0]}")
    raise RuntimeError(f"{browser.name} did not start {GIVE_UP} times in a row")


def read(browser):
    with bounded(browser, CALL_TIMEOUT + 5, "the read"):
        return browser.call("read")


def cycle(browser, k, delay, server):
    """Write k, wait ``delay`` s from the moment both writes returned, kill the whole browser, start it again, read.
    Returns the outcome: what each store held after the restart, and what the write reported."""
    with bounded(browser, CALL_TIMEOUT + 5, "the write"):
        wrote = browser.call("write", k)
    written = time.monotonic()
    time.sleep(max(0.0, delay - (time.monotonic() - written)))
    waited = time.monotonic() - written
    strays = browser.kill()
    restart(browser)
    found = read(browser)
    return {
        "k": k,
        "delay": delay,
        "waited": waited,
        "local": found["local"],
        "idb": found["idb"],
        "beacons": len(server.beacons_of(k)),
        "wrote": wrote,
        "strays": strays,
    }


def sustained_cycle(browser, base, seconds, interval):
    """The page saves base, base + 1, ... one every ``interval`` s (as a game saves each move) from a fresh start of
    the browser; ``seconds`` s in, the bench asks for the last value both stores took and kills the browser at once.
    Returns how many of the last saves each store lost (0: the last one kept)."""
    with bounded(browser, CALL_TIMEOUT + 5, "the start of the saves"):
        browser.call("tick", {"from": base, "ms": interval * 1000})
    time.sleep(seconds)
    with bounded(browser, CALL_TIMEOUT + 5, "the count of the saves"):
        last = browser.call("ticked")
    browser.kill()  # (a save may start between the two: then the last one the store kept can be last + 1)
    restart(browser)
    found = read(browser)

    def lost(value):
        return max(0, last - value) if value is not None and value >= base else last - base + 1

    return {"sustained": seconds, "saves": last - base + 1, "local": lost(found["local"]), "idb": lost(found["idb"])}


def told(value, k):
    if value == k:
        return f"{value} kept"
    return "nothing" if value is None else f"{value} (an earlier save)"


def measure(browser, server, plan):
    """One engine's cycles, on one profile: [outcome, or {"delay" or "sustained", "error"}], and notes (the warm-up's,
    the control's)."""
    notes = []
    restart(browser)
    first = read(browser)
    say(f"{browser.name}: started on {browser.profile}; the page holds {first} (fresh profile: nothing)")
    table = processes()
    members = family(browser.group, table)
    notes.append(
        f"{len(members)} processes at start, {sum(table[p][1] == browser.group for p in members)} in the killed group"
    )
    # The warm-up: a save left long enough to be on disk, so that every cycle has an earlier save to fall back to.
    warm = cycle(browser, 1, SETTLE, server)
    notes.append(
        f"warm-up write, killed after {SETTLE} s: localStorage {told(warm['local'], 1)}, "
        f"IndexedDB {told(warm['idb'], 1)}"
    )
    say(f"{browser.name}: {notes[-1]}")
    outcomes, k = [], 1
    schedule = [delay for _ in range(plan.runs) for delay in plan.delays]  # the delays in turn, run after run
    for number, delay in enumerate(schedule, 1):
        k += 1
        try:
            outcome = cycle(browser, k, delay, server)
        except Exception as error:  # noqa: BLE001  a hung or failed cycle is counted as an error, and the run goes on
            say(f"{browser.name} {number}/{len(schedule)} d={delay} s k={k}: ERROR {str(error).splitlines()[0]}")
            outcomes.append({"delay": delay, "error": str(error)})
            restart(browser)
            continue
        outcomes.append(outcome)
        wrote = outcome["wrote"]
        say(
            f"{browser.name} {number}/{len(schedule)} d={delay} s k={k} (killed {outcome['waited']:.2f} s after): "
            f"localStorage {told(outcome['local'], k)}, IndexedDB {told(outcome['idb'], k)}, "
            f"hidden beacons {outcome['beacons']}; write took {wrote['localMs']:.1f} ms + "
            f"{wrote['idbMs']:.1f} ms (durability {wrote.get('durability')})"
            + (f"; {outcome['strays']} processes had left the group" if outcome["strays"] else "")
        )
    # Then a game's pace: a save every `interval` s from the page's start, the browser killed `seconds` s in.
    schedule = [seconds for _ in range(plan.sustained_runs) for seconds in plan.sustained]
    for number, seconds in enumerate(schedule, 1):
        base = k + 1  # above every value written so far
        k = base + math.ceil(seconds / plan.interval) + 10  # above any this cycle can write (one a tick, and a margin)
        try:
            outcome = sustained_cycle(browser, base, seconds, plan.interval)
        except Exception as error:  # noqa: BLE001  as above: an error counted, the run goes on
            say(f"{browser.name} sustained {number}/{len(schedule)} {seconds} s: ERROR {str(error).splitlines()[0]}")
            outcomes.append({"sustained": seconds, "error": str(error)})
            restart(browser)
            continue
        outcomes.append(outcome)
        say(
            f"{browser.name} sustained {number}/{len(schedule)}: {outcome['saves']} saves, one every {plan.interval} s, "
            f"killed {seconds} s in: localStorage lost the last {outcome['local']}, IndexedDB the last {outcome['idb']}"
        )
    # The control: a navigation away does fire pagehide, and its beacon arrives (so the zeros above are the kill's).
    k += 1
    with bounded(browser, CALL_TIMEOUT + 5, "the control's write"):
        browser.call("write", k)
        browser.call("leave")
    deadline = time.monotonic() + BEACON_WAIT
    while not server.beacons_of(k) and time.monotonic() < deadline:
        time.sleep(0.1)
    events = sorted({beacon["event"] for beacon in server.beacons_of(k)})
    notes.append(f"control, a navigation away: beacons from {', '.join(events) or 'no event'}")
    say(f"{browser.name}: {notes[-1]}")
    browser.kill()
    return outcomes, notes


def webdriver_check(display, server):
    """Does MiniBrowser under WebKitWebDriver (the repo's tests' way) keep anything across a restart? A write, a
    graceful quit, a second session, a read; and whether anything was written under its XDG_DATA_HOME at all."""
    data = pathlib.Path(tempfile.mkdtemp(prefix="sixes-webdriver-data-"))
    previous = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(data)  # engines.webkit() hands the driver a copy of os.environ
    try:
        values = []
        for step in ("write", "read"):
            driver = engines.answering(lambda: engines.webkit(display), START_TIMEOUT)
            try:
                driver.set_page_load_timeout(START_TIMEOUT)
                driver.set_script_timeout(CALL_TIMEOUT)
                driver.get(server.url())
                values.append(driver.execute_script("return bench[arguments[0]](arguments[1])", step, 1))
                if step == "write":
                    time.sleep(SETTLE)  # long past any commit delay
            finally:
                driver.quit()  # graceful: MiniBrowser closes as a person would close it
        files = [path for path in data.rglob("*") if path.is_file()]
        return (
            f"WebKitWebDriver's MiniBrowser (--automation): k=1 written, {SETTLE} s, a graceful quit, a new session "
            f"reads {values[1]}; files under its XDG_DATA_HOME: {len(files)}"
        )
    finally:
        if previous is None:
            os.environ.pop("XDG_DATA_HOME", None)
        else:
            os.environ["XDG_DATA_HOME"] = previous
        shutil.rmtree(data, ignore_errors=True)


def kept(outcomes, store):
    done = [outcome for outcome in outcomes if "error" not in outcome]
    return f"{sum(outcome[store] == outcome['k'] for outcome in done)}/{len(done)}"


def delay_table(results, delays):
    print(f"{'engine':9} {'delay':>6}  {'localStorage':>12}  {'IndexedDB':>9}  {'hidden event':>12}  {'errors':>6}")
    for name, (outcomes, _) in results.items():
        for delay in delays:
            these = [outcome for outcome in outcomes if outcome.get("delay") == delay]
            done = [outcome for outcome in these if "error" not in outcome]
            beacons = f"{sum(outcome['beacons'] > 0 for outcome in done)}/{len(done)}"
            print(
                f"{name:9} {delay:>4g} s  {kept(these, 'local'):>12}  {kept(these, 'idb'):>9}  {beacons:>12}  "
                f"{len(these) - len(done):>6}"
            )
    print("kept: the value written was read back after the kill and a restart; hidden event: a pagehide or")
    print("visibilitychange beacon of that value reached the server (a flush on hide would have had that chance).")


def sustained_table(results, times, interval):
    print(f"\nSaving every {interval:g} s from the browser's start, killed N s in: the last saves each store lost")
    print(f"{'engine':9} {'killed at':>9}  {'localStorage lost':>24}  {'IndexedDB lost':>24}  {'errors':>6}")
    for name, (outcomes, _) in results.items():
        for seconds in times:
            these = [outcome for outcome in outcomes if outcome.get("sustained") == seconds]
            done = [outcome for outcome in these if "error" not in outcome]
            local = ", ".join(f"{outcome['local']}/{outcome['saves']}" for outcome in done)
            idb = ", ".join(f"{outcome['idb']}/{outcome['saves']}" for outcome in done)
            print(f"{name:9} {seconds:>7g} s  {local:>24}  {idb:>24}  {len(these) - len(done):>6}")
    print("lost/saves of each run: how many of the last saves were missing after the restart, of those made.")


def report(results, plan):
    if plan.runs and plan.delays:
        delay_table(results, plan.delays)
    if plan.sustained:
        sustained_table(results, plan.sustained, plan.interval)
    for name, (outcomes, notes) in results.items():
        writes = [outcome["wrote"] for outcome in outcomes if "wrote" in outcome]
        if writes:
            durability = sorted({str(wrote.get("durability")) for wrote in writes})
            timing = (
                f"write: localStorage.setItem median {statistics.median(w['localMs'] for w in writes):.2f} ms, "
                f"IndexedDB put to complete median {statistics.median(w['idbMs'] for w in writes):.1f} ms "
                f"(max {max(w['idbMs'] for w in writes):.1f}), transaction.durability {'/'.join(durability)}"
            )
            notes = [*notes, timing]
        for note in notes:
            print(f"{name}: {note}")


def run_engine(name, work, server, playwright, display, plan):
    """One engine's measure, on a profile of its own under ``work``, its output logged beside it."""
    profile = work / name
    with open(work / f"{name}.log", "ab") as log:  # the browser's own output, for a failure's post-mortem
        if name == "chromium":
            browser = Chromium(profile, server, log, playwright)
        elif name == "firefox":
            browser = Firefox(profile, server, log)
        else:
            browser = WebKit(profile, server, log, display.display)
        try:
            outcomes, notes = measure(browser, server, plan)
        finally:
            with contextlib.suppress(Exception):
                browser.kill()
    if name == "webkit":  # where MiniBrowser kept the origin's data: the evidence that the profile is on disk
        origin, home = f"127.0.0.1_{server.server_address[1]}", profile / "data" / "webkitgtk-4.1" / "MiniBrowser"
        files = sorted(
            str(path.relative_to(home))
            for path in home.rglob("*")
            if path.is_file() and origin in str(path) and not path.name.endswith(("-wal", "-shm"))
        )
        notes.append(f"the origin's files in XDG_DATA_HOME/webkitgtk-4.1/MiniBrowser: {', '.join(files)}")
    return outcomes, notes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated, of " + ", ".join(ENGINES))
    parser.add_argument("--delays", default=",".join(map(str, DELAYS)), help="seconds between save and kill")
    parser.add_argument("--runs", type=int, default=3, help="cycles of each delay, per engine")
    parser.add_argument(
        "--sustained", default="", help="also: save every --interval s, kill this many s in (comma-separated)"
    )
    parser.add_argument("--sustained-runs", type=int, default=2, help="cycles of each --sustained time, per engine")
    parser.add_argument("--interval", type=float, default=1.0, help="s between two saves in --sustained")
    parser.add_argument("--webdriver-check", action="store_true", help="also show WebKitWebDriver keeps no data")
    parser.add_argument("--keep", action="store_true", help="keep the profiles and browser logs (their folder)")
    options = parser.parse_args()
    names = [name for name in options.engines.split(",") if name]
    options.delays = [float(delay) for delay in options.delays.split(",") if delay]
    options.sustained = [float(seconds) for seconds in options.sustained.split(",") if seconds]
    unknown = [name for name in names if name not in ENGINES]
    if unknown:
        parser.error(f"unknown engine {', '.join(unknown)}")
    for name in names:
        if engines.missing(name) or (name == "chromium" and not os.path.exists(CHROMIUM)):
            parser.error(f"{name} cannot run here: {engines.missing(name) or CHROMIUM + ' is missing'}")

    work = pathlib.Path(tempfile.mkdtemp(prefix="sixes-browser-kill-"))
    server = Server()
    say(f"page {server.url()}; profiles and logs in {work}")
    results, notes = {}, []
    display = engines.Xvfb() if "webkit" in names else None
    try:
        with sync_playwright() as playwright:
            for name in names:
                try:
                    results[name] = run_engine(name, work, server, playwright, display, options)
                except Exception as error:  # noqa: BLE001  an engine that will not start is reported, the others run
                    say(f"{name}: given up: {error}")
                    notes.append(f"{name}: given up: {str(error).splitlines()[0]}")
            if display and options.webdriver_check:
                say("webkit: the WebDriver check")
                notes.append("webkit: " + webdriver_check(display.display, server))
    finally:
        if display:
            display.stop()
        server.shutdown()
        if options.keep:
            say(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    report(results, options)
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()

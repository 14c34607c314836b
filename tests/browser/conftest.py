"""One server and one Chromium per session; a fresh context (empty localStorage) per test. The `engine`
fixture gives a test a fresh tab in Chromium, Firefox ESR and WebKitGTK in turn (engines.py).

The site is served under /sixes/ (a symlink to the repo root in a temporary
folder), as on a project site, so any absolute URL in the page breaks every
test. Every test also fails on a console error, a Python error in the page,
or a request to another origin.
"""

import os
import pathlib
import subprocess
import sys

import pytest
from playwright import sync_api as playwright_api  # a missing install fails loudly, never skips
from playwright.sync_api import expect

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools"), str(pathlib.Path(__file__).parent)]  # pytest imports tests in importlib mode
import engines
import serve

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
QUIET = engines.QUIET
BOOT_TIMEOUT = 60_000  # ms: a cold Pyodide boot takes ~3 s here, far more on a loaded CI machine
ACTION_TIMEOUT = 10_000  # ms: every other wait (a click, a move, a dialog); the helpers wait for the settled marker
expect.set_options(timeout=ACTION_TIMEOUT)


# A browser engine's own crash (Chromium's renderer, WebKitGTK's web process) reruns that test once, in a fresh
# page: CI's clean machines lost a page to one now and then while Pyodide booted (in Chromium and in WebKit, in
# tests that pass alone and in hundreds of runs here, no error from the page before it), which failed the
# whole run. Only those messages rerun, and only once, so a page that crashes its engine every time still
# fails. Playwright says "Target crashed" of a call the crashed page could not answer and "Page crashed" of one
# it was waiting on (a goto, a reload); WebKitGTK's driver says "page crash or hang", and a driver that stopped
# answering at all is cut off after engines.COMMAND_TIMEOUT (engines.HUNG). A crash is one failure of
# its attempt: the teardown asks nothing of a crashed page (engine below), which would fail on the same crash
# and be listed as a second rerun. The summary lists each rerun with its phase and message (below; -rfER in
# pyproject.toml adds pytest-rerunfailures' own list), so one is seen, not hidden.
CRASHES = ["Target crashed", "Page crashed", "page crash or hang", engines.HUNG]


def pytest_collection_modifyitems(items):
    for item in items:
        if pathlib.Path(__file__).parent in item.path.parents:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CRASHES))


def crashed(error):
    """Whether ``error`` is a browser engine's own crash (one of CRASHES)."""
    return any(crash in str(error) for crash in CRASHES)


RERUNS = []  # each rerun: [test, attempt, {phase: the first line of its message}]


class ChromiumLog:
    """What Chromium's pages said during the test running now (every console line, page error and crash), kept so
    that a failing test shows it under its failure (issue 52, item 9: a bare "Target crashed" in CI said nothing of
    which page, how, or what it logged before). A crash is heard twice: the page's "crash" event (its URL) and CDP's
    Target.targetCrashed on the browser's own session (its termination status and code: "crashed" 11 is SIGSEGV,
    "oom", "killed" ...). Firefox and WebKit are not watched."""

    KEEP = 300  # the last lines of a test's log: enough to see what led up to a crash, never a whole soak's

    def __init__(self):
        self.lines, self.crashes, self.urls = [], [], {}

    def clear(self):
        self.lines.clear()
        self.crashes.clear()

    def note(self, line):
        self.lines.append(line)
        del self.lines[: -self.KEEP]

    def watch(self, page):
        """Keep ``page``'s console, errors and crash (a context's "page" event calls it for each new page)."""
        page.on("console", lambda message: self.note(f"console.{message.type}: {message.text}"))
        page.on("pageerror", lambda error: self.note(f"pageerror: {error}"))
        page.on("crash", lambda crashed: self.crashed(f"page crash event: {crashed.url}"))

    def crashed(self, what):
        self.crashes.append(what)
        self.note(f"CRASH {what}")

    def target(self, event):
        """CDP Target.targetCreated or targetInfoChanged: which URL each target shows, to name a crashed one."""
        self.urls[event["targetInfo"]["targetId"]] = event["targetInfo"]["url"]

    def target_crashed(self, event):
        url = self.urls.get(event.get("targetId"), "?")
        self.crashed(f"Target.targetCrashed: status {event.get('status')}, code {event.get('errorCode')}, url {url}")

    def text(self):
        return "\n".join(self.lines) or "(nothing logged)"


LOG = ChromiumLog()


@pytest.fixture
def chromium_log():
    """The log Chromium's pages keep for the test running now (ChromiumLog)."""
    return LOG


def pytest_runtest_setup(item):
    LOG.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A phase that failed (or will be rerun) carries Chromium's log for the test so far, and names its crashes."""
    report = (yield).get_result()
    if call.excinfo is not None and (LOG.lines or LOG.crashes):
        report.sections.append(("Chromium: console and crashes (tests/browser/conftest.py)", LOG.text()))
        report.crashes_seen = list(LOG.crashes)


def pytest_runtest_logreport(report):
    """Note which phase of which attempt each rerun came from, its message's first line and any crash seen."""
    if report.outcome != "rerun":
        return
    crash = getattr(report.longrepr, "reprcrash", None)
    message = (crash.message if crash else str(report.longrepr or "")).strip().splitlines()
    attempt = getattr(report, "rerun", 0)
    if not RERUNS or RERUNS[-1][:2] != [report.nodeid, attempt]:
        RERUNS.append([report.nodeid, attempt, {}])
    seen = getattr(report, "crashes_seen", [])
    RERUNS[-1][2][report.when] = (message[0] if message else "(no message)") + "".join(f" [{c}]" for c in seen)


def pytest_terminal_summary(terminalreporter):
    """One line a rerun: the test, and the phase and message it was rerun for."""
    if not RERUNS:
        return
    terminalreporter.write_sep("=", "reruns: the phase and message each came from", yellow=True)
    for nodeid, attempt, phases in RERUNS:
        said = "; ".join(f"{when}: {message}" for when, message in phases.items())
        terminalreporter.write_line(f"RERUN {nodeid} (attempt {attempt + 1}) {said}")


def served_as_sixes(tmp_path_factory, name):
    """A new folder that holds the repo root as sixes/, as a project site serves it."""
    # The page loads the compiled package from build/: rebuilt here if a module changed since (a no-op if not).
    subprocess.run(["make", "--no-print-directory", "-s", "build"], cwd=ROOT, check=True)
    folder = tmp_path_factory.mktemp(name)
    (folder / "sixes").symlink_to(ROOT, target_is_directory=True)
    return folder


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The base URL of the game, e.g. http://127.0.0.1:PORT/sixes/."""
    server = serve.serve_in_background(served_as_sixes(tmp_path_factory, "site"))
    host, port = server.server_address
    yield f"http://{host}:{port}/sixes/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not pathlib.Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: `make test` installs it with apt")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=QUIET)
        # Every page of every context the tests open keeps its log (ChromiumLog), and every crash is heard.
        new_context = browser.new_context

        def logged_context(**options):
            context = new_context(**options)
            context.on("page", LOG.watch)
            return context

        browser.new_context = logged_context
        targets = browser.new_browser_cdp_session()
        targets.on("Target.targetCreated", LOG.target)
        targets.on("Target.targetInfoChanged", LOG.target)
        targets.on("Target.targetCrashed", LOG.target_crashed)
        targets.send("Target.setDiscoverTargets", {"discover": True})
        yield browser
        browser.close()


class Watch:
    """What a page did that a test should never see: console errors, page errors, foreign requests."""

    def __init__(self, origin):
        self.origin = origin
        self.errors = []
        self.foreign = []
        self.requests = []
        self.forgiven = []  # parts of error lines a test causes on purpose, whenever they arrive

    def forgive(self, *parts):
        self.forgiven.extend(parts)

    def unforgiven(self):
        return [error for error in self.errors if not any(part in error for part in self.forgiven)]

    def route(self, route):
        url = route.request.url
        self.requests.append(url)
        if url.startswith(self.origin):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()


@pytest.fixture
def watch(site):
    return Watch(site.split("/sixes/")[0] + "/")


@pytest.fixture
def page(browser, watch):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route("**/*", watch.route)
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT)
    page.set_default_navigation_timeout(BOOT_TIMEOUT)
    page.on("console", lambda message: message.type == "error" and watch.errors.append(message.text))
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    yield page
    context.close()
    assert watch.unforgiven() == [], "console errors"
    assert watch.foreign == [], "requests left the origin"


@pytest.fixture(scope="session")
def engine_server(tmp_path_factory):
    """The game under /sixes/ again, from a server that can add an init script to the page (engines.Injecting)."""
    server = engines.injecting_server(served_as_sixes(tmp_path_factory, "engine-site"))
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def display():
    """A virtual display for WebKit, started only if a WebKit test runs."""
    xvfb = engines.Xvfb()
    yield xvfb.display
    xvfb.stop()


@pytest.fixture(scope="session")
def firefox():
    """One Firefox ESR for the session, started only if a Firefox test runs (each test has a user context)."""
    browser = engines.Firefox()
    yield browser
    browser.quit()


@pytest.fixture(params=engines.ENGINES)
def engine(request, engine_server):
    """A fresh tab (empty storage) in each engine in turn: Chromium, Firefox ESR, WebKitGTK (engines.Tab).
    Its ``site`` is the game's URL under /sixes/; the test fails on an error in the page or a foreign request."""
    name = request.param
    if engines.missing(name):
        pytest.fail(engines.missing(name))
    if name == "chromium":
        tab = engines.PlaywrightTab(
            request.getfixturevalue("browser"), engine_server, ACTION_TIMEOUT / 1000, BOOT_TIMEOUT / 1000
        )
    elif name == "firefox":
        tab = engines.FirefoxTab(request.getfixturevalue("firefox"), engine_server, ACTION_TIMEOUT / 1000)
    else:
        tab = engines.WebKitTab(request.getfixturevalue("display"), engine_server, ACTION_TIMEOUT / 1000)
    host, port = engine_server.server_address
    tab.site = f"http://{host}:{port}/sixes/"
    yield tab
    try:
        tab.close()
    except Exception as error:
        if not crashed(error):
            raise
        # Its engine crashed or stopped answering: the test failed on that already (and reruns), and asking the
        # page what it fetched would fail on the same crash and count as a second rerun. What is left of it is
        # closed (Firefox and WebKit close their own: engines.FirefoxTab, WebKitTab).
        if name == "chromium":
            tab.context.close()
        tab.server.init = ""
        return
    assert tab.errors == [], f"errors in the page in {name}"
    assert tab.foreign == [], f"requests left the origin in {name}"

"""How every browser bench opens the page: the built site served as GitHub Pages serves it, in a Chromium that
emulates a phone (or the desktop), and the page's marks read back.

- The site: each checkout's own `tools/build_site.py` (after its `make build`) under /<name>/sixes/, sent with
  gzip (level 6), `Cache-Control: max-age=600`, an ETag and 304s, so the service worker's revalidation costs
  what it costs there; the server counts the bytes it sends.
- The phone (TOOLCHAIN.md): CDP `Emulation.setCPUThrottlingRate` 4 (Lighthouse's mobile CPU) and
  `Network.emulateNetworkConditions` Fast 4G (60 ms, 9 Mbit/s down), set on every page before it navigates, and a
  390×844 viewport. The desktop: neither, and 1280×800.
- A browser profile on disk, as a person's is: an in-memory cache drops the 9.6 MB wasm.
- The marks: `performance.mark`s (`sixes-ready`, ...), html[data-state] (booting → ready) and html[data-turn]
  with html[data-moves] (the settled marker, docs/testing.md).
"""

import contextlib
import email.utils
import functools
import gzip
import hashlib
import http.server
import mimetypes
import pathlib
import subprocess
import sys
import tempfile
import threading
from typing import ClassVar

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]
import serve  # noqa: F401  (its MIME types: the manifest's)
from conftest import CHROMIUM, QUIET

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
CPU_SLOWDOWN = 4
FAST_4G = {"offline": False, "latency": 60, "downloadThroughput": 1125000, "uploadThroughput": 187500}
TIMEOUT = 180_000  # ms: a boot on a slowed CPU of a loaded machine
# A bench's deal by link (?seed=) replaces the game of its last visit, as a link did before the page asked first
# (issue #43: "Leave the game in progress?"): the saved game goes before the page reads it, so no question stands
# between the link and the round measured, and the figures stay comparable with earlier ones.
NEW_DEAL = "if (new URLSearchParams(location.search).has('seed')) localStorage.removeItem('sixes.game');"

MARK = "performance.getEntriesByName('%s')[0]?.startTime ?? null"
# The service worker has precached the site and controls the page.
PRECACHED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return !!registration.active && !registration.installing && !!navigator.serviceWorker.controller;
}"""
# The interpreter's snapshot for the next visit made (assets/interpreter.mjs; a checkout from before makes none).
SNAPSHOT_MADE = (
    "!document.querySelector('meta[name=snapshot]') || performance.getEntriesByName('sixes-snapshot-made').length > 0"
)
# The table kept for the next visit (boot.js; a checkout from before issue #19 keeps none).
KEPT = "!window.sixesTable || localStorage.getItem('sixes.table.v1') !== null"


def profile_name(desktop):
    return "desktop (no throttling, 1280x800)" if desktop else f"phone (CPU {CPU_SLOWDOWN}x, Fast 4G, 390x844)"


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files as GitHub Pages sends them: gzip (level 6) when asked, max-age=600, ETag and 304."""

    packed: ClassVar[dict] = {}  # (path, mtime) → gzipped bytes, so a file is compressed once per run
    lock = threading.Lock()

    def do_GET(self):
        path = pathlib.Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        tag = f'"{hashlib.sha1(data).hexdigest()[:16]}"'
        if self.headers.get("If-None-Match") == tag:
            self.send_response(304)
            self.send_header("ETag", tag)
            self.end_headers()
            return
        zipped = "gzip" in self.headers.get("Accept-Encoding", "")
        if zipped:
            key = (str(path), path.stat().st_mtime_ns)
            with self.lock:
                if key not in self.packed:
                    self.packed[key] = gzip.compress(data, 6)
                data = self.packed[key]
        self.send_response(200)
        self.send_header("Content-Type", mimetypes.guess_type(path.name)[0] or "application/octet-stream")
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", email.utils.formatdate(path.stat().st_mtime, usegmt=True))
        self.end_headers()
        self.wfile.write(data)
        with self.lock:
            self.server.sent += len(data)

    def log_message(self, format, *args):
        pass


def build(root, out):
    """The site of the checkout ``root`` (its `make build` done) into ``out``, by its own build_site.py."""
    subprocess.run(
        [sys.executable, str(root / "tools" / "build_site.py"), "--out", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )


class Served:
    """The folder being served, its origin, and the bytes sent so far (bodies, as sent)."""

    def __init__(self, folder, server):
        self.folder, self.server = folder, server
        self.origin = f"http://127.0.0.1:{server.server_address[1]}/"

    def site(self, name):
        return self.folder / name / "sixes"

    def url(self, name):
        return f"{self.origin}{name}/sixes/"

    @property
    def sent(self):
        return self.server.sent


@contextlib.contextmanager
def served(checkouts, linked=None):
    """Each checkout of ``checkouts`` ({name: root}) built under /<name>/sixes/, and each folder of ``linked``
    ({name: folder}, e.g. this checkout for the bench's own pages) under /<name>/, served as Pages serves them."""
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        for name, root in checkouts.items():
            build(root, folder / name / "sixes")
        for name, target in (linked or {}).items():
            (folder / name).symlink_to(target, target_is_directory=True)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=folder))
        server.sent = 0
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield Served(folder, server)
        finally:
            server.shutdown()


@contextlib.contextmanager
def browser(playwright, desktop=False, folder=None, init_scripts=()):
    """Chromium with a profile on disk: ``folder``'s, kept for the next launch, or a new one removed after; on the
    phone's viewport unless ``desktop``. ``init_scripts`` run before each page's own."""
    made = None if folder else tempfile.TemporaryDirectory()
    context = playwright.chromium.launch_persistent_context(
        folder or made.name, executable_path=CHROMIUM, args=QUIET, viewport=DESKTOP if desktop else PHONE
    )
    for script in init_scripts:
        context.add_init_script(script)
    for page in context.pages:
        page.close()
    try:
        yield context
    finally:
        context.close()
        if made:
            made.cleanup()


def open_page(context, url=None, desktop=False, cpu=CPU_SLOWDOWN):
    """A new tab of ``context``, on the phone's CPU (``cpu`` times slower) and network unless ``desktop``, then sent
    to ``url`` if given (the emulation is set before it navigates)."""
    page = context.new_page()
    if not desktop:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", FAST_4G)
    if url:
        page.goto(url)
    return page


def mark(page, name):
    """The time (ms from navigation) of the mark ``name``, or None."""
    return page.evaluate(MARK % name)


def wait_mark(page, name, timeout=TIMEOUT):
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=timeout, polling=50)
    return mark(page, name)


def wait_state(page, state="ready", timeout=TIMEOUT):
    page.wait_for_selector(f"html[data-state={state}]", timeout=timeout)


def turn(page):
    """html[data-turn] and html[data-moves]: whose turn the settled table waits for, and the moves so far."""
    return page.evaluate("[document.documentElement.dataset.turn, document.documentElement.dataset.moves]")


def ready_for_next_visit(page):
    """Wait until the service worker has precached the site and the page has made its interpreter's snapshot, so
    that the next visit in this profile is a returning player's."""
    page.wait_for_function(PRECACHED, timeout=TIMEOUT, polling=200)
    page.wait_for_function(SNAPSHOT_MADE, timeout=TIMEOUT, polling=200)


def returning(playwright, url, folder, desktop=False, init_scripts=()):
    """Make ``folder`` a returning player's profile: one visit of ``url``, until ready for the next visit."""
    with browser(playwright, desktop, folder, init_scripts) as context:
        page = open_page(context, url, desktop)
        wait_state(page)
        ready_for_next_visit(page)

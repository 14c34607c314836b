"""The deployable site (tools/build_site.py) in a real browser: offline play, updates, the CSP.

Each test builds the site into its own folder and serves it under /sixes/, as
GitHub Pages would, with a server that records what it was asked for. "Offline"
is real: the server is shut down (and the context set offline, so the page
knows), so a file the service worker failed to cache cannot come from anywhere.
"""

import functools
import http.server
import pathlib
import sys
import threading

import pytest
from playwright.sync_api import expect

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]  # pytest imports tests in importlib mode
import build_site
import serve
from conftest import ACTION_TIMEOUT, BOOT_TIMEOUT, Watch
from test_page import boot, play_round, ready

WORKER_READY = "navigator.serviceWorker.ready.then(registration => !!registration.active)"
CACHES = "caches.keys()"
CACHED = "(name) => caches.open(name).then(cache => cache.keys()).then(keys => keys.map(r => r.url))"


class Site:
    """A built site served under /sixes/ by a server that records each path it is asked for."""

    def __init__(self, folder):
        self.out = folder / "sixes"
        self.revisions = build_site.build(self.out)
        self.asked = []
        site = self

        class Recording(serve.Handler):
            def send_head(self):
                site.asked.append(self.path.split("?")[0].removeprefix("/sixes/"))
                return super().send_head()

        handler = functools.partial(Recording, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/sixes/"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def built(tmp_path):
    site = Site(tmp_path)
    yield site
    site.stop()


@pytest.fixture
def visit(browser, built):
    """A page in a fresh context that fails its test on a console error or a request to another origin."""
    watch = Watch(built.url.removesuffix("sixes/"))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route("**/*", watch.route)
    # Any CSP violation is recorded, whatever the console says about it.
    context.add_init_script(
        "window.violations = [];addEventListener('securitypolicyviolation', e => violations.push(e.violatedDirective));"
    )
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT)
    page.set_default_navigation_timeout(BOOT_TIMEOUT)
    page.on("console", lambda message: message.type == "error" and watch.errors.append(message.text))
    page.on("pageerror", lambda error: watch.errors.append(str(error)))
    yield page, watch
    context.close()
    assert watch.errors == [], "console errors"
    assert watch.foreign == [], "requests left the origin"


def precached(page):
    """The service worker's cache, its name and its URLs (beside it, perhaps, the interpreter's snapshot)."""
    names = [name for name in page.evaluate(CACHES) if not name.endswith(" snapshot")]
    assert len(names) == 1, names
    return names[0], set(page.evaluate(CACHED, names[0]))


def test_after_one_visit_the_game_boots_and_plays_offline(visit, built):
    page, watch = visit
    boot(page, built.url + "?seed=7&speed=0")
    assert page.evaluate(WORKER_READY)
    _, urls = precached(page)
    assert urls == {built.url + path.removeprefix("./") for path in built.revisions}
    online = {url.split("?")[0] for url in watch.requests}
    assert online - {built.url + "sw.js"} <= urls | {built.url}, "the page fetched a file the worker does not keep"
    assert page.locator("#offline-note").is_hidden()

    built.stop()
    page.context.set_offline(True)
    asked = len(built.asked)
    page.reload()
    ready(page)
    expect(page.locator("#offline-note")).to_be_visible()
    expect(page.locator("#offline-note")).to_contain_text("nothing is lost")
    # On a phone the note leaves the header's Menu free (it shows under the bar).
    page.set_viewport_size({"width": 390, "height": 844})
    note, menu = page.locator("#offline-note").bounding_box(), page.locator("#menu-button").bounding_box()
    assert note["y"] >= menu["y"] + menu["height"], (note, menu)
    page.set_viewport_size({"width": 1280, "height": 800})
    wasm = "fetch('./build/pyodide/pyodide.asm.wasm').then(r => r.headers.get('content-type'))"
    assert page.evaluate(wasm) == "application/wasm", "from the cache too, so the browser compiles it as it streams"
    play_round(page)
    expect(page.locator("#round-summary")).to_be_visible()
    expect(page.locator("#offline-note")).to_be_hidden()  # never under a dialog
    assert len(built.asked) == asked
    assert page.evaluate("violations") == [], "the game ran within its Content-Security-Policy"
    # ...which is in force: an injected inline script does not run.
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1'; document.body.append(s); }"
    )
    assert page.evaluate("window.ran") is None and page.evaluate("violations") == ["script-src-elem"]
    watch.errors[:] = [error for error in watch.errors if "Content Security Policy" not in error]


def test_a_new_deploy_replaces_the_cache_and_the_open_tab_is_told(visit, built):
    page, _ = visit
    boot(page, built.url + "?seed=8&speed=0")
    assert page.evaluate(WORKER_READY)
    # The first visit's snapshot worker fetches build/python.zip itself, from the network if it started before the
    # service worker took the page: done before the deploy, so that only the deploy's own requests are counted.
    page.wait_for_function("performance.getEntriesByName('sixes-snapshot-made').length > 0")
    old_cache, _ = precached(page)
    old_css = page.evaluate("fetch('./assets/sixes.css').then(r => r.text())")

    # The deploy: one changed file, and the worker rebuilt for it.
    with open(built.out / "assets" / "sixes.css", "a") as css:
        css.write("\n/* deploy 2 */\n")
    build_site.write_worker(built.out)
    built.asked.clear()
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    note = page.locator("#update-note")
    expect(note).to_contain_text("A new version of Sixes is ready")
    # The browser may also check sw.js on its own (a worker's script request schedules a soft update), so the
    # worker's script is counted once: what matters is that no unchanged file is downloaded again.
    assert sorted(set(built.asked)) == ["assets/sixes.css", "sw.js"], "unchanged files come from the old cache"
    assert built.asked.count("assets/sixes.css") == 1
    assert page.evaluate("fetch('./assets/sixes.css').then(r => r.text())") == old_css, "no mixing before the reload"

    with page.expect_navigation():
        note.get_by_role("button", name="Reload").click()
    ready(page)
    new_cache, urls = precached(page)
    assert new_cache != old_cache and len(urls) == len(built.revisions)
    assert page.evaluate("fetch('./assets/sixes.css').then(r => r.text())").endswith("/* deploy 2 */\n")
    assert page.locator("#update-note").count() == 0

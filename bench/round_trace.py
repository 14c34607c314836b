"""Where a round's long tasks go on the phone profile (issue #54: Sevens at full speed had tasks of ~190 ms where
Sixes' were ~100 ms): one round played as bench/phone_moves.py plays it (a returning player's profile, hard bots, the
person clicking the first legal card or Pass), traced by Chromium (CDP Tracing, the DevTools timeline's categories and
its layout invalidation tracking, which slow the page: its figures are for where the time goes, bench/phone_moves.py's
for how long). For each main-thread task over 50 ms from the page's ready mark it prints its time split into script,
style, layout and paint, the layout's objects (dirty of all), and what the layouts since the last
such task were told to redo (element and reason, the five most counted).

What it found: the long tasks of a 52-card round on a phone were layouts of the whole table (~1,200 objects, 60-150 ms
at CPU x4), each after a seat's "no ..." tabs grew or lost a line, or the narration took a second line: the columns of
13 cards are sized by the height on an upright phone, so every card was restyled and laid out at a new size.

Run: .venv/bin/python bench/round_trace.py [--variant sevens] [--speed full] [--seed 4] [--root CHECKOUT]
     [--desktop] [--keep trace.json]   (a built checkout: make build)
"""

import argparse
import collections
import json
import pathlib
import tempfile

from phone_moves import PROBE, ROUND_TIMEOUT, SETTINGS, play_round
from phone_profile import NEW_DEAL, ROOT, browser, open_page, profile_name, returning, served, wait_state
from playwright.sync_api import sync_playwright

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.invalidationTracking",
    "toplevel",
    "blink.user_timing",
    "v8.execute",
]
# Each child event of a task, by what the time went to.
KINDS = {
    "script": {"FunctionCall", "TimerFire", "EventDispatch", "FireAnimationFrame", "RunMicrotasks", "v8.callFunction"},
    "style": {"UpdateLayoutTree"},
    "layout": {"Layout"},
    "paint": {"Paint", "PrePaint", "Layerize", "Commit"},
    "gc": {"MinorGC", "MajorGC"},
}
LONG = 50_000  # µs


def trace_round(playwright, site, profiles, args):
    """The trace's events of one round, and when the page was ready (a mark of the bench's own, in the trace's µs)."""
    query = f"?seed={args.seed}" + ("&speed=0" if args.speed == "full" else "")
    query += "" if args.variant == "sixes" else f"&variant={args.variant}"
    events, done = [], []
    with browser(playwright, args.desktop, profiles, [SETTINGS, NEW_DEAL, PROBE]) as context:
        page = open_page(context, None, args.desktop)
        cdp = context.new_cdp_session(page)
        cdp.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
        cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
        cdp.send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": {"includedCategories": CATEGORIES}})
        page.goto(site.url("r0") + query)
        wait_state(page, timeout=ROUND_TIMEOUT)
        page.evaluate("performance.mark('bench-round-traced')")
        play_round(page)
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(100)
    marks = [event["ts"] for event in events if event.get("name") == "bench-round-traced"]
    return events, min(marks, default=0)


def outermost(events):
    """The time of ``events`` counted once where they nest (a microtask run inside a function call)."""
    total, until = 0, 0
    for event in sorted(events, key=lambda event: event["ts"]):
        end = event["ts"] + event["dur"]
        if end > until:
            total += end - max(event["ts"], until)
            until = end
    return total


def report(events):
    """A line for each long task of the main thread, and what its layouts had to redo."""
    by_thread = collections.defaultdict(list)
    for event in events:
        if "dur" in event:
            by_thread[event["pid"], event["tid"]].append(event)
    invalidations = sorted(
        (e for e in events if e.get("name") == "LayoutInvalidationTracking"), key=lambda event: event["ts"]
    )
    tasks = sorted((e for e in events if e.get("name") == "RunTask" and e.get("dur", 0) > LONG), key=lambda e: e["ts"])
    since, total = 0, collections.Counter()
    for task in tasks:
        inside = [
            e
            for e in by_thread[task["pid"], task["tid"]]
            if e is not task and task["ts"] <= e["ts"] < task["ts"] + task["dur"]
        ]
        split = {kind: outermost([e for e in inside if e["name"] in names]) / 1000 for kind, names in KINDS.items()}
        layouts = [e["args"].get("beginData", {}) for e in inside if e["name"] == "Layout"]
        objects = ", ".join(f"{d.get('dirtyObjects')} of {d.get('totalObjects')}" for d in layouts) or "-"
        told = collections.Counter(
            (e["args"]["data"].get("nodeName", "?").split(" ")[0], e["args"]["data"].get("reason", "?"))
            for e in invalidations
            if since <= e["ts"] < task["ts"] + task["dur"]
        )
        since = task["ts"] + task["dur"]
        total.update(split)
        parts = " ".join(f"{kind} {ms:.0f}" for kind, ms in split.items() if ms >= 1)
        redo = "; ".join(f"{node} {reason} ×{n}" for (node, reason), n in told.most_common(5))
        print(
            f"  {task['dur'] / 1000:5.0f} ms: {parts} | layout objects {objects}" + (f"\n      {redo}" if redo else "")
        )
    print(f"{len(tasks)} long tasks; " + ", ".join(f"{kind} {ms:.0f} ms" for kind, ms in total.items()) + " in them")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="sevens")
    parser.add_argument("--speed", choices=["normal", "full"], default="full")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--root", type=pathlib.Path, default=ROOT)
    parser.add_argument("--desktop", action="store_true")
    parser.add_argument("--keep", type=pathlib.Path, help="write the trace's events here (chrome://tracing reads it)")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as profiles,
        served({"r0": args.root.resolve()}) as site,
        sync_playwright() as playwright,
    ):
        profile = pathlib.Path(profiles) / "r0"
        returning(playwright, f"{site.url('r0')}?seed=1&speed=0", profile, args.desktop, [SETTINGS])
        events, ready = trace_round(playwright, site, profile, args)
    if args.keep:
        args.keep.write_text(json.dumps({"traceEvents": events}))
    print(f"{profile_name(args.desktop)}, {args.variant}, {args.speed} speed, seed {args.seed}, {args.root}")
    report([event for event in events if event.get("ts", 0) >= ready])


if __name__ == "__main__":
    main()

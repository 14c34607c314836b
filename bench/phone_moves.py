"""Every move on a phone (issue #20): one round against four hard bots on the phone profile
(bench/phone_profile.py: the built site served as Pages serves it, CPU ×4, Fast 4G, 390×844), the person clicking
the first legal card (or Pass), sound on, at normal speed and again at full speed (?speed=0, where the bots move at
once and the page is silent). Each checkout's rounds are a returning player's: its profile on disk is first made
so by one visit (the worker has precached the site, the interpreter's snapshot is made), so that neither falls
inside a round measured. --desktop plays the same rounds unthrottled at 1280×800 (bench/boot.py's click and
long-task figures, issues #3 and #12). Per checkout and speed it prints:

- click → card: a click on a card in the hand (its input event's timestamp) → the end of the first frame
  that shows the card in its column (requestAnimationFrame, then a message posted from it, which is handled
  once that frame's style, layout and paint are done). Median and max over every click.
  Targets: median ≤ 50 ms, max ≤ 100 ms.
- long tasks: main-thread tasks over 50 ms (PerformanceObserver 'longtask') from html[data-state=ready] to
  the round's end: count, longest and total (each the median over the rounds; the longest also at most).
  Targets: none over 100 ms at normal speed, none over 50 ms at full speed; the total a tenth of before.
- INP: Chrome's Event Timing, the longest interaction's duration (input → the next paint), as web-vitals
  counts it for a page with fewer than 50 interactions. Target ≤ 200 ms.

--floor measures the floor instead: on the same page, profile and deals, a click on a card is taken by a
few lines of JavaScript that only move that card's button into its column (no Python, no game), so its
click → card is what the page's own frame costs on this profile, below which no handler can go; the long
tasks while those clicks are taken are the frames' own, which no drawing of the game can avoid either.

The person's turn is read from the settled marker (docs/testing.md: html[data-turn=you], html[data-moves]).

--root names a checkout to measure (repeat it for several; default this one), its site built by its own
tools/build_site.py; the rounds alternate between them, so a "before" is measured side by side with the "after"
on the same machine load:
  git worktree add /tmp/before main && make -C /tmp/before build && \\
  .venv/bin/python bench/phone_moves.py --root /tmp/before --root .
(the worktree built by its own make, with its own node_modules and venv: bench/phone.py says why not links.)

--variants plays each game of the family named (default Sixes alone), dealt by ?variant= at its own table's size
(Sevens: four players, 52 cards), so a game's figures stand beside Sixes' on the same machine load.

Run: .venv/bin/python bench/phone_moves.py [--root DIR ...] [--seeds 4 5 6] [--speeds normal full] [--desktop]
     [--variants sixes sevens] [--json] [--floor]
"""

import argparse
import json
import pathlib
import statistics
import sys
import tempfile

from phone_profile import NEW_DEAL, ROOT, browser, mark, open_page, profile_name, returning, served, turn, wait_state
from playwright.sync_api import sync_playwright

import sixes

ROUND_TIMEOUT = 600_000  # ms: hard bots on a slowed CPU of a loaded machine
# Every round's settings, written before the page reads them (a round at ?speed=0 saves its speed).
SETTINGS = "localStorage.setItem('sixes.settings', {})".format(
    json.dumps(json.dumps({"levels": ["hard"] * 5, "speed": "normal", "sound": True}))
)

# Installed before any page script runs.
PROBE = """
window.clicks = [];
addEventListener('click', (event) => {
  const card = event.target.closest('#hand [data-card]')?.dataset.card;
  if (!card) return;
  const shown = () => document.querySelector(`[data-column] [data-card="${card}"]`);
  const measured = () => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => clicks.push(performance.now() - event.timeStamp);
    channel.port2.postMessage(null);
  };
  // Asked for here, before the page's own handlers run, so that this frame's callback comes first and its message
  // is not queued behind a task the page asks for from that frame (it is the same frame either way).
  requestAnimationFrame(() => {
    if (shown()) { measured(); return; }
    const watch = new MutationObserver(() => {
      if (shown()) { watch.disconnect(); requestAnimationFrame(measured); }
    });
    watch.observe(document.documentElement, {childList: true, subtree: true});
  });
}, true);
window.longTasks = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries().map(e => [e.startTime, e.duration])))
  .observe({type: 'longtask', buffered: true});
window.interactions = {};
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    if (e.interactionId) interactions[e.interactionId] = Math.max(interactions[e.interactionId] || 0, e.duration);
}).observe({type: 'event', durationThreshold: 16, buffered: true});
"""
# --floor: a click on a card only moves it into its column, before the page's own handler could see it.
FLOOR = """addEventListener('click', (event) => {
  const card = event.target.closest('#hand button');
  if (!card) return;
  event.stopImmediatePropagation();
  document.querySelector(`[data-column="${card.dataset.card.slice(-1)}"]`).appendChild(card);
}, true);"""
# The person's turn, or the round's end, whichever the table waits for.
SETTLED = "['you', 'round-over', 'game-over'].includes(document.documentElement.dataset.turn)"


# A point of ``button`` that a tap there reaches (a card of the hand lies partly under the next one), or null.
TAP_POINT = """(button) => {
  const box = button.getBoundingClientRect();
  for (const across of [0.5, 0.25, 0.1]) {
    const x = box.left + box.width * across, y = box.top + box.height / 2;
    if (document.elementFromPoint(x, y)?.closest('button') === button) return [x, y];
  }
  return null;
}"""


def tap(page, button):
    """A mouse's press and release on ``button``, as a person's tap arrives. (Playwright's own click first runs
    its checks in the page, a pointerdown listener among them that took 9 ms at CPU ×4, inside the time measured.)"""
    point = button.evaluate(TAP_POINT)
    if point is None:
        button.click()  # (covered: Playwright waits until it is not)
    else:
        page.mouse.click(*point)


def play_round(page):
    """Click the first legal card (or Pass) on each of the person's turns until the round ends; returns the clicks."""
    clicks = 0
    while True:
        page.wait_for_function(SETTLED, timeout=ROUND_TIMEOUT)
        whose, moves = turn(page)
        if whose != "you":
            return clicks
        legal = page.locator("#hand button:enabled")
        tap(page, legal.first if legal.count() else page.locator("#pass"))
        clicks += 1
        page.wait_for_function(f"document.documentElement.dataset.moves !== '{moves}'", timeout=ROUND_TIMEOUT)


def floor_clicks(context, url, desktop, most=6):
    """The floor: up to ``most`` clicks on the person's playable cards, each moved by FLOOR alone; returns their
    click → card times and the long tasks from the first click on."""
    page = open_page(context, url, desktop)
    page.wait_for_selector("html[data-turn=you]", timeout=ROUND_TIMEOUT)
    # (Added after the page's own listener: a capturing one on the window still runs first.)
    start = page.evaluate(f"{FLOOR}; performance.now()")
    playable = page.locator("#hand button:enabled")
    for clicked in range(1, most + 1):
        if not playable.count():
            break
        tap(page, playable.first)
        page.wait_for_function(f"clicks.length >= {clicked}", timeout=ROUND_TIMEOUT)
    clicks, tasks = page.evaluate("[clicks, longTasks]")
    return clicks, [duration for at, duration in tasks if at >= start]


def one_round(context, url, desktop):
    page = open_page(context, url, desktop)
    wait_state(page, timeout=ROUND_TIMEOUT)
    ready = mark(page, "sixes-ready")
    play_round(page)
    figures = page.evaluate("({clicks, longTasks, inp: Math.max(0, ...Object.values(interactions))})")
    tasks = [duration for start, duration in figures["longTasks"] if start >= ready]
    return {"clicks": figures["clicks"], "tasks": tasks, "inp": figures["inp"]}


def summary(rounds):
    clicks = [c for r in rounds for c in r["clicks"]]
    tasks = [r["tasks"] for r in rounds]
    return {
        "rounds": len(rounds),
        "click_ms_median": round(statistics.median(clicks), 1) if clicks else None,
        "click_ms_max": round(max(clicks), 1) if clicks else None,
        "clicks": len(clicks),
        "long_tasks_count": statistics.median(len(t) for t in tasks),
        "long_task_ms_longest": round(statistics.median(max(t, default=0) for t in tasks)),
        "long_task_ms_longest_of_all": round(max((max(t, default=0) for t in tasks), default=0)),
        "long_tasks_ms_total": round(statistics.median(sum(t) for t in tasks)),
        "inp_ms": round(statistics.median(r["inp"] for r in rounds)),
        "inp_ms_max": round(max(r["inp"] for r in rounds)),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=pathlib.Path, action="append", help="a checkout to measure (repeatable)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[4, 5, 6], help="one round per seed, speed and root")
    parser.add_argument("--speeds", nargs="+", default=["normal", "full"], choices=["normal", "full"])
    parser.add_argument("--desktop", action="store_true", help="no CPU or network throttling, 1280x800")
    parser.add_argument("--variants", nargs="+", default=["sixes"], choices=sorted(sixes.VARIANTS))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--floor", action="store_true", help="the page's own frame: clicks moved by JavaScript alone")
    args = parser.parse_args()
    roots = [root.resolve() for root in args.root or [ROOT]]
    results = {(str(root), variant, speed): [] for root in roots for variant in args.variants for speed in args.speeds}
    checkouts = {f"r{i}": root for i, root in enumerate(roots)}  # one server, each checkout's site under its own path
    with tempfile.TemporaryDirectory() as profiles, served(checkouts) as site, sync_playwright() as playwright:
        profiles = pathlib.Path(profiles)

        def played(name, query, play):
            """``play(context, url, desktop)`` in the returning player's profile of the checkout ``name``."""
            with browser(playwright, args.desktop, profiles / name, [SETTINGS, NEW_DEAL, PROBE]) as context:
                return play(context, f"{site.url(name)}{query}", args.desktop)

        for name in checkouts:
            returning(playwright, f"{site.url(name)}?seed=1&speed=0", profiles / name, args.desktop, [SETTINGS])
        if args.floor:
            floors = [played("r0", f"?seed={seed}", floor_clicks) for seed in args.seeds]
            clicks = [c for seed_clicks, _ in floors for c in seed_clicks]
            tasks = [t for _, seed_tasks in floors for t in seed_tasks]
            print(
                json.dumps({"floor_clicks": clicks, "floor_long_tasks": tasks})
                if args.json
                else f"floor, {profile_name(args.desktop)}: click → card median {statistics.median(clicks):.1f} ms, "
                f"max {max(clicks):.1f} ms ({len(clicks)} clicks moved by JavaScript alone); "
                f"long tasks meanwhile {len(tasks)}, longest {max(tasks, default=0):.0f} ms, "
                f"{sum(tasks):.0f} ms in all"
            )
            return
        for seed in args.seeds:
            for speed in args.speeds:
                for variant in args.variants:  # alternated too: each game beside the others on the same load
                    for name, root in checkouts.items():  # alternated: the same deal on each checkout in turn
                        query = f"?seed={seed}" + ("&speed=0" if speed == "full" else "")
                        query += "" if variant == "sixes" else f"&variant={variant}"
                        figures = played(name, query, one_round)
                        results[str(root), variant, speed].append(figures)
                        if not args.json:
                            print(
                                f"  seed {seed} {speed:6} {variant} {root}: {len(figures['clicks'])} clicks, "
                                f"{len(figures['tasks'])} long tasks",
                                file=sys.stderr,
                                flush=True,
                            )
    report = [
        {"root": root, "variant": variant, "speed": speed, **summary(rounds)}
        for (root, variant, speed), rounds in results.items()
    ]
    if args.json:
        print(json.dumps(report))
        return
    print(f"{profile_name(args.desktop)}, hard bots, seeds {' '.join(map(str, args.seeds))}")
    for row in report:
        print(
            f"{row['variant']}, {row['speed']} speed, {row['root']}:\n"
            f"  click → card: median {row['click_ms_median']} ms, max {row['click_ms_max']} ms "
            f"({row['clicks']} clicks; targets ≤ 50, ≤ 100)\n"
            f"  long tasks a round: {row['long_tasks_count']}, longest {row['long_task_ms_longest']} ms "
            f"(at most {row['long_task_ms_longest_of_all']}), {row['long_tasks_ms_total']} ms in all "
            f"(targets: none over {100 if row['speed'] == 'normal' else 50} ms, a tenth of before)\n"
            f"  INP {row['inp_ms']} ms (at most {row['inp_ms_max']}; target ≤ 200)"
        )


if __name__ == "__main__":
    main()

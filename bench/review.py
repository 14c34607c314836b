"""The review's figures (issue #13): how long the expert's marks and the expert's replay of a round take, in
CPython and in the page, and the longest main-thread task while the page works them out.

In CPython: rounds of medium bots (the person's seat plays its first legal card, as the browser tests do),
each marked (``review.marks_of``) and replayed by the expert (``review.ExpertPlay``).
In headless Chromium (bench/phone_profile.py: the built site as Pages serves it, a returning player's profile; the
desktop, or --phone): the same round for each seed, the review opened on it, timed from the click until the
marks and then the expert's result are shown, with every 'longtask' entry meanwhile.

Run: .venv/bin/python bench/review.py [--rounds 20] [--seeds 3,14,17] [--phone] [--json]
"""

import argparse
import json
import statistics
import sys
import tempfile
import time

from phone_profile import NEW_DEAL, ROOT, browser, mark, open_page, returning, served, wait_mark, wait_state
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(ROOT))
from test_page import play_round

import sixes
from sixes.engine import bots
from sixes.model import review

PROBE = """() => {
  window.longTasks = [];
  new PerformanceObserver((list) => longTasks.push(...list.getEntries().map(e => [e.startTime, e.duration])))
    .observe({type: 'longtask'});
}"""


def first_legal_round(seed):
    game = sixes.Game(seed=seed)
    while not game.round_over:
        if game.turn == 0:
            legal = game.legal_moves()
            card = legal[0] if legal else None
        else:
            card = bots.decide("medium", game)
        game.apply(card)
    return review.RoundRecord.of_game(game)


def in_cpython(rounds):
    marks, expert, choices = [], [], []
    for seed in range(1, rounds + 1):
        rec = first_legal_round(seed)
        start = time.perf_counter()
        review.marks_of(rec)
        marks.append(time.perf_counter() - start)
        start = time.perf_counter()
        review.ExpertPlay(rec, ["medium"] * 4).run()
        expert.append(time.perf_counter() - start)
        choices.append(len(review.choices(rec)))
    return {
        "rounds": rounds,
        "choices_per_round": statistics.mean(choices),
        "marks_s_mean": statistics.mean(marks),
        "marks_s_max": max(marks),
        "expert_s_mean": statistics.mean(expert),
        "expert_s_max": max(expert),
    }


def in_the_page(context, base, seed, desktop):
    page = open_page(context, base + f"?seed={seed}&speed=0", desktop)
    wait_state(page)
    play_round(page)
    page.evaluate(PROBE)
    start = page.evaluate("performance.now()")
    page.click("#review-round")
    # The page marks the moment each part is done; the long tasks are read a moment later, once reported.
    done = wait_mark(page, "sixes-review-expert", timeout=300_000)
    page.wait_for_timeout(500)
    marked = mark(page, "sixes-review-marks")
    tasks = page.evaluate("longTasks")
    page.close()
    during = lambda low, high: max([d for t, d in tasks if low <= t < high], default=0)
    return {
        "seed": seed,
        "choices": len(review.choices(first_legal_round(seed))),
        "marks_s": (marked - start) / 1000,
        "expert_s": (done - marked) / 1000,
        "longest_task_ms_marks": during(start, marked),
        "longest_task_ms_expert": during(marked, done),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seeds", default="3,14,17")
    parser.add_argument("--phone", action="store_true", help="on the phone profile rather than the desktop")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {"cpython": in_cpython(args.rounds), "page": []}
    desktop = not args.phone
    with tempfile.TemporaryDirectory() as profile, served({"game": ROOT}) as site, sync_playwright() as playwright:
        base = site.url("game")
        returning(playwright, f"{base}?seed=1&speed=0", profile, desktop)  # the precache and snapshot done first
        with browser(playwright, desktop, profile, init_scripts=[NEW_DEAL]) as context:
            figures["page"] = [in_the_page(context, base, int(seed), desktop) for seed in args.seeds.split(",")]
    if args.json:
        print(json.dumps(figures))
        return
    c = figures["cpython"]
    print(
        f"CPython, {c['rounds']} rounds ({c['choices_per_round']:.1f} marked choices each): marks "
        f"{c['marks_s_mean']:.2f} s mean, {c['marks_s_max']:.2f} s max; expert replay {c['expert_s_mean']:.2f} s "
        f"mean, {c['expert_s_max']:.2f} s max"
    )
    for p in figures["page"]:
        print(
            f"page, seed {p['seed']} ({p['choices']} choices): marks {p['marks_s']:.2f} s (longest task "
            f"{p['longest_task_ms_marks']:.0f} ms), expert {p['expert_s']:.2f} s (longest task "
            f"{p['longest_task_ms_expert']:.0f} ms)"
        )


if __name__ == "__main__":
    main()

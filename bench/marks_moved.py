"""How far the review's marks moved when its estimator became the hard bot's (issue #23, commit f2123fe): the same
rounds marked by this checkout's ``review.marks_of`` and by an older checkout's, side by side.

The rounds are those of bench/review.py: round 1 of the games seeded SEED, SEED+1, ..., played by medium bots,
the person's seat playing its first legal card as the browser tests do (or, with --person medium, as a medium
bot). They are made here and handed to the old code as JSON in a subprocess with the old checkout first on
sys.path (both are the package ``sixes``), which marks them and answers in JSON; then this checkout marks them.

It prints, over the person's choices (two or more cards to choose from): how many; how often the best card is the
same; how often the mark's kind is the same, as the review shows it (best: the expert's card; tied: as good as the
best, within the noise, new only; costly: a clear mistake, shown with its reason, at most 3 a round in the old;
other: the rest, in the new a miss smaller than a clear one), with a table old kind × new kind; the mean and median
absolute change in the card played's shortfall against the best, in chips (the best card by chips in both) and as
each version marks it (the old in chips, the new in its worth: chips plus 30 for a round won); and the time each
took to mark.

Run: .venv/bin/python bench/marks_moved.py --old DIR [--rounds 30] [--seed 1] [--person first|medium] [--json]
where DIR is a checkout of the code before it, e.g. ``git worktree add DIR f2123fe^ --detach``.
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
KINDS = ("best", "tied", "costly", "other")


def marked(record, review):
    """The marks of one round in plain numbers, each with its kind as the review dialog names it."""
    marks = review.marks_of(record)
    costly = {mark.move for mark in review.flagged(marks)}
    out = []
    for mark in marks:
        tied = getattr(mark, "tied", False)  # (the old marks have no ties)
        kind = "best" if mark.best == mark.played else "tied" if tied else "costly" if mark.move in costly else "other"
        # Each card's chips: the old values are (chips, se), the new (worth, error, chips, share won).
        chips = [value[2] if len(value) == 4 else value[0] for value in mark.values.values()]
        played = list(mark.values).index(mark.played)
        out.append(
            {
                "move": mark.move,
                "best": mark.best,
                "kind": kind,
                "cost": mark.cost,
                "clear": mark.clear,
                "chips_short": max(chips) - chips[played],
            }
        )
    return out


def mark_all(rounds, review):
    """(seconds, marks per round) for the records as JSON fields, marked by ``review``, a version's module."""
    records = [review.RoundRecord(**fields) for fields in rounds]
    start = time.perf_counter()
    marks = [marked(record, review) for record in records]
    return time.perf_counter() - start, marks


def the_old(old):
    """The subprocess: the old checkout's marks of the rounds on stdin, as JSON on stdout."""
    sys.path.insert(0, str(old))
    from sixes.model import review

    assert pathlib.Path(review.__file__).is_relative_to(old), f"{review.__file__} is not under {old}"
    rounds = [
        dict(fields, hands=tuple(fields["hands"]), chips=tuple(fields["chips"]), log=tuple(fields["log"]))
        for fields in json.load(sys.stdin)
    ]
    seconds, marks = mark_all(rounds, review)
    json.dump({"seconds": seconds, "marks": marks}, sys.stdout)


def made_rounds(rounds, seed, person):
    """Round 1 of each seeded game, as JSON fields of ``review.RoundRecord``."""
    import sixes
    from sixes.engine import bots
    from sixes.model import review

    out = []
    for game_seed in range(seed, seed + rounds):
        game = sixes.Game(seed=game_seed)
        while not game.round_over:
            if game.turn == review.PERSON and person == "first":
                legal = game.legal_moves()
                card = legal[0] if legal else None
            else:
                card = bots.decide("medium", game)
            game.apply(card)
        record = review.RoundRecord.of_game(game)
        out.append({name: getattr(record, name) for name in review.RoundRecord.__dataclass_fields__})
    return out


def compared(old, new):
    """The figures: ``old`` and ``new`` are each version's marks, per round."""
    pairs = []
    for old_marks, new_marks in zip(old, new, strict=True):
        assert [m["move"] for m in old_marks] == [m["move"] for m in new_marks], "the versions mark other choices"
        pairs += zip(old_marks, new_marks)
    n = len(pairs)
    table = {a: {b: sum(o["kind"] == a and w["kind"] == b for o, w in pairs) for b in KINDS} for a in KINDS}
    changes = {what: [abs(w[what] - o[what]) for o, w in pairs] for what in ("chips_short", "cost")}
    return {
        "decisions": n,
        "same_best": sum(o["best"] == w["best"] for o, w in pairs),
        "same_kind": sum(o["kind"] == w["kind"] for o, w in pairs),
        "kinds": table,
        "old_clear_not_shown": sum(o["clear"] and o["kind"] != "costly" for o, _ in pairs),
        **{f"{what}_change_mean": statistics.mean(c) for what, c in changes.items()},
        **{f"{what}_change_median": statistics.median(c) for what, c in changes.items()},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=pathlib.Path, required=True, help="a checkout of the old code")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--person", choices=("first", "medium"), default="first")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--as-old", action="store_true", help=argparse.SUPPRESS)  # the subprocess
    args = parser.parse_args()
    old_dir = args.old.resolve()
    if args.as_old:
        return the_old(old_dir)
    sys.path.insert(0, str(ROOT))
    rounds = made_rounds(args.rounds, args.seed, args.person)
    # One version at a time: the old in its own process (the same interpreter), then this one here.
    child = subprocess.run(
        [sys.executable, __file__, "--old", str(old_dir), "--as-old"],
        input=json.dumps(rounds),
        capture_output=True,
        text=True,
        check=True,
    )
    old = json.loads(child.stdout)
    from sixes.model import review

    assert pathlib.Path(review.__file__).is_relative_to(ROOT), f"{review.__file__} is not under {ROOT}"
    new_seconds, new = mark_all(rounds, review)
    figures = compared(old["marks"], new)
    figures |= {
        "rounds": args.rounds,
        "seed": args.seed,
        "person": args.person,
        "old_s": old["seconds"],
        "new_s": new_seconds,
    }
    if args.json:
        print(json.dumps(figures))
        return
    f, n = figures, figures["decisions"]
    share = lambda count: f"{count} ({100 * count / n:.0f}%)"
    print(
        f"{f['rounds']} rounds (seeds {f['seed']}–{f['seed'] + f['rounds'] - 1}, person: {f['person']}), "
        f"{n} decisions with a choice"
    )
    print(f"same best card: {share(f['same_best'])}; same kind of mark: {share(f['same_kind'])}")
    print("old kind \\ new kind " + "".join(f"{kind:>8}" for kind in KINDS) + "    same")
    for kind, row in f["kinds"].items():
        total = sum(row.values())
        same = f"{100 * row[kind] / total:.0f}%" if total else "-"
        print(f"{kind:<20}" + "".join(f"{count:>8}" for count in row.values()) + f"{same:>8}")
    if f["old_clear_not_shown"]:
        print(f"(the old marked {f['old_clear_not_shown']} more clear mistakes 'other': it showed 3 a round at most)")
    print(
        f"shortfall of the card played, absolute change: in chips {f['chips_short_change_mean']:.2f} mean, "
        f"{f['chips_short_change_median']:.2f} median; as marked (new: chips + 30 a round won) "
        f"{f['cost_change_mean']:.2f} mean, {f['cost_change_median']:.2f} median"
    )
    print(
        f"time to mark: old {f['old_s']:.1f} s ({f['old_s'] / f['rounds']:.2f} s a round), "
        f"new {f['new_s']:.1f} s ({f['new_s'] / f['rounds']:.2f} s a round)"
    )


if __name__ == "__main__":
    main()

"""The person's statistics across games (kept by the page in localStorage), and their chip chart as SVG.

Pure Python: the page calls ``start_game`` when a game is dealt, ``record_round`` at each round's end,
``leave_game`` when the person deals another over an unfinished one, and ``hint_used``, and saves
``to_json()``; a reload that shows the same round's end again counts nothing twice. A casual game
(take-backs allowed) counts nothing. A game left unfinished is counted apart ("games_left"): not as played
nor as lost, and its rounds finished before it was left count as rounds do.
"""

import json
from collections.abc import Sequence
from html import escape

from ..engine.core import MAX_CHIPS, MAX_PLAYERS
from ..engine.game import Game
from ..engine.saves import MAX_ROUNDS
from . import keys
from .kept import MOST, JsonObject, json_object, short
from .settings import LEVELS
from .words import Say

STATS_KEY = keys.STATS_KEY  # versioned: a later version reads this one through from_json's defaults

COUNTS = ("games", "games_won", "games_left", "rounds", "rounds_won")
# A level's counts: each of COUNTS by name (a count an older version did not keep reads as 0).
Counts = dict[str, int]
LEVEL_NAMES = (*LEVELS, "mixed")  # what table_level names a game's level: the settings' one level, or "mixed"
# A count that counts part of another is never more than it: (the part, the whole, how a count past it is told).
PARTS = (
    ("games", "rounds", "{} games played in {} rounds"),  # (a game ends at a round's end, counted with it)
    ("games_won", "games", "{} games won of {} played"),
    ("rounds_won", "rounds", "{} rounds won of {} played"),
)
CHART_LONGEST = MAX_ROUNDS + 1  # a game's chart: the chips at its start and after each round
CHART_MOST = MAX_CHIPS * MAX_PLAYERS  # the person's chips are never more than all the table's
SEEN_LONGEST = 100  # "seed/players/chips/round": a seed is at most 20 digits


def table_level(levels: Sequence[str]) -> str:
    """The difficulty a game counts under: the bots' level when they all share one, else "mixed"."""
    return levels[0] if len(set(levels)) == 1 else "mixed"


class Stats:
    def __init__(self) -> None:
        self.by_level: dict[str, Counts] = {}  # level -> {games, games_won, rounds, rounds_won}
        self.chips_won = self.chips_lost = self.passes_paid = 0
        self.streak = self.best_streak = 0  # games won in a row
        self.hints = 0  # in the current game
        # The person's chips at the start and after each round.
        self.current: list[int] = []
        self.last: list[int] = []
        self.seen = ""  # the game and round last counted, so a round is counted once

    @classmethod
    def from_json(cls, text: str | None) -> "Stats":
        """Stats from saved text, keeping each readable field and defaulting the rest (an old or damaged save); a
        figure that cannot be is cut to what can (never negative, never more won than played).

        >>> Stats.from_json('{"chips_won": 7, "streak": "x"}').chips_won, Stats.from_json("[").chips_won
        (7, 0)
        >>> Stats.from_json('{"by_level": {"easy": {"games": 3, "games_won": 5, "rounds": -1}}}').by_level["easy"]
        {'games': 0, 'games_won': 0, 'games_left': 0, 'rounds': 0, 'rounds_won': 0}
        """
        return cls._read(json_object(text), [])

    @classmethod
    def check(cls, data: object) -> list[str]:
        """What makes the statistics ``data`` (as JSON reads them) impossible, in English: [] if nothing does. A
        field missing is no problem (an older version's statistics); one that is there must be possible.

        >>> Stats.check({"by_level": {"easy": {"games": 3, "games_won": 5, "rounds": 4}}, "streak": -1})
        ['5 games won of 3 played (easy)', 'streak is -1, not a count from 0 to 1,000,000,000']
        """
        if not isinstance(data, dict):
            return ["they are not a JSON object"]
        problems: list[str] = []
        cls._read(data, problems)
        return problems

    @classmethod
    def _read(cls, data: JsonObject, problems: list[str]) -> "Stats":
        # Stats from ``data``: a field that cannot be is dropped, or cut to what can be, and ``problems`` says why.
        stats = cls()
        for name in ("chips_won", "chips_lost", "passes_paid", "hints"):
            setattr(stats, name, _count(data, name, problems))
        by_level = data.get("by_level", {})
        if not isinstance(by_level, dict):
            problems.append(f"by_level is {short(by_level)}, not an object")
            by_level = {}
        for level, counts in by_level.items():
            if level not in LEVEL_NAMES:  # (the page says a level's name from its catalogue: it knows these)
                problems.append(f"{short(level)} is not a level of the bots")
            elif not isinstance(counts, dict):
                problems.append(f"the counts of {level} are {short(counts)}, not an object")
            else:
                stats.by_level[level] = _counts(counts, level, problems)
        # A streak is of games won, so never longer than the best, nor the best than every game won.
        won = sum(counts["games_won"] for counts in stats.by_level.values())
        stats.best_streak, stats.streak = _count(data, "best_streak", problems), _count(data, "streak", problems)
        if stats.best_streak > won:
            problems.append(f"a best streak of {stats.best_streak} with {won} games won")
            stats.best_streak = won
        if stats.streak > stats.best_streak:
            problems.append(f"a streak of {stats.streak}, longer than the best, {stats.best_streak}")
            stats.streak = stats.best_streak
        for name in ("current", "last"):
            chart = data.get(name, [])
            if isinstance(chart, list) and len(chart) <= CHART_LONGEST and all(_chips(n) for n in chart):
                setattr(stats, name, chart)
            else:
                problems.append(f"{name} is not a game's chips round by round ({short(chart)})")
        seen = data.get("seen", "")
        if isinstance(seen, str) and len(seen) <= SEEN_LONGEST:
            stats.seen = seen
        else:
            problems.append(f"seen is {short(seen)}, not a round's name")
        return stats

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    def start_game(self, game: Game, dealt: bool = False) -> None:
        """A new game begins: its chart starts, the one before becomes "last"; hints count afresh. ``dealt``: the game
        was just dealt, so it begins even if an earlier game had the same seed and rules (a shared deal again)."""
        if game.casual:
            return
        if not dealt and self.seen.rpartition("/")[0] == game_of(game):
            return  # begun already (the page is reloaded)
        self.seen = f"{game_of(game)}/0"
        if self.current:
            self.last = self.current
        self.current = [0 if game.rules.keeps_points else game.start_chips]  # (a game of points charts them)
        self.hints = 0

    def leave_game(self, game: Game, level: str) -> None:
        """The person deals another game over ``game``, unfinished: it counts as left (once), and ends a streak."""
        if game.casual or game.over:
            return
        mark = f"{game_of(game)}/left"
        if self.seen == mark:
            return
        self.seen = mark
        self.by_level.setdefault(level, dict.fromkeys(COUNTS, 0))["games_left"] += 1
        self.streak = 0

    def hint_used(self, game: Game) -> None:
        if not game.casual:
            self.hints += 1

    def record_round(self, game: Game, level: str) -> None:
        """Count the round ``game`` has just finished (and the game, if that ended it), once."""
        if not game.round_over or game.casual:
            return
        self.start_game(game)
        mark = f"{game_of(game)}/{game.round_number}"
        if self.seen == mark:
            return
        self.seen = mark
        counts = self.by_level.setdefault(level, dict.fromkeys(COUNTS, 0))
        counts["rounds"] += 1
        counts["rounds_won"] += game.round_winner == 0
        change = game.chips[0] - game.round_start_chips[0]
        self.chips_won += max(change, 0)
        self.chips_lost += max(-change, 0)
        self.passes_paid += sum(move.paid for move in game.history if move.seat == 0)
        self.current.append(game.points[0] if game.rules.keeps_points else game.chips[0])
        if game.over:
            counts["games"] += 1
            won = 0 in game.winners
            counts["games_won"] += won
            self.streak = self.streak + 1 if won else 0
            self.best_streak = max(self.best_streak, self.streak)


def _count(data: JsonObject, name: str, problems: list[str], level: str = "") -> int:
    """``data``'s count ``name`` (0 if missing), or 0 if it is no count, noted in ``problems``."""
    value = data.get(name, 0)
    if type(value) is int and 0 <= value <= MOST:
        return value
    problems.append(f"{name}{level and f' ({level})'} is {short(value)}, not a count from 0 to {MOST:,}")
    return 0


def _counts(data: JsonObject, level: str, problems: list[str]) -> Counts:
    counts = {name: _count(data, name, problems, level) for name in COUNTS}
    for part, whole, told in PARTS:  # (in order: games are cut to the rounds before the games won to the games)
        if counts[part] > counts[whole]:
            problems.append(f"{told.format(counts[part], counts[whole])} ({level})")
            counts[part] = counts[whole]
    return counts


def _chips(value: object) -> bool:
    return type(value) is int and 0 <= value <= CHART_MOST


def game_of(game: Game) -> str:
    return f"{game.seed}/{game.players}/{game.start_chips}"


def summary_rows(stats: Stats, say: Say, variant: str = "sixes") -> list[tuple[str, str | int]]:
    """(label, value) rows of the statistics of the game of the family ``variant``, in the person's language."""
    rows: list[tuple[str, str | int]] = [(say("variant_label"), say("variant_" + variant.replace("-", "_")))]
    for level in sorted(stats.by_level):
        c = stats.by_level[level]
        name = say(level)
        rows.append((say("stats_games", level=name), f"{c['games_won']} / {c['games']}"))
        rows.append((say("stats_left", level=name), c["games_left"]))
        rows.append((say("stats_rounds", level=name), f"{c['rounds_won']} / {c['rounds']}"))
    rows += [
        (say("stats_chips_won"), stats.chips_won),
        (say("stats_chips_lost"), stats.chips_lost),
        (say("stats_streak"), stats.best_streak),
        (say("stats_passes"), stats.passes_paid),
        (say("stats_hints"), stats.hints),
    ]
    return rows


def chart_svg(
    current: Sequence[int], last: Sequence[int], say: Say, width: int = 320, height: int = 160, unit: str = "th_chips"
) -> str:
    """Two lines of the person's chips after each round: this game (solid) and the last (dashed), on axes
    named and numbered (chips up the side from 0, rounds along the bottom from the start), with a key.

    The SVG is hidden from screen readers; ``chart_table`` says the same as a table.
    """
    series = [(points, cls) for points, cls in ((last, "last"), (current, "current")) if points]
    if not series:
        return ""
    top = max(max(points) for points, _ in series) or 1
    rounds = max(len(points) for points, _ in series) - 1 or 1
    left, right, up, down = 34, 8, 24, 30  # room for the numbers and the axes' names
    x0, y0 = left, height - down

    def xy(i: int, chips: int) -> str:
        return f"{x0 + i * (width - left - right) / rounds:.1f},{y0 - chips * (height - up - down) / top:.1f}"

    lines = "".join(
        f'<polyline class="{cls}" points="{" ".join(xy(i, n) for i, n in enumerate(points))}"/>'
        for points, cls in series
    )
    axes = (
        f'<line class="axis" x1="{x0}" y1="{y0}" x2="{width - right}" y2="{y0}"/>'
        f'<line class="axis" x1="{x0}" y1="{up}" x2="{x0}" y2="{y0}"/>'
        f'<text class="tick" x="{x0 - 4}" y="{y0}" text-anchor="end">0</text>'
        f'<text class="tick" x="{x0 - 4}" y="{up + 4}" text-anchor="end">{top}</text>'
        f'<text class="tick" x="{x0}" y="{y0 + 13}" text-anchor="middle">0</text>'
        f'<text class="tick" x="{width - right}" y="{y0 + 13}" text-anchor="middle">{rounds}</text>'
        f'<text class="name" x="{(x0 + width - right) / 2}" y="{height - 3}" text-anchor="middle">'
        f"{escape(say('th_round'))}</text>"
        f'<text class="name" x="2" y="12">{escape(say(unit))}</text>'
    )
    key = "".join(
        f'<line class="{cls}" x1="{x}" y1="8" x2="{x + 18}" y2="8"/>'
        f'<text class="tick" x="{x + 22}" y="12">{escape(say(words))}</text>'
        for cls, words, x in (("current", "this_game", width - 190), ("last", "last_game", width - 95))
        if any(c == cls for _, c in series)
    )
    return f'<svg class="chart" viewBox="0 0 {width} {height}" aria-hidden="true">{axes}{key}{lines}</svg>'


def chart_table(current: Sequence[int], last: Sequence[int], say: Say) -> str:
    """The chart as a table: one row per round (0 = the start), chips this game and in the last."""
    head = "".join(f'<th scope="col">{escape(say(key))}</th>' for key in ("th_round", "this_game", "last_game"))
    rows = "".join(
        f'<tr><th scope="row">{i}</th><td>{current[i] if i < len(current) else ""}</td>'
        f"<td>{last[i] if i < len(last) else ''}</td></tr>"
        for i in range(max(len(current), len(last)))
    )
    return (
        f'<table class="chart-table"><caption>{escape(say("chart_title"))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )

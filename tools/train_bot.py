"""Train the hard bot's learned evaluation (``sixes/engine/learned.py``) by self-play, and write its weights.

    .venv/bin/pip install -e '.[train]'
    nice -n 19 .venv/bin/python tools/train_bot.py [--rounds 50000] [--iterations 1] [--epochs 8] [--jobs N]
        [--variants sixes,sevens,fan-tan,cinquillo] [--hidden 64,32] [--half]

Each variant of the family gets its own network, trained on its rules (its deck, table and scoring: the chips, or
where it keeps points its points, plus its ``Variant.win_worth`` for a round won) and written under its
``Variant.network`` name, the other networks of the module kept as they are (``--half``: in float16, half the bytes;
``--halve NAMES`` rewrites networks already written so).

Each round is dealt from this tool's own seeds (``sixes-train/...``, never the duplicate runs' deals, so the
benchmarks measure on deals training never saw) to a table of bots drawn per seat: the current bot, medium or
easy, at a random table size and random chips. At every real choice of every seat, every legal card is
played out to the round's end in the true deal (the oracle: the seat then plays the hard policy, the others
their own bots), and the card's result is kept with the inputs the seat's view gives (``learned.features``):
the chips the seat ends with from here and whether it won. The network (numpy, two hidden layers) learns
those results from the view alone; its loss is on each card's worth *against the other cards of the same
choice* (so the deal's luck, shared by every card of a choice, cancels), plus a small part on the figures
themselves, which the review shows. Then the new bot plays the next iteration's tables.

It prints, on the held-out choices, the mean worth of the card the network picks against the hard policy's
pick on the same choices (judged by the oracle), and writes ``sixes/engine/learned_weights.py`` (or --out).
Rounds go out over ``--jobs`` processes by the simulator's ``ordered_map`` (or any ``concurrent.futures``
executor: a Dask or Ray client's, from Python); every round is seeded by its number, so the data does not
depend on how many processes made it.
"""

import argparse
import base64
import functools
import importlib.util
import sys
import time
from array import array
from pathlib import Path
from random import Random

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import itertools

from sixes.engine import learned
from sixes.engine.cards import CardSet
from sixes.engine.core import Round, deal
from sixes.engine.game import View
from sixes.engine.inference import policy_scores, random_card
from sixes.engine.jobs import Progress, default_jobs, ordered_map
from sixes.engine.variants import SIXES, VARIANTS, Variant, variant
from sixes.engine.weights import HARD_POLICY, MEDIUM

HIDDEN = (64, 32)
EXPLORE = 0.1  # a seat plays a random legal card this often, so the tables see more than the bots' own lines
ABSOLUTE = 0.05  # the loss's part on the figures themselves, beside the differences between a choice's cards
LEVELS = ("bot", "medium", "easy")
LEVEL_ODDS = (0.5, 0.35, 0.15)


def _half() -> float:
    return 0.5


def play_card(level: str, r: Round, legal: CardSet, rng: Random) -> int:
    """A rollout's choice for a seat of ``level``: fast policies only (the bot's own lines are the hard policy's)."""
    if level == "easy":
        return random_card(legal, rng)
    hand = r.hands[r.turn]
    weights = MEDIUM if level == "medium" else HARD_POLICY
    counts = [h.bit_count() for h in r.hands]
    rules = r.rules
    return max(
        policy_scores(
            weights, legal, hand, r.playable, rules.deck & ~r.played & ~hand, counts, r.lacks, r.turn, rng.random, rules
        )
    )[1]


def table_of(seed: int, number: int, rules: Variant = SIXES) -> tuple[Random, Round, list[str]]:
    """Round ``number``'s deal, chips and seats' levels: mostly the variant's usual table (Sixes' 5, the others' 4)."""
    rng = Random(f"sixes-train/{seed}/round/{number}" + ("" if rules is SIXES else f"/{rules.name}"))
    sizes = (rules.players, *(size for size in (4, 3, 6, 5) if size != rules.players))  # Sixes: 5, 4, 3, 6
    players = rng.choices(sizes, (0.8, 0.1, 0.05, 0.05))[0]
    dealer = int(rng.random() * players)
    hands = deal(players, dealer, rng, rules)
    chips = [rng.choice((0, 1, 2)) if rng.random() < 0.15 else rng.randint(3, 25) for _ in range(players)]
    levels = rng.choices(LEVELS, LEVEL_ODDS, k=players)
    return rng, Round(hands, chips, dealer, rules=rules), levels


def result(before: Round, after: Round, me: int) -> float:
    """What the round from ``before`` to its end ``after`` was worth to seat ``me``: its chips, or where the variant
    keeps points its points (a penalty counting against), as the search counts a playout."""
    return after.rules.result(after.chips[me] - before.chips[me], after.points[me] - before.points[me])


def episode(seed: int, net: "Net | None", number: int, rules: Variant = SIXES) -> tuple[bytes, bytes, bytes, bytes]:
    """One round of self-play: every real choice's cards, each with its inputs and its oracle result.
    Returns packed (inputs, [chips, won] per card, cards per choice, the hard policy's pick per choice)."""
    rng, r, levels = table_of(seed, number, rules)
    inputs, results, sizes, picks = array("f"), array("f"), array("i"), array("i")
    while r.winner < 0:
        legal = r.legal()
        if not legal:
            r.pass_turn()
            continue
        if not legal & (legal - 1):
            r.play(legal.bit_length() - 1)
            continue
        me = r.turn
        view = View.of(r, me)
        rows = learned.features(view)
        for index, x in rows:
            after = r.copy()
            after.play(index)
            if after.winner < 0:
                after.play_out(
                    lambda o, legal_now: play_card(
                        "bot" if o.turn == me else levels[o.turn],  # noqa: B023 (used up in this loop)
                        o,
                        legal_now,
                        rng,
                    )
                )
            inputs.extend(x)
            results.extend((result(r, after, me), float(after.winner == me)))
        cards = [index for index, _ in rows]
        hand = r.hands[me]
        policy = max(
            policy_scores(
                HARD_POLICY,
                legal,
                hand,
                r.playable,
                rules.deck & ~r.played & ~hand,
                view.counts,
                r.lacks,
                me,
                _half,
                rules,
            )
        )[1]
        sizes.append(len(rows))
        picks.append(cards.index(policy))
        level = levels[me]
        if rng.random() < EXPLORE:
            choice = random_card(legal, rng)
        elif level == "bot" and net is not None:
            out, _ = net.forward(np.array([x for _, x in rows], np.float32))
            choice = cards[int(np.argmax(worth_of(out, rules.win_worth)))]
        else:
            choice = play_card(level, r, legal, rng)
        r.play(choice)
    return inputs.tobytes(), results.tobytes(), sizes.tobytes(), picks.tobytes()


def self_play(
    rounds: int, seed: int, net: "Net | None", jobs: int, executor=None, rules: Variant = SIXES
) -> dict[str, np.ndarray]:
    progress = Progress(rounds, "rounds")
    parts: list[list[bytes]] = [[], [], [], []]
    work = functools.partial(episode, seed, net, rules=rules)
    try:
        for packed in ordered_map(work, range(rounds), jobs, executor):
            for part, data in zip(parts, packed):
                part.append(data)
            progress.update()
    finally:
        progress.close()
    x = np.frombuffer(b"".join(parts[0]), np.float32).reshape(-1, learned.WIDTH)
    y = np.frombuffer(b"".join(parts[1]), np.float32).reshape(-1, 2)
    sizes = np.frombuffer(b"".join(parts[2]), np.int32)
    picks = np.frombuffer(b"".join(parts[3]), np.int32)
    return {"x": x, "y": y, "sizes": sizes, "picks": picks}


# --- the network, in numpy ------------------------------------------------------------------------------


class Net:
    """Two hidden ReLU layers and (chips, won) out, trained by Adam on standardised inputs."""

    def __init__(self, width: int, hidden: tuple[int, ...], rng: np.random.Generator) -> None:
        sizes = (width, *hidden, 2)
        self.params = []
        for a, b in itertools.pairwise(sizes):
            self.params += [rng.normal(0, np.sqrt(2 / a), (a, b)).astype(np.float32), np.zeros(b, np.float32)]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.steps = 0
        self.mean = np.zeros(width, np.float32)
        self.scale = np.ones(width, np.float32)

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        h = (x - self.mean) / self.scale
        seen = [h]
        for k in range(0, len(self.params), 2):
            h = h @ self.params[k] + self.params[k + 1]
            if k + 2 < len(self.params):
                h = np.maximum(h, 0)
                seen.append(h)
        return h, seen

    def step(self, x: np.ndarray, grad_out: np.ndarray, rate: float) -> None:
        _, seen = self.forward(x)
        grads = [None] * len(self.params)
        g = grad_out
        for k in range(len(self.params) - 2, -1, -2):
            grads[k] = seen[k // 2].T @ g
            grads[k + 1] = g.sum(0)
            if k:
                g = (g @ self.params[k].T) * (seen[k // 2] > 0)
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for p, gr, (m, v) in zip(self.params, grads, self.moments):
            m *= b1
            m += (1 - b1) * gr
            v *= b2
            v += (1 - b2) * gr * gr
            p -= rate * (m / (1 - b1**self.steps)) / (np.sqrt(v / (1 - b2**self.steps)) + 1e-8)

    def layers(self) -> list[tuple[int, int, list[float]]]:
        """Per layer (inputs, outputs, weights row by row of outputs, then biases), the standardisation folded
        into the first layer so that the page feeds the raw inputs."""
        out = []
        for k in range(0, len(self.params), 2):
            w, b = self.params[k].astype(np.float64), self.params[k + 1].astype(np.float64)
            if k == 0:
                b = b - (self.mean / self.scale) @ w
                w = w / self.scale[:, None]
            out.append((w.shape[0], w.shape[1], list(w.T.ravel()) + list(b)))
        return out


def loss_gradient(
    out: np.ndarray, y: np.ndarray, group: np.ndarray, groups: int, win_worth: float
) -> tuple[np.ndarray, float]:
    """The gradient of the loss over a batch of whole choices, and the loss: each card's worth error less its
    choice's mean error, squared, plus ``ABSOLUTE`` of the figures' own squared errors (in worth units)."""
    chips_error, win_error = out[:, 0] - y[:, 0], win_worth * (out[:, 1] - y[:, 1])
    error = chips_error + win_error
    counts = np.bincount(group, minlength=groups)
    centred = error - (np.bincount(group, error, groups) / np.maximum(counts, 1))[group]
    n = len(out)
    grad = np.empty_like(out)
    grad[:, 0] = 2 * (centred + ABSOLUTE * chips_error) / n
    grad[:, 1] = 2 * win_worth * (centred + ABSOLUTE * win_error) / n
    loss = float((centred**2).mean() + ABSOLUTE * (chips_error**2 + win_error**2).mean())
    return grad, loss


def choices_of(sizes: np.ndarray, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the choices ``chosen``, and each row's place among them."""
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    lengths = sizes[chosen]
    group = np.repeat(np.arange(len(chosen)), lengths)
    offsets = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return starts[chosen][group] + offsets, group


def judge(net: Net, data: dict[str, np.ndarray], chosen: np.ndarray, win_worth: float) -> dict[str, float]:
    """On the choices ``chosen``: the oracle's mean worth of the network's card, of the hard policy's and of the
    best card, and the network's loss."""
    rows, group = choices_of(data["sizes"], chosen)
    out, _ = net.forward(data["x"][rows])
    y = data["y"][rows]
    _, loss = loss_gradient(out, y, group, len(chosen), win_worth)
    predicted, actual = worth_of(out, win_worth), worth_of(y, win_worth)
    starts = np.concatenate(([0], np.cumsum(data["sizes"][chosen])[:-1]))
    order = np.lexsort((-predicted, group))  # within each choice, the network's best card first
    picked = actual[order[starts]]
    policy = actual[starts + data["picks"][chosen]]
    best = np.maximum.reduceat(actual, starts)
    gain = picked - policy
    return {
        "loss": loss,
        "net": float(picked.mean()),
        "policy": float(policy.mean()),
        "best": float(best.mean()),
        "gain": float(gain.mean()),
        "gain_se": float(gain.std() / np.sqrt(len(gain))),
    }


def worth_of(out: np.ndarray, win_worth: float) -> np.ndarray:
    """A card's worth: its chips (or points) plus ``win_worth`` (the variant's) for a round won."""
    return out[:, 0] + win_worth * out[:, 1]


def train(
    data: dict[str, np.ndarray],
    epochs: int,
    seed: int,
    batch: int = 256,
    hidden: tuple[int, ...] = HIDDEN,
    win_worth: float = SIXES.win_worth,
) -> Net:
    rng = np.random.default_rng(seed)
    choices = len(data["sizes"])
    order = rng.permutation(choices)
    held = order[: max(1, choices // 20)]
    kept = order[len(held) :]
    net = Net(learned.WIDTH, hidden, rng)
    x = data["x"]
    net.mean = x.mean(0)
    net.scale = np.maximum(x.std(0), 0.05)
    before = judge(net, data, held, win_worth)
    print(
        f"  held out {len(held):,} choices; the hard policy's card is worth {before['policy']:+.3f}, "
        f"the best {before['best']:+.3f} (oracle, per choice)",
        file=sys.stderr,
    )
    steps = epochs * (len(kept) // batch + 1)
    step = 0
    for epoch in range(epochs):
        rng.shuffle(kept)
        progress = Progress(len(kept), "choices")
        for start in range(0, len(kept), batch):
            chosen = kept[start : start + batch]
            rows, group = choices_of(data["sizes"], chosen)
            out, _ = net.forward(x[rows])
            grad, _ = loss_gradient(out, data["y"][rows], group, len(chosen), win_worth)
            rate = 1e-3 * 0.5 * (1 + np.cos(np.pi * step / steps))  # cosine decay to 0
            net.step(x[rows], grad, rate)
            step += 1
            progress.update(len(chosen))
        progress.close()
        figures = judge(net, data, held, win_worth)
        print(
            f"  epoch {epoch + 1}/{epochs}: held-out loss {figures['loss']:.2f}; the network's card "
            f"{figures['gain']:+.3f} ± {figures['gain_se']:.3f} worth against the hard policy's",
            file=sys.stderr,
        )
    return net


def render(networks: dict[str, tuple[str, list[tuple[int, int, str]]]]) -> str:
    """``learned_weights.py``'s text (as ruff formats it): per network, by its name there (``Variant.network``), the
    command that wrote it and its layers (inputs, outputs, weights in base64)."""
    lines = [
        '"""The learned evaluation\'s weights (``learned.py``), written by tools/train_bot.py: do not edit.',
        "",
        "One network a variant, named by ``Variant.network``; ``COMMANDS`` has the command that wrote each.",
        '"""',
        "",
        "COMMANDS = {",
        *(f'    "{name}": "{command}",' for name, (command, _) in networks.items()),
        "}",
    ]
    for name, (_, layers) in networks.items():
        lines += [
            "",
            "# Per layer: inputs, outputs, and float32 weights (row by row of outputs, then the biases) in base64.",
            f"{name} = (",
        ]
        for inputs, outputs, text in layers:
            lines += ["    (", f"        {inputs},", f"        {outputs},"]
            if len(text) <= 100:  # (one line, as ruff keeps it)
                lines.append(f'        ("{text}"),')
            else:
                lines.append("        (")
                lines += [f'            "{text[i : i + 100]}"' for i in range(0, len(text), 100)]
                lines.append("        ),")
            lines.append("    ),")
        lines.append(")")
    return "\n".join(lines) + "\n"


def read_module(path: Path):
    spec = importlib.util.spec_from_file_location("written", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def encode(numbers: list[float], half: bool) -> str:
    """Weights in base64: float32, or (``half``) the float32 figures rounded to float16, little-endian."""
    single = array("f", numbers)
    if sys.byteorder != "little":
        single.byteswap()
    data = np.frombuffer(single.tobytes(), "<f4").astype("<f2").tobytes() if half else single.tobytes()
    return base64.b64encode(data).decode()


def write(
    net: Net, path: Path, command: str, sample: np.ndarray, name: str = SIXES.network, half: bool = False
) -> None:
    """Write the network as ``name`` in the module at ``path``, keeping the other networks there as they are."""
    networks: dict[str, tuple[str, list[tuple[int, int, str]]]] = {}
    if path.exists():
        kept = read_module(path)
        commands = getattr(kept, "COMMANDS", {SIXES.network: ""})
        networks = {other: (commands.get(other, ""), list(getattr(kept, other))) for other in commands}
    layers = [(inputs, outputs, encode(numbers, half)) for inputs, outputs, numbers in net.layers()]
    networks[name] = (command, layers)
    path.write_text(render(networks))
    # Read back as the game reads it: the pure-Python network must give what numpy gives.
    mine = learned.Network.read(getattr(read_module(path), name))
    tolerance = 2e-2 if half else 1e-3  # (float16 keeps about 3 decimal digits of each weight)
    for row in sample:
        theirs, _ = net.forward(row[None, :])
        assert np.allclose(mine(row.tolist()), theirs[0], rtol=tolerance, atol=tolerance), (mine(row.tolist()), theirs)


def halve(path: Path, names: list[str]) -> None:
    """Rewrite the networks ``names`` of the module at ``path`` in float16, as ``--half`` would have written them."""
    kept = read_module(path)
    networks = {name: (kept.COMMANDS[name], list(getattr(kept, name))) for name in kept.COMMANDS}
    for name in names:
        command, layers = networks[name]
        halved = []
        for inputs, outputs, text in layers:
            single = np.frombuffer(base64.b64decode(text), "<f4")
            assert len(single) == inputs * outputs + outputs, f"{name} is not float32"
            halved.append((inputs, outputs, base64.b64encode(single.astype("<f2").tobytes()).decode()))
        networks[name] = (command + " --half", halved)
    path.write_text(render(networks))


def judge_shipped(rounds: int, seed: int, jobs: int, rules: Variant = SIXES) -> None:
    """The variant's shipped network on fresh self-play (its own seeds, which training never uses): its card against
    the hard policy's, and how the gap it sees between its best and second card compares with the oracle's."""
    data = self_play(rounds, seed, None, jobs, rules=rules)
    net = learned.network(rules.network)
    predicted = np.array([worth_of(np.array([net(row.tolist())]), rules.win_worth)[0] for row in data["x"]])
    actual = worth_of(data["y"], rules.win_worth)
    starts = np.concatenate(([0], np.cumsum(data["sizes"])[:-1]))
    gains, gaps = [], []
    for start, size, pick in zip(starts, data["sizes"], data["picks"]):
        mine, theirs = predicted[start : start + size], actual[start : start + size]
        order = np.argsort(-mine, kind="stable")
        gains.append(theirs[order[0]] - theirs[pick])
        gaps.append((mine[order[0]] - mine[order[1]], theirs[order[0]] - theirs[order[1]]))
    gains = np.array(gains)
    print(
        f"{rules.name}: {len(gains):,} choices of {rounds:,} fresh rounds (seed {seed}): the network's card "
        f"{gains.mean():+.3f} ± {gains.std() / np.sqrt(len(gains)):.3f} worth against the hard policy's (oracle)"
    )
    gaps = np.array(gaps)
    for low, high in ((0, 0.5), (0.5, 1), (1, 2), (2, 4), (4, np.inf)):
        inside = gaps[(gaps[:, 0] >= low) & (gaps[:, 0] < high)]
        if len(inside):
            print(
                f"  predicted gap to the second card {low}-{high}: {len(inside):,} choices, the oracle's gap "
                f"{inside[:, 1].mean():+.3f} ± {inside[:, 1].std() / np.sqrt(len(inside)):.3f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50000, help="self-play rounds per iteration")
    parser.add_argument("--iterations", type=int, default=1, help="each after the first plays the last network")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument(
        "--variants",
        type=lambda text: [variant(name) for name in text.split(",")],
        default=[SIXES],
        help=f"the variants to train a network for, one after another, comma-separated ({', '.join(VARIANTS)}; "
        "default sixes); each is written as its Variant.network",
    )
    parser.add_argument(
        "--hidden",
        type=lambda text: tuple(int(n) for n in text.split(",")),
        default=HIDDEN,
        help="the hidden layers' sizes (default 64,32)",
    )
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parent.parent / "sixes/engine/learned_weights.py"
    )
    parser.add_argument("--half", action="store_true", help="write the weights as float16 (half the bytes)")
    parser.add_argument(
        "--halve", metavar="NAMES", help="only rewrite these networks of --out (comma-separated) in float16, as --half"
    )
    parser.add_argument("--judge", type=int, metavar="ROUNDS", help="judge the shipped weights on fresh rounds")
    args = parser.parse_args()
    if args.halve:
        halve(args.out, args.halve.split(","))
        return
    if args.judge:
        for rules in args.variants:
            judge_shipped(args.judge, 999_999, args.jobs, rules)
        return
    started = time.perf_counter()
    for rules in args.variants:
        command = (
            f"python tools/train_bot.py --rounds {args.rounds} --iterations {args.iterations} --epochs {args.epochs} "
            f"--seed {args.seed}"
        )
        if rules is not SIXES:
            command += f" --variants {rules.name}"
        if args.hidden != HIDDEN:
            command += f" --hidden {','.join(map(str, args.hidden))}"
        if args.half:
            command += " --half"
        net = None
        for iteration in range(args.iterations):
            print(
                f"{rules.name}, iteration {iteration + 1}/{args.iterations}: {args.rounds:,} rounds of self-play",
                file=sys.stderr,
            )
            data = self_play(args.rounds, args.seed * 1000 + iteration, net, args.jobs, rules=rules)
            print(
                f"  {len(data['sizes']):,} choices, {len(data['x']):,} cards; "
                f"{time.perf_counter() - started:.0f} s so far",
                file=sys.stderr,
            )
            net = train(data, args.epochs, args.seed * 1000 + iteration, hidden=args.hidden, win_worth=rules.win_worth)
            write(net, args.out, command, data["x"][:50], rules.network, args.half)
        print(f"wrote {rules.network} to {args.out}; {time.perf_counter() - started:.0f} s so far", file=sys.stderr)


if __name__ == "__main__":
    main()

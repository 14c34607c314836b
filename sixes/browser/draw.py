"""Drawing: the table as ``sixes.model.table`` builds it from ``game.view(0)`` alone (so no bot's hand reaches the DOM),
the page's fixed words in the person's language, and what a screen reader hears."""

import functools
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from pyscript import document, window
from pyscript.ffi import is_none

from ..engine.core import MAX_PLAYERS
from ..model import table, table_html
from ..model.settings import SETTINGS
from ..model.words import Say
from .shared import after_paint, el, hints, js_object, timing_mark
from .state import State

T = TypeVar("T")
Restate = Callable[[str, Any, str], bool]


class Keyed:
    """A container's elements kept by key, as chessground's render.ts keeps a board's pieces: an unchanged one keeps
    its node, animation and focus, so a move restyles a card or two, not the table."""

    shown: dict[str, tuple[str, Any]] | None
    adopted: dict[str, Any]

    def __init__(self, container: Any) -> None:
        self.container = container
        self.shown = None  # {key: (html, element)} in the container's order; None: unknown, so drawn anew
        self.adopted = {}  # {key: element}: made by someone else, for the next update to keep as that key's

    def adopt(self, key: str, element: Any) -> None:
        """The next update shows ``element`` (already in the container, its HTML that update's) as ``key``."""
        self.adopted[key] = element

    def element(self, key: str) -> Any:
        return self.shown[key][1] if self.shown and key in self.shown else None

    def update(self, parts: Sequence[tuple[str, str]], restate: Restate | None = None) -> None:
        """Show ``parts``, [(key, html)] in order: a changed element is made anew (as a rebuild would, so no CSS
        transition runs where none ran before), unless ``restate(key, element, shown)``, given the element and
        the HTML it shows, changes it in place to its new HTML and says so."""
        shown, wanted, adopted = self.shown, dict(parts), self.adopted
        self.adopted = {}
        if shown is None or [key for key in shown if key in wanted] != [key for key, _ in parts if key in shown]:
            self.redraw(parts)  # a first draw, or the order changed: never for a move (and the adopted go too)
            return
        kept = {}
        for key, (html, element) in shown.items():
            if wanted.get(key) == html or (key in wanted and restate is not None and restate(key, element, html)):
                kept[key] = element
            else:
                element.remove()
        made = self.made([html for key, html in parts if key not in kept and key not in adopted])
        following, shown = None, {}
        for key, html in reversed(parts):
            element = kept.get(key)
            if element is None:
                element = adopted[key] if key in adopted else made.pop()
                if following is None:
                    self.container.append(element)
                else:
                    self.container.insertBefore(element, following)
            following = element
            shown[key] = (html, element)
        self.shown = dict(reversed(shown.items()))

    def redraw(self, parts: Sequence[tuple[str, str]]) -> None:
        """Show ``parts`` anew, unless the container already shows them (assets/boot.js's kept table, at the
        boot): the browser's styles and layout of those elements are kept, not worked out a second time."""
        template = parsed("".join(html for _, html in parts))
        if self.container.innerHTML != template.innerHTML:  # (both as the browser writes HTML back)
            self.container.replaceChildren(template.content)
        self.shown = dict(
            zip(
                (key for key, _ in parts),
                ((html, element) for (_, html), element in zip(parts, self.container.children)),
            )
        )

    @staticmethod
    def made(htmls: Sequence[str]) -> list[Any]:
        """Elements made from ``htmls``, all in one parse."""
        return list(parsed("".join(htmls)).content.children) if htmls else []


def parsed(html: str) -> Any:
    """A template holding ``html``'s elements, parsed but in no document (so neither styled nor laid out)."""
    template = document.createElement("template")
    template.innerHTML = html
    return template


class Drawing:
    """The table as ``state`` says it is, in the page's elements (shared.el, by id)."""

    written: dict[Hashable, object]

    def __init__(self, state: State) -> None:
        self.state = state
        self.seats = [document.querySelector(f'[data-seat="{seat}"]') for seat in range(MAX_PLAYERS)]
        self.columns = {suit: document.querySelector(f'[data-column="{suit}"]') for suit in "SHDC"}
        self.seat_parts = [
            Keyed(seat.querySelector(".you-head") if n == 0 else seat) for n, seat in enumerate(self.seats)
        ]
        self.hand = Keyed(el["hand"])
        self.column_cards = {suit: Keyed(column) for suit, column in self.columns.items()}
        self.last: Any = None  # the element marked data-last
        self.written = {}  # what draw() last wrote, by what it was written to: only a change is written again

    def put(self, key: Hashable, value: T, write: Callable[[T], object]) -> None:
        """``write(value)`` unless ``value`` is what was last written under ``key``: writing even the same
        value again costs the browser a restyle, and each call into the page costs time."""
        if key not in self.written or self.written[key] != value:
            self.written[key] = value
            write(value)

    def adopt(self, card: str, element: Any) -> None:
        """``element``, the card just played as assets/boot.js drew it in its column from the hand's button, is
        kept by the next draw as that card, with the name a laid card has (a button's says it can be played)."""
        name_laid(element, card, self.state.settings.say)
        self.column_cards[card[1]].adopt(card, element)

    def forget(self) -> None:
        """Everything is written again at the next draw (after speak() has changed words that draw() writes)."""
        self.written.clear()
        for keyed in (self.hand, *self.column_cards.values(), *self.seat_parts):
            keyed.shown = None

    def draw(self, cards_only: bool = False) -> None:
        """The table as the model says it is now, writing only what differs from what it showed. ``cards_only``: only
        what a move changes where the eye is (the hand, the columns, the Pass and Hint buttons), for the frame right
        after the move; the seats, the pot and the words follow in a draw of their own once it is painted."""
        state = self.state
        view = table.build(state.game, state.settings, state.waiting_for_person())
        self.draw_cards(view)
        if not cards_only:
            self.draw_around(view)

    def draw_cards(self, view: table.TableView) -> None:
        put, say = self.put, view.say
        hand = el["hand"]
        for hinted in hand.querySelectorAll(".hinted"):
            hinted.classList.remove("hinted")  # a hint lasts until the table changes
        playable = dict(view.hand)

        def put_down(card: str, element: Any, shown: str) -> bool:
            """A card that was playable and is no longer (the person has just played) is disabled in place: made
            anew, it would cost the move's frame its style and its three SVG <use>. No CSS transition runs, as
            a disabled card has none; one turning playable is still made anew, for the same reason."""
            if playable[card] or shown != table_html.hand_card_html(card, True, say):
                return False
            element.disabled = True
            name_laid(element, card, say)
            return True

        self.hand.update([(card, table_html.hand_card_html(card, p, say)) for card, p in view.hand], put_down)
        put("hand", len(view.hand), self.hand_size)
        last = None
        for column in view.columns:
            cards = self.column_cards[column.suit]
            cards.update(table_html.column_parts(column, say))
            last = cards.element(column.last) if column.last else last
        if last != self.last:  # the ring moves to the card just played
            if self.last is not None:
                self.last.removeAttribute("data-last")
            if last is not None:
                last.setAttribute("data-last", "")
            self.last = last
        button = el["pass"]
        put("pass", not view.can_pass, functools.partial(setattr, button, "disabled"))
        put("hint", not view.your_turn, functools.partial(setattr, el["hint"], "disabled"))
        if view.your_turn and self.state.by_keyboard and document.activeElement == document.body:
            # The played card's button is gone: put keyboard focus back on the hand.
            first = hand.querySelector("button:enabled")
            (button if is_none(first) else first).focus()

    def draw_around(self, view: table.TableView) -> None:
        """All but the cards: the seats, the pot and the words round them."""
        put, say = self.put, view.say
        # (The CSS seats 3 to 6 round the table.)
        put("players", str(len(view.seats)), lambda n: el["table"].setAttribute("data-players", n))
        for seat, element in enumerate(self.seats):
            put(("hidden", seat), seat >= len(view.seats), functools.partial(setattr, element, "hidden"))
        for seat in view.seats:
            n, element = seat.seat, self.seats[seat.seat]
            for name, value in table_html.seat_attributes(seat, say).items():
                put((name, n), value, functools.partial(element.setAttribute, name))
            put(("aria-current", n), seat.acting, functools.partial(current, element))
            self.seat_parts[n].update(table_html.seat_parts(seat, say), fewer_backs(seat.cards))
        for column in view.columns:
            put(
                ("column", column.suit),
                table.column_label(column, say),
                functools.partial(self.columns[column.suit].setAttribute, "aria-label"),
            )
        put("pot", view.pot, self.pot)
        put("variant", view.variant, self.variant)
        put("no-pot", view.keeps_points, functools.partial(setattr, el["pot"], "hidden"))  # (no chips, no pot)
        put(
            "pass-words",
            say(view.pass_word),
            functools.partial(setattr, el["pass"], "textContent"),
        )
        playing = self.state.playing
        status = el["status"]
        if status.textContent != (view.status if playing else ""):  # (compared with the page: a hint writes here)
            status.textContent = view.status if playing else ""
        put("playing", playing, self.playing)
        put(
            "narration",
            table_html.narration_html(view.narration),
            functools.partial(setattr, el["narration"], "innerHTML"),
        )
        put("round", table.round_label(view), functools.partial(setattr, el["round-label"], "textContent"))
        put(
            "title",
            say("your_turn_title" if view.your_turn else "app"),  # seen from another tab
            functools.partial(setattr, document, "title"),
        )

    def hand_size(self, count: int) -> None:
        hand = el["hand"]
        per_row = table_html.hand_per_row(count)
        hand.style.setProperty("--n", count)
        hand.style.setProperty("--per-row", per_row)
        hand.classList.toggle("two-rows", per_row < count)
        # Under 360 px a row holds 7 cards that each show 44 px (sixes.css folds the hand there by this).
        narrow = table_html.hand_per_row(count, most=7)
        hand.style.setProperty("--per-row-narrow", narrow)
        hand.classList.toggle("two-rows-narrow", narrow < count)

    def pot(self, chips: int) -> None:
        pot = el["pot"]
        pot.dataset.chips = chips
        pot.querySelector(".amount").textContent = chips
        pot.querySelector(".pile").innerHTML = '<i class="chip"></i>' * min(chips, 12)

    def variant(self, name: str) -> None:
        """The game of the family on the table, on <html> (docs/hooks.md), which the CSS sizes the columns by; How to
        play says its rules."""
        document.documentElement.dataset.variant = name
        el["rules-text"].innerHTML = table_html.rules_html(self.state.settings.say, name)

    def playing(self, playing: bool) -> None:
        el["elsewhere"].hidden = playing
        el["menu-new-game"].disabled = not playing

    def speak(self) -> None:
        """Put index.html's fixed words (data-say, data-say-label) in the person's language."""
        settings = self.state.settings
        say = settings.say
        root = document.documentElement
        root.lang, root.dir, root.dataset.deck = settings.lang, say("dir"), settings.deck
        self.forget()  # (the columns' labels and How to play are written by the next draw)
        words = window.sixesWords  # (assets/boot.js: the page's words in two calls, not three an element)
        words.put(js_object({key: say(key) for key in words.named()}))

    def show_settings(self) -> None:
        """The header's controls as the settings are (each setting's control, from the table of settings), and the
        page's looks (assets/first.js, which applied the saved ones at the first paint)."""
        settings = self.state.settings
        for name, row in SETTINGS.items():
            if row.control:
                show_setting(el[row.control], getattr(settings, name))
        window.sixesLooks(settings.theme, settings.card_size)

    def show_hint(self, hint: "hints.Hint") -> None:
        """The hint in the status line, and its card marked (until the table changes: draw_cards)."""
        el["status"].textContent = table.hint_text(hint, self.state.settings.say)
        if hint.card is not None:
            el["hand"].querySelector(f'[data-card="{hint.card}"]').classList.add("hinted")

    @staticmethod
    def show_ready() -> None:
        """The page is interactive (docs/hooks.md), and the benches' mark of it."""
        document.documentElement.dataset.state = "ready"
        timing_mark("sixes-ready")

    @staticmethod
    def show_turn(turn: str, moves: int | None = None) -> None:
        """Who the table waits for on <html> (the settled marker of docs/testing.md), and the moves made so far."""
        root = document.documentElement
        root.dataset.turn = turn
        if moves is not None:
            root.dataset.moves = moves

    def offer_result(self, offered: bool) -> None:
        """A finished game's end, its dialog closed: "See the result" stands in for Pass and Hint (or goes)."""
        self.put("show-result", offered, self.show_result_button)

    @staticmethod
    def show_result_button(offered: bool) -> None:
        el["show-result"].hidden = not offered
        el["show-result"].closest(".you").classList.toggle("ended", offered)

    def announce_table(self) -> None:
        """A screen reader hears what the table says now (the round and the status line), and nothing said before."""
        el["announce"].replaceChildren()
        self.announce(" ".join(filter(None, (el["round-label"].textContent, el["status"].textContent))))

    @staticmethod
    def offer_take_over() -> None:
        """Another tab took the game: this one's "Play here" answers again."""
        el["elsewhere"].querySelector("button").disabled = False

    def announce(self, line: str) -> None:
        """Tell a screen reader ``line`` once the frame being drawn is painted (lines keep their order)."""
        after_paint(lambda: self.announce_now(line))

    def announce_now(self, line: str) -> None:
        """Added to a polite live region that keeps the last few lines."""
        region = el["announce"]
        item = document.createElement("p")
        item.textContent = line
        item.lang = self.state.settings.lang  # (a line said before the language changed keeps its own)
        region.appendChild(item)
        while region.childElementCount > 4:
            region.firstElementChild.remove()


def show_setting(control: Any, value: object) -> None:
    """A header control showing ``value``: a checkbox ticked, a button pressed, a select's option chosen."""
    if control.type == "checkbox":
        control.checked = value
    elif control.tagName == "BUTTON":
        control.setAttribute("aria-pressed", str(value).lower())
    else:
        control.value = value


def name_laid(element: Any, card: str, say: Say) -> None:
    """A card's element, made as a playable card of the hand, named as one that cannot be played (a laid card's
    name too): its first child is its sr-only name (table_html.card_face)."""
    element.firstElementChild.textContent = table.hand_card_name(card, False, say)


def fewer_backs(cards: int) -> Restate:
    """A seat's card backs once the bot holds ``cards``, fewer than shown: the ones too many go, the rest stay."""

    def restate(key: str, element: Any, shown: str) -> bool:
        if key != "backs" or cards > element.childElementCount:
            return False
        while element.childElementCount > cards:
            element.lastElementChild.remove()
        return True

    return restate


def current(element: Any, acting: bool) -> None:
    """The seat to act carries aria-current="true"; the others none."""
    if acting:
        element.setAttribute("aria-current", "true")
    else:
        element.removeAttribute("aria-current")

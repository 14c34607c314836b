"""Drawing: the table as ``sixes.model.table`` builds it from ``game.view(0)`` alone (so no bot's hand reaches the DOM),
the page's fixed words in the person's language, and what a screen reader hears."""

from pyscript import document
from pyscript.ffi import is_none

from ..engine.core import MAX_PLAYERS
from ..model import table


class Drawing:
    def __init__(self, controller):
        self.controller = controller
        self.el = controller.el
        self.seats = [document.querySelector(f'[data-seat="{seat}"]') for seat in range(MAX_PLAYERS)]
        self.columns = {suit: document.querySelector(f'[data-column="{suit}"]') for suit in "SHDC"}

    def draw(self):
        controller = self.controller
        view = table.build(controller.game, controller.settings, controller.waiting_for_person())
        say = view.say
        document.getElementById("table").dataset.players = len(view.seats)  # the CSS seats 3 to 6 round the table
        for seat, element in enumerate(self.seats):
            element.hidden = seat >= len(view.seats)
        for seat in view.seats:
            element = self.seats[seat.seat]
            element.dataset.chips = seat.chips
            element.dataset.cards = seat.cards
            element.dataset.lacks = " ".join(seat.lacks)
            label = say("seat_label", name=seat.name, chips=say("chips", seat.chips), cards=say("cards", seat.cards))
            element.setAttribute("aria-label", label)
            if seat.acting:
                element.setAttribute("aria-current", "true")
            else:
                element.removeAttribute("aria-current")
            target = element.querySelector(".you-head") if seat.seat == 0 else element
            target.innerHTML = table.seat_html(seat, say)
        hand = self.el["hand"]
        hand.innerHTML = table.hand_html(view)
        count = len(view.hand)
        hand.style.setProperty("--n", count)
        # An upright phone shows up to 8 cards a row; more take two rows of half the hand each.
        hand.style.setProperty("--per-row", count if count <= 8 else -(-count // 2))
        hand.classList.toggle("two-rows", count > 8)
        for column in view.columns:
            self.columns[column.suit].innerHTML = table.column_html(column, say)
            self.columns[column.suit].setAttribute("aria-label", table.column_label(column, say))
        pot = self.el["pot"]
        pot.dataset.chips = view.pot
        pot.querySelector(".amount").textContent = view.pot
        pot.querySelector(".pile").innerHTML = '<i class="chip"></i>' * min(view.pot, 12)
        button = self.el["pass"]
        button.disabled = not view.can_pass
        button.textContent = say("pay_pass" if view.seats[0].chips else "pass_free")
        self.el["hint"].disabled = not view.your_turn
        playing = controller.tabs.playing
        self.el["status"].textContent = view.status if playing else ""
        self.el["elsewhere"].hidden = playing
        self.el["menu-new-game"].disabled = not playing
        self.el["narration"].innerHTML = table.narration_html(view.narration)
        self.el["round-label"].textContent = " · ".join(filter(None, [say("round", n=view.round_number), view.deal_note]))
        document.title = say("your_turn_title" if view.your_turn else "app")  # seen from another tab
        if view.your_turn and controller.input.by_keyboard and document.activeElement == document.body:
            # The played card's button is gone: put keyboard focus back on the hand.
            first = hand.querySelector("button:enabled")
            (self.el["pass"] if is_none(first) else first).focus()

    def speak(self):
        """Put index.html's fixed words (data-say, data-say-label) in the person's language."""
        settings = self.controller.settings
        say = settings.say
        root = document.documentElement
        root.lang, root.dir, root.dataset.deck = settings.lang, say("dir"), settings.deck
        for element in document.querySelectorAll("[data-say]"):
            element.textContent = say(element.dataset.say)
        for element in document.querySelectorAll("[data-say-label]"):
            element.setAttribute("aria-label", say(element.dataset.sayLabel))
        for element in document.querySelectorAll("[data-say-title]"):
            element.title = say(element.dataset.sayTitle)
        document.getElementById("rules-text").innerHTML = table.rules_html(say)
        self.el["lang"].value, self.el["deck"].value = settings.lang, settings.deck

    def announce(self, line):
        """Tell a screen reader ``line``: added to a polite live region that keeps the last few lines."""
        region = document.getElementById("announce")
        item = document.createElement("p")
        item.textContent = line
        region.appendChild(item)
        while region.childElementCount > 4:
            region.firstElementChild.remove()

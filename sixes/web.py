"""The browser side of Sixes: draws sixes.table into the page, paces the bots, saves every move.

The only module that touches ``pyscript``, ``js`` or ``pyodide``. It draws from
``game.view(0)`` alone (through ``table.build``), so no bot's hand reaches the DOM.
"""

import asyncio
import secrets

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window
from pyscript.ffi import is_none

import sixes
from sixes import bots, hints, table
from sixes.table import BACKUP_KEY, GAME_KEY, SETTINGS_KEY

storage = window.localStorage


def stored(key):
    text = storage.getItem(key)
    return None if is_none(text) else text  # a missing key is JS null, not None


def js_object(mapping):
    return to_js(mapping, dict_converter=js.Object.fromEntries)


def take_url_params():
    """?seed=, ?speed=, ?lang= as a dict, removed from the address bar so a reload resumes."""
    url = js.URL.new(window.location.href)
    params = url.searchParams
    found = {key: params.get(key) for key in ("seed", "speed", "lang") if params.has(key)}
    for key in found:
        params.delete(key)
    if found:
        window.history.replaceState(window.history.state, "", url.href)
    return found


class Page:
    """Owns the game and the settings; every change goes through here, then is saved and drawn."""

    def __init__(self):
        self.settings = table.Settings.from_json(stored(SETTINGS_KEY))
        self.game = None
        self.bots_task = None
        self.by_keyboard = False  # the last button was pressed with a key, not clicked
        self.el = {name: document.getElementById(name) for name in (
            "hand", "pass", "pot", "status", "narration", "round-label", "notice", "notice-text", "autoplay",
            "round-summary", "game-over", "setup", "setup-form", "menu-new-game", "hint", "speed")}
        self.seats = [document.querySelector(f'[data-seat="{seat}"]') for seat in range(5)]
        self.columns = {suit: document.querySelector(f'[data-column="{suit}"]') for suit in "SHDC"}

    # --- start ------------------------------------------------------------
    def start(self):
        params = take_url_params()
        notices = []
        if "speed" in params:
            self.change_settings(speed="instant" if params["speed"] == "0" else params["speed"])
        if "lang" in params:
            self.change_settings(lang=params["lang"])
        say = self.settings.say
        if params.get("lang", self.settings.lang) != self.settings.lang:
            notices.append(say("unknown_language"))
        self.speak()
        if "seed" in params and params["seed"].isdigit():
            self.game = self.new_game(int(params["seed"]))
        else:
            saved = stored(GAME_KEY)
            self.game, problem = table.restore(saved, self.new_game)
            if problem:
                storage.setItem(BACKUP_KEY, saved)
                window.console.warn(f"Sixes: the saved game was refused: {problem}")  # the details, for the curious
                notices.append(say("unloadable", key=BACKUP_KEY))
        self.save()
        self.listen()
        self.el["autoplay"].checked = self.settings.autoplay
        self.el["speed"].value = self.settings.speed
        self.draw()
        self.tell(" ".join(notices))
        document.documentElement.dataset.state = "ready"
        window.performance.mark("sixes-ready")
        self.carry_on()

    def new_game(self, seed=None):
        seed = secrets.randbelow(2**32) if seed is None else seed
        return sixes.Game(players=5, chips=self.settings.chips, seed=seed, may_pass=self.settings.may_pass)

    def listen(self):
        document.addEventListener("click", create_proxy(self.on_click))
        self.el["autoplay"].addEventListener("change", create_proxy(self.on_autoplay))
        self.el["speed"].addEventListener("change", create_proxy(self.on_speed))
        self.el["setup"].addEventListener("close", create_proxy(self.on_setup_closed))
        self.el["setup-form"].addEventListener("change", create_proxy(self.on_setup_change))
        # Escape must not hide a round's end: the game can only go on through its button.
        for name in ("round-summary", "game-over"):
            self.el[name].addEventListener("cancel", create_proxy(lambda event: event.preventDefault()))
        for name in ("autoplay", "menu-new-game", "speed"):
            self.el[name].disabled = False

    def speak(self):
        """Put index.html's fixed words (data-say, data-say-label) in the person's language."""
        say = self.settings.say
        document.documentElement.lang = self.settings.lang
        if self.settings.lang == "en":
            return  # index.html is written in English
        for element in document.querySelectorAll("[data-say]"):
            element.textContent = say(element.dataset.say)
        for element in document.querySelectorAll("[data-say-label]"):
            element.setAttribute("aria-label", say(element.dataset.sayLabel))

    def save(self):
        storage.setItem(GAME_KEY, self.game.to_json())

    def change_settings(self, **changes):
        self.settings = self.settings.updated(**changes)
        storage.setItem(SETTINGS_KEY, self.settings.to_json())

    def tell(self, message):
        self.el["notice-text"].textContent = message
        self.el["notice"].hidden = not message

    # --- turns ------------------------------------------------------------
    @property
    def delay(self):
        return table.SPEEDS[self.settings.speed]

    def waiting_for_person(self):
        """The person's turn, and a real choice (a forced move is made for them if they asked)."""
        game = self.game
        if game.turn != 0 or game.round_over:
            return False
        legal = game.legal_moves()
        forced = not legal or (len(legal) == 1 and not game.may_pass)
        return not (self.settings.autoplay and forced)

    def carry_on(self):
        """Let the bots (and any automatic move) play until the person must choose or the round ends."""
        if self.bots_task is None or self.bots_task.done():
            self.bots_task = asyncio.ensure_future(self.play_bots())
            self.bots_task.add_done_callback(self.report_failure)

    async def play_bots(self):
        game = self.game
        while not game.round_over:
            if game.turn == 0:
                if self.waiting_for_person():
                    return
                await asyncio.sleep(max(self.delay, 0.2))  # long enough to see what is happening
                legal = game.legal_moves()
                self.move(legal[0] if legal else None)
                continue
            await asyncio.sleep(self.delay)
            card = bots.decide(self.settings.levels[game.turn - 1], game)
            await asyncio.sleep(0)  # draw in a task of its own, so no single task runs long
            self.move(card)
        self.show_round_end()

    def report_failure(self, task):
        if not task.cancelled() and task.exception() is not None:
            window.console.error(f"Sixes: the bots stopped: {task.exception()!r}")
            self.tell(self.settings.say("bots_failed"))

    def move(self, card):
        """The seat to act plays ``card`` (None: passes); then save, draw and show it travel."""
        seat = self.game.turn
        card = None if card is None else sixes.Card.parse(card)
        source = self.source_of(seat, card).getBoundingClientRect()
        if card is None:
            self.game.pass_turn()
        else:
            self.game.play(card)
        self.save()
        self.draw()
        self.show_travel(seat, card, source)

    def person_moves(self, card):
        # A stale or doubled click arrives after the move it asked for: the checks drop it.
        if not self.waiting_for_person():
            return
        legal = [str(c) for c in self.game.legal_moves()]
        if (card is None and legal and not self.game.may_pass) or (card is not None and card not in legal):
            return
        self.move(card)
        self.carry_on()

    # --- drawing ----------------------------------------------------------
    def draw(self):
        view = table.build(self.game, self.settings, self.waiting_for_person())
        say = view.say
        for seat in view.seats:
            element = self.seats[seat.seat]
            element.dataset.chips = seat.chips
            element.dataset.cards = seat.cards
            label = say("seat_label", name=seat.name, chips=say("chips", seat.chips), cards=say("cards", seat.cards))
            element.setAttribute("aria-label", label)
            if seat.acting:
                element.setAttribute("aria-current", "true")
            else:
                element.removeAttribute("aria-current")
            target = element.querySelector(".you-head") if seat.seat == 0 else element
            target.innerHTML = table.seat_html(seat, say)
        self.el["hand"].innerHTML = table.hand_html(view)
        self.el["hand"].style.setProperty("--n", len(view.hand))
        for column in view.columns:
            self.columns[column.suit].innerHTML = table.column_html(column, say)
        pot = self.el["pot"]
        pot.dataset.chips = view.pot
        pot.querySelector(".amount").textContent = view.pot
        pot.querySelector(".pile").innerHTML = '<i class="chip"></i>' * min(view.pot, 12)
        button = self.el["pass"]
        button.disabled = not view.can_pass
        button.textContent = say("pay_pass" if view.seats[0].chips else "pass_free")
        self.el["hint"].disabled = not view.your_turn
        self.el["status"].textContent = view.status
        self.el["narration"].innerHTML = table.narration_html(view.narration)
        self.el["round-label"].textContent = say("round", n=view.round_number)
        document.title = say("your_turn_title" if view.your_turn else "app")  # seen from another tab
        if view.your_turn and self.by_keyboard and document.activeElement == document.body:
            # The played card's button is gone: put keyboard focus back on the hand.
            first = self.el["hand"].querySelector("button:enabled")
            (self.el["pass"] if is_none(first) else first).focus()

    def source_of(self, seat, card):
        """Where a move starts on screen: the card in the person's hand, or the seat that moved."""
        if seat == 0 and card is not None:
            return self.el["hand"].querySelector(f'[data-card="{card}"]')
        if seat == 0:
            return self.el["pass"]
        return self.seats[seat].querySelector(".backs")

    def show_travel(self, seat, card, source):
        """Animate the played card from its source into its column, or a chip into the pot."""
        duration = min(self.delay * 0.6, 0.45) * 1000
        if not duration or window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        if card is None:
            if not self.game.history[-1].paid:
                return
            target = document.createElement("i")
            target.className = "chip flying"
            self.el["pot"].appendChild(target)
        else:
            target = self.columns[card.suit].querySelector(f'[data-card="{card}"]')
        end = target.getBoundingClientRect()
        dx = source.left + source.width / 2 - end.left - end.width / 2
        dy = source.top + source.height / 2 - end.top - end.height / 2
        frames = [{"transform": f"translate({dx}px, {dy}px)", "zIndex": 50}, {"transform": "none", "zIndex": 50}]
        timing = {"duration": duration, "easing": "cubic-bezier(.2,.7,.3,1)"}
        animation = target.animate(to_js([js_object(f) for f in frames]), js_object(timing))
        if card is None:
            animation.onfinish = create_once_callable(lambda _event: target.remove())

    # --- end of a round ---------------------------------------------------
    def show_round_end(self):
        if self.game.over:
            title, rows = table.standings(self.game, self.settings)
            text = table.game_over_text(self.game, self.settings)
            self.fill("over", title, text, table.standings_html(rows, self.settings.say))
            self.open_dialog("game-over")
        else:
            title, line, rows = table.round_summary(self.game, self.settings)
            self.fill("summary", title, line, table.summary_html(rows, self.settings.say))
            self.open_dialog("round-summary")

    def fill(self, prefix, title, text, rows_html):
        document.getElementById(f"{prefix}-title").textContent = title
        document.getElementById(f"{prefix}-text").textContent = text
        document.getElementById(f"{prefix}-table").innerHTML = rows_html

    def open_dialog(self, name):
        dialog = self.el[name]
        if not dialog.open:
            dialog.showModal()

    def next_round(self):
        if not self.game.round_over or self.game.over:
            return
        self.game.next_round()
        self.save()
        self.el["round-summary"].close()
        self.draw()
        self.carry_on()

    # --- settings and new games ------------------------------------------
    def open_setup(self):
        form = self.el["setup-form"]
        form.elements.namedItem("name").value = self.settings.name
        form.elements.namedItem("name").placeholder = self.settings.say("you")
        form.elements.namedItem("chips").value = self.settings.chips
        form.elements.namedItem("speed").value = self.settings.speed
        form.elements.namedItem("may_pass").checked = self.settings.may_pass
        form.querySelector(".levels").innerHTML = table.levels_html(self.settings)
        self.el["game-over"].close()
        self.el["setup"].returnValue = ""  # else Escape would repeat the last "Deal"
        self.open_dialog("setup")

    def on_setup_change(self, event):
        # "All bots" sets every seat; a seat's own choice makes the table mixed.
        form = self.el["setup-form"]
        name = event.target.name
        seat_selects = [form.elements.namedItem(f"level-{seat}") for seat in range(1, 5)]
        if name == "level-all" and event.target.value:
            for select in seat_selects:
                select.value = event.target.value
        elif name.startswith("level-"):
            values = {select.value for select in seat_selects}
            form.elements.namedItem("level-all").value = values.pop() if len(values) == 1 else ""

    def on_setup_closed(self, _event):
        if self.el["setup"].returnValue != "start":
            if self.game.over:
                self.open_dialog("game-over")
            return
        data = js.FormData.new(self.el["setup-form"])
        chips = data.get("chips")
        self.change_settings(
            name=data.get("name"),
            chips=int(chips) if chips.isdigit() else None,
            speed=data.get("speed"),
            levels=[data.get(f"level-{seat}") for seat in range(1, 5)],
            may_pass=data.has("may_pass"),
        )
        if self.bots_task is not None:
            self.bots_task.cancel()  # the old game's bots stop at their next pause
            self.bots_task = None  # (a cancelled task is not done() until then)
        self.el["speed"].value = self.settings.speed
        self.game = self.new_game()
        self.save()
        self.el["round-summary"].close()
        self.tell("")
        self.draw()
        self.carry_on()

    def on_speed(self, _event):
        self.change_settings(speed=self.el["speed"].value)

    def show_hint(self):
        if not self.waiting_for_person():
            return
        hint = hints.hint(self.game)
        self.el["status"].textContent = table.hint_text(hint, self.settings.say)
        if hint.card is not None:
            self.el["hand"].querySelector(f'[data-card="{hint.card}"]').classList.add("hinted")

    def on_autoplay(self, _event):
        self.change_settings(autoplay=bool(self.el["autoplay"].checked))
        self.draw()
        self.carry_on()

    def on_click(self, event):
        button = event.target.closest("button")
        if is_none(button) or button.disabled:
            return
        self.by_keyboard = event.detail == 0  # a click made with Enter or Space counts no clicks
        if not is_none(button.closest("#hand")):
            self.person_moves(button.dataset.card)
        elif button.id == "pass":
            self.person_moves(None)
        elif button.id == "dismiss":
            self.tell("")
        elif button.id == "hint":
            self.show_hint()
        elif button.id == "next-round":
            self.next_round()
        elif button.id in ("new-game", "menu-new-game"):
            self.open_setup()


def start():
    Page().start()

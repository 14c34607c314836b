"""The browser side of Sixes: draws sixes.table into the page, paces the bots, saves every move.

The only module that touches ``pyscript``, ``js`` or ``pyodide``. It draws from
``game.view(0)`` alone (through ``table.build``), so no bot's hand reaches the DOM.
"""

import asyncio
import functools
import importlib.util
import json
import secrets
import sys
import time
from html import escape

import js
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js
from pyscript import document, window
from pyscript.ffi import is_none

import sixes
from .. import bots, guide, review, table
from ..table import BACKUP_KEY, GAME_KEY, SETTINGS_KEY
from . import casual as web_casual, guide as web_guide, review as web_review


def on_first_use(name):
    """The module ``name``, imported when one of its attributes is first read (importlib's LazyLoader):
    what the first draw does not need waits until a dialog, a hint or a round's end asks for it."""
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


deals, hints, record, stats = (on_first_use(f"sixes.{name}") for name in ("deals", "hints", "record", "stats"))

LOCK = "sixes.game"  # the Web Lock held by the tab that plays the game, and the name of the tabs' channel
STAND_IN = "medium"  # the bot that plays the person's seat at an all-bot table (?bots=all)


SLICE = 0.02  # seconds of a bot's search between two turns of the event loop: a frame stays well under 50 ms


async def in_slices(steps):
    """Drive a bot's ``thinking`` generator to its card, handing the event loop
    back every ``SLICE`` seconds so the page keeps drawing and answering."""
    deadline = time.perf_counter() + SLICE
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        if time.perf_counter() > deadline:
            await asyncio.sleep(0)
            deadline = time.perf_counter() + SLICE


class Store:
    """localStorage, which may be missing, refused (site data blocked) or full: reads give None,
    writes say whether they were kept, and nothing here raises."""

    def __init__(self):
        try:
            area = window.localStorage  # the getter itself throws SecurityError when site data is blocked
        except (AttributeError, JsException):
            area = None
        self.area = None if is_none(area) else area

    def get(self, key):
        if self.area is None:
            return None
        try:
            text = self.area.getItem(key)
        except JsException:
            return None
        return None if is_none(text) else text  # a missing key is JS null, not None

    def set(self, key, text):
        if self.area is None:
            return False
        try:
            self.area.setItem(key, text)
        except JsException:  # QuotaExceededError when full; anything else a browser may throw
            return False
        return True

    def remove(self, key):
        if self.area is not None:
            try:
                self.area.removeItem(key)
            except JsException:
                pass


class Tabs:
    """Which of the tabs showing the game plays it: the one holding a Web Lock.

    A Web Lock, not a lease written in localStorage: the browser grants it to one tab at a time
    and frees it when that tab closes or crashes, while a write to localStorage reaches other tabs
    a moment later, so two tabs could each read a lease as theirs. A tab that wants the game asks
    on a BroadcastChannel; the tab playing it stops, sends its game as it stands and never saves
    again; only then does the asking tab take the lock (steal it) and play on from that game. So
    no move is played twice or lost, whatever localStorage holds at that instant. A browser
    without Web Locks plays in every tab, as before.
    """

    def __init__(self, give_up):
        self.give_up = give_up  # stops this tab playing and returns its save, to hand over
        self.locks = getattr(window.navigator, "locks", None)
        self.playing = is_none(self.locks)
        self.me = secrets.token_hex(8)
        self.handed = None  # a future: the save handed to this tab, while it asks for the game
        if not self.playing:  # (browsers without Web Locks lack BroadcastChannel too)
            self.channel = js.BroadcastChannel.new(LOCK)
            self.channel.onmessage = create_proxy(self.on_message)

    async def claim(self, steal=False):
        """Hold the lock and play here: True; False at once if another tab holds it (unless ``steal``)."""
        if self.playing:
            return True
        loop = asyncio.get_running_loop()
        granted, release = loop.create_future(), loop.create_future()

        async def hold(lock):
            granted.set_result(not is_none(lock))
            if not is_none(lock):
                await release  # the lock is held until the callback ends: until another tab steals it

        options = {"steal": True} if steal else {"ifAvailable": True}
        request = self.locks.request(LOCK, js_object(options), create_once_callable(hold))
        asyncio.ensure_future(self.until_stolen(request, release))
        self.playing = await granted
        return self.playing

    async def until_stolen(self, request, release):
        try:
            await request
        except JsException:  # AbortError: the tab this one handed the game to has taken the lock
            release.set_result(None)

    async def take(self):
        """Play the game here. Returns the save the tab playing it handed over, or None if no tab
        was playing it (the last one closed): then the newest save is the one in storage."""
        self.handed = asyncio.get_running_loop().create_future()
        while not await self.claim():
            self.channel.postMessage(json.dumps({"ask": self.me}))
            # Asked again each second: the tab in charge may itself have been taking over.
            await asyncio.wait([self.handed], timeout=1)
            if self.handed.done():
                await self.claim(steal=True)  # safe: the tab that held it has stopped for good
                return self.handed.result()
        return None

    def on_message(self, event):
        message = json.loads(event.data)
        if "ask" in message and self.playing:
            self.playing = False
            self.channel.postMessage(json.dumps({"to": message["ask"], "save": self.give_up()}))
        elif message.get("to") == self.me and self.handed is not None and not self.handed.done():
            self.handed.set_result(message["save"])


def js_object(mapping):
    return to_js(mapping, dict_converter=js.Object.fromEntries)


def take_url_params():
    """?seed=, ?speed=, ?lang=, ?bots= as a dict, removed from the address bar so a reload resumes."""
    url = js.URL.new(window.location.href)
    params = url.searchParams
    keys = ("seed", "speed", "lang", "bots", "players", "chips", "may_pass")  # the last three: a shared deal's rules
    found = {key: params.get(key) for key in keys if params.has(key)}
    for key in found:
        params.delete(key)
    if found:
        window.history.replaceState(window.history.state, "", url.href)
    return found


class Page:
    """Owns the game and the settings; every change goes through here, then is saved and drawn."""

    def __init__(self):
        self.store = Store()
        self.settings = table.Settings.from_json(self.store.get(SETTINGS_KEY))
        self.unsaved_said = False  # the person was told this browser keeps nothing
        self.tabs = Tabs(self.let_go)
        self.all_bots = False  # ?bots=all: a bot plays the person's seat too, for this visit
        self.game = None
        self.replay, self.replay_at = None, 0  # an imported game record being stepped through
        self.audio = None  # made on the person's first click: a browser starts no sound before one
        self.silent = False  # ?speed=0: tests and demos make no sound
        self.bots_task = None
        self.by_keyboard = False  # the last button was pressed with a key, not clicked
        self.el = {name: document.getElementById(name) for name in (
            "hand", "pass", "pot", "status", "narration", "round-label", "notice", "notice-text", "autoplay",
            "round-summary", "game-over", "setup", "setup-form", "menu-new-game", "hint", "speed", "elsewhere",
            "lang", "deck", "rules", "stats", "log", "review")}
        self.seats = [document.querySelector(f'[data-seat="{seat}"]') for seat in range(sixes.game.MAX_PLAYERS)]
        self.columns = {suit: document.querySelector(f'[data-column="{suit}"]') for suit in "SHDC"}
        self.guide = web_guide.Guide(self)  # the guided deal, on a first visit and from "How to play"
        self.take_backs = web_casual.TakeBacks(self)
        self.review = web_review.Review(self)  # (after the table's seats and columns are found: it draws its own)

    @functools.cached_property
    def stats(self):
        """The person's statistics, read when first needed (a round's end, a hint, the dialog), not at boot."""
        return stats.Stats.from_json(self.store.get(stats.STATS_KEY))  # (the module, not this property)

    # --- start ------------------------------------------------------------
    async def start(self):
        params = take_url_params()
        notices = []
        first_visit = self.store.get(SETTINGS_KEY) is None  # (asked before ?speed= saves any settings)
        # A first visit is taught by a guided deal; a link to a deal (?seed=) plays that deal at once.
        welcome = first_visit and self.store.area is not None and self.store.get(GAME_KEY) is None \
            and "seed" not in params and params.get("bots") != "all"
        if "speed" in params:
            self.change_settings(speed="instant" if params["speed"] == "0" else params["speed"])
            self.silent = params["speed"] == "0"
        if "lang" in params:
            params["lang"] = params["lang"].lower()
            self.change_settings(lang=params["lang"])
        elif first_visit:  # speaks the first of the browser's languages that the page speaks
            self.change_settings(lang=table.first_language(list(window.navigator.languages or [])))
        say = self.settings.say
        if params.get("lang", self.settings.lang) != self.settings.lang:
            notices.append(say("unknown_language"))
        self.speak()
        self.all_bots = params.get("bots") == "all"
        if not await self.tabs.claim():
            self.game, _ = table.restore(self.store.get(GAME_KEY), self.new_game)  # shown until this tab takes over
        elif "seed" in params and params["seed"].isdigit():
            self.game = self.new_game(int(params["seed"]), deals.rules_from_params(params, self.house_rules()))
        else:
            notices.append(self.resume(self.store.get(GAME_KEY)))
        self.save()
        if welcome and self.tabs.playing:
            self.guide.begin(first_visit=True)
        if self.unsaved_said:
            notices.append(say("not_saving"))
        self.listen()
        self.el["autoplay"].checked = self.settings.autoplay
        document.getElementById("sound").setAttribute("aria-pressed", str(self.settings.sound).lower())
        document.getElementById("show-lacks").setAttribute("aria-pressed", str(self.settings.show_lacks).lower())
        self.el["speed"].value = self.settings.speed
        self.draw()
        self.tell(" ".join(filter(None, notices)))
        document.documentElement.dataset.state = "ready"
        window.performance.mark("sixes-ready")
        self.carry_on()

    def resume(self, saved):
        """Play on from the text ``saved`` (None: a new game). A save that cannot be loaded is kept
        under BACKUP_KEY and a new game begins; returns what to tell the person ("" if nothing)."""
        self.game, problem = table.restore(saved, self.new_game)
        if not problem:
            return ""
        # Copied, or moved if it cannot be there twice (a save near the storage quota).
        if not self.store.set(BACKUP_KEY, saved):
            self.store.remove(GAME_KEY)
            self.keep(BACKUP_KEY, saved)
        window.console.warn(f"Sixes: the saved game was refused: {problem}")  # the details, for the curious
        return self.settings.say("unloadable", key=BACKUP_KEY)

    def house_rules(self):
        return {"players": self.settings.players, "chips": self.settings.chips, "may_pass": self.settings.may_pass}

    def new_game(self, seed=None, rules=None, casual=False):
        """A game from ``seed`` (None: a random one) under ``rules`` (None: the person's house rules)."""
        seed = secrets.randbelow(2**32) if seed is None else seed
        return sixes.Game(seed=seed, casual=casual, **(rules or self.house_rules()))

    def listen(self):
        document.addEventListener("click", create_proxy(self.on_click))
        self.el["autoplay"].addEventListener("change", create_proxy(self.on_autoplay))
        self.el["speed"].addEventListener("change", create_proxy(self.on_speed))
        self.el["setup"].addEventListener("close", create_proxy(self.on_setup_closed))
        document.getElementById("open-record").addEventListener(
            "change", create_proxy(lambda event: asyncio.ensure_future(self.open_record(event))))
        self.el["setup-form"].addEventListener("change", create_proxy(self.on_setup_change))
        # Escape must not hide a round's end: the game can only go on through its button.
        for name in ("round-summary", "game-over"):
            self.el[name].addEventListener("cancel", create_proxy(lambda event: event.preventDefault()))
        document.addEventListener("keydown", create_proxy(self.on_key))
        self.el["lang"].addEventListener("change", create_proxy(self.on_language))
        document.getElementById("menu").addEventListener("toggle", create_proxy(self.on_menu_toggle))
        self.el["deck"].addEventListener("change", create_proxy(self.on_deck))
        for name in ("autoplay", "menu-new-game", "speed", "lang", "deck"):
            self.el[name].disabled = False

    def on_menu_toggle(self, event):
        # The header's menu is a native popover (it opens and closes itself); its button says which it is.
        document.getElementById("menu-button").setAttribute("aria-expanded", str(event.newState == "open").lower())

    def speak(self):
        """Put index.html's fixed words (data-say, data-say-label) in the person's language."""
        say = self.settings.say
        root = document.documentElement
        root.lang, root.dir, root.dataset.deck = self.settings.lang, say("dir"), self.settings.deck
        for element in document.querySelectorAll("[data-say]"):
            element.textContent = say(element.dataset.say)
        for element in document.querySelectorAll("[data-say-label]"):
            element.setAttribute("aria-label", say(element.dataset.sayLabel))
        for element in document.querySelectorAll("[data-say-title]"):
            element.title = say(element.dataset.sayTitle)
        document.getElementById("rules-text").innerHTML = table.rules_html(say)
        self.el["lang"].value, self.el["deck"].value = self.settings.lang, self.settings.deck

    def save(self):
        # A tab that is not playing the game never writes it; the guided deal is never saved over it.
        if self.tabs.playing and not self.guide.active:
            self.keep(GAME_KEY, self.game.to_json())

    def keep(self, key, text):
        """Write to storage; the first write refused tells the person that nothing is being kept."""
        kept = self.store.set(key, text)
        if not kept and not self.unsaved_said:
            self.unsaved_said = True
            self.tell(self.settings.say("not_saving"))
        return kept

    def change_settings(self, **changes):
        self.settings = self.settings.updated(**changes)
        self.keep(SETTINGS_KEY, self.settings.to_json())

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
        if game.turn != 0 or game.round_over or self.all_bots or not self.tabs.playing:
            return False
        legal = game.legal_moves()
        forced = not legal or (len(legal) == 1 and not game.may_pass)
        return not (self.settings.autoplay and forced and not self.guide.active)  # the guide is learnt by doing

    def carry_on(self):
        """Let the bots (and any automatic move) play until the person must choose or the round ends."""
        if not self.tabs.playing:
            return
        if self.bots_task is None or self.bots_task.done():
            self.bots_task = asyncio.ensure_future(self.play_bots())
            self.bots_task.add_done_callback(self.report_failure)

    def stop_bots(self):
        if self.bots_task is not None:
            self.bots_task.cancel()  # the bots stop at their next pause
            self.bots_task = None  # (a cancelled task is not done() until then)

    async def play_bots(self):
        game = self.game
        while not game.round_over:
            if game.turn == 0 and not self.all_bots:
                if self.waiting_for_person():
                    return
                await asyncio.sleep(max(self.delay, 0.2))  # long enough to see what is happening
                legal = game.legal_moves()
                self.move(legal[0] if legal else None)
                continue
            await asyncio.sleep(self.delay)
            level = self.settings.levels[game.turn - 1] if game.turn else STAND_IN
            card = guide.bot_move(game) if self.guide.active else await in_slices(bots.thinking(level, game))
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
        # Measured only if it will fly: measuring makes the browser lay the page out again, every move.
        source = self.source_of(seat, card).getBoundingClientRect() if self.delay else None
        if card is None:
            self.game.pass_turn()
        else:
            self.game.play(card)
        self.save()
        self.draw()
        if card is not None:
            self.snap()
        elif self.game.history[-1].paid:
            self.clink()
        self.announce(table.narrate(self.game.history[-1], self.settings.names, self.settings.say))
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

    # --- another tab ------------------------------------------------------
    def let_go(self):
        """Another tab takes the game: stop here at once, show the table as it stands, return its save."""
        self.stop_bots()
        self.guide.end()
        for name in ("round-summary", "game-over", "setup"):
            self.el[name].close()
        self.draw()
        self.el["elsewhere"].querySelector("button").disabled = False
        return self.game.to_json()

    async def take_over(self):
        """Play the game in this tab from now on, from the newest save (handed over by the tab that had it)."""
        save = await self.tabs.take()
        notice = self.resume(self.store.get(GAME_KEY) if save is None else save)
        if notice:
            self.tell(notice)
        self.save()
        self.draw()
        self.carry_on()

    # --- drawing ----------------------------------------------------------
    def draw(self):
        view = table.build(self.game, self.settings, self.waiting_for_person())
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
        self.el["hand"].innerHTML = table.hand_html(view)
        count = len(view.hand)
        self.el["hand"].style.setProperty("--n", count)
        # An upright phone shows up to 8 cards a row; more take two rows of half the hand each.
        self.el["hand"].style.setProperty("--per-row", count if count <= 8 else -(-count // 2))
        self.el["hand"].classList.toggle("two-rows", count > 8)
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
        self.el["status"].textContent = view.status if self.tabs.playing else ""
        self.el["elsewhere"].hidden = self.tabs.playing
        self.el["menu-new-game"].disabled = not self.tabs.playing
        self.el["narration"].innerHTML = table.narration_html(view.narration)
        self.el["round-label"].textContent = " · ".join(filter(None, [say("round", n=view.round_number), view.deal_note]))
        document.title = say("your_turn_title" if view.your_turn else "app")  # seen from another tab
        if view.your_turn and self.by_keyboard and document.activeElement == document.body:
            # The played card's button is gone: put keyboard focus back on the hand.
            first = self.el["hand"].querySelector("button:enabled")
            (self.el["pass"] if is_none(first) else first).focus()
        self.guide.draw()
        self.take_backs.draw()

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
        if self.guide.active:
            self.guide.finish()
            return
        levels = self.bot_levels()
        self.stats.record_round(self.game, stats.table_level(levels))
        self.keep_stats()
        prefix = "over" if self.game.over else "summary"  # the game-over dialog, or the round summary
        hands = table.hands_html(table.round_hands(self.game, self.settings.names), self.settings.say)
        document.getElementById(f"{prefix}-hands").innerHTML = hands
        daily = deals.DailyRecord(self.store.get(deals.DAILY_KEY))
        self.review.summary_line(self.game, levels, f"{prefix}-expert", daily.is_daily(self.game))
        if self.game.over:
            self.finish_daily(daily)
            title, rows = table.standings(self.game, self.settings)
            text = table.game_over_text(self.game, self.settings)
            self.fill("over", title, text, table.standings_html(rows, self.settings.say))
            self.open_dialog("game-over")
        else:
            title, text, rows = table.round_summary(self.game, self.settings)
            self.fill("summary", title, text, table.summary_html(rows, self.settings.say))
            self.open_dialog("round-summary")
        self.announce(f"{title}. {text}")

    def bot_levels(self):
        return self.settings.levels[:self.game.players - 1]

    def fill(self, prefix, title, text, rows_html):
        document.getElementById(f"{prefix}-title").textContent = title
        document.getElementById(f"{prefix}-text").textContent = text
        document.getElementById(f"{prefix}-table").innerHTML = rows_html

    def open_dialog(self, name):
        dialog = self.el[name]
        if not dialog.open:
            dialog.showModal()

    def next_round(self):
        if not self.game.round_over or self.game.over or not self.tabs.playing:
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
        form.elements.namedItem("players").value = self.settings.players
        form.elements.namedItem("speed").value = self.settings.speed
        form.elements.namedItem("may_pass").checked = self.settings.may_pass
        form.elements.namedItem("casual").checked = self.game.casual and not self.guide.active
        form.querySelector(".levels").innerHTML = table.levels_html(self.settings)
        self.el["game-over"].close()
        self.el["setup"].returnValue = ""  # else Escape would repeat the last "Deal"
        self.open_dialog("setup")

    def on_setup_change(self, event):
        # "All bots" sets every seat (those a smaller table hides too); a seat's own choice makes the table mixed.
        form = self.el["setup-form"]
        name = event.target.name
        players = int(form.elements.namedItem("players").value)
        seat_selects = [form.elements.namedItem(f"level-{seat}") for seat in range(1, len(table.BOT_NAMES) + 1)]
        if name == "players":
            for seat, select in enumerate(seat_selects, start=1):
                select.closest("label").hidden = seat >= players
        elif name == "level-all" and event.target.value:
            for select in seat_selects:
                select.value = event.target.value
        elif name.startswith("level-"):
            values = {select.value for select in seat_selects[:players - 1]}
            form.elements.namedItem("level-all").value = values.pop() if len(values) == 1 else ""

    def on_setup_closed(self, _event):
        if not self.tabs.playing:
            return  # another tab took the game while the dialog was open
        if self.el["setup"].returnValue == "daily":
            self.start_daily()
            return
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
            levels=[data.get(f"level-{seat}") for seat in range(1, len(table.BOT_NAMES) + 1)],
            players=int(data.get("players")),
            may_pass=data.has("may_pass"),
        )
        self.stop_bots()
        self.el["speed"].value = self.settings.speed
        self.game = self.new_game(casual=data.has("casual"))
        self.save()
        self.el["round-summary"].close()
        self.tell("")
        self.draw()
        self.carry_on()

    # --- sound: synthesised with the Web Audio API, no audio files ---------------
    def sound_out(self, seconds, volume):
        """A gain node that fades from ``volume`` to silence over ``seconds``, or None when there is to be no sound."""
        if self.audio is None or not self.settings.sound or self.silent:
            return None
        now = self.audio.currentTime
        gain = self.audio.createGain()
        gain.gain.setValueAtTime(volume, now)
        gain.gain.exponentialRampToValueAtTime(0.001, now + seconds)
        gain.connect(self.audio.destination)
        return gain

    def snap(self):
        """A card laid down: a short burst of noise through a band-pass filter."""
        gain = self.sound_out(0.07, 0.6)
        if gain is None:
            return
        audio = self.audio
        frames = int(audio.sampleRate * 0.07)
        noise = audio.createBuffer(1, frames, audio.sampleRate)
        noise.copyToChannel(js.Float32Array.new(to_js([secrets.randbits(16) / 32768 - 1 for _ in range(frames)])), 0)
        source = audio.createBufferSource()
        source.buffer = noise
        band = audio.createBiquadFilter()
        band.type = "bandpass"
        band.frequency.value = 1800
        source.connect(band)
        band.connect(gain)
        source.start()

    def clink(self):
        """A chip into the pot: two high, inharmonic partials that ring briefly."""
        gain = self.sound_out(0.3, 0.2)
        if gain is None:
            return
        for pitch in (2637, 3951):
            tone = self.audio.createOscillator()
            tone.frequency.value = pitch
            tone.connect(gain)
            tone.start()
            tone.stop(self.audio.currentTime + 0.3)

    # --- statistics and the game log -----------------------------------------
    def keep_stats(self):
        self.store.set(stats.STATS_KEY, self.stats.to_json())

    def show_stats(self):
        say = self.settings.say
        rows = "".join(f'<tr><th scope="row">{escape(label)}</th><td>{value}</td></tr>'
                       for label, value in stats.summary_rows(self.stats, say))
        document.getElementById("stats-table").innerHTML = f"<table><tbody>{rows}</tbody></table>"
        current, last = self.stats.current, self.stats.last
        chart = stats.chart_svg(current, last, say) + stats.chart_table(current, last, say)
        document.getElementById("stats-chart").innerHTML = chart
        self.open_dialog("stats")

    def reset_stats(self):
        if window.confirm(self.settings.say("reset_confirm")):
            self.stats = stats.Stats()
            self.keep_stats()
            self.show_stats()

    def log_lines(self, game):
        return self.take_backs.log_lines(game, record.log_lines(game, self.settings.names, self.settings.say))

    def show_log(self):
        """The current game's log, or an imported record's up to the step shown."""
        game = self.game if self.replay is None else self.replay.game_at(self.replay_at)
        lines = self.log_lines(game)
        items = [f"<li>{escape(line)}</li>" for line in lines]
        if self.replay is not None:
            items[-1] = items[-1].replace("<li>", '<li class="now">', 1)
            total = len(self.replay.turns)
            document.getElementById("replay-step").textContent = \
                self.settings.say("replay_step", n=self.replay_at, total=total)
            document.getElementById("replay-back").disabled = self.replay_at == 0
            document.getElementById("replay-forward").disabled = self.replay_at == total
        document.getElementById("replay").hidden = self.replay is None
        document.getElementById("record-review").hidden = self.replay is None
        if self.replay is not None:
            document.getElementById("review-record-round").innerHTML = web_review.round_choices(self.replay,
                                                                                                self.replay_at)
        document.getElementById("log-list").innerHTML = "".join(items)
        self.open_dialog("log")

    async def open_record(self, event):
        files = event.target.files
        if not files.length:
            return
        text = await files.item(0).text()
        event.target.value = ""  # the same file may be opened again
        try:
            self.replay, self.replay_at = record.steps_of(text), 0
        except record.RecordError as error:
            self.tell(self.settings.say("bad_record", why=str(error)))
            return
        self.show_log()

    def download(self, name, text, kind):
        blob = js.Blob.new(to_js([text]), js_object({"type": kind}))
        link = document.createElement("a")
        link.href = js.URL.createObjectURL(blob)
        link.download = name
        link.click()
        js.URL.revokeObjectURL(link.href)

    # --- shared and daily deals --------------------------------------------
    def copy_link(self):
        """Put a link that deals this game again on the clipboard, and show it (a clipboard may refuse)."""
        location = window.location
        url = f"{location.origin}{location.pathname}?{deals.link_query(self.game)}"
        clipboard = window.navigator.clipboard
        if not is_none(clipboard):
            clipboard.writeText(url).catch(create_once_callable(lambda _error: None))
        self.el["setup"].close()
        self.tell(self.settings.say("link_ready", url=url))

    def start_daily(self):
        """The deal of the person's local date: everyone's is the same, under the standard rules."""
        now = js.Date.new()
        date = f"{now.getFullYear()}-{now.getMonth() + 1:02d}-{now.getDate():02d}"
        record = deals.DailyRecord(self.store.get(deals.DAILY_KEY))
        seed = record.start(date)
        self.store.set(deals.DAILY_KEY, record.to_json())
        self.stop_bots()
        self.game = self.new_game(seed, deals.DAILY_RULES)
        self.save()
        self.el["round-summary"].close()
        result, say = record.result(date), self.settings.say
        done = result and say("daily_won" if result["won"] else "daily_played", date=date,
                              chips=say("chips", result["chips"]))
        self.tell(done or say("daily_label", date=date))
        self.draw()
        self.carry_on()

    def finish_daily(self, record):
        if record.is_daily(self.game):
            record.finish(self.game)
            self.store.set(deals.DAILY_KEY, record.to_json())

    def on_speed(self, _event):
        self.change_settings(speed=self.el["speed"].value)

    def show_hint(self):
        if not self.waiting_for_person():
            return
        hint = hints.hint(self.game)
        self.stats.start_game(self.game)
        self.stats.hint_used(self.game)
        self.keep_stats()
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
        if self.audio is None and self.settings.sound and not self.silent:
            self.audio = js.AudioContext.new()
        if self.guide.on_click(button) or self.take_backs.on_click(button):
            return
        if not is_none(button.closest("#hand")):
            self.person_moves(button.dataset.card)
        elif button.id == "pass":
            self.person_moves(None)
        elif button.id == "dismiss":
            self.tell("")
        elif button.id == "take-over":
            button.disabled = True  # until this tab lets the game go again
            asyncio.ensure_future(self.take_over()).add_done_callback(self.report_failure)
        elif button.id == "hint":
            self.show_hint()
        elif button.id == "copy-link":
            self.copy_link()
        elif button.id == "sound":
            self.change_settings(sound=not self.settings.sound)
            button.setAttribute("aria-pressed", str(self.settings.sound).lower())
        elif button.id == "show-lacks":
            self.change_settings(show_lacks=not self.settings.show_lacks)
            button.setAttribute("aria-pressed", str(self.settings.show_lacks).lower())
            self.draw()
        elif button.id == "menu-stats":
            self.show_stats()
        elif button.id == "reset-stats":
            self.reset_stats()
        elif button.id == "menu-log":
            self.replay = None
            self.show_log()
        elif button.id in ("replay-back", "replay-forward"):
            step = 1 if button.id == "replay-forward" else -1
            self.replay_at = min(max(self.replay_at + step, 0), len(self.replay.turns))
            self.show_log()
        elif button.id == "save-text":
            self.download("sixes-log.txt", "\n".join(self.log_lines(self.game)) + "\n", "text/plain")
        elif button.id == "save-record":
            self.download("sixes-game.json", record.to_record(self.game), "application/json")
        elif button.id in ("review-round", "review-last-round"):
            self.review.open(review.RoundRecord.of_game(self.game), self.bot_levels())
        elif button.id == "review-record":
            number = int(document.getElementById("review-record-round").value)
            self.review.open(review.round_of_replay(self.replay, number), self.bot_levels())
        elif not is_none(button.closest("#review")):
            self.review.on_click(button)
        elif button.id == "next-round":
            self.next_round()
        elif button.id in ("new-game", "menu-new-game"):
            self.open_setup()
        elif button.id == "rules-button":
            self.open_dialog("rules")

    # --- keyboard, language, deck, and what a screen reader hears --------------
    def on_key(self, event):
        """Arrow keys (and Home, End) move through the playable cards; P pays and passes when that is allowed."""
        dialog = document.querySelector("dialog[open]")
        if not is_none(dialog):
            if event.key == "Tab":
                self.keep_focus_in(dialog, event)
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        cards = list(self.el["hand"].querySelectorAll("button:enabled"))
        steps = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
        if cards and (event.key in steps or event.key in ("Home", "End")) and (
                target == document.body or not is_none(target.closest("#hand"))):
            event.preventDefault()
            here = next((i for i, card in enumerate(cards) if card == target), None)
            if event.key in ("Home", "End"):
                there = 0 if event.key == "Home" else -1
            else:
                there = 0 if here is None else (here + steps[event.key]) % len(cards)
            cards[there].focus()
        elif event.key.lower() == "p" and not self.el["pass"].disabled and is_none(target.closest("input, select")):
            self.by_keyboard = True
            self.person_moves(None)

    def keep_focus_in(self, dialog, event):
        """Tab from a modal dialog's last control comes back to its first (Shift+Tab the other way):
        a modal dialog makes the page behind it inert, but lets the focus leave for the browser's own bar."""
        stops = [el for el in dialog.querySelectorAll("button:enabled, input:enabled, select:enabled, [tabindex='0']")
                 if not is_none(el.offsetParent)]  # shown: a hidden control takes no focus
        if not stops:
            return
        first, last = stops[0], stops[-1]
        active = document.activeElement
        if event.shiftKey and (active == first or not dialog.contains(active)):
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and (active == last or not dialog.contains(active)):
            event.preventDefault()
            first.focus()

    def on_language(self, _event):
        self.change_settings(lang=self.el["lang"].value)
        self.speak()
        self.redraw()

    def on_deck(self, _event):
        self.change_settings(deck=self.el["deck"].value)
        self.speak()
        self.redraw()

    def redraw(self):
        """Draw again in new words or a new deck, the round's end too if it is showing: the game goes on as it was."""
        self.draw()
        if self.game.round_over and (self.el["round-summary"].open or self.el["game-over"].open):
            self.show_round_end()

    def announce(self, line):
        """Tell a screen reader ``line``: added to a polite live region that keeps the last few lines."""
        region = document.getElementById("announce")
        item = document.createElement("p")
        item.textContent = line
        region.appendChild(item)
        while region.childElementCount > 4:
            region.firstElementChild.remove()


async def start():
    await Page().start()

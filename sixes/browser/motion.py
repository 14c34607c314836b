"""Motion and sound: a played card flies from where it was into its column, a chip into the pot, and each
makes its sound, synthesised with the Web Audio API (no audio files)."""

import array
import asyncio
import secrets
from typing import Any

import js
from pyscript import document, window
from pyscript.ffi import is_none

from ..engine.cards import Card
from ..engine.core import Seat
from ..engine.game import Move
from ..model import table
from .draw import Drawing
from .shared import el, when_idle
from .state import State

Flight = tuple[Any, Any, float]  # where a move flies from and to (the elements' rectangles), and for how many ms


class Motion:
    """The flights and the sounds of the moves ``state``'s game makes on the table ``drawing`` draws."""

    def __init__(self, state: State, drawing: Drawing) -> None:
        self.state = state
        self.drawing = drawing
        self.audio: Any = None  # made once the page is idle (prepare), or at the person's first click
        self.woken = False  # the person has clicked: a browser lets an audio context play only after a click
        self.silent = False  # ?speed=0: tests and demos make no sound
        self.noise: Any = None  # the snap's noise, an AudioBuffer made with the audio context

    # --- travel ------------------------------------------------------------
    def measure(self, seat: Seat, card: Card | None) -> Flight | None:
        """Where a move will fly from (the card in the hand, Pass, or the seat's backs) and to (the open end it fills,
        or the pot), read before the move is drawn, while the layout is still the last frame's and costs nothing.
        None: nothing flies."""
        duration = self.duration()
        if not duration:
            return None
        drawing = self.drawing
        if seat == 0 and card is not None:
            source = el["hand"].querySelector(f'[data-card="{card}"]')
        elif seat == 0:
            source = el["pass"]
        else:
            source = drawing.seats[seat].querySelector(".backs")
        if card is None:
            target = el["pot"]
        else:
            target = drawing.columns[card.suit].querySelector(
                f'.end[data-slot="{self.state.game.rules.slot[card.index]}"]'
            )
        if is_none(source) or is_none(target):
            return None
        return source.getBoundingClientRect(), target.getBoundingClientRect(), duration

    def duration(self) -> float:
        """How long a card's flight takes, in ms (0: no motion)."""
        duration = min(self.state.delay * 0.6, 0.45) * 1000
        return 0 if not duration or window.matchMedia("(prefers-reduced-motion: reduce)").matches else duration

    def travel(self, move: Move, flight: Flight | None) -> None:
        """Fly the card ``move`` played from where ``measure`` saw it start into its column, or its paid chip into
        the pot. Nothing is measured here (FLIP: first and last were read before drawing); only transform moves."""
        if flight is None or (move.card is None and not move.paid):
            return
        source, end, duration = flight
        if move.card is None:
            target = document.createElement("i")
            target.className = "chip flying"  # lies in the middle of the pot
            el["pot"].appendChild(target)
        else:
            target = self.drawing.column_cards[move.card.suit].element(str(move.card))
        window.sixesHand.fly(target, source, end, duration, move.card is None)  # (assets/boot.js)

    def ante(self) -> None:
        """A deal of a game with an ante (Fan Tan): each seat that had chips antes one, which flies into the pot as a
        paid pass's chip does, with one clink. Read and flown once the deal is drawn (its seats' backs are there)."""
        game, duration = self.state.game, self.duration()
        if not game.rules.ante or game.history or not duration:
            return
        end = el["pot"].getBoundingClientRect()
        for seat, anted in enumerate(table.antes(game)):
            source = el["pass"] if seat == 0 else self.drawing.seats[seat].querySelector(".backs")
            if anted and not is_none(source):
                chip = document.createElement("i")
                chip.className = "chip flying"
                el["pot"].appendChild(chip)
                window.sixesHand.fly(chip, source.getBoundingClientRect(), end, duration, True)  # (assets/boot.js)
        self.clink()

    async def payments(self) -> None:
        """A round's end that makes seats pay its winner (Fan Tan: a chip a card left in hand): from each seat that
        paid, a chip flies to the winner's chips, with one clink. Flown once the round's last frame is drawn, so
        the seats show their new chips; the chip lies over the page (the seats' parts are redrawn under it). Returns
        once they have landed."""
        game, duration = self.state.game, self.duration()
        winner, paid = game.round_winner, table.paid_at_end(game)
        if winner is None or not duration or not any(paid):
            return
        end = self.drawing.seats[winner].querySelector(".chips")
        to = end.getBoundingClientRect()
        for seat, amount in enumerate(paid):
            source = self.drawing.seats[seat].querySelector(".chips")
            if amount > 0 and not is_none(source):
                chip = document.createElement("i")
                chip.className = "chip flying"
                chip.style.cssText = (
                    f"position: fixed; left: {to.left}px; top: {to.top + to.height / 2}px; translate: 0 -50%"
                )
                document.body.appendChild(chip)
                window.sixesHand.fly(chip, source.getBoundingClientRect(), chip.getBoundingClientRect(), duration, True)
        self.clink()
        await asyncio.sleep(duration / 1000)

    # --- sound -------------------------------------------------------------
    def prepare(self) -> None:
        """The audio context, and when idle again the snap's noise, if sound is wanted: each made in a task of its
        own, never the first click's (it would hold up that click's card). The context waits, suspended, for a click."""
        if self.audio is None and self.state.settings.sound and not self.silent:
            self.audio = js.AudioContext.new()
            when_idle(self.make_noise)

    def wake(self) -> None:
        """On a click: let the audio context play, made now if it is not made yet and sound is wanted."""
        if self.audio is None:
            self.prepare()  # (made in a click, it plays at once)
        elif not self.woken:
            self.audio.resume()
        self.woken = self.audio is not None

    def sound_of(self, move: Move) -> None:
        """A card laid down snaps; a chip paid into the pot clinks; a free pass is silent."""
        if move.card is not None:
            self.snap()
        elif move.paid:
            self.clink()

    def sound_out(self, seconds: float, volume: float) -> Any:
        """A gain node that fades from ``volume`` to silence over ``seconds``, or None when there is to be no sound."""
        if self.audio is None or not self.woken or not self.state.settings.sound or self.silent:
            return None  # (a sound made before the first click would wait, and play with the click's own)
        now = self.audio.currentTime
        gain = self.audio.createGain()
        gain.gain.setValueAtTime(volume, now)
        gain.gain.exponentialRampToValueAtTime(0.001, now + seconds)
        gain.connect(self.audio.destination)
        return gain

    def snap(self) -> None:
        """A card laid down: a short burst of noise through a band-pass filter."""
        gain = self.sound_out(0.07, 0.6)
        if gain is None:
            return
        audio = self.audio
        if self.noise is None:
            self.make_noise()  # (a snap before the page was idle again)
        source = audio.createBufferSource()
        source.buffer = self.noise
        band = audio.createBiquadFilter()
        band.type = "bandpass"
        band.frequency.value = 1800
        source.connect(band)
        band.connect(gain)
        source.start()

    def make_noise(self) -> None:
        """The snap's noise, made once: every snap plays the same 70 ms of it."""
        if self.noise is not None:
            return
        audio = self.audio
        frames = int(audio.sampleRate * 0.07)
        samples = memoryview(secrets.token_bytes(2 * frames)).cast("h")  # any randomness but the game's
        self.noise = audio.createBuffer(1, frames, audio.sampleRate)
        # (Copied as one buffer: a list would cross into JavaScript a number at a time.)
        self.noise.getChannelData(0).assign(array.array("f", (sample / 32768 for sample in samples)))

    def clink(self) -> None:
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

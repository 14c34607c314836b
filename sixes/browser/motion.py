"""Motion and sound: a played card flies from where it was into its column, a chip into the pot, and each
makes its sound, synthesised with the Web Audio API (no audio files)."""

import array
import secrets
from typing import TYPE_CHECKING, Any

import js
from pyscript import document, window
from pyscript.ffi import is_none

from ..engine.cards import RANKS, Card
from ..engine.core import Seat
from ..engine.game import Move
from .shared import when_idle

if TYPE_CHECKING:  # (the controller imports this module)
    from .controller import Controller


class Motion:
    def __init__(self, controller: "Controller") -> None:
        self.controller = controller
        self.audio: Any = None  # made once the page is idle (prepare), or at the person's first click
        self.woken = False  # the person has clicked: a browser lets an audio context play only after a click
        self.silent = False  # ?speed=0: tests and demos make no sound
        self.noise: Any = None  # the snap's noise, an AudioBuffer made with the audio context

    # --- travel ------------------------------------------------------------
    def measure(self, seat: Seat, card: Card | None) -> tuple[Any, Any] | None:
        """Where a move will fly from and to, as (source, target) rectangles, read before the move is drawn: the
        layout is then still the last frame's, so reading it costs nothing, where a read after drawing would make
        the browser lay the page out again at once. None if nothing will fly.

        From: the card in the person's hand (Pass, for a pass), or the seat that moved. To: the open end the card
        fills in its column (an end is drawn where the card will lie, at the same size), or the pot."""
        controller = self.controller
        if not self.duration():
            return None
        el = controller.el
        if seat == 0 and card is not None:
            source = el["hand"].querySelector(f'[data-card="{card}"]')
        elif seat == 0:
            source = el["pass"]
        else:
            source = controller.drawing.seats[seat].querySelector(".backs")
        if card is None:
            target = el["pot"]
        else:
            target = controller.drawing.columns[card.suit].querySelector(f'.end[data-slot="{RANKS.index(card.rank)}"]')
        if is_none(source) or is_none(target):
            return None
        return source.getBoundingClientRect(), target.getBoundingClientRect()

    def duration(self) -> float:
        """How long a card's flight takes, in ms (0: no motion)."""
        duration = min(self.controller.delay * 0.6, 0.45) * 1000
        return 0 if not duration or window.matchMedia("(prefers-reduced-motion: reduce)").matches else duration

    def travel(self, card: Card | None, measured: tuple[Any, Any] | None) -> None:
        """Animate the played card from where ``measure`` saw it start into its column, or a paid chip into the pot.
        Nothing is measured here (FLIP: first and last were read before drawing); only transform moves."""
        controller = self.controller
        if measured is None:
            return
        source, end = measured
        if card is None:
            if not controller.game.history[-1].paid:
                return
            target = document.createElement("i")
            target.className = "chip flying"  # lies in the middle of the pot
            controller.el["pot"].appendChild(target)
        else:
            target = controller.drawing.column_cards[card.suit].element(str(card))
        window.sixesHand.fly(target, source, end, self.duration(), card is None)  # (assets/boot.js)

    # --- sound -------------------------------------------------------------
    def prepare(self) -> None:
        """Once the page is idle after its start, make the audio context, and the snap's noise when it is idle
        again, if sound is wanted: made in the first click's task, they would hold up the card that click plays
        (by 80 ms on a slow phone), and made in one task they took 40-80 ms of it at CPU ×4. Made before any
        click, the context waits, suspended, for one (wake)."""
        if self.audio is None and self.controller.settings.sound and not self.silent:
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
        if self.audio is None or not self.woken or not self.controller.settings.sound or self.silent:
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

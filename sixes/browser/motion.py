"""Motion and sound: a played card flies from where it was into its column, a chip into the pot, and each
makes its sound, synthesised with the Web Audio API (no audio files)."""

import secrets

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from .shared import js_object


class Motion:
    def __init__(self, controller):
        self.controller = controller
        self.audio = None  # made on the person's first click: a browser starts no sound before one
        self.silent = False  # ?speed=0: tests and demos make no sound

    # --- travel ------------------------------------------------------------
    def source_of(self, seat, card):
        """Where a move starts on screen (the card in the person's hand, or the seat that moved), measured
        before the move is drawn; None if nothing will fly: measuring makes the browser lay the page out again."""
        if not self.controller.delay:
            return None
        el = self.controller.el
        if seat == 0 and card is not None:
            source = el["hand"].querySelector(f'[data-card="{card}"]')
        elif seat == 0:
            source = el["pass"]
        else:
            source = self.controller.drawing.seats[seat].querySelector(".backs")
        return source.getBoundingClientRect()

    def travel(self, card, source):
        """Animate the played card from ``source`` into its column, or a paid chip into the pot."""
        controller = self.controller
        duration = min(controller.delay * 0.6, 0.45) * 1000
        if not duration or window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        if card is None:
            if not controller.game.history[-1].paid:
                return
            target = document.createElement("i")
            target.className = "chip flying"
            controller.el["pot"].appendChild(target)
        else:
            target = controller.drawing.columns[card.suit].querySelector(f'[data-card="{card}"]')
        end = target.getBoundingClientRect()
        dx = source.left + source.width / 2 - end.left - end.width / 2
        dy = source.top + source.height / 2 - end.top - end.height / 2
        frames = [{"transform": f"translate({dx}px, {dy}px)", "zIndex": 50}, {"transform": "none", "zIndex": 50}]
        timing = {"duration": duration, "easing": "cubic-bezier(.2,.7,.3,1)"}
        animation = target.animate(to_js([js_object(f) for f in frames]), js_object(timing))
        if card is None:
            animation.onfinish = create_once_callable(lambda _event: target.remove())

    # --- sound -------------------------------------------------------------
    def wake(self):
        """On a click: make the audio context if sound is wanted (a browser lets one start only then)."""
        if self.audio is None and self.controller.settings.sound and not self.silent:
            self.audio = js.AudioContext.new()

    def sound_of(self, move):
        """A card laid down snaps; a chip paid into the pot clinks; a free pass is silent."""
        if move.card is not None:
            self.snap()
        elif move.paid:
            self.clink()

    def sound_out(self, seconds, volume):
        """A gain node that fades from ``volume`` to silence over ``seconds``, or None when there is to be no sound."""
        if self.audio is None or not self.controller.settings.sound or self.silent:
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

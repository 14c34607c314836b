"""Casual games: the take-back buttons (on the table, and at a round's or the game's
end: undo the move that let another player go out), the table's "Casual game" mark, and the take-backs
in the game log (kept in localStorage beside the save, see sixes.model.casual)."""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyscript import document

from ..engine.game import Game
from ..model import casual

if TYPE_CHECKING:  # (the controller imports this module)
    from .controller import Controller


class TakeBacks:
    def __init__(self, controller: "Controller") -> None:
        self.controller = controller
        self.buttons = document.querySelectorAll(".take-back")
        self.mark = document.getElementById("casual-mark")
        self.record = casual.TakeBacks(controller.store.get(casual.KEY))

    def allowed(self) -> bool:
        controller, game = self.controller, self.controller.game
        return (
            controller.mode.casual
            and not controller.all_bots
            and controller.tabs.playing
            and any(move.seat == 0 for move in game.history)
        )

    def on_click(self, button: Any) -> bool:
        """True if ``button`` was a take-back."""
        if not button.classList.contains("take-back"):
            return False
        for name in ("round-summary", "game-over"):
            self.controller.el[name].close()
        self.take_back()
        return True

    def take_back(self) -> None:
        """Undo the person's last move and the bots' since. With forced moves played for them, back to
        their last real choice: else the forced move would be made again at once."""
        controller = self.controller
        if not self.allowed():
            return
        controller.stop_bots()
        game = controller.game
        undone = game.take_back()
        while not controller.waiting_for_person() and any(move.seat == 0 for move in game.history):
            undone = game.take_back() + undone
        self.record.add(game, undone)
        controller.store.set(casual.KEY, self.record.to_json())
        controller.save()
        controller.draw()
        controller.drawing.announce(casual.line(undone, controller.settings.names, controller.settings.say))
        controller.carry_on()

    def log_lines(self, game: Game, lines: Sequence[str]) -> list[str]:
        """The game log's ``lines`` with this game's take-backs among them."""
        settings = self.controller.settings
        return casual.with_take_backs(lines, game, self.record.of(game), settings.names, settings.say)

    def draw(self) -> None:
        game, casual_game = self.controller.game, self.controller.mode.casual
        self.mark.hidden = not casual_game
        allowed = self.allowed()
        for button in self.buttons:
            # On the table while the round is played; in the round's or the game's end once it is over.
            button.hidden = not casual_game or (button.id != "take-back") != game.round_over
            button.disabled = not allowed

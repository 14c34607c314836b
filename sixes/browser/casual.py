"""Casual games: the take-back buttons (on the table, and at a round's or the game's end), the table's "Casual
game" mark, and the take-backs in the game log (kept beside the save, see sixes.model.casual)."""

from collections.abc import Sequence

from pyscript import document

from ..engine.game import Game
from ..model import casual
from .shared import el
from .state import State


class TakeBacks:
    def __init__(self, state: State) -> None:
        self.state = state
        self.buttons = document.querySelectorAll(".take-back")
        self.mark = el["casual-mark"]
        self.record = casual.TakeBacks(state.store.get(casual.KEY))

    def allowed(self) -> bool:
        state = self.state
        return (
            state.mode.casual
            and not state.all_bots
            and state.playing
            and any(move.seat == 0 for move in state.game.history)
        )

    def undo(self) -> str:
        """Undo the person's last move and the bots' since, and keep the take-back; returns the line that says so.
        With forced moves played for them, back to their last real choice: else it would be made again at once."""
        state, game = self.state, self.state.game
        undone = game.take_back()
        while not state.waiting_for_person() and any(move.seat == 0 for move in game.history):
            undone = game.take_back() + undone
        self.record.add(game, undone)
        state.store.keep(casual.KEY, self.record.to_json())
        return casual.line(undone, state.settings.names, state.settings.say, game.rules)

    def log_lines(self, game: Game, lines: Sequence[str], results: bool = False) -> list[str]:
        """The game log's ``lines`` (with each round's result, if ``results``) with this game's take-backs among them."""
        settings = self.state.settings
        return casual.with_take_backs(lines, game, self.record.of(game), settings.names, settings.say, results)

    def draw(self) -> None:
        game, casual_game = self.state.game, self.state.mode.casual
        self.mark.hidden = not casual_game
        allowed = self.allowed()
        for button in self.buttons:
            # On the table while the round is played; in the round's or the game's end once it is over.
            button.hidden = not casual_game or (button.id != "take-back") != game.round_over
            button.disabled = not allowed

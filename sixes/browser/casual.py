"""The browser side of casual games: the take-back buttons (on the table, and at a round's or the game's
end: undo the move that let another player go out), the table's "Casual game" mark, and the take-backs
in the game log (kept in localStorage beside the save, see sixes.casual)."""

from pyscript import document

from .. import casual


class TakeBacks:
    def __init__(self, page):
        self.page = page
        self.buttons = document.querySelectorAll(".take-back")
        self.mark = document.getElementById("casual-mark")
        self.record = casual.TakeBacks(page.store.get(casual.KEY))

    def allowed(self):
        page, game = self.page, self.page.game
        return (game.casual and not page.guide.active and not page.all_bots and page.tabs.playing
                and any(move.seat == 0 for move in game.history))

    def on_click(self, button):
        """True if ``button`` was a take-back."""
        if not button.classList.contains("take-back"):
            return False
        for name in ("round-summary", "game-over"):
            self.page.el[name].close()
        self.take_back()
        return True

    def take_back(self):
        """Undo the person's last move and the bots' since. With forced moves played for them, back to
        their last real choice: else the forced move would be made again at once."""
        page = self.page
        if not self.allowed():
            return
        page.stop_bots()
        game = page.game
        undone = game.take_back()
        while not page.waiting_for_person() and any(move.seat == 0 for move in game.history):
            undone = game.take_back() + undone
        self.record.add(game, undone)
        page.store.set(casual.KEY, self.record.to_json())
        page.save()
        page.draw()
        page.announce(casual.line(undone, page.settings.names, page.settings.say))
        page.carry_on()

    def log_lines(self, game, lines):
        """The game log's ``lines`` with this game's take-backs among them."""
        settings = self.page.settings
        return casual.with_take_backs(lines, game, self.record.of(game), settings.names, settings.say)

    def draw(self):
        game = self.page.game
        self.mark.hidden = not game.casual or self.page.guide.active
        allowed = self.allowed()
        for button in self.buttons:
            # On the table while the round is played; in the round's or the game's end once it is over.
            button.hidden = not game.casual or self.page.guide.active or (button.id != "take-back") != game.round_over
            button.disabled = not allowed

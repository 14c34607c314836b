"""Everything the page says, in each language it speaks: English, Welsh, Sinhala and Spanish.

A word is a template filled with ``str.format``, a ``Plural`` (one template per
CLDR plural category of the language), or, where grammar needs it ("a"/"ac"),
a function. Every language has the same keys (tests/test_words.py checks).
The person is addressed as "you" in their own words, not by name: Welsh
conjugates the verb ("Chwaraeoch chi"), so those lines have keys of their own.
"""

LANGUAGES = ("en", "cy", "si", "es")
DECKS = ("french", "four", "spanish")
# The Spanish-suited deck draws and names the engine's suits as oros, copas, espadas and bastos.
SPANISH_SUITS = {"D": "oros", "H": "copas", "S": "espadas", "C": "bastos"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def plural_category(lang, n):
    """The CLDR plural category of the whole number ``n`` in ``lang`` (not just n == 1).

    >>> [plural_category("cy", n) for n in (0, 1, 2, 3, 6, 7)]
    ['zero', 'one', 'two', 'few', 'many', 'other']
    >>> plural_category("si", 0), plural_category("es", 0), plural_category("es", 2_000_000)
    ('one', 'other', 'many')
    """
    if lang == "cy":
        return {0: "zero", 1: "one", 2: "two", 3: "few", 6: "many"}.get(n, "other")
    if lang == "si":
        return "one" if n in (0, 1) else "other"
    if lang == "es" and n != 0 and n % 1_000_000 == 0:
        return "many"
    return "one" if n == 1 else "other"


# The categories each language's whole numbers can fall in (CLDR), so a test can check every form is there.
PLURAL_CATEGORIES = {"en": ("one", "other"), "cy": ("zero", "one", "two", "few", "many", "other"),
                     "si": ("one", "other"), "es": ("one", "many", "other")}


class Plural:
    """A word that changes with a count: one template per plural category, filled with the count as ``{by}``."""

    def __init__(self, forms, by="n"):
        self.forms, self.by = forms, by


def _list_en(names):
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _list_cy(names):
    last = names[-1]
    joiner = "ac" if last[:1].lower() in "aeiouwyâêîôûŵŷ" else "a"  # "ac" before a vowel
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {joiner} {last}"


def _welsh(zero, after_numeral, by="n"):
    """A Welsh count: a noun after a numeral stays singular; none is said apart ("dim" and the plural)."""
    return Plural({"zero": zero, **dict.fromkeys(("one", "two", "few", "many", "other"), after_numeral)}, by)


EN = {
    "app": "Sixes",
    "you": "You",
    "your_turn_title": "Your turn · Sixes",
    "round": "Round {n}",
    "dealt": "Round {n}: {name} dealt.",
    "played": "{name} played {card}",
    "played_you": "You played {card}",
    "paid": "{name} paid 1 chip and passed",
    "paid_you": "You paid 1 chip and passed",
    "passed_free": "{name} passed with no chip to pay",
    "passed_free_you": "You passed with no chip to pay",
    "went_out": "{name} went out.",
    "went_out_you": "You went out.",
    "must_pay": "You cannot play: pay 1 chip and pass.",
    "must_pass_free": "You cannot play and have no chips: pass.",
    "your_turn": "Your turn: play a raised card.",
    "your_turn_may_pass": "Your turn: play a raised card, or pass.",
    "forced": "Making your forced move…",
    "to_play": "{name} to play…",
    "out_title": "{name} went out",
    "out_title_you": "You went out!",
    "won_pot": "{name} won the pot: {chips}.",
    "won_pot_you": "You won the pot: {chips}.",
    "empty_pot": "The pot was empty.",
    "game_over": "Out of chips: {names}. The game is over.",
    "win_you": "You win!",
    "wins": "{name} wins",
    "share": "{names} share the win",
    "chips": Plural({"one": "{n} chip", "other": "{n} chips"}),
    "cards": Plural({"one": "{n} card", "other": "{n} cards"}),
    "cards_unit": Plural({"one": "card", "other": "cards"}),
    "list": _list_en,
    "S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs",
    "card_name": "{rank} of {suit}",
    "rank_A": "Ace", "rank_J": "Jack", "rank_Q": "Queen", "rank_K": "King",
    # The Spanish-suited deck: its suits, and its ranks where the French deck has A, J, Q, K.
    "oros": "Coins", "copas": "Cups", "espadas": "Swords", "bastos": "Batons",
    "es_A": "Ace", "es_J": "Knave", "es_Q": "Knight", "es_K": "King",
    "dealer": "Dealer",
    "dealer_mark": "D",
    "chips_title": "Chips",
    "th_player": "Player",
    "th_chips": "Chips",
    "th_change": "Change",
    "th_place": "Place",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "all_bots": "All bots",
    "mixed": "Mixed",
    "hint": "Hint: {words}",
    "hint_must_pass": "No card fits: pay a chip and pass.",
    "hint_only_card": "{card} is the only card you can play.",
    "hint_keeps_blocked": "Play {card}, and keep {detail} back: it holds up the others' cards and none of yours.",
    "hint_opens_own": "Play {card}: it opens the way for your {detail}.",
    "hint_leads_to_own": Plural({"one": "Play {card}: {detail} of your cards waits behind it.",
                                "other": "Play {card}: {detail} of your cards wait behind it."}, by="detail"),
    "hint_best_odds": "Play {card}: it helps the others least.",
    "pay_pass": "Pay 1 chip and pass",
    "pass_free": "Pass (no chips to pay)",
    "unloadable": "Your saved game could not be opened, so a new game has begun. "
                  "The old save is kept in this browser as “{key}”.",
    "bots_failed": "Something went wrong while the bots played. Reload the page: your game is saved.",
    "not_saving": "This browser is not letting Sixes save, so this game is kept only while this page is open.",
    "other_tab": "This game continues in another tab.",
    "take_over": "Play here",
    "unknown_language": "Sixes speaks English, Cymraeg, සිංහල and Español: ?lang=en, cy, si or es.",
    "seat_label": "{name}: {chips}, {cards}",
    # Fixed words of index.html (data-say / data-say-label there).
    "new_game": "New game",
    "speed": "Speed",
    "speed_label": "Speed of the bots",
    "slow": "Slow",
    "normal": "Normal",
    "fast": "Fast",
    "instant": "Instant",
    "hint_button": "Hint",
    "autoplay": "Play forced moves for me",
    "your_name": "Your name",
    "bots": "Bots",
    "starting_chips": "Starting chips",
    "house_rule": "House rule: a player may pay and pass even with a card to play",
    "cancel": "Cancel",
    "deal": "Deal",
    "next_round": "Deal the next round",
    "ok": "OK",
    "table": "Card table",
    "centre": "Columns and pot",
    "pot": "Pot",
    "pot_caption": "pot",
    "your_seat": "Your seat",
    "your_hand": "Your hand",
    # Language, deck, the rules page, and what a screen reader hears.
    "dir": "ltr",
    "language": "Language",
    "deck": "Cards",
    "deck_french": "French suits",
    "deck_four": "Four colours",
    "deck_spanish": "Spanish suits",
    "how_to_play": "How to play",
    "close": "Close",
    "playable": "{card}, playable",
    "column_label": "{suit}: {low} to {high}",
    "column_single": "{suit}: {low}",
    "column_empty": "{suit}: not started",
    "rules": """# The aim
Have the most chips when the game ends. Sixes is a Spanish card game of the Sevens family for five players: you and four bots.
# Cards and chips
The deck has 40 cards: the 8s, 9s and 10s are left out. Ranks go Ace (low) 2 3 4 5 6 7 Jack Queen King (high).
Everyone starts with the same number of chips: 10, unless you choose another number from 1 to 99.
The dealer deals out every card, one at a time, so each player holds 8. The first dealer is chosen at random; after that, whoever played the 6 of Diamonds deals.
# Play
Whoever holds the 6 of Diamonds (with Spanish suits, the 6 of Coins) must play it first: it starts the Diamonds column. Play passes to the left.
On your turn, play one card. A 6 starts the column of its suit; any other card goes directly below the lowest or directly above the highest card of its suit's column. Columns grow down 6 5 4 3 2 Ace and up 6 7 Jack Queen King: 7 and Jack are neighbours.
If you can play, you must. (A house rule, off unless you choose it, lets you pay and pass anyway.) If you cannot play, pay one chip into the pot and pass; with no chips left, you pass without paying.
# Winning
The first player to play their last card wins the round and takes every chip in the pot. Nobody pays for cards left in hand.
After each round, if anyone has no chips left, the game is over: whoever has the most chips wins, and a tie shares the win.
# Keys
Arrow keys move through your hand; Enter or Space plays the card; P pays and passes when you cannot play.""",
    # House rules, shared and daily deals (issue 7).
    "table_size": "Players at the table",
    "dealt_more": "{names} got a card more.",
    "dealt_more_you": "You and {names} got a card more.",
    "dealt_more_only_you": "You got a card more.",
    "copy_link": "Copy link to this deal",
    "link_ready": "The link to this deal: {url}",
    "daily_deal": "Daily deal",
    "daily_label": "Daily deal {date}",
    "daily_played": "You played the daily deal of {date} and finished with {chips}.",
    "daily_won": "You played the daily deal of {date} and won with {chips}.",
    "statistics": 'Statistics',
    "sound": "Sound",
    "stats_games": 'Games won ({level} bots)',
    "stats_rounds": 'Rounds won ({level} bots)',
    "stats_chips_won": 'Chips won',
    "stats_chips_lost": 'Chips lost',
    "stats_streak": 'Longest winning streak',
    "stats_passes": 'Passes paid',
    "stats_hints": 'Hints this game',
    "th_round": 'Round',
    "this_game": 'This game',
    "last_game": 'Last game',
    "chart_title": 'Your chips after each round',
    "reset_stats": 'Reset statistics',
    "reset_confirm": 'Reset all your statistics? This cannot be undone.',
    "game_log": 'Game log',
    "save_text": 'Save as text',
    "save_record": 'Save game record',
    "open_record": 'Open a game record',
    "back": 'Back',
    "forward": 'Forward',
    "replay_step": 'Move {n} of {total}',
    "bad_record": 'That file is not a game record of Sixes: {why}',
    # The guided first deal and casual games (issue 14).
    "guide_title": "Guided deal",
    "guide_open": "A practice deal to learn by playing: you hold {held}, so it is over quickly. You have the {card}, "
                  "and whoever holds it starts. Play it: click it, or press an arrow key and Enter.",
    "guide_opened": "The {card} started the {suit} column, and now any 6 may start a column of its own. "
                    "Play passes to the left: {name} is next.",
    "guide_one": "Your turn. Only one of your cards fits: {reasons}. It is raised: play it.",
    "guide_choose": "Your turn. A card fits directly below or above a column's end, and a 6 starts a column: "
                    "{reasons}. They are raised: play whichever you like.",
    "guide_pay": "None of your cards ({cards}) fits next to a column's end, so you cannot play. Pay 1 chip into "
                 "the pot and pass: the “Pay 1 chip and pass” button, or the P key.",
    "guide_paid": "Your chip went into the pot. Everyone who cannot play pays one; the first player to play their "
                  "last card takes the whole pot.",
    "guide_played": "Now the others play in turn, to the left round the table: a card where one fits, or else a chip "
                    "into the pot.",
    "guide_last": "{card} is your last card, and it fits. Play it to go out: the first player out wins the round and "
                  "takes the pot, {chips} now.",
    "guide_done": "You went out and took the pot: {chips}. That is a round of Sixes. A game goes on round after round "
                  "until someone has no chips left; then whoever has the most chips wins.",
    "guide_why_six": "{card} starts the {suit} column",
    "guide_why_below": "{card} goes directly below the {end}",
    "guide_why_above": "{card} goes directly above the {end}",
    "guide_skip": "Skip the guide",
    "guide_play": "Play a real game",
    "guide_back": "Back to your game",
    "try_guide": "Try a guided deal",
    "casual_game": "Casual game",
    "casual_choice": "Casual game: you may take back your moves, and nothing counts in the statistics",
    "take_back": "Take back",
    "took_back": "Taken back: {moves}.",
    # Screens and what a real table shows (issue 11).
    "menu": "Menu",
    "show_lacks": "Missing cards",
    "show_lacks_title": "Show the cards each player's passes prove they do not hold",
    "lacks_mark": "no",
    "lacks": "{name} has none of: {cards}.",
    "hands_left": "Cards left in each hand",
    "hand_empty": "none",
    # The review of a round: the expert's marks, and your hand in expert hands (issue 13).
    "review_round": "Review this round",
    "review_record": "Review the round",
    "review_title": "Round {n} in review",
    "review_prev": "Previous move",
    "review_next": "Next move",
    "marks_title": "The expert's marks",
    "marks_working": "The expert is weighing your choices… {percent}%",
    "marks_none": "Every move you made this round was forced: there was nothing to choose.",
    "marks_intro": "Each choice you had, with the chips the card you played could be expected to win from then on, "
                   "and the best card's, over {deals} deals that fit what you could see.",
    "mark_best": "Move {n}: {card} ({value}), the expert's choice too.",
    "mark_line": "Move {n}: {card} ({value}); best was {best} ({best_value}).",
    "why_opened_for_winner": Plural({"one": "{card} opened the way for {name}, who went out {n} turn later.",
                                     "other": "{card} opened the way for {name}, who went out {n} turns later."}),
    "why_opened_for": "{card} let {name} play {their}; {best} would have kept them waiting.",
    "why_led_to_own": Plural({"one": "{best} would have led on to {n} of your own cards.",
                              "other": "{best} would have led on to {n} of your own cards."}),
    "why_worth_more": "{best} was worth {chips} chips more than {card} on average.",
    "expert_title": "Your hand in expert hands",
    "expert_working": "The expert is playing your cards… {percent}%",
    "review_failed": "The expert could not finish this review. Close it and open it again.",
    "expert_result": "Chips won in this round. You: {you}; the expert with your cards: {expert} on average "
                     "({games} games).",
}

CY = {
    "app": "Chwech",
    "you": "Chi",
    "your_turn_title": "Eich tro · Chwech",
    "round": "Rownd {n}",
    "dealt": "Rownd {n}: {name} sy'n delio.",
    "played": "Chwaraeodd {name} {card}",
    "played_you": "Chwaraeoch chi {card}",
    "paid": "Talodd {name} 1 sglodyn a phasio",
    "paid_you": "Taloch chi 1 sglodyn a phasio",
    "passed_free": "Pasiodd {name} heb sglodyn i'w dalu",
    "passed_free_you": "Pasioch chi heb sglodyn i'w dalu",
    "went_out": "Aeth {name} allan.",
    "went_out_you": "Aethoch chi allan.",
    "must_pay": "Does dim cerdyn yn ffitio: talwch 1 sglodyn a phasio.",
    "must_pass_free": "Does dim cerdyn yn ffitio, a does gennych chi ddim sglodion: pasiwch.",
    "your_turn": "Eich tro chi: chwaraewch gerdyn wedi'i godi.",
    "your_turn_may_pass": "Eich tro chi: chwaraewch gerdyn wedi'i godi, neu pasiwch.",
    "forced": "Yn chwarae'ch unig symudiad…",
    "to_play": "Tro {name}…",
    "out_title": "Aeth {name} allan",
    "out_title_you": "Aethoch chi allan!",
    "won_pot": "Enillodd {name} y pot: {chips}.",
    "won_pot_you": "Enilloch chi'r pot: {chips}.",
    "empty_pot": "Roedd y pot yn wag.",
    "game_over": "Heb sglodion: {names}. Mae'r gêm drosodd.",
    "win_you": "Chi sy'n ennill!",
    "wins": "{name} sy'n ennill",
    "share": "Rhannu'r fuddugoliaeth: {names}",
    # A noun after a numeral stays singular; "none" is "dim" with the plural.
    "chips": _welsh("dim sglodion", "{n} sglodyn"),
    "cards": _welsh("dim cardiau", "{n} cerdyn"),
    "cards_unit": _welsh("cardiau", "cerdyn"),
    "list": _list_cy,
    "S": "Rhawiau", "H": "Calonnau", "D": "Diemwntau", "C": "Clybiau",
    "card_name": "{rank} {suit}",
    "rank_A": "As", "rank_J": "Jac", "rank_Q": "Brenhines", "rank_K": "Brenin",
    "oros": "Aur", "copas": "Cwpanau", "espadas": "Cleddyfau", "bastos": "Pastynau",
    "es_A": "As", "es_J": "Macwy", "es_Q": "Marchog", "es_K": "Brenin",
    "dealer": "Deliwr",
    "dealer_mark": "D",
    "chips_title": "Sglodion",
    "th_player": "Chwaraewr",
    "th_chips": "Sglodion",
    "th_change": "Newid",
    "th_place": "Safle",
    "easy": "Hawdd",
    "medium": "Canolig",
    "hard": "Anodd",
    "all_bots": "Pob un",
    "mixed": "Cymysg",
    "hint": "Awgrym: {words}",
    "hint_must_pass": "Does dim cerdyn yn ffitio: talwch sglodyn a phasio.",
    "hint_only_card": "{card} yw'r unig gerdyn y gallwch ei chwarae.",
    "hint_keeps_blocked": "Chwaraewch {card}, a chadwch {detail} yn ôl: mae'n dal cardiau'r lleill yn ôl, "
                          "a dim un o'ch rhai chi.",
    "hint_opens_own": "Chwaraewch {card}: mae'n agor y ffordd i'ch {detail}.",
    "hint_leads_to_own": _welsh("Chwaraewch {card}: mae {detail} o'ch cardiau'n aros y tu ôl iddo.",
                                "Chwaraewch {card}: mae {detail} o'ch cardiau'n aros y tu ôl iddo.", by="detail"),
    "hint_best_odds": "Chwaraewch {card}: dyma'r un sy'n helpu'r lleill leiaf.",
    "pay_pass": "Talu 1 sglodyn a phasio",
    "pass_free": "Pasio (dim sglodion i'w talu)",
    "unloadable": "Doedd dim modd agor eich gêm gadwedig, felly mae gêm newydd wedi dechrau. "
                  "Mae'r hen gêm wedi'i chadw yn y porwr hwn fel “{key}”.",
    "bots_failed": "Aeth rhywbeth o'i le wrth i'r lleill chwarae. Ail-lwythwch y dudalen: mae'ch gêm wedi'i chadw.",
    "not_saving": "Dydy'r porwr hwn ddim yn gadael i Chwech gadw'r gêm, felly dim ond tra bo'r dudalen hon ar agor "
                  "y caiff ei chadw.",
    "other_tab": "Mae'r gêm hon yn parhau mewn tab arall.",
    "take_over": "Chwarae yma",
    "unknown_language": "Mae Chwech yn siarad English, Cymraeg, සිංහල ac Español: ?lang=en, cy, si neu es.",
    "seat_label": "{name}: {chips}, {cards}",
    "new_game": "Gêm newydd",
    "speed": "Cyflymder",
    "speed_label": "Cyflymder y chwaraewyr eraill",
    "slow": "Araf",
    "normal": "Arferol",
    "fast": "Cyflym",
    "instant": "Ar unwaith",
    "hint_button": "Awgrym",
    "autoplay": "Chwarae symudiadau gorfodol drosof i",
    "your_name": "Eich enw",
    "bots": "Y chwaraewyr eraill",
    "starting_chips": "Sglodion ar y dechrau",
    "house_rule": "Rheol tŷ: caiff chwaraewr dalu a phasio hyd yn oed os gall chwarae cerdyn",
    "cancel": "Canslo",
    "deal": "Delio",
    "next_round": "Delio'r rownd nesaf",
    "ok": "Iawn",
    "table": "Bwrdd cardiau",
    "centre": "Y colofnau a'r pot",
    "pot": "Pot",
    "pot_caption": "pot",
    "your_seat": "Eich sedd",
    "your_hand": "Eich llaw",
    "dir": "ltr",
    "language": "Iaith",
    "deck": "Cardiau",
    "deck_french": "Siwtiau Ffrengig",
    "deck_four": "Pedwar lliw",
    "deck_spanish": "Siwtiau Sbaenaidd",
    "how_to_play": "Sut i chwarae",
    "close": "Cau",
    "playable": "{card}, gallwch ei chwarae",
    "column_label": "{suit}: {low} i {high}",
    "column_single": "{suit}: {low}",
    "column_empty": "{suit}: heb ddechrau",
    # The rule sheet's own words: sglodion, pot, colofn taflu, siwt, 6 o Ddiemwntau, delio, i'r chwith.
    "rules": """# Amcan Chwech
Cael y nifer fwyaf o sglodion ar ddiwedd y gêm. Gêm gardiau Sbaenaidd o deulu Saith yw Chwech, i bump chwaraewr: chi a phedwar bot.
# Y cardiau a'r sglodion
Defnyddir dec 40 cerdyn: mae'r 8au, 9au a 10au wedi'u tynnu. Aces yn isel a Brenhinoedd yn uchel: As 2 3 4 5 6 7 Jac Brenhines Brenin.
Mae pob chwaraewr yn dechrau gyda'r un nifer o sglodion: 10, oni bai eich bod yn dewis rhif arall o 1 i 99.
Mae'r deliwr yn rhoi pob cerdyn allan, un ar y tro, fel bod gan bob chwaraewr 8. Dewisir y deliwr cyntaf ar hap; wedyn, pwy bynnag chwaraeodd 6 o Ddiemwntau sy'n delio.
# Y chwarae
Y chwaraewr sy'n dal 6 o Ddiemwntau (gyda siwtiau Sbaenaidd, 6 Aur) sy'n mynd gyntaf, a rhaid iddo ei chwarae: mae'n dechrau colofn taflu'r Diemwntau. Mae'r chwarae'n parhau i'r chwith.
Ar eich tro, chwaraewch un cerdyn. Mae 6 yn dechrau colofn taflu ei siwt; mae unrhyw gerdyn arall yn mynd yn union o dan y cerdyn isaf neu'n union uwchben y cerdyn uchaf yng ngholofn ei siwt. Mae'r colofnau'n tyfu i lawr 6 5 4 3 2 As ac i fyny 6 7 Jac Brenhines Brenin: mae 7 a Jac yn gymdogion.
Os gallwch chwarae, rhaid i chi chwarae. (Mae rheol tŷ, i ffwrdd oni bai eich bod yn ei dewis, yn gadael i chi dalu a phasio beth bynnag.) Os na allwch chwarae, ychwanegwch un sglodyn i'r pot a phasio; heb sglodion ar ôl, rydych yn pasio heb dalu.
# Ennill
Y chwaraewr cyntaf i chwarae ei gerdyn olaf yw enillydd y rownd: mae'n casglu'r holl sglodion o'r pot. Does neb yn talu am gardiau sydd ar ôl yn ei law.
Ar ôl pob rownd, os oes gan rywun ddim sglodion ar ôl, mae'r gêm drosodd: pwy bynnag sydd â'r mwyaf o sglodion sy'n ennill, ac mae cyfartal yn rhannu'r fuddugoliaeth.
# Bysellau
Mae'r bysellau saeth yn symud drwy'ch llaw; mae Enter neu'r Bylchwr yn chwarae'r cerdyn; mae P yn talu a phasio pan na allwch chwarae.""",
    "table_size": "Chwaraewyr wrth y bwrdd",
    "dealt_more": "Cafodd {names} gerdyn yn fwy.",
    "dealt_more_you": "Cawsoch chi gerdyn yn fwy, a {names} hefyd.",
    "dealt_more_only_you": "Cawsoch chi gerdyn yn fwy.",
    "copy_link": "Copïo dolen i'r ddeliad hon",
    "link_ready": "Y ddolen i'r ddeliad hon: {url}",
    "daily_deal": "Deliad y dydd",
    "daily_label": "Deliad y dydd {date}",
    "daily_played": "Rydych chi wedi chwarae deliad y dydd {date} a gorffen gyda {chips}.",
    "daily_won": "Rydych chi wedi chwarae deliad y dydd {date} ac ennill gyda {chips}.",
    "statistics": 'Ystadegau',
    "sound": "Sain",
    "stats_games": "Gemau wedi'u hennill ({level})",
    "stats_rounds": "Rowndiau wedi'u hennill ({level})",
    "stats_chips_won": "Sglodion wedi'u hennill",
    "stats_chips_lost": "Sglodion wedi'u colli",
    "stats_streak": 'Rhediad hiraf o fuddugoliaethau',
    "stats_passes": "Pasiau wedi'u talu",
    "stats_hints": "Awgrymiadau'r gêm hon",
    "th_round": 'Rownd',
    "this_game": 'Y gêm hon',
    "last_game": 'Y gêm ddiwethaf',
    "chart_title": 'Eich sglodion ar ôl pob rownd',
    "reset_stats": 'Ailosod yr ystadegau',
    "reset_confirm": 'Ailosod eich holl ystadegau? Does dim modd dadwneud hyn.',
    "game_log": 'Cofnod y gêm',
    "save_text": 'Cadw fel testun',
    "save_record": 'Cadw cofnod y gêm',
    "open_record": 'Agor cofnod gêm',
    "back": 'Yn ôl',
    "forward": 'Ymlaen',
    "replay_step": 'Symudiad {n} o {total}',
    "bad_record": "Nid cofnod gêm Chwech yw'r ffeil hon: {why}",
    # Y ddeliad gyntaf dan arweiniad a gemau hamddenol (issue 14).
    "guide_title": "Deliad dan arweiniad",
    "guide_open": "Deliad ymarfer i ddysgu wrth chwarae: mae gennych {held}, felly mae'n gorffen yn gyflym. Mae'r "
                  "{card} gennych chi, a phwy bynnag sy'n ei ddal sy'n dechrau. Chwaraewch ef: cliciwch arno, neu "
                  "pwyswch fysell saeth ac Enter.",
    "guide_opened": "Dechreuodd y {card} golofn y {suit}, a nawr gall unrhyw 6 ddechrau colofn ei hun. Mae'r "
                    "chwarae'n mynd i'r chwith: {name} sydd nesaf.",
    "guide_one": "Eich tro chi. Dim ond un o'ch cardiau sy'n ffitio: {reasons}. Mae wedi'i godi: chwaraewch ef.",
    "guide_choose": "Eich tro chi. Mae cerdyn yn ffitio'n union o dan neu uwchben pen colofn, ac mae 6 yn dechrau "
                    "colofn: {reasons}. Maen nhw wedi'u codi: chwaraewch pa un bynnag a fynnwch.",
    "guide_pay": "Does dim un o'ch cardiau ({cards}) yn ffitio wrth ben colofn, felly allwch chi ddim chwarae. "
                 "Talwch 1 sglodyn i'r pot a phasio: y botwm “Talu 1 sglodyn a phasio”, neu'r fysell P.",
    "guide_paid": "Aeth eich sglodyn i'r pot. Mae pawb na all chwarae yn talu un; y chwaraewr cyntaf i chwarae ei "
                  "gerdyn olaf sy'n cael y pot i gyd.",
    "guide_played": "Nawr mae'r lleill yn chwarae yn eu tro, i'r chwith o amgylch y bwrdd: cerdyn lle mae un yn "
                    "ffitio, neu sglodyn i'r pot.",
    "guide_last": "{card} yw eich cerdyn olaf, ac mae'n ffitio. Chwaraewch ef i fynd allan: y cyntaf allan sy'n "
                  "ennill y rownd ac yn cael y pot, {chips} nawr.",
    "guide_done": "Aethoch chi allan a chael y pot: {chips}. Dyna rownd o Chwech. Mae gêm yn mynd ymlaen o rownd i "
                  "rownd nes bod gan rywun ddim sglodion ar ôl; yna pwy bynnag sydd â'r mwyaf o sglodion sy'n ennill.",
    "guide_why_six": "mae {card} yn dechrau colofn y {suit}",
    "guide_why_below": "mae {card} yn mynd yn union o dan y {end}",
    "guide_why_above": "mae {card} yn mynd yn union uwchben y {end}",
    "guide_skip": "Hepgor y canllaw",
    "guide_play": "Chwarae gêm go iawn",
    "guide_back": "Yn ôl i'ch gêm",
    "try_guide": "Rhowch gynnig ar ddeliad dan arweiniad",
    "casual_game": "Gêm hamddenol",
    "casual_choice": "Gêm hamddenol: cewch dynnu'ch symudiadau'n ôl, a does dim yn cyfrif yn yr ystadegau",
    "take_back": "Tynnu'n ôl",
    "took_back": "Tynnwyd yn ôl: {moves}.",
    # Screens and what a real table shows (issue 11).
    "menu": "Dewislen",
    "show_lacks": "Cardiau coll",
    "show_lacks_title": "Dangos y cardiau y mae pasio pob chwaraewr yn profi nad ydynt ganddo",
    "lacks_mark": "dim",
    "lacks": "Does gan {name} ddim un o: {cards}.",
    "hands_left": "Cardiau ar ôl ym mhob llaw",
    "hand_empty": "dim",
    # Adolygu rownd: marciau'r arbenigwr, a'ch llaw yn nwylo'r arbenigwr (issue 13).
    "review_round": "Adolygu'r rownd hon",
    "review_record": "Adolygu'r rownd",
    "review_title": "Adolygu rownd {n}",
    "review_prev": "Symudiad blaenorol",
    "review_next": "Symudiad nesaf",
    "marks_title": "Marciau'r arbenigwr",
    "marks_working": "Mae'r arbenigwr yn pwyso a mesur eich dewisiadau… {percent}%",
    "marks_none": "Roedd pob symudiad a wnaethoch y rownd hon yn orfodol: doedd dim i'w ddewis.",
    "marks_intro": "Pob dewis a gawsoch, gyda'r sglodion y gellid disgwyl i'r cerdyn a chwaraeoch eu hennill o hynny "
                   "ymlaen, a rhai'r cerdyn gorau, dros {deals} o ddeliadau sy'n cyd-fynd â'r hyn a welech.",
    "mark_best": "Symudiad {n}: {card} ({value}), dewis yr arbenigwr hefyd.",
    "mark_line": "Symudiad {n}: {card} ({value}); y gorau oedd {best} ({best_value}).",
    "why_opened_for_winner": _welsh("Agorodd {card} y ffordd i {name}, a aeth allan {n} tro yn ddiweddarach.",
                                    "Agorodd {card} y ffordd i {name}, a aeth allan {n} tro yn ddiweddarach."),
    "why_opened_for": "Gadawodd {card} i {name} chwarae {their}; byddai {best} wedi'u cadw i aros.",
    "why_led_to_own": _welsh("Byddai {best} wedi arwain at {n} o'ch cardiau eich hun.",
                             "Byddai {best} wedi arwain at {n} o'ch cardiau eich hun."),
    "why_worth_more": "Roedd {best} yn werth {chips} sglodyn yn fwy na {card} ar gyfartaledd.",
    "expert_title": "Eich llaw yn nwylo'r arbenigwr",
    "expert_working": "Mae'r arbenigwr yn chwarae'ch cardiau… {percent}%",
    "review_failed": "Methodd yr arbenigwr â gorffen yr adolygiad hwn. Caewch ef a'i agor eto.",
    "expert_result": "Sglodion a enillwyd y rownd hon. Chi: {you}; yr arbenigwr gyda'ch cardiau: {expert} ar "
                     "gyfartaledd ({games} gêm).",
}

def _list_si(names):
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} සහ {names[-1]}"


def _list_es(names):
    last = names[-1]
    # "e" before an "i" sound (Inés, Hilda), but "y" before "hie" (Hierro).
    joiner = "e" if last.lower().startswith(("i", "í", "hi")) and not last.lower().startswith("hie") else "y"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {joiner} {last}"


# Sinhala: the rule sheet's words (චිප්ස්, බඳුන, තීරුව, දියමන්ති 6, වටය, වම්පස); a number follows its noun.
SI = {
    "app": "හය",
    "you": "ඔබ",
    "your_turn_title": "ඔබේ වාරය · හය",
    "round": "වටය {n}",
    "dealt": "වටය {n}: {name} කාඩ්පත් බෙදුවා.",
    "played": "{name} {card} ක්‍රීඩා කළා",
    "played_you": "ඔබ {card} ක්‍රීඩා කළා",
    "paid": "{name} බඳුනට චිපයක් දමා මඟ හැරියා",
    "paid_you": "ඔබ බඳුනට චිපයක් දමා මඟ හැරියා",
    "passed_free": "ගෙවීමට චිපයක් නැතිව {name} මඟ හැරියා",
    "passed_free_you": "ගෙවීමට චිපයක් නැතිව ඔබ මඟ හැරියා",
    "went_out": "{name} අවසන් කාඩ්පත ක්‍රීඩා කළා.",
    "went_out_you": "ඔබ අවසන් කාඩ්පත ක්‍රීඩා කළා.",
    "must_pay": "ඔබට ක්‍රීඩා කළ නොහැක: බඳුනට චිපයක් දමා මඟ හරින්න.",
    "must_pass_free": "ඔබට ක්‍රීඩා කළ නොහැක, චිප්ස් ද නැත: මඟ හරින්න.",
    "your_turn": "ඔබේ වාරය: ඉහළට එසවූ කාඩ්පතක් ක්‍රීඩා කරන්න.",
    "your_turn_may_pass": "ඔබේ වාරය: ඉහළට එසවූ කාඩ්පතක් ක්‍රීඩා කරන්න, නැතහොත් මඟ හරින්න.",
    "forced": "ඔබේ එකම පියවර ක්‍රීඩා කරමින්…",
    "to_play": "{name}ගේ වාරය…",
    "out_title": "{name} වටය ජය ගත්තා",
    "out_title_you": "ඔබ වටය ජය ගත්තා!",
    "won_pot": "{name} බඳුන ජය ගත්තා: {chips}.",
    "won_pot_you": "ඔබ බඳුන ජය ගත්තා: {chips}.",
    "empty_pot": "බඳුන හිස්ව තිබුණා.",
    "game_over": "චිප්ස් අවසන්: {names}. ක්‍රීඩාව අවසන්.",
    "win_you": "ඔබ ජය ගත්තා!",
    "wins": "{name} ජය ගනී",
    "share": "{names} ජයග්‍රහණය බෙදා ගනී",
    "chips": Plural({"one": "චිප් {n}", "other": "චිප්ස් {n}"}),
    "cards": Plural({"one": "කාඩ්පත් {n}", "other": "කාඩ්පත් {n}"}),
    "cards_unit": Plural({"one": "කාඩ්පත්", "other": "කාඩ්පත්"}),
    "list": _list_si,
    "S": "ස්පේඩ්", "H": "හාට්", "D": "දියමන්ති", "C": "ක්ලබ්",
    "card_name": "{suit} {rank}",
    "rank_A": "ඒස්", "rank_J": "ජැක්", "rank_Q": "ක්වීන්", "rank_K": "කිං",
    "oros": "කාසි", "copas": "කෝප්ප", "espadas": "කඩු", "bastos": "පොලු",
    "es_A": "ඒස්", "es_J": "සේවකයා", "es_Q": "අසරුවා", "es_K": "රජු",
    "dealer": "බෙදන්නා",
    "dealer_mark": "බෙ",
    "chips_title": "චිප්ස්",
    "th_player": "ක්‍රීඩකයා",
    "th_chips": "චිප්ස්",
    "th_change": "වෙනස",
    "th_place": "ස්ථානය",
    "easy": "පහසු",
    "medium": "මධ්‍යම",
    "hard": "අමාරු",
    "all_bots": "සියලු බොට්",
    "mixed": "මිශ්‍ර",
    "hint": "ඉඟිය: {words}",
    "hint_must_pass": "කිසිදු කාඩ්පතක් නොගැළපේ: චිපයක් ගෙවා මඟ හරින්න.",
    "hint_only_card": "ඔබට ක්‍රීඩා කළ හැකි එකම කාඩ්පත {card} යි.",
    "hint_keeps_blocked": "{card} ක්‍රීඩා කරන්න, {detail} රඳවා ගන්න: එය අනුන්ගේ කාඩ්පත් අවහිර කරයි, ඔබේ එකක්වත් නොවේ.",
    "hint_opens_own": "{card} ක්‍රීඩා කරන්න: එය ඔබේ {detail} සඳහා මඟ විවෘත කරයි.",
    "hint_leads_to_own": Plural({"one": "{card} ක්‍රීඩා කරන්න: ඔබේ කාඩ්පත් {detail}ක් ඊට පිටුපසින් රැඳී සිටී.",
                                "other": "{card} ක්‍රීඩා කරන්න: ඔබේ කාඩ්පත් {detail}ක් ඊට පිටුපසින් රැඳී සිටී."}, by="detail"),
    "hint_best_odds": "{card} ක්‍රීඩා කරන්න: එය අනිත් අයට අඩුවෙන්ම උදව් කරයි.",
    "pay_pass": "චිපයක් ගෙවා මඟ හරින්න",
    "pass_free": "මඟ හරින්න (ගෙවීමට චිප්ස් නැත)",
    "unloadable": "ඔබේ සුරැකි ක්‍රීඩාව විවෘත කළ නොහැකි විය, එබැවින් නව ක්‍රීඩාවක් ආරම්භ විය. "
                  "පැරණි සුරැකුම මෙම බ්‍රව්සරයේ “{key}” ලෙස තබා ඇත.",
    "bots_failed": "බොට්ලා ක්‍රීඩා කරන අතරතුර යමක් වැරදුණා. පිටුව නැවත පූරණය කරන්න: ඔබේ ක්‍රීඩාව සුරැකී ඇත.",
    "unknown_language": "හය කතා කරන්නේ English, Cymraeg, සිංහල සහ Español: ?lang=en, cy, si හෝ es.",
    "seat_label": "{name}: {chips}, {cards}",
    "new_game": "නව ක්‍රීඩාව",
    "speed": "වේගය",
    "speed_label": "බොට්ලාගේ වේගය",
    "slow": "සෙමින්",
    "normal": "සාමාන්‍ය",
    "fast": "වේගයෙන්",
    "instant": "ක්ෂණිකව",
    "hint_button": "ඉඟිය",
    "autoplay": "බලහත්කාර පියවර මා වෙනුවෙන් ක්‍රීඩා කරන්න",
    "your_name": "ඔබේ නම",
    "bots": "බොට්ලා",
    "starting_chips": "ආරම්භක චිප්ස්",
    "house_rule": "නිවසේ නීතිය: ක්‍රීඩා කළ හැකි කාඩ්පතක් තිබුණත් ක්‍රීඩකයෙකුට ගෙවා මඟ හැරිය හැක",
    "cancel": "අවලංගු කරන්න",
    "deal": "බෙදන්න",
    "next_round": "ඊළඟ වටය බෙදන්න",
    "ok": "හරි",
    "table": "කාඩ් මේසය",
    "centre": "තීරු සහ බඳුන",
    "pot": "බඳුන",
    "pot_caption": "බඳුන",
    "your_seat": "ඔබේ ආසනය",
    "your_hand": "ඔබේ අත",
    "table_size": "මේසයේ ක්‍රීඩකයන්",
    "dealt_more": "{names}ට එක් කාඩ්පතක් වැඩියෙන් ලැබුණි.",
    "dealt_more_you": "ඔබට සහ {names}ට එක් කාඩ්පතක් වැඩියෙන් ලැබුණි.",
    "dealt_more_only_you": "ඔබට එක් කාඩ්පතක් වැඩියෙන් ලැබුණි.",
    "copy_link": "මෙම බෙදීමට සබැඳිය පිටපත් කරන්න",
    "link_ready": "මෙම බෙදීමට සබැඳිය: {url}",
    "daily_deal": "දවසේ බෙදීම",
    "daily_label": "දවසේ බෙදීම {date}",
    "daily_played": "ඔබ {date} දවසේ බෙදීම ක්‍රීඩා කර {chips} සමඟ අවසන් කළා.",
    "daily_won": "ඔබ {date} දවසේ බෙදීම {chips} සමඟ දිනුවා.",
    "statistics": 'සංඛ්\u200dයාලේඛන',
    "sound": "ශබ්දය",
    "stats_games": 'දිනූ ක්\u200dරීඩා ({level})',
    "stats_rounds": 'දිනූ වට ({level})',
    "stats_chips_won": 'දිනූ චිප්ස්',
    "stats_chips_lost": 'පැරදුණු චිප්ස්',
    "stats_streak": 'දිගම ජය පෙළ',
    "stats_passes": 'ගෙවූ මඟහැරීම්',
    "stats_hints": 'මෙම ක්\u200dරීඩාවේ ඉඟි',
    "th_round": 'වටය',
    "this_game": 'මෙම ක්\u200dරීඩාව',
    "last_game": 'පසුගිය ක්\u200dරීඩාව',
    "chart_title": 'සෑම වටයකටම පසු ඔබේ චිප්ස්',
    "reset_stats": 'සංඛ්\u200dයාලේඛන මකන්න',
    "reset_confirm": 'ඔබේ සියලු සංඛ්\u200dයාලේඛන මකන්නද? මෙය ආපසු හැරවිය නොහැක.',
    "game_log": 'ක්\u200dරීඩා සටහන',
    "save_text": 'පෙළ ලෙස සුරකින්න',
    "save_record": 'ක්\u200dරීඩා වාර්තාව සුරකින්න',
    "open_record": 'ක්\u200dරීඩා වාර්තාවක් විවෘත කරන්න',
    "back": 'ආපසු',
    "forward": 'ඉදිරියට',
    "replay_step": 'පියවර {total} න් {n}',
    "bad_record": 'මෙම ගොනුව හය ක්\u200dරීඩා වාර්තාවක් නොවේ: {why}',
    # Screens and what a real table shows (issue 11).
    "menu": "මෙනුව",
    "show_lacks": "නැති කාඩ්පත්",
    "show_lacks_title": "එක් එක් ක්\u200dරීඩකයා මඟ හැරීමෙන් ඔහු ළඟ නැති බව ඔප්පු වන කාඩ්පත් පෙන්වන්න",
    "lacks_mark": "නැත",
    "lacks": "{name} ළඟ මේ කිසිවක් නැත: {cards}.",
    "hands_left": "එක් එක් අතේ ඉතිරි කාඩ්පත්",
    "hand_empty": "නැත",
    "dir": "ltr",
    "language": "භාෂාව",
    "deck": "කාඩ්පත්",
    "deck_french": "ප්‍රංශ ඇඳුම්",
    "deck_four": "වර්ණ හතර",
    "deck_spanish": "ස්පාඤ්ඤ ඇඳුම්",
    "how_to_play": "ක්‍රීඩා කරන ආකාරය",
    "close": "වසන්න",
    "playable": "{card}, ක්‍රීඩා කළ හැක",
    "column_label": "{suit}: {low} සිට {high} දක්වා",
    "column_single": "{suit}: {low}",
    "column_empty": "{suit}: ආරම්භ වී නැත",
    "not_saving": "මෙම බ්‍රව්සරය හයට සුරැකීමට ඉඩ නොදේ, එබැවින් මෙම ක්‍රීඩාව තබා ගන්නේ මෙම පිටුව විවෘතව ඇති තාක් පමණි.",
    "take_over": "මෙතැන ක්‍රීඩා කරන්න",
    "other_tab": "මෙම ක්‍රීඩාව වෙනත් ටැබයක දිගටම පවතී.",
    "rules": """# හයේ අරමුණ
ක්‍රීඩාව අවසානයේ වැඩිපුරම චිප්ස් ලබා ගන්න. හය යනු සෙවන්ස් පවුලේ ස්පාඤ්ඤ කාඩ් ක්‍රීඩාවකි, ක්‍රීඩකයින් 5 දෙනෙකු සඳහා: ඔබ සහ බොට්ලා හතර දෙනෙක්.
# කාඩ්පත් සහ චිප්ස්
කාඩ් 40 තට්ටුවක් භාවිතා වේ: 8, 9 සහ 10 ඉවත් කර ඇත. ඒසස් අඩුයි, කිංග්ස් උසයි: ඒස් 2 3 4 5 6 7 ජැක් ක්වීන් කිං.
සෑම ක්‍රීඩකයෙක්ම එකම චිප්ස් ගණනකින් ආරම්භ කරයි: ඔබ 1 සිට 99 දක්වා වෙනත් ගණනක් තෝරා නොගන්නේ නම් 10කි.
බෙදන්නා සියලුම කාඩ්පත් එකින් එක බෙදා හරියි, එවිට සෑම ක්‍රීඩකයෙකුටම 8ක් ලැබේ. පළමු බෙදන්නා අහඹු ලෙස තෝරා ගැනේ; ඉන්පසු, දියමන්ති 6 ක්‍රීඩා කළ තැනැත්තා බෙදයි.
# ක්‍රීඩාව
දියමන්ති 6 අතැති ක්‍රීඩකයා (ස්පාඤ්ඤ ඇඳුම් සමඟ, කාසි 6) පළමුව එය ක්‍රීඩා කළ යුතුය: මෙය දියමන්ති ඉවතලන තීරුව ආරම්භ කරයි. ක්‍රීඩාව වම්පස දිගටම පවතී.
ඔබේ වාරයේදී එක් කාඩ්පතක් ක්‍රීඩා කරන්න. 6 ක් එහි ඇඳුමේ තීරුව ආරම්භ කරයි; වෙනත් ඕනෑම කාඩ්පතක් එහි ඇඳුමේ තීරුවේ පහළම කාඩ්පතට හරියටම පහළින් හෝ ඉහළම කාඩ්පතට හරියටම ඉහළින් යයි. තීරු පහළට 6 5 4 3 2 ඒස් ලෙසත් ඉහළට 6 7 ජැක් ක්වීන් කිං ලෙසත් වැඩේ: 7 සහ ජැක් අසල්වැසියන්‍ය.
ඔබට ක්‍රීඩා කළ හැකි නම්, ඔබ ක්‍රීඩා කළ යුතුය. (ඔබ තෝරා ගන්නේ නම් පමණක්, නිවසේ නීතියක් මඟින් කෙසේ වෙතත් ගෙවා මඟ හැරිය හැක.) ඔබට ක්‍රීඩා කළ නොහැකි නම්, බඳුනට චිපයක් දමා මඟ හරින්න; චිප්ස් ඉතිරි නැත්නම් නොගෙවා මඟ හරින්න.
# ජයග්‍රහණය
තම අවසන් කාඩ්පත පළමුව ක්‍රීඩා කරන ක්‍රීඩකයා වටයේ ජයග්‍රාහකයා වේ: ඔහු බඳුනෙන් සියලුම චිප්ස් එකතු කරයි. අතේ ඉතිරි කාඩ්පත් සඳහා කිසිවෙක් නොගෙවයි.
සෑම වටයකටම පසු, යමෙකුට චිප්ස් ඉතිරි නැත්නම් ක්‍රීඩාව අවසන්: වැඩිපුරම චිප්ස් ඇති තැනැත්තා ජය ගනී; සමාන නම් ජයග්‍රහණය බෙදා ගනී.
# යතුරු
ඊතල යතුරු ඔබේ අත හරහා ගමන් කරයි; Enter හෝ Space කාඩ්පත ක්‍රීඩා කරයි; ඔබට ක්‍රීඩා කළ නොහැකි විට P ගෙවා මඟ හරියි.""",
    # මඟ පෙන්වන පළමු බෙදීම සහ සැහැල්ලු ක්‍රීඩා (issue 14).
    "guide_title": "මඟ පෙන්වන බෙදීම",
    "guide_open": "ක්‍රීඩා කරමින් ඉගෙන ගැනීමට පුහුණු බෙදීමක්: ඔබ අත {held} ඇත, එබැවින් එය ඉක්මනින් අවසන් වේ. "
                  "{card} ඔබ අත ඇත, එය අතැති අය පළමුව ක්‍රීඩා කරයි. එය ක්‍රීඩා කරන්න: එය ක්ලික් කරන්න, නැතහොත් "
                  "ඊතල යතුරක් සහ Enter ඔබන්න.",
    "guide_opened": "{card} {suit} තීරුව ආරම්භ කළා; දැන් ඕනෑම 6 කට තමන්ගේම තීරුවක් ආරම්භ කළ හැක. ක්‍රීඩාව "
                    "වම්පසට යයි: ඊළඟට {name}.",
    "guide_one": "ඔබේ වාරය. ඔබේ කාඩ්පත් අතරින් ගැළපෙන්නේ එකක් පමණි: {reasons}. එය ඉහළට එසවී ඇත: එය ක්‍රීඩා කරන්න.",
    "guide_choose": "ඔබේ වාරය. කාඩ්පතක් තීරුවක කෙළවරට හරියටම පහළින් හෝ ඉහළින් ගැළපේ, 6 ක් තීරුවක් ආරම්භ "
                    "කරයි: {reasons}. ඒවා ඉහළට එසවී ඇත: ඔබ කැමති එකක් ක්‍රීඩා කරන්න.",
    "guide_pay": "ඔබේ කාඩ්පත් ({cards}) කිසිවක් තීරුවක කෙළවරට නොගැළපේ, එබැවින් ඔබට ක්‍රීඩා කළ නොහැක. බඳුනට "
                 "චිපයක් දමා මඟ හරින්න: “චිපයක් ගෙවා මඟ හරින්න” බොත්තම, නැතහොත් P යතුර.",
    "guide_paid": "ඔබේ චිපය බඳුනට ගියා. ක්‍රීඩා කළ නොහැකි සෑම කෙනෙක්ම එකක් ගෙවයි; තම අවසන් කාඩ්පත පළමුව "
                  "ක්‍රීඩා කරන ක්‍රීඩකයා මුළු බඳුනම ලබා ගනී.",
    "guide_played": "දැන් අනිත් අය වාරයෙන් වාරය, මේසය වටා වම්පසට ක්‍රීඩා කරයි: ගැළපෙන තැනක කාඩ්පතක්, නැතහොත් "
                    "බඳුනට චිපයක්.",
    "guide_last": "{card} ඔබේ අවසන් කාඩ්පතයි, එය ගැළපේ. අවසන් කිරීමට එය ක්‍රීඩා කරන්න: පළමුව අවසන් කරන්නා වටය "
                  "ජයගෙන බඳුන ලබා ගනී, දැන් {chips}.",
    "guide_done": "ඔබ අවසන් කර බඳුන ලබා ගත්තා: {chips}. හයේ එක් වටයක් එයයි. යමෙකුට චිප්ස් ඉතිරි නැති වන තුරු "
                  "ක්‍රීඩාව වටයෙන් වටය යයි; එවිට වැඩිපුරම චිප්ස් ඇති තැනැත්තා ජය ගනී.",
    "guide_why_six": "{card} {suit} තීරුව ආරම්භ කරයි",
    "guide_why_below": "{card} {end} ට හරියටම පහළින් යයි",
    "guide_why_above": "{card} {end} ට හරියටම ඉහළින් යයි",
    "guide_skip": "මඟ පෙන්වීම මඟ හරින්න",
    "guide_play": "සැබෑ ක්‍රීඩාවක් ක්‍රීඩා කරන්න",
    "guide_back": "ඔබේ ක්‍රීඩාවට ආපසු",
    "try_guide": "මඟ පෙන්වන බෙදීමක් උත්සාහ කරන්න",
    "casual_game": "සැහැල්ලු ක්‍රීඩාව",
    "casual_choice": "සැහැල්ලු ක්‍රීඩාව: ඔබේ පියවර ආපසු ගත හැක, සංඛ්‍යාලේඛනවල කිසිවක් ගණන් නොගැනේ",
    "take_back": "ආපසු ගන්න",
    "took_back": "ආපසු ගත්තා: {moves}.",
    # වටයක් නැවත බැලීම: විශේෂඥයාගේ ලකුණු, සහ විශේෂඥයාගේ අතේ ඔබේ කාඩ්පත් (issue 13).
    "review_round": "මෙම වටය නැවත බලන්න",
    "review_record": "වටය නැවත බලන්න",
    "review_title": "වටය {n} නැවත බැලීම",
    "review_prev": "පෙර පියවර",
    "review_next": "ඊළඟ පියවර",
    "marks_title": "විශේෂඥයාගේ ලකුණු",
    "marks_working": "විශේෂඥයා ඔබේ තේරීම් කිරා මනිමින්… {percent}%",
    "marks_none": "මෙම වටයේ ඔබේ සෑම පියවරක්ම බලහත්කාර විය: තෝරා ගැනීමට කිසිවක් නොතිබුණි.",
    "marks_intro": "ඔබට තිබූ සෑම තේරීමක්ම: ඔබ ක්‍රීඩා කළ කාඩ්පතින් එතැන් සිට දිනීමට අපේක්ෂා කළ හැකි චිප්ස් සහ "
                   "හොඳම කාඩ්පතේ චිප්ස්, ඔබට පෙනුණු දේට ගැළපෙන බෙදීම් {deals} ක් පුරා.",
    "mark_best": "පියවර {n}: {card} ({value}), විශේෂඥයාගේ තේරීමද එයයි.",
    "mark_line": "පියවර {n}: {card} ({value}); හොඳම කාඩ්පත {best} ({best_value}).",
    "why_opened_for_winner": Plural({"one": "{card} මඟින් {name}ට මඟ විවෘත විය; {name} වාර {n} කට පසු අවසන් කළා.",
                                     "other": "{card} මඟින් {name}ට මඟ විවෘත විය; {name} වාර {n} කට පසු අවසන් කළා."}),
    "why_opened_for": "{card} නිසා {name}ට {their} ක්‍රීඩා කිරීමට හැකි විය; {best} නම් ඔවුන් රඳවා තබනු ඇත.",
    "why_led_to_own": Plural({"one": "{best} ඔබේම කාඩ්පත් {n} කට මඟ පාදනු ඇත.",
                              "other": "{best} ඔබේම කාඩ්පත් {n} කට මඟ පාදනු ඇත."}),
    "why_worth_more": "සාමාන්‍යයෙන් {best}, {card} ට වඩා චිප්ස් {chips} ක් වැඩි වටිනාකමක් ගත්තා.",
    "expert_title": "විශේෂඥයාගේ අතේ ඔබේ කාඩ්පත්",
    "expert_working": "විශේෂඥයා ඔබේ කාඩ්පත් ක්‍රීඩා කරමින්… {percent}%",
    "review_failed": "විශේෂඥයාට මෙම නැවත බැලීම අවසන් කළ නොහැකි විය. එය වසා නැවත විවෘත කරන්න.",
    "expert_result": "මෙම වටයේ දිනූ චිප්ස්. ඔබ: {you}; ඔබේ කාඩ්පත් සමඟ විශේෂඥයා: සාමාන්‍යයෙන් {expert} "
                     "(ක්‍රීඩා {games}).",
}

# Spanish: tú, "ficha" and "bote"; "de" after a million ("1 000 000 de fichas") is CLDR's "many".
ES = {
    "app": "Seises",
    "you": "Tú",
    "your_turn_title": "Tu turno · Seises",
    "round": "Ronda {n}",
    "dealt": "Ronda {n}: reparte {name}.",
    "played": "{name} jugó {card}",
    "played_you": "Jugaste {card}",
    "paid": "{name} pagó 1 ficha y pasó",
    "paid_you": "Pagaste 1 ficha y pasaste",
    "passed_free": "{name} pasó sin fichas para pagar",
    "passed_free_you": "Pasaste sin fichas para pagar",
    "went_out": "{name} se quedó sin cartas.",
    "went_out_you": "Te quedaste sin cartas.",
    "must_pay": "No puedes jugar: paga 1 ficha y pasa.",
    "must_pass_free": "No puedes jugar y no tienes fichas: pasa.",
    "your_turn": "Tu turno: juega una carta levantada.",
    "your_turn_may_pass": "Tu turno: juega una carta levantada o pasa.",
    "forced": "Jugando tu movimiento obligado…",
    "to_play": "Juega {name}…",
    "out_title": "{name} se quedó sin cartas",
    "out_title_you": "¡Te quedaste sin cartas!",
    "won_pot": "{name} ganó el bote: {chips}.",
    "won_pot_you": "Ganaste el bote: {chips}.",
    "empty_pot": "El bote estaba vacío.",
    "game_over": "Sin fichas: {names}. La partida ha terminado.",
    "win_you": "¡Ganas tú!",
    "wins": "Gana {name}",
    "share": "{names} comparten la victoria",
    "chips": Plural({"one": "{n} ficha", "many": "{n} de fichas", "other": "{n} fichas"}),
    "cards": Plural({"one": "{n} carta", "many": "{n} de cartas", "other": "{n} cartas"}),
    "cards_unit": Plural({"one": "carta", "many": "de cartas", "other": "cartas"}),
    "list": _list_es,
    "S": "Picas", "H": "Corazones", "D": "Diamantes", "C": "Tréboles",
    "card_name": "{rank} de {suit}",
    "rank_A": "As", "rank_J": "Jota", "rank_Q": "Reina", "rank_K": "Rey",
    "oros": "Oros", "copas": "Copas", "espadas": "Espadas", "bastos": "Bastos",
    "es_A": "As", "es_J": "Sota", "es_Q": "Caballo", "es_K": "Rey",
    "dealer": "Reparte",
    "dealer_mark": "R",
    "chips_title": "Fichas",
    "th_player": "Jugador",
    "th_chips": "Fichas",
    "th_change": "Cambio",
    "th_place": "Puesto",
    "easy": "Fácil",
    "medium": "Medio",
    "hard": "Difícil",
    "all_bots": "Todos los bots",
    "mixed": "Mixto",
    "hint": "Pista: {words}",
    "hint_must_pass": "No encaja ninguna carta: paga una ficha y pasa.",
    "hint_only_card": "{card} es la única carta que puedes jugar.",
    "hint_keeps_blocked": "Juega {card} y guarda {detail}: frena las cartas de los demás y ninguna tuya.",
    "hint_opens_own": "Juega {card}: abre el camino a tu {detail}.",
    "hint_leads_to_own": Plural({"one": "Juega {card}: {detail} de tus cartas espera detrás.",
                                "many": "Juega {card}: {detail} de tus cartas esperan detrás.",
                                "other": "Juega {card}: {detail} de tus cartas esperan detrás."}, by="detail"),
    "hint_best_odds": "Juega {card}: es la que menos ayuda a los demás.",
    "pay_pass": "Pagar 1 ficha y pasar",
    "pass_free": "Pasar (sin fichas para pagar)",
    "unloadable": "No se pudo abrir tu partida guardada, así que ha empezado una nueva. "
                  "La antigua se guarda en este navegador como “{key}”.",
    "bots_failed": "Algo falló mientras jugaban los bots. Recarga la página: tu partida está guardada.",
    "unknown_language": "Seises habla English, Cymraeg, සිංහල y Español: ?lang=en, cy, si o es.",
    "seat_label": "{name}: {chips}, {cards}",
    "new_game": "Partida nueva",
    "speed": "Velocidad",
    "speed_label": "Velocidad de los bots",
    "slow": "Lenta",
    "normal": "Normal",
    "fast": "Rápida",
    "instant": "Instantánea",
    "hint_button": "Pista",
    "autoplay": "Jugar por mí los movimientos obligados",
    "your_name": "Tu nombre",
    "bots": "Bots",
    "starting_chips": "Fichas iniciales",
    "house_rule": "Regla de la casa: se puede pagar y pasar aunque se pueda jugar una carta",
    "cancel": "Cancelar",
    "deal": "Repartir",
    "next_round": "Repartir la siguiente ronda",
    "ok": "Vale",
    "table": "Mesa de juego",
    "centre": "Columnas y bote",
    "pot": "Bote",
    "pot_caption": "bote",
    "your_seat": "Tu asiento",
    "your_hand": "Tu mano",
    "table_size": "Jugadores en la mesa",
    "dealt_more": "Una carta más para {names}.",
    "dealt_more_you": "Una carta más para ti y para {names}.",
    "dealt_more_only_you": "Te tocó una carta más.",
    "copy_link": "Copiar enlace a este reparto",
    "link_ready": "El enlace a este reparto: {url}",
    "daily_deal": "Reparto del día",
    "daily_label": "Reparto del día {date}",
    "daily_played": "Jugaste el reparto del día {date} y terminaste con {chips}.",
    "daily_won": "Jugaste el reparto del día {date} y ganaste con {chips}.",
    "statistics": 'Estadísticas',
    "sound": "Sonido",
    "stats_games": 'Partidas ganadas ({level})',
    "stats_rounds": 'Rondas ganadas ({level})',
    "stats_chips_won": 'Fichas ganadas',
    "stats_chips_lost": 'Fichas perdidas',
    "stats_streak": 'Racha de victorias más larga',
    "stats_passes": 'Pases pagados',
    "stats_hints": 'Pistas en esta partida',
    "th_round": 'Ronda',
    "this_game": 'Esta partida',
    "last_game": 'La partida anterior',
    "chart_title": 'Tus fichas tras cada ronda',
    "reset_stats": 'Borrar estadísticas',
    "reset_confirm": '¿Borrar todas tus estadísticas? No se puede deshacer.',
    "game_log": 'Registro de la partida',
    "save_text": 'Guardar como texto',
    "save_record": 'Guardar el registro',
    "open_record": 'Abrir un registro',
    "back": 'Atrás',
    "forward": 'Adelante',
    "replay_step": 'Jugada {n} de {total}',
    "bad_record": 'Ese archivo no es un registro de Sixes: {why}',
    # Screens and what a real table shows (issue 11).
    "menu": "Menú",
    "show_lacks": "Cartas que faltan",
    "show_lacks_title": "Mostrar las cartas que, por sus pases, cada jugador no tiene",
    "lacks_mark": "sin",
    "lacks": "{name} no tiene ninguna de estas: {cards}.",
    "hands_left": "Cartas que quedan en cada mano",
    "hand_empty": "ninguna",
    "dir": "ltr",
    "language": "Idioma",
    "deck": "Baraja",
    "deck_french": "Palos franceses",
    "deck_four": "Cuatro colores",
    "deck_spanish": "Baraja española",
    "how_to_play": "Cómo se juega",
    "close": "Cerrar",
    "playable": "{card}, se puede jugar",
    "column_label": "{suit}: {low} a {high}",
    "column_single": "{suit}: {low}",
    "column_empty": "{suit}: sin empezar",
    "not_saving": "Este navegador no deja guardar a Seises, así que esta partida solo se conserva mientras la página esté abierta.",
    "take_over": "Jugar aquí",
    "other_tab": "Esta partida sigue en otra pestaña.",
    "rules": """# Objetivo
Tener más fichas que nadie al final de la partida. Los Seises es un juego de cartas español de la familia del cinquillo, para cinco jugadores: tú y cuatro bots.
# Cartas y fichas
Se juega con 40 cartas: sin los 8, 9 y 10. De menor a mayor: As 2 3 4 5 6 7 Jota Reina Rey; con la baraja española, 1 a 7, sota, caballo y rey.
Todos empiezan con las mismas fichas: 10, salvo que elijas otra cifra de 1 a 99.
Quien reparte da todas las cartas, de una en una, así que cada jugador tiene 8. El primero en repartir se elige al azar; después reparte quien jugó el 6 de diamantes.
# El juego
Quien tiene el 6 de diamantes (con la baraja española, el 6 de oros) debe jugarlo primero: abre la columna de su palo. El turno pasa a la izquierda.
En tu turno juegas una carta. Un 6 abre la columna de su palo; cualquier otra carta va justo debajo de la más baja o justo encima de la más alta de la columna de su palo. Las columnas crecen hacia abajo 6 5 4 3 2 As y hacia arriba 6 7 Jota Reina Rey: el 7 y la jota van seguidos.
Si puedes jugar, debes hacerlo. (Una regla de la casa, desactivada salvo que la elijas, permite pagar y pasar igualmente.) Si no puedes, pagas una ficha al bote y pasas; sin fichas, pasas sin pagar.
# Cómo se gana
El primero en jugar su última carta gana la ronda y se lleva todas las fichas del bote. Nadie paga por las cartas que le quedan en la mano.
Tras cada ronda, si alguien se ha quedado sin fichas, la partida termina: gana quien tenga más fichas, y un empate comparte la victoria.
# Teclas
Las flechas recorren tu mano; Intro o Espacio juega la carta; P paga y pasa cuando no puedes jugar.""",
    # La primera partida guiada y las partidas informales (issue 14).
    "guide_title": "Partida guiada",
    "guide_open": "Una mano de práctica para aprender jugando: tienes {held}, así que termina pronto. Tienes el "
                  "{card}, y quien lo tiene empieza. Juégalo: haz clic en él, o pulsa una flecha e Intro.",
    "guide_opened": "El {card} abrió la columna de {suit}, y ahora cualquier 6 puede abrir su propia columna. El "
                    "turno pasa a la izquierda: ahora juega {name}.",
    "guide_one": "Tu turno. Solo una de tus cartas encaja: {reasons}. Está levantada: juégala.",
    "guide_choose": "Tu turno. Una carta encaja justo debajo o encima del extremo de una columna, y un 6 abre "
                    "columna: {reasons}. Están levantadas: juega la que quieras.",
    "guide_pay": "Ninguna de tus cartas ({cards}) encaja junto al extremo de una columna, así que no puedes jugar. "
                 "Paga 1 ficha al bote y pasa: el botón «Pagar 1 ficha y pasar», o la tecla P.",
    "guide_paid": "Tu ficha fue al bote. Todo el que no puede jugar paga una; el primero en jugar su última carta se "
                  "lleva el bote entero.",
    "guide_played": "Ahora juegan los demás por turnos, hacia la izquierda: una carta donde encaje, o si no, una "
                    "ficha al bote.",
    "guide_last": "{card} es tu última carta, y encaja. Juégala para cerrar: el primero en quedarse sin cartas gana "
                  "la ronda y se lleva el bote, que ahora tiene {chips}.",
    "guide_done": "Te quedaste sin cartas y te llevaste el bote: {chips}. Eso es una ronda de Seises. La partida "
                  "sigue ronda tras ronda hasta que alguien se queda sin fichas; entonces gana quien tenga más.",
    "guide_why_six": "{card} abre la columna de {suit}",
    "guide_why_below": "{card} va justo debajo de {end}",
    "guide_why_above": "{card} va justo encima de {end}",
    "guide_skip": "Saltar la guía",
    "guide_play": "Jugar una partida de verdad",
    "guide_back": "Volver a tu partida",
    "try_guide": "Probar una partida guiada",
    "casual_game": "Partida informal",
    "casual_choice": "Partida informal: puedes deshacer tus jugadas y no cuenta en las estadísticas",
    "take_back": "Deshacer",
    "took_back": "Deshecho: {moves}.",
    # El repaso de una ronda: las notas del experto y tu mano en manos del experto (issue 13).
    "review_round": "Repasar esta ronda",
    "review_record": "Repasar la ronda",
    "review_title": "Repaso de la ronda {n}",
    "review_prev": "Jugada anterior",
    "review_next": "Jugada siguiente",
    "marks_title": "Las notas del experto",
    "marks_working": "El experto está sopesando tus decisiones… {percent}%",
    "marks_none": "Todas tus jugadas de esta ronda fueron obligadas: no había nada que elegir.",
    "marks_intro": "Cada decisión que tuviste, con las fichas que cabía esperar ganar desde entonces con la carta que "
                   "jugaste y con la mejor, en {deals} repartos que encajan con lo que podías ver.",
    "mark_best": "Jugada {n}: {card} ({value}), también la elección del experto.",
    "mark_line": "Jugada {n}: {card} ({value}); la mejor era {best} ({best_value}).",
    "why_opened_for_winner": Plural({"one": "{card} le abrió el camino a {name}, que se quedó sin cartas {n} turno "
                                            "después.",
                                     "many": "{card} le abrió el camino a {name}, que se quedó sin cartas {n} de turnos "
                                             "después.",
                                     "other": "{card} le abrió el camino a {name}, que se quedó sin cartas {n} turnos "
                                              "después."}),
    "why_opened_for": "{card} dejó jugar {their} a {name}; {best} le habría hecho esperar.",
    "why_led_to_own": Plural({"one": "{best} te habría abierto paso a {n} carta tuya.",
                              "many": "{best} te habría abierto paso a {n} de cartas tuyas.",
                              "other": "{best} te habría abierto paso a {n} cartas tuyas."}),
    "why_worth_more": "{best} valía {chips} fichas más que {card} de media.",
    "expert_title": "Tu mano en manos del experto",
    "expert_working": "El experto está jugando tus cartas… {percent}%",
    "review_failed": "El experto no pudo terminar este repaso. Ciérralo y vuelve a abrirlo.",
    "expert_result": "Fichas ganadas en esta ronda. Tú: {you}; el experto con tus cartas: {expert} de media "
                     "({games} partidas).",
}

WORDS = {"en": EN, "cy": CY, "si": SI, "es": ES}


class Say:
    """The words of one language, drawing one deck: ``say("round", n=2)`` → "Round 2".

    >>> say_in("cy")("chips", 3), say_in("cy")("list", ["Aled", "Bethan", "Chi"]), say_in("en")("list", ["A", "B"])
    ('3 sglodyn', 'Aled, Bethan a Chi', 'A and B')
    >>> say_in("en").card("QC"), say_in("es", "spanish").card("6D"), say_in("en", "spanish").label("JH")
    ('Queen of Clubs', '6 de Oros', 'Knave of Cups')
    """

    def __init__(self, lang, deck="french"):
        self.lang, self.deck, self.words = lang, deck, WORDS[lang]

    def __call__(self, key, /, *args, **fields):
        word = self.words[key]
        if isinstance(word, Plural):
            count = args[0] if args else fields[word.by]
            return word.forms[plural_category(self.lang, count)].format(**{**fields, word.by: count})
        return word(*args, **fields) if callable(word) else word.format(**fields)

    def suit(self, suit):
        return self(SPANISH_SUITS[suit] if self.deck == "spanish" else suit)

    def rank(self, rank):
        if rank.isdigit():
            return rank
        return self(f"es_{rank}" if self.deck == "spanish" else f"rank_{rank}")

    def card(self, card):
        """A card's name read aloud: "6 of Diamonds", or with Spanish suits "6 of Coins"."""
        card = str(card)
        return self("card_name", rank=self.rank(card[0]), suit=self.suit(card[1]))

    def label(self, card):
        """The short form in narration and hints: '7♥'; a Spanish-suited card has no symbol, so its name."""
        card = str(card)
        return self.card(card) if self.deck == "spanish" else card[0] + SUIT_SYMBOLS[card[1]]


def say_in(lang, deck="french"):
    return Say(lang, deck)

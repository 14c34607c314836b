"""Everything the page says, in each language it speaks: English and Welsh (?lang=cy).

A word is a template filled with ``str.format`` or, where grammar needs it
(plurals, "a"/"ac"), a function. Both languages have the same keys (a test checks).
The person is addressed as "you" in their own words, not by name: Welsh
conjugates the verb ("Chwaraeoch chi"), so those lines have keys of their own.
"""

LANGUAGES = ("en", "cy")


def _list_en(names):
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _list_cy(names):
    last = names[-1]
    joiner = "ac" if last[:1].lower() in "aeiouwyâêîôûŵŷ" else "a"  # "ac" before a vowel
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {joiner} {last}"


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
    "chips": lambda n: f"{n} chip" if n == 1 else f"{n} chips",
    "cards": lambda n: f"{n} card" if n == 1 else f"{n} cards",
    "list": _list_en,
    "S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs",
    "card_name": lambda card: f"{ {'A': 'Ace', 'J': 'Jack', 'Q': 'Queen', 'K': 'King'}.get(card[0], card[0])} of "
                              f"{EN[card[1]]}",
    "dealer": "Dealer",
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
    "hint_leads_to_own": lambda card, detail: (
        f"Play {card}: {detail} of your cards {'waits' if detail == 1 else 'wait'} behind it."),
    "hint_best_odds": "Play {card}: it helps the others least.",
    "pay_pass": "Pay 1 chip and pass",
    "pass_free": "Pass (no chips to pay)",
    "unloadable": "Your saved game could not be opened, so a new game has begun. "
                  "The old save is kept in this browser as “{key}”.",
    "bots_failed": "Something went wrong while the bots played. Reload the page: your game is saved.",
    "unknown_language": "Sixes speaks English and Welsh (?lang=cy) so far.",
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
    "chips": lambda n: f"{n} sglodyn",  # a noun after a numeral stays singular
    "cards": lambda n: f"{n} cerdyn",
    "list": _list_cy,
    "S": "Rhawiau", "H": "Calonnau", "D": "Diemwntau", "C": "Clybiau",
    "card_name": lambda card: f"{ {'A': 'As', 'J': 'Jac', 'Q': 'Brenhines', 'K': 'Brenin'}.get(card[0], card[0])} "
                              f"{CY[card[1]]}",
    "dealer": "Deliwr",
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
    "hint_leads_to_own": lambda card, detail: f"Chwaraewch {card}: mae {detail} o'ch cardiau'n aros y tu ôl iddo.",
    "hint_best_odds": "Chwaraewch {card}: dyma'r un sy'n helpu'r lleill leiaf.",
    "pay_pass": "Talu 1 sglodyn a phasio",
    "pass_free": "Pasio (dim sglodion i'w talu)",
    "unloadable": "Doedd dim modd agor eich gêm gadwedig, felly mae gêm newydd wedi dechrau. "
                  "Mae'r hen gêm wedi'i chadw yn y porwr hwn fel “{key}”.",
    "bots_failed": "Aeth rhywbeth o'i le wrth i'r lleill chwarae. Ail-lwythwch y dudalen: mae'ch gêm wedi'i chadw.",
    "unknown_language": "Mae Chwech yn siarad Saesneg a Chymraeg (?lang=cy) hyd yn hyn.",
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
}

WORDS = {"en": EN, "cy": CY}


def say_in(lang):
    """A function that says a key in ``lang``: ``say("round", n=2)`` → "Round 2".

    >>> say_in("cy")("chips", 3), say_in("cy")("list", ["Aled", "Bethan", "Chi"]), say_in("en")("list", ["A", "B"])
    ('3 sglodyn', 'Aled, Bethan a Chi', 'A and B')
    """
    words = WORDS[lang]

    def say(key, /, *args, **fields):
        word = words[key]
        return word(*args, **fields) if callable(word) else word.format(**fields)

    return say

"""English: Spider's refusals, hints, announcements and bad input."""

TEXTS = {
    # refusals (IllegalMove)
    "move.text": "“{text}” is not a move (expected like “3>7”, “3>7x4” or “deal”).",
    "move.text_range": "“{text}” is not a move: the columns are 1 to 10, and at least one card moves.",
    "move.no_column": "There is no column {n}; the columns are 1 to 10.",
    "move.empty_source": "Column {n} has no card.",
    "move.count": "At least one card has to move.",
    "move.too_many": "Column {n} does not hold that many cards.",
    "move.face_down": "Face-down cards cannot be moved.",
    "move.mixed_suits": (
        "{upper} and {lower} are different suits: only an ordered run of one suit moves together."
    ),
    "move.gap": (
        "{upper} and {lower} do not follow each other: only an ordered run of one suit moves together."
    ),
    "move.same_column": "The cards are already in column {n}.",
    "move.no_fit": "{card} does not fit on {target}: it needs a card exactly one rank higher.",
    "move.king_needs_empty": "{card} only fits into an empty column.",
    "move.on_ace": "Nothing can go on an ace.",
    "move.won": "The game is won: there is nothing left to move.",
    "deal.stock_empty": "The stock is empty: there are no cards left to deal.",
    "deal.empty_column": "You cannot deal while a column is empty: fill the empty column first.",
    "tap.nothing": "There is no card there.",
    "tap.no_target": "{block} has nowhere to go right now.",
    "tap.pointless": "{block} already lies alone in its column; moving it to an empty column changes nothing.",
    # hints
    "hint.move": "Move {block} from column {src} {where}",
    "hint.onto": "onto {target} in column {dst}",
    "hint.into_empty": "into the empty column {dst}",
    "hint.deal_move": "Deal a new row",
    "hint.reveal": "{move}: this turns a card face up.",
    "hint.empty": "{move}: this empties a column.",
    "hint.complete": "{move}: this completes a run from King to Ace.",
    "hint.join": "{move}: this joins cards of one suit into a longer run.",
    "hint.no_progress": "There is no more progress to be made on the table.",
    "hint.deal": "{no_progress} The next step: deal a new row.",
    "hint.fill": "{no_progress} Fill the empty column first – {move} – then deal a new row.",
    "hint.undo": "{no_progress} Take back a few moves and try another way.",
    "hint.restart": "{no_progress} Play the same cards with a new plan or start a new game.",
    "hint.won": "The game is won: all eight runs are cleared.",
    "announce.complete": "Run complete {symbol}, {n} of 8",
    # the solver
    "solver.unseen": (
        "Whether this game can still be won is checked only once every card is known: you have "
        "not yet seen {down} face-down card(s) and {stock} card(s) in the stock."
    ),
    # bad input
    "deal_id.format": (
        "The ID “{text}” is not valid: expected S1-, S2- or S4- and a number, for example S4-123456."
    ),
    "deal_id.too_big": "The number in the ID “{text}” is too large (at most {limit}).",
    "deal_id.suits": "Spider is played with 1, 2 or 4 suits, not {variant}.",
    "pos.header": "The first line must be “spider 1”, “spider 2” or “spider 4”, not “{text}”.",
    "pos.card_suit": "{card} is not in the game with {suits} suit(s).",
    "pos.hidden_in_stock": "Stock cards are not marked with #: “{text}”.",
    "pos.stock_size": "The stock has {n} cards; it must have 0, 10, 20, 30, 40 or 50.",
    "pos.too_many_done": "At most 8 runs can be cleared, not {n}.",
    "pos.complete_run": "The column ends with a complete run that should already have been cleared.",
    "pos.copies": (
        "The cards do not add up: {card} appears {found} times; the game with {suits} suit(s) has "
        "it {expected} times (cleared runs included)."
    ),
}

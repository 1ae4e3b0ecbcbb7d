"""English: Klondike on the page (its table, buttons, dialogs and how to play)."""

TEXTS: dict[str, str] = {
    # the new-game dialog and the mode line
    "ui.choice.klondike.1": "Klondike · Draw 1",
    "ui.choice.klondike.3": "Klondike · Draw 3",
    "ui.choice.klondike.1.note": "Each tap on the stock turns one card.",
    "ui.choice.klondike.3.note": "Three cards at a time, only the top one is playable.",
    "ui.k.mode": "{choice} · {level}",
    "ui.k.draw.1": "Draw 1",
    "ui.k.draw.3": "Draw 3",
    "ui.k.draw.switch": "New game: {choice} · {level}",
    "ui.k.cards": "{n} cards",
    "ui.k.cards.one": "1 card",
    # buttons and status
    "ui.btn.auto": "Auto-finish",
    "ui.stat.stock": "Stock",
    "ui.stat.passes": "Passes",
    # the table's places (accessible names)
    "ui.k.stock": "Stock: {n} cards, a tap turns {draw}",
    "ui.k.stock.one": "Stock: 1 card, a tap turns it",
    "ui.k.stock.turn": "Stock empty: a tap turns the waste back",
    "ui.k.stock.none": "Stock and waste are empty",
    "ui.k.waste": "Waste, {card} on top",
    "ui.k.waste.empty": "Waste, empty",
    "ui.k.foundation": "Foundation {symbol}, {card} on top",
    "ui.k.foundation.empty": "Foundation {symbol}, empty",
    # what happened (the message line)
    "ui.k.moved": "{card} to column {n}.",
    "ui.k.moved_many": "{card} and {more} more to column {n}.",
    "ui.k.moved_many.one": "{card} and 1 more to column {n}.",
    "ui.k.up": "{card} to the foundation.",
    "ui.k.turned": "Turned: {cards}.",
    "ui.k.turned_top": "Turned: {cards}; {card} is playable.",
    "ui.k.recycled": "The waste is turned back; passes: {n}.",
    "ui.k.selected": "{card} selected. Now choose where it goes.",
    "ui.k.selected_many": "{card} and {more} more selected. Now choose where it goes.",
    "ui.k.selected_many.one": "{card} and 1 more selected. Now choose where it goes.",
    "ui.k.deselected": "Selection cleared.",
    "ui.k.no_target": "{card} fits nowhere right now.",
    "ui.k.auto.running": "Auto-finish puts the cards up: {n} left.",
    "ui.k.auto.running.one": "Auto-finish puts the cards up: 1 left.",
    "ui.k.auto.stopped": "Auto-finish stopped. Tap it again to go on.",
    "ui.k.note.ok": "Got it",
    # the end of a game
    "ui.won.text.klondike": "All 52 cards are on the foundations.",
    "ui.won.announce.klondike": "You won! All 52 cards are on the foundations.",
    "ui.won.again.klondike": "Play again",
    "ui.stuck.text.klondike": (
        "No move is left: the stock and the waste are empty, and no card fits anywhere. "
        "Take back the last move or start a new game."
    ),
    # how to play
    "help.klondike.title": "Klondike",
    "help.klondike.text": (
        "Goal: put all 52 cards on the four foundations, each one suit from ace to king. At the "
        "start 28 cards lie in seven columns (one on the left, seven on the right), only the "
        "nearest card of each face up; the other 24 form the stock at the top left.\n\n"
        "In the columns you build down in alternating colours: a red 6 on a black 7. An ordered "
        "run moves as one. An empty column takes only a king (or a run headed by a king). When "
        "a face-down card is left exposed, it turns over. A foundation card may go back to a "
        "column.\n\n"
        "The stock: a tap turns one card (with “Draw 3” three, only the top one playable). Once "
        "it is empty, a tap turns the waste back in the same order – as often as you like; the "
        "passes are counted.\n\n"
        "Moving cards: tap a card to select it, then tap the target (the allowed targets light "
        "up). A card with exactly one allowed target goes there with the first tap (cards on the "
        "foundations are always selected first). Tapping the selected card again, or an empty "
        "spot, clears the selection. You can drag cards as well; where they do not fit they "
        "snap back and the message says why. A double tap or double click puts a card on its "
        "foundation.\n\n"
        "Auto-finish appears once no card lies face down and you have seen every card of the "
        "stock: it puts the remaining cards up one by one; a second tap stops it. Pause hides "
        "the table and stops the clock. The settings take a time limit in minutes; when it runs "
        "out you can finish without the clock.\n\n"
        "Levels: every Easy, Normal and Hard deal is proved winnable. Easy ones are won by "
        "simply following the hint move by move."
    ),
    "help.klondike.keys.title": "Keys",
    "help.klondike.keys.text": (
        "← → ↑ ↓ choose a place (columns, stock, waste, foundations) · Enter or Space "
        "selects the cards there or puts the selected ones there (again on the same column: one "
        "card fewer) · F puts the card on its foundation · D turns the stock · A starts or stops "
        "auto-finish · Esc clears the selection · U undo · H hint · N new game · Ctrl+Z (⌘Z) undo · "
        "Ctrl+Y or Ctrl+Shift+Z redo."
    ),
    "help.klondike.ids.title": "Game ID",
    "help.klondike.ids.text": (
        "Every Klondike game has an ID such as K1-4711 (K3- when drawing 3); the number is "
        "PySolFC's. The same ID gives the same cards everywhere: copy it, share it or open it later "
        "with a link (?deal=K1-4711) to play exactly this game again."
    ),
    "ui.k.double.one_card": "A double tap puts a single card on its foundation; these cards stay where they are.",
    "ui.k.drop.nowhere": "Cards cannot go there; they are back where they were.",
}

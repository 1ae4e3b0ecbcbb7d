"""English: Klondike on the page (its table, buttons, dialogs and how to play)."""

TEXTS: dict[str, str] = {}

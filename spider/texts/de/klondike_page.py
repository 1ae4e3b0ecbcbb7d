"""German: Klondike on the page (its table, buttons, dialogs and how to play)."""

TEXTS: dict[str, str] = {
    # the new-game dialog and the mode line
    "ui.choice.klondike.1": "Klondike · 1 Karte",
    "ui.choice.klondike.3": "Klondike · 3 Karten",
    "ui.choice.klondike.1.note": "Jedes Antippen des Stapels zieht eine Karte.",
    "ui.choice.klondike.3.note": "Drei Karten auf einmal, nur die oberste ist spielbar.",
    "ui.k.mode": "{choice} · {level}",
    "ui.k.draw.1": "1 Karte",
    "ui.k.draw.3": "3 Karten",
    "ui.k.draw.switch": "Neues Spiel: {choice} · {level}",
    "ui.k.cards": "{n} Karten",
    "ui.k.cards.one": "1 Karte",
    # buttons and status
    "ui.btn.auto": "Auto-Ende",
    "ui.stat.stock": "Stapel",
    "ui.stat.passes": "Durchgänge",
    # the table's places (accessible names)
    "ui.k.stock": "Stapel: {n} Karten, antippen zieht {draw}",
    "ui.k.stock.one": "Stapel: 1 Karte, antippen zieht sie",
    "ui.k.stock.turn": "Stapel leer: antippen dreht den Ablagestapel um",
    "ui.k.stock.none": "Stapel und Ablagestapel sind leer",
    "ui.k.waste": "Ablagestapel, obenauf {card}",
    "ui.k.waste.empty": "Ablagestapel, leer",
    "ui.k.foundation": "Zielstapel {symbol}, obenauf {card}",
    "ui.k.foundation.empty": "Zielstapel {symbol}, leer",
    # what happened (the message line)
    "ui.k.moved": "{card} nach Spalte {n}.",
    "ui.k.moved_many": "{card} und {more} weitere nach Spalte {n}.",
    "ui.k.moved_many.one": "{card} und 1 weitere nach Spalte {n}.",
    "ui.k.up": "{card} auf den Zielstapel.",
    "ui.k.turned": "Gezogen: {cards}.",
    "ui.k.turned_top": "Gezogen: {cards}; spielbar ist {card}.",
    "ui.k.recycled": "Der Ablagestapel ist wieder umgedreht; Durchgänge: {n}.",
    "ui.k.selected": "{card} gewählt. Jetzt das Ziel wählen.",
    "ui.k.selected_many": "{card} und {more} weitere gewählt. Jetzt das Ziel wählen.",
    "ui.k.selected_many.one": "{card} und 1 weitere gewählt. Jetzt das Ziel wählen.",
    "ui.k.deselected": "Auswahl aufgehoben.",
    "ui.k.no_target": "{card} passt gerade nirgends hin.",
    "ui.k.auto.running": "Auto-Ende legt die Karten ab: noch {n}.",
    "ui.k.auto.running.one": "Auto-Ende legt die Karten ab: noch 1.",
    "ui.k.auto.stopped": "Auto-Ende angehalten. Tippe noch einmal darauf, um weiterzumachen.",
    "ui.k.note.ok": "Verstanden",
    # the end of a game
    "ui.won.text.klondike": "Alle 52 Karten liegen auf den Zielstapeln.",
    "ui.won.announce.klondike": "Gewonnen! Alle 52 Karten liegen auf den Zielstapeln.",
    "ui.won.again.klondike": "Nochmal",
    "ui.stuck.text.klondike": (
        "Es ist kein Zug mehr möglich: Stapel und Ablagestapel sind leer, und keine Karte passt "
        "irgendwo hin. Nimm den letzten Zug zurück oder beginne ein neues Spiel."
    ),
    # how to play
    "help.klondike.title": "Klondike",
    "help.klondike.text": (
        "Ziel: Alle 52 Karten auf die vier Zielstapel legen, jeden in einer Farbe vom Ass bis "
        "zum König. Zu Beginn liegen 28 Karten in sieben Spalten (links eine, rechts sieben), "
        "nur die unterste jeder Spalte offen; die übrigen 24 bilden den Stapel links oben.\n\n"
        "In den Spalten legst du absteigend und abwechselnd rot und schwarz an: eine rote 6 auf "
        "eine schwarze 7. Eine geordnete Folge zieht gemeinsam. In eine leere Spalte passt nur "
        "ein König (oder eine Folge, die mit einem König beginnt). Liegt oben eine verdeckte "
        "Karte frei, dreht sie sich um. Eine Karte vom Zielstapel darf zurück in eine Spalte.\n\n"
        "Der Stapel: Antippen zieht eine Karte (bei „3 Karten“ drei, nur die oberste ist "
        "spielbar). Ist er leer, dreht Antippen den Ablagestapel in derselben Reihenfolge wieder "
        "um – so oft du willst; die Durchgänge werden gezählt.\n\n"
        "Karten bewegen: Tippe eine Karte an, um sie zu wählen, dann tippe auf das Ziel (die "
        "erlaubten Ziele leuchten). Hat eine Karte nur ein einziges erlaubtes Ziel, wandert sie "
        "schon beim ersten Antippen dorthin (Karten vom Zielstapel wählst du immer erst aus). "
        "Noch einmal auf die gewählte Karte oder auf eine freie Stelle tippen hebt die Auswahl "
        "auf. Du kannst Karten auch ziehen; passt es nicht, springen sie zurück, und die Meldung "
        "sagt, warum. Doppeltippen oder Doppelklick legt eine Karte auf ihren Zielstapel.\n\n"
        "Auto-Ende erscheint, sobald keine Karte mehr verdeckt ist und du jede Karte im Stapel "
        "gesehen hast: Es legt die restlichen Karten nacheinander ab; ein zweites Antippen hält "
        "es an. Pause verdeckt den Tisch und hält die Uhr an. In den Einstellungen lässt sich ein "
        "Zeitlimit in Minuten setzen; ist die Zeit um, kannst du ohne Uhr zu Ende spielen.\n\n"
        "Schwierigkeit: Jede Verteilung von Leicht, Normal und Schwer ist nachweislich zu "
        "gewinnen. Leicht gewinnt schon, wer Zug für Zug dem Tipp folgt."
    ),
    "help.klondike.keys.title": "Tasten",
    "help.klondike.keys.text": (
        "← → ↑ ↓ wählen einen Platz (Spalten, Stapel, Ablage, Zielstapel) · Enter oder "
        "Leertaste wählt die Karten dort bzw. legt die gewählten dorthin (noch einmal auf "
        "derselben Spalte: eine Karte weniger) · F legt die Karte auf ihren Zielstapel · D zieht "
        "vom Stapel · A startet oder stoppt Auto-Ende · Esc hebt die Auswahl auf · U Zurück · "
        "H Tipp · N Neues Spiel · Strg+Z (⌘Z) Zurück · Strg+Y oder Strg+Umschalt+Z Wiederholen."
    ),
    "help.klondike.ids.title": "Kennung",
    "help.klondike.ids.text": (
        "Jedes Klondike-Spiel hat eine Kennung wie K1-4711 (K3- bei 3 Karten); die Nummer ist die "
        "von PySolFC. Dieselbe Kennung gibt überall dieselben Karten: Kopiere sie, teile sie oder "
        "öffne sie später mit einem Link (?deal=K1-4711), um genau dieses Spiel noch einmal zu spielen."
    ),
    "ui.k.double.one_card": "Ein Doppeltipp legt eine einzelne Karte auf ihren Zielstapel; diese Karten bleiben liegen.",
    "ui.k.drop.nowhere": "Dort ist kein Platz für Karten; sie liegen wieder, wo sie waren.",
}

"""German: Spider's refusals, hints, announcements and bad input."""

TEXTS = {
    # refusals (IllegalMove)
    "move.text": "„{text}“ ist kein Zug (erwartet wie „3>7“, „3>7x4“ oder „deal“).",
    "move.text_range": "„{text}“ ist kein Zug: Die Spalten sind 1 bis 10, bewegt wird mindestens eine Karte.",
    "move.no_column": "Eine Spalte {n} gibt es nicht; die Spalten sind 1 bis 10.",
    "move.empty_source": "In Spalte {n} liegt keine Karte.",
    "move.count": "Es muss mindestens eine Karte bewegt werden.",
    "move.too_many": "So viele Karten liegen in Spalte {n} nicht.",
    "move.face_down": "Verdeckte Karten lassen sich nicht bewegen.",
    "move.mixed_suits": (
        "{upper} und {lower} sind verschiedene Farben: Nur eine geordnete Folge "
        "derselben Farbe zieht gemeinsam."
    ),
    "move.gap": (
        "{upper} und {lower} folgen nicht lückenlos aufeinander: Nur eine geordnete Folge "
        "derselben Farbe zieht gemeinsam."
    ),
    "move.same_column": "Die Karten liegen schon in Spalte {n}.",
    "move.no_fit": "{card} passt nicht auf {target}: Es braucht eine Karte genau einen Wert höher.",
    "move.king_needs_empty": "{card} passt nur in eine leere Spalte.",
    "move.on_ace": "Auf ein Ass kann keine Karte gelegt werden.",
    "move.won": "Die Partie ist gewonnen: Es gibt nichts mehr zu ziehen.",
    "deal.stock_empty": "Der Stapel ist leer: Es sind keine Karten mehr auszuteilen.",
    "deal.empty_column": (
        "Austeilen geht nicht, solange eine Spalte leer ist: Fülle zuerst die leere Spalte."
    ),
    "tap.nothing": "Dort liegt keine Karte.",
    "tap.no_target": "Für {block} gibt es gerade kein erlaubtes Ziel.",
    "tap.pointless": "{block} liegt schon allein in der Spalte; ein Zug in eine leere Spalte ändert nichts.",
    # hints
    "hint.move": "Ziehe {block} von Spalte {src} {where}",
    "hint.onto": "auf {target} in Spalte {dst}",
    "hint.into_empty": "in die leere Spalte {dst}",
    "hint.deal_move": "Teile eine neue Reihe aus",
    "hint.reveal": "{move}: Das deckt eine Karte auf.",
    "hint.empty": "{move}: Das leert eine Spalte.",
    "hint.complete": "{move}: Das vollendet eine Folge von König bis Ass.",
    "hint.join": "{move}: Das verbindet Karten derselben Farbe zu einer längeren Folge.",
    "hint.no_progress": "Auf dem Tisch gibt es keinen Fortschritt mehr zu holen.",
    "hint.deal": "{no_progress} Der nächste Schritt: eine neue Reihe austeilen.",
    "hint.fill": (
        "{no_progress} Fülle zuerst die leere Spalte – {move} – und teile dann eine neue Reihe aus."
    ),
    "hint.undo": "{no_progress} Nimm ein paar Züge zurück und versuche einen anderen Weg.",
    "hint.restart": (
        "{no_progress} Spiele dieselben Karten mit einem neuen Plan oder beginne ein neues Spiel."
    ),
    "hint.won": "Die Partie ist gewonnen: Alle acht Folgen sind abgeräumt.",
    "announce.complete": "Folge komplett {symbol}, {n} von 8",
    # the solver
    "solver.unseen": (
        "Ob sich diese Partie noch gewinnen lässt, wird erst geprüft, wenn alle Karten bekannt "
        "sind: {down} verdeckte Karte(n) und {stock} Karte(n) im Stapel hast du noch nicht gesehen."
    ),
    # bad input
    "deal_id.format": (
        "Die Kennung „{text}“ ist ungültig: Erwartet wird S1-, S2- oder S4- und eine Nummer, "
        "zum Beispiel S4-123456."
    ),
    "deal_id.too_big": "Die Nummer in der Kennung „{text}“ ist zu groß (höchstens {limit}).",
    "deal_id.suits": "Es gibt nur Spider mit 1, 2 oder 4 Farben, nicht mit {variant}.",
    "pos.header": "Die erste Zeile muss „spider 1“, „spider 2“ oder „spider 4“ lauten, nicht „{text}“.",
    "pos.card_suit": "{card} gibt es im Spiel mit {suits} Farbe(n) nicht.",
    "pos.hidden_in_stock": "Im Stapel wird keine Karte mit # markiert: „{text}“.",
    "pos.stock_size": "Der Stapel hat {n} Karten; es müssen 0, 10, 20, 30, 40 oder 50 sein.",
    "pos.too_many_done": "Es können höchstens 8 Folgen abgeräumt sein, nicht {n}.",
    "pos.complete_run": "Die Spalte endet mit einer kompletten Folge, die schon abgeräumt sein müsste.",
    "pos.copies": (
        "Die Karten stimmen nicht: {card} kommt {found}-mal vor, im Spiel mit {suits} Farbe(n) "
        "gehört sie {expected}-mal dazu (abgeräumte Folgen mitgezählt)."
    ),
}

"""Every user-facing string of the game, in one catalog.

German is the language of the product. Code and docs are in English; whatever a player
reads comes from here, looked up by key with :func:`t`. Another language is one more
dictionary with the same keys, selected with :func:`set_language`.

>>> t("deal.stock_empty")
'Der Stapel ist leer: Es sind keine Karten mehr auszuteilen.'
"""

from __future__ import annotations

from typing import Final

DE: Final[dict[str, str]] = {
    # --- engine: names -------------------------------------------------------------
    "suit.S": "Pik",
    "suit.H": "Herz",
    "suit.D": "Karo",
    "suit.C": "Kreuz",
    "rank.1": "Ass",
    "rank.11": "Bube",
    "rank.12": "Dame",
    "rank.13": "König",
    "card.name": "{suit} {rank}",
    "card.down": "verdeckte Karte",
    "column": "Spalte {n}",
    # --- engine: refusals (IllegalMove.reason) --------------------------------------
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
    "undo.nothing": "Es gibt keinen Zug, der sich zurücknehmen lässt.",
    "redo.nothing": "Es gibt keinen Zug, der sich wiederholen lässt.",
    "tap.nothing": "Dort liegt keine Karte.",
    "tap.no_target": "Für {block} gibt es gerade kein erlaubtes Ziel.",
    "tap.pointless": "{block} liegt schon allein in der Spalte; ein Zug in eine leere Spalte ändert nichts.",
    # --- engine: hints -------------------------------------------------------------
    "hint.move": "Ziehe {block} von Spalte {src} {where}",
    "hint.onto": "auf {target} in Spalte {dst}",
    "hint.into_empty": "in die leere Spalte {dst}",
    "hint.reveal": "{move}: Das deckt eine Karte auf.",
    "hint.empty": "{move}: Das leert eine Spalte.",
    "hint.complete": "{move}: Das vollendet eine Folge von König bis Ass.",
    "hint.join": "{move}: Das verbindet Karten derselben Farbe zu einer längeren Folge.",
    "hint.no_progress": "Auf dem Tisch gibt es keinen Fortschritt mehr zu holen.",
    "hint.deal": "{no_progress} Der nächste Schritt: eine neue Reihe austeilen.",
    "hint.fill": (
        "{no_progress} Fülle zuerst die leere Spalte – {move} – und teile dann eine neue Reihe aus."
    ),
    "hint.undo": (
        "{no_progress} Nimm ein paar Züge zurück und versuche einen anderen Weg."
    ),
    "hint.restart": (
        "{no_progress} Spiele dieselben Karten mit einem neuen Plan oder beginne ein neues Spiel."
    ),
    "hint.won": "Die Partie ist gewonnen: Alle acht Folgen sind abgeräumt.",
    "announce.complete": "Folge komplett {symbol}, {n} von 8",
    # --- engine: solver (ValueError messages) ---------------------------------------
    "solver.unseen": (
        "Ob sich diese Partie noch gewinnen lässt, wird erst geprüft, wenn alle Karten bekannt "
        "sind: {down} verdeckte Karte(n) und {stock} Karte(n) im Stapel hast du noch nicht gesehen."
    ),
    # --- engine: bad input (ValueError messages) ------------------------------------
    "deal_id.format": (
        "Die Kennung „{text}“ ist ungültig: Erwartet wird S1-, S2- oder S4- und eine Nummer, "
        "zum Beispiel S4-123456."
    ),
    "deal_id.too_big": "Die Nummer in der Kennung „{text}“ ist zu groß (höchstens {limit}).",
    "deal_id.suits": "Es gibt nur Spider mit 1, 2 oder 4 Farben, nicht mit {suits}.",
    "pos.empty": "Die Stellung ist leer.",
    "pos.line": "Zeile {line}: {reason}",
    "pos.header": "Die erste Zeile muss „spider 1“, „spider 2“ oder „spider 4“ lauten, nicht „{text}“.",
    "pos.expected": "Erwartet wird „{what}“, gefunden „{text}“.",
    "pos.missing": "Die Zeile „{what}“ fehlt.",
    "pos.extra": "Überzählige Zeile „{text}“.",
    "pos.card": "„{text}“ ist keine Karte (Wert A 2 3 4 5 6 7 8 9 T J Q K, Farbe S H D C).",
    "pos.card_suit": "{card} gibt es im Spiel mit {suits} Farbe(n) nicht.",
    "pos.hidden_in_stock": "Im Stapel wird keine Karte mit # markiert: „{text}“.",
    "pos.suit": "„{text}“ ist keine Farbe (S H D C).",
    "pos.stock_size": "Der Stapel hat {n} Karten; es müssen 0, 10, 20, 30, 40 oder 50 sein.",
    "pos.too_many_done": "Es können höchstens 8 Folgen abgeräumt sein, nicht {n}.",
    "pos.down_after_up": "Die verdeckte Karte „{text}“ liegt auf einer offenen Karte.",
    "pos.exposed_down": "Die unterste Karte der Spalte liegt verdeckt; sie müsste offen sein.",
    "pos.complete_run": "Die Spalte endet mit einer kompletten Folge, die schon abgeräumt sein müsste.",
    "pos.copies": (
        "Die Karten stimmen nicht: {card} kommt {found}-mal vor, im Spiel mit {suits} Farbe(n) "
        "gehört sie {expected}-mal dazu (abgeräumte Folgen mitgezählt)."
    ),
    "json.broken": "Der gespeicherte Spielstand ist beschädigt: {reason}",
    "json.foreign": "Das ist kein Spielstand dieses Spiels.",
    "json.version": "Der Spielstand hat die Version {found}; lesbar ist Version {expected}.",
    # --- page ---
    "ui.title": "Spider Solitär",
    "ui.loading": "Das Spiel wird geladen …",
    "ui.toolbar": "Spielsteuerung",
    "ui.btn.new": "Neues Spiel",
    "ui.btn.restart": "Gleiche Karten neu",
    "ui.btn.undo": "Zurück",
    "ui.btn.redo": "Wiederholen",
    "ui.btn.hint": "Tipp",
    "ui.btn.deal": "Austeilen",
    "ui.btn.deal_empty": "keine Karten mehr",
    "ui.btn.four_color": "Vierfarbiges Blatt",
    "ui.stat.rounds": "Runden",
    "ui.stat.runs": "Folgen",
    "ui.stat.facedown": "Verdeckt",
    "ui.stat.moves": "Züge",
    "ui.stat.time": "Zeit",
    "ui.stat.runs_value": "{n}/8",
    "ui.status": "Spielstand",
    "ui.stock": "Stapel: noch {n} Runden",
    "ui.stock.empty": "Stapel: leer",
    "ui.foundation": "Basisreihe: {n} von 8 Folgen abgeräumt",
    "ui.board": "Spieltisch",
    "ui.column.empty": "Spalte {n}, leer",
    "ui.deal_id": "Spiel {id}",
    "ui.deal_id.none": "Stellung aus einem Link",
    "ui.moved": "{card} nach Spalte {dst}.",
    "ui.moved_many": "{card} und {more} weitere nach Spalte {dst}.",
    "ui.revealed": " Eine Karte ist aufgedeckt.",
    "ui.dealt": "Neue Reihe ausgeteilt, noch {n} Runden.",
    "ui.undone": "Zurückgenommen.",
    "ui.redone": "Wiederholt.",
    "ui.new_game": "Neues Spiel: {level}, {id}.",
    "ui.restart": "Dieselben Karten von vorn.",
    "ui.picker.title": "Spalte {n}: Karten wählen",
    "ui.picker.down": "Darüber liegen {n} verdeckte Karten.",
    "ui.picker.take": "Nimm {n} Karten",
    "ui.picker.take1": "Nimm 1 Karte",
    "ui.picker.more": "Mehr Karten",
    "ui.picker.fewer": "Weniger Karten",
    "ui.picker.none": "Aus Spalte {n} lässt sich keine Karte nehmen.",
    "ui.picker.targets": "Ziel",
    "ui.picker.no_target": "Für diesen Block gibt es kein erlaubtes Ziel.",
    "ui.picker.target": "Spalte {n}",
    "ui.picker.onto": "auf {card}",
    "ui.picker.empty": "leere Spalte",
    "ui.picker.completes": "vollendet eine Folge",
    "ui.picker.same_suit": "gleiche Farbe",
    "ui.picker.prev": "Vorherige Ziele",
    "ui.picker.next": "Weitere Ziele",
    "ui.picker.page": "Seite {n} von {m}",
    "ui.picker.confirm": "Bestätigen",
    "ui.picker.cancel": "Abbrechen",
    "ui.new.title": "Neues Spiel",
    "ui.new.legend": "Schwierigkeit",
    "ui.new.level.1": "Leicht",
    "ui.new.level.2": "Mittel",
    "ui.new.level.4": "Schwer",
    "ui.new.suits.1": "1 Farbe",
    "ui.new.suits.2": "2 Farben",
    "ui.new.suits.4": "4 Farben",
    "ui.new.start": "Spielen",
    "ui.cancel": "Abbrechen",
    "ui.close": "Schließen",
    "ui.won.title": "Gewonnen!",
    "ui.won.text": "Alle acht Folgen sind abgeräumt.",
    "ui.won.time": "Zeit",
    "ui.won.moves": "Züge",
    "ui.won.runs": "Folgen",
    "ui.won.score": "Punkte",
    "ui.won.deal": "Kennung",
    "ui.won.copy": "Kennung kopieren",
    "ui.won.announce": "Gewonnen! Alle acht Folgen sind abgeräumt.",
    "ui.copied": "Die Kennung {id} ist kopiert.",
    "ui.copy_failed": "Kopieren ging nicht; die Kennung lautet {id}.",
    "ui.stuck.title": "Keine Züge mehr",
    "ui.stuck.text": (
        "Der Stapel ist leer und es gibt keinen erlaubten Zug mehr: Die Partie ist hier zu Ende. "
        "Nimm den letzten Zug zurück, spiele dieselben Karten neu oder beginne ein neues Spiel."
    ),
    "ui.stuck.undo": "Letzten Zug zurücknehmen",
    "ui.link.bad_deal": "Der Link ist ungültig: {reason} Dein gespeichertes Spiel bleibt unverändert.",
    "ui.link.bad_pos": (
        "Die Stellung im Link ist fehlerhaft: {reason} Dein gespeichertes Spiel bleibt unverändert."
    ),
    "ui.link.deal": "Spiel {id} aus dem Link.",
    "ui.link.pos": "Stellung aus dem Link.",
    "ui.save.unreadable": (
        "Der gespeicherte Spielstand ließ sich nicht lesen ({reason}). Ein neues Spiel beginnt; "
        "die alten Daten sind unter „{key}“ aufbewahrt."
    ),
    "ui.save.format": "unbekanntes Format",
    "ui.save.failed": "Der Spielstand ließ sich nicht speichern.",
    "ui.verdict.checking": "Das Spiel wird geprüft: Lässt es sich von hier aus noch gewinnen? Du kannst dabei weiterspielen.",
    "ui.verdict.lost": (
        "Dieses Spiel ist von hier aus nicht mehr zu gewinnen. Das ist geprüft: Alle Karten sind "
        "bekannt, und kein Weg führt mehr zum Sieg. Nimm Züge zurück oder spiele neu."
    ),
    "ui.verdict.restart": "Nochmal mit denselben Karten",
    "ui.verdict.new": "Neue Verteilung",
    "ui.verdict.win": "{move}: Dieser Zug führt sicher zum Sieg – der Weg bis zum Ende ist durchgerechnet.",
    "ui.update": "Neue Version – neu laden",
    "ui.app.short_name": "Spider",
    "ui.app.description": (
        "Spider Solitaire mit 1, 2 oder 4 Farben, mit Tipps und Zurücknehmen; läuft auch ohne Netz."
    ),
}

CATALOGS: Final[dict[str, dict[str, str]]] = {"de": DE}
_language = "de"


def set_language(code: str) -> None:
    """Select the catalog used by :func:`t` (only ``"de"`` exists today)."""
    global _language
    if code not in CATALOGS:
        raise ValueError(f"no catalog for language {code!r}")
    _language = code


def t(key: str, /, **values: object) -> str:
    """The text for ``key`` in the current language, with ``{names}`` filled in."""
    return CATALOGS[_language][key].format(**values)

"""German: the page (the shell's chrome, dialogs and messages, Spider's table, how to play)."""

TEXTS = {
    # chrome
    'ui.app.name': 'Solitär – Spider und Klondike',
    'ui.app.short_name': 'Solitär',
    'ui.app.description': 'Spider (1, 2 oder 4 Farben) und Klondike (1 oder 3 Karten) mit Tipps, Zurücknehmen und Duell; läuft auch ohne Netz.',
    "ui.title.spider": "Spider Solitär",
    "ui.title.klondike": "Klondike Solitär",
    "ui.loading": "Das Spiel wird geladen …",
    "ui.loading.wait": "Einen Moment noch: das Spiel startet gleich.",
    "ui.loading.failed": "Das Spiel konnte nicht geladen werden. Bitte die Verbindung prüfen und neu laden.",
    "ui.loading.slow": "Das Laden dauert länger als sonst; es geht von selbst weiter. Falls nichts mehr kommt: neu laden.",
    "ui.loading.reload": "Neu laden",
    "ui.toolbar": "Spielsteuerung",
    "ui.status": "Spielstand",
    "ui.board": "Spieltisch",
    "ui.btn.new": "Neues Spiel",
    "ui.btn.restart": "Gleiche Karten neu",
    "ui.btn.undo": "Zurück",
    "ui.btn.redo": "Wiederholen",
    "ui.btn.hint": "Tipp",
    "ui.btn.help": "Anleitung",
    "ui.btn.deal": "Austeilen",
    "ui.btn.deal.off": "keine Karten mehr",
    "ui.btn.four_color": "Vierfarbiges Blatt",
    "ui.lang.de": "Deutsch",
    "ui.lang.en": "English",
    "ui.lang.switched": "Die Sprache ist jetzt Deutsch.",
    "ui.switch.spider": "Zu Spider wechseln",
    "ui.switch.klondike": "Zu Klondike wechseln",
    "ui.switched": "Weiter mit {mode}.",
    "ui.deal_id": "Spiel {id}",
    "ui.deal_id.none": "Stellung aus einem Link",
    "ui.update": "Neue Version – neu laden",
    'ui.btn.pause': 'Pause',
    'ui.paused': 'Pause: Der Tisch ist verdeckt, die Uhr steht.',
    'ui.resume': 'Weiter',
    'ui.resumed': "Weiter geht's.",
    'ui.time.up': 'Die Zeit ist um ({n} Minuten). Du kannst die Partie ohne Uhr zu Ende spielen.',
    'ui.time.up.one': 'Die Zeit ist um (1 Minute). Du kannst die Partie ohne Uhr zu Ende spielen.',
    'ui.time.go_on': 'Ohne Uhr weiterspielen',
    'ui.confirm.title': 'Bist du sicher?',
    'duel.link.start': 'Duell per Link: Spiel die Verteilung; ist dein Spiel vorbei, schickst du die Herausforderung.',
    'ui.btn.finish': 'Fertig',
    'ui.menu.duel': 'Duell',
    'ui.menu.stats': 'Statistik',
    'ui.menu.daily': 'Tagesspiel',
    # status
    "ui.stat.rounds": "Runden",
    "ui.stat.runs": "Folgen",
    "ui.stat.facedown": "Verdeckt",
    "ui.stat.moves": "Züge",
    "ui.stat.time": "Zeit",
    "ui.stat.score": "Punkte",
    "ui.stat.runs_value": "{n}/8",
    # Spider's table
    "ui.stock": "Stapel: noch {n} Runden",
    "ui.stock.one": "Stapel: noch 1 Runde",
    "ui.stock.empty": "Stapel: leer",
    "ui.foundation": "Abgeräumte Folgen: {n} von 8",
    "ui.column.empty": "Spalte {n}, leer",
    "ui.moved": "{card} nach Spalte {dst}.",
    "ui.moved_many": "{card} und {more} weitere nach Spalte {dst}.",
    "ui.revealed": "Eine Karte ist aufgedeckt.",
    "ui.dealt": "Neue Reihe ausgeteilt, noch {n} Runden.",
    "ui.dealt.one": "Neue Reihe ausgeteilt, noch 1 Runde.",
    "ui.undone": "Zurückgenommen.",
    "ui.redone": "Wiederholt.",
    "ui.picker.title": "Spalte {n}: Karten wählen",
    "ui.picker.down": "Darüber liegen {n} verdeckte Karten.",
    "ui.picker.down.one": "Darüber liegt 1 verdeckte Karte.",
    "ui.picker.take": "Nimm {n} Karten",
    "ui.picker.take.one": "Nimm 1 Karte",
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
    # new game
    "ui.new.title": "Neues Spiel",
    "ui.new.legend": "Spiel",
    "ui.new.level": "Schwierigkeit",
    "ui.new.start": "Spielen",
    "ui.new_game": "Neues Spiel: {mode}, {id}.",
    "ui.choice.spider.1": "Spider · 1 Farbe",
    "ui.choice.spider.2": "Spider · 2 Farben",
    "ui.choice.spider.4": "Spider · 4 Farben",
    "ui.choice.spider.1.note": "Leicht",
    "ui.choice.spider.2.note": "Mittel",
    "ui.choice.spider.4.note": "Schwer",
    "ui.level.easy": "Leicht",
    "ui.level.normal": "Normal",
    "ui.level.hard": "Schwer",
    "ui.restart": "Dieselben Karten von vorn.",
    "ui.cancel": "Abbrechen",
    "ui.close": "Schließen",
    # the end of a game
    "ui.won.title": "Gewonnen!",
    "ui.won.text.spider": "Alle acht Folgen sind abgeräumt.",
    "ui.won.time": "Zeit",
    "ui.won.moves": "Züge",
    "ui.won.runs": "Folgen",
    "ui.won.score": "Punkte",
    "ui.won.passes": "Durchgänge",
    "ui.won.deal": "Kennung",
    "ui.won.copy": "Kennung kopieren",
    "ui.won.announce": "Gewonnen! Alle acht Folgen sind abgeräumt.",
    "ui.copied": "Die Kennung {id} ist kopiert.",
    "ui.copy_failed": "Kopieren ging nicht; die Kennung lautet {id}.",
    "ui.stuck.title": "Keine Züge mehr",
    "ui.stuck.text.spider": (
        "Der Stapel ist leer und es gibt keinen erlaubten Zug mehr: Die Partie ist hier zu Ende. "
        "Nimm den letzten Zug zurück, spiele dieselben Karten neu oder beginne ein neues Spiel."
    ),
    "ui.stuck.undo": "Letzten Zug zurücknehmen",
    # links and the game a link replaces
    "ui.link.bad_deal": "Der Link ist ungültig: {reason} Dein gespeichertes Spiel bleibt unverändert.",
    "ui.link.bad_pos": "Die Stellung im Link ist fehlerhaft: {reason} Dein gespeichertes Spiel bleibt unverändert.",
    "ui.link.bad_deal.skipped": "Der Link ist ungültig: {reason}",
    "ui.link.bad_pos.skipped": "Die Stellung im Link ist fehlerhaft: {reason}",
    "ui.link.two": (
        "Der Link nennt zwei Spiele („{deal}“ und „{pos}“); geöffnet wird keines. "
        "Dein gespeichertes Spiel bleibt unverändert."
    ),
    "ui.link.deal": "Spiel {id} aus dem Link.",
    "ui.link.pos": "Stellung aus dem Link.",
    "ui.previous.kept": "Dein vorheriges Spiel ist aufgehoben.",
    "ui.previous.restart": "Dieselben Karten von vorn. Das Spiel von eben ist aufgehoben.",
    "ui.previous.button": "Vorheriges Spiel fortsetzen",
    "ui.previous.resume": "Vorheriges Spiel fortsetzen ({game})",
    "ui.previous.resumed": "Das vorherige Spiel geht weiter.",
    # saving
    "ui.save.unreadable": (
        "Der gespeicherte Spielstand ließ sich nicht lesen ({reason}). Ein neues Spiel beginnt; "
        "die alten Daten sind unter „{key}“ aufbewahrt."
    ),
    "ui.save.unreadable_kept": (
        "Der gespeicherte Spielstand ließ sich nicht lesen ({reason}) und nicht beiseitelegen; er "
        "bleibt unverändert unter „{key}“. Ein neues Spiel beginnt, wird aber nicht gespeichert."
    ),
    "ui.save.blocked": (
        "Unlesbare alte Daten belegen den Speicherplatz dieses Spiels; darum wird nicht gespeichert."
    ),
    "ui.save.discard": "Alte Daten verwerfen und speichern",
    "ui.save.off": (
        "Dieser Browser erlaubt der Seite kein Speichern: Du kannst spielen, aber der Spielstand "
        "geht beim Schließen verloren."
    ),
    "ui.save.format": "unbekanntes Format",
    "ui.save.failed": "Der Spielstand ließ sich nicht speichern.",
    "ui.tabs.changed": (
        "Dieses Spiel wurde in einem anderen Tab weitergespielt. Bis du wählst, wird hier nichts "
        "gespeichert."
    ),
    "ui.tabs.take": "Neueren Stand übernehmen",
    "ui.tabs.keep": "Hier weiterspielen",
    "ui.tabs.taken": "Der neuere Stand aus dem anderen Tab ist übernommen.",
    # the verdict
    "ui.verdict.checking": "Das Spiel wird geprüft: Lässt es sich von hier aus noch gewinnen? Du kannst dabei weiterspielen.",
    "ui.verdict.lost": (
        "Dieses Spiel ist von hier aus nicht mehr zu gewinnen. Das ist geprüft: Alle Karten sind "
        "bekannt, und kein Weg führt mehr zum Sieg. Nimm Züge zurück oder spiele neu."
    ),
    "ui.verdict.checking.short": "Das Spiel wird geprüft …",
    "ui.verdict.lost.short": "Geprüft: Von hier aus nicht mehr zu gewinnen.",
    "ui.verdict.restart": "Nochmal mit denselben Karten",
    "ui.verdict.new": "Neue Verteilung",
    "ui.verdict.win": "{move}: Dieser Zug führt sicher zum Sieg – der Weg bis zum Ende ist durchgerechnet.",
    # settings
    "ui.settings.title": "Einstellungen",
    "ui.settings.save": "Übernehmen",
    "ui.settings.saved": "Die Einstellungen sind gespeichert.",
    "ui.settings.lang": "Sprache",
    "ui.settings.lang.note": "Ohne Wahl folgt die Seite der Sprache deines Browsers.",
    "ui.settings.theme": "Farbschema",
    "ui.settings.theme.note": "System folgt dem hellen oder dunklen Modus deines Geräts, auch wenn er wechselt.",
    "ui.settings.theme.system": "System",
    "ui.settings.theme.light": "Hell",
    "ui.settings.theme.dark": "Dunkel",
    "ui.settings.card_size": "Kartengröße",
    "ui.settings.card_size.note": "Groß macht die Karten so groß, wie der Tisch es zulässt, und ihre Ecken größer.",
    "ui.settings.card_size.normal": "Normal",
    "ui.settings.card_size.large": "Groß",
    "ui.settings.animations": "Animationen",
    "ui.settings.animations.note": "Gilt für fliegende Karten, fertige Folgen, Auto-Ende und die Siegesfeier. Wünscht dein Gerät weniger Bewegung, bleibt alles ruhig.",
    "ui.settings.animations.normal": "Normal",
    "ui.settings.animations.fast": "Schnell",
    "ui.settings.animations.off": "Aus",
    "ui.settings.left_handed": "Tisch für Linkshänder",
    "ui.settings.left_handed.note": "Spiegelt, wo Stapel und Ablagen liegen: In Klondike liegen Stapel und Abwurf rechts, in Spider steht der Stapel auf der anderen Seite.",
    "ui.settings.four_color": "Vierfarbiges Blatt",
    "ui.settings.four_color.note": "Karo blau, Kreuz grün: Die vier Farben sind leichter zu unterscheiden.",
    "ui.settings.lenient_deal": "Spider: Austeilen auch mit leeren Spalten, wenn weniger als zehn Karten liegen",
    "ui.settings.lenient_deal.note": (
        "Eine Erleichterung mancher Seiten für das Ende einer Partie; sonst muss jede Spalte belegt sein."
    ),
    "ui.settings.points": "Spider: Duell-Punkte anzeigen",
    "ui.settings.points.note": "Zeigt in jeder Spider-Partie die Punkte, die im Duell zählen.",
    "ui.settings.time_limit": "Klondike: Zeitlimit in Minuten (0 = aus)",
    "ui.settings.time_limit.note": "Ist die Zeit um, erfährst du es und kannst ohne Uhr zu Ende spielen.",
    "ui.settings.minutes.bad": "Bitte eine ganze Zahl von 0 bis {limit} eingeben (0 = aus).",
    # how to play
    "ui.help.title": "Anleitung",
    "help.spider.title": "Spider",
    "help.spider.text": (
        "Ziel: Alle 104 Karten in acht Folgen vom König bis zum Ass abräumen, jede Folge in einer "
        "einzigen Farbe. Zu Beginn liegen 54 Karten in zehn Spalten, nur die unterste jeder Spalte "
        "offen; die übrigen 50 warten im Stapel.\n\n"
        "Eine offene Karte passt auf jede Karte, die genau einen Wert höher ist, egal welcher Farbe. "
        "Mehrere Karten ziehen nur gemeinsam, wenn sie eine lückenlos absteigende Folge derselben "
        "Farbe bilden. In eine leere Spalte darf jede Karte oder Folge. Liegt oben eine verdeckte "
        "Karte frei, dreht sie sich um.\n\n"
        "Austeilen legt auf jede Spalte eine Karte vom Stapel; das geht nur, wenn keine Spalte leer "
        "ist (in den Einstellungen lässt sich eine Ausnahme für das Ende der Partie einschalten). "
        "Eine fertige Folge von König bis Ass verlässt den Tisch von selbst.\n\n"
        "1 Farbe (Leicht) spielt nur mit Pik, 2 Farben (Mittel) mit Pik und Herz, 4 Farben "
        "(Schwer) mit allen vier. Je mehr Farben, desto seltener lassen sich lange Folgen bewegen."
    ),
    "help.moving.title": "So bewegst du Karten",
    "help.moving.text": (
        "Antippen oder Klicken: Die Karte und alles darunter wandert an den besten erlaubten Platz "
        "(zuerst dorthin, wo eine Folge fertig wird, dann auf dieselbe Farbe, eine leere Spalte "
        "zuletzt).\n\n"
        "Ziehen: Nimm die Karte und lass sie über dem Ziel los. Passt sie dort nicht, springt sie "
        "zurück, und die Meldung sagt, warum.\n\n"
        "Lange drücken oder Rechtsklick öffnet die Auswahl: Wähle, wie viele Karten du nimmst und "
        "wohin sie sollen, dann Bestätigen."
    ),
    "help.keys.title": "Tasten",
    "help.keys.text": (
        "U Zurück · H Tipp · N Neues Spiel · D Austeilen · ← → Spalte wählen · Enter oder Leertaste "
        "öffnet die Auswahl · Esc schließt ein Fenster · Strg+Z (⌘Z) Zurück · Strg+Y oder "
        "Strg+Umschalt+Z Wiederholen."
    ),
    "help.hint.title": "Tipp und „nicht mehr zu gewinnen“",
    "help.hint.text": (
        "Tipp zeigt einen sinnvollen Zug und sagt, warum er hilft. Er schaut dabei nur auf Karten, "
        "die du schon gesehen hast.\n\n"
        "Sind alle Karten bekannt, rechnet das Spiel vorher nach, ob die Partie noch zu gewinnen ist. "
        "„Nicht mehr zu gewinnen“ erscheint nur, wenn das bewiesen ist; findet die Rechnung einen Sieg, "
        "ist der Tipp dessen erster Zug."
    ),
    "help.ids.title": "Kennung",
    "help.ids.text": (
        "Jedes Spiel hat eine Kennung wie S4-123456. Dieselbe Kennung gibt überall dieselben Karten: "
        "Kopiere sie, teile sie oder öffne sie später mit einem Link (?deal=S4-123456), um genau "
        "dieses Spiel noch einmal zu spielen."
    ),
    "ui.stats.unreadable": "Die gespeicherte Statistik ließ sich nicht lesen ({reason}). Sie beginnt neu; die alten Daten sind unter „{key}“ aufbewahrt. Dein Spiel ist davon nicht betroffen.",
    "ui.stats.unreadable_kept": "Die gespeicherte Statistik ließ sich nicht lesen ({reason}) und bleibt unter „{key}“ unverändert liegen. Dein Spiel ist davon nicht betroffen.",
    "ui.settings.unreadable": "Was an Einstellungen gespeichert war, ließ sich nicht lesen ({reason}); es gelten die üblichen, die alten Daten sind unter „{key}“ aufbewahrt. Dein Spiel ist davon nicht betroffen.",
    "ui.settings.unreadable_new": "Was an Einstellungen gespeichert war, ließ sich nicht lesen ({reason}); es gelten die üblichen, die alten Daten sind unter „{key}“ aufbewahrt. Ein neues Spiel beginnt.",
    "ui.settings.unreadable_kept": "Was an Einstellungen gespeichert war, ließ sich nicht lesen ({reason}) und bleibt unverändert unter „{key}“; bis dahin gelten die üblichen. Dein Spiel ist davon nicht betroffen.",
    "ui.save.undrawable": "es ließ sich nicht zeigen",
    "ui.link.failed": "Das Spiel aus dem Link ließ sich nicht zeigen; dein gespeichertes Spiel bleibt, wie es war.",
    "ui.start.failed": "Der Tisch ließ sich nicht zeichnen. Bitte lade die Seite neu.",
    "ui.render.failed": "Beim Zeichnen ging etwas schief; der Tisch ist neu gezeichnet. Dein Spiel ist, wie es war.",
    "ui.paused.blocked": "Das Spiel ist pausiert: Mit „Weiter“ geht es weiter.",
    "ui.settings.card_letters": "Buchstaben auf den Karten",
    "ui.settings.card_letters.note": "Spider zeigt Bube, Dame, König als J, Q, K, Klondike (wie seine Regeln) als B, D, K. Hier lässt sich eine Schreibweise für beide Spiele wählen.",
    "ui.settings.card_letters.game": "Wie im jeweiligen Spiel",
    "ui.settings.card_letters.german": "Immer B, D, K",
    "ui.settings.card_letters.english": "Immer J, Q, K",
    "ui.settings.lang.de": "Deutsch",
    "ui.settings.lang.en": "English",
}

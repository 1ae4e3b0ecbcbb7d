"""English: the page (the shell's chrome, dialogs and messages, Spider's table, how to play)."""

TEXTS = {
    # chrome
    'ui.app.name': 'Solitaire – Spider and Klondike',
    'ui.app.short_name': 'Solitaire',
    'ui.app.description': 'Spider (1, 2 or 4 suits) and Klondike (draw 1 or 3) with hints, undo and duels; works offline too.',
    "ui.title.spider": "Spider Solitaire",
    "ui.title.klondike": "Klondike Solitaire",
    "ui.loading": "Loading the game …",
    "ui.loading.wait": "Just a moment: the game is about to start.",
    "ui.loading.failed": "The game could not be loaded. Please check the connection and reload.",
    "ui.loading.slow": "Loading is taking longer than usual; it goes on by itself. If nothing happens, reload.",
    "ui.loading.reload": "Reload",
    "ui.toolbar": "Game controls",
    "ui.status": "Game status",
    "ui.board": "Table",
    "ui.btn.new": "New game",
    "ui.btn.restart": "Same cards again",
    "ui.btn.undo": "Undo",
    "ui.btn.redo": "Redo",
    "ui.btn.hint": "Hint",
    "ui.btn.help": "How to play",
    "ui.btn.deal": "Deal",
    "ui.btn.deal.off": "no cards left",
    "ui.btn.four_color": "Four-colour deck",
    "ui.lang.de": "Deutsch",
    "ui.lang.en": "English",
    "ui.lang.switched": "The language is now English.",
    "ui.switch.spider": "Switch to Spider",
    "ui.switch.klondike": "Switch to Klondike",
    "ui.switched": "Back to {mode}.",
    "ui.deal_id": "Game {id}",
    "ui.deal_id.none": "Position from a link",
    "ui.update": "New version – reload",
    'ui.btn.pause': 'Pause',
    'ui.paused': 'Paused: the table is hidden, the clock stands still.',
    'ui.resume': 'Resume',
    'ui.resumed': 'Playing on.',
    'ui.time.up': 'Time is up ({n} minutes). You can finish the game without the clock.',
    'ui.time.up.one': 'Time is up (1 minute). You can finish the game without the clock.',
    'ui.time.go_on': 'Play on without the clock',
    'ui.confirm.title': 'Are you sure?',
    'duel.link.start': 'Duel by link: play the deal; when your game is over, send the challenge.',
    'ui.btn.finish': 'Done',
    'ui.menu.duel': 'Duel',
    'ui.menu.stats': 'Statistics',
    'ui.menu.daily': 'Daily deal',
    # status
    "ui.stat.rounds": "Rounds",
    "ui.stat.runs": "Runs",
    "ui.stat.facedown": "Face down",
    "ui.stat.moves": "Moves",
    "ui.stat.time": "Time",
    "ui.stat.score": "Points",
    "ui.stat.runs_value": "{n}/8",
    # Spider's table
    "ui.stock": "Stock: {n} rounds left",
    "ui.stock.one": "Stock: 1 round left",
    "ui.stock.empty": "Stock: empty",
    "ui.foundation": "Runs cleared: {n} of 8",
    "ui.column.empty": "Column {n}, empty",
    "ui.moved": "{card} to column {dst}.",
    "ui.moved_many": "{card} and {more} more to column {dst}.",
    "ui.revealed": "A card turned face up.",
    "ui.dealt": "New row dealt, {n} rounds left.",
    "ui.dealt.one": "New row dealt, 1 round left.",
    "ui.undone": "Taken back.",
    "ui.redone": "Played again.",
    "ui.picker.title": "Column {n}: choose cards",
    "ui.picker.down": "{n} face-down cards lie above.",
    "ui.picker.down.one": "1 face-down card lies above.",
    "ui.picker.take": "Take {n} cards",
    "ui.picker.take.one": "Take 1 card",
    "ui.picker.more": "More cards",
    "ui.picker.fewer": "Fewer cards",
    "ui.picker.none": "No card can be taken from column {n}.",
    "ui.picker.targets": "Target",
    "ui.picker.no_target": "This block has nowhere to go.",
    "ui.picker.target": "Column {n}",
    "ui.picker.onto": "onto {card}",
    "ui.picker.empty": "empty column",
    "ui.picker.completes": "completes a run",
    "ui.picker.same_suit": "same suit",
    "ui.picker.prev": "Previous targets",
    "ui.picker.next": "More targets",
    "ui.picker.page": "Page {n} of {m}",
    "ui.picker.confirm": "Confirm",
    "ui.picker.cancel": "Cancel",
    # new game
    "ui.new.title": "New game",
    "ui.new.legend": "Game",
    "ui.new.level": "Level",
    "ui.new.start": "Play",
    "ui.new_game": "New game: {mode}, {id}.",
    "ui.choice.spider.1": "Spider · 1 suit",
    "ui.choice.spider.2": "Spider · 2 suits",
    "ui.choice.spider.4": "Spider · 4 suits",
    "ui.choice.spider.1.note": "Easy",
    "ui.choice.spider.2.note": "Medium",
    "ui.choice.spider.4.note": "Hard",
    "ui.level.easy": "Easy",
    "ui.level.normal": "Normal",
    "ui.level.hard": "Hard",
    "ui.restart": "The same cards from the start.",
    "ui.cancel": "Cancel",
    "ui.close": "Close",
    # the end of a game
    "ui.won.title": "You won!",
    "ui.won.text.spider": "All eight runs are cleared.",
    "ui.won.time": "Time",
    "ui.won.moves": "Moves",
    "ui.won.runs": "Runs",
    "ui.won.score": "Points",
    "ui.won.passes": "Passes",
    "ui.won.deal": "ID",
    "ui.won.copy": "Copy ID",
    "ui.won.announce": "You won! All eight runs are cleared.",
    "ui.copied": "The ID {id} is copied.",
    "ui.copy_failed": "Copying did not work; the ID is {id}.",
    "ui.stuck.title": "No moves left",
    "ui.stuck.text.spider": (
        "The stock is empty and no move is allowed any more: the game ends here. Take back the last "
        "move, play the same cards again or start a new game."
    ),
    "ui.stuck.undo": "Undo last move",
    # links and the game a link replaces
    "ui.link.bad_deal": "The link is not valid: {reason} Your saved game is unchanged.",
    "ui.link.bad_pos": "The position in the link is faulty: {reason} Your saved game is unchanged.",
    "ui.link.bad_deal.skipped": "The link is not valid: {reason}",
    "ui.link.bad_pos.skipped": "The position in the link is faulty: {reason}",
    "ui.link.two": (
        "The link names two games (“{deal}” and “{pos}”); neither is opened. Your saved game is unchanged."
    ),
    "ui.link.deal": "Game {id} from the link.",
    "ui.link.pos": "Position from the link.",
    "ui.previous.kept": "Your previous game is kept.",
    "ui.previous.restart": "The same cards from the start. The game you were playing is kept.",
    "ui.previous.button": "Resume previous game",
    "ui.previous.resume": "Resume previous game ({game})",
    "ui.previous.resumed": "The previous game goes on.",
    # saving
    "ui.save.unreadable": (
        "The saved game could not be read ({reason}). A new game starts; the old data is kept under “{key}”."
    ),
    "ui.save.unreadable_kept": (
        "The saved game could not be read ({reason}) nor set aside; it stays unchanged under “{key}”. "
        "A new game starts but is not saved."
    ),
    "ui.save.blocked": "Unreadable old data takes this game's storage place, so nothing is saved.",
    "ui.save.discard": "Discard the old data and save",
    "ui.save.off": (
        "This browser does not let the page save: you can play, but the game is lost when you close it."
    ),
    "ui.save.format": "unknown format",
    "ui.save.failed": "The game could not be saved.",
    "ui.tabs.changed": (
        "This game was played on in another tab. Nothing is saved here until you choose."
    ),
    "ui.tabs.take": "Take the newer game",
    "ui.tabs.keep": "Keep playing here",
    "ui.tabs.taken": "The newer game from the other tab is taken over.",
    # the verdict
    "ui.verdict.checking": "Checking the game: can it still be won from here? You can keep playing meanwhile.",
    "ui.verdict.lost": (
        "This game cannot be won from here any more. That is checked: every card is known, and no way "
        "leads to a win. Take back moves or play again."
    ),
    "ui.verdict.checking.short": "Checking the game …",
    "ui.verdict.lost.short": "Checked: this game cannot be won from here.",
    "ui.verdict.restart": "Try the same cards again",
    "ui.verdict.new": "New deal",
    "ui.verdict.win": "{move}: this move leads to a sure win – the way to the end is worked out.",
    # settings
    "ui.settings.title": "Settings",
    "ui.settings.save": "Apply",
    "ui.settings.saved": "The settings are saved.",
    "ui.settings.lang": "Language",
    "ui.settings.lang.note": "Without a choice the page follows your browser's language.",
    "ui.settings.theme": "Theme",
    "ui.settings.theme.note": "System follows your device's light or dark mode, also when it changes.",
    "ui.settings.theme.system": "System",
    "ui.settings.theme.light": "Light",
    "ui.settings.theme.dark": "Dark",
    "ui.settings.card_size": "Card size",
    "ui.settings.card_size.note": "Large makes the cards as big as the table allows, and their corners bigger.",
    "ui.settings.card_size.normal": "Normal",
    "ui.settings.card_size.large": "Large",
    "ui.settings.animations": "Animations",
    "ui.settings.animations.note": "For flying cards, finished runs, auto-finish and the victory celebration. If your device asks for less motion, nothing moves.",
    "ui.settings.animations.normal": "Normal",
    "ui.settings.animations.fast": "Fast",
    "ui.settings.animations.off": "Off",
    "ui.settings.left_handed": "Left-handed table",
    "ui.settings.left_handed.note": "Mirrors where the stock and the foundations lie: in Klondike the stock and the waste are on the right, in Spider the stock stands on the other side.",
    "ui.settings.four_color": "Four-colour deck",
    "ui.settings.four_color.note": "Diamonds blue, clubs green: the four suits are easier to tell apart.",
    "ui.settings.lenient_deal": "Spider: deal with empty columns when fewer than ten cards are left",
    "ui.settings.lenient_deal.note": (
        "A relief some sites allow at the end of a game; otherwise every column must hold a card."
    ),
    "ui.settings.points": "Spider: show duel points",
    "ui.settings.points.note": "Shows the points that count in a duel in every Spider game.",
    "ui.settings.time_limit": "Klondike: time limit in minutes (0 = off)",
    "ui.settings.time_limit.note": "When time runs out you are told, and you can finish without the clock.",
    "ui.settings.minutes.bad": "Please enter a whole number from 0 to {limit} (0 = off).",
    # how to play
    "ui.help.title": "How to play",
    "help.spider.title": "Spider",
    "help.spider.text": (
        "Goal: clear all 104 cards as eight runs from King down to Ace, each run in one suit. At the "
        "start 54 cards lie in ten columns with only the last card of each face up; the other 50 wait "
        "in the stock.\n\n"
        "A face-up card fits on any card exactly one rank higher, whatever its suit. Several cards "
        "move together only when they form an unbroken descending run of one suit. Any card or run may "
        "go into an empty column. A face-down card left on top turns face up.\n\n"
        "Deal puts one card from the stock on every column; it works only while no column is empty "
        "(the settings offer an exception for the end of a game). A finished run from King to Ace "
        "leaves the table by itself.\n\n"
        "1 suit (Easy) plays with spades only, 2 suits (Medium) with spades and hearts, 4 suits (Hard) "
        "with all four. The more suits, the rarer long runs that can move."
    ),
    "help.moving.title": "Moving cards",
    "help.moving.text": (
        "Tap or click: the card and everything below it goes to the best allowed place (first where a "
        "run gets finished, then onto the same suit, an empty column last).\n\n"
        "Drag: pick the card up and let go over the target. If it does not fit there it springs back, "
        "and the message says why.\n\n"
        "Long press or right click opens the picker: choose how many cards to take and where they go, "
        "then Confirm."
    ),
    "help.keys.title": "Keys",
    "help.keys.text": (
        "U Undo · H Hint · N New game · D Deal · ← → choose a column · Enter or Space opens the picker · "
        "Esc closes a window · Ctrl+Z (⌘Z) Undo · Ctrl+Y or Ctrl+Shift+Z Redo."
    ),
    "help.hint.title": "Hint and “cannot be won”",
    "help.hint.text": (
        "Hint shows a sensible move and says why it helps. It looks only at cards you have already "
        "seen.\n\n"
        "Once every card is known, the game first works out whether the game can still be won. "
        "“Cannot be won” appears only when that is proved; when the search finds a win, the hint is its "
        "first move."
    ),
    "help.ids.title": "Game ID",
    "help.ids.text": (
        "Every game has an ID such as S4-123456. The same ID gives the same cards everywhere: copy it, "
        "share it or open it later with a link (?deal=S4-123456) to play exactly this game again."
    ),
    "ui.stats.unreadable": "The saved statistics could not be read ({reason}). They start afresh; the old data is kept under “{key}”. Your game is not affected.",
    "ui.stats.unreadable_kept": "The saved statistics could not be read ({reason}) and stay unchanged under “{key}”. Your game is not affected.",
    "ui.settings.unreadable": "The saved settings could not be read ({reason}); the usual ones apply, and the old data is kept under “{key}”. Your game is not affected.",
    "ui.settings.unreadable_new": "The saved settings could not be read ({reason}); the usual ones apply, and the old data is kept under “{key}”. A new game starts.",
    "ui.settings.unreadable_kept": "The saved settings could not be read ({reason}) and stay unchanged under “{key}”; until then the usual ones apply. Your game is not affected.",
    "ui.save.undrawable": "it could not be shown",
    "ui.link.failed": "The game from the link could not be shown; your saved game stays as it was.",
    "ui.start.failed": "The table could not be drawn. Please reload the page.",
    "ui.render.failed": "Something went wrong while drawing; the table has been drawn again. Your game is as it was.",
    "ui.paused.blocked": "The game is paused: “Resume” plays on.",
    "ui.settings.card_letters": "Letters on the cards",
    "ui.settings.card_letters.note": "On the German page Spider shows jack, queen, king as J, Q, K and Klondike (as its rules do) as B, D, K; this picks one way for both games.",
    "ui.settings.card_letters.game": "As each game has them",
    "ui.settings.card_letters.german": "Always B, D, K",
    "ui.settings.card_letters.english": "Always J, Q, K",
    "ui.settings.lang.de": "Deutsch",
    "ui.settings.lang.en": "English",
}

"""The Spider duel: one player's result, who won, and the challenge link.

Both players play the same deal; when both have finished, the one with more points wins
(spec 003). The points are the engine's :attr:`~spider.spider_game.rules.Table.score`
with the duel's undo rule: −1 per move and deal, +2 per card turned face up, +2 per move
onto a card, +26 per run removed, +100 for the cleared table, and in a duel every undo
takes back what the undone action earned and costs one point itself.

A :class:`Result` is always made from a game (:func:`result_of`), never taken from a
claim: a result that arrives in a link is recomputed by replaying the link's moves through
the engine's checked ``play()`` (:func:`replay_challenge`).

Ties: equal points are a draw. Time cannot be checked (a link carries the challenger's
word for it) and moves already cost points, so neither breaks a tie.

The challenge link
------------------
A compact, URL-safe text for a query parameter (only ``A–Z a–z 0–9 - _ .``, which neither
``encodeURIComponent`` nor form encoding changes), fields separated by ``.``::

    2.S4-123.<player>[.<player>].<check>
    player = <name>.<time ms>.<actions>.<action list>

* ``2``: the format version; ``S4-123``: the deal ID, canonical.
* ``name``: the player's name as UTF-8 in base64url without padding (empty for none);
  at most :data:`MAX_NAME` characters, printable, single spaces.
* ``time ms``, ``actions``: decimal, no leading zeros. The time is shown, never scored.
* ``action list``: everything the player did, in order (``game.journal``): every move and
  deal, every undo and every redo, in base64url, six bits per character, bits read from the
  most significant: per action 7 bits, ``0..89`` a move (``src * 9 + d`` with ``d`` the
  destination among the nine other columns, ``dst - 1`` when ``dst > src``), ``90`` the
  deal, ``91`` an undo, ``92`` a redo; after a move one bit, 0 for one card, 1 followed by 4
  bits of ``count - 2`` (2..13 cards). The last character is padded with zero bits. About 8
  bits per action: 200 actions are about 270 characters.
* ``check``: the first 6 characters of the base64url SHA-256 of everything before it, so
  an edited or cut-off link is named as such rather than read as another game. (Anyone
  can recompute it: it guards against accidents, not cheats; cheating is what the replay
  stops.)

Nothing in a link is taken on its word but the name and the time: the points, the moves
and the undos (each costs a point) all follow from replaying its actions through the
engine. (The first format, ``1.``, carried the undos as a number beside the moves on the
table, so editing it changed the points: such a link from elsewhere is refused; the page
still reads the ones it stored itself.)

One player is a challenge; a second player is the answer that goes back (the challenger's
line first, so the link alone shows both results side by side). The challenger's page
keeps the challenges it sent (:func:`challenge_of`), so an answer whose first half is not
one of them is not taken as the challenger's own result.

>>> from spider import Game
>>> g = Game.new(deal_id="S1-5", duel=True)
>>> _ = g.play(g.hint().move)
>>> link = encode_challenge(g, "Ann", 12_000)
>>> link.split(".")[:5]
['2', 'S1-5', 'QW5u', '12000', '1']
>>> r = replay_challenge(decode_challenge(link))
>>> (r.name, r.points, r.moves) == ("Ann", g.score, 1)
True
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from .core.cards import SUIT_LETTERS, shorten
from .core.messages import IllegalMove, MessageError, Msg
from .spider_game import Game, Move
from .spider_game.deck import parse_deal_id
from .spider_game.opponent import Opponent, check_level
from .texts.keys import family

VERSION: Final = "2"
OLD_VERSION: Final = "1"  # read only from the page's own storage (see the module docstring)
MAX_LINK: Final = 20_000  # characters; a long game's link is about 1,000
MAX_NAME: Final = 24  # characters of a name
MAX_MOVES: Final = 4_000  # actions on the table per player
MAX_TIME_MS: Final = 100 * 3600 * 1000
MAX_UNDOS: Final = 999_999
CHECK_CHARS: Final = 6
DEAL_CODE: Final = 90
UNDO_CODE: Final = 91
REDO_CODE: Final = 92

Outcome = Literal["won", "lost", "drawn"]

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_INDEX = {c: i for i, c in enumerate(_B64)}
_B64_TEXT = re.compile(r"[A-Za-z0-9_-]*")
_NUMBER = re.compile(r"0|[1-9][0-9]{0,9}")
_LINK_CHARS = re.compile(r"[A-Za-z0-9_.-]*")
LINK_WHAT: Final = family("duel.link.what.{what}", what=("name", "time", "undos", "moves", "deal"))
_PLAYER_FIELDS: Final = 4
_OLD_PLAYER_FIELDS: Final = 5


# ----------------------------------------------------------------------------- results
@dataclass(frozen=True)
class Result:
    """One player's game in a duel, as the comparison shows it.

    ``points`` are duel points (undos cost one each); ``runs`` counts removed runs per suit
    letter (``{"S": 2, "H": 1}``, suits in the order ♠ ♥ ♦ ♣, none with zero);
    ``moves`` the actions on the table; ``finished`` whether the player has ended the game
    (won, "Fertig", or the stuck dialog) rather than still playing.
    """

    name: str
    deal_id: str
    points: int
    runs: dict[str, int] = field(hash=False)
    runs_total: int
    moves: int
    undos: int
    time_ms: int
    won: bool
    finished: bool

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page (and JSON)."""
        return {
            "name": self.name, "deal_id": self.deal_id, "points": self.points,
            "runs": dict(self.runs), "runs_total": self.runs_total, "moves": self.moves,
            "undos": self.undos, "time_ms": self.time_ms, "won": self.won, "finished": self.finished,
        }


def duel_points(game: Game) -> int:
    """The game's points by the duel's rules: its score, and one point less for every
    undo even if the game was not started as a duel."""
    return game.score if game.duel else game.score - game.undos


def result_of(game: Game, name: str = "", time_ms: int = 0, *, finished: bool = True) -> Result:
    """The result of a Spider game as it stands (any game: the player's, the computer's,
    or one replayed from a link)."""
    runs: dict[str, int] = {}
    for letter in SUIT_LETTERS:
        n = sum(1 for s in game.done if SUIT_LETTERS[s] == letter)
        if n:
            runs[letter] = n
    return Result(
        name=clean_name(name),
        deal_id=game.deal_id or "",
        points=duel_points(game),
        runs=runs,
        runs_total=len(game.done),
        moves=game.moves_count,
        undos=game.undos,
        time_ms=max(0, min(int(time_ms), MAX_TIME_MS)),
        won=game.is_won,
        finished=finished or game.is_won,
    )


def compare(a: Result, b: Result) -> Outcome:
    """How the duel ended for ``a``: more points win, equal points are a draw.

    >>> from spider import Game
    >>> g = Game.new(deal_id="S4-1", duel=True)
    >>> compare(result_of(g), result_of(g))
    'drawn'
    """
    if a.points > b.points:
        return "won"
    if a.points < b.points:
        return "lost"
    return "drawn"


# ----------------------------------------------------------------------------- names
def clean_name(name: object) -> str:
    """A name as a link carries it: printable characters, single spaces, no spaces at the
    ends, at most :data:`MAX_NAME` characters (longer names are cut).

    >>> clean_name("  Zoë\\t\\u0000 the\\nfirst ") + "|", clean_name("x" * 40) == "x" * 24
    ('Zoë the first|', True)
    """
    if not isinstance(name, str):
        return ""
    text = "".join(c if c.isprintable() else " " for c in name[: MAX_NAME * 8])
    return " ".join(text.split())[:MAX_NAME].strip()


def _name_ok(name: str) -> bool:
    return clean_name(name) == name


# ----------------------------------------------------------------------------- the link
Action = Move | Literal["undo", "redo"]


@dataclass(frozen=True)
class Played:
    """One player's game as a link carries it: a name, the time, and every action in order
    (moves and deals, ``"undo"``, ``"redo"``). ``old_undos``: the undo count a first-format
    link carried as a number (only ever read from the page's own storage)."""

    name: str
    time_ms: int
    actions: tuple[Action, ...]
    old_undos: int = 0

    @property
    def undos(self) -> int:
        return self.old_undos + sum(1 for a in self.actions if a == "undo")

    @property
    def line(self) -> tuple[Move, ...]:
        """The moves on the table at the end (what undo took back is gone)."""
        done: list[Move] = []
        undone: list[Move] = []
        for a in self.actions:
            if a == "undo":
                if done:
                    undone.append(done.pop())
            elif a == "redo":
                if undone:
                    done.append(undone.pop())
            else:
                done.append(a)
                undone.clear()
        return tuple(done)


@dataclass(frozen=True)
class Challenge:
    """A decoded link: the deal and one player (a challenge) or two (the answer)."""

    deal_id: str
    players: tuple[Played, ...]

    @property
    def challenger(self) -> Played:
        return self.players[0]

    @property
    def answer(self) -> Played | None:
        return self.players[1] if len(self.players) > 1 else None


def played_of(game: Game, name: str, time_ms: int) -> Played:
    """What a link will carry of a game; ``MessageError`` if it cannot be carried (no deal
    ID, too many actions, or undos its journal does not record: a game saved before games
    kept one)."""
    if not game.deal_id:
        raise MessageError(Msg("duel.link.no_deal"))
    if not game.journal_known and game.undos:
        raise MessageError(Msg("duel.link.no_journal"))
    actions: tuple[Action, ...] = tuple(a if isinstance(a, Move) else ("undo" if a == "undo" else "redo")
                                        for a in (game.journal if game.journal_known else game.line))
    if len(actions) > MAX_MOVES:
        raise MessageError(Msg("duel.link.too_many_moves", limit=MAX_MOVES))
    return Played(clean_name(name), max(0, min(int(time_ms), MAX_TIME_MS)), actions)


def encode_challenge(game: Game, name: str, time_ms: int) -> str:
    """The challenge link's text for a finished game (its deal, the name, time, undos and
    line on the table)."""
    return _encode(game.deal_id or "", [played_of(game, name, time_ms)])


def encode_answer(challenge: Challenge, game: Game, name: str, time_ms: int) -> str:
    """The link that goes back: the challenger's game and this player's, same format."""
    if game.deal_id != challenge.deal_id:
        raise MessageError(Msg("duel.link.other_deal", deal=challenge.deal_id))
    return _encode(challenge.deal_id, [challenge.challenger, played_of(game, name, time_ms)])


def rename_answer(answer: str, name: str) -> str:
    """The same answer link with its answering player named ``name`` (the name given in
    the comparison after the link was made): both games, times and moves unchanged;
    ``MessageError`` for a text that is no answer."""
    challenge = decode_challenge(answer, stored=True)
    if len(challenge.players) != 2:  # a challenge, not yet answered
        raise MessageError(Msg("duel.link.damaged"))
    mine = challenge.players[1]
    return _encode(challenge.deal_id, [challenge.players[0], replace(mine, name=clean_name(name))])


def challenge_of(challenge: Challenge) -> str:
    """The challenge link that an answer answers (its first player alone), as the
    challenger's page sent it: what the page compares with the challenges it keeps."""
    return _encode(challenge.deal_id, [challenge.challenger])


def _encode(deal_id: str, players: Sequence[Played]) -> str:
    if any(p.old_undos for p in players):
        old = [OLD_VERSION, deal_id]
        for p in players:
            old += [_b64(p.name.encode("utf-8")), str(p.time_ms), str(p.undos), str(len(p.line)),
                    pack_moves(p.line)]
        body = ".".join(old)
        return f"{body}.{_check(body)}"
    fields = [VERSION, deal_id]
    for p in players:
        fields += [_b64(p.name.encode("utf-8")), str(p.time_ms), str(len(p.actions)), pack_actions(p.actions)]
    body = ".".join(fields)
    return f"{body}.{_check(body)}"


def decode_challenge(text: object, *, stored: bool = False) -> Challenge:
    """Read a link's text (the query parameter's value). Checks the shape, the size and
    the check characters; the moves are checked by :func:`replay_challenge`.

    ``MessageError`` keys: ``duel.link.too_long``, ``duel.link.not_link`` (not a
    challenge at all), ``duel.link.version`` (a later format), ``duel.link.old`` (the first
    format, whose undos cannot be proved: read only when ``stored``, a link the page kept
    itself), ``duel.link.damaged`` (edited or cut short), ``duel.link.broken``
    (well-formed outside, wrong inside), ``duel.link.deal`` (not a Spider deal).
    """
    if not isinstance(text, str):
        raise MessageError(Msg("duel.link.not_link"))
    if len(text) > MAX_LINK:
        raise MessageError(Msg("duel.link.too_long", limit=MAX_LINK))
    text = text.strip()
    if not text or _LINK_CHARS.fullmatch(text) is None:
        raise MessageError(Msg("duel.link.not_link"))
    fields = text.split(".")
    if fields[0] == OLD_VERSION and len(fields) > 2 and not stored:
        raise MessageError(Msg("duel.link.old"))
    if fields[0] not in (VERSION, OLD_VERSION):
        if fields[0].isdigit() and len(fields) > 2:
            raise MessageError(Msg("duel.link.version", found=shorten(fields[0], 12)))
        raise MessageError(Msg("duel.link.not_link"))
    width = _PLAYER_FIELDS if fields[0] == VERSION else _OLD_PLAYER_FIELDS
    if len(fields) not in (2 + width + 1, 2 + 2 * width + 1):
        raise MessageError(Msg("duel.link.damaged"))
    body, check = text.rsplit(".", 1)
    if check != _check(body):
        raise MessageError(Msg("duel.link.damaged"))
    deal_id = _deal(fields[1])
    players = []
    for start in range(2, len(fields) - 1, width):
        part = fields[start:start + width]
        players.append(_player(part) if width == _PLAYER_FIELDS else _old_player(part))
    return Challenge(deal_id, tuple(players))


def link_deal_id(text: object) -> str | None:
    """The Spider deal a link names, if that much can be read (even from a damaged link),
    so the page can still offer the deal; ``None`` otherwise."""
    if not isinstance(text, str) or len(text) > MAX_LINK:
        return None
    fields = text.strip().split(".", 2)
    if len(fields) < 2 or fields[0] not in (VERSION, OLD_VERSION):
        return None
    try:
        return _deal(fields[1])
    except MessageError:
        return None


def _deal(text: str) -> str:
    try:
        suits, seed = parse_deal_id(text)
    except MessageError as e:
        if e.message.key == "deal_id.spelling":  # a link is written by the page: never so
            raise MessageError(Msg("duel.link.broken", what=Msg("duel.link.what.deal"))) from None
        raise MessageError(Msg("duel.link.deal", text=shorten(text))) from None
    canonical = f"S{suits}-{seed}"
    if canonical != text:
        raise MessageError(Msg("duel.link.broken", what=Msg("duel.link.what.deal")))
    return canonical


def _name(text: str) -> str:
    try:
        name = _unb64(text).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        raise _broken("name") from None
    if not _name_ok(name):
        raise _broken("name")
    return name


def _player(fields: Sequence[str]) -> Played:
    name_text, time_text, count_text, actions_text = fields
    name = _name(name_text)
    time_ms = _number(time_text, MAX_TIME_MS, "time")
    count = _number(count_text, MAX_MOVES, "moves")
    return Played(name, time_ms, tuple(unpack_actions(actions_text, count)))


def _old_player(fields: Sequence[str]) -> Played:
    """A player of the first format (``name.time.undos.moves.move list``)."""
    name_text, time_text, undos_text, count_text, moves_text = fields
    name = _name(name_text)
    time_ms = _number(time_text, MAX_TIME_MS, "time")
    undos = _number(undos_text, MAX_UNDOS, "undos")
    count = _number(count_text, MAX_MOVES, "moves")
    return Played(name, time_ms, tuple(unpack_moves(moves_text, count)), old_undos=undos)


def _number(text: str, limit: int, what: str) -> int:
    if _NUMBER.fullmatch(text) is None or int(text) > limit:
        raise _broken(what)
    return int(text)


def _broken(what: str) -> MessageError:
    return MessageError(Msg("duel.link.broken", what=Msg(LINK_WHAT(what=what))))


def _check(body: str) -> str:
    return _b64(hashlib.sha256(body.encode("ascii")).digest())[:CHECK_CHARS]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    """Strict base64url without padding: the canonical text of its bytes only."""
    if _B64_TEXT.fullmatch(text) is None or len(text) % 4 == 1:
        raise ValueError("not base64url")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if _b64(data) != text:
        raise ValueError("not canonical")
    return data


# ----------------------------------------------------------------------------- moves
def pack_actions(actions: Sequence[Action]) -> str:
    """Actions (moves, deals, ``"undo"``, ``"redo"``) in the link's bit code.

    >>> text = pack_actions([Move(9, 3, 1), "undo", "redo", Move.deal(), Move(0, 1, 4)])
    >>> unpack_actions(text, 5)[1:3]
    ['undo', 'redo']
    """
    return _pack(actions)


def pack_moves(line: Sequence[Move]) -> str:
    """The line in the link's bit code (see the module docstring).

    >>> pack_moves([Move(9, 3, 1), Move.deal(), Move(0, 1, 4)])
    'qLQCQ'
    >>> [str(m) for m in unpack_moves("qLQCQ", 3)]
    ['10>4', 'deal', '1>2x4']
    """
    return _pack(line)


def _pack(line: Sequence[Action]) -> str:
    out: list[str] = []
    acc = bits = 0

    def put(value: int, width: int) -> None:
        nonlocal acc, bits
        acc = (acc << width) | value
        bits += width
        while bits >= 6:
            bits -= 6
            out.append(_B64[(acc >> bits) & 63])
        acc &= (1 << bits) - 1

    for m in line:
        if m == "undo" or m == "redo":
            put(UNDO_CODE if m == "undo" else REDO_CODE, 7)
            continue
        assert isinstance(m, Move)
        if m.is_deal:
            put(DEAL_CODE, 7)
            continue
        if not (0 <= m.src < 10 and 0 <= m.dst < 10 and m.src != m.dst and 1 <= m.count <= 13):
            raise ValueError(f"not a Spider move: {m!r}")
        put(m.src * 9 + (m.dst if m.dst < m.src else m.dst - 1), 7)
        if m.count == 1:
            put(0, 1)
        else:
            put(1, 1)
            put(m.count - 2, 4)
    if bits:
        put(0, 6 - bits)
    return "".join(out)


def unpack_moves(text: str, count: int) -> list[Move]:
    """Read ``count`` moves back; ``MessageError`` (``duel.link.broken``) if the text
    is not exactly that many moves in the link's code."""
    moves = _unpack(text, count, actions=False)
    return [m for m in moves if isinstance(m, Move)]


def unpack_actions(text: str, count: int) -> list[Action]:
    """Read ``count`` actions (moves, deals, undos, redos) back; ``MessageError`` if the
    text is not exactly that many actions in the link's code."""
    return _unpack(text, count, actions=True)


def _unpack(text: str, count: int, *, actions: bool) -> list[Action]:
    if len(text) > (count * 12 + 5) // 6 or any(c not in _B64_INDEX for c in text):
        raise _broken("moves")
    acc = 0
    for c in text:
        acc = (acc << 6) | _B64_INDEX[c]
    left = 6 * len(text)

    def take(width: int) -> int:
        nonlocal left
        if width > left:
            raise _broken("moves")
        left -= width
        return (acc >> left) & ((1 << width) - 1)

    moves: list[Action] = []
    for _ in range(count):
        code = take(7)
        if code == DEAL_CODE:
            moves.append(Move.deal())
            continue
        if actions and code in (UNDO_CODE, REDO_CODE):
            moves.append("undo" if code == UNDO_CODE else "redo")
            continue
        if code > DEAL_CODE:
            raise _broken("moves")
        src, d = divmod(code, 9)
        dst = d if d < src else d + 1
        n = 1 if take(1) == 0 else take(4) + 2
        if n > 13:
            raise _broken("moves")
        moves.append(Move(src, dst, n))
    if left >= 6 or acc & ((1 << left) - 1):
        raise _broken("moves")
    return moves


# ----------------------------------------------------------------------------- replay
def replay_challenge(challenge: Challenge, player: int = 0) -> Result:
    """The result of a player of the link (0: the challenger, 1: the answer), recomputed:
    the line is played from ``Game.new(deal_id=...)`` through the checked ``play()``, the
    undos are counted at a point each. ``MessageError`` ``duel.link.illegal`` (with the
    move's number and the engine's reason) if a move is not legal there."""
    p = challenge.players[player]
    game = replay_game(challenge.deal_id, p)
    return result_of(game, p.name, p.time_ms, finished=True)


def replay_game(deal_id: str, played: Played) -> Game:
    """The game a link's player played, replayed action by action through the engine's
    checked ``play``, ``undo`` and ``redo`` (a duel game: each undo costs its point)."""
    game: Game = Game.new(deal_id=deal_id, duel=True)
    for n, action in enumerate(played.actions, 1):
        try:
            if action == "undo":
                game.undo()
            elif action == "redo":
                game.redo()
            else:
                game.play(action)
        except IllegalMove as e:
            raise MessageError(Msg("duel.link.illegal", n=n, reason=e.message)) from None
    game.undos += played.old_undos
    return game


class ComputerDuel:
    """The computer's side of a duel against the computer, as the worker keeps it: its own
    duel game of the deal and its :class:`~spider.spider_game.opponent.Opponent`. The page
    asks for a :meth:`step` at its pace (about one a second) and shows :meth:`result`.

    ``level`` is the computer's strength (``"easy"``, ``"medium"``, ``"strong"``; see
    :class:`~spider.spider_game.opponent.Opponent`). The saved game does not name it: the
    page keeps the level with the duel and passes it to :meth:`resume` (a save from before
    there were levels resumes as ``"easy"``, the only player there was).

    >>> cpu = ComputerDuel("S1-3")
    >>> move = cpu.step()
    >>> cpu.result(1_000, "Computer").moves
    1
    >>> again = ComputerDuel.resume(cpu.to_json())
    >>> again.step() == cpu.step()
    True
    >>> ComputerDuel.resume(cpu.to_json(), mind=cpu.mind()).step() == again.step()
    True
    >>> ComputerDuel("S1-3", level="strong").level
    'strong'
    """

    __slots__ = ("bot", "game")

    def __init__(self, deal_id: str, level: str = "easy") -> None:
        bot = Opponent(level)  # a bad level is refused before the deal is even read
        self.game: Game = Game.new(deal_id=deal_id, duel=True)
        self.bot = bot

    @classmethod
    def resume(cls, saved: str, level: str = "easy", mind: object = None) -> ComputerDuel:
        """Carry on from the computer's saved game (``to_json``), e.g. after a reload, at
        the level it played with; ``mind`` (its :meth:`mind` saved with the game) spares it
        thinking along the whole line again, and is set aside if it does not hold up
        (:meth:`Opponent.resume <spider.spider_game.opponent.Opponent.resume>`)."""
        check_level(level)
        cpu = cls.__new__(cls)
        cpu.game = Game.from_json(saved)
        cpu.game.duel = True
        cpu.bot = Opponent.resume(cpu.game, level, mind=mind)
        return cpu

    @property
    def level(self) -> str:
        return self.bot.level

    @property
    def finished(self) -> bool:
        """The computer has won or pressed "Fertig"."""
        return self.bot.finished or self.game.is_won

    def step(self) -> Move | None:
        """Play the computer's next action; ``None`` once it has finished."""
        move = self.bot.next_move(self.game)
        if move is not None:
            self.game.play(move)
        return move

    def result(self, time_ms: int, name: str = "") -> Result:
        return result_of(self.game, name, time_ms, finished=self.finished)

    def to_json(self) -> str:
        return self.game.to_json()

    def mind(self) -> str:
        """What the computer has in mind (its plan and counts, as JSON), for :meth:`resume`."""
        return self.bot.mind(self.game)


def open_challenge(text: object, *, stored: bool = False) -> tuple[Challenge, tuple[Result, ...]]:
    """Decode a link and replay every player in it: what the page calls on ``?duel=``
    (``stored``: a link the page kept itself, which may be of the first format)."""
    challenge = decode_challenge(text, stored=stored)
    return challenge, tuple(replay_challenge(challenge, i) for i in range(len(challenge.players)))


__all__ = [
    "MAX_LINK", "MAX_MOVES", "MAX_NAME", "VERSION", "Action", "Challenge", "ComputerDuel", "Outcome",
    "Played", "Result",
    "challenge_of", "clean_name", "compare", "decode_challenge", "duel_points", "encode_answer",
    "encode_challenge", "link_deal_id", "open_challenge", "pack_actions", "pack_moves", "played_of",
    "rename_answer", "replay_challenge", "replay_game", "result_of", "unpack_actions", "unpack_moves",
]

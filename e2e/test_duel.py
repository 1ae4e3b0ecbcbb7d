"""The duel on the page (issue 12, spec 003): against the computer, by link between two
browsers, and two players on one device; the points in the status.

Every number the page shows is checked against the engine: the player's moves are mirrored
on an engine game (``e2e/duel_page.py``), the computer's game is the engine's
``ComputerDuel`` on the same deal (it is deterministic), a challenge is read back with
``spider.duel.open_challenge``. German is pinned (the contexts' locale is de-DE).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from e2e.conftest import open_game, wait_ready
from e2e.duel_page import (
    allow_clipboard,
    clipboard,
    comparison,
    deal_id,
    finish,
    menu,
    mirror_of_link,
    names,
    play,
    scores,
    start_duel,
)
from e2e.spider_page import (
    before_load,
    button,
    cards,
    column,
    dialog,
    msg_key,
    notice,
    open_settings,
    press,
    storage,
    text_of,
)
from spider import Game, Move
from spider.cards import card_code
from spider.duel import ComputerDuel, compare, encode_challenge, open_challenge, result_of
from spider.stats import Stats, stats_key

REFUSAL = re.compile(r"\brefusal\b")


def opp(page: Page, key: str) -> str:
    return page.locator(f'#opponent [data-opp="{key}"]').inner_text()


def opp_numbers(page: Page) -> dict[str, str]:
    """The computer's panel figures (moves, score, runs, ...) read at one instant: the
    computer may move between two separate reads."""
    return dict(page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#opponent [data-opp]')].map(
            (e) => [e.dataset.opp, e.innerText]))"""))


def opp_moves(page: Page) -> int:
    return int(opp(page, "moves"))


def test_duel_against_the_computer_to_its_end(page: Page, base_url: str, device: str) -> None:
    open_game(page, base_url)
    game = start_duel(page, "computer", suits=1)
    expect(page.locator("#msg")).to_have_attribute("data-key", "duel.against")
    panel = page.locator("#opponent")
    expect(panel).to_be_visible()
    expect(panel.locator(".opp-name")).to_have_text(text_of("duel.computer"))
    expect(panel.locator('[data-opp="moves"]')).to_have_text("0")
    expect(panel.locator('[data-opp="score"]')).to_have_text("0")
    # The points stand in the status during a duel, from the start.
    expect(page.locator('[data-stat="score"]')).to_be_visible()
    expect(page.locator('[data-stat="score"]')).to_have_text("0")
    # Faster on request: the pace button cycles 1 s, 0.4 s, 0.15 s.
    faster = panel.get_by_role("button", name=text_of("duel.btn.faster"))
    faster.click()
    faster.click()
    expect(panel.get_by_role("button", name=text_of("duel.btn.slower"))).to_be_visible()
    # The computer waits for the player's first move (its clock runs with the player's),
    # then plays while the player plays.
    for _ in range(5):
        play(page, device, game, 1)
        expect(page.locator('[data-stat="score"]')).to_have_text(str(game.score))
    expect(panel.locator('[data-opp="moves"]')).not_to_have_text("0", timeout=20_000)
    # What the panel shows is what the engine's computer has after that many actions.
    cpu = ComputerDuel(deal_id(page))
    score, runs, moves = panel.evaluate(
        "p => ['score', 'runs', 'moves'].map(k => p.querySelector(`[data-opp=${k}]`).textContent)")
    while cpu.game.moves_count < int(moves):
        cpu.step()
    assert (score, runs) == (str(cpu.game.score), f"{len(cpu.game.done)}/8")
    play(page, device, game, 2)
    expect(panel.locator('[data-opp="moves"]')).not_to_have_text(moves)
    # Done: the computer plays on to its own end at once, then the comparison.
    finish(page)
    box = comparison(page)
    while not cpu.finished:
        cpu.step()
    mine, theirs = scores(page)
    assert mine == game.score
    assert theirs == cpu.result(0).points
    assert names(page)[1] == text_of("duel.computer")
    outcome = compare(result_of(game), cpu.result(0))
    head = {"won": text_of("duel.result.you_won"), "drawn": text_of("duel.result.draw"),
            "lost": text_of("duel.result.you_lost", name=text_of("duel.computer"))}[outcome]
    expect(box.locator(".duel-head")).to_have_text(head)
    expect(panel.locator('[data-opp="score"]')).to_have_text(str(theirs))
    expect(panel.locator('[data-opp="moves"]')).to_have_text(str(cpu.game.moves_count))
    # The duel is over: no Fertig any more; the panel keeps the result.
    box.get_by_role("button", name=text_of("ui.close")).click()
    expect(button(page, text_of("ui.btn.finish"))).to_have_count(0)
    panel.get_by_role("button", name=text_of("duel.btn.result")).click()
    assert scores(page) == (mine, theirs)



def tamper(link: str) -> str:
    """One character of the move list changed (the check no longer fits)."""
    head, value = link.split("?duel=", 1)
    fields = value.split(".")
    moves = fields[-2]
    fields[-2] = moves[:3] + ("A" if moves[3] != "A" else "B") + moves[4:]
    return f"{head}?duel={'.'.join(fields)}"


@pytest.mark.desktop_only
def test_a_whole_duel_by_link_between_two_browsers(
    new_context: Callable[..., BrowserContext], base_url: str
) -> None:
    # A plays a duel "by link", ends with Fertig and sends the challenge.
    context_a = new_context("desktop")
    allow_clipboard(context_a, base_url)
    a = context_a.new_page()
    open_game(a, base_url)
    game_a = start_duel(a, "link", suits=1, me="Anna")
    expect(a.locator("#msg")).to_have_attribute("data-key", "duel.link.start")
    expect(a.locator('[data-stat="score"]')).to_be_visible()
    play(a, "desktop", game_a, 6)
    expect(a.locator('[data-stat="score"]')).to_have_text(str(game_a.score))
    finish(a)
    offer = a.locator("dialog#challenge[open]")
    expect(offer.get_by_role("heading", name=text_of("duel.btn.challenge"))).to_be_visible()
    expect(offer.locator("#challenge-name")).to_have_value("Anna")
    offer.get_by_role("button", name=text_of("duel.btn.copy_link")).click()
    expect(a.locator("#msg")).to_have_attribute("data-key", "duel.link_copied")
    link = offer.locator("#challenge-link").inner_text()
    assert link.startswith(base_url + "?duel=") and clipboard(a) == link
    # The link carries the deal, the name and the moves; the engine replays them.
    challenge, (theirs,) = open_challenge(link.split("?duel=", 1)[1])
    assert (challenge.deal_id, theirs.name, theirs.points) == (game_a.deal_id, "Anna", game_a.score)

    # B opens it: the same deal, "Duell gegen Anna", Anna's result hidden until B is done.
    context_b = new_context("desktop")
    allow_clipboard(context_b, base_url)
    b = context_b.new_page()
    open_game(b, base_url, "?duel=" + link.split("?duel=", 1)[1])
    expect(b.locator("#msg")).to_have_attribute("data-key", "duel.against")
    expect(b.locator("#msg")).to_have_text(text_of("duel.against", name="Anna"))
    assert deal_id(b) == game_a.deal_id
    panel = b.locator("#opponent")
    expect(panel).to_contain_text(text_of("duel.waiting", name="Anna"))
    expect(panel).not_to_contain_text(str(game_a.score))
    assert "duel=" not in b.url
    game_b = mirror_of_link(b)
    expect(b.locator('[data-stat="score"]')).to_have_text("0")
    play(b, "desktop", game_b, 3)
    finish(b)
    comparison(b)
    assert scores(b) == (game_b.score, game_a.score)
    assert names(b) == (text_of("duel.you"), "Anna")
    outcome_b = compare(result_of(game_b), result_of(game_a))
    box_b = comparison(b)
    head_b = {"won": text_of("duel.result.you_won"), "drawn": text_of("duel.result.draw"),
              "lost": text_of("duel.result.you_lost", name="Anna")}[outcome_b]
    expect(box_b.locator(".duel-head")).to_have_text(head_b)
    # Closed, and after a reload: the panel shows the result again, as it was at the end
    # (a move taken back after the end changes nothing).
    box_b.get_by_role("button", name=text_of("ui.close")).click()
    button(b, text_of("ui.btn.undo")).click()
    expect(b.locator('[data-stat="moves"]')).to_have_text(str(game_b.moves_count - 1))
    b.reload()
    wait_ready(b)
    b.locator("#opponent").get_by_role("button", name=text_of("duel.btn.result")).click()
    box_b = comparison(b)
    assert scores(b) == (game_b.score, game_a.score)
    # The answer goes back: both results in one link.
    box_b.get_by_role("button", name=text_of("duel.btn.answer")).click()
    expect(b.locator("#msg")).to_have_attribute("data-key", "duel.link_copied")
    answer = clipboard(b)
    assert answer.startswith(base_url + "?duel=")

    # A opens the answer: the same comparison, seen from A's side.
    open_game(a, base_url, "?duel=" + answer.split("?duel=", 1)[1])
    comparison(a)
    assert scores(a) == (game_a.score, game_b.score)
    assert names(a) == ("Anna", text_of("duel.anonymous"))
    expect(a.locator("#msg")).to_have_attribute("data-key", "duel.answer.opened")
    expect(a.locator("#msg")).not_to_have_class(REFUSAL)
    # The challenger's duel counts in A's statistics too, once, however often A opens it.
    key = stats_key("spider", game_a.suits)
    counts = compare(result_of(game_a), result_of(game_b))
    expected = tuple(int(counts == o) for o in ("won", "lost", "drawn"))
    assert Stats.from_json(storage(a, "spider.stats")).get(key).duel_counts("link") == expected
    open_game(a, base_url, "?duel=" + answer.split("?duel=", 1)[1])
    comparison(a)
    assert Stats.from_json(storage(a, "spider.stats")).get(key).duel_counts("link") == expected


@pytest.mark.desktop_only
def test_a_tampered_duel_link_is_named_and_the_deal_can_still_be_played(
    desktop: BrowserContext, base_url: str
) -> None:
    game = Game.new(deal_id="S2-77", duel=True)
    for _ in range(6):
        game.play(game.hint().move)
    from spider.duel import encode_challenge

    link = f"{base_url}?duel={encode_challenge(game, 'Anna', 61_000)}"
    page = desktop.new_page()
    open_game(page, base_url, "?duel=" + tamper(link).split("?duel=", 1)[1])
    assert msg_key(page) == "duel.link.damaged"
    expect(page.locator("#msg")).to_have_class(REFUSAL)
    expect(page.locator("#opponent")).to_have_count(0)
    bar = notice(page, "duel-link")
    expect(bar).to_contain_text(text_of("duel.link.play_anyway", deal="S2-77"))
    bar.get_by_role("button", name=text_of("duel.btn.play_deal")).click()
    assert deal_id(page) == "S2-77"
    expect(page.locator("#msg")).to_have_attribute("data-key", "ui.link.deal")
    # A link cut short is named the same way.
    open_game(page, base_url, "?duel=" + link.split("?duel=", 1)[1][:-9])
    assert msg_key(page) == "duel.link.damaged"


@pytest.mark.desktop_only
def test_two_players_on_one_device(page: Page, base_url: str) -> None:
    open_game(page, base_url)
    first = start_duel(page, "device", suits=2, me="Anna", other="Ben")
    expect(page.locator("#msg")).to_have_attribute("data-key", "duel.device.start")
    expect(page.locator("#msg")).to_have_text(text_of("duel.device.start", name="Anna"))
    expect(page.locator("#opponent")).to_contain_text(text_of("duel.device.start", name="Anna"))
    expect(page.locator('[data-stat="score"]')).to_be_visible()
    play(page, "desktop", first, 5)
    expect(page.locator('[data-stat="score"]')).to_have_text(str(first.score))
    finish(page)
    # The device goes to Ben; Anna's result is not shown.
    handover = page.locator("dialog#confirm[open]")
    expect(handover).to_contain_text(text_of("duel.device.handover", name="Ben"))
    expect(page.locator("#opponent")).not_to_contain_text(str(first.score))
    # Closed by mistake: the panel still hands the device over.
    handover.get_by_role("button", name=text_of("ui.cancel")).click()
    page.locator("#opponent").get_by_role("button", name=text_of("duel.device.start", name="Ben")).click()
    expect(dialog(page)).to_have_count(0)
    assert deal_id(page) == first.deal_id
    expect(page.locator("#msg")).to_have_text(text_of("duel.device.start", name="Ben"))
    expect(page.locator('[data-stat="score"]')).to_have_text("0")
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    expect(button(page, text_of("ui.btn.finish"))).to_be_visible()
    second = mirror_of_link(page)
    play(page, "desktop", second, 2)
    finish(page)
    box = comparison(page)
    assert scores(page) == (second.score, first.score)
    assert names(page) == ("Ben", "Anna")
    outcome = compare(result_of(second), result_of(first))
    head = text_of("duel.result.draw") if outcome == "drawn" else text_of(
        "duel.result.won", name="Ben" if outcome == "won" else "Anna")
    expect(box.locator(".duel-head")).to_have_text(head)


@pytest.mark.desktop_only
def test_duel_points_in_any_spider_game_by_setting(page: Page, base_url: str) -> None:
    open_game(page, base_url, "?deal=S1-5")
    score = page.locator('[data-stat="score"]')
    expect(score).to_be_hidden()
    box = open_settings(page)
    box.get_by_label(text_of("ui.settings.points")).check()
    box.get_by_role("button", name=text_of("ui.settings.save")).click()
    expect(score).to_be_visible()
    expect(score).to_have_text("0")
    game = Game.new(deal_id="S1-5")
    play(page, "desktop", game, 3)
    expect(score).to_have_text(str(game.score))
    # Kept for the next game and the next visit.
    page.reload()
    wait_ready(page)
    expect(page.locator('[data-stat="score"]')).to_be_visible()
    box = open_settings(page)
    box.get_by_label(text_of("ui.settings.points")).uncheck()
    box.get_by_role("button", name=text_of("ui.settings.save")).click()
    expect(score).to_be_hidden()


@pytest.mark.desktop_only
def test_a_duel_against_the_strong_computer_shows_its_level_and_plays_its_moves(page: Page,
                                                                               base_url: str) -> None:
    """Issue 20: "Stark" is chosen in the dialog, named in the panel (``data-level``), plays
    the engine's strong moves while the player plays, and is remembered across a reload and
    in the dialog."""
    open_game(page, base_url)
    game = start_duel(page, "computer", suits=1, level="strong")
    panel = page.locator("#opponent")
    expect(panel).to_have_attribute("data-level", "strong")
    expect(panel.locator(".opp-level")).to_have_text(text_of("duel.level.strong"))
    panel.get_by_role("button", name=text_of("duel.btn.faster")).click()
    play(page, "desktop", game, 3)
    expect(panel.locator('[data-opp="moves"]')).not_to_have_text("0", timeout=30_000)
    shown = opp_numbers(page)
    moves = int(shown["moves"])
    cpu = ComputerDuel(deal_id(page), level="strong")
    while cpu.game.moves_count < moves:
        cpu.step()
    assert (shown["score"], shown["runs"]) == (str(cpu.game.score), f"{len(cpu.game.done)}/8")
    play(page, "desktop", game, 1)
    expect(panel.locator('[data-opp="moves"]')).not_to_have_text(str(moves), timeout=30_000)
    page.reload()
    wait_ready(page)
    expect(page.locator("#opponent")).to_have_attribute("data-level", "strong")
    menu(page, "ui.menu.duel").click()
    expect(page.locator('dialog#duel[open] input[name="duel-level"][value="strong"]')).to_be_checked()


SLOW_OPPONENT_MS = 2_000


def slow_opponent_worker(route: Route) -> None:
    """The engine's worker as built, except that it holds back every answer to the computer's
    move request for SLOW_OPPONENT_MS: a computer that thinks long, as a slow phone makes it."""
    body = route.fetch().text()
    send = "worker.postMessage({ id, answer });"
    assert send in body, "engine-worker.mjs no longer answers with worker.postMessage({ id, answer })"
    held = ('if (request.includes(\'"op": "opponent"\')) '
            f"await new Promise((r) => setTimeout(r, {SLOW_OPPONENT_MS}));\n  {send}")
    route.fulfill(status=200, body=body.replace(send, held), content_type="text/javascript")


@pytest.mark.desktop_only
def test_the_strong_computer_says_it_is_thinking_while_its_answer_takes_long(
        new_context: Callable[..., BrowserContext], base_url: str) -> None:
    """Issue 20: while the computer thinks longer than half a second, its panel says so (no
    frozen panel), and the note goes once its move is there. The worker's answer is held back
    (the service worker is blocked so that the route sees the worker's script)."""
    context = new_context("desktop", service_workers="block")
    context.route("**/engine-worker.mjs", slow_opponent_worker)
    page = context.new_page()
    open_game(page, base_url)
    game = start_duel(page, "computer", suits=1, level="strong")
    panel = page.locator("#opponent")
    panel.get_by_role("button", name=text_of("duel.btn.faster")).click()
    expect(panel).not_to_have_attribute("data-thinking", "")
    play(page, "desktop", game, 1)
    expect(panel).to_have_attribute("data-thinking", "", timeout=30_000)
    expect(panel.locator(".opp-thinking")).to_have_text(text_of("duel.opponent.thinking"))
    expect(panel.locator('[data-opp="moves"]')).to_have_text("0")
    # The held answer arrives: the computer's move is shown and the note is gone.
    expect(panel.locator('[data-opp="moves"]')).not_to_have_text("0", timeout=30_000)
    expect(panel.locator(".opp-thinking")).to_have_count(0)
    shown = opp_numbers(page)
    cpu = ComputerDuel(deal_id(page), level="strong")
    while cpu.game.moves_count < int(shown["moves"]):
        cpu.step()
    assert shown["score"] == str(cpu.game.score)


@pytest.mark.desktop_only
def test_a_reload_resumes_the_duel_against_the_computer(page: Page, base_url: str) -> None:
    open_game(page, base_url)
    game = start_duel(page, "computer", suits=2)
    panel = page.locator("#opponent")
    panel.get_by_role("button", name=text_of("duel.btn.faster")).click()
    play(page, "desktop", game, 2)
    expect(panel.locator('[data-opp="moves"]')).not_to_have_text("0", timeout=20_000)
    # The computer's game is saved with what it has in mind (its plan and counts), which
    # the worker resumes from after the reload instead of thinking along the line again.
    duel = json.loads(storage(page, "spider.game"))["mode"]["duel"]
    kept = Game.from_json(duel["cpu"])
    cpu = ComputerDuel(game.deal_id or "")
    while cpu.game.moves_count < kept.moves_count:
        cpu.step()
    assert cpu.to_json() == duel["cpu"] and cpu.mind() == duel["mind"]
    page.reload()
    wait_ready(page)
    # The same duel: the deal, the player's points, the computer's game as far as it got.
    assert deal_id(page) == game.deal_id
    expect(page.locator('[data-stat="score"]')).to_have_text(str(game.score))
    expect(button(page, text_of("ui.btn.finish"))).to_be_visible()
    resumed = int(opp(page, "moves"))
    assert resumed > 0
    play(page, "desktop", game, 1)
    expect(panel.locator('[data-opp="moves"]')).not_to_have_text(str(resumed), timeout=20_000)
    finish(page)
    cpu = ComputerDuel(game.deal_id or "")
    while not cpu.finished:
        cpu.step()
    assert scores(page) == (game.score, cpu.result(0).points)


def test_axe_finds_nothing_in_the_duel_and_the_statistics(
    device: str, warm_page: Callable[..., Page], base_url: str
) -> None:
    from e2e.test_a11y import axe

    page = warm_page(device, reduced_motion="reduce")
    open_game(page, base_url)
    problems = []
    menu(page, "ui.menu.duel").click()
    expect(page.locator("dialog#duel[open]")).to_be_visible()
    page.locator("dialog#duel details.rules summary").click()
    problems += axe(page, "duel dialog")
    page.locator("dialog#duel").get_by_role("button", name=text_of("duel.btn.start")).click()
    expect(page.locator("#opponent")).to_be_visible()
    problems += axe(page, "duel against the computer")
    finish(page)
    comparison(page)
    problems += axe(page, "comparison")
    comparison(page).get_by_role("button", name=text_of("duel.btn.challenge")).click()
    expect(page.locator("dialog#challenge[open]")).to_be_visible()
    problems += axe(page, "challenge dialog")
    page.locator("dialog#challenge").get_by_role("button", name=text_of("ui.close")).click()
    menu(page, "ui.menu.stats").click()
    expect(page.locator("dialog#stats[open] svg")).to_be_visible()
    problems += axe(page, "statistics")
    assert not problems, "\n".join(problems)


@pytest.mark.desktop_only
def test_winning_a_duel_game_ends_it_with_the_comparison(page: Page, base_url: str) -> None:
    """A challenge answered to its last run (resumed from a save one move before the end):
    the win ends the duel; the comparison comes instead of the won dialog."""
    deal = "S1-1719678095"  # the computer wins it (checked below)
    cpu = ComputerDuel(deal)
    while not cpu.finished:
        cpu.step()
    assert cpu.game.is_won
    anna = Game.new(deal_id=deal, duel=True)
    for _ in range(8):
        anna.play(anna.hint().move)
    from spider.duel import encode_challenge

    challenge = encode_challenge(anna, "Anna", 90_000)
    open_game(page, base_url, "?duel=" + challenge)
    expect(page.locator("#msg")).to_have_attribute("data-key", "duel.against")
    near = Game.new(deal_id=deal, duel=True)
    for move in cpu.game.line[:-1]:
        near.play(move)
    doc = json.loads(storage(page, "spider.game"))
    assert doc["mode"]["duel"]["challenge"] == challenge
    doc["game"], doc["clock_ms"] = near.to_json(), 300_000
    before_load(page, f"localStorage.setItem('spider.game', {json.dumps(json.dumps(doc))});")
    page.reload()
    wait_ready(page)
    expect(page.locator('[data-stat="score"]')).to_have_text(str(near.score))
    last = cpu.game.line[-1]
    src = last.src + 1
    press(page, "desktop", column(page, src).locator("[data-card]").nth(len(cards(page, src)) - last.count))
    near.play(last)
    box = comparison(page)
    expect(page.locator("dialog#won[open]")).to_have_count(0)
    assert scores(page) == (near.score, anna.score)
    expect(box.locator(".duel-head")).to_have_text(text_of("duel.result.you_won"))
    expect(button(page, text_of("ui.btn.finish"))).to_have_count(0)


@pytest.mark.desktop_only
def test_without_a_worker_the_computer_plays_on_the_page(page: Page, base_url: str) -> None:
    """A browser that cannot start the engine's worker still gets its duel to the end."""
    page.add_init_script(
        "const W = window.Worker; window.Worker = class extends W { constructor(url, options) {"
        " if (String(url).includes('engine-worker')) throw new Error('no worker here');"
        " super(url, options); } };")
    open_game(page, base_url)
    game = start_duel(page, "computer", suits=1)
    play(page, "desktop", game, 2)
    expect(page.locator('#opponent [data-opp="moves"]')).not_to_have_text("0", timeout=20_000)
    finish(page)
    cpu = ComputerDuel(game.deal_id or "")
    while not cpu.finished:
        cpu.step()
    assert scores(page) == (game.score, cpu.result(0).points)


# After its five deals this deal has no move left at all (found with the engine: every
# column's top card fits on no other).
STUCK_AFTER_DEALS = "S4-303"


@pytest.mark.desktop_only
def test_fertig_in_the_no_moves_dialog_ends_the_duel(page: Page, base_url: str) -> None:
    """A duel game with no move left: the no-moves dialog offers Fertig, which ends this
    player's game (no second question) and shows the comparison."""
    anna = Game.new(deal_id=STUCK_AFTER_DEALS, duel=True)
    for _ in range(5):
        anna.play(Move.deal())
    assert anna.is_stuck
    open_game(page, base_url, "?duel=" + encode_challenge(anna, "Anna", 90_000))
    expect(page.locator("#msg")).to_have_attribute("data-key", "duel.against")
    mine = mirror_of_link(page)
    for n in range(1, 6):
        button(page, text_of("ui.btn.deal")).click()
        mine.play(Move.deal())
        expect(page.locator('[data-stat="moves"]')).to_have_text(str(n))
    assert mine.is_stuck
    stuck = page.locator("dialog#stuck[open]")
    expect(stuck).to_contain_text(text_of("ui.stuck.text.spider"))
    stuck.get_by_role("button", name=text_of("ui.btn.finish")).click()
    comparison(page)
    expect(page.locator("dialog#confirm[open]")).to_have_count(0)
    assert scores(page) == (mine.score, anna.score)
    assert names(page) == (text_of("duel.you"), "Anna")
    expect(button(page, text_of("ui.btn.finish"))).to_have_count(0)



@pytest.mark.desktop_only  # the replay's keys and buttons on both devices: test_analysis.py
def test_after_fertig_the_analysis_replays_the_computers_game_too(page: Page, base_url: str) -> None:
    """Issue 21: a duel's end offers "Wo lag der Fehler?"; the analysis of the player's game
    then offers, beside the player's own line, the computer's whole game, step by step with
    every card face up."""
    open_game(page, base_url)
    game = start_duel(page, "computer", suits=1)
    panel = page.locator("#opponent")
    panel.get_by_role("button", name=text_of("duel.btn.faster")).click()
    play(page, "desktop", game, 3)
    finish(page)
    box = comparison(page)
    cpu = ComputerDuel(deal_id(page))
    while not cpu.finished:
        cpu.step()
    box.locator('[data-action="analyse"]').click()
    analysis = page.locator("dialog#analysis[open]")
    expect(analysis).to_have_attribute("data-state", re.compile("^(done|undecided)$"), timeout=60_000)
    other = analysis.get_by_role("button", name=text_of("analysis.btn.other", name=text_of("duel.computer")))
    other.click()
    bar = page.locator("#replay")
    expect(bar).to_have_attribute("data-step", "0")
    expect(bar).to_have_attribute("data-of", str(len(cpu.game.line)))
    assert page.locator("#board [data-card='down']").count() == 0  # every card face up
    first = cpu.game.line[0]
    page.keyboard.press("ArrowRight")
    expect(bar).to_have_attribute("data-step", "1")
    # The table shows the computer's game after its first action: the engine's, card for card.
    replay = Game.from_text(cpu.game.start_text)
    replay.play(first)
    assert [cards(page, n) for n in range(1, 11)] == [[card_code(c) for c in col] for col in replay.cols]
    page.keyboard.press("Escape")
    expect(page.locator("#replay")).to_have_count(0)
    expect(page.locator("dialog#analysis[open]")).to_have_count(1)

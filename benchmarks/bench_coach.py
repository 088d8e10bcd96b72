"""The coach's speed and strength, as figures.

    python benchmarks/bench_coach.py [--deals N] [--hint-deals N] [--strength N] [--samples N]
                                     [--reading N] [--reading-others N] [--calibration N]
                                     [--reading-games GAME ...]
                                     [--phone N] [--throttle X]

Times are CPU time of this process (one thread, one core), since other work may share
the machine:

- solve: an exact 2-player ``match`` deal, the values of all seven openings, over
  ``--deals`` seeded deals: median and 95th percentile. Also as a ratio to one random
  playout of OpenSpiel's ``python_block_dominoes`` when ``open_spiel`` is installed.
- hint: 200 and 50 samples at the learner's first turn of a 2-player round after the
  other seat opened, and 200 samples for the opening itself (seven tiles, 21 unseen).
- solve per deal for 3 and 4 players (paranoid), for a partnership (28 tiles known) and
  for the draw game with 2 and 4 players (the pot's order known).
- strength, duplicate format: ``--strength`` seeded 2-player ``match`` deals, each
  played twice with the seats swapped, the coach (``--samples`` deals per decision)
  against ``heaviest``; the coach's mean margin per round and share of rounds won, each
  with a 95% confidence interval (normal approximation over deals; a deal's two rounds
  are averaged first, since they share the tiles).
- reading: the reading coach (``--samples`` deals solved a decision) against the plain
  coach (as many) and against ``heaviest``, duplicate format (``_duplicate``: seats
  swapped, every strategy handed rounds with the other hands dealt again from what its
  seat can know), scored Block (points awarded per round as in a match): ``--reading``
  2-player deals (1,500 for the real figure), and ``--reading-others`` deals each of
  3 and 4 players and of the partnership game (with four players both coaches imagine
  ``--samples-four`` deals a decision); the mean points per round over the other side
  with a 95% interval, and each player's CPU time per decision. ``--learns``: the
  learning coach instead (``--minimax``: its search follows no seat it has read;
  ``--per-deal``: it plans each imagined deal alone, ``coach.grouped``);
  ``--against plain|heaviest|random`` one baseline only; ``--first``: the seed of the
  first deal, to play a long run in parts.
- calibration: ``--calibration`` seeded rounds each of 2-player Block (the plain coach,
  20 deals a decision, in both seats), 4-player Block and the partnership game
  (heaviest-first everywhere); at every choice the chances the reading coach gives of
  another seat lacking a number or holding a tile, in bins against the share that
  was so (``_calibration``).
- phone: ``--phone N``: the app built as the browser tests build it, opened in Debian's
  Chromium as a phone (Playwright's "Pixel 5": its screen, touch and user agent) with
  the CPU slowed ``--throttle`` times (DevTools' "mid-tier mobile" is 4), the Hint
  button tapped at N positions of the "Play" chapter (a tile played between them): the
  time from the tap to the answer drawn, as the page measures it, and how many deals
  each hint solved (the app's hint stops drawing deals after ``play.coaching.SECONDS``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from _calibration import calibrate
from _duplicate import Duplicate, Timed

from blockdomino import Round, Rules
from blockdomino.analysis.coach import hint, solve
from blockdomino.analysis.players import STRATEGIES, coach_player, play_round

COACH_SEAT = 0


def timed(work: Callable[[], object]) -> float:
    """CPU milliseconds of one call."""
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def quantiles(times: list[float]) -> str:
    """Median and 95th percentile, in milliseconds."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return f"median {statistics.median(ordered):8.2f} ms   p95 {p95:8.2f} ms"


def openspiel_playout() -> float | None:
    """CPU ms of one random playout of ``python_block_dominoes`` (median of 200), if installed.

    ``pip install open-spiel`` installs it; importing ``open_spiel.python.games``
    registers the games written in Python.
    """
    try:
        import open_spiel.python.games  # type: ignore[import-not-found]  # noqa: F401
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(0)

    def playout() -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, _ = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choice(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    return statistics.median(timed(playout) for _ in range(200))


def bench_solve(deals: int) -> None:
    rules = Rules.preset("match", 2)
    times = [timed(partial(solve, Round.deal(rules, seed))) for seed in range(deals)]
    print(f"solve, 2-player match deal, all openings ({deals} deals): {quantiles(times)}")
    playout = openspiel_playout()
    if playout is None:
        print("  OpenSpiel not installed: no ratio to a python_block_dominoes playout")
    else:
        ratio = statistics.median(times) / playout
        print(f"  one OpenSpiel python_block_dominoes random playout: {playout:.2f} ms;")
        print(f"  median solve = {ratio:.1f} playouts")
    for preset, players in (
        ("match", 3),
        ("match", 4),
        ("block", 4),
        ("partnership", 4),
        ("draw", 2),
        ("draw", 4),
    ):
        rules = Rules.preset(preset, players)
        count = max(5, deals // 10)
        times = [timed(partial(solve, Round.deal(rules, seed))) for seed in range(count)]
        print(f"solve, {preset} {players} players ({count} deals): {quantiles(times)}")


def after_opening(seed: int) -> Round:
    """A 2-player match deal with the leader's opening played at random."""
    position = Round.deal(Rules.preset("match", 2), seed)
    return position.play(random.Random(seed).choice(position.legal_moves()))


def bench_hint(deals: int) -> None:
    for samples in (200, 50):
        times = [
            timed(partial(hint, after_opening(seed), samples=samples)) for seed in range(deals)
        ]
        where = f"first turn after the opening ({deals})"
        print(f"hint, {samples} samples, {where}: {quantiles(times)}")
    rules = Rules.preset("match", 2)
    times = [timed(partial(hint, Round.deal(rules, seed))) for seed in range(deals)]
    print(f"hint, 200 samples, the opening itself ({deals}): {quantiles(times)}")
    for preset, players in (("match", 3), ("match", 4), ("partnership", 4), ("draw", 2)):
        rules = Rules.preset(preset, players)
        count = max(3, deals // 4)
        times = [timed(partial(hint, Round.deal(rules, seed), samples=50)) for seed in range(count)]
        where = f"{preset} {players} players, opening ({count})"
        print(f"hint, 50 samples, {where}: {quantiles(times)}")


def margin(position: Round, seat: int) -> int:
    """The points ``seat`` won minus the points the other seat won."""
    result = position.result
    assert result is not None
    return result.points[seat] - result.points[1 - seat]


def bench_strength(deals: int, samples: int) -> None:
    rules = Rules.preset("match", 2)
    coach, heaviest = coach_player(samples), STRATEGIES["heaviest"]
    margins: list[float] = []
    wins: list[float] = []
    start = time.process_time()
    for seed in range(deals):
        deal_margin = deal_wins = 0.0
        for seat in (0, 1):
            strategies = [coach, heaviest] if seat == 0 else [heaviest, coach]
            end = play_round(Round.deal(rules, seed), strategies, seed)
            deal_margin += margin(end, seat) / 2
            deal_wins += (margin(end, seat) > 0) / 2
        margins.append(deal_margin)
        wins.append(deal_wins)
        if len(margins) % 500 == 0 or len(margins) == deals:
            seconds = time.process_time() - start
            print(f"strength, duplicate, coach ({samples} samples) vs heaviest, {len(margins)}")
            print(f"  deals ({2 * len(margins)} rounds, {seconds:.0f} s CPU):")
            report(margins, wins)


def report(margins: list[float], wins: list[float]) -> None:
    """Means with 95% confidence intervals (normal approximation over deals)."""
    for name, values in (("mean margin per round", margins), ("share of rounds won", wins)):
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
        print(f"  {name}: {mean:.3f}  (95% CI {mean - half:.3f} … {mean + half:.3f})", flush=True)


READING_GAMES = (("block", 2), ("block", 3), ("block", 4), ("partnership", 4))
"""The scored games the reading coach is measured in: 2–4 players, and partners."""

REPORT_EVERY = 50
"""Deals between two reports of the running figures (a long run can be read early);
also reported after ``REPORT_SECONDS`` of CPU time since the last report."""
REPORT_SECONDS = 60


def bench_reading(
    deals: int,
    others: int,
    samples: int,
    four: int,
    chosen: tuple[str, ...] = (),
    *,
    learns: bool,
    against: str,
    follows: bool = True,
    grouped: bool = True,
    first: int = 0,
) -> None:
    """The games' deals interleaved (the others' spread over the 2-player ones), so that
    a long run stopped early has figures for every game. With four players a solve takes
    10 to 30 times as long: there both coaches imagine ``four`` deals a decision.
    ``learns``: the tested coach learns the others' styles from round to round (one
    player for the whole run: its memory of a seat goes on over the deals, as in one
    long match against the same players; ``follows``: its search follows a seat it is
    sure of, ``coach.following``). ``against``: "plain", "heaviest", "random" or "both"
    (plain and heaviest).
    ``chosen`` (names as ``partnership-4``) plays only those games; ``first``: the seed
    of the first deal (a part of a longer run, as a new player)."""
    games = []
    tested = "learning coach" if learns else "reading coach"
    for preset, players in READING_GAMES:
        if chosen and f"{preset}-{players}" not in chosen:
            continue
        count = deals if (preset, players) == READING_GAMES[0] else others
        rules = Rules.preset(preset, players, target=100)
        imagined = four if players == 4 else samples
        baselines = {
            "plain": ("plain coach", coach_player(imagined, reads=False)),
            "heaviest": ("heaviest-first", STRATEGIES["heaviest"]),
            "random": ("random", STRATEGIES["random"]),
        }
        matchups = {
            f"{tested} vs {name}": Duplicate(
                rules,
                Timed(coach_player(imagined, learns=learns, follows=follows, grouped=grouped)),
                Timed(baseline),
            )
            for key, (name, baseline) in baselines.items()
            if against == key or (against == "both" and key != "random")
        }
        games.append(
            (
                f"scored {preset}, {players} players, {imagined} imagined deals a decision",
                count,
                matchups,
            )
        )
    longest = max(count for _, count, _ in games)
    start = reported = time.process_time()
    for step in range(longest):
        for _, count, matchups in games:
            if step * count // longest != (step + 1) * count // longest:  # its share of steps
                for duplicate in matchups.values():
                    duplicate.play(first + step * count // longest)
        now = time.process_time()
        if (step + 1) % REPORT_EVERY == 0 or step + 1 == longest or now - reported > REPORT_SECONDS:
            reported = now
            print(f"reading ({time.process_time() - start:.0f} s CPU):")
            for name, _, matchups in games:
                for matchup, duplicate in matchups.items():
                    if duplicate.margins:
                        print(f"  {name}: {duplicate.line(matchup)}", flush=True)


def bench_calibration(rounds: int) -> None:
    games = (
        ("block", 2, coach_player(20, reads=False)),
        ("block", 4, STRATEGIES["heaviest"]),
        ("partnership", 4, STRATEGIES["heaviest"]),
    )
    for preset, players, strategy in games:
        start = time.process_time()
        calibration = calibrate(Rules.preset(preset, players), strategy, rounds)
        seconds = time.process_time() - start
        print(f"calibration, {preset} {players} players, {rounds} rounds ({seconds:.0f} s CPU):")
        print("\n".join(calibration.lines()), flush=True)


def bench_phone(hints: int, throttle: float) -> None:
    """The app's hint on an emulated phone (see the module's text)."""
    import re
    import sys
    import tempfile
    from pathlib import Path

    from _servers import stop
    from playwright.sync_api import sync_playwright

    repo = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(repo / "tests" / "browser"))
    import apps  # the app built on its own, as the browser tests build it
    from bench_app import served, tap_a_tile

    site = Path(tempfile.mkdtemp(prefix="bench-phone-"))
    apps.build(site / "app")
    server, url = served(site)
    times, deals = [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            context = browser.new_context(**playwright.devices["Pixel 5"], service_workers="block")
            page = context.new_page()
            page.goto(f"{url}/app/?lang=en&chapter=5")
            table = page.locator("[data-live]").first
            table.locator(".area.board svg").wait_for(timeout=120_000)
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
            for _ in range(hints):
                while not table.locator("[data-action='hint']:enabled").count():
                    tap_a_tile(page)
                timings = "window.blockdominoTimings.filter(t => t.action === 'hint')"
                asked = page.evaluate(f"{timings}.length")
                table.locator("[data-action='hint']").tap()
                page.wait_for_function(f"{timings}.length > {asked}", timeout=60_000)
                times.append(page.evaluate(f"{timings}.at(-1).ms") / 1000)
                capped = re.search(r"after (\d+) deals", table.inner_text())
                deals.append(int(capped.group(1)) if capped else 200)
                tap_a_tile(page)
            browser.close()
    finally:
        stop(server)
    print(f"hint on a phone (Pixel 5, CPU {throttle:g}x slower), {hints} hints:")
    print(f"  median {statistics.median(times):.2f} s, slowest {max(times):.2f} s;", end=" ")
    print(f"deals solved: median {statistics.median(deals):.0f}, fewest {min(deals)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals to solve")
    parser.add_argument("--hint-deals", type=int, default=20, help="positions to hint")
    parser.add_argument("--strength", type=int, default=50, help="duplicate deals to play")
    parser.add_argument("--samples", type=int, default=100, help="the coach's samples")
    parser.add_argument("--reading", type=int, default=1500, help="2-player reading deals")
    parser.add_argument(
        "--reading-others", type=int, default=100, help="3-, 4-player and partnership deals"
    )
    parser.add_argument(
        "--reading-games",
        nargs="+",
        default=(),
        choices=[f"{preset}-{players}" for preset, players in READING_GAMES],
        help="only these reading games",
    )
    parser.add_argument(
        "--samples-four", type=int, default=20, help="the coaches' samples with four players"
    )
    parser.add_argument(
        "--learns", action="store_true", help="the reading coach learns styles over rounds"
    )
    parser.add_argument(
        "--minimax",
        action="store_true",
        help="the learning coach searches every seat by minimax (it follows none)",
    )
    parser.add_argument(
        "--per-deal",
        action="store_true",
        help="the learning coach plans each imagined deal alone (no grouped search)",
    )
    parser.add_argument("--first", type=int, default=0, help="the first reading deal's seed")
    parser.add_argument(
        "--against",
        choices=("both", "plain", "heaviest", "random"),
        default="both",
        help="baselines",
    )
    parser.add_argument("--calibration", type=int, default=200, help="rounds per game")
    parser.add_argument("--phone", type=int, default=0, help="hints on an emulated phone")
    parser.add_argument("--throttle", type=float, default=4, help="the phone's CPU slowdown")
    arguments = parser.parse_args()
    if arguments.phone:
        bench_phone(arguments.phone, arguments.throttle)
    if arguments.calibration:
        bench_calibration(arguments.calibration)
    if arguments.reading or arguments.reading_others:
        bench_reading(
            arguments.reading,
            arguments.reading_others,
            arguments.samples,
            arguments.samples_four,
            tuple(arguments.reading_games),
            learns=arguments.learns,
            against=arguments.against,
            follows=not arguments.minimax,
            grouped=not arguments.per_deal,
            first=arguments.first,
        )
    if arguments.deals:
        bench_solve(arguments.deals)
    if arguments.hint_deals:
        bench_hint(arguments.hint_deals)
    if arguments.strength:
        bench_strength(arguments.strength, arguments.samples)


if __name__ == "__main__":
    main()

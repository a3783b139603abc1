"""The Trading Posts as a player hears them, through the real command line: a game of
computers is cut where a player with the second power is about to take two alike, that
player becomes a person, and the game is resumed; then the route, the token the power
gives, its refusals, ``me`` and the help, in English and in French."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor_a11y.domain.notation import GemCounts, Slot
from splendor_a11y.engine import Buy
from splendor_a11y.text.narrator import Narrator

from conftest import new_game, run_cli, with_player


def cut_before_two_alike(home: Path) -> tuple[Path, str, str]:
    """A log of computers with the Trading Posts, cut just before a player holding the
    second power takes two alike, and that player made a person named Ana: its path,
    the take to type, and the colour the route then offers."""
    log = home / "route.jsonl"
    played = run_cli(
        "play",
        "--players",
        "bot:medium,bot:medium",
        "--seed",
        "5",
        "--module",
        "tradingposts",
        "--log",
        str(log),
        "--speech",
        "off",
        home=home,
    )
    assert played.returncode == 0, played.stderr
    lines = log.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines[1:]]
    extra = next(e for e in events if e["event"] == "route_token_taken" and e["power"] == 2)
    taken = events[extra["seq"] - 2]
    assert taken["event"] == "gems_taken" and taken["player"] == extra["player"]
    header = json.loads(lines[0])
    header["players"][extra["player"]] = {"name": "Ana", "kind": "human"}
    cut = home / "cut.jsonl"
    kept = [json.dumps(header), *lines[1 : taken["seq"]]]
    cut.write_text("\n".join(kept) + "\n", encoding="utf-8")
    (colour,) = taken["gems"]
    return cut, f"take 2{colour}", extra["gem"]


def said(home: Path, log: Path, typed: str, *options: str) -> str:
    result = run_cli("resume", str(log), "--speech", "off", *options, stdin=typed, home=home)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result.stdout


def test_two_alike_bring_one_more_told_asked_and_refused(home: Path) -> None:
    log, take, offered = cut_before_two_alike(home)
    alike = take[-1]
    typed = f"{take}\ngain {alike}\ngain {offered}{offered}\ngain {offered}\nroute\nme\nquit\n"
    out = said(home, log, typed)
    assert "; the route gives you one more of another colour: gain " in out
    assert f"gain {alike} or" not in out and f", gain {alike}," not in out, "the colour taken is not offered"
    assert "The route's token must be of another colour than the two you took; choose one of" in out
    assert "The route gives one token at a time: gain and one colour letter, such as gain r." in out
    assert f"Two alike bring one more: you take 1{offered} too. You have " in out
    assert "2, two alike bring one more of another colour: for 2d in bonuses; coats of arms: you" in out
    assert "4, 5 points: for 5e in bonuses and a noble; coats of arms:" in out
    assert " On the route: " in out and "two alike bring one more of another colour" in out


def test_the_route_in_french(home: Path) -> None:
    log, take, offered = cut_before_two_alike(home)
    french = take.replace("take", "prendre")
    out = said(home, log, f"{french}\ngagner {offered}\nroute\nrègles comptoirs\nquitter\n", "--lang", "fr")
    assert "; la route vous en donne un de plus, d'une autre couleur : gagner " in out
    assert f"Deux pareils en apportent un de plus : vous prenez aussi 1{offered}." in out
    assert "2, deux jetons pareils en apportent un d'une autre couleur : pour 2d en bonus ; blasons : vous" in out
    assert "Les Comptoirs, avec --module tradingposts : une route de cinq pouvoirs." in out


@pytest.mark.parametrize("lang, asked, answer", [("en", "route", "It belongs to the module The Trading Posts")])
def test_the_route_without_the_module_says_where_it_belongs(home: Path, lang: str, asked: str, answer: str) -> None:
    result = run_cli(
        "play",
        "--seed",
        "3",
        "--speech",
        "off",
        "--log",
        str(home / "b.jsonl"),
        stdin=f"{asked}\nhelp\nquit\n",
        home=home,
    )
    assert answer in result.stdout
    assert "\nroute: " not in result.stdout, "help lists a module's question only in its games"


@pytest.mark.parametrize(
    ("lang", "typed", "told"),
    [
        ("en", "posts\nquit\n", "1, a gem token after each purchase: for "),
        ("fr", "comptoirs\nquitter\n", "1, un jeton de gemme après chaque achat : pour "),
    ],
)
def test_the_module_s_name_asks_the_route(home: Path, lang: str, typed: str, told: str) -> None:
    """A player who hears "Trading Posts" types ``posts`` (in French ``comptoirs``), and
    was asked "Did you mean pass?": it reads the route, as ``route`` does."""
    result = run_cli(
        "--lang",
        lang,
        "play",
        "--seed",
        "5",
        "--module",
        "tradingposts",
        "--speech",
        "off",
        "--log",
        str(home / "posts.jsonl"),
        stdin=typed,
        home=home,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert told in result.stdout, result.stdout
    assert "pass?" not in result.stdout and "passer ?" not in result.stdout


def test_a_purchase_s_hint_names_the_coat_of_arms_it_brings() -> None:
    """``buy a3: it gives you your third sapphire`` was the hint of a purchase that
    placed a coat of arms on the route's power 3; now it says so."""
    from splendor_a11y.engine.modules.tradingposts.kinds import POWERS
    from splendor_a11y.text.explain import explain_move

    state = new_game(2, 5, ("tradingposts",))
    index, card, power = next(
        (i, c, p)
        for i, c in enumerate(state.rows[0], 1)
        for p in POWERS
        if c is not None and c.bonus is not None and not p.nobles and p.bonuses[c.bonus.order]
    )
    assert card.bonus is not None
    one_short = GemCounts([r - (1 if i == card.bonus.order else 0) for i, r in enumerate(power.bonuses)])
    seat = with_player(state, 0, tokens=GemCounts([*card.cost[:5], 0]), bonuses=one_short)
    said = explain_move(seat, 0, Buy(Slot("a", index)), Narrator(viewer=0))
    assert f"a coat of arms on the route's power {power.number} (" in said, said
    met = with_player(seat, 0, bonuses=power.bonuses)
    assert "coat of arms" not in explain_move(met, 0, Buy(Slot("a", index)), Narrator(viewer=0))

"""A person at the web page, in a real Chromium driven by Playwright: what they hear is
what the page's live regions announce, recorded by a MutationObserver as a screen reader
would take it; what they see is the page's history."""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
WAIT = 20.0
LONGEST_QUIET = 120.0
"""However busy the machine, the live regions' queue of a whole game has run out by then."""

LISTEN = """
const SPEAKING = '[aria-live]:not([aria-live="off"]), [role="log"]:not([aria-live="off"]), [role="alert"], [role="status"]';
window.__heard = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      const region = change.target.closest ? change.target.closest(SPEAKING) : null;
      if (region) window.__heard.push([region.getAttribute('aria-live') || 'polite', node.textContent]);
    }
  }
}).observe(document, {childList: true, subtree: true});
"""
"""Every node added to a region a screen reader speaks by itself (a live region, a log or
status not made silent, an alert), with its politeness: what the player is given to
hear. Installed before the page's own script runs."""


def playwright_or_skip() -> Any:
    """Playwright's async API, or the test skipped with the reason."""
    api = pytest.importorskip("playwright.async_api", reason="Playwright is not installed")
    if not shutil.which("chromium") and not shutil.which("/usr/bin/chromium"):
        pytest.skip("no Chromium at /usr/bin/chromium (Debian's chromium package)")
    return api


@contextlib.asynccontextmanager
async def chromium(api: Any) -> AsyncIterator[Any]:
    """Debian's Chromium, headless (no sandbox: the tests run as root in CI), closed after."""
    async with api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            await browser.close()


class WebPerson:
    """One person at the page: types with the keyboard, reads the history, hears the
    live regions."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.url = url
        self.seen = 0

    @classmethod
    async def open(cls, browser: Any, url: str, locale: str = "en-GB", **screen: Any) -> WebPerson:
        """The page opened in a browser of its own (``screen``: a phone's viewport, say)."""
        context = await browser.new_context(locale=locale, **screen)
        page = await context.new_page()
        await page.add_init_script(LISTEN)
        person = cls(page, url)
        await page.goto(url)
        return person

    @classmethod
    async def arrive(
        cls, browser: Any, url: str, name: str, password: str, locale: str = "en-GB", **screen: Any
    ) -> WebPerson:
        """A person who opened the page and logged in with the keyboard, welcomed."""
        person = await cls.open(browser, url, locale, **screen)
        await person.log_in(name, password)
        await person.expect(f"(Welcome|Bienvenue), {name}")
        return person

    @classmethod
    async def facing_a_computer(cls, browser: Any, url: str, name: str, password: str) -> WebPerson:
        """A person at a table of two with an easy computer, at their first turn."""
        person = await cls.arrive(browser, url, name, password)
        await person.type("create 2 bot:easy")
        await person.expect(r"Your turn\.")
        return person

    async def log_in(self, name: str, password: str) -> None:
        """With the keyboard only: Tab to the name, type, Tab, type, Enter."""
        await self.page.wait_for_selector("#login:not([hidden])")
        await self.page.keyboard.press("Tab")
        await self.page.keyboard.type(name)
        await self.page.keyboard.press("Tab")
        await self.page.keyboard.type(password)
        await self.page.keyboard.press("Enter")

    async def type(self, line: str) -> None:
        """A line typed at the command line (where the focus is), and Enter."""
        await self.page.keyboard.type(line)
        await self.page.keyboard.press("Enter")

    async def history(self) -> str:
        return str(await self.page.inner_text("#history"))

    async def said(self) -> list[str]:
        """The lines the server said, as the history shows them (typed lines left out)."""
        return list(
            await self.page.eval_on_selector_all(
                "#history p:not(.typed)", "nodes => nodes.map(node => node.textContent)"
            )
        )

    async def heard(self) -> list[tuple[str, str]]:
        """What the live regions were given to speak: (politeness, text), in order."""
        return [tuple(pair) for pair in await self.page.evaluate("window.__heard")]

    async def quiet(self, timeout: float = WAIT) -> tuple[list[str], list[tuple[str, str]]]:
        """What was said and what was heard, once the live regions' queue has run out
        (it speaks a line at a time, a moment apart). On a loaded machine the queue can
        trail a fast game by many lines, so the wait runs out only when the regions were
        given nothing new for ``timeout`` seconds, or after ``LONGEST_QUIET``."""
        started = time.monotonic()
        last_change = started
        heard = await self.heard()
        while time.monotonic() - last_change < timeout and time.monotonic() - started < LONGEST_QUIET:
            await asyncio.sleep(0.5)
            again = await self.heard()
            if again == heard and not await self.page.evaluate("speaking"):
                break
            if again != heard:
                last_change = time.monotonic()
            heard = again
        return await self.said(), heard

    async def expect(self, pattern: str, timeout: float = WAIT) -> re.Match[str]:
        """Wait for ``pattern`` in the history since the last match."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.compile(pattern).search(await self.history(), self.seen)
            if found:
                self.seen = found.end()
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {pattern!r}; it shows:\n{(await self.history())[-3000:]}")
            await asyncio.sleep(0.05)


@dataclass(frozen=True)
class Speech:
    """What a test listens for, in one language: the decisions a player must answer,
    the hint's answer, the end, and the lobby's sentences the tests wait on."""

    turn: str
    hold: str
    nobles: str
    hint: str
    over: str
    game_over: str
    table_yours: str
    sits: str
    bot: str

    def decision(self, name: str) -> str:
        """A decision for ``name``: its turn (no group), tokens to return (group 1: the
        example given), or a noble to choose (group 2), or the end."""
        return f"{self.turn.format(name=name)}|{self.hold}|{self.nobles}|{self.over}"


SPEECH = {
    "en": Speech(
        turn=r"Your turn\.",
        hold=r"You hold \d+ tokens: return [^\n]*?for example return (\S+)\.",
        nobles=r"Several nobles would visit you[^\n]*?noble (\d)",
        hint=r"You ask for a hint\.(?:\n[^\n]*)*?\n\s*([a-z][^:\n]*?) ?: ",
        over="Type leave to go back to the lobby",
        game_over="The game is over.",
        table_yours="Table 1 is yours",
        sits="{name} sits down at table 1.",
        bot="Easy bot ",
    ),
    "fr": Speech(
        turn=r"À vous\.",
        hold=r"Vous avez \d+ jetons : rendez-en [^\n]*?par exemple rendre (\S+)\.",
        nobles=r"Plusieurs nobles vous rendraient visite[^\n]*?noble (\d)",
        hint=r"Vous demandez un indice\.(?:\n[^\n]*)*?\n\s*([a-zé][^:\n]*?) ?: ",
        over="Tapez partir pour revenir au salon",
        game_over="La partie est finie",
        table_yours="La table 1 est à vous",
        sits="{name} s'assied à la table 1.",
        bot="Robot facile ",
    ),
}


COST = re.compile(r"(\d+)([dsero])")


def affordable(board: dict[str, Any], code: str) -> bool:
    """Whether the seat's player, as its board shows them, can pay for a card: its cost
    (the code's words after the first), less bonuses and tokens, covered by gold."""
    me = board["players"][board["seat"]]
    tokens, bonuses = me.get("tokens", {}), me.get("bonuses", {})
    cost = code.split(" ", 1)[1] if " " in code else ""
    short = sum(max(0, int(count) - bonuses.get(gem, 0) - tokens.get(gem, 0)) for count, gem in COST.findall(cost))
    return short <= tokens.get("g", 0)


class MousePlayer:
    """A sighted friend who plays with the mouse only: reads the board, clicks what to
    do (cards, gems, decks, nobles, their own tokens) and Play."""

    def __init__(self, person: WebPerson, name: str, speech: Speech) -> None:
        self.person = person
        self.name = name
        self.speech = speech
        self.moves = 0

    async def click(self, selector: str) -> None:
        await self.person.page.click(selector)

    async def play(self) -> None:
        await self.click("#command-form button")
        self.moves += 1

    async def play_to_the_end(self) -> None:
        while True:
            found = await self.person.expect(self.speech.decision(self.name), timeout=60)
            if found.group(0) == self.speech.over:
                return
            if found.group(1):
                for gem in found.group(1):
                    await self.click(f"#board li .token.gem-{gem}")
            elif found.group(2):
                await self.click(f"#board .noble >> text=/^{found.group(2)}\\./")
            else:
                await self.choose(await self.person.page.evaluate("lastBoard"))
            await self.play()

    async def choose(self, board: dict[str, Any]) -> None:
        """Buy the dearest card it can, else take the most plentiful gems, else reserve."""
        me = board["players"][board["seat"]]
        cards = [(slot, code) for level in ("c", "b", "a") for slot, code in board["board"][level].items() if code]
        cards += [(f"h{place + 1}", held["card"]) for place, held in enumerate(me["reserved"]) if "card" in held]
        for slot, code in cards:
            if affordable(board, code):
                await self.click(f"#board button.card >> text=/^{slot} /")
                return
        piles = sorted(((count, gem) for gem, count in board["supply"].items() if gem != "g" and count), reverse=True)
        if piles and (len(piles) >= 3 or len(me["reserved"]) >= 3):
            for _count, gem in piles[:3]:
                await self.click(f"#board .row .token.gem-{gem} >> nth=0")
            return
        level = next(level for level in ("a", "b", "c") if board["decks"][level])
        await self.click(f"#board .deck >> text=/^{level} ?:/")  # "a:", in French "a :"


async def plays_by_hints(expect: Any, typing: Any, name: str, speech: Speech) -> None:
    """Answer each decision with the hint's move, typed, until the game is over: a web
    page's or an SSH client's player (``expect`` a pattern, ``typing`` a line)."""
    while True:
        found = await expect(speech.decision(name), timeout=60)
        if found.group(0) == speech.over:
            return
        await typing("hint")
        await typing((await expect(speech.hint, timeout=60)).group(1))

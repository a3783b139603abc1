"""A person at the web page, in a real Chromium driven by Playwright: what they hear is
what the page's live regions announce, recorded by a MutationObserver as a screen reader
would take it; what they see is the page's history."""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
WAIT = 20.0

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


async def launch(playwright: Any) -> Any:
    """Debian's Chromium, headless (no sandbox: the tests run as root in CI)."""
    return await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


class WebPerson:
    """One person at the page: types with the keyboard, reads the history, hears the
    live regions."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.url = url
        self.seen = 0

    @classmethod
    async def open(cls, browser: Any, url: str, locale: str = "en-GB") -> WebPerson:
        context = await browser.new_context(locale=locale)
        page = await context.new_page()
        await page.add_init_script(LISTEN)
        person = cls(page, url)
        await page.goto(url)
        return person

    @classmethod
    async def arrive(cls, browser: Any, url: str, name: str, password: str) -> WebPerson:
        """A person who opened the page and logged in with the keyboard, welcomed."""
        person = await cls.open(browser, url)
        await person.log_in(name, password)
        await person.expect(f"Welcome, {name}")
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
        return list(await self.page.eval_on_selector_all(
            "#history p:not(.typed)", "nodes => nodes.map(node => node.textContent)"))

    async def heard(self) -> list[tuple[str, str]]:
        """What the live regions were given to speak: (politeness, text), in order."""
        return [tuple(pair) for pair in await self.page.evaluate("window.__heard")]

    async def quiet(self, timeout: float = WAIT) -> tuple[list[str], list[tuple[str, str]]]:
        """What was said and what was heard, once the live regions' queue has run out
        (it speaks a line at a time, a moment apart)."""
        deadline = time.monotonic() + timeout
        heard = await self.heard()
        while time.monotonic() < deadline:
            await asyncio.sleep(0.5)
            again = await self.heard()
            if again == heard and not await self.page.evaluate("speaking"):
                break
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

"""What one server process accepts of another's messages: any JSON a process (or anyone
who can write to the database's channel) sends is either a line of the server's own
catalogue, told in each listener's language, or nothing; never a crash, never a line
of the sender's making."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from splendor_a11y.serve.neighbours import Notice
from splendor_a11y.text.languages import LANGUAGES
from splendor_a11y.text.messages import speaking

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def test_a_notice_travels_and_is_heard_in_each_language() -> None:
    notice = Notice.of("server.replaced", name="Ana", level=Notice.of("level.easy"))
    back = Notice.from_json(notice.to_json())
    assert back == notice
    with speaking(LANGUAGES["fr"]):
        assert "Ana" in back() and "facile" in back()
    with speaking(LANGUAGES["en"]):
        assert back() == "The computer plays for Ana at level easy until Ana comes back."


@given(JSON)
def test_any_json_is_a_notice_of_the_server_s_catalogue_or_nothing(data: Any) -> None:
    notice = Notice.from_json(data)
    assert notice is None or notice.key.startswith("server.")


@given(st.dictionaries(st.text(max_size=8), JSON, max_size=4), st.text(max_size=30))
def test_hostile_values_in_a_notice_are_refused_or_told_as_plain_words(values: dict[str, Any], key: str) -> None:
    for sent in (f"server.{key}", "server.tells", "server.replaced"):
        notice = Notice.from_json({"key": sent, "values": values})
        if notice is not None:
            assert all(isinstance(value, (str, int, Notice)) for _name, value in notice.values)
            for code in LANGUAGES:
                with speaking(LANGUAGES[code]):
                    assert isinstance(notice(), str)

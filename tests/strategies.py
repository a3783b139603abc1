"""Hypothesis strategies shared by the tests."""

from __future__ import annotations

from hypothesis import strategies as st

from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.domain.notation import DeckTop, GemCounts, HandSlot, Slot

gem_counts = st.lists(st.integers(0, 12), min_size=6, max_size=6).map(GemCounts)
colour_counts = st.lists(st.integers(0, 9), min_size=5, max_size=5).map(lambda v: GemCounts(v + [0]))
places = st.one_of(
    st.builds(Slot, st.sampled_from("abc"), st.integers(1, 9)),
    st.builds(DeckTop, st.sampled_from("abc")),
    st.builds(HandSlot, st.integers(1, 9)),
)
cards = st.sampled_from(standard_cards().cards)
nobles = st.sampled_from(standard_cards().nobles)

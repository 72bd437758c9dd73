"""Round 27 (tp27): a word's index forms follow what its context made of it.

"אי" before "אפשר" is the negative particle (the tokenizer gives it the stem לא), while
"אי" elsewhere is an island. The index kept one table of forms per written word, so
whichever "אי" a process met first decided for every later source: a source saying
"אי אפשר" lost its negation once an island had been indexed. Hand-written Hebrew (none
from a data set); the expected readings are worked out from the language, not the code.
"""

from __future__ import annotations

from workbench.grounding import ground_claim
from workbench.grounding.reading.word_forms import word_info
from workbench.hebrew import Token, tokenize

ISLAND = "באמצע האגם יש אי קטן, ועליו גדלים עצי אקליפטוס."
POOL = "הבריכה העירונית סגורה לשיפוצים. לפי ההנהלה, אי אפשר לשחות בבריכה עד סוף הקיץ."


def _token(text: str, word: str) -> Token:
    """The token of ``word`` in ``text`` (its first occurrence)."""
    return next(t for t in tokenize(text) if t.key == word)


def test_the_particle_and_the_island_keep_their_own_forms() -> None:
    island = word_info(_token(ISLAND, "אי"))
    particle = word_info(_token(POOL, "אי"))
    assert not island.negation  # an island negates nothing
    assert particle.negation  # "אי אפשר" is "לא אפשר": it negates
    assert "לא" in particle.loose and "לא" not in island.loose


def test_a_negation_said_by_ei_efshar_survives_an_island_indexed_first() -> None:
    ground_claim("באמצע האגם יש אי קטן.", ISLAND)  # the island's "אי" is met first
    got = ground_claim("לפי ההנהלה, אי אפשר לשחות בבריכה עד סוף הקיץ.", POOL)
    kinds = {i.kind.value for i in got.issues}
    assert "negation_not_in_support" not in kinds  # the source says "אי אפשר" itself
    assert got.verdict == "supported"

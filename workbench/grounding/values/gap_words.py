"""How a figure is said: as a gap (a difference, or a time between two events) or as a
level. ``values.derived.level_as_difference`` reads a claim strictly and its source
leniently with these, so a figure counts as a level of the source only when no reading
makes it a gap there (round 29, lev29: the swap stress test's figures moved into a gap).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from workbench.grounding.reading.pieces import has_form
from workbench.hebrew import (
    AFTER_WORDS,
    BEFORE_WORDS,
    CHANGE_VERBS,
    COMPARATIVE_WORDS,
    Token,
    glued_form,
    normalize,
)


class GapForm(Enum):
    """How a figure is said as a gap: a difference ("900 מטר יותר") or a time between two
    events ("48 שנה אחרי שנבנה")."""

    DIFFERENCE = "a difference"
    TIME = "a time between two events"


# Nouns that state a figure as a gap ("הנחה של 30%", "תוספת של 200 שקל", "פער של 5").
_GAP_NOUNS: frozenset[str] = frozenset(
    "הנחה הנחת תוספת הפרש פער ירידה ירידת עלייה עליית גידול קיצוץ חיסכון".split()
)


def _said_as_gap(toks: Sequence[Token], i: int, j: int, text: str, *, source: bool = False) -> bool:
    """Whether the figure at tokens ``i``..``j`` of ``text`` is said as a gap: in a claim,
    read strictly (a change verb or adjective right before a figure said BY, "עלה ב-5",
    "גבוה ב-450"; a comparative word right after it or its unit, "900 מטר יותר", but "פי
    שלושה יותר" is a ratio; a gap noun before it, "הנחה של 30%"; no clause mark between);
    in the ``source``, read leniently: any figure said BY ("הוארך ב-3 קילומטרים") counts,
    so a figure is a level there only when no reading makes it a gap."""
    by = i > 0 and toks[i - 1].key in ("ב", "בכ") or toks[i].key.startswith("ב")
    if source and (by or any(_gap_word(t) and not _cost_verb(t) for t in toks)):
        return True
    near = [t for t in toks[max(0, i - 4) : i] if not _marked(text, t.end, toks[i].start)]
    if by and any(has_form(t, CHANGE_VERBS) for t in near):
        return True
    if any(t.key in _GAP_NOUNS or not _GAP_NOUNS.isdisjoint(t.stems) for t in near[-3:]):
        return True
    if i > 0 and toks[i - 1].key == "פי":
        return False
    after = [t for t in toks[j + 1 : j + 3] if not _marked(text, toks[j].end, t.start)]
    return any(glued_form(t, COMPARATIVE_WORDS) for t in after)


# Roots of verbs that state a change in other words than ``CHANGE_VERBS`` ("יחסוך 300
# שקל", "הוארך", "הופחת", "התייקרו"): in a source sentence they make its figures gaps.
_GAP_ROOTS: frozenset[str] = frozenset("חסכ ארכ פחת קצצ יקר זול ספ".split())


def _gap_word(t: Token) -> bool:
    """A word by which a source sentence may state a change: a change verb, a gap noun, or
    a root of ``_GAP_ROOTS``."""
    return has_form(t, CHANGE_VERBS) or t.key in _GAP_NOUNS or not _GAP_ROOTS.isdisjoint(t.roots)


def _cost_verb(t: Token) -> bool:
    """A form of עלה, which says a price as often as a rise ("הכרטיס עולה 51 שקל"): in a
    source sentence it makes a figure a gap only when the figure is said BY (round 32)."""
    return t.key in _COSTS or not _COSTS.isdisjoint(t.stems)


_COSTS: frozenset[str] = frozenset(
    normalize(w).text for w in "עולה עולים עולות עלה עלתה עלו יעלה תעלה יעלו".split()
)


def _marked(text: str, a: int, b: int) -> bool:
    """Whether a clause mark stands in ``text[a:b]``."""
    return any(c in ",.;:?!" for c in text[a:b])


_TIME_UNITS: frozenset[str] = frozenset(
    normalize(w).text
    for w in "שנה שנים שנות שנתיים יום ימים יומיים חודש חודשים שבוע שבועות שעה שעות דקה דקות".split()
)
_SPAN_WORDS = frozenset("במשך תוך כעבור בתוך".split())


def claim_gap(toks: Sequence[Token], i: int, j: int, text: str) -> GapForm | None:
    """How a claim states the figure at tokens ``i``..``j`` as a gap: a difference
    (``_said_as_gap``, DIFFERENCE), a time before or after an event ("48 שנה אחרי שנבנה", TIME;
    a bare unit only: "בעשר השנים שאחרי 1975" is a period), or not at all (None)."""
    if _said_as_gap(toks, i, j, text):
        return GapForm.DIFFERENCE
    if j + 2 < len(toks) and toks[j + 1].key in _TIME_UNITS:
        if has_form(toks[j + 2], AFTER_WORDS) or has_form(toks[j + 2], BEFORE_WORDS):
            return GapForm.TIME
    return None


def source_gap(toks: Sequence[Token], i: int, j: int, text: str, form: GapForm) -> bool:
    """Whether a source sentence may say the figure at ``i``..``j`` as a gap of ``form``,
    read leniently (a time: a unit of time right after it or a time word right before)."""
    if form is GapForm.DIFFERENCE:
        return _said_as_gap(toks, i, j, text, source=True)
    return any(
        t.key in _TIME_UNITS
        or t.key in _SPAN_WORDS
        or has_form(t, AFTER_WORDS)
        or has_form(t, BEFORE_WORDS)
        for t in [*toks[j + 1 : j + 3], *toks[max(0, i - 2) : i]]
    )

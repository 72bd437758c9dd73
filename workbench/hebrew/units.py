"""Measurement units: the one grouped list of the units a figure is measured in.

Three readers take their sets from it: the light words (``lexicon.LIGHT_WORDS``: a unit a
reworded claim adds is no new fact), the year/amount reader (``UNIT_WORDS``: four digits
before a unit are an amount, never a year; ``hebrew.numbers``) and the measure a question
asks (``grounding.answers.answer_types``: "מה אורכו?" wants a unit of length). Round 28
joined the three lists they had kept; each reader's exceptions are named here, with why.
Stored with final letters folded, as ``normalize`` leaves words.
"""

from __future__ import annotations

from workbench.hebrew.normalization import FINAL_LETTERS


def _fold_all(words: str) -> frozenset[str]:
    return frozenset("".join(FINAL_LETTERS.get(c, c) for c in w) for w in words.split())


# The units a figure is measured in, by what it measures ("2000 שקל", "40 ק"מ", "30 מעלות"),
# each in one dimension, as a token's key reads it: gershayim dropped (ש"ח -> שח, מ"ר -> מר,
# ליש"ט -> לישט) and an unprefixed percent word as "%" (hebrew.tokens).
UNITS_BY_DIMENSION: dict[str, frozenset[str]] = {
    "currency": _fold_all("שח שקל שקלים דולר דולרים אירו יורו לישט"),
    "length": _fold_all("קמ קילומטר קילומטרים מטר מטרים סמ סנטימטר סנטימטרים ממ מילימטר מילימטרים"),
    "weight": _fold_all("קג קילו קילוגרם קילוגרמים גרם גרמים טון טונות"),
    "area": _fold_all("מר קמר דונם דונמים הקטר הקטרים"),
    "volume": _fold_all("ליטר ליטרים קוב"),
    "degrees": _fold_all("מעלה מעלות"),
    "energy": _fold_all("קלוריות וואט מגוואט"),
    "percent": _fold_all("% אחוז אחוזים נקודות"),
}
UNITS: frozenset[str] = frozenset().union(*UNITS_BY_DIMENSION.values())
# Units that are no light word: a light unit is not weighed as what its figure measures
# (grounding.values.bound_numbers), and made light in round 28 קילו, קוב and סנטימטר each let a
# figure moved from another sentence through; only the units light before stay light
# (and never "גרם", also "caused", nor "מר", also "bitter").
UNITS_NOT_LIGHT: frozenset[str] = _fold_all(
    "יורו לישט סנטימטר סנטימטרים ממ מילימטר מילימטרים קילו גרם גרמים מר קמר הקטר הקטרים "
    "ליטר ליטרים קוב קלוריות וואט מגוואט %"
)
# Units (UNITS): four digits followed by one are an amount, never a year ("2000 שקל", "1500
# מ"ר"; hebrew.numbers, round 27); not "מעלה", after a fronted year the verb "raises" ("ב-2025
# מעלה הממשלה את המס"): degrees in the thousands are "מעלות".
UNIT_WORDS: frozenset[str] = UNITS - _fold_all("מעלה")

# One unit's names ("קמ", "קילומטר", "קילומטרים" are one unit): a figure stated in one unit
# is not the same figure in another of its dimension ("13 מטרים" is no "13 קילומטרים";
# grounding.values.units_bound, round 32). Percent, degrees and energy are left out:
# "נקודות" and "%" are loosely swapped for each other in Hebrew prose.
SAME_UNIT: dict[str, str] = {
    w: name
    for name, words in {
        "km": "קמ קילומטר קילומטרים",
        "m": "מטר מטרים",
        "cm": "סמ סנטימטר סנטימטרים",
        "mm": "ממ מילימטר מילימטרים",
        "kg": "קג קילו קילוגרם קילוגרמים",
        "g": "גרם גרמים",
        "t": "טון טונות",
        "m2": "מר",
        "km2": "קמר",
        "dunam": "דונם דונמים",
        "ha": "הקטר הקטרים",
        "l": "ליטר ליטרים",
        "m3": "קוב",
        "ils": "שח שקל שקלים",
        "usd": "דולר דולרים",
        "eur": "אירו יורו",
        "gbp": "לישט",
    }.items()
    for w in _fold_all(words)
}

# Spans of time after a figure, by their key only ("31 שנה", "לארבעה חודשים"; not "השנה",
# this year): a source figure measured so is no amount in a unit of SAME_UNIT ("אחרי 31
# שנה" is no "31 שקל"; grounding.values.units_bound, round 44). A claim's span of time is
# often derived ("ארבע שנים אחרי ש..."), not stated: it is read only against a rival span the
# source states (``units_bound.rival_conflict``, round 46).
TIME_SPANS: dict[str, str] = {
    w: name
    for name, words in {
        "years": "שנה שנים",
        "months": "חודש חודשים",
        "weeks": "שבוע שבועות",
        "days": "יום ימים",
        "hours": "שעה שעות",
        "minutes": "דקה דקות",
    }.items()
    for w in _fold_all(words)
}

"""Words of dialogue acts: asking, reporting a question, confirming and tagging.

A speaker's turn may ask rather than state (``grounding.asked_only``): these lists tell a
claim that reports the asking ("שאלה אם", "ביקשה לברר אם") from one that states what was
asked, a tag question ("..., נכון?") from a real one, and a reply that affirms the
question ("כן, ...") from one that leaves it open. Stored with final letters folded, as
``normalize`` leaves words, so an entry compares equal to a token's match key.
"""

from __future__ import annotations

from workbench.hebrew.normalization import normalize


def _words(text: str) -> frozenset[str]:
    return frozenset(normalize(w).text for w in text.split())


# Verbs of asking: a claim holding one reports a question ("נועה שאלה אם...") rather than
# stating its content (round 27; the infinitives "לשאול", "לברר": review27).
ASK_VERBS: frozenset[str] = _words(
    "שאל שאלה שאלו שואל שואלת שואלים ישאל תשאל לשאול תהה תהתה תהו תוהה תוהים התעניין "
    "התעניינה התעניינו להתעניין בירר ביררה ביררו בירור לברר מברר מבררת מבררים"
)
# Verbs of knowing and checking that take an embedded question by "אם" (whether): "רצתה
# לדעת אם", "ביקש לבדוק אם" report a question as "שאלה אם" does (review27).
WHETHER_VERBS: frozenset[str] = _words(
    "לדעת יודע יודעת יודעים ידע ידעה ידעו לבדוק בדק בדקה בדקו בודק בודקת בודקים"
)
WHETHER: str = normalize("אם").text  # whether, after a verb of WHETHER_VERBS
# The tail of a tag question, after its last comma ("..., נכון?", "..., לא?", "..., הלא
# כן?"): the sentence asserts its body and asks only for a nod.
TAG_WORDS: frozenset[str] = _words("נכון לא כן הלא כך ככה או אה")
# A reply opening with one of these affirms a yes/no question ("כן, נפתח בשבת").
YES_WORDS: frozenset[str] = _words("כן נכון בטח בהחלט ודאי בוודאי כמובן אכן")
# "נכון ש..." grants another thing ("נכון שהתקציב קטן, אבל לא נסגור"), no "yes" (review27b).
GRANTING_WORD: str = normalize("נכון").text
# A reply opening with this denies a tag question ("..., לא?" - "לא, הוא תפוס").
NO_WORD: str = normalize("לא").text
# Question words that ask for an adjunct (why, when, where, how): the question takes its
# content as given ("למה סוגרים את הספרייה?" says the library is being closed).
PRESUPPOSING_QUESTION_WORDS: frozenset[str] = _words("למה מדוע מתי איפה היכן איך כיצד לאן מאין")

"""Round 16b (paraphrase16b): false alarms on true paraphrases and right answers, fixed at
their cause. A claim stating the rest of a whole drops the part without widening it; a
partitive "N מהם" counts the noun named before it; a near copy of whole clauses (a
speaker's label aside) replaces nothing; every sentence of a turn is said by its label.

Every Hebrew source below is written for these tests (not taken from any pair set), and
each expected verdict is worked out by hand.
"""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim


def _negation_issues(claim: str, source: str) -> set[IssueKind]:
    kinds = {IssueKind.NEGATION_NOT_IN_SUPPORT, IssueKind.CLAIM_NEGATES}
    return {i.kind for i in ground_claim(claim, source).issues} & kinds


LIBRARY = (
    "בספרייה העירונית יש 150 מחשבים, ו-30 מהם חוברו השנה לרשת החדשה. "
    "הספרייה פתוחה בכל יום עד השעה שמונה."
)


def test_the_rest_of_a_whole_drops_its_part_without_widening_it() -> None:
    """150 computers, 30 of them connected: "120 were not connected" counts the complement
    (150 - 30), so leaving out "30 מהם" widens nothing; the claim that all were connected
    still drops the part, and a negated 30 still denies what the source states."""
    rest = ground_claim("120 מהמחשבים בספרייה העירונית לא חוברו השנה לרשת החדשה.", LIBRARY)
    assert rest.verdict == "supported"
    widened = ground_claim("המחשבים בספרייה העירונית חוברו השנה לרשת החדשה.", LIBRARY)
    assert IssueKind.GENERALISED in {i.kind for i in widened.issues}
    assert _negation_issues("30 מהמחשבים בספרייה העירונית לא חוברו השנה לרשת החדשה.", LIBRARY)


def test_a_partitive_part_counts_the_noun_named_before_it_in_its_sentence() -> None:
    """ "ו-35 מהן" points back to the trucks even across another figure ("יומיים") and
    with no figure counting the noun ("סטודנטים מחיפה ומעכו, ו-12 מהם"): 35 trucks and 12
    students, not a conflict with 80 trucks or 30 students. The whole stays the whole."""
    trucks = (
        "בחורף נתקעו בשלג כ-80 משאיות על כביש הגולן, שנחסם יומיים ברציפות, "
        "ו-35 מהן חולצו בעזרת טרקטורים."
    )
    assert ground_claim("כמה משאיות חולצו בעזרת טרקטורים? 35 משאיות", trucks).verdict == (
        "supported"
    )
    assert ground_claim("כמה משאיות חולצו בעזרת טרקטורים? 80 משאיות", trucks).verdict != (
        "supported"
    )
    students = (
        "בסדנה השתתפו סטודנטים מחיפה ומעכו, ו-12 מהם קיבלו מלגה. השנה יקבלו מלגה 30 סטודנטים."
    )
    r = ground_claim("כמה סטודנטים מהסדנה קיבלו מלגה? 12 סטודנטים", students)
    assert IssueKind.BOUND_ELSEWHERE not in [i.kind for i in r.issues], r.messages


def test_a_partitive_part_counts_the_whole_of_the_sentence_before() -> None:
    """A sentence opening with no figure before "ו-240 מהם" takes its whole from the
    sentence before (600 seeds): 240 seeds sprouted. A figure of the sentence before that
    is no larger whole does not lend its noun."""
    seeds = "במעבדה נשמרו 600 זרעים של חיטת בר. החוקרת בדקה אותם בקפידה, ו-240 מהם נבטו."
    assert ground_claim("240 מהזרעים שנשמרו במעבדה נבטו.", seeds).verdict == "supported"
    small = "במעבדה נשמרו 200 זרעים של חיטת בר. החוקרת בדקה אותם בקפידה, ו-240 מהם נבטו."
    r = ground_claim("240 מהזרעים שנשמרו במעבדה נבטו.", small)
    assert IssueKind.BOUND_ELSEWHERE in [i.kind for i in r.issues]


DOME = (
    "מצפה הכוכבים בגבעתיים נפתח לציבור ב-1968. "
    "הכיפה הגדולה, שנבנתה מאלומיניום, מסתובבת בעזרת מנוע חשמלי, ובלילות בהירים פותחים "
    "אותה למבקרים. "
    "הטלסקופ הראשון נתרם ממשפחה בלונדון."
)


def test_near_copy_of_whole_clauses_naming_the_topic() -> None:
    """A copy that keeps the sentence's first clauses whole and leaves out its last one
    (", ובלילות בהירים...") replaces nothing in what it keeps: the topic it adds ("של
    מצפה הכוכבים", named in the first sentence) is no swap. Leaving out a tail that limits
    what it keeps (", אבל לא בלילות גשומים") is not such a copy."""
    claim = "הכיפה הגדולה של מצפה הכוכבים, שנבנתה מאלומיניום, מסתובבת בעזרת מנוע חשמלי."
    ok = ground_claim(claim, DOME)
    assert ok.verdict == "supported", ok.messages
    limited = (
        "הכיפה הגדולה, שנבנתה מאלומיניום, מסתובבת בעזרת מנוע חשמלי, אבל לא בלילות גשומים. "
        "מצפה הכוכבים בגבעתיים נפתח לציבור ב-1968."
    )
    assert ground_claim(claim, limited).verdict != "supported"


POOL = (
    "רונית שגב (מנהלת): בבריכה העירונית של אופקים עובדים שמונה מצילים.\n"
    "רונית שגב (מנהלת): מתוך 8 המצילים שלנו רק שלושה עברו השתלמות השנה.\n"
    "דן אלמוג (נציג העירייה): העירייה תממן השתלמות לכל השאר.\n"
    "דן אלמוג (נציג העירייה): הבריכה תיסגר לשבוע בחודש הבא."
)


def test_near_copy_of_a_turn_leaves_its_speakers_label_aside() -> None:
    """The label "רונית שגב (מנהלת):" names who speaks, it is not said: a copy of her
    line that names what "שלנו" stands for (הבריכה) keeps every word she says."""
    ok = ground_claim("מתוך 8 המצילים של הבריכה רק שלושה עברו השתלמות השנה.", POOL)
    assert ok.verdict == "supported", ok.messages


WAREHOUSE = (
    "נגה ברק (מנהלת המחסן): השבוע הגיעו למחסן שלנו בחולון 400 ארגזים של ציוד רפואי מגרמניה.\n"
    "נגה ברק (מנהלת המחסן): עד הערב פרקנו את רובם. אני עצמי בדקתי 40 ארגזים, לפני שהמשאית "
    "יצאה.\n"
    "יואב שלו (נהג): אני הבאתי את המשאית השנייה מהנמל.\n"
    "יואב שלו (נהג): מחר אביא עוד 100 ארגזים."
)


def test_every_sentence_of_a_turn_is_said_by_its_label() -> None:
    """The question names נגה ברק, whose name stands only in her turns' labels: her second
    sentence ("אני עצמי בדקתי 40 ארגזים") is where the question points, not her first. Her
    40 boxes are no answer to what יואב שלו brings: the label of her turn names her, and
    no word of that question stands near the 40."""
    ok = ground_claim("כמה ארגזים בדקה נגה ברק בעצמה? 40 ארגזים", WAREHOUSE)
    assert ok.verdict == "supported", ok.messages
    wrong = ground_claim("כמה ארגזים יביא יואב שלו מחר? 40 ארגזים", WAREHOUSE)
    assert IssueKind.ANSWER_ELSEWHERE in {i.kind for i in wrong.issues}


MEETING_16B = (
    "שירה לנדאו (יושבת ראש הוועד): אנחנו מבקשים להאריך את שעות הפתיחה של הספרייה.\n"
    "אבי כהן (מנהל הספרייה): בימי חמישי נסגור את האולם מעכשיו בשמונה בערב, ולא בשש.\n"
    "שירה לנדאו (יושבת ראש הוועד): זה יעזור מאוד לסטודנטים."
)


def test_near_copy_adding_a_reporting_verb_swaps_nothing() -> None:
    """ "אבי כהן אמר:" before a copy of his turn adds who says it, no fact; a copy that
    puts another room in ("המחסן") still swaps a word."""
    ok = ground_claim(
        "אבי כהן אמר: בימי חמישי נסגור את האולם מעכשיו בשמונה בערב, ולא בשש.", MEETING_16B
    )
    assert ok.verdict == "supported", ok.messages
    swap = ground_claim(
        "אבי כהן אמר: בימי חמישי נסגור את המחסן מעכשיו בשמונה בערב, ולא בשש.", MEETING_16B
    )
    assert IssueKind.WORD_SWAPPED in {i.kind for i in swap.issues}

"""Quantifier scope and clause binding (hand-written sources, not from the pair files):
a claim that says of all what the source says of part, or that joins the subject of one
clause to the predicate of another, is not supported; the true sentence still is."""

from __future__ import annotations

import pytest

from workbench.grounding import IssueKind, ground_claim

SURVEY = (
    "העירייה פרסמה השבוע את תוצאות הסקר השנתי על התחבורה הציבורית בעיר. "
    "בסקר השתתפו 900 תושבים, ו-35% מהמשיבים אמרו שהם נוסעים באוטובוס מדי יום. "
    "סגנית ראש העירייה, רונית שחר, אמרה כי הקווים החדשים יופעלו רק אם הממשלה תאשר את התקציב. "
    "בשכונות הצפוניות נבנו שש תחנות חדשות, ושתיים מהן כבר פתוחות לנוסעים. "
    "בחודש שעבר נהגי החברה קיבלו תוספת שכר."
)


def _issue(claim: str, source: str, kind: IssueKind):
    got = ground_claim(claim, source)
    assert got.verdict != "supported", (claim, got.messages)
    issue = next((i for i in got.issues if i.kind is kind), None)
    assert issue is not None, (claim, [i.kind for i in got.issues])
    return issue


def _span_text(issue, source: str) -> str:
    assert issue.span is not None
    return source[issue.span[0] : issue.span[1]]


def test_each_day_is_not_a_universal_over_the_subject() -> None:
    """Distributive "בכל יום" (each day) and idioms with a prefix are not "all"."""
    ok = ground_claim("35% מהמשיבים נוסעים באוטובוס בכל יום.", SURVEY)
    assert IssueKind.GENERALISED not in [i.kind for i in ok.issues], ok.messages


COUNCIL = (
    "הוועדה המקומית דנה אתמול בתוכנית להרחבת הפארק העירוני. "
    "נציג התושבים, אבי מזרחי, תמך בהרחבה, ואילו נציגת הסוחרים, דנה כרמי, התנגדה לסגירת החניון. "
    "השתילים החדשים יינטעו בצד המזרחי, ואילו הספסלים יוצבו ליד האגם."
)


def test_subject_of_one_clause_with_the_verb_of_the_other() -> None:
    issue = _issue("השתילים החדשים יוצבו ליד האגם.", COUNCIL, IssueKind.BOUND_ELSEWHERE)
    assert _span_text(issue, COUNCIL) == "הספסלים"
    for ok_claim in ("הספסלים יוצבו ליד האגם.", "השתילים החדשים יינטעו בצד המזרחי."):
        ok = ground_claim(ok_claim, COUNCIL)
        assert ok.verdict == "supported", (ok_claim, ok.messages)


def test_a_claim_that_keeps_both_clauses_is_supported() -> None:
    ok = ground_claim("אבי מזרחי תמך בהרחבה, ואילו דנה כרמי התנגדה לסגירת החניון.", COUNCIL)
    assert ok.verdict == "supported", ok.messages


FORT = (
    "המבצר על הגבעה נבנה במאה ה-12 בידי הצלבנים, וננטש בשנת 1291. "
    "בשנות השישים נפתח באתר מוזיאון קטן, שנסגר בשנת 2004. "
    "מחיר הכניסה יעלה ב-10% בינואר 2027. "
    "לדברי המדריכים, הביקורים באתר דומים לאלה של תחילת שנות התשעים."
)


def test_a_year_moved_to_the_event_of_an_era() -> None:
    """The clause that holds the claim's event names an era ("במאה ה-12", "בשנות
    השישים"): the claim's year is another event's."""
    for claim, year in (
        ("המבצר על הגבעה נבנה בשנת 1291.", "1291"),
        ("המוזיאון נפתח בשנת 2004.", "2004"),
    ):
        issue = _issue(claim, FORT, IssueKind.BOUND_ELSEWHERE)
        assert year in _span_text(issue, FORT)
    for claim in ("המבצר ננטש בשנת 1291.", "המוזיאון שנפתח באתר בשנות השישים נסגר בשנת 2004."):
        ok = ground_claim(claim, FORT)
        assert ok.verdict == "supported", (claim, ok.messages)


def test_the_beginning_of_a_year_is_part_of_the_date() -> None:
    """ "בתחילת 2027": תחילת belongs to the date, so the era "תחילת שנות התשעים" elsewhere
    is not where the claim's year should stand."""
    ok = ground_claim("הכניסה תתייקר ב-10% בתחילת 2027.", FORT)
    assert ok.verdict == "supported", ok.messages


THEATRE = (
    "תיאטרון העמק נחנך מחדש אתמול אחרי שיפוץ של שנתיים. "
    "את האולם החדש עיצבה האדריכלית נעמה גל, ואת ההצגה הראשונה ביים המנחה יואב שטרן. "
    "מנהל התיאטרון, אלון ברק, אמר כי פניות המנויים למזכיר התיאטרון יטופלו תוך יום."
)


def test_an_act_given_to_another_person() -> None:
    """The source states the act with its own doer (האדריכלית נעמה גל); the claim gives
    it to the other person named elsewhere in the sentence."""
    got = ground_claim("המנחה יואב שטרן עיצב את האולם החדש.", THEATRE)
    assert got.verdict != "supported", got.messages
    issue = next(i for i in got.issues if i.kind is IssueKind.AGENT_MISMATCH)
    assert "נעמה גל" in _span_text(issue, THEATRE)
    for claim in (
        "האדריכלית נעמה גל עיצבה את האולם החדש.",
        "המנחה יואב שטרן ביים את ההצגה הראשונה.",
    ):
        ok = ground_claim(claim, THEATRE)
        assert ok.verdict == "supported", (claim, ok.messages)


def test_a_role_word_after_a_preposition_is_not_the_doer() -> None:
    """A role word after a preposition ("למזכיר") is an object, not the doer: the
    statement stays the speaker's."""
    ok = ground_claim("לדברי אלון ברק, פניות המנויים למזכיר יטופלו תוך יום.", THEATRE)
    assert ok.verdict == "supported", ok.messages


STARTUP = (
    "החברה הוקמה בשנת 2015 בחיפה ומפתחת חיישנים לניטור איכות האוויר. "
    "לקוחותיה העיקריים הם רשויות מקומיות ומפעלי תעשייה כבדה. "
    "בשנה שעברה גייסה החברה 12 מיליון דולר."
)


def test_a_phrase_of_another_sentence_in_the_place_of_the_answer() -> None:
    """A copy of the first sentence whose object is a four-word phrase of the second
    (longer than the slots the word rule reads): the phrase is bound elsewhere, and the
    issue points at its sentence."""
    got = ground_claim(
        "החברה הוקמה בשנת 2015 בחיפה ומפתחת רשויות מקומיות ומפעלי תעשייה לניטור איכות האוויר.",
        STARTUP,
    )
    assert got.verdict != "supported", got.messages
    issue = next(i for i in got.issues if i.kind is IssueKind.BOUND_ELSEWHERE)
    assert "לקוחותיה העיקריים" in _span_text(issue, STARTUP)
    ok = ground_claim("החברה, שהוקמה בשנת 2015 בחיפה, מפתחת חיישנים לניטור איכות האוויר.", STARTUP)
    assert ok.verdict == "supported", ok.messages


GARDEN = (
    "הגננים משקים את הערוגות בכל יום לפני הזריחה. "
    "במדידות שנערכו בגן נמצא כי ערוגה מכוסה בחיפוי קרירה בשעות היום בשלוש מעלות מערוגה חשופה. "
    "בשנות התשעים זוהם האגם שבגן בשפכים, ואיכות המים בו ירדה מאוד. "
    "בבדיקה שנערכה ב-1995 נמצאו באגם שלושה מיני צפרדעים בלבד, לעומת עשרה בשנות השישים."
)


def test_an_adverbial_of_the_sentence_put_first_is_not_moved_in() -> None:
    """The "ביום," put before the copied words is the frame's own "בשעות היום" (and also
    in another sentence): a fronted adverbial cut off by its comma, not a piece in the
    frame's place. A phrase only another sentence holds, put there, still is one."""
    ok = ground_claim("ביום, ערוגה מכוסה בחיפוי קרירה בשלוש מעלות מערוגה חשופה.", GARDEN)
    assert ok.verdict == "supported", ok.messages
    got = ground_claim("לפני הזריחה, ערוגה מכוסה בחיפוי קרירה בשלוש מעלות מערוגה חשופה.", GARDEN)
    assert IssueKind.BOUND_ELSEWHERE in [i.kind for i in got.issues], got.messages


def test_a_statement_before_a_colon_is_the_claims_own() -> None:
    """A claim of two statements joined by a colon: the first ("פגעו באיכות המים", from
    the sentence before) is not a piece put in the place of the second's frame words."""
    claim = (
        "השפכים פגעו באיכות המים: ב-1995 נמצאו באגם שלושה מיני צפרדעים בלבד, "
        "לעומת עשרה בשנות השישים."
    )
    ok = ground_claim(claim, GARDEN)
    assert ok.verdict == "supported", ok.messages


POOL = (
    "הבריכה העירונית נפתחה מחדש אחרי שיפוץ של שנתיים. "
    "השחייה בבריכה החיצונית מותרת רק בנוכחות מציל בשעות הבוקר. "
    "המצילים יסכימו לעבוד בשבתות רק אם ישולם להם שכר כפול. "
    "בכל חודש מגיעים לבריכה כ-9,000 מתרחצים."
)


def test_a_condition_after_the_claims_last_word() -> None:
    """ "רק אם ישולם..." right after the claim's last word: the claim drops the condition;
    a claim stating the condition in its own words (התנו) keeps it."""
    issue = _issue("המצילים יסכימו לעבוד בשבתות.", POOL, IssueKind.GENERALISED)
    assert _span_text(issue, POOL).startswith("רק אם ישולם")
    ok = ground_claim("המצילים התנו את עבודתם בשבתות בתשלום שכר כפול.", POOL)
    assert IssueKind.GENERALISED not in [i.kind for i in ok.issues], ok.messages


def test_a_restriction_after_a_comma_is_another_statement() -> None:
    """ ", לעיתים בשעות הערב" after the claim's last word opens a statement of its own."""
    source = "בכל חודש מגיעים לבריכה כ-9,000 מתרחצים, לעיתים בשעות הערב."
    ok = ground_claim("בכל חודש מגיעים לבריכה כ-9,000 מתרחצים.", source)
    assert IssueKind.GENERALISED not in [i.kind for i in ok.issues], ok.messages


def test_not_only_widens() -> None:
    """ "לא רק" (not only) says more, not less: dropping it generalises nothing."""
    source = "החוג פתוח לא רק לתושבי השכונה אלא לכל תושבי העיר, בימי שלישי בערב."
    ok = ground_claim("החוג פתוח לתושבי העיר בימי שלישי בערב.", source)
    assert IssueKind.GENERALISED not in [i.kind for i in ok.issues], ok.messages


VOLUNTEERS = (
    "העמותה מפעילה מקלט לכלבים נטושים בשולי העיר. "
    "בעמותה רשומים 200 מתנדבים, אבל רק כ-60 מגיעים למקלט בכל שבוע. "
    "בקיץ שעבר נבדקו שמונה מתוך 30 הכלבים במקלט אצל וטרינר חדש."
)


FIELD = (
    "המועצה חתמה השבוע על הסכם עם חברת האנרגיה. "
    "בחלק מהשטח יגדלו חקלאים מהמושב עגבניות בין שורות הלוחות, כניסוי. "
    "החברה תשלם למועצה דמי שכירות כל שנה."
)


TOUR = (
    "התזמורת תצא בחורף לסיבוב הופעות באירופה. "
    "משרד החוץ יממן את הטיסות לכל הנגנים, אבל את המלונות תממן התזמורת מהכנסות העונה. "
    "ראש העירייה, דוד לוי, תמך בסיבוב, ואילו ראש המועצה הדתית, משה כהן, חשש מהעלות."
)
SPOKEN = (
    "המכון נוסד ב-1962. "
    "החוקרים עסקו אז רק בעברית הכתובה ובמקורות העתיקים, בעוד שהעברית המדוברת, "
    "שהשתנתה במהירות, אינה מתועדת כלל."
)


def test_a_claim_keeping_both_clauses_apart_is_supported() -> None:
    """A claim with its own comma between the two clauses' words joins nothing."""
    ok = ground_claim("החוקרים עסקו רק בעברית הכתובה, והעברית המדוברת לא תועדה.", SPOKEN)
    assert ok.verdict == "supported", ok.messages


def test_a_word_of_both_clauses_is_read_in_the_clause_the_claim_follows() -> None:
    """The word "ראש" stands in both clauses: the claim's "ראש המועצה הדתית חשש" is all in the
    second, though the alignment takes the first "ראש"."""
    ok = ground_claim("ראש המועצה הדתית חשש מהעלות.", TOUR)
    assert ok.verdict == "supported", ok.messages


BUDGET = (
    "הגזבר הציג את תקציב התחזוקה של העירייה. "
    "בתקציב השנה נותרו רק 600 אלף שקל לתחזוקה, ורק לגנים הציבוריים. "
    "הצמחים גדלים מהר יותר כשמשקים אותם, אך רק עד גבול מסוים."
)


def test_a_count_or_bound_the_claim_states_keeps_its_restricting_adverb() -> None:
    """For "רק 600 אלף שקל" the claim "600 אלף שקל" states the part itself; for "רק עד גבול
    מסוים" -> "עד גבול מסוים": it states the bound. Neither says it of all."""
    for claim in (
        "בתקציב השנה נותרו 600 אלף שקל לתחזוקה.",
        "הצמחים גדלים מהר יותר כשמשקים אותם, עד גבול מסוים.",
    ):
        ok = ground_claim(claim, BUDGET)
        assert ok.verdict == "supported", (claim, ok.messages)
    # the adverb's noun, not a count or a bound, is still a restriction the claim drops
    issue = _issue("בתקציב השנה נותרו 600 אלף שקל לגנים הציבוריים.", BUDGET, IssueKind.GENERALISED)
    assert _span_text(issue, BUDGET) == "ורק"


LETTERS = (
    "המשורר אברהם לוין נולד בחיפה וכתב שירים במשך חמישים שנה. "
    "הארכיון של המשורר, ובו כ-2,000 מכתבים, נתרם אחרי מותו לספרייה העירונית. "
    "רק חלק מהמכתבים נסרקו עד היום."
)


def test_a_restriction_in_the_sentence_the_claim_joins_to_its_frame() -> None:
    """The claim joins the archive's sentence to "רק חלק מהמכתבים נסרקו" and drops its
    restriction: it keeps the restricted noun and the verb after it, so it says of all
    the letters what the source says of some (the frame aligns under half of the claim,
    so the frame's own scope rules never read that sentence)."""
    issue = _issue("המכתבים בארכיון של המשורר נסרקו.", LETTERS, IssueKind.GENERALISED)
    assert _span_text(issue, LETTERS) == "רק"
    ok = ground_claim("רק חלק מהמכתבים בארכיון של המשורר נסרקו עד היום.", LETTERS)
    assert ok.verdict == "supported", ok.messages
    # the noun without the restricted clause's verb joins nothing restricted
    ok = ground_claim("הארכיון של המשורר, ובו כ-2,000 מכתבים, נתרם לספרייה העירונית.", LETTERS)
    assert ok.verdict == "supported", ok.messages


COMPUTERS = (
    "עד היום נתנה החברה רק למשתמשי המחשבים הישנים כלים לגבות את הקבצים. "
    "מהחודש הבא יקבלו גם משתמשי הטלפונים כלים כאלה, כך שלמשתמשי המחשבים יהיה עוד אמצעי "
    "לשמור על הקבצים."
)


def test_a_verbatim_sentence_is_not_restricted_by_another_sentence() -> None:
    """The second sentence holds "למשתמשי המחשבים" itself, unrestricted: copied whole it
    joins nothing to the first sentence's "רק", so it stays supported; a claim built on the
    first sentence without its "רק" is still generalised."""
    copy = ground_claim(COMPUTERS.split(". ")[1], COMPUTERS)
    assert copy.verdict == "supported", copy.messages
    dropped = ground_claim("החברה נתנה למשתמשי המחשבים הישנים כלים לגבות את הקבצים.", COMPUTERS)
    assert dropped.verdict == "partial"
    assert [i.kind for i in dropped.issues] == [IssueKind.GENERALISED]


# Each case: a claim that drops (or adds, or moves) what the source binds is flagged with
# the issue kind and points at the source words it concerns; the claim that keeps them is
# supported. (Worked out by hand from each source sentence.)
SCOPE_CASES = [
    pytest.param(
        "לפי הסקר, המשיבים נוסעים באוטובוס מדי יום.",
        SURVEY,
        IssueKind.GENERALISED,
        "35% מהמשיבים",
        "לפי הסקר, 35% מהמשיבים נוסעים באוטובוס מדי יום.",
        id="a_share_of_the_respondents_is_not_all_of_them",
    ),
    pytest.param(
        "כל שש התחנות החדשות בשכונות הצפוניות כבר פתוחות לנוסעים.",
        SURVEY,
        IssueKind.GENERALISED,
        "ושתיים מהן",
        "בשכונות הצפוניות נבנו שש תחנות, ושתיים מהן כבר פתוחות לנוסעים.",
        id="two_of_six_stations_is_not_all_six",
    ),
    pytest.param(
        "נציגת הסוחרים, דנה כרמי, תמכה בהרחבה.",
        COUNCIL,
        IssueKind.BOUND_ELSEWHERE,
        "תמך",
        "נציג התושבים, אבי מזרחי, תמך בהרחבה.",
        id="a_speaker_given_the_other_clause_verb",
    ),
    pytest.param(
        # "רק בנוכחות מציל" stands between words the claim keeps, and the claim drops it.
        "השחייה בבריכה החיצונית מותרת בשעות הבוקר.",
        POOL,
        IssueKind.GENERALISED,
        "רק בנוכחות מציל",
        "השחייה בבריכה החיצונית מותרת רק בנוכחות מציל בשעות הבוקר.",
        id="a_restricting_phrase_between_kept_words",
    ),
    pytest.param(
        # In "רק כ-60 מגיעים" the restrictor's count is the restriction, the word after it
        # what the claim keeps; dropping both says it of all the volunteers.
        "המתנדבים מגיעים למקלט בכל שבוע.",
        VOLUNTEERS,
        IssueKind.GENERALISED,
        "רק",
        "200 מתנדבים רשומים בעמותה, אבל רק כ-60 מגיעים למקלט בכל שבוע.",
        id="a_count_after_only_restricts_the_noun_the_claim_keeps",
    ),
    pytest.param(
        "בקיץ שעבר נבדקו הכלבים במקלט אצל וטרינר חדש.",
        VOLUNTEERS,
        IssueKind.GENERALISED,
        "מתוך",
        "בקיץ שעבר נבדקו שמונה מתוך 30 הכלבים במקלט אצל וטרינר חדש.",
        id="eight_out_of_thirty_is_not_all_the_dogs",
    ),
    pytest.param(
        # In part of the area ("בחלק מהשטח") restricts the clause it opens, not only the
        # noun after it: the claim that keeps the clause without it says it of all the area.
        "חקלאים מהמושב יגדלו עגבניות בין שורות הלוחות.",
        FIELD,
        IssueKind.GENERALISED,
        "בחלק",
        "בחלק מהשטח יגדלו חקלאים עגבניות בין שורות הלוחות.",
        id="in_part_of_restricts_its_whole_clause",
    ),
    pytest.param(
        # In "X יממן את הטיסות..., אבל את המלונות תממן Y" the claim takes X and its verb
        # from the first clause and the hotels from the second, dropping the second's payer.
        "משרד החוץ יממן את המלונות בסיבוב.",
        TOUR,
        IssueKind.BOUND_ELSEWHERE,
        "המלונות",
        "את המלונות תממן התזמורת מהכנסות העונה.",
        id="object_of_one_clause_given_to_the_verb_of_the_other",
    ),
]


@pytest.mark.parametrize(("claim", "source", "kind", "points_at", "kept"), SCOPE_CASES)
def test_a_claim_is_flagged_where_the_source_binds_it_and_supported_when_kept(
    claim: str, source: str, kind: IssueKind, points_at: str, kept: str
) -> None:
    issue = _issue(claim, source, kind)
    assert _span_text(issue, source) == points_at
    ok = ground_claim(kept, source)
    assert ok.verdict == "supported", ok.messages


def test_all_added_where_the_source_says_drivers() -> None:
    issue = _issue("בחודש שעבר כל נהגי החברה קיבלו תוספת שכר.", SURVEY, IssueKind.GENERALISED)
    assert "נהגי החברה" in _span_text(issue, SURVEY)
    ok = ground_claim("בחודש שעבר קיבלו נהגי החברה תוספת שכר.", SURVEY)
    assert ok.verdict == "supported", ok.messages

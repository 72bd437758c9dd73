"""A fronted object puts the subject after the verb (round 25; hand-written sources, not
from the pair files): in "את OBJ VERB SUBJ" the act is SUBJ's. A claim that keeps the
verb and its object but gives them to the person of the neighbouring clause is a
neighbouring-clause subject; the claim keeping the clause's own subject stays supported.

Two checks read the fact: ``fronted_object.fronted_object_subject`` (a loose binding rule,
the verb's subject) and ``acts.agent_checks`` for a person of the who-is-who table,
whose act clause closes with another person named "ה-NOUN NAME"."""

from __future__ import annotations

import pytest

from workbench.grounding import ground_claim
from workbench.grounding.results import IssueKind
from workbench.grounding.roles.fronted_object import word_cores
from workbench.hebrew import tokenize

LIBRARY = (
    "הספרייה העירונית בנשר נפתחה מחדש אחרי שיפוץ של שנה. "
    "את המדפים החדשים בנה הנגר עמוס טייכר, ואת התאורה תכנן מנהל הספרייה, נתן אלמוג, "
    "שמונה לתפקיד לפני שלוש שנים. "
    "בספרייה 40 אלף ספרים, ורובם נתרמו בידי תושבי העיר."
)
ORCHARD = (
    "המטע של משפחת זוהר בגליל העליון נשתל ב-1978. "
    "את העצים הראשונים שתל הסב, מרדכי זוהר, ואת מערכת ההשקיה התקין השכן שלו, "
    "יהודה ברקוביץ, שעבד אז בחברת המים. "
    "היום מגדלים במטע 12 זנים של תפוחים."
)
MILL = (
    "טחנת הקמח בכפר נחום נבנתה ב-1902 ופעלה עד 1960. "
    "את ההחלטה לשפץ אותה קיבל ועד הכפר ב-2015, ואת עבודות השיפוץ ניהל המהנדס גיל "
    "אפשטיין. "
    "בטחנה מבקרים היום כ-9,000 איש בשנה."
)


def test_the_table_persons_act_is_the_fronted_clauses_own_subjects() -> None:
    """נתן אלמוג is the library's manager (an apposition); the shelves' clause fronts its
    object and closes with "הנגר עמוס טייכר": building them is the carpenter's act."""
    got = ground_claim("מנהל הספרייה, נתן אלמוג, בנה את המדפים החדשים.", LIBRARY)
    assert got.verdict != "supported", got.messages
    issue = next(i for i in got.issues if i.kind is IssueKind.AGENT_MISMATCH)
    s, e = issue.span
    assert "הנגר עמוס טייכר" in LIBRARY[s:e]


def test_the_verbs_subject_after_a_fronted_object() -> None:
    """ "את העצים הראשונים שתל הסב, מרדכי זוהר": the neighbour, named in the next clause,
    installed the irrigation and did not plant the trees."""
    got = ground_claim("יהודה ברקוביץ שתל את העצים הראשונים.", ORCHARD)
    assert got.verdict != "supported", got.messages
    assert any("subject follows it" in m for m in got.messages), got.messages


def test_a_light_verb_after_a_fronted_action_noun() -> None:
    """ "את ההחלטה ... קיבל ועד הכפר": the decision's maker is the village committee, not
    the engineer of the next clause ("החליט" shares the action noun's root). The verdict,
    whichever check reads it first (the clause rules do, before the loose rules)."""
    got = ground_claim("המהנדס גיל אפשטיין החליט לשפץ את הטחנה.", MILL)
    assert got.verdict != "supported", got.messages


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("הנגר עמוס טייכר בנה את המדפים החדשים.", LIBRARY),
        ("עמוס טייכר בנה את המדפים החדשים.", LIBRARY),
        ("נתן אלמוג, מנהל הספרייה, תכנן את התאורה.", LIBRARY),
        ("מרדכי זוהר שתל את העצים הראשונים במטע.", ORCHARD),
        ("יהודה ברקוביץ התקין את מערכת ההשקיה.", ORCHARD),
        ("המהנדס גיל אפשטיין ניהל את עבודות השיפוץ.", MILL),
    ],
)
def test_the_clauses_own_subject_stays_supported(claim: str, source: str) -> None:
    got = ground_claim(claim, source)
    assert got.verdict == "supported", (claim, got.messages)


def test_the_persons_own_apposition_after_the_clause_is_its_subject() -> None:
    """ "את המחלה זיהתה הרופאה הראשית של המרפאה בשכונת הדר, מרים לוין,": the clause's
    subject is described, then named after the comma; "בשכונת הדר" closing the clause is
    no other person (it follows a function word), and the name the words after the comma
    give is the subject's: the doctor identified the disease."""
    source = (
        "בקיבוץ גבעת עוז פרצה בשבוע שעבר מגפה של שעלת. "
        "את המחלה זיהתה הרופאה הראשית של המרפאה בשכונת הדר, מרים לוין, שבדקה ארבעה "
        "ילדים עם שיעול."
    )
    for claim in ("מרים לוין זיהתה את המחלה.", "הרופאה הראשית, מרים לוין, זיהתה את המחלה."):
        got = ground_claim(claim, source)
        assert got.verdict == "supported", (claim, got.messages)
    assert not any(i.kind is IssueKind.AGENT_MISMATCH for i in got.issues)


def test_a_verb_and_its_action_noun_meet_at_their_core() -> None:
    """Read on token keys (final letters folded): a verb and the noun of its root share a
    core of three letters or more; another verb does not."""
    verb, noun, decided, decision, built = (
        t.key for t in tokenize("תיקנו התיקון שהחליטה ההחלטה בנה")
    )
    assert {c for c in word_cores(verb) & word_cores(noun) if len(c) >= 3}
    assert {c for c in word_cores(decided) & word_cores(decision) if len(c) >= 3}
    assert not {c for c in word_cores(built) & word_cores(decision) if len(c) >= 3}


STUDY = (
    "המכון לחקר הכנרת פרסם השנה סקר של דגי האגם. "
    'את הסקר ניהל ראש המחלקה לביולוגיה של מים מתוקים, ד"ר אורי שפירא, ואת הדיגום '
    "בסירות ביצעה הסטודנטית טל אמיר. "
    "הסקר מומן בידי רשות המים."
)


def test_the_subjects_named_apposition_after_a_long_description_is_its_subject() -> None:
    """ "את הסקר ניהל ראש המחלקה לביולוגיה של מים מתוקים, ד"ר אורי שפירא,": the
    description fills more than the words read after the verb, and the name past its
    comma is still the subject's apposition. The man it names ran the survey; the student
    of the next clause did not."""
    for claim in ('ד"ר אורי שפירא ניהל את הסקר.', "אורי שפירא ניהל את הסקר."):
        got = ground_claim(claim, STUDY)
        assert got.verdict == "supported", (claim, got.messages)
    got = ground_claim("טל אמיר ניהלה את הסקר.", STUDY)
    assert got.verdict != "supported", got.messages


THEATRE = (
    "התיאטרון העירוני בבאר שבע העלה השבוע הצגה חדשה. "
    "את התפאורה בנה הנגר רון עזרא עבור הלהקה של הבמאי עוזי פלד. "
    "ההצגה תרוץ עד הקיץ."
)


def test_the_subject_after_the_verb_ends_where_a_phrase_of_its_own_opens() -> None:
    """ "בנה הנגר רון עזרא עבור הלהקה של הבמאי עוזי פלד": the subject ends at "של", the
    director is named inside the phrase the troupe heads, not as the builder. The
    carpenter built the set; the director did not."""
    for claim in ("הנגר רון עזרא בנה את התפאורה.", "רון עזרא בנה את התפאורה עבור הלהקה."):
        got = ground_claim(claim, THEATRE)
        assert got.verdict == "supported", (claim, got.messages)
    got = ground_claim("הבמאי עוזי פלד בנה את התפאורה.", THEATRE)
    assert got.verdict != "supported", got.messages
    assert any("subject follows it" in m for m in got.messages), got.messages


CEREMONY = (
    "בבית הספר בגדרה נערך טקס סוף שנה. "
    "המנהלת, רותי אלון, ניהלה את הטקס. את הפרס העניקה לבתו של הצייר יואב רז. "
    "בטקס השתתפו 200 הורים."
)


def test_a_name_after_a_function_word_is_no_fronted_clauses_subject() -> None:
    """ "את הפרס העניקה לבתו של הצייר יואב רז": the clause's closing "ה-NOUN NAME" stands
    after "של", the painter whose daughter got the prize; the principal of the sentence
    before gave it. The who-did-it check reads no other doer there; the painter giving it
    stays unsupported."""
    for claim in ("המנהלת, רותי אלון, העניקה את הפרס.", "רותי אלון העניקה את הפרס לבתו של הצייר."):
        got = ground_claim(claim, CEREMONY)
        assert got.verdict == "supported", (claim, got.messages)
    got = ground_claim("הצייר יואב רז העניק את הפרס.", CEREMONY)
    assert got.verdict != "supported", got.messages
    # the same clause closing with its own doer gives the act to that doer
    doer = CEREMONY.replace("לבתו של הצייר יואב רז", "המורה הוותיקה דליה שמש")
    got = ground_claim("רותי אלון העניקה את הפרס.", doer)
    assert got.verdict != "supported", got.messages
    assert any(i.kind is IssueKind.AGENT_MISMATCH for i in got.issues), got.messages
    got = ground_claim("דליה שמש העניקה את הפרס.", doer)
    assert got.verdict == "supported", got.messages

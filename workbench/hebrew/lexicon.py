"""Hebrew word lists: function words, negations, question words, number, scale and
month words, light words, antonym and direction families, places and
ordinals (the measurement units are ``hebrew.units``'s one grouped list).

Every list is stored with final letters folded (``_fold``), as ``normalize`` leaves
words, so a list entry compares equal to a token's match key.
"""

from __future__ import annotations

from workbench.hebrew.normalization import FINAL_LETTERS
from workbench.hebrew.units import UNITS, UNITS_NOT_LIGHT

# --- words: function words, negations, question words ----------------------------------


def _fold(word: str) -> str:
    return "".join(FINAL_LETTERS.get(c, c) for c in word)


def _fold_all(words: str) -> frozenset[str]:
    return frozenset(_fold(w) for w in words.split())


# Function words (pronouns, prepositions, conjunctions, auxiliaries, question words).
# They carry no content for support, so they weigh nothing in the match score.
STOPWORDS: frozenset[str] = _fold_all(
    """
    של את על עם אל מן עד כי אם או גם אבל אך אולם לכן כך כן לא אין יש זה זאת זו אלה אלו
    הוא היא הם הן אני אתה אנחנו אתם אתן הזה הזאת הזו האלה האלו כל כמו יותר פחות מאוד רק עוד
    כבר אשר מה מי כמה מתי איפה היכן איך כיצד למה מדוע איזה איזו אילו מהו מהי מהם מהן מיהו מיהי
    לאן מאין האם בין לפני אחרי תחת מול ליד אצל בלי ללא לפי כדי בגלל בזמן כאשר אז שם פה כאן
    היה היתה הייתה היו יהיה תהיה יהיו להיות הינו הינה הנו הנה אותו אותה אותם אותן אותי אותך
    לו לה להם להן לי לך לנו שלו שלה שלהם שלהן שלי שלך שלנו שלכם בו בה בהם בהן בי בך בנו
    ממנו ממנה מהם עליו עליה עליהם עליהן אליו אליה אליהם אחד אחת אף אבל ובכן אלא כלומר
    דרך תוך מאז בעוד וכן כגון למשל עצמו עצמה עצמם זהו זוהי הללו איננו אינו אינה אינם אינן
    the a an of in on and or to is are was were be been for by with as at from that this it
    its which who what when where why how not no yes
    """
)
# Verbal negations: a claim that negates what its span asserts is flagged. ("בלי" / "ללא"
# = "without" and "שום" (as in "משום ש" = because) are not negations of the claim.)
NEGATIONS: frozenset[str] = _fold_all("לא אין אינו אינה אינם אינן איננו מעולם not never")
# The present-tense "is not": it negates a state, which Hebrew also words as one positive
# word ("אינה פעילה" for "נטושה"); לא and אין before a verb deny an act or a fact (round 28).
COPULAR_NEGATIONS: frozenset[str] = _fold_all("אינו אינה אינם אינן איננו איננה")
# The pronoun copulas ("X הוא מנהל המחלקה"): what stands after one is what the subject is
# (grounding.roles: a fronted object's clause, a role given to a person).
COPULAS: frozenset[str] = _fold_all("הוא היא הם הן")
# Question words: a question in a claim asks, it does not assert.
QUESTION_WORDS: frozenset[str] = _fold_all(
    "מה מי כמה מתי איפה היכן איך כיצד למה מדוע איזה איזו אילו מהו מהי מהם מהן מיהו מיהי לאן מאין האם"
)

# Number words: value per spelling (finals folded). Only unambiguous words are checked
# for consistency (see CHECKED_NUMBER_WORDS); all of them match digits as a token.
_NUMBER_WORDS_SRC = {
    1: "אחד אחת",
    2: "שניים שתיים שני שתי שנתיים יומיים חודשיים שבועיים פעמיים",
    3: "שלוש שלושה שלושת שלש שלשה",
    4: "ארבע ארבעה ארבעת",
    5: "חמש חמישה חמשה חמשת",
    6: "שש שישה ששה ששת",
    7: "שבע שבעה שבעת",
    8: "שמונה שמונת",
    9: "תשע תשעה תשעת",
    10: "עשר עשרה עשרת עשור",
    20: "עשרים",
    30: "שלושים",
    40: "ארבעים",
    50: "חמישים",
    60: "שישים",
    70: "שבעים",
    80: "שמונים",
    90: "תשעים",
    100: "מאה",
    200: "מאתיים",
    1000: "אלף",
    2000: "אלפיים",
}
# Ordinals (השישי = the sixth) match digits too, but are never required.
_ORDINALS_SRC = {
    1: "ראשון ראשונה ראשונים ראשונות",
    3: "שלישי שלישית",
    4: "רביעי רביעית",
    5: "חמישי חמישית",
    6: "שישי שישית",
    7: "שביעי שביעית",
    8: "שמיני שמינית",
    9: "תשיעי תשיעית",
    10: "עשירי עשירית",
}
NUMBER_WORDS: dict[str, int] = {
    _fold(w): v
    for src in (_NUMBER_WORDS_SRC, _ORDINALS_SRC)
    for v, ws in src.items()
    for w in ws.split()
}
ORDINAL_WORDS: frozenset[str] = frozenset(
    _fold(w) for ws in _ORDINALS_SRC.values() for w in ws.split()
)
# "שבע" is left out: it is also the name באר שבע (and "satiated").
CHECKED_NUMBER_WORDS: frozenset[str] = frozenset(
    w
    for w, v in NUMBER_WORDS.items()
    if v >= 3 and v not in (100, 1000) and w not in ORDINAL_WORDS and w not in ("שבע", "עשור")
) | _fold_all("שניים שתיים")
# Duals (שנתיים, יומיים...) and עשור (a decade) match "2" / "10" but are never required:
# they are often derived ("1950, שנתיים אחרי 1948") rather than quoted.
# שנים / שתים (also "years") count as 2 only before עשר / עשרה: שנים עשר = 12.
TEEN_TWO: frozenset[str] = frozenset({"שנימ", "שתימ"})
# "וחצי" / "ורבע" after a number: 5 ורבע = 5.25, שנים עשר וחצי אלף = 12500.
FRACTION_WORDS: dict[str, str] = {"חצי": "0.5", "רבע": "0.25"}
# The plural of a fraction after a count: שלושה רבעים = 3/4, שני שלישים = 2/3. Such a
# share is a part word (as מחצית, שליש), read as its value but never required.
FRACTION_PLURALS: dict[str, int] = {
    _fold(w): d for w, d in (("שלישים", 3), ("רבעים", 4), ("חמישיות", 5), ("עשיריות", 10))
}
SCALE_WORDS: dict[str, int] = {
    _fold(w): v
    for w, v in (
        ("מאות", 100),
        ("אלף", 1000),
        ("אלפים", 1000),
        ("אלפי", 1000),
        ("מיליון", 10**6),
        ("מיליונים", 10**6),
        ("מליון", 10**6),
        ("מיליארד", 10**9),
        ("מיליארדים", 10**9),
        ("מליארד", 10**9),
        ("טריליון", 10**12),
        ("thousand", 1000),
        ("million", 10**6),
        ("billion", 10**9),
        ("bn", 10**9),
        ("trillion", 10**12),
    )
}
PERCENT_WORDS: frozenset[str] = _fold_all("אחוז אחוזים האחוז האחוזים percent")
MONTHS: dict[str, int] = {
    _fold(w): i
    for i, ws in enumerate(
        (
            "ינואר",
            "פברואר",
            "מרץ מרס",
            "אפריל",
            "מאי",
            "יוני",
            "יולי",
            "אוגוסט",
            "ספטמבר",
            "אוקטובר",
            "נובמבר",
            "דצמבר",
        ),
        start=1,
    )
    for w in ws.split()
}

# Light words: content words that a reworded claim adds or swaps without adding a fact,
# so their absence from the source is not "unexplained content". Discourse markers and
# attributions (לדברי, בהשוואה, משום, באמצעות), reporting verbs (אמר, טען, ציין), modal and
# aspect verbs (יכול, עשוי, צפוי, החל), copulas and light verbs (מהווה, נמצא, התקיים),
# time deixis (השנה, שעברה, הנוכחי), vague quantities (רוב, עשרות) and units (UNITS: ש"ח, ק"מ).
# Matched on the word, its prefix stems and its suffix-stripped lemmas, never on roots.
LIGHT_WORDS: frozenset[str] = _fold_all(
    """
    לדברי לטענת לדעת לדבריו לדבריה לדבריהם בהתאם בהשוואה לעומת משום מפני שכן לפיכך
    בעקבות עקב בשל למרות אודות לגבי בנוגע באמצעות בעזרת ידי בקרב לצד פני
    היתר בעיקר בערך כמעט לפחות הפחות בסך סך הכל כולו כולה כולם כולן ובכללם ובהם
    בדרך כלל כלומר דהיינו בנוסף נוסף ואילו שבו שבה שבהם מצד אחר אחרת אחרים אחרות
    עכשיו כעת עתה היום אתמול מחר שעבר שעברה הבאה הבא הבאים הבאות הקודם הקודמת הקודמים
    האחרון האחרונה האחרונים האחרונות הנוכחי הנוכחית הנוכחיים כה מכן לאחר מאוחר בשנת שנת
    אמר אמרה אמרו יאמר טען טענה טענו סיפר סיפרה סיפרו הודיע הודיעה הודיעו ציין ציינה ציינו
    הסביר הסבירה הסבירו הוסיף הוסיפה הוסיפו מסר מסרה מסרו הבהיר הבהירה הדגיש הדגישה הדגישו
    ציטט דיווח דיווחה דיווחו פרסם פרסמה פרסמו כתב כתבה כתבו הצהיר הצהירה תיאר תיארה
    יכול יכולה יכולים יכולות עשוי עשויה עשויים עשויות עלול עלולה עלולים עלולות צפוי צפויה
    צפויים צפויות אמור אמורה אמורים אמורות רוצה רוצים רוצות מעוניין מעוניינת מסוגל מסוגלת
    מסוגלים מסוגלות צריך צריכה צריכים חייב חייבת חייבים נהג נהגה נוהג נוהגת המשיך המשיכה
    ממשיך ממשיכה ממשיכים החל החלה החלו עומד עומדת עומדים עומדות נמצא נמצאת נמצאים נמצאות
    מהווה מהווים מהוות היווה היוותה נחשב נחשבת נחשבים קיים קיימת קיימים קיימות נעשה נעשתה
    התקיים התקיימה יתקיים תתקיים מתקיים מתקיימת ביצע ביצעה בוצע בוצעה מדובר בסביבות
    אופן באופן צורה בצורה סוג מסוג סוגים עניין נושא אנשים נקודת
    רוב מרבית רבים רבות הרבה מעט מעטים מעטות מספר כמות עשרות מאות אלפי אלפים רבבות
    """
) | (UNITS - UNITS_NOT_LIGHT)

# --- polarity: antonym and direction pairs ---------------------------------------------

# Each family has two opposite poles; a claim that holds one pole where its supporting span
# holds only the other contradicts it (עלה / ירד, רווח / הפסד, תמך / התנגד...). Forms are
# listed in full (no stemming) because short roots of these verbs collide with other words;
# glued prefixes are still removed (שירדה, והתנגד). Words with a common unrelated sense are
# left out (צמח "plant", גבר "man", חום "fever", אחר "other", שני "two" / "Monday").
_POLAR_SRC: dict[str, tuple[str, str]] = {
    "increase/decrease": (
        "עלה עלתה עלו עולה עולים עולות יעלה תעלה יעלו לעלות עלייה עליה עליית עליות "
        "טיפס טיפסה טיפסו מטפס מטפסת זינק זינקה זינקו זינוק "
        "גדל גדלה גדלו גדלים גדלות יגדל תגדל יגדלו לגדול גידול "
        "הגדיל הגדילה הגדילו מגדיל מגדילה הוגדל הוגדלה הוגדלו הגדלה להגדיל "
        "התרחב התרחבה התרחבו צמיחה התייקר התייקרה התייקרו האמיר האמירה האמירו",
        "ירד ירדה ירדו יורד יורדת יורדים יורדות יירד תרד יירדו לרדת ירידה ירידת ירידות "
        "צנח צנחה צנחו צניחה קטנו הקטין הקטינה הקטינו מקטין מקטינה הוקטן הוקטנה הוקטנו "
        "פחת פחתה פחתו הצטמצם הצטמצמה הצטמצמו צמצם צמצמה צמצמו צומצם צומצמה צומצמו צמצום "
        "קיצץ קיצצה קיצצו קוצץ קוצצה קוצצו קיצוץ הוזיל הוזילה הוזילו הוזל הוזלה הוזלו "
        "התכווץ התכווצה התכווצו",
    ),
    "large/small": ("גדול גדולה גדולים גדולות", "קטן קטנה קטנים קטנות"),
    "high/low": ("גבוה גבוהה גבוהים גבוהות", "נמוך נמוכה נמוכים נמוכות"),
    "long/short": ("ארוך ארוכה ארוכים ארוכות", "קצר קצרה קצרים קצרות"),
    "more/less": ("יותר", "פחות"),
    "above/below": ("מעל", "מתחת"),
    "profit/loss": (
        "רווח רווחים רווחי רווחית הרוויח הרוויחה הרוויחו הרויח הרויחה הרויחו",
        "הפסד הפסדים הפסדי הפסיד הפסידה הפסידו מפסיד מפסידה מפסידים",
    ),
    "win/lose": (
        "ניצח ניצחה ניצחו ניצחון מנצח מנצחת גברה גברו",
        "הפסיד הפסידה הפסידו נוצח נוצחה נוצחו הובס הובסה הובסו תבוסה",
    ),
    "start/end": (
        "התחיל התחילה התחילו מתחיל מתחילה מתחילים יתחיל תתחיל יתחילו להתחיל התחלה התחלת",
        "הסתיים הסתיימה הסתיימו מסתיים מסתיימת יסתיים תסתיים יסתיימו להסתיים סיום",
    ),
    "open/close": (
        "נפתח נפתחה נפתחו ייפתח תיפתח ייפתחו פתיחה פתיחת פתוח פתוחה פתוחים פתוחות",
        "נסגר נסגרה נסגרו ייסגר תיסגר ייסגרו סגירה סגירת סגור סגורה סגורים סגורות",
    ),
    "approve/reject": (
        "אושר אושרה אושרו אישר אישרה אישרו מאשר מאשרת יאשר תאשר יאשרו אישור",
        "נדחה נדחתה נדחו דחה דחתה דחו דוחה דחייה",
    ),
    "advance/postpone": (
        "הוקדם הוקדמה הוקדמו הקדים הקדימה הקדימו הקדמה",
        "נדחה נדחתה נדחו נדחית דחה דחתה דחו דחייה התעכב התעכבה התעכבו עיכוב באיחור",
    ),
    "support/oppose": (
        "תמך תמכה תמכו תומך תומכת תומכים תומכות יתמוך תתמוך אתמוך נתמוך לתמוך תמיכה",
        "התנגד התנגדה התנגדו מתנגד מתנגדת מתנגדים מתנגדות יתנגד תתנגד אתנגד להתנגד התנגדות",
    ),
    "succeed/fail": (
        "הצליח הצליחה הצליחו מצליח מצליחה הצלחה",
        "נכשל נכשלה נכשלו נכשלים כישלון כשלון",
    ),
    "free/paid": ("חינם חופשי חופשית", "תשלום בתשלום גובים גובה"),
    # status: what is done against what is only expected or planned ("כבר נסגרה" where the
    # source says "צפויה להיסגר", "כבר נבנה" for "ייבנה בשנה הבאה")
    "done/planned": (
        "כבר הושלם הושלמה הושלמו",
        "צפוי צפויה צפויים צפויות עתיד עתידה עתידים עתידות מתוכנן מתוכננת מתוכננים "
        "מתוכננות מתכנן מתכננת מתכננים בעתיד טרם הבא הבאה הבאים הבאות",
    ),
    "hot/cold": ("חם חמה חמים חמות לוהט לוהטת", "קר קרה קרים קרות קריר קרירה קרירים צונן"),
    "north/south": ("צפון צפונה צפוני צפונית", "דרום דרומה דרומי דרומית"),
    "east/west": ("מזרח מזרחה מזרחי מזרחית", "מערב מערבה מערבי מערבית"),
    "right/left": ("ימין ימני ימנית", "שמאל שמאלי שמאלית"),
    "before/after": ("לפני קודם טרם", "אחרי אחריו אחריה אחריהם לאחר"),
    "early/late": ("מוקדם מוקדמת מוקדמים", "מאוחר מאוחרת מאוחרים"),
    "majority/minority": ("רוב רובם רובן", "מיעוט"),
    "first/last": ("ראשון ראשונה", "אחרון אחרונה"),
}
POLAR_WORDS: dict[str, tuple[tuple[str, int], ...]] = {}
for _family, (_a, _b) in _POLAR_SRC.items():
    for _pole, _words in ((0, _a), (1, _b)):
        for _w in _fold_all(_words):
            POLAR_WORDS[_w] = (*POLAR_WORDS.get(_w, ()), (_family, _pole))
# "גובה" is also "height": only as a pole when nothing else reads it. Kept: "גובים".
POLAR_WORDS.pop("גובה", None)
# Adjectives describe many things in one sentence ("כמויות גדולות" beside "הפרי קטן"), so
# these families count only in a comparison: next to ביותר / יותר / פחות ("הגדול ביותר").
COMPARATIVE_ONLY: frozenset[str] = frozenset({"large/small", "high/low", "long/short"})
COMPARATIVES: frozenset[str] = _fold_all("ביותר יותר פחות")
# Negators that flip the pole of the next word or two: "ללא תשלום" = free, "לא עלה" ≠ rose.
POLE_NEGATORS: frozenset[str] = _fold_all("לא ללא בלי אין אינו אינה אינם אינן איננו מעולם")


# --- exclusive categories: ordinals and places -----------------------------------------

# A claim naming one value of a category (the third, Haifa) where its span names only other
# values of it (the second; Tel Aviv) contradicts it. Places: Israeli cities and regions,
# seas, and countries (ישראל itself is left out: nearly every text is set there; so are
# שרון and יהודה, which are also given names).
_PLACES_SRC = """
ירושלים תל_אביב חיפה באר_שבע אילת טבריה צפת נתניה הרצליה רעננה כפר_סבא הוד_השרון
פתח_תקווה ראשון_לציון רחובות נס_ציונה אשדוד אשקלון חולון בת_ים רמת_גן גבעתיים בני_ברק
רמלה לוד מודיעין בית_שמש קריית_שמונה עכו נהריה כרמיאל עפולה נצרת חדרה זכרון_יעקב קיסריה
יהוד אור_יהודה ראש_העין יוקנעם דימונה ערד מצפה_רמון שדרות נתיבות אופקים קריית_גת
קריית_אתא קריית_ביאליק טירת_כרמל אום_אל-פחם רהט סחנין שפרעם אריאל מעלה_אדומים
גליל נגב שפלה גולן רמת_הגולן ערבה עמק_יזרעאל בקעת_הירדן שומרון
ים_המלח הים_התיכון ים_סוף כנרת
ירדן מצרים לבנון סוריה עיראק איראן תימן מרוקו טורקיה קפריסין יוון איטליה צרפת גרמניה
ספרד פולין רוסיה אוקראינה ליטא רומניה הונגריה בריטניה אנגליה אירלנד הולנד בלגיה שוויץ
אוסטריה שוודיה נורווגיה דנמרק פינלנד ארצות_הברית אמריקה קנדה מקסיקו ברזיל ארגנטינה
הודו סין יפן קוריאה תאילנד אוסטרליה אתיופיה דרום_אפריקה ניו_יורק לונדון פריז ברלין
"""
PLACES: frozenset[str] = frozenset(
    " ".join(_fold(p) for p in w.split("_")) for w in _PLACES_SRC.split()
)
PLACE_FIRST_WORDS: frozenset[str] = frozenset(p.split()[0] for p in PLACES)
ORDINAL_VALUES: dict[str, int] = {
    **{_fold(w): v for v, ws in _ORDINALS_SRC.items() for w in ws.split()},
    **{w: 2 for w in _fold_all("שנייה שניה")},
}
# "ראשון" / "שישי" / "חמישי" are also days of the week ("ביום ראשון"); a day is not an
# ordinal claim, so an ordinal right after "יום" is skipped.
DAY_WORDS: frozenset[str] = _fold_all("יום ימי")

# Words that negate without לא / אין: "בלי שאיש תיעד" ~ "אינה מתועדת", "מחסור במורים
# שהוכשרו" ~ "מורים שלא הוכשרו". A claim holding one is not said to drop a negation.
IMPLICIT_NEGATIONS: frozenset[str] = _fold_all("בלי ללא שום אף מחסור חוסר היעדר העדר איש")

# What a question asks for, by its question word: "כמה" asks for an amount, so its answer
# holds a number or an amount word (QUANTITY_WORDS); "מי" and "איפה" ask for a person or
# a place, which a bare number is not.
AMOUNT_QUESTIONS: frozenset[str] = _fold_all("כמה")
ENTITY_QUESTIONS: frozenset[str] = _fold_all("מי מיהו מיהי איפה היכן לאן מאין מאיפה")
# The type of answer a question word asks for (``grounding.answer_types``): a person or
# group (מי), a time (מתי), a place (איפה) or a reason (מדוע). "איזה / איזו / אילו"
# + a time or place noun asks the same ("באיזו שנה", "באיזו עיר"). למה asks why only as
# the question's first word ("למה נועד" asks "for what").
PERSON_QUESTIONS: frozenset[str] = _fold_all("מי מיהו מיהי מיהם מיהן")
# kin of a named person, in the possessive form only ("אחיה של מיכל" names someone else than
# מיכל); not בן / בנו / בנה / בת / אם / אב, which are also "aged", "built", "if", "father of"
KINSHIP_WORDS: frozenset[str] = _fold_all(
    "אחיו אחיה אחותו אחותה אביו אביה אמו בתו בתה אשתו בעלה נכדו נכדתו דודו גיסו גיסתו"
)
TIME_QUESTIONS: frozenset[str] = _fold_all("מתי")
PLACE_QUESTIONS: frozenset[str] = _fold_all("איפה היכן לאן מאין מאיפה")
REASON_QUESTIONS: frozenset[str] = _fold_all("מדוע")
WHICH_WORDS: frozenset[str] = _fold_all("איזה איזו אילו")
TIME_NOUNS: frozenset[str] = _fold_all("שנה תאריך חודש יום עשור מאה תקופה שעה")
PLACE_NOUNS: frozenset[str] = _fold_all(
    "עיר מדינה ארץ מקום אזור יבשת כפר יישוב ישוב רחוב שכונה מחוז אי"
)
# Words that open a reason ("בגלל המצב", "כי...", "משום ש..."): an answer opening with
# one gives a reason, which answers no who / when / where.
REASON_OPENERS: frozenset[str] = _fold_all("כי בגלל משום מפני עקב בשל הואיל מכיוון כיוון")
# Words of a time besides numbers and months ("בתחילת המאה ה-21", "שנות ה-90", "בסוף
# 2022"): an answer made only of these, numbers and months, holding a date, a month, a
# year or an era word (ERA_WORDS), is a time.
TIME_WORDS: frozenset[str] = _fold_all(
    "שנת שנות שנה שנים מאה המאה חודש חודשים יום ימי שבוע עשור תקופה תקופת תחילת ראשית "
    "סוף אמצע אביב קיץ סתיו חורף עונת לפני אחרי במהלך עד מאז"
)
# Heads of an era named by an ordinal or a decade ("בשנות השבעים", "במאה העשירית",
# "בשנות ה-90"): a time of the same kind as a year, for "a year moved to another event".
ERA_WORDS: frozenset[str] = _fold_all("מאה המאה שנות")
# Amount words an answer to "כמה" may hold instead of a figure: time units (שעה,
# שבועיים...), orders of magnitude and vague amounts.
QUANTITY_WORDS: frozenset[str] = _fold_all(
    "שנייה שניות דקה דקות שעה שעות יום ימים יומיים שבוע שבועות שבועיים חודש חודשים "
    "חודשיים שנה שנים שנתיים עשור עשורים מאה מאות אלף אלפים אלפי מיליון מיליונים "
    "מיליוני מיליארד עשרות מאות חצי מחצית רבע שליש רוב מעט הרבה כמה מספר אחוז אחוזים"
) | {"%"}  # the key every percent word is read under ("אחוזים", "%": hebrew.tokens)

# Words by which a question asks for a figure without כמה or מתי ("מה אחוז האבטלה",
# "באיזו שנה", "לאיזה מנעד גילאים"): measures, times and shares. A question holding none
# of them, nor כמה / מתי / a QUANTITY_WORDS unit, is not answered by a bare figure.
FIGURE_QUESTIONS: frozenset[str] = _fold_all("כמה מתי")
MEASURE_WORDS: frozenset[str] = _fold_all(
    "אחוז אחוזים שיעור חלק מספר מחיר מחירה מחירו עלות סכום גובה אורך רוחב עומק משקל "
    "גיל גילאים גילאי מנעד גודל שטח היקף מהירות טמפרטורה ציון דירוג תאריך מועד זמן "
    "משך טווח תקופה שנת גרסה כמות מרחק תקציב שווי יחס ממוצע"
)
# What the word after כמה may measure rather than count (grounding/answer_values, round
# 24): the measure words, and a mass noun measured in a unit ("כמה כסף": a sum in
# shekels). A mass noun alone asks for no figure ("מה עשו בכסף? 120" answers another
# question), so it is not among MEASURE_WORDS.
MEASURED_NOUNS: frozenset[str] = MEASURE_WORDS | _fold_all("כסף")
# The units of a duration in years ("חמש שנים קודם לכן", "שלושה עשורים"): a duration
# may be derived from two years the source states (2009 ... 2014) rather than quoted.
YEAR_UNITS: frozenset[str] = _fold_all("שנה שנים שנות")
DECADE_UNITS: frozenset[str] = _fold_all("עשור עשורים")
# Words that state how a figure is derived from others (grounding/values/derived.py reads them):
# a claim may state a change of the source's figures or the years between two of its
# events, and the source may state a year relative to another it states.
# Verbs of change; "גדל ב-33" (grew BY 33) states a difference, "גדל ל-74" a value.
CHANGE_VERBS: frozenset[str] = _fold_all(
    "גדל גדלה גדלו עלה עלתה עלו ירד ירדה ירדו פחת פחתה פחתו צנח צנחה צנחו זינק זינקה "
    "זינקו קפץ קפצה קפצו התקצר התקצרה התארך התארכה התייקר התייקרה הוזל הוזלה הצטמצם "
    "הצטמצמה התרחב התרחבה גדול גבוה נמוך קטן יקר זול "
    # the same changes in the present and future ("יעלה ב-5.30", "תתקצר ב-11 דקות"), and
    # their causatives and passives ("הגדיל ב-250", "קיצץ ב-2.2 מיליון", "קוצץ ב-"):
    # one verb's tenses and voices, each a change BY the figure. Not the forms that are
    # also nouns: עולים / עולות (immigrants), יורדים (emigrants), גדלים (sizes), נעלה
    # (sublime), הורדה (a download).
    "עולה יעלה תעלה יעלו יורד יורדת תרד יגדל תגדל יגדלו "
    "יפחת תפחת יפחתו יצנח תצנח יזנק תזנק יתקצר תתקצר יתקצרו יתארך תתארך "
    "יתייקר תתייקר יתייקרו יוזל תוזל יוזלו יצטמצם תצטמצם יתרחב תתרחב "
    "הגדיל הגדילה הגדילו יגדיל תגדיל יגדילו הקטין הקטינה הקטינו יקטין תקטין יקטינו "
    "הפחית הפחיתה הפחיתו יפחית תפחית יפחיתו הוזיל הוזילה הוזילו יוזיל תוזיל "
    "ייקר ייקרה ייקרו קיצר קיצרה קיצרו יקצר תקצר יקצרו קיצץ קיצצה קיצצו יקצץ תקצץ "
    "קוצץ קוצצה קוצצו יקוצץ תקוצץ הוריד הורידה הורידו יוריד תוריד יורידו "
    "העלה העלתה העלו הועלה הועלתה הועלו יועלה תועלה הורד הורדו"
)
# "7,000 כרטיסים פחות ממה שתכננה": a figure then one of these states a difference.
COMPARATIVE_WORDS: frozenset[str] = _fold_all("פחות יותר")
# The two poles of a comparison of two values by a gap ("עולה 35 שקל יותר מ...", "זול
# ב-35 שקל מ...", "גבוה ב-10 מ..."): the claim's subject has the larger value, or the
# smaller (``grounding.values.comparisons``, round 32).
MORE_WORDS: frozenset[str] = _fold_all(
    "יותר יקר יקרה יקרים יקרות גבוה גבוהה גבוהים גבוהות גדול גדולה גדולים גדולות "
    "ארוך ארוכה ארוכים ארוכות"
)
LESS_WORDS: frozenset[str] = _fold_all(
    "פחות זול זולה זולים זולות נמוך נמוכה נמוכים נמוכות קטן קטנה קטנים קטנות "
    "קצר קצרה קצרים קצרות"
)
# A year relative to a stated one: "ב-1958, שלוש שנים אחרי שעבר" (1955), "שנתיים קודם
# לכן" (two years before the year just stated), "לאחר מכן" (after it).
AFTER_WORDS: frozenset[str] = _fold_all("אחרי לאחר")
BEFORE_WORDS: frozenset[str] = _fold_all("לפני קודם")
THEN_WORDS: frozenset[str] = _fold_all("כן מכן לכן")
# A claim's date and its clause (``grounding.claim_dates``): "..., ואז הוטל איסור" (then:
# at the time just named, so the clause shares the date before it); "אחרי הקמתה ב-1985"
# (a date after one of these dates the noun's event, not the clause's verb).
AT_THAT_TIME_WORDS: frozenset[str] = _fold_all("אז ואז")
# Function words that take only the conjunction/relative stack (ו, ש, כש): a pronoun,
# negation, existential or focus word never follows ב/כ/ל/מ ("כהן" is a name, not כ + הן;
# "ברק" not ב + רק; "שליש" not ש + ל + יש) (hebrew.tokens.glues_to_function_word).
CLITIC_ONLY_WORDS: frozenset[str] = _fold_all(
    "הוא היא אני אתה אנחנו אתם אתן אין יש רק גם כי אם או אבל אך אולם לכן לי לו לה לך לנו בו בה בי בך בנו מן"
)
# The exceptions: plural pronouns also decline after ב/ל/מ (בהם, להן, מהם); לא also
# after ב/ל ("בלא", "ללא" = without) and after the article, where it negates the adjective
# or noun after it ("לידיים הלא נכונות", the wrong hands; "הלא-רשמי"). Folded word -> the
# prefix letters it takes.
AFTER_PREPOSITION_LETTERS: dict[str, str] = {"המ": "בלמ", "הנ": "בלמ", "לא": "בלה"}
DATE_RELATION_WORDS: frozenset[str] = _fold_all("אחרי לפני מאז עד")
# The time words of DATE_RELATION_WORDS that also measure a figure: "עד 2000 אנשים" (up to),
# "לפני 2000 צופים" (in front of), "אחרי 1500 ק"מ": four digits after one may be a year or
# an amount (hebrew.numbers, review27); "מאז" dates only.
SHARED_RELATION_WORDS: frozenset[str] = _fold_all("אחרי לפני עד")
# Singular nouns a figure counts people by ("2000 איש", "1950 נפש"): four digits before one
# are an amount, as before a plural noun (hebrew.numbers, review27).
PEOPLE_COUNT_WORDS: frozenset[str] = _fold_all("איש נפש")
# "בסך הכול", "יחד", "סה"כ": the figure is a total (grounding/values/derived.py; round 8's word
# list, restored in round 16).
SUM_WORDS: frozenset[str] = _fold_all("יחד ביחד סכ בסכ סהכ בסהכ במצטבר")
# A figure said to be about so much, by a word before it ("כ-1,500", "בכ-1,700", "בערך 300",
# "בסביבות 40", "כמעט 90") or after it ("1,500 בערך"); "כמעט" is a little below it, never
# above (grounding/values/derivation_hint.py, round 22).
ABOUT_BEFORE_WORDS: frozenset[str] = _fold_all("כ בכ לכ מכ בערך בסביבות כמעט")
ABOUT_AFTER_WORDS: frozenset[str] = _fold_all("בערך")
ALMOST_WORDS: frozenset[str] = _fold_all("כמעט")
# "פי 3", "מפי 3": the figure is a ratio; "הפרש", "פער": a gap (derivation_hint, round 22).
RATIO_WORDS: frozenset[str] = _fold_all("פי מפי בפי")
GAP_WORDS: frozenset[str] = _fold_all("הפרש בהפרש פער בפער הפער ההפרש")

# Words that restrict a statement to part of its subject ("חלק מהרפתנים", "רק ברחובות
# הראשיים", "רובם"): a claim that drops them says it of all.
RESTRICTORS: frozenset[str] = _fold_all("חלק חלקם חלקן רק רוב רובם רובן מקצת מתוך לעיתים לפעמים")
# Quantifiers of a part: before their noun ("רוב התאונות", "חלק מהמינים"), and as a
# pronoun after it ("40 מופעים, רובם בקיץ": most of them, the noun named before).
PART_QUANTIFIERS: frozenset[str] = _fold_all("רוב חלק מקצת מרבית מחצית")
PART_PRONOUNS: frozenset[str] = _fold_all(
    "רובם רובן חלקם חלקן מרביתם מרביתן מחציתם מחציתן מקצתם מקצתן"
)
# Restrictors that restrict a predicate, not a noun ("מותר רק בסיורים", "רק אם ייחתם"):
# the phrase they open is a condition a claim keeping the predicate must keep.
RESTRICTING_ADVERBS: frozenset[str] = _fold_all("רק לעיתים לפעמים")
# Words that open an exception to what the clause before them says ("כולן בעברית חוץ
# מאחת", "מלבד שני פרקים"): the statement holds of all but what they name.
EXCEPTIONS: frozenset[str] = _fold_all("חוץ מלבד למעט פרט")
# "Only", before or after what it restricts ("רק לשבוע הראשון", "לשבוע הראשון בלבד"):
# unlike "לעיתים" (sometimes), it leaves out all but what it names.
ONLY_WORDS: frozenset[str] = _fold_all("רק בלבד")
# Words that limit or turn what a sentence says before them: restrictors, exceptions and
# "but" (a clause holding one is no tail a near copy may leave out, ``checks``).
LIMIT_WORDS: frozenset[str] = RESTRICTORS | EXCEPTIONS | _fold_all("אבל אך אולם ואולם")
# Words that state a condition ("רק אם", "בתנאי ש", "התנתה את"): a claim holding one
# keeps the source's condition, whatever words it puts it in.
CONDITIONS: frozenset[str] = _fold_all("אם בתנאי ובלבד מותנה מותנית מותנים התנה התנתה התנו")
# Words that say a statement holds of all or always ("כל המגדלים", "כולם", "תמיד"):
# a claim holding one where the source restricts or counts part says more than it.
# "לכל היותר" / "לכל הפחות" state a bound, not "all"; "בכל זאת", "כל כך", "בכל אופן", "על
# כל פנים" and "בכל מקרה" (not "בכל מקרה של", in every case of) are idioms (hebrew.kol_idiom);
# "כל עוד" (as long as) stays "all" ("כל עוד תפעל המחלקה" against "לשבוע הראשון בלבד").
KOL_IDIOM_WORDS: frozenset[str] = _fold_all("היותר הפחות זאת כך אופן פנים")
ANYWAY_WORD = "מקרה"
# The noun of a כל idiom and the word before it: "בכל מקרה", "בכל אופן", "על כל פנים".
KOL_IDIOM_NOUNS: dict[str, str] = {_fold("מקרה"): "בכל", _fold("אופן"): "בכל", _fold("פנים"): "כל"}
UNIVERSALS: frozenset[str] = _fold_all("כל כולם כולן כולו כולה תמיד לגמרי")
# Parts of a whole ("מחצית מהסכום", "שליש מהתושבים"), which restrict as a number does.
PART_WORDS: frozenset[str] = _fold_all("חצי מחצית שליש שלישים רבע רבעים")
# "of them" after a count ("שמונה מהם", "40 מהן"): the count is a part, not the whole.
PARTITIVE_PRONOUNS: frozenset[str] = _fold_all("מהם מהן מתוכם מתוכן")
# The same part named before its figure ("כ-380 רהיטים, ובהם 64 ספות", "מתוכם 12",
# "ביניהם שלושה ילדים"): the figure after one of these counts part of the whole before it
# (round 32).
PART_OPENERS: frozenset[str] = _fold_all(
    "בהם בהן ובהם ובהן מתוכם מתוכן ומתוכם ומתוכן ביניהם ביניהן וביניהם וביניהן"
)
# The rest of a whole ("140 עובדים, ו-95 מהם יפוטרו, ואילו השאר יעברו"): the figure of
# the rest is the whole less the part (grounding/values/derived.py reads it).
REST_WORDS: frozenset[str] = _fold_all("השאר שאר היתר יתר האחרים האחרות הנותרים הנותרות נותרו")
# Parts of a time ("בתחילת 2026", "בסוף דצמבר"): like the month, part of the date a
# claim states, not the event it dates.
TIME_PARTS: frozenset[str] = _fold_all("תחילת סוף אמצע ראשית שלהי")
# Words that open a clause with its own subject ("X בירך, ואילו Y התלונן", "אבל Z"):
# a claim's subject and predicate taken from both sides of one are bound to others.
CLAUSE_OPENERS: frozenset[str] = _fold_all("ואילו אבל אך בעוד לעומת אולם ואולם ואלו")

# Head words of roles and titles a person is given ("ראש העירייה", "מנכ"לית הרכבת",
# "המהנדס"), for the who-is-who table: a name next to one of them is that person's role.
ROLE_WORDS: frozenset[str] = frozenset(
    w.replace('"', "")
    for w in _fold_all(
        'ראש יו"ר מנכ"ל מנכ"לית סמנכ"ל סמנכ"לית מנהל מנהלת שר שרת מהנדס מהנדסת '
        "אדריכל אדריכלית ספרן ספרנית גזבר גזברית דובר דוברת יועץ יועצת מזכיר מזכירה "
        "נשיא נשיאה סגן סגנית מרכז מרכזת רכז רכזת חוקר חוקרת ארכיאולוג ארכיאולוגית "
        "צפר צפרית מייסד מייסדת מפקד מפקדת רופא רופאה אחות מורה מנחה מגיש מגישה "
        "אסטרופיזיקאי אסטרופיזיקאית כתב כתבת עורך עורכת שופט שופטת בעל בעלת"
    )
)
# Titles before a name (ד"ר, פרופ', עו"ד, ח"כ, מר, גב'), skipped when a name is read.
TITLES: frozenset[str] = frozenset({"דר", "פרופ", "עוד", "חכ", "מר", "גב"})

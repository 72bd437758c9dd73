"""The grounding engine's constants: verdict thresholds, match strengths, score weights,
penalties and limits, in one place to read and recalibrate together (how the thresholds
were calibrated: ``workbench.grounding.engine``).
"""

from __future__ import annotations

VERDICTS: tuple[str, ...] = ("supported", "partial", "unsupported")
SUPPORTED_THRESHOLD = 0.30
PARTIAL_THRESHOLD = 0.18
ISSUE_PENALTY = 0.25  # score multiplier when a number or negation check fails
WORD_PENALTY = 0.5  # score multiplier when a near copy swaps a content word

EXACT = 1.0
PREFIX = 0.8
SOFT = 0.6
FUZZY = 0.5
ROOT = 0.45  # same consonant skeleton (הקטינה ~ קטנו ~ הוקטן), see hebrew.root_forms
NEGATION_SCOPE = 2  # a negation governs the first content word within two ("לא תחלק")
CONFLICT_PENALTY = 0.3  # score multiplier when a meaning check finds a contradiction
# antonym families whose pole in the span must sit in a sentence sharing LOCAL_SHARED
# content words with the claim (status words such as הבאה often plan something else)
LOCAL_FAMILIES: frozenset[str] = frozenset({"done/planned"})
LOCAL_SHARED = 2
FUZZY_MIN_LEN = 4
FUZZY_CUTOFF = 80
NUMBER_SWITCH = 0.5  # prefer a span holding the claim's numbers if it scores >= this x best
OVERLAP_WEIGHT = 0.5  # lexical score = OVERLAP_WEIGHT * idf overlap + rest * coverage
WINDOW_PENALTY = 0.03  # per extra sentence in a candidate window or turn
WINDOW_MIN_NEW = 2  # content words a window must add over its best sentence
FUZZ_MIN_TOKENS = 4  # fuzzy alignment only for claims of at least this many words
FUZZ_TOP = 6  # candidates (best by lexical score) that get a fuzzy alignment
MAX_SPANS = 3
EXTRA_SPAN_MIN_GAIN = 0.12  # share of the claim's weight an extra span must add
EXTRA_SPAN_PENALTY = 0.05  # score cost of each extra span
MAX_CLAIM_CHARS = 400  # longer answer sentences are cut at clause / word boundaries
VERIFIER_TOP_K = 3
INDEX_CACHE_SIZE = 192
CLAIM_CACHE_SIZE = 512  # prepared claims kept (``prepare_claim``): its hits come in pairs
# (a claim, then its words) and once per question; 4,096 cost +16 MB of peak RSS, no speed
CLAIM_MEMO_SIZE = 4096  # claim results kept by ``engine.ground`` (a repeated claim is free)
NEAR_COPY = 0.85  # fuzzy alignment above which a claim is a near copy of its span
# Unexplained content: the IDF share of the claim's asserted content words (light words
# and number words aside) that match nothing anywhere in the source. A share above
# UNEXPLAINED_FREE costs UNEXPLAINED_WEIGHT x the excess, so a claim whose core is in the
# source but which adds unstated facts ("...ערב מדורה", "...ביחידת מודיעין") falls to
# ``partial``. Calibrated on the HeQ pairs, the project pairs' dev split and the demo set.
UNEXPLAINED_FREE = 0.30
UNEXPLAINED_WEIGHT = 0.5
MIN_ANCHORS = 2  # aligned words a claim needs with its frame sentence for a binding check
BINDING_PENALTY = 0.3  # score multiplier when a piece of the claim is bound elsewhere
ANSWER_FLOOR = 0.4  # score factor at ratio 0 of an answer that stands off the question
# Local binding (``binding``): a claim and the sentence it follows (its frame).
FRAME_SHARE = 0.5  # share of the claim's words the frame must align
FRAME_TOP = 3  # sentences best matching the claim's words also tried as frames
SLOT_EDGE = 2  # words on each side of the first / last aligned word that form a slot
MAX_SLOT = 3  # longest slot (words) read in a reworded claim
NEAR_ANCHORS = 4  # a near copy aligns at least this many words...
NEAR_SHARE = 0.8  # ...and this share of the claim's words
MOVED_MAX_DF = 2  # a single moved word is rare: in at most this many sentences
MOVED_RUN = 3  # claim words of a slot that follow one another in another sentence: moved
RUN_GAP = 3  # ...with at most RUN_GAP - 1 function words between two of them there
PARTNER_REACH = 2  # claim words each side of a year or percentage that it is bound to
# Question-aware grounding (``question``).
ANSWER_MIN = 0.5  # share of the answer's words that makes a place hold the answer
ANSWER_REACH = 16  # words around the answer where the question's words count
ANSWER_ADJACENT = 0.8  # weight of the sentence before the answer's (an answer goes on)
ANSWER_OPENING = 8  # ...when the answer is at most this many words into its sentence
QUESTION_RATIO = 0.5  # the answer's place must score this x the question's best place
PLACED_ANSWER = 4  # answers of at most this many content words of their own are placed
TYPED_ANSWER = 4  # answers of at most this many new words are typed (``answer_types``)
VALUE_COVER = 0.5  # share of the question's words a clause holds to bind its value
VALUE_MARGIN = 0.2  # ...and by how much more than every clause of the answer's value
VALUE_REACH = 3  # words each side of a value in its clause that bind it (two values in one)
# Who said it (``people``).
STATEMENT_MIN = 0.5  # share of the statement's weight its best sentence must hold
STATEMENT_RATIO = 0.7  # the named speaker's best sentence must hold this x as much
NAME_MAX = 3  # words of a name in the who-is-who table
SHORT_ANSWER = 3  # content words of a claim that is read as a bare answer to the question

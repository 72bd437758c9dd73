"""`workbench synth`: write a schema-valid synthetic dataset of any size, for scale tests.

Text is Hebrew-like (real Hebrew words drawn at random, so it has the byte profile of the
real file) but meaningless; spans are cut from each source, so every offset is right by
construction. Genres, difficulties and ratings are drawn with a seeded generator: the
same ``--seed`` gives the same bytes.
"""

from __future__ import annotations

import random
from typing import Any

from workbench.data.schema import DIMENSIONS, GENRES

_WORDS = (
    "הוועדה החליטה לאשר את התקציב השנתי של העירייה לאחר דיון ארוך בכנסת על חינוך "
    "בריאות תחבורה ציבורית מים חקלאות מחקר אוניברסיטה תלמידים מורים רופאים נתונים "
    "עלייה ירידה אחוז מיליון שקלים שנה חודש יום שבוע ראש הממשלה השר המנהל הדובר "
    "אמר הוסיף הדגיש ציין לדבריו עם זאת בנוסף כמו כן אולם לכן משום שהוא היא הם "
    'צה"ל ארה"ב מנכ"ל יו"ר ח"כ עו"ד ירושלים חיפה באר שבע הגליל הנגב הים התיכון'
).split()
_NAMES = ("דנה", "יוסי", "מיכל", "אבי", "רונית", "עומר")


def _sentence(rng: random.Random) -> str:
    n = rng.randint(8, 22)
    words = [rng.choice(_WORDS) for _ in range(n)]
    if rng.random() < 0.3:
        words.insert(rng.randrange(n), f"{rng.randint(2, 99)}%")
    if rng.random() < 0.2:
        words.insert(rng.randrange(n), f"{rng.randint(1, 9)},{rng.randint(100, 999)}")
    return " ".join(words) + "."


def _record(i: int, rng: random.Random) -> dict[str, Any]:
    genre = GENRES[rng.randrange(3)]
    difficulty = rng.randrange(3)
    target = rng.randint(1500, 4500)
    sentences: list[str] = []
    length = 0
    while length < target:
        s = _sentence(rng)
        if genre == "dialogue":
            s = f"{rng.choice(_NAMES)}: {s}"
        sentences.append(s)
        length += len(s) + 1
    sep = "\n" if genre == "dialogue" else " "
    source = sep.join(sentences)
    starts = []
    pos = 0
    for s in sentences:
        starts.append(pos)
        pos += len(s) + 1
    claims: list[dict[str, Any]] = []
    for ci in range(rng.randint(1, 4)):
        attribution: list[dict[str, Any]] = []
        for sid in sorted(
            rng.sample(range(len(sentences)), rng.randint(1, min(3, len(sentences))))
        ):
            start = starts[sid]
            excerpt = sentences[sid]
            attribution.append(
                {
                    "sentence_id": sid,
                    "source_excerpt": excerpt,
                    "start_char": start,
                    "end_char": start + len(excerpt),
                    "verified": True,
                    "verification_method": "auto",
                }
            )
        text = " ".join(attribution[0]["source_excerpt"].split()[2:12]) + "."
        claims.append({"claim_id": ci, "text": text, "attribution": attribution})
    ratings = []
    for a in range(4):
        scores = {d: (2 if rng.random() < 0.8 else rng.choice((0, 1, 1))) for d in DIMENSIONS}
        ratings.append({"annotator_id": f"annotator_{a + 1}", "scores": scores})
    return {
        "id": f"syn{i:07d}",
        "source_task_id": f"task{i:07d}",
        "genre": genre,
        "difficulty": difficulty,
        "document_id": f"doc{i // 2:07d}",
        "question": " ".join(rng.choice(_WORDS) for _ in range(8)) + "?",
        "source_text": source,
        "reference_answer": " ".join(c["text"] for c in claims),
        "claims": claims,
        "human_ratings": ratings,
    }


def synth_records(n: int, seed: int = 0) -> list[dict[str, Any]]:
    """``n`` synthetic records, reproducible from ``seed``."""
    rng = random.Random(seed)
    return [_record(i, rng) for i in range(n)]

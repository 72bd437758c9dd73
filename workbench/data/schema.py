"""The dataset's schema as constants, taken from the card's field reference.

One place to read what a record must hold; `validate.py` checks it and
`frames.py` flattens it.
"""

from __future__ import annotations

GENRES: tuple[str, ...] = ("dialogue", "encyclopedic", "journalistic")
DIFFICULTIES: tuple[int, ...] = (0, 1, 2)
DIFFICULTY_MEANING: dict[int, str] = {0: "retrieval", 1: "simple", 2: "complex"}
DIMENSIONS: tuple[str, ...] = (
    "coherence",
    "relevance",
    "completeness",
    "faithfulness",
    "attribution",
)
SCORE_VALUES: tuple[int, ...] = (0, 1, 2)

# Top-level fields and their JSON types (bool is excluded from int explicitly in validate.py).
RECORD_FIELDS: dict[str, type] = {
    "id": str,
    "source_task_id": str,
    "genre": str,
    "difficulty": int,
    "document_id": str,
    "question": str,
    "source_text": str,
    "reference_answer": str,
    "claims": list,
    "human_ratings": list,
}
CLAIM_FIELDS: dict[str, type] = {"claim_id": int, "text": str, "attribution": list}
SPAN_FIELDS: dict[str, type] = {
    "sentence_id": int,
    "source_excerpt": str,
    "start_char": int,
    "end_char": int,
    "verified": bool,
    "verification_method": str,
}
RATING_FIELDS: dict[str, type] = {"annotator_id": str, "scores": dict}

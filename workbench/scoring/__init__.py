"""Scoring model answers: FMEval's QA metrics with Hebrew normalisation, the judge, answer
figures and files of answers, and the export of ground truth for FMEval."""

from workbench.scoring.answers import ScoreResult, score_answer, score_file
from workbench.scoring.judge import make_llm_judge, rule_judge

__all__ = ["ScoreResult", "make_llm_judge", "rule_judge", "score_answer", "score_file"]

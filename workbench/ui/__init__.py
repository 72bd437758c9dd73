"""Notebook widgets, each a thin view over a plain, tested class: the grounding explorer
and the review session."""

from workbench.ui.grounding_widget import GroundingExplorer, GroundingWidget, grounding_widget
from workbench.ui.review_widget import ReviewSession, ReviewWidget

__all__ = ["GroundingExplorer", "GroundingWidget", "ReviewSession", "ReviewWidget", "grounding_widget"]

"""Notebook widgets, each a thin view over a plain, tested class: the grounding explorer
and the review session (state in ``grounding_explorer`` / ``review_session``, HTML in
``grounding_html`` / ``review_html``, ipywidgets in ``grounding_widget`` / ``review_widget``)."""

from workbench.ui.grounding_explorer import GroundingExplorer
from workbench.ui.grounding_widget import GroundingWidget, grounding_widget
from workbench.ui.review_session import ReviewSession
from workbench.ui.review_widget import ReviewWidget

__all__ = [
    "GroundingExplorer",
    "GroundingWidget",
    "ReviewSession",
    "ReviewWidget",
    "grounding_widget",
]

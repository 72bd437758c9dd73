"""Chart builders: functions that take tidy polars frames and return Altair charts.

One module per topic: ``agreement``, ``breakdowns``, ``scores``, ``grounding`` (the
engine beside the baselines, and ``reliability_chart``: how well its support probability
is calibrated); ``theme`` and ``offline`` serve them all. Nothing is imported here, so
importing a sibling module never pulls in the others.
"""

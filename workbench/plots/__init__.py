"""Chart builders: functions that take tidy polars frames and return Altair charts.

One module per topic (``agreement``, ...). Nothing is imported here, so importing a
sibling module never pulls in the others.
"""

"""The Qt user interface of whistgui. Talks to :mod:`whistgui.engine` through its public API."""

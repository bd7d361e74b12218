"""Widgets and helpers that more than one workspace (or the main window
and a workspace) use: card art, grids, the figure dialog, the lazy tree model, messages for
display, pyqtgraph."""

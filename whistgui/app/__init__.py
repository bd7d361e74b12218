"""The application layer: everything the app does that needs no Qt.

The document and its file format (:mod:`~whistgui.app.document`: atomic saving, clear errors,
random deals), the paper's example deals (:mod:`~whistgui.app.examples`), what the analysis
panel shows of a document (:mod:`~whistgui.app.analysis`) and the inspector's search check
(:mod:`~whistgui.app.checks`). The UI calls it; it calls the engine; import-linter keeps the
layers in that order (ui → app → engine).
"""

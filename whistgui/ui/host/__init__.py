"""The host's parts beside the main window: the window's fit to the screen, the game chooser,
recent files, the question about unsaved changes, Help. None of them knows a workspace by
name (an import-linter contract says so)."""

"""The games of heaps and piles in the app (strange algebra §6 and §9, issue 26): the session,
the board, the panel of moves and theory, the page that holds them. The host imports only
:mod:`whistgui.ui.heaps.workspace` at start-up (for the chooser and Open's filter); the rest,
and the engine's games, come when the workspace is first made."""

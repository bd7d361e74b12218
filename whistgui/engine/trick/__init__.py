"""The trick game under any rules, apart from any value theory: cards and players
(:mod:`~whistgui.engine.trick.cards`), single-suit deals, deals and states
(:mod:`~whistgui.engine.trick.deal`) and their notations (:mod:`~whistgui.engine.trick.notation`),
the rules of a trick (:mod:`~whistgui.engine.trick.rules`), positions and play
(:mod:`~whistgui.engine.trick.play`) and the exact solver (:mod:`~whistgui.engine.trick.solver`).

Nothing here imports a game's theory (:mod:`whistgui.engine.games`; an import-linter contract
in pyproject.toml keeps it so). ``whistgui.engine`` exports the names most code needs.
"""

"""What File ▸ Export Figure draws of the GOPS explorer: the matrix game of the bidding state
shown and its solution (the exact fractions when computed), under a title naming the rules and
a caption naming the state in the explorer's words — prizes left, hands, pot and score (review
31b, X6: a reader could not tell which state an exported matrix belonged to)."""

from __future__ import annotations

from fractions import Fraction

from whistgui.engine.gops import ExactSolution, GopsRules
from whistgui.figures import Figure, FigureOptions
from whistgui.figures.gops import GOPS_VIEWS
from whistgui.ui.gops.jobs import StateView
from whistgui.ui.gops.words import plain_state_words
from whistgui.ui.widgets.figure_dialog import FigureSource

__all__ = ["state_figure_source"]


def state_figure_source(
    view: StateView, exact: ExactSolution | Fraction | None, rules: GopsRules
) -> FigureSource | None:
    """The figures of ``view`` (a bidding state's matrix game and solution, computed under
    ``rules``); None for a state with no matrix game."""
    solution = view.solution
    if solution is None:
        return None
    exact_solution = exact if isinstance(exact, ExactSolution) else None
    state = view.state

    def build(name: str, options: FigureOptions) -> Figure:
        from whistgui.figures.gops import build_gops_figure

        fig = build_gops_figure(
            name,
            view.matrix,
            solution,
            view.rows,
            view.cols,
            options,
            dominated_rows=view.dominated_rows,
            dominated_cols=view.dominated_cols,
            exact=exact_solution,
            title=f"GOPS, {rules.describe()}",
            caption=plain_state_words(state, rules),
        )
        fig.title = f"GOPS ({rules.describe()}): {state}"
        return fig

    prizes = "-".join(map(str, sorted(state.prizes))) or "none"
    name = f"gops-n{rules.n}-pot{state.pot}-prizes{prizes}"
    return FigureSource(GOPS_VIEWS, build, name, "both", key="gopsFigure")

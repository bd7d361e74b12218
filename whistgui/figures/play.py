"""The record of optimal play: a heading with the deal, who leads, the game and what the line
starts from (the value and the tricks it predicts, or the exact search's result), then trick by
trick the number, each card with who played it and why (the reason wrapped in its column) and
who won the trick, and at the end the outcome in words.

The line is the engine's :class:`~whistgui.engine.strategy.PlayLine` — from the values in
whist and refined whist (:func:`~whistgui.engine.strategy.play_line`), by exact search in the
other games (:func:`~whistgui.engine.strategy.search_line`) — with its cards named as the play
panel names them (``♥A``). Nothing is cut: a reason too long for its column wraps.
"""

from __future__ import annotations

from typing import Final

from whistgui.app.analysis import game_label, is_whist
from whistgui.app.document import Document
from whistgui.engine import NotationError, Player, WhistError
from whistgui.engine.strategy import PlayLine, Step, play_line, search_line
from whistgui.engine.strategy.line import mark_text
from whistgui.engine.trick.cards import SUIT_SYMBOLS, count, suit_symbol
from whistgui.figures.deal import RED
from whistgui.figures.layout import paragraph, text_item
from whistgui.figures.scene import BLACK, Figure, Line
from whistgui.figures.text import line_height, measure, wrap, wrap_tokens

__all__ = [
    "HEADERS",
    "NARROW_TRICK",
    "build_play",
    "card_text",
    "optimal_line",
    "reason_text",
    "wrap_reason",
]

#: The record's columns: the trick's number, the card (with who played it), why.
HEADERS: Final = ("Trick", "Card", "Why")
#: The trick column's header where the reasons would otherwise get less than 18 ems.
NARROW_TRICK: Final = "#"
#: The rule between tricks.
_TRICK_RULE: Final = "#b0b0b0"
#: Signs a line never breaks beside: ``1 − ε₀``, ``½ → 1`` stay on one line.
_GLUE: Final = frozenset("−+±∓×→")


def wrap_reason(text: str, size: float, width: float, *, italic: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` — but never beside a sign,
    so that a value or a change of value (``hearts 1 − ε₀ → 1``) stays on one line where it
    can; a stretch wider than a line breaks at its spaces, a word wider than that between
    characters. Never shortened: the lines joined by spaces are ``text``."""
    words = text.split(" ")
    stretches: list[str] = []
    glue_next = False
    for word in words:
        if stretches and (glue_next or word in _GLUE):
            stretches[-1] += f" {word}"
        else:
            stretches.append(word)
        glue_next = word in _GLUE
    lines = wrap_tokens([(x, " ") for x in stretches], size, width, italic=italic)
    return lines or [""]


def card_text(name: str) -> str:
    """A card as the play panel writes it: ``♦A`` for ``D:A`` in the standard suits, the
    name itself (``5:13``) in a fifth or later suit.

    >>> card_text("D:A"), card_text("S:10"), card_text("5:13")
    ('♦A', '♠10', '5:13')
    """
    suit, sep, rank = name.partition(":")
    return f"{SUIT_SYMBOLS[suit]}{rank}" if sep and suit in SUIT_SYMBOLS else name


def reason_text(step: Step) -> str:
    """Why the card was played, and what it gave away when it was not best."""
    cost = f" [gives away {step.cost_text}]" if step.cost > 0 else ""
    return f"{step.reason}{cost}"


def optimal_line(doc: Document) -> PlayLine:
    """``doc.deal`` played out optimally with ``doc.lead`` on lead in ``doc.game``: from the
    values in whist and refined whist, by exact search otherwise. WhistError with the
    engine's reason for a deal the game's way of playing refuses."""
    deal, game = doc.deal, doc.game_info
    if deal.size == 0:  # DealError first for hands of different sizes
        raise WhistError(f"no cards are dealt in {str(deal)!r}: there is nothing to play")
    if not is_whist(game):
        return search_line(deal, doc.lead, game)  # refuses deals too big to search
    return play_line(deal, doc.lead)  # refuses asymmetric suits, saying which


def _heading(line: PlayLine, doc: Document) -> list[str]:
    """The lines under the deal: who leads in which game, and what the line starts from."""
    who = line.leader.word
    how = ", played by exact search" if line.method == "search" else ""
    out = [f"{who} on lead · {game_label(doc.game_info)}{how}"]
    v, predicted = line.start_value, line.predicted
    if isinstance(predicted, Player):
        should = f"{predicted.word} should win"
    else:
        should = f"West should take {mark_text(predicted)}"
    if line.method == "values":
        value = v.pretty() if v is not None else "?"
        out.append(f"Value {value}: {should} (ρ for {who} on lead)")
    else:
        if v is not None:  # another game's element, with its theory's words
            words = getattr(v, "words", "")
            out.append(f"Element {v.pretty()}" + (f" — {words}" if words else ""))
        out.append(f"{should} (exact search)")
    return out


def _outcome(full: PlayLine, shown: PlayLine) -> str:
    """What West took (and who won, in a last-trick game), after the cards shown."""
    final = full.text_lines()[-1]
    if shown.is_over:
        return final
    n = len(shown)
    if n == 0:
        return f"Played out optimally: {final}"
    total = 2 * full.deal.size
    return (
        f"After {count(n, 'card')} of {total}, West has {count(shown.west_tricks, 'trick')}. "
        f"Played out optimally: {final}"
    )


def _paragraph(
    fig: Figure, x: float, top: float, width: float, text: str, size: float, *, bold: bool = False
) -> float:
    """``text`` wrapped (never beside a sign) with its first line's top at ``top``; returns
    the bottom of the last line."""
    if bold:
        return paragraph(fig, x, top, width, text, size, bold=True)
    y = top
    for line in wrap_reason(text, size, width + 0.01):
        fig.add(text_item(x, y + size, line, size))
        y += line_height(size)
    return y


def _deal_line(
    fig: Figure, doc: Document, x: float, top: float, width: float, size: float
) -> float:
    """The deal suit by suit — ``♠ KJ/AQ   ♥ A/K`` (``5: A/K`` for a fifth suit, whose cards
    are named ``5:A``) — side by side on as many lines as ``width`` needs (a suit wider than
    a line wraps); returns the bottom of the last line."""
    lh = line_height(size)
    space = measure(" ", size)
    y, cx = top, x
    for suit, name in zip(doc.deal.suits, doc.deal.names, strict=True):
        # a fifth or later suit by its name, as its cards are named (5:A)
        sym = suit_symbol(name) if name in SUIT_SYMBOLS else f"{name}:"
        text = str(suit)
        colour = RED if sym in "♥♦" else BLACK
        lead = measure(sym, size) + space
        w = lead + measure(text, size)
        if cx > x and cx + w > x + width:
            y, cx = y + lh, x
        fig.add(text_item(cx, y + size, sym, size, colour=colour))
        if w <= width:
            fig.add(text_item(cx + lead, y + size, text, size))
            cx += w + 1.5 * size
            continue
        for line in wrap(text, size, width - lead):
            fig.add(text_item(cx + lead, y + size, line, size))
            y += lh
        cx = x
    return y + lh if cx > x else y


def build_play(
    doc: Document,
    width: float,
    size: float = 9.0,
    *,
    cards: int | None = None,
    line: PlayLine | None = None,
) -> Figure:
    """The record of optimal play of ``doc`` as a figure ``width`` points wide in
    ``size``-point type: the heading, its first ``cards`` cards (None: all of them; 0 to
    twice the cards a hand, else WhistError) trick by trick with their reasons, then the
    outcome. ``line``: draw that record instead (the play panel's, which may hold the user's
    own cards and what they cost). WhistError with the engine's reason for a deal the game's
    way of playing refuses."""
    deal = doc.deal
    total = 2 * deal.size  # DealError for hands of different sizes
    if cards is not None and (
        isinstance(cards, bool) or not isinstance(cards, int) or not 0 <= cards <= total
    ):
        raise NotationError(f"cards {cards!r}: expected 0 to {total}, the cards in {str(deal)!r}")
    full = line if line is not None else optimal_line(doc)
    shown = full.upto(cards) if cards is not None else full

    fig = Figure(width, 0, title=doc.title or f"Optimal play of {deal}", font_size=size)
    margin = size
    lh = line_height(size)
    pad = 0.4 * size  # either side of the table's text
    heavy, light = max(0.8, size / 11), max(0.4, size / 22)

    # the columns: trick numbers right-aligned, the player's letter and the card, the reason;
    # where the reasons would get less than 18 ems, the trick column is headed "#", closer
    names = [card_text(s.name) for s in shown]
    player_w = max(measure(p.value, size) for p in Player)
    card_w = max([measure(n, size) for n in names], default=0.0)
    for trick_head, gap in ((HEADERS[0], 0.9 * size), (NARROW_TRICK, 0.7 * size)):
        trick_w = max(measure(trick_head, size, bold=True), measure(str(deal.size), size))
        trick_end = margin + pad + trick_w
        x_player = trick_end + gap
        x_card = x_player + player_w + 0.35 * size
        x_why = max(x_card + card_w, x_player + measure(HEADERS[1], size, bold=True)) + gap
        why_w = width - margin - pad - x_why
        if why_w >= 18 * size:
            break
    why_w = max(why_w, 5 * size)  # a figure too narrow for the reasons grows: never cut
    right = x_why + why_w + pad
    fig.width = max(width, right + margin)
    text_w = fig.width - 2 * margin

    # the heading: the title, the deal, who leads in which game, what the line starts from
    y = margin
    if doc.title:
        y = _paragraph(fig, margin, y, text_w, doc.title, size, bold=True)
    y = _deal_line(fig, doc, margin, y, text_w, size)
    for text in _heading(full, doc):
        y = _paragraph(fig, margin, y, text_w, text, size)
    y += 0.5 * lh

    if shown.steps:
        fig.add(Line(margin, y, right, y, heavy))
        y += heavy / 2 + 0.3 * pad
        base = y + size
        fig.add(text_item(trick_end, base, trick_head, size, bold=True, anchor="end"))
        fig.add(text_item(x_player, base, HEADERS[1], size, bold=True))
        fig.add(text_item(x_why, base, HEADERS[2], size, bold=True))
        y += lh + 0.3 * pad
        fig.add(Line(margin, y, right, y, light))
        y += light / 2 + 0.5 * pad
        first = True
        for i, step in enumerate(shown):
            if i and step.trick != shown[i - 1].trick:  # a new trick: a faint rule above it
                y += 0.2 * size
                fig.add(Line(margin + pad, y, right - pad, y, light / 2, _TRICK_RULE))
                y += 0.5 * pad
                first = True
            base = y + size
            if first:
                fig.add(text_item(trick_end, base, str(step.trick), size, anchor="end"))
                first = False
            fig.add(text_item(x_player, base, step.player.value, size))
            colour = RED if names[i][:1] in "♥♦" else BLACK
            fig.add(text_item(x_card, base, names[i], size, colour=colour))
            for part in wrap_reason(reason_text(step), size, why_w + 0.01):
                fig.add(text_item(x_why, y + size, part, size))
                y += lh
            if step.wins is not None:
                won = f"{step.wins.word} wins the trick"
                for part in wrap_reason(won, size, why_w + 0.01, italic=True):
                    fig.add(text_item(x_why, y + size, part, size, italic=True))
                    y += lh
            y += 0.2 * size
        y += 0.3 * pad
        fig.add(Line(margin, y, right, y, heavy))
        y += heavy / 2 + 0.5 * lh
    y = _paragraph(fig, margin, y, text_w, _outcome(full, shown), size)
    fig.height = y + margin
    return fig

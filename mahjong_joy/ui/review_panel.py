"""The replay viewer's review: grade marks on the step track and the panel beside the table.

The panel shows the decision the player faces at the cursor (the coach's ``step`` is the
position before the decision, so the table shows the very choice and Play from here can try
another), or the one just played: the grade with its mark and the loss, the player's choice, the AI's top three
options with their values (the player's row lit, added fourth when it is not among them),
and why. With no decision of the seat at the cursor, the hand's tally; while the review is
made, a progress bar; always, the legend of the grades with their thresholds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from mahjong_joy.i18n import ntr, tr
from mahjong_joy.ui import theme
from mahjong_joy.ui.grades import COLOURS, draw_mark, grade_name
from mahjong_joy.ui.review_state import DecisionCard, ReviewState
from mahjong_joy.ui.widgets import draw_progress_bar

Row = tuple[int, Callable[[pygame.Surface, int, int, int], None]]  # (height, draw(surface, x, y, width))


def mark_steps(marks: list[tuple[int, str]]) -> list[int]:
    """The steps that carry a mark."""
    return sorted({step for step, _ in marks})


def draw_marks(surface: pygame.Surface, track: pygame.Rect, marks: list[tuple[int, str]], total: int, s: float) -> None:
    """Each reviewed decision of the hand on its step of the track, in its grade's colour and
    shape (a good one smaller, so the few bad ones stand out); worse marks are drawn last."""
    for step, grade in marks:
        x = track.x + round(track.w * step / max(1, total))
        size = max(7, round(10 * s)) if grade == "good" else max(10, round(14 * s))
        draw_mark(surface, grade, (x, track.centery), size)


def money(value: float) -> str:
    """A value in points as the panel prints it: ``2,300`` or ``-1,200``."""
    return f"{round(value):,}"


def legend_lines() -> list[tuple[str, str]]:
    """``(grade, words)`` per grade, the words from the coach's one legend."""
    from mahjong_joy.app.coach import GRADE_NAMES, legend

    return list(zip(GRADE_NAMES, legend()))


def legend_rows(width: int, s: float) -> list[Row]:
    """The legend as rows: a mark, then the grade and its threshold (wrapped)."""
    size = max(10, round(12 * s))
    mark = max(9, round(12 * s))
    rows: list[Row] = []
    for grade, words in legend_lines():
        lines = theme.wrap(words, size, width - mark - round(8 * s))
        line_h = round(size * 1.3)

        def draw(surface: pygame.Surface, x: int, y: int, w: int, grade: str = grade, lines: list[str] = lines, line_h: int = line_h) -> None:
            draw_mark(surface, grade, (x + mark // 2, y + line_h // 2), mark)
            for i, line in enumerate(lines):
                theme.blit_text(surface, line, size, theme.INK_SOFT, topleft=(x + mark + round(8 * s), y + i * line_h))

        rows.append((len(lines) * line_h, draw))
    return rows


def compact_legend_row(width: int, s: float) -> Row:
    """The legend in one row for a short panel: each mark with the loss that earns it
    (``● under 100  ▲ 100+  ■ 300+  ✖ 600+``, in points)."""
    from mahjong_joy.app.coach import GRADES

    size = max(10, round(12 * s))
    mark = max(9, round(12 * s))
    items = []
    for i, (grade, least) in enumerate(GRADES):
        words = tr("under {points}", points=money(GRADES[1][1])) if i == 0 else tr("{points}+", points=money(least))
        items.append((grade, words))

    def draw(surface: pygame.Surface, x: int, y: int, w: int) -> None:
        cell = w // len(items)
        for i, (grade, words) in enumerate(items):
            cx = x + i * cell
            draw_mark(surface, grade, (cx + mark // 2, y + round(size * 0.65)), mark)
            theme.blit_fit(surface, words, size, theme.INK_SOFT, cell - mark - round(6 * s), midleft=(cx + mark + round(4 * s), y + round(size * 0.65)))
        theme.blit_fit(surface, tr("points lost; near-ties count as good"), size, theme.INK_SOFT, w, topleft=(x, y + round(size * 1.5)))

    return (round(size * 2.9), draw)


def _text_rows(text: str, size: int, colour: theme.Color, width: int, limit: int = 99) -> list[Row]:
    rows: list[Row] = []
    lines = theme.wrap(text, size, width)
    if len(lines) > limit:
        lines = lines[: limit - 1] + [lines[limit - 1].rstrip() + "…"]
    for line in lines:
        rows.append((round(size * 1.32), lambda surface, x, y, w, line=line: theme.blit_text(surface, line, size, colour, topleft=(x, y))))
    return rows


def _gap(px: int) -> Row:
    return (px, lambda surface, x, y, w: None)


def _progress_rows(review: ReviewState | None, width: int, s: float) -> list[Row]:
    """A bar and its words while the review is made (or why it could not be)."""
    if review is not None and review.error:
        return _text_rows(tr("The review could not be made: {why}", why=review.error), round(13 * s), theme.ROSE_DEEP, width, 5)
    share = review.fraction if review is not None else 0.0
    words = review.progress_text() if review is not None and review.started else tr("Getting ready to review…")
    bar_h = max(6, round(10 * s))

    def bar(surface: pygame.Surface, x: int, y: int, w: int) -> None:
        draw_progress_bar(surface, pygame.Rect(x, y, w, bar_h), share)

    return _text_rows(words, round(14 * s), theme.INK, width) + [_gap(round(5 * s)), (bar_h + round(6 * s), bar)]


def _option_rows(card: DecisionCard, width: int, s: float, art: Any) -> list[Row]:
    """The AI's top options, one row each: rank, tile picture, words, value; the player's row lit."""
    size = round(13 * s)
    tile_w = max(12, round(17 * s))
    tile_h = art.image(0, tile_w).get_height() if art is not None else 0
    row_h = max(round(size * 1.6), tile_h + round(3 * s))
    rows: list[Row] = []
    for option in card.options:
        def draw(surface: pygame.Surface, x: int, y: int, w: int, option: Any = option) -> None:
            if option.chosen:
                band = pygame.Rect(x - round(4 * s), y, w + round(8 * s), row_h - round(2 * s))
                pygame.draw.rect(surface, theme.lighter(theme.HIGHLIGHT, 0.55), band, border_radius=round(6 * s))
            value = theme.blit_text(surface, money(option.value), size, theme.INK, midright=(x + w, y + row_h // 2))
            left = x
            theme.blit_text(surface, f"{option.rank}.", size, theme.INK_SOFT, midleft=(left, y + row_h // 2))
            left += round(size * 1.4)
            if option.tile is not None and art is not None:
                image = art.image(option.tile, tile_w)
                surface.blit(image, (left, y + (row_h - image.get_height()) // 2))
                left += tile_w + round(5 * s)
            words = option.words + ("  " + tr("(you)") if option.chosen else "")
            theme.blit_fit(surface, words, size, theme.INK, max(10, value.x - left - round(6 * s)), midleft=(left, y + row_h // 2))

        rows.append((row_h, draw))
    return rows


def _card_rows(card: DecisionCard, width: int, s: float, art: Any, step: int | None = None) -> list[Row]:
    """A decision: its grade and loss, the player's choice, the AI's options, the reason; a
    note when the cursor is past it (``step`` is the cursor's)."""
    head = round(16 * s)
    mark = round(15 * s)
    words = tr("{grade} · loss {loss} points", grade=grade_name(card.grade).capitalize(), loss=money(card.loss))

    def title(surface: pygame.Surface, x: int, y: int, w: int) -> None:
        draw_mark(surface, card.grade, (x + mark // 2, y + round(head * 0.7)), mark)
        theme.blit_fit(surface, words, head, theme.darker(COLOURS[card.grade], 0.7) if card.grade != "good" else theme.MINT_DEEP,
                       w - mark - round(8 * s), topleft=(x + mark + round(8 * s), y))

    rows: list[Row] = []
    if step is not None and step != card.step:
        rows += _text_rows(tr("Just played, at step {step}:", step=card.step), round(12 * s), theme.INK_SOFT, width, 1)
    rows.append((round(head * 1.45), title))
    rows += _text_rows(tr("Your choice: {action}", action=card.chosen), round(14 * s), theme.INK, width, 2)
    rows.append(_gap(round(4 * s)))
    rows += _text_rows(tr("The AI's top three (expected points):"), round(12 * s), theme.INK_SOFT, width, 2)
    rows += _option_rows(card, width, s, art)
    rows.append(_gap(round(4 * s)))
    rows += _text_rows(card.reason, round(13 * s), theme.INK, width, 6)
    return rows


def _tally_rows(review: ReviewState, hand: int, width: int, s: float) -> list[Row]:
    """No decision at the cursor: the hand's tally and where the mistake keys lead."""
    count, bad = review.hand_tally(hand)
    text = ntr("This hand: {count} decision reviewed", "This hand: {count} decisions reviewed", count)
    rows = _text_rows(text, round(14 * s), theme.INK, width)
    rows += _text_rows(ntr("{count} mistake or blunder", "{count} mistakes or blunders", bad), round(14 * s),
                       theme.ROSE_DEEP if bad else theme.MINT_DEEP, width)
    hint = tr("Step to a mark, or press ] for the next mistake.") if review.mistakes else tr("No mistakes in this match.")
    rows += _text_rows(hint, round(13 * s), theme.INK_SOFT, width, 3)
    return rows


def panel_rows(review: ReviewState | None, card: DecisionCard | None, hand: int, name: str, width: int, s: float,
               art: Any = None, room: int | None = None, step: int | None = None) -> list[Row]:
    """Every row of the panel, top to bottom; the legend shrinks to one row when the full one
    would not fit in ``room`` px."""
    rows = _text_rows(tr("Review · {name}", name=name), round(17 * s), theme.INK, width, 1)
    rows.append(_gap(round(4 * s)))
    if review is None or not review.ready:
        rows += _progress_rows(review, width, s)
    elif card is not None:
        rows += _card_rows(card, width, s, art, step)
    else:
        rows += _tally_rows(review, hand, width, s)
    rows.append(_gap(round(8 * s)))
    legend = legend_rows(width, s)
    if room is not None and sum(h for h, _ in rows + legend) > room:
        legend = [compact_legend_row(width, s)]
    return rows + legend


def review_panel_height(card: DecisionCard | None, review: ReviewState | None, width: int, s: float, hand: int = 0,
                        room: int | None = None, art: Any = None, step: int | None = None) -> int:
    """The panel's height for ``width`` px (its padding included), within ``room`` px if given."""
    pad = round(12 * s)
    inner = None if room is None else room - 2 * pad
    return sum(h for h, _ in panel_rows(review, card, hand, "", width - 2 * pad, s, art, inner, step)) + 2 * pad


def draw_review_panel(surface: pygame.Surface, rect: pygame.Rect, review: ReviewState | None, card: DecisionCard | None,
                      hand: int, name: str, s: float, art: Any = None, step: int | None = None) -> None:
    """The panel in ``rect``; rows that do not fit are left off (the legend shrinks first)."""
    pad = round(12 * s)
    edge = COLOURS[card.grade] if card is not None else theme.LAVENDER_DEEP
    theme.panel(surface, rect, theme.PANEL, round(14 * s), edge)
    x, y, w = rect.x + pad, rect.y + pad, rect.w - 2 * pad
    for height, draw in panel_rows(review, card, hand, name, w, s, art, rect.h - 2 * pad, step):
        if y + height > rect.bottom - pad + 1:
            break
        draw(surface, x, y, w)
        y += height

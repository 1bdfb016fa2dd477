"""The score screen after each hand, for every ending: one card per winner (a double or
triple ron pages through its cards) with the hand, the yaku and fu, the dora and, for
a riichi winner, the ura-dora turned over, the honba, riichi-stick and pao lines;
an exhaustive draw shows every seat tenpai or noten with its waits and the noten or
nagashi payments; an abortive draw names its reason and shows the hand that caused
it. The screen reads the engine's own :class:`~mahjong_joy.engine.outcome.HandOutcome`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import pygame

from mahjong_joy.i18n import NC_, N_, current_language, ntr, tr, trc
from mahjong_joy.melds import CHI, CLOSED_KAN
from mahjong_joy.notation import parse_tiles
from mahjong_joy.names import fu_words, limit_name, seat_name, wind_name, yaku_japanese, yaku_name
from mahjong_joy.rulesets.mcr import McrSituation, fan_name, principle_name, score_mcr
from mahjong_joy.rulesets.mcr.fan import ROW_BY_ID
from mahjong_joy.rulesets.mcr.scorer import BASE_PAYMENT
from mahjong_joy.rulesets.riichi import YAKU_ROWS
from mahjong_joy.tiles import kind_of_code
from mahjong_joy.ui import theme
from mahjong_joy.ui.hand_rows import ROW_MIN, draw_seat_hands, rows_fit, seat_hands
from mahjong_joy.ui.layout import HAND_ZOOM, reached_zoom
from mahjong_joy.ui.melds import MeldTile, meld_tiles, stack_lift
from mahjong_joy.ui.navigation import build
from mahjong_joy.ui.replay_session import ReplaySession
from mahjong_joy.ui.review_state import ReviewState, playing_session
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.session import HandOutcome, TableSnapshot, WinResult
from mahjong_joy.ui.tiles_art import footprint, tile_height
from mahjong_joy.ui.widgets import Button, draw_progress_bar, ensure_focus, keyboard_focus, track_hover

ABORT_WORDING = {  # English keys, translated where shown
    "nine_terminals": (NC_("abortive draw", "Nine terminals"), N_("{name} showed nine different terminals and honors on the first draw.")),
    "four_winds": (NC_("abortive draw", "Four winds"), N_("All four players discarded the same wind on the first go-around.")),
    "four_kans": (NC_("abortive draw", "Four kans"), N_("Four kans were declared by more than one player.")),
    "four_riichi": (NC_("abortive draw", "Four riichi"), N_("All four players declared riichi.")),
    "triple_ron": (NC_("abortive draw", "Triple ron"), N_("Three players called ron on one discard: under these rules the hand is drawn.")),
}
ABORT_HEADLINES = {"nine_terminals": N_("Abortive draw: nine terminals"), "four_winds": N_("Abortive draw: four winds"),
                   "four_kans": N_("Abortive draw: four kans"), "four_riichi": N_("Abortive draw: four riichi"),
                   "triple_ron": N_("Abortive draw: triple ron")}


def wins_of(r: HandOutcome | None) -> tuple[WinResult, ...]:
    """Every win of a result (none before a hand ends), nearest the discarder first."""
    return () if r is None else r.wins


def _win(snap: TableSnapshot, win: WinResult | None) -> WinResult | None:
    if win is not None:
        return win
    wins = wins_of(snap.result)
    return wins[0] if wins else None


def headline(snap: TableSnapshot, win: WinResult | None = None) -> str:
    """One line saying how the hand ended (for ``win``, or the first win)."""
    r = snap.result
    w = _win(snap, win)
    if r is None or w is None:
        if r is not None and r.abort:
            if r.abort in ABORT_HEADLINES:
                return tr(ABORT_HEADLINES[r.abort])
            return tr("Abortive draw: {reason}", reason=pretty(r.abort).lower())
        return tr("Exhaustive draw")
    name, me = seat_name(snap.names[w.seat]), snap.names[w.seat] == "You"
    source = snap.names[w.from_seat] if w.from_seat is not None else ""
    if is_mcr_win(w):  # Chinese Official says neither tsumo nor ron
        if w.tsumo:
            return tr("You win, self-drawn") if me else tr("{name} wins, self-drawn", name=name)
        if source == "You":
            return tr("{name} wins on your discard", name=name)
        if me:
            return tr("You win on {source}'s discard", source=seat_name(source))
        return tr("{name} wins on {source}'s discard", name=name, source=seat_name(source))
    if w.tsumo:
        return tr("You win self-drawn (tsumo)") if me else tr("{name} wins self-drawn (tsumo)", name=name)
    if source == "You":
        return tr("{name} wins on your discard (ron)", name=name)
    if me:
        return tr("You win on {source}'s discard (ron)", source=seat_name(source))
    return tr("{name} wins on {source}'s discard (ron)", name=name, source=seat_name(source))


def possessive(name: str) -> str:
    """``Momo's``, but ``your`` for the player called You."""
    return tr("your") if name == "You" else tr("{name}'s", name=seat_name(name))


def pretty(name: str) -> str:
    """An id such as ``four_kans`` as readable words (``Four kans``); yaku have their
    own display names (:func:`mahjong_joy.names.yaku_name`)."""
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def fu_label(reason: str, fu: int, tiles: str = "", called: frozenset[int] = frozenset()) -> str:
    """One fu line in words, e.g. ``Pon of 5 of Dots (called)  2 fu``; ``called`` holds
    the kinds the winner called a pon or kan of (a triplet of another kind was completed
    on the winning discard, which the scorer counts as open too).

    >>> fu_label("open_triplet", 2, "555p", frozenset({13}))
    'Pon of 5 of Dots (called)  2 fu'
    """
    tile = parse_tiles(tiles)[0] if tiles else None
    return tr("{words}  {fu} fu", words=fu_words(reason, tile, tile in called), fu=fu)


def called_kinds(win: WinResult) -> frozenset[int]:
    """Kinds of the sets the winner called from a discard (pons and open kans)."""
    return frozenset(kind_of_code(m.tiles[0]) for m in win.melds if m.type != CLOSED_KAN and m.type != CHI)


def fu_texts(snap: TableSnapshot, win: WinResult | None = None) -> list[str]:
    """The fu breakdown lines the screen lists (also what tests read)."""
    w = _win(snap, win)
    if w is None:
        return []
    called = called_kinds(w)
    return [fu_label(reason, fu, tiles, called) for reason, fu, tiles in w.fu_details]


def payment_text(snap: TableSnapshot, win: WinResult | None = None) -> str:
    """Who paid what for one win, named by seat, from that win's own changes."""
    w = _win(snap, win)
    if w is None:
        return ""
    deltas = w.deltas if any(w.deltas) else snap.result.deltas
    payers = [f"{seat_name(snap.names[seat])} {-d:,}" for seat, d in enumerate(deltas) if d < 0]
    gain = deltas[w.seat] if w.seat < len(deltas) else 0
    return tr("Paid: {payers}  →  {name} +{gain}", payers=" · ".join(payers), name=seat_name(snap.names[w.seat]), gain=f"{gain:,}")


def score_lines(snap: TableSnapshot, win: WinResult | None = None) -> list[str]:
    """Yaku and fu lines as the screen lists them (also what tests read)."""
    w = _win(snap, win)
    if w is None:
        return []
    lines = [f"{yaku_name(name)}  {han_words(name, han)}" if han else yaku_name(name) for name, han in w.yaku]
    total = tr("{han} han {fu} fu", han=w.han, fu=w.fu) if w.fu else tr("{han} han", han=w.han)
    if w.limit:
        total = tr("{value} · {limit}", value=total, limit=limit_name(w.limit))
    return lines + [total]


YAKUMAN_IDS = frozenset(row.id for row in YAKU_ROWS if row.yakuman)


def han_words(yaku_id: str, han: int) -> str:
    """A yaku line's value: ``2 han``; a yakuman reads as one (``yakuman``, ``double yakuman``), not 13 han.

    >>> han_words("pinfu", 1), han_words("kokushi", 13), han_words("suuankou", 26)
    ('1 han', 'yakuman', 'double yakuman')
    """
    if yaku_id not in YAKUMAN_IDS:
        return tr("{han} han", han=han)
    times = han // 13
    if times <= 1:
        return tr("yakuman")
    return tr("double yakuman") if times == 2 else tr("{times}x yakuman", times=times)


def yaku_subtitles(snap: TableSnapshot, win: WinResult | None = None) -> list[str]:
    """The smaller second line under each yaku line: its Japanese name ("" when none)."""
    w = _win(snap, win)
    return [] if w is None else [yaku_japanese(name) for name, _ in w.yaku]


def table_lines(snap: TableSnapshot, index: int = 0) -> list[str]:
    """The honba, riichi-stick, pao and multiple-ron lines of the ``index``-th win's card."""
    r = snap.result
    wins = wins_of(r)
    if not wins:
        return []
    w = wins[index]
    out = []
    honba = r.start.honba if r.start is not None else snap.honba
    sticks = (r.start.sticks if r.start is not None else 0) + len(r.riichi)
    if index == 0 and honba:
        out.append(tr("Honba ×{honba}: {points} more paid to {name}", honba=honba, points=f"{300 * honba:,}", name=seat_name(snap.names[w.seat])))
    if index == 0 and sticks:
        out.append(tr("Riichi sticks ×{sticks}: +{points} to {name}", sticks=sticks, points=f"{1000 * sticks:,}", name=seat_name(snap.names[w.seat])))
    if w.pao_seat is not None and w.pao_seat != w.seat:
        out.append(tr("Pao: {name} fed the set that completed the yakuman and pays for it", name=seat_name(snap.names[w.pao_seat])))
    if len(wins) > 1 and not w.tsumo:
        lost = -sum(x.deltas[w.from_seat] for x in wins)
        payer = snap.names[w.from_seat]
        if payer == "You":
            out.append(tr("You pay {points} in all to {count} winners", points=f"{lost:,}", count=len(wins)))
        else:
            out.append(tr("{name} pays {points} in all to {count} winners", name=seat_name(payer), points=f"{lost:,}", count=len(wins)))
    return out


def abort_outcome_lines(snap: TableSnapshot) -> list[str]:
    """What an abortive draw leaves: nobody pays, the dealer deals again with one more honba
    (RULES.md A1: every abortive draw is a dealer repeat), and where the riichi sticks go."""
    first = tr("Nobody pays; the match is over.") if snap.match_over else tr("Nobody pays; the dealer deals again with one more honba.")
    return [first] + ([sticks_text(snap.sticks, snap.match_over)] if snap.riichi_rules and snap.sticks else [])


def sticks_text(sticks: int, match_over: bool) -> str:
    """Where the riichi sticks left after a draw go.

    >>> sticks_text(1, False), sticks_text(2, True)
    ('1 riichi stick stays on the table for the next winner', '2 riichi sticks go to first place in the standings')
    """
    if match_over:
        return ntr("{count} riichi stick goes to first place in the standings",
                   "{count} riichi sticks go to first place in the standings", sticks)
    return ntr("{count} riichi stick stays on the table for the next winner",
               "{count} riichi sticks stay on the table for the next winner", sticks)


def draw_rows(snap: TableSnapshot) -> list[tuple[int, bool, tuple[int, ...]]]:
    """An exhaustive draw seat by seat: (seat, tenpai, waits)."""
    r = snap.result
    ready = dict(r.ready) if r is not None else {}
    return [(seat, seat in ready, tuple(ready.get(seat, ()))) for seat in range(4)]


def draw_payment_text(snap: TableSnapshot) -> str:
    """The noten or nagashi payments of an exhaustive draw in words."""
    r = snap.result
    if r is None or r.end != "exhaustive_draw":
        return ""
    if snap.mcr_rules:
        return mcr_draw_text(snap)
    names = snap.names
    if r.nagashi:
        who = tr(" and ").join(seat_name(names[s]) for s in r.nagashi)
        if len(r.nagashi) > 1 or names[r.nagashi[0]] == "You":
            return tr("Nagashi mangan: {who} discarded only terminals and honors, none called, and are paid a mangan", who=who)
        return tr("Nagashi mangan: {who} discarded only terminals and honors, none called, and is paid a mangan", who=who)
    if not any(r.deltas):
        return tr("No payments") if snap.riichi_rules else tr("Nobody pays on a draw under Joy rules")
    gain = [f"{seat_name(names[s])} +{d:,}" for s, d in enumerate(r.deltas) if d > 0]
    pay = [f"{seat_name(names[s])} {d:,}" for s, d in enumerate(r.deltas) if d < 0]
    return tr("Noten payments: {pay}  →  {gain}", pay=" · ".join(pay), gain=" · ".join(gain))



# -- Chinese Official (MCR): fan, flowers, payments and the fan not counted -----------------


def is_mcr_win(win: WinResult | None) -> bool:
    """A win scored in fan (Chinese Official), whose card lists fan instead of yaku and fu."""
    return win is not None and bool(getattr(win, "fan", ()))


def fan_lines(win: WinResult) -> list[str]:
    """Every counted fan with its count and value, flowers last, as the card lists them
    (the part after the double space sits flush right):

    ``Short Straight ×2  2 fan``, ``Flower Tiles ×3  3 fan``."""
    out = []
    for fan_id, points, count in win.fan:
        name = fan_name(fan_id) if count == 1 else tr("{fan} ×{count}", fan=fan_name(fan_id), count=count)
        out.append(f"{name}  {ntr('{count} fan', '{count} fan', points * count)}")
    return out


def fan_subtitles(win: WinResult) -> list[str]:
    """The smaller second line under each fan: its Chinese name (in English only: the other
    languages' first line is already the term)."""
    if current_language() != "en":
        return ["" for _ in win.fan]
    return [ROW_BY_ID[fan_id].chinese if fan_id in ROW_BY_ID else "" for fan_id, _, _ in win.fan]



def fan_total_line(win: WinResult) -> str:
    """The total: ``Total 23 fan``, with the flowers apart when there are some
    (``Total 25 fan: 23 + 2 flowers``), since the 8-fan minimum counts without them."""
    flowers = getattr(win, "flowers", 0)
    total = win.fan_total + flowers
    if not flowers:
        return tr("Total {total} fan", total=total)
    return ntr("Total {total} fan: {fan} + {count} flower", "Total {total} fan: {fan} + {count} flowers", flowers,
               total=total, fan=win.fan_total)


def mcr_score_of(win: WinResult) -> Any:
    """The scorer's full answer for a win, from the self-contained situation it records
    (so the card can list what the counting principles left out); ``None`` without one.
    The card is drawn every frame: a win is scored once (its exclusions then kept on the score)."""
    situation = getattr(win, "situation", None)
    if not situation:
        return None
    return _score_situation(json.dumps(situation, sort_keys=True))


@lru_cache(maxsize=16)
def _score_situation(situation: str) -> Any:
    """One recorded situation (as sorted JSON, so it can be a key) scored."""
    return score_mcr(McrSituation.from_dict(json.loads(situation)))


def excluded_lines(win: WinResult) -> list[str]:
    """The fan the hand also shows but that the counting principles do not count, each
    with its principle in words (``Pung of Terminals or Honors: not counted, Big Three
    Dragons includes it``), read from the scorer (RULES.md B5, B6 "also not counted")."""
    score = mcr_score_of(win)
    found = score.excluded if score is not None else ()
    return [tr("{sentence} ({principle})", sentence=entry.describe(), principle=principle_name(entry.principle))
            for entry in found]


def mcr_payment_text(snap: TableSnapshot, win: WinResult) -> str:
    """Who paid what for an MCR win (RULES.md B2 "Payments"): the discarder (or, on a
    self-draw, everyone) pays 8 + the total, the others 8:
    ``Paid: Momo 31 (8 + 23) · Sora 8 · Kiri 8  →  You +47``."""
    deltas = win.deltas if any(win.deltas) else snap.result.deltas
    x = win.fan_total + getattr(win, "flowers", 0)
    payers = []
    for seat, d in enumerate(deltas):
        if d >= 0:
            continue
        if -d == BASE_PAYMENT + x:
            payers.append(tr("{name} {amount} ({base} + {fan})", name=seat_name(snap.names[seat]), amount=-d, base=BASE_PAYMENT, fan=x))
        else:
            payers.append(tr("{name} {amount}", name=seat_name(snap.names[seat]), amount=-d))
    return tr("Paid: {payers}  →  {winner} +{gain}", payers=" · ".join(payers), winner=seat_name(snap.names[win.seat]),
              gain=deltas[win.seat])


def mcr_draw_text(snap: TableSnapshot) -> str:
    """An exhaustive draw under Chinese Official rules: nobody pays and the deal passes
    all the same (RULES.md B2 "Exhaustive draw", B3 "Dealer")."""
    if snap.match_over:
        return tr("Nobody pays on a draw. That was the last of the 16 hands.")
    return tr("Nobody pays on a draw, and the deal passes to the next player.")


class ScoreScene(Scene):
    """Opaque screen over the table. Several winners: one card each, paged with the
    arrows or Enter; Enter on the last card deals the next hand (or ends the match)."""

    def __init__(self, app: Any, snap: TableSnapshot) -> None:
        super().__init__(app)
        self.snap = snap
        self.wins = wins_of(snap.result)
        self.page = 0
        self._card = pygame.Rect(0, 0, 1, 1)
        self.button = Button(N_("Next hand"), "next", pygame.Rect(0, 0, 1, 1), pygame.K_RETURN, primary=True)
        self.show_hands = False  # a win card: the other seats' hands face up ("Show hands", H)
        self.hands_button = Button(N_("Show hands"), "hands", pygame.Rect(0, 0, 1, 1), pygame.K_h, hint="H")
        self._strip = True  # the other hands fit under the breakdown (else Show hands swaps them in)
        self.rows_area: pygame.Rect | None = None  # where the seats' hand rows were last drawn
        self.coach: ReviewState | None = None  # "Coach after each hand": the match so far, reviewed meanwhile
        self.coach_hand = 0
        self.coach_button = Button("", "coach", pygame.Rect(0, 0, 1, 1), pygame.K_c, enabled=False)
        self._label()
        if app.settings.coach_after_hand:
            self._start_coach()

    def _start_coach(self) -> None:
        """Review the player's decisions of the match so far in the background; the line
        reads the hand just played. Only for a match the player plays a seat of."""
        session = playing_session(self.app)
        target = getattr(session, "coach_target", None)
        found = target() if callable(target) else None
        if found is None:
            return
        seat, self.coach_hand = found
        self.coach = ReviewState(session.record(), seat, name=tr("this match"))
        self._run_coach()

    def _run_coach(self) -> None:
        if self.coach is None:
            return
        if not self.coach.started:
            self.coach.start(self.app)  # steps between frames, after the warm-up
        self.coach.poll()

    def coach_line(self) -> str:
        """The coach's line for the hand just played (empty without the setting)."""
        review = self.coach
        if review is None:
            return ""
        if review.error:  # e.g. a ruleset the AI cannot rank yet: the coach says which
            return tr("Coach: {why}", why=review.error.removeprefix(f"{review.name}: "))
        if not review.ready:
            return tr("Coach: reviewing this hand… {percent}%", percent=round(100 * review.fraction))
        count = len(review.hand_mistakes(self.coach_hand))
        if not count:
            return tr("No mistakes this hand")
        return ntr("{count} mistake this hand: see it", "{count} mistakes this hand: see them", count)

    def update(self, dt: float) -> None:
        self._run_coach()

    def open_coach(self) -> None:
        """The replay viewer over this screen, in review mode at the hand's first mistake
        (Play from here waits for the match's end: the match is still in play)."""
        review = self.coach
        if review is None or not review.ready:
            return
        mistakes = review.hand_mistakes(self.coach_hand)
        if not mistakes:
            return
        viewer = build(self.app, "replay_viewer", ReplaySession(review.record, name=review.name), N_("This hand, reviewed"),
                       review=review, live_match=True)
        viewer.seek(*mistakes[0])
        self.next = Transition("push", viewer)

    @property
    def win(self) -> WinResult | None:
        """The win on the card shown (``None`` on a draw)."""
        return self.wins[self.page] if self.wins else None

    def _label(self) -> None:
        if self.page < len(self.wins) - 1:
            self.button.label = tr("Next winner ({number} of {count})", number=self.page + 2, count=len(self.wins))
        else:
            self.button.label = N_("Final standings") if self.snap.match_over else N_("Next hand")

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        self._label()  # the words of the language now spoken
        half = 160 if len(self.wins) > 1 else 140  # "Next winner (2 of 3)" needs a wider button
        self.button.rect = pygame.Rect(size[0] // 2 - round(half * s), size[1] - round(84 * s), round(2 * half * s), round(56 * s))
        self.hands_button.rect = pygame.Rect(0, 0, round(180 * s), round(48 * s))
        self.hands_button.rect.midright = (self.button.rect.x - round(24 * s), self.button.rect.centery)
        left = self.button.rect.right + round(24 * s)
        self.coach_button.rect = pygame.Rect(left, 0, min(round(360 * s), size[0] - round(60 * s) - left), round(48 * s))
        self.coach_button.rect.centery = self.button.rect.centery
        ensure_focus(self.focusables(), self.button)

    def focusables(self) -> list[Button]:
        """The buttons Tab moves between (Show hands only beside a win; the coach's line once it links somewhere)."""
        return ([self.hands_button, self.button] if self.wins else [self.button]) + ([self.coach_button] if self.coach_links() else [])

    def coach_links(self) -> bool:
        """Whether the coach's line opens a review: it is made and the hand held a mistake."""
        return self.coach is not None and self.coach.ready and bool(self.coach.hand_mistakes(self.coach_hand))

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {"next": self.button.rect} | ({"hands": self.hands_button.rect} if self.wins else {})
        return rects | ({"coach": self.coach_button.rect} if self.coach is not None else {})

    def toggle_hands(self) -> None:
        """Show the other seats' hands (and their waits), or the breakdown again."""
        self.show_hands = not self.show_hands
        self.hands_button.label = N_("Hide hands") if self.show_hands else N_("Show hands")

    def handle(self, event: pygame.event.Event) -> None:
        used, pressed = keyboard_focus(self.focusables(), event, arrows=False) if event.type == pygame.KEYDOWN else (False, None)
        if used:
            if pressed is self.hands_button:
                self.toggle_hands()
            elif pressed is self.coach_button:
                self.open_coach()
            elif pressed is not None:
                self.proceed()
        elif self.coach_links() and (event.type == pygame.KEYDOWN and event.key == pygame.K_c
                                     or event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.coach_button.hit(event.pos)):
            self.open_coach()
        elif event.type == pygame.MOUSEMOTION:
            track_hover([self.button, self.hands_button, self.coach_button], event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.wins and self.hands_button.hit(event.pos):
            self.toggle_hands()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.wins:
            self.toggle_hands()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button.hit(event.pos):
            self.proceed()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.proceed()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and len(self.wins) > 1:
            self.turn_page(1 if event.key == pygame.K_RIGHT else -1)

    def turn_page(self, step: int) -> None:
        """Show another winner's card (clamped to the cards there are)."""
        self.page = max(0, min(len(self.wins) - 1, self.page + step))
        self._label()

    def proceed(self) -> None:
        """The next winner's card; then the next hand, or the match-end screen when the match is over."""
        if self.page < len(self.wins) - 1:
            self.turn_page(1)
            return
        if self.coach is not None:
            self.coach.cancel()  # still running: nobody will read it now
        if self.snap.match_over:
            self.next = Transition("replace", "match_end", args=(self.snap,))
        else:
            self.next = Transition("pop", context={"next_hand": True})

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        snap, r, win = self.snap, self.snap.result, self.win
        title_y, title_size = (round(40 * s), round(36 * s)) if len(self.wins) > 1 else (round(48 * s), round(38 * s))
        theme.blit_fit(surface, headline(snap, win), title_size, theme.INK, w - round(80 * s), center=(w // 2, title_y))
        if len(self.wins) > 1:
            theme.blit_text(surface, (tr("Double ron · card {number} of {count} (← →)", number=self.page + 1, count=len(self.wins)) if len(self.wins) == 2
                             else tr("Triple ron · card {number} of {count} (← →)", number=self.page + 1, count=len(self.wins))),
                            round(16 * s), theme.ROSE_DEEP, center=(w // 2, round(72 * s)))
        card = pygame.Rect(round(60 * s), round(90 * s), w - round(120 * s), self.button.rect.y - round(110 * s))
        self._card = card
        self.rows_area = None
        theme.panel(surface, card, theme.PANEL, round(20 * s))
        y = card.y + round(20 * s)
        if win is not None:
            self._draw_indicators(surface, card, y, s)
            y = self._draw_hand(surface, card.x + round(28 * s), y, s)
            self._draw_win_body(surface, card, y, s)
        elif r is not None and r.abort:
            self._draw_abort(surface, card, y, s)
        elif r is not None and not snap.riichi_rules:
            self._draw_ready_joy(surface, card.x + round(28 * s), y, s)
        elif r is not None:
            self._draw_ready(surface, card, y, s)
        self._draw_deltas(surface, card, s)
        self.button.draw(surface, s)
        if self.wins:
            self.hands_button.draw(surface, s * 0.85)
        self._draw_coach(surface, s)

    def _draw_coach(self, surface: pygame.Surface, s: float) -> None:
        """The coach's line beside Next hand: a link to the hand's first mistake, or a note."""
        line = self.coach_line()
        if not line:
            return
        review = self.coach
        self.coach_button.label = line
        self.coach_button.enabled = self.coach_links()
        if review is not None and review.ready:
            self.coach_button.draw(surface, s * 0.85)
            return
        rect = self.coach_button.rect  # while the review is made: the line over a thin progress bar
        if review.error:  # why not, in at most three short lines
            size = round(14 * s)
            lines = theme.wrap(line, size, rect.w)
            lines = lines[:2] + ([" ".join(lines[2:])] if len(lines) > 2 else [])
            top = rect.centery - len(lines) * round(size * 1.25) // 2
            for i, text in enumerate(lines):
                theme.blit_fit(surface, text, size, theme.ROSE_DEEP, rect.w, topleft=(rect.x, top + i * round(size * 1.25)))
            return
        theme.blit_fit(surface, line, round(15 * s), theme.INK_SOFT, rect.w, midleft=(rect.x, rect.centery - round(6 * s)))
        draw_progress_bar(surface, pygame.Rect(rect.x, rect.centery + round(10 * s), rect.w, max(3, round(5 * s))), review.fraction)

    def _draw_win_body(self, surface: pygame.Surface, card: pygame.Rect, y: int, s: float) -> None:
        """Under the winner's hand: the breakdown and who paid, then the other seats' hands
        (face down until Show hands); when they do not fit there, Show hands puts them in
        the breakdown's place."""
        snap, win = self.snap, self.win
        if is_mcr_win(win):
            self._draw_mcr_body(surface, card, y, s)
            return
        extra = table_lines(snap, self.page) + [payment_text(snap, win)]
        line = round(22 * s)
        others = seat_hands(snap, tuple(seat for seat in range(4) if seat != win.seat))
        bottom = card.bottom - round(92 * s)  # the seat changes below
        x, width = card.x + round(30 * s), card.w - round(60 * s)
        if self.show_hands and not self._strip:  # the hands in the breakdown's place, larger; who paid at the foot
            self.rows_area = pygame.Rect(x, y, width, bottom - y - len(extra) * line - round(8 * s))
            draw_seat_hands(surface, self.app.art, snap, others, self.rows_area, s, tile_max=38, labels=self._won_too())
            self._draw_lines(surface, extra, x, bottom - len(extra) * line, width, line)
            return
        strip = len(others) * round(ROW_MIN * s) + round(8 * s)
        rows = max(len(score_lines(snap, win)) + 1, len(fu_texts(snap, win)) + 2)
        room = card.bottom - round((130 if not snap.riichi_rules else 120) * s) - y - (0 if not snap.riichi_rules else len(extra) * line)
        if room - rows * round(22 * s) < strip:
            strip = 0  # a long breakdown keeps its size; Show hands swaps the hands in
        if not snap.riichi_rules:  # Joy's card: the breakdown, then who paid
            y = self._draw_breakdown(surface, card, y, s, reserve=strip, joy=True)
            theme.blit_fit(surface, payment_text(snap, win), round(17 * s), theme.INK_SOFT, width, topleft=(x, y + round(4 * s)))
            y += round(28 * s)
        else:
            y = self._draw_breakdown(surface, card, y, s, reserve=len(extra) * line + strip)
            y = self._draw_lines(surface, extra, x, y, width, line)
        self._strip = rows_fit(len(others), bottom - y - round(8 * s), s)
        if self._strip:
            self.rows_area = pygame.Rect(x, y + round(8 * s), width, bottom - y - round(8 * s))
            draw_seat_hands(surface, self.app.art, snap, others, self.rows_area, s, face_up=self.show_hands, labels=self._won_too(),
                            open_seats=frozenset(self._won_too()))

    def winner_flowers(self) -> tuple[int, ...]:
        """The flowers the winner on this card declared (codes), shown in the card's corner."""
        r, win = self.snap.result, self.win
        flowers = getattr(r, "flowers", ()) if r is not None else ()
        if win is None or win.seat >= len(flowers):
            return ()
        return tuple(flowers[win.seat])

    def _draw_mcr_body(self, surface: pygame.Surface, card: pygame.Rect, y: int, s: float) -> None:
        """An MCR win: the fan counted (value and count, Chinese name under each) and the
        total on the left; on the right the fan the hand also shows that the counting
        principles leave out, each with its reason; who paid; then the other hands."""
        snap, win = self.snap, self.win
        x, width = card.x + round(30 * s), card.w - round(60 * s)
        bottom = card.bottom - round(92 * s)
        others = seat_hands(snap, tuple(seat for seat in range(4) if seat != win.seat))
        if self.show_hands and not self._strip:  # the hands in the breakdown's place; who paid at the foot
            self.rows_area = pygame.Rect(x, y, width, bottom - y - round(36 * s))
            draw_seat_hands(surface, self.app.art, snap, others, self.rows_area, s, tile_max=38)
            theme.blit_fit(surface, mcr_payment_text(snap, win), round(17 * s), theme.INK_SOFT, width,
                           topleft=(x, bottom - round(30 * s)))
            return
        lines, subs = fan_lines(win), fan_subtitles(win)
        left_out = excluded_lines(win)
        gap = round(40 * s)
        col_w = (width - gap) // 2
        room = bottom - round(36 * s) - y
        step = max(round(17 * s), min(round(28 * s), int(room // (1.55 * len(lines) + 2.4))))
        size = min(round(20 * s), round(step * 0.78))
        fan_step = round(step * 1.55)
        left = pygame.Rect(x, y, col_w, step)
        self._column(surface, left, tr("Fan"), lines, size, step, subs, fan_step)
        total_y = y + step + len(lines) * fan_step + round(4 * s)
        pygame.draw.line(surface, theme.PANEL_EDGE, (left.x, total_y - round(3 * s)), (left.right, total_y - round(3 * s)),
                         max(1, round(2 * s)))
        theme.blit_fit(surface, fan_total_line(win), size + round(3 * s), theme.INK, col_w, topleft=(left.x, total_y))
        pay_h = round(30 * s)  # who paid, under both columns and above the seat changes
        right_bottom = self._draw_left_out(surface, pygame.Rect(x + col_w + gap, y, col_w, bottom - pay_h - y), left_out, size, step)
        below = max(total_y + step + round(8 * s), right_bottom)
        y = min(below, bottom - pay_h)
        pay_w = width if below <= bottom - pay_h else col_w  # beside the Not counted column's foot, not over it
        theme.blit_fit(surface, mcr_payment_text(snap, win), round(17 * s), theme.INK_SOFT, pay_w, topleft=(x, y))
        y += round(28 * s)
        self._strip = rows_fit(len(others), bottom - y - round(8 * s), s)
        if self._strip:
            self.rows_area = pygame.Rect(x, y + round(4 * s), width, bottom - y - round(4 * s))
            draw_seat_hands(surface, self.app.art, snap, others, self.rows_area, s, face_up=self.show_hands)

    def _draw_left_out(self, surface: pygame.Surface, area: pygame.Rect, lines: list[str], size: int, step: int) -> int:
        """The "Not counted" column: each fan the principles drop, wrapped to the column;
        returns the y below it."""
        theme.blit_text(surface, tr("Not counted"), size, theme.INK_SOFT, topleft=area.topleft)
        y = area.y + step
        small = max(11, round(size * 0.86))
        if not lines:
            for part in theme.wrap(tr("Every fan this hand shows counts."), small, area.w):
                theme.blit_text(surface, part, small, theme.INK_SOFT, topleft=(area.x, y))
                y += round(small * 1.3)
            return y
        step_line = round(small * 1.3)
        for n, line in enumerate(lines):
            parts = theme.wrap(line, small, area.w)
            if y + (len(parts) + 1) * step_line > area.bottom and n < len(lines) - 1:  # keep a line for the rest
                more = ntr("… and {count} more", "… and {count} more", len(lines) - n)
                theme.blit_text(surface, more, small, theme.INK_SOFT, topleft=(area.x, y))
                return y + step_line
            for i, part in enumerate(parts):
                theme.blit_text(surface, part, small, theme.INK if i == 0 else theme.INK_SOFT, topleft=(area.x, y))
                y += step_line
            y += round(small * 0.4)
        return y

    def _won_too(self) -> dict[int, tuple[str, theme.Color]]:
        """The other winners of a double or triple ron, labelled on this card's hand rows."""
        return {w.seat: (tr("Won too"), theme.MINT_DEEP) for w in self.wins if w.seat != self.win.seat}

    @staticmethod
    def _draw_lines(surface: pygame.Surface, lines: list[str], x: int, y: int, width: int, step: int) -> int:
        """The honba, sticks, pao and payment lines, one under another; returns the y below."""
        for text in lines:
            color = theme.INK_SOFT if text.startswith(tr("Paid")) else theme.INK
            theme.blit_fit(surface, text, round(step * 0.78), color, width, topleft=(x, y))
            y += step
        return y

    def indicator_rows(self) -> list[tuple[str, tuple[int, ...]]]:
        """The indicator rows of the card: dora always under riichi rules, ura-dora for a riichi winner."""
        win, snap = self.win, self.snap
        rows = []
        flowers = self.winner_flowers()
        if flowers:
            rows.append((tr("Flowers"), flowers))
        if snap.dora_indicators and snap.riichi_rules:
            rows.append((tr("Dora"), tuple(snap.dora_indicators)))
        if win is not None and win.ura_indicators:
            rows.append((tr("Ura-dora"), tuple(win.ura_indicators)))
        return rows

    def indicator_rect(self, card: pygame.Rect, y: int, s: float) -> pygame.Rect:
        """Where the indicator rows go: the card's top-right corner."""
        rows = self.indicator_rows()
        tw = round(28 * s)
        width = round(88 * s) + max([5] + [len(tiles) for _, tiles in rows]) * (tw + 3)
        return pygame.Rect(card.right - round(24 * s) - width, y - round(6 * s), width, len(rows) * round(46 * s))

    def _draw_indicators(self, surface: pygame.Surface, card: pygame.Rect, y: int, s: float) -> None:
        area = self.indicator_rect(card, y, s)
        tw = round(28 * s)
        for i, (label, tiles) in enumerate(self.indicator_rows()):
            ry = area.y + i * round(46 * s)
            color = theme.ROSE_DEEP if label == tr("Ura-dora") else theme.INK_SOFT
            # The tiles shown are the indicators, not the dora: say so (play test), on two lines.
            theme.blit_text(surface, label, round(15 * s), color, bottomleft=(area.x, ry + round(20 * s)))
            if label in (tr("Dora"), tr("Ura-dora")):
                theme.blit_text(surface, ntr("indicator", "indicators", len(tiles)), round(13 * s), color,
                                topleft=(area.x, ry + round(20 * s)))
            for j, t in enumerate(tiles[:8]):
                surface.blit(self.app.art.image(t, tw), (area.x + round(88 * s) + j * (tw + 3), ry))

    def _draw_breakdown(self, surface: pygame.Surface, card: pygame.Rect, y: int, s: float, reserve: int = 0, joy: bool = False) -> int:
        """Yaku and the total on the left, the fu lines and their sum on the right.

        Each column puts names on the left and values flush right, so the numbers
        line up; the row height shrinks to fit a long list above the seat changes
        and the ``reserve`` pixels of lines below. Returns the y below both columns.
        """
        win = self.win
        yaku = score_lines(self.snap, win)
        subs = yaku_subtitles(self.snap, win)
        fu = fu_texts(self.snap, win)
        tall = 1.6 if any(subs) else 1.0  # a yaku row holds its Japanese name as a second, smaller line
        rows = max(1 + (len(yaku) - 1) * tall + 1, len(fu) + 2)
        room = (card.bottom - round(130 * s) if joy else card.bottom - round(120 * s)) - y - reserve
        step = max(round((20 if joy else 17) * s), min(round(30 * s), int(room // max(1, rows))))
        size = min(round(21 * s), round(step * (0.74 if joy else 0.78)))
        gap = round(40 * s)
        col_w = (card.w - round(60 * s) - gap) // 2
        left = pygame.Rect(card.x + round(30 * s), y, col_w, step)
        right = left.move(col_w + gap, 0)
        yaku_step = round(step * tall)
        self._column(surface, left, tr("Yaku"), yaku[:-1], size, step, subs, yaku_step)
        total_y = y + step + (len(yaku) - 1) * yaku_step + round(4 * s)
        pygame.draw.line(surface, theme.PANEL_EDGE, (left.x, total_y - round(3 * s)), (left.right, total_y - round(3 * s)), max(1, round(2 * s)))
        theme.blit_text(surface, yaku[-1], size + round(3 * s), theme.INK, topleft=(left.x, total_y))
        if fu:
            self._column(surface, right, tr("Fu"), fu, size, step)
            raw = sum(f for _, f, _ in win.fu_details)
            fy = y + (len(fu) + 1) * step + round(4 * s)
            pygame.draw.line(surface, theme.PANEL_EDGE, (right.x, fy - round(3 * s)), (right.right, fy - round(3 * s)), max(1, round(2 * s)))
            rounded = tr("{raw} fu, rounded up to {fu} fu", raw=raw, fu=win.fu) if raw != win.fu else tr("{fu} fu", fu=raw)
            theme.blit_text(surface, rounded, size, theme.INK, topright=(right.right, fy))
        bottom = max(total_y + step, y + (len(fu) + 2) * step if fu else 0)
        return bottom + round((10 if joy else 8) * s)

    def _column(self, surface: pygame.Surface, area: pygame.Rect, title: str, lines: list[str], size: int, step: int,
                subs: list[str] | None = None, line_step: int | None = None) -> None:
        """A titled list; the part after the double space (``2 han``, ``10 fu``) sits flush right,
        and a line's ``subs`` entry (a yaku's Japanese name) sits under it, smaller."""
        theme.blit_text(surface, title, size, theme.INK_SOFT, topleft=area.topleft)
        line_step = line_step or step
        small = max(10, round(size * 0.66))
        for i, line in enumerate(lines):
            name, _, value = line.rpartition("  ") if "  " in line else (line, "", "")
            y = area.y + step + i * line_step
            color = theme.ROSE_DEEP if name.lower().startswith(("ura", "red fives", "dora", tr("Dora").lower(), tr("Ura-dora").lower(), tr("Red fives").lower())) else theme.INK
            theme.blit_fit(surface, name, size, color, area.w - round(size * 3.2), topleft=(area.x, y))
            if value:
                theme.blit_text(surface, value, size, theme.INK, topright=(area.right, y))
            sub = subs[i] if subs and i < len(subs) else ""
            if sub:
                theme.blit_text(surface, sub, small, theme.INK_SOFT, topleft=(area.x + round(size * 0.3), y + round(size * 1.18)))

    def hand_places(self, x: int, y: int, s: float, limit: int | None = None) -> tuple[list[tuple[pygame.Rect, int, int]], list[list[tuple[pygame.Rect, int, int]]], int]:
        """Where the winning hand goes from ``(x, y)``: (rect, tile, rotation) of the
        concealed tiles and the winning tile, then per meld, and the row's bottom.

        Melds sit on the hand's baseline laid as on the table (:func:`meld_tiles`):
        the claimed tile turned toward the seat it came from, an added kan's fourth
        tile stacked on it; the row moves down so that tile stays inside the card.
        Past ``limit`` pixels (the indicators' corner) the tiles shrink to fit.
        """
        size = 44.0 * self.tile_zoom()
        while True:
            placed = self._hand_row(x, y, s, size)
            right = max([r.right for r, _, _ in placed[0]] + [r.right for g in placed[1] for r, _, _ in g])
            if limit is None or right - x <= limit or size <= 30:
                return placed
            size -= 2

    def tile_zoom(self) -> float:
        """How much larger than at 100% the winner's hand is drawn: as much as the table's own
        hand grows for the tile size chosen in Settings (at most :data:`HAND_ZOOM`), where
        the window reaches that size."""
        return min(reached_zoom(self.app.size, self.app.settings.ui_scale), HAND_ZOOM)

    def _hand_row(self, x: int, y: int, s: float, size: float) -> tuple[list[tuple[pygame.Rect, int, int]], list[list[tuple[pygame.Rect, int, int]]], int]:
        win = self.win
        melds_shown = win.melds
        tw, mw = round(size * s), round(size * s * 0.86)
        y += max(0, stack_lift(melds_shown, mw) - (tile_height(tw) - tile_height(mw)))
        hand = list(win.hand)
        if win.win_tile in hand:
            hand.remove(win.win_tile)
        upright: list[tuple[pygame.Rect, int, int]] = []
        for t in sorted(hand, key=lambda c: (kind_of_code(c), c)):
            upright.append((pygame.Rect((x, y), footprint(tw)), t, 0))
            x += tw + 1
        band = y + tile_height(tw) - tile_height(mw)
        melds = []
        for meld in melds_shown:
            x += round(14 * s)
            placed, length = meld_tiles(meld, win.seat, mw)
            melds.append([self._meld_place(t, x, band, mw) for t in placed])
            x += length
        if win.win_tile is not None:
            upright.append((pygame.Rect((x + round(18 * s), y), footprint(tw)), win.win_tile, 0))
        return upright, melds, y + round(tw * 1.45)

    @staticmethod
    def _meld_place(t: MeldTile, x: int, band: int, w: int) -> tuple[pygame.Rect, int, int]:
        """A meld tile's rect (top of the upright tiles at ``band``): sideways ones sit on the baseline."""
        if not t.lying:
            return pygame.Rect((x + t.along, band), footprint(w)), t.tile, 0
        top = band + tile_height(w) - w * (2 if t.stacked else 1)
        return pygame.Rect((x + t.along, top), footprint(w, 90)), t.tile, 90

    def _draw_hand(self, surface: pygame.Surface, x: int, y: int, s: float) -> int:
        """The winning hand with its melds; the winning tile set apart and labelled."""
        limit = None
        if self.indicator_rows():
            limit = self.indicator_rect(self._card, y, s).x - round(12 * s) - x
        upright, melds, bottom = self.hand_places(x, y, s, limit)
        art = self.app.art
        for rect, tile, _ in upright:
            surface.blit(art.image(tile, rect.w), rect.topleft)
        for group in melds:  # painter's order: a stacked tile's edge sits under the tile in front
            for rect, tile, rot in sorted(group, key=lambda item: (item[0].y, item[0].x)):
                surface.blit(art.image(tile, rect.w if rot == 0 else rect.h, rot), rect.topleft)
        if self.win.win_tile is not None:
            win = upright[-1][0]
            theme.blit_text(surface, tr("winning tile"), round(13 * s), theme.ROSE_DEEP, midtop=(win.centerx, bottom))
        return bottom + round(26 * s)

    def _draw_ready_joy(self, surface: pygame.Surface, x: int, y: int, s: float) -> int:
        """Joy's draw card (nobody pays): every seat's hand, ready ones with their waits."""
        card = self._card
        bottom = card.bottom - round(92 * s) - round(34 * s)
        self.rows_area = pygame.Rect(x, y, card.w - round(56 * s), bottom - y)
        y = draw_seat_hands(surface, self.app.art, self.snap, seat_hands(self.snap), self.rows_area, s, tile_max=44)
        theme.blit_fit(surface, draw_payment_text(self.snap), round(17 * s), theme.INK_SOFT, card.w - round(60 * s), topleft=(x, y + round(6 * s)))
        return y + round(34 * s)

    def _draw_ready(self, surface: pygame.Surface, card: pygame.Rect, y: int, s: float) -> int:
        """An exhaustive draw: each seat's hand, tenpai (with its waits) or noten, then the payments."""
        snap = self.snap
        x = card.x + round(28 * s)
        labels = {}
        for seat, tenpai, _ in draw_rows(snap):
            state = tr("Nagashi") if snap.result.nagashi and seat in snap.result.nagashi else tr("Tenpai") if tenpai else tr("Noten")
            labels[seat] = (state, theme.MINT_DEEP if tenpai else theme.INK_SOFT)
        bottom = card.bottom - round(92 * s) - round(60 * s)
        self.rows_area = pygame.Rect(x, y, card.w - round(56 * s), bottom - y)
        y = draw_seat_hands(surface, self.app.art, snap, seat_hands(snap), self.rows_area, s, labels=labels, tile_max=44)
        theme.blit_fit(surface, draw_payment_text(snap), round(18 * s), theme.INK, card.w - round(60 * s), topleft=(x, y + round(4 * s)))
        if snap.riichi_rules and snap.sticks:
            theme.blit_text(surface, sticks_text(snap.sticks, snap.match_over),
                            round(16 * s), theme.INK_SOFT, topleft=(x, y + round(30 * s)))
        return y + round(56 * s)

    def _draw_abort(self, surface: pygame.Surface, card: pygame.Rect, y: int, s: float) -> None:
        """An abortive draw: its reason in words, every seat's hand (the one that caused it
        named), and what happens to the sticks and the dealer (play test: the card was
        mostly empty panel)."""
        snap, r = self.snap, self.snap.result
        title, words = ABORT_WORDING.get(r.abort, (pretty(r.abort), N_("The hand ended early.")))
        title = trc("abortive draw", title)
        seat = snap.abort_seat
        name = seat_name(snap.names[seat]) if seat is not None else tr("A player")

        x = card.x + round(30 * s)
        theme.blit_text(surface, title, round(28 * s), theme.ROSE_DEEP, topleft=(x, y))
        y += round(42 * s)
        for line in theme.wrap(tr(words, name=name), round(19 * s), card.w - round(60 * s)):
            theme.blit_text(surface, line, round(19 * s), theme.INK, topleft=(x, y))
            y += round(26 * s)
        labels = {seat: (title, theme.ROSE_DEEP)} if seat is not None else {}
        shown = tuple(row for row in seat_hands(snap) if row.tiles or row.melds)  # an abortive draw shows only some hands
        bottom = card.bottom - round(92 * s) - round(60 * s)
        self.rows_area = pygame.Rect(x, y + round(8 * s), card.w - round(56 * s), bottom - y - round(8 * s))
        y = draw_seat_hands(surface, self.app.art, snap, shown, self.rows_area, s, labels=labels, tile_max=44)
        for i, line in enumerate(abort_outcome_lines(snap)):
            theme.blit_fit(surface, line, round((17 if i == 0 else 16) * s), theme.INK if i == 0 else theme.INK_SOFT,
                           card.w - round(60 * s), topleft=(x, y + round(4 * s) + i * round(26 * s)))

    def _draw_deltas(self, surface: pygame.Surface, card: pygame.Rect, s: float) -> None:
        """Every seat's change and new total along the bottom of the card."""
        r, snap = self.snap.result, self.snap
        if r is None:
            return
        cw = card.w // 4
        for seat in range(4):
            cx = card.x + cw * seat + cw // 2
            base = card.bottom - round(70 * s)
            wind = wind_name((seat - snap.dealer) % 4)
            theme.blit_fit(surface, tr("{name} ({wind})", name=seat_name(snap.names[seat]), wind=wind), round(18 * s)
, theme.INK, cw - round(12 * s), center=(cx, base))
            delta = r.deltas[seat] if seat < len(r.deltas) else 0
            color = theme.MINT_DEEP if delta > 0 else theme.ROSE_DEEP if delta < 0 else theme.INK_SOFT
            theme.blit_text(surface, f"{delta:+,}", round(22 * s), color, center=(cx, base + round(26 * s)))
            total = r.points[seat] if seat < len(r.points) else snap.points[seat]
            theme.blit_text(surface, f"{total:,}", round(15 * s), theme.INK_SOFT, center=(cx, base + round(50 * s)))

"""The play footer's news: one message at a time, shown for NEWS_SECONDS; moves judged again
within a moment told as one; why an undo, redo or restart changed the points."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.scoring import RESTART_COST, Line, MoveClass
from game.play.events import Rejudged
from game.play.steps import ChangeKind
from game.play.words import rejudged_words, repeated, restart_words, undo_words

NEWS_SECONDS = 2.5
COACHED_WORDS = "the coach played in this game: it stays unranked"
"""Said with a restart once the coach has played (Space): starting over does not undo it."""
JUDGED_SECONDS = 8.0
"""News of moves judged again stays this long unless other news takes its place: it changed
POINTS while the player may have looked away (a newcomer missed a +40 told for 2.5 s)."""
NEWS_UNIT_SECONDS = 0.6
"""Coach answers judging moves again within this long of the first are told as one: a burst
(a newcomer's quick keys judged in two packets) reads as one pop-up and one footer line."""


def judged_line(line: Line | None) -> list[tuple[tuple[int, int], MoveClass, int]]:
    """Each move on ``line``: (which move: the action that made it and its number on the
    line), its judgement and points."""
    return [] if line is None else [((node.made, node.moves + node.coach), node.cls,
                                     node.points) for node in line.walk()]


@dataclass(frozen=True, slots=True)
class UndoRun:
    """Undos in a row while their words show: the last one's own words, how many undos in a
    row said them ("(twice)"), and the footer text they were told in."""

    words: str
    times: int
    told: str


class News:
    """What the footer says for a moment (moves judged again, a shorter line found...)."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        """Seconds it still shows."""
        self._of_a_move = False
        """The news on show is about the last move only (why it was scored as hinted)."""
        self._unit: dict[int, tuple[MoveClass, MoveClass, int]] = {}
        """Moves judged again since the unit began: (judgement as last shown, as now, points
        changed); answers within NEWS_UNIT_SECONDS of its start are told with it."""
        self._unit_again: set[int] = set()
        """The unit's moves that waited and came back to a verdict shown before."""
        self._unit_left = 0.0
        self._found = ""
        """"You found a line N shorter", told before the unit's moves."""
        self._unit_text = ""
        """What the footer last said of the unit."""
        self._shown: dict[tuple[int, int], tuple[MoveClass, int]] = {}
        """Each move's judgement and points as last shown, by the action that made it and
        its number on the line."""
        self.waiting = False
        """The coach's answers judged moves again, to be told when their unit is due."""
        self.pending = 0
        """What those answers did to the points, not told yet (POINTS shows it when told)."""
        self._pending_streak = 0
        self._streak = 0
        """STREAK when the moves were last compared."""
        self._unit_streak = 0
        """STREAK before the unit's first news."""
        self._undos: UndoRun | None = None
        """The undos in a row whose words show (the next undo's words come after theirs)."""
        self._untold: dict[tuple[int, int], MoveClass] = {}
        """Verdicts in the coach's answers not told yet (``flush`` tells them): a move judged
        and back to waiting within one unit was never seen judged, and its next verdict is
        its first (a newcomer read "moves 1, 4 judged again" of a move only shown waiting)."""
        self._verdicts: dict[tuple[int, int], MoveClass] = {}
        """Each move's last verdict shown (on or off the line), kept while it waits again: a
        move judged once, then waiting, then judged is "judged again" (a newcomer read
        "move 68 judged" of a move shown judged a moment before)."""

    def told_off_line(self, line: Line | None) -> dict[int, list[MoveClass | None]]:
        """Per action, the verdict last shown of each of its moves no longer on ``line``
        (None for one on it, or never given one): what the player was told of a move before
        an undo or a restart took it away, which a later judgement must not contradict."""
        on_line = {key for key, _, _ in judged_line(line)}
        told: dict[int, list[MoveClass | None]] = {}
        for key in sorted(self._shown):
            cls = self._verdicts.get(key)
            told.setdefault(key[0], []).append(None if key in on_line else cls)
        return told

    @property
    def shown(self) -> str:
        """The news on show, "" when none."""
        return self.text if self.left > 0 else ""

    def tell(self, text: str, *, of_a_move: bool = False, seconds: float = NEWS_SECONDS) -> None:
        """Show ``text`` now for ``seconds``, in place of any news on show; ``of_a_move``: it
        is about the last move only, and goes when the next one is made."""
        self.text, self.left = text, seconds
        self._of_a_move = of_a_move

    def moved(self) -> None:
        """A move was made: news about the one before it is stale (a newcomer read "+10 ·
        hint seen here, streak held at 0" under a STREAK of 1 after an unhinted move)."""
        if self._of_a_move:
            self.left = 0.0

    def compare(self, line: Line | None, streak: int = 0, *, later: bool = False
                ) -> tuple[Rejudged | None, Rejudged | None]:
        """The moves on ``line`` (the line of play) whose points changed since they were last
        shown, and the news told of them (``gather``; None: nothing to pop up now). Never
        silent: judged again while on the line, or while an undo or a restart had taken them
        off it; a judgement that changed no points is no news. ``streak``: STREAK now,
        named in the news when the moves judged again broke it. ``later``: the coach's
        answers, told together once NEWS_UNIT_SECONDS have passed (``flush``)."""
        now = judged_line(line)
        shown = [self._shown.get(key, (cls, points)) for key, cls, points in now]
        # waited, then back to the verdict it had: that verdict again, not the streak's (a
        # newcomer read "streak multiplier (+10)" at a STREAK of 2)
        again = {i for i, ((key, cls, _), (old, _)) in enumerate(zip(now, shown, strict=True))
                 if old is MoveClass.UNKNOWN and self._verdicts.get(key) is cls}
        before = [(old if i in again or old is not MoveClass.UNKNOWN
                   else self._verdicts.get(key, old), points)
                  for i, ((key, _, _), (old, points)) in enumerate(zip(now, shown,
                                                                        strict=True))]
        self._shown.update((key, (cls, points)) for key, cls, points in now)
        verdicts = self._untold if later else self._verdicts  # told: what "again" means
        verdicts.update((key, cls) for key, cls, _ in now if cls is not MoveClass.UNKNOWN)
        for key, cls, _ in now if later else ():
            if cls is MoveClass.UNKNOWN:  # judged and back to waiting before it was told
                self._untold.pop(key, None)
        changed = Rejudged.between(before, [(cls, points) for _, cls, points in now])
        streak_was, self._streak = self._streak, streak
        if changed is None:
            return None, None
        return changed, self.gather(changed.changes, streak_was, streak, later=later,
                                    again=again)

    def gather(self, changes: tuple[tuple[int, MoveClass, MoveClass, int], ...],
               streak_was: int = 0, streak: int = 0, *, later: bool = False,
               again: set[int] | None = None) -> Rejudged | None:
        """Tell moves judged again (index on the line, judgement as last shown, as now,
        points change) at once, or with ``later`` when the unit is due (``flush``). Answers
        within NEWS_UNIT_SECONDS of the first are one piece of news: the footer names the
        moves with the figures of all of them, and the news returned (its pop-up, in place of
        the one before) gives what they did to the points (newcomers saw "-10 judged" while
        POINTS fell by 50, three answers making three pop-ups; and POINTS change before news
        told a moment later). A streak they broke (``streak_was`` before, ``streak`` now) is
        named after them: "streak 8 broken there, 2 since" (a newcomer saw STREAK fall from
        8 with no word).
        ``again``: moves shown waiting that had this verdict before ("judged again")."""
        if not changes:
            return None
        if self._unit_left <= 0 and not self.waiting:
            self._unit, self._found, self._unit_again = {}, "", set()
        self._unit_again |= {i for i, *_ in changes if again and i in again}
        if not self._unit:
            self._unit_left = NEWS_UNIT_SECONDS
            self._unit_streak = streak_was
        for index, old, new, points in changes:
            first, _, gained = self._unit.get(index, (old, new, 0))
            self._unit[index] = (first, new, gained + points)
        fresh = sum(points for *_, points in changes)
        if later:
            self.waiting = True
            self.pending += fresh
            self._pending_streak = streak
            return None
        return self._told(fresh, streak)

    def told_unknown(self, unknown: int) -> int:
        """The player's moves without a verdict as told so far, from the ``unknown`` the
        sheet counts now: the coach's answers waiting to be told may have judged some, or
        sent some back to waiting (POINTS waits for them; so does what MOVES says waits)."""
        if not self.waiting:
            return unknown
        for first, new, _ in self._unit.values():
            unknown += (first is MoveClass.UNKNOWN) - (new is MoveClass.UNKNOWN)
        return max(0, unknown)

    @property
    def due(self) -> bool:
        """The coach's answers waiting to be told are due (their unit is over)."""
        return self.waiting and self._unit_left <= 0

    def flush(self) -> Rejudged | None:
        """Tell the coach's answers waiting (``gather(later=True)``) now: one footer line and
        one pop-up, with the change they made to the points, which POINTS shows from now
        (a newcomer read "-10 judged", then "-20 judged" for the same move and one more, as
        -30 while POINTS fell by 20). Words about the last action on show keep their place
        first (an undo's were replaced within 0.3 s). None when nothing was waiting or the
        answers undid each other."""
        if not self.waiting:
            return None
        fresh, streak = self.pending, self._pending_streak
        self.waiting, self.pending, self._unit_left = False, 0, 0.0
        self._verdicts.update(self._untold)
        self._untold.clear()
        before = self.shown if self._of_a_move else ""
        news = self._told(fresh, streak)
        if news is None or not news.moves:
            return None
        if before:
            self.text = f"{before}; {self.text}"
            self._unit_text = self.text
        return news

    def _told(self, fresh: int, streak: int) -> Rejudged | None:
        """Say what the unit's moves did (``fresh`` of it this time) and return its news."""
        told = tuple((i, *change) for i, change in sorted(self._unit.items())
                     if change[2] != 0)
        news = Rejudged.of(told)
        if news is None:  # the moment's answers undid each other: nothing is left to say
            if self._found:
                self.tell(self._found)
            elif self.text == self._unit_text:
                self.left = 0.0
            return Rejudged(0, 0, fresh=fresh)
        words = rejudged_words(list(told), self._unit_again)
        if streak < self._unit_streak:
            # what it was, too: "streak now 2" stayed under a STREAK of 3 a move later; and
            # where it starts again ("streak fell from 5 to 4" read oddly to a newcomer)
            since = f" there, {streak} since" if streak else ""
            words = f"{words}; streak {self._unit_streak} broken{since}"
        self.tell(f"{self._found} {words}" if self._found else words, seconds=JUDGED_SECONDS)
        self._unit_text = self.text
        return replace(news, fresh=fresh)

    def found(self, text: str, rejudged: bool) -> None:
        """Tell a shorter line found, before the news of the moves it judged again
        (``rejudged``), now and as more of them come."""
        self._found = text if rejudged else ""
        self.tell(f"{text} {self.text}" if rejudged and self.shown else text)

    def close(self) -> None:
        """The next moves judged again are news of their own (an undo or a restart changes
        the line the news numbers)."""
        self._unit_left = 0.0

    def points(self, kind: ChangeKind, gained: int, restarted: int, cost: int,
               hint: int = 0, coached: bool = False, count: int = 1, also: str = "",
               first: str = "") -> None:
        """Say why an undo, a redo or a restart changed the points (``gained``, before
        POINTS' floor and any ``hint`` cost; ``restarted``: the change in restarts;
        ``cost``: the undo's): its own cost, the points of the moves it took away or brought
        back, and the help drawn on the board it came to (a newcomer read "the +75 the moves
        earned" on a restart and "+70" on its undo: 5 of it was the hint at the start).
        An undo while the words of the one before still show keeps them, before its own (a
        newcomer's two quick undos took 30 with one undo's 15 said; words summing the two
        left each undo's own change unsaid).
        ``coached``: the coach has played in the game, which a restart does not undo (a
        newcomer restarted after Space and solved it alone, to find it unranked at the end).
        ``count``: the moves an undo or redo took back or brought back (a whole click's), or
        a restart took away or an undo of one brought back. ``also``: news of the same
        moment said after it (moves the undo brought back judged again meanwhile: a
        newcomer's undo of a restart gave back 190 points with only "-20 judged" said).
        ``first``: the coach's news told just before the action, said before its words (a
        newcomer read "undo -5, and the -10 the move cost given back; move 70 judged: off
        the coach's line (-10); streak now 0" under a STREAK of 13 the undo had brought
        back: the judgement came first)."""
        parts = []
        if restarted > 0:  # a restart, or a redo of one: the cost, then the moves gone
            parts.append(restart_words(-RESTART_COST, -RESTART_COST - gained,
                                       redone=kind is ChangeKind.REDO, count=count))
        elif restarted < 0:  # an undo of a restart: its cost back, and the moves
            parts.append(restart_words(cost, gained - cost - RESTART_COST, undone=True,
                                       count=count))
        elif kind is ChangeKind.UNDO:
            parts.append(undo_words(cost, cost - gained, count=count))
        elif gained:
            parts.append(undo_words(0, gained, redo=True, count=count))
        if hint:
            parts.append(f"hint here -{hint}")
        if coached and restarted > 0:
            parts.append(COACHED_WORDS)
        run, self._undos = self._undos, None  # a redo or restart ends the undos' run
        undo = kind is ChangeKind.UNDO and not restarted
        own, times = "; ".join(parts), 1
        if undo and run is not None and not also and not first and self.shown == run.told:
            if run.words == own:  # the same words again are counted, not repeated
                times = run.times + 1
                parts = [repeated(own, times)]
            else:  # the last undo's words stay first
                parts = [repeated(run.words, run.times), *parts]
        if first:
            parts.insert(0, first)
        if also:  # said even when the action itself changed nothing (a redo of moves
            parts.append(also)  # worth 0 left the answers it told cut to their last part)
        if parts:
            self.tell("; ".join(parts), of_a_move=True)
            if undo and not also and not first:
                self._undos = UndoRun(own, times, self.text)

    def update(self, dt: float) -> None:
        """Time passes."""
        self.left = max(0.0, self.left - dt)
        self._unit_left -= dt

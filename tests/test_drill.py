"""The mistake drill: the costliest charged run found and worded on exact and 5x5 boards."""

from __future__ import annotations

from collections import deque

from game.core.actions import Move, Restart, Slide, Source, Undo
from game.core.board import MOVES, Board, inverse_moves
from game.core.coach import Hint
from game.core.notation import parse_board
from game.core.recording import Recording
from game.core.spec import GameKind
from game.play.drill import NO_MISTAKES, find_drill
from game.play.replay import build_replay
from game.play.words import move_words, moves_words
from tests.fakes_front import small_hint

START = parse_board("1 2 3/4 0 6/7 5 8")  # U then L solves it


def nothing_known(board: Board) -> None:
    return None


def recording(board: Board, actions: tuple) -> Recording:
    return Recording(board, actions, tuple(range(0, 400 * len(actions), 400)))


def moves(board: Board, letters: str) -> Recording:
    return recording(board, tuple(Move(m) for m in letters))


def test_move_words_name_the_tile_and_its_direction() -> None:
    assert move_words(START, "U") == "5 up"  # tile 5 is below the gap
    assert move_words(START, "R") == "4 right"
    assert moves_words(START, "UL") == "5 up, 8 left"
    assert NO_MISTAKES == "no mistakes to drill"


def test_one_wasteful_move_on_3x3() -> None:
    model = build_replay(moves(START, "URLL"), small_hint)
    drill = find_drill(model)
    assert drill is not None
    after_u = START.apply("U")
    assert drill.position == after_u and drill.first == 2 and drill.played == "R"
    assert drill.cost == 2 and drill.better == ("L",) and drill.kept == 2 and drill.exact
    assert drill.played_words() == "move 2: you played 7 right"
    assert drill.words() == "8 left kept you on course for a 2-move game; your move cost 2"
    assert model.frames[drill.frame].board == after_u  # the viewer shows the position
    spec = drill.spec()
    assert spec.kind is GameKind.PRACTICE and spec.board == after_u
    assert (spec.width, spec.height) == (3, 3)


def test_the_costliest_run_wins_and_the_first_on_a_tie() -> None:
    board = Board.goal(3, 3).apply_all("DRDLUU")  # six from the goal
    line = small_hint(board).path
    wrong = next(m for m in board.legal_moves() if m not in small_hint(board).moves)
    here = board.apply(wrong)
    wrong2 = next(m for m in here.legal_moves() if m not in small_hint(here).moves)
    two = wrong + wrong2  # two wasteful moves in a row (cost 4)
    played = two + inverse_moves(two) + line[:1]
    rest = board.apply_all(played)
    after = rest.apply_all(small_hint(rest).path)
    assert after.is_solved()
    drill = find_drill(build_replay(moves(board, played + small_hint(rest).path), small_hint))
    assert drill is not None and drill.first == 1 and drill.played == two and drill.cost == 4
    assert drill.words().endswith("your moves 1-2 cost 4")
    assert drill.kept == small_hint(board).distance
    # a single wasteful move later does not beat it, an equal run later does not either
    tie = two + inverse_moves(two) + two + inverse_moves(two) + line
    later = find_drill(build_replay(moves(board, tie), small_hint))
    assert later is not None and later.first == 1


def test_no_charged_move_no_drill() -> None:
    assert find_drill(build_replay(moves(START, "UL"), small_hint)) is None
    # a mistake taken back by an undo or a restart no longer counts
    for back in (Undo(), Restart()):
        game = recording(START, (Move("R"), back, Move("U"), Move("L")))
        assert find_drill(build_replay(game, small_hint)) is None


def test_stored_judgements_find_it_before_the_coach_answers() -> None:
    model = build_replay(moves(START, "URLL"), nothing_known, ("o", "w", "o", "o"))
    drill = find_drill(model)
    assert drill is not None and drill.first == 2 and drill.better == ()
    assert drill.words() == "your move cost 2 (the better move is not known yet)"
    assert drill.kept == 2  # the chart (filled from the judgements) knows the distance


def test_a_slide_is_judged_tile_by_tile() -> None:
    board = parse_board("1 2 3/4 5 6/0 7 8")  # the gap bottom left: 7 and 8 slide left
    slide = Slide(8, Source.MOUSE)  # 7 then 8 slide left: the game solved
    assert find_drill(build_replay(recording(board, (slide,)), small_hint)) is None
    away = recording(board, (Move("D"), Move("U"), slide))  # 4 down and back: one charged
    drill = find_drill(build_replay(away, small_hint))
    assert drill is not None and drill.position == board and drill.played == "D"
    assert drill.words() == "7 left kept you on course for a 2-move game; your move cost 2"


class NearGoal:
    """Exact hints for boards within ``depth`` moves of the goal (a breadth-first search from
    it), None beyond: an exact 4x4 coach for positions near the end."""

    def __init__(self, width: int, height: int, depth: int) -> None:
        goal = Board.goal(width, height)
        self.dist = {goal: 0}
        todo = deque([goal])
        while todo:
            board = todo.popleft()
            if self.dist[board] < depth:
                for move in board.legal_moves():
                    nxt = board.apply(move)
                    if nxt not in self.dist:
                        self.dist[nxt] = self.dist[board] + 1
                        todo.append(nxt)
        self.depth = depth

    def __call__(self, board: Board) -> Hint | None:
        d = self.dist.get(board)
        if d is None or d >= self.depth:  # its neighbours must be in the table too
            return None
        best = frozenset(m for m in MOVES if board.can_move(m)
                         and self.dist.get(board.apply(m)) == d - 1)
        path, here = "", board
        while self.dist[here]:
            step = min(m for m in MOVES if here.can_move(m)
                       and self.dist.get(here.apply(m)) == self.dist[here] - 1)
            path, here = path + step, here.apply(step)
        return Hint(board, d, best, True, True, path)


def test_4x4_exact_better_move() -> None:
    board = Board.goal(4, 4).apply_all("DDRRUL")  # a few moves from the goal
    oracle = NearGoal(4, 4, 10)
    line = oracle(board).path
    wrong = next(m for m in board.legal_moves() if m not in oracle(board).moves)
    played = wrong + inverse_moves(wrong) + line
    drill = find_drill(build_replay(moves(board, played), oracle))
    assert drill is not None and drill.exact and drill.position == board
    assert set(drill.better) == set(oracle(board).moves)
    assert drill.kept == len(line)
    assert f"kept you on course for a {len(line)}-move game; your move cost 2" in drill.words()
    assert "coach" not in drill.words()


def test_5x5_from_stored_judgements_speaks_of_the_coach_s_line() -> None:
    board = Board.goal(5, 5).apply_all("DDRRUL")
    line = inverse_moves("DDRRUL")
    away = next(m for m in board.legal_moves() if m != line[0])
    played = away + inverse_moves(away) + line
    stored = ("x", *("l" for _ in played[1:]))
    model = build_replay(moves(board, played), nothing_known, stored)
    assert [f.cues[0].value for f in model.frames[1:3]] == ["off-line", "line"]
    drill = find_drill(model)
    assert drill is not None and not drill.exact and drill.first == 1
    # the won game's own line came back to the position: it is a known line from there,
    # and the words speak of the coach's line (never "optimal")
    words = (f"{move_words(board, line[0])} kept you on course for a {len(line)}-move game by the "
             "coach's line from there; your move cost 2")
    assert drill.better == (line[0],) and drill.words() == words
    assert "optimal" not in drill.words()
    # a game left after the mistake: nothing known from there until the coach answers
    left = build_replay(moves(board, away), nothing_known, ("x",))
    drill = find_drill(left)
    assert drill is not None
    assert drill.words() == "your move cost 2 (the coach's line here is not known yet)"
    known = {board: small_hint_like(board, line)}
    drill = find_drill(build_replay(moves(board, away), known.get, ("x",)))
    assert drill is not None and drill.words() == words


def small_hint_like(board: Board, path: str):
    """What the coach says beyond exact reach: a best line, not proven."""
    return Hint(board, len(path), frozenset(path[:1]), False, False, path)


def test_5x5_drill_counts_the_line_the_replay_and_end_screen_count() -> None:
    """The eleventh playtest: the drill said "the coach's line of 121 moves" beside "Coach's
    line 115" and "113 to go" after move 4: it read the coach's answer at the mistake's
    board, not the line the replay's "to go" (and the end screen) count."""
    from dataclasses import replace

    board = Board.goal(5, 5).apply_all("DDRRUL")
    line = inverse_moves("DDRRUL")
    away = next(m for m in board.legal_moves() if m != line[0])
    known = {board: small_hint_like(board, line)}
    model = build_replay(moves(board, away), known.get, ("x",))
    shorter = replace(model, chart=(len(line) - 2, *model.chart[1:]))  # the game knew better
    drill = find_drill(shorter)
    assert drill is not None and drill.kept == len(line) - 2
    assert f"kept you on course for a {len(line) - 2}-move game by the coach's line from there" \
        in drill.words()

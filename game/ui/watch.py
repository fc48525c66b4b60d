"""Spectator window for the bot arena: live boards with sliding tiles, scores, the leaderboard."""

from __future__ import annotations

import signal
import statistics
import threading
import time
from dataclasses import dataclass
from typing import Any

import pygame

from game.arena.server import ServerOptions
from game.arena.spectate import Snapshot, SpectatorFeed
from game.core.board import Board
from game.ui.fonts import Fonts
from game.ui.layout import MIN_WINDOW, Layout
from game.ui.render import TileCache, draw_board
from game.ui.theme import DEFAULT_THEME, THEMES, Theme
from game.ui.watch_panel import FPS, Panel, board_layout, grid, pace

WINDOW = (1280, 800)
MAX_PANELS = 16
"""Live games shown at once (the highest scores when more bots are connected)."""
HEADER_SHARE = 0.07
SIDEBAR_SHARE = 0.27
PAD_SHARE = 0.012
PANEL_TEXT_SHARE = 0.095
"""Panel text height as a share of the panel's board side."""
LEADER_ROWS = 10
FPS_REFRESH = 0.5
"""Seconds between updates of the fps figure in the header."""
FULL_COPY_SHARE = 0.5
"""Above this share of the window changed, one full copy beats many small ones."""


Rect = tuple[int, int, int, int]
PANEL_GAP = 8
PANEL_INNER = 8


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` cut short with "..." so it fits ``width`` pixels in ``font``."""
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with its "..."
        mid = (low + high + 1) // 2
        if font.size(text[:mid] + "...")[0] <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low] + "..."


@dataclass(frozen=True)
class Plan:
    """The frame's fixed parts for one window size, bot count and theme."""

    key: tuple[int, int, int, str]
    pad: int
    head: int
    area: Rect
    side: Rect | None
    slots: list[tuple[Rect, Rect]]
    background: pygame.Surface


class WatchWindow:
    """The spectator loop: reads the feed, animates panels, draws at up to FPS frames a second."""

    def __init__(self, feed: SpectatorFeed, title: str, theme: str = DEFAULT_THEME,
                 window: tuple[int, int] = WINDOW) -> None:
        pygame.init()
        pygame.display.set_caption(f"Fifteen bot arena - {title}")
        self.screen = pygame.display.set_mode(window, pygame.RESIZABLE)
        self.feed = feed
        self.title = title
        self.theme_names = list(THEMES)
        self.theme: Theme = THEMES.get(theme, THEMES[DEFAULT_THEME])
        self.fonts = Fonts()
        self.tiles = TileCache(self.fonts)
        self.panels: dict[str, Panel] = {}
        self._plan_cache: Plan | None = None
        self._plan_shown: Plan | None = None
        self._shown: dict[Rect, Panel] = {}
        self._board_shown: list[dict[str, Any]] = []
        self.dirty_rects: list[Rect] | None = None
        """What changed in the last frame drawn (None: everything); the display copies only
        these, which matters most on software displays where a full copy costs milliseconds."""
        self.frame_ms: list[float] = []
        self.work_ms: list[float] = []
        self.running = True

    # --- state --------------------------------------------------------
    def sync(self, snap: Snapshot, dt: float) -> list[Panel]:
        """Panels for the bots in ``snap``, best scores first, animations advanced."""
        live = {}
        for view in snap.bots:
            try:
                name = str(view["Name"])
                panel = self.panels.get(name)
                if panel is None:
                    width, height = view["Size"]
                    panel = Panel(name, Board(int(width), int(height), tuple(view["Board"])))
                panel.update(view)
            except (KeyError, TypeError, ValueError):
                continue
            live[name] = panel
        self.panels = live
        for panel in live.values():
            panel.advance(dt)
        shown = sorted(live.values(), key=lambda p: (-p.score, p.name))
        return shown[:MAX_PANELS]

    # --- drawing ------------------------------------------------------
    def _plan(self, count: int) -> Plan:
        """Where everything goes for this window size and bot count (kept until they change)."""
        w, h = self.screen.get_size()
        key = (w, h, count, self.theme.name)
        if self._plan_cache is not None and self._plan_cache.key == key:
            return self._plan_cache
        pad = max(4, int(min(w, h) * PAD_SHARE))
        head = max(28, int(h * HEADER_SHARE))
        side_w = int(w * SIDEBAR_SHARE) if w >= 2 * MIN_WINDOW[0] else 0
        area = (pad, head, w - side_w - 2 * pad, h - head - pad)
        side = (w - side_w, head, side_w - pad, h - head - pad) if side_w else None
        background = pygame.Surface((w, h)).convert()
        background.fill(self.theme.bg)
        slots = self._slots(count, area) if count else []
        for box, _ in slots:
            pygame.draw.rect(background, self.theme.panel, box, border_radius=8)
        if side is not None:
            pygame.draw.rect(background, self.theme.panel, side, border_radius=8)
        self._plan_cache = Plan(key, pad, head, area, side, slots, background)
        return self._plan_cache

    @staticmethod
    def _slots(count: int, area: tuple[int, int, int, int]) -> list[tuple[Rect, Rect]]:
        """(panel box, board rect) per panel: square boards with two text lines above."""
        x0, y0, aw, ah = area
        cols, rows = grid(count, area, PANEL_TEXT_SHARE)
        cell_w, cell_h = aw / cols, ah / rows
        room_w = int(cell_w) - PANEL_GAP - 2 * PANEL_INNER
        text_h = int(PANEL_TEXT_SHARE * min(room_w, cell_h) * 2.4)
        board = max(8, min(room_w, int(cell_h) - PANEL_GAP - 3 * PANEL_INNER - text_h))
        pw, ph = board + 2 * PANEL_INNER, board + 3 * PANEL_INNER + text_h
        # the grid of panels is packed and centred as a whole, not spread over the area
        left = x0 + (aw - cols * (pw + PANEL_GAP) + PANEL_GAP) / 2
        top = y0 + (ah - rows * (ph + PANEL_GAP) + PANEL_GAP) / 2
        slots = []
        for i in range(count):
            r, c = divmod(i, cols)
            px, py = int(left + c * (pw + PANEL_GAP)), int(top + r * (ph + PANEL_GAP))
            board_rect = (px + PANEL_INNER, py + 2 * PANEL_INNER + text_h, board, board)
            slots.append(((px, py, pw, ph), board_rect))
        return slots

    def draw(self, panels: list[Panel], snap: Snapshot, fps: float) -> None:
        """One frame: the cached background, then the text and boards that change."""
        screen, theme, fonts = self.screen, self.theme, self.fonts
        plan = self._plan(len(panels))
        fresh = plan is not self._plan_shown or not panels
        if fresh:
            screen.blit(plan.background, (0, 0))
        else:  # only what changes is drawn again: the header here, panels below
            header = pygame.Rect(0, 0, screen.get_width(), plan.head)
            screen.blit(plan.background, header, header)
        pad, head = plan.pad, plan.head
        text = max(12, int(head * 0.42))
        title = fonts.text("Fifteen bot arena", int(text * 1.25), theme.accent, bold=True)
        screen.blit(title, (pad * 2, (head - title.get_height()) // 2))
        status = self.feed.status
        info = (f"{self.title}  |  {len(self.panels)} bots  |  {snap.served} messages served  "
                f"|  {fps:4.0f} fps  |  {status}")
        colour = theme.muted
        if status != "connected":  # what matters first, and plainly: the server is gone
            info, colour = f"{status}  |  {self.title}", theme.bad
        left = pad * 3 + title.get_width()
        line = fonts.text(fit_text(fonts(text), info, screen.get_width() - left - pad), text,
                          colour)
        screen.blit(line, (left, (head - line.get_height()) // 2))
        dirty: list[Rect] = [(0, 0, screen.get_width(), head)]
        if panels:
            for panel, (box, board_rect) in zip(panels, plan.slots, strict=True):
                if not (fresh or panel.whole or panel.text or panel.pending
                        or panel is not self._shown.get(box)):
                    continue  # nothing moved: its pixels from the last frame still stand
                if not fresh:
                    screen.blit(plan.background, box, box)
                layout = self._draw_panel(panel, box, board_rect)
                if panel.whole or panel is not self._shown.get(box):
                    dirty.append(box)
                    self._shown[box] = panel
                elif panel.text or panel.pending:
                    # one rectangle per panel: each rectangle is a separate copy to the display
                    parts = [pygame.Rect(box[0], box[1], box[2], board_rect[1] - box[1])
                             ] if panel.text else []
                    edge = 2 * layout.gap
                    for cell in panel.pending:
                        parts.append(pygame.Rect(layout.cell_rect(cell)).inflate(edge, edge))
                    joined = parts[0].unionall(parts[1:])
                    dirty.append((joined.x, joined.y, joined.w, joined.h))
                panel.shown()
        else:
            x0, y0, aw, ah = plan.area
            fonts.blit_center(screen, "waiting for bots...", max(16, ah // 14), theme.hud_text,
                              (x0 + aw // 2, y0 + ah // 2 - ah // 14))
            fonts.blit_center(screen, "python main.py bot ws://HOST:PORT --games 100",
                              max(12, ah // 26), theme.muted,
                              (x0 + aw // 2, y0 + ah // 2 + ah // 20), max_width=aw - 20)
        if plan.side is not None and (fresh or snap.leaderboard != self._board_shown):
            if not fresh:
                screen.blit(plan.background, plan.side, plan.side)
            self._draw_leaderboard(snap, plan.side)
            self._board_shown = snap.leaderboard
            dirty.append(plan.side)
        area = sum(r[2] * r[3] for r in dirty)
        full = (plan is not self._plan_shown or not panels
                or area > FULL_COPY_SHARE * screen.get_width() * screen.get_height())
        self._plan_shown = plan
        self.dirty_rects = None if full else dirty

    def _draw_panel(self, panel: Panel, box: Rect, board_rect: Rect) -> Layout:
        screen, theme, fonts = self.screen, self.theme, self.fonts
        px, py, pw, _ = box
        size = max(10, int(board_rect[2] * PANEL_TEXT_SHARE))
        name = fonts.text(panel.name, size, theme.hud_text, bold=True)
        score = fonts.text(f"{panel.score:,}", size, theme.accent, bold=True)
        screen.blit(score, (px + pw - PANEL_INNER - score.get_width(), py + PANEL_INNER))
        room = pw - 3 * PANEL_INNER - score.get_width()
        if name.get_width() > room:
            name = name.subsurface((0, 0, max(1, room), name.get_height()))
        screen.blit(name, (px + PANEL_INNER, py + PANEL_INNER))
        status = "solved!" if panel.status == "complete" else f"streak {panel.streak}"
        detail = fonts.text(f"game {panel.game}   {panel.moves} moves   {status}",
                            max(10, int(size * 0.85)), theme.muted)
        if detail.get_width() > pw - 2 * PANEL_INNER:
            detail = detail.subsurface((0, 0, pw - 2 * PANEL_INNER, detail.get_height()))
        screen.blit(detail, (px + PANEL_INNER, py + PANEL_INNER + size + 2))
        layout = board_layout(screen.get_size(), board_rect, panel.board.width,
                              panel.board.height)
        draw_board(screen, panel.board_view(), layout, theme, self.tiles)
        return layout

    def _draw_leaderboard(self, snap: Snapshot, rect: tuple[int, int, int, int]) -> None:
        screen, theme, fonts = self.screen, self.theme, self.fonts
        x, y, w, h = rect
        size = max(11, min(22, int(w / 17)))
        fonts.blit_center(screen, "Leaderboard", int(size * 1.3), theme.accent,
                          (x + w // 2, y + size + 4), bold=True)
        cols = ((0.04, "#"), (0.13, "bot"), (0.58, "points"), (0.80, "solved"))
        row_y = y + int(size * 2.6)
        for share, label in cols:
            screen.blit(fonts.text(label, size, theme.muted), (x + int(w * share), row_y))
        row_h = int(size * 1.9)
        for rank, entry in enumerate(snap.leaderboard[:LEADER_ROWS], 1):
            row_y += row_h
            if row_y + 2 * size > y + h:
                break
            color = theme.hud_text if entry.get("connected") else theme.muted
            values = (str(rank), str(entry.get("name", "?"))[:14],
                      f"{entry.get('points', 0):,}",
                      f"{entry.get('solved', 0)}/{entry.get('games', 0)}")
            for (share, _), value in zip(cols, values, strict=True):
                screen.blit(fonts.text(value, size, color), (x + int(w * share), row_y))
            extra = (f"optimal {entry.get('optimal_moves', 0)}  waste "
                     f"{entry.get('wasteful_moves', 0)}  caught {entry.get('caught', 0)}"
                     f"/{entry.get('unsolvable_dealt', 0)}")
            screen.blit(fonts.text(extra, max(9, int(size * 0.75)), theme.muted),
                        (x + int(w * cols[1][0]), row_y + size))

    # --- loop ---------------------------------------------------------
    def run(self, seconds: float | None = None, stop: threading.Event | None = None) -> None:
        """Run until the window closes, Esc, ``seconds`` pass or ``stop`` is set."""
        start = last = due = time.perf_counter()
        fps, shown_at = 0.0, start
        while self.running and (stop is None or not stop.is_set()):
            now = time.perf_counter()
            dt, last = now - last, now
            if seconds is not None and now - start >= seconds:
                break
            for event in pygame.event.get():
                self._event(event)
            snap = self.feed.snapshot()
            if now - shown_at >= FPS_REFRESH and self.frame_ms:
                recent = self.frame_ms[-FPS:]
                fps, shown_at = 1000 * len(recent) / sum(recent), now
            self.draw(self.sync(snap, dt), snap, fps)
            if self.dirty_rects is None:
                pygame.display.flip()
            else:
                pygame.display.update(self.dirty_rects)
            self.work_ms.append(1000 * (time.perf_counter() - now))
            due = pace(due)
            self.frame_ms.append(1000 * (time.perf_counter() - now))

    def _event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q):
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_t:
            index = self.theme_names.index(self.theme.name) + 1
            self.theme = THEMES[self.theme_names[index % len(self.theme_names)]]
        elif event.type == pygame.VIDEORESIZE:
            size = (max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h))
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def stats(self) -> str:
        """Frame figures: rate, median and worst frame, and the drawing work per frame."""
        frames = self.frame_ms[1:] or [0.0]
        work = self.work_ms[1:] or [0.0]
        total = sum(frames) / 1000
        rate = len(frames) / total if total else 0.0
        return (f"watch: {len(frames)} frames, {rate:.1f} fps, frame ms median "
                f"{statistics.median(frames):.1f} p99 {sorted(frames)[int(0.99 * len(frames))]:.1f}"
                f"; drawing work ms median {statistics.median(work):.2f} max {max(work):.2f}; "
                f"{len(self.panels)} bots on screen")


def run_watch(url: str, seconds: float | None = None, show_stats: bool = False,
              stop: threading.Event | None = None) -> int:
    """`watch URL`: a spectator connection shown in a window."""
    feed = SpectatorFeed(url).start()
    window = WatchWindow(feed, url)
    try:
        window.run(seconds, stop)
    finally:
        feed.stop()
        pygame.quit()
    if show_stats:
        print(window.stats())
    return 0


def serve_and_watch(options: ServerOptions) -> int:
    """`serve --watch`: the server in a background thread, the window in this one."""
    import asyncio

    from game.arena.server import ArenaServer

    server = ArenaServer(options)
    ready, stop = threading.Event(), threading.Event()
    box: dict[str, Any] = {}

    async def main() -> None:
        box["loop"] = asyncio.get_running_loop()
        box["stop"] = event = asyncio.Event()
        await server.run(event, lambda port: ready.set())

    def target() -> None:
        try:
            asyncio.run(main())
        finally:
            ready.set()
            stop.set()

    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    thread = threading.Thread(target=target, name="arena-server", daemon=True)
    thread.start()
    ready.wait()
    try:
        if not stop.is_set():
            host = options.host if options.host not in ("0.0.0.0", "::", "") else "127.0.0.1"
            run_watch(f"ws://{host}:{server.port}", stop=stop)
    finally:
        if "loop" in box:
            box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(10)
        print(server.leaderboard.table())
    return 0

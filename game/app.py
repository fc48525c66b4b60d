"""Placeholder front end: opens a window until the real game lands."""

from __future__ import annotations

from game.cli import DemoOptions, PlayOptions


def run_play(options: PlayOptions) -> int:
    """Open a simple window showing the board until it is closed."""
    import pygame

    pygame.init()
    try:
        screen = pygame.display.set_mode((480, 480))
        pygame.display.set_caption("Fifteen")
        clock = pygame.time.Clock()
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    running = False
            screen.fill((30, 30, 40))
            pygame.display.flip()
            clock.tick(60)
    finally:
        pygame.quit()
    return 0


def run_demo(options: DemoOptions) -> int:
    """Not yet available."""
    return 0

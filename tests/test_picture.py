"""Picture mode: the built-in picture, loading images, fitting them and cutting tiles."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.ui.picture import (
    PictureError,
    builtin_picture,
    cut_tiles,
    fit,
    fit_square,
    frame_width,
    load_picture,
)

MIN_DISTINCT_COLOURS = 500
SCALE_TOLERANCE = 4  # smoothscale averaging may round a channel down by a few levels


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


@pytest.fixture(scope="module")
def picture() -> pygame.Surface:
    return builtin_picture(240)


def pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface)


def stripes(width: int, height: int, colours: list[tuple[int, int, int]],
            vertical: bool) -> pygame.Surface:
    """Equal stripes of `colours` side by side (vertical) or stacked (horizontal)."""
    surface = pygame.Surface((width, height))
    count = len(colours)
    for i, colour in enumerate(colours):
        if vertical:
            surface.fill(colour, (i * width // count, 0, width // count, height))
        else:
            surface.fill(colour, (0, i * height // count, width, height // count))
    return surface


@pytest.mark.parametrize("size", [8, 64, 240])
def test_builtin_picture_has_the_requested_size(size: int) -> None:
    assert builtin_picture(size).get_size() == (size, size)


def test_builtin_picture_is_a_detailed_scene(picture: pygame.Surface) -> None:
    colours = np.unique(pixels(picture).reshape(-1, 3), axis=0)
    assert len(colours) > MIN_DISTINCT_COLOURS
    # Not just a gradient: many different colours along a single row as well.
    middle_row = pixels(picture)[:, picture.get_height() * 6 // 10]
    assert len(np.unique(middle_row, axis=0)) > 20


def test_builtin_picture_is_deterministic_per_seed(picture: pygame.Surface) -> None:
    same = builtin_picture(240, seed=0)
    other = builtin_picture(240, seed=7)
    assert pygame.image.tobytes(same, "RGB") == pygame.image.tobytes(picture, "RGB")
    assert pygame.image.tobytes(other, "RGB") != pygame.image.tobytes(picture, "RGB")


def test_builtin_picture_rejects_a_tiny_size() -> None:
    with pytest.raises(ValueError, match="3"):
        builtin_picture(3)


def test_every_tile_of_a_4x4_board_looks_different(picture: pygame.Surface) -> None:
    tiles = cut_tiles(picture, 4, 4, 60, 60, numbers=False, font=None)
    images = {pygame.image.tobytes(tile, "RGB") for tile in tiles.values()}
    assert len(images) == 15


@pytest.mark.parametrize(("board_w", "board_h", "tile_w", "tile_h"),
                         [(3, 3, 50, 50), (4, 4, 37, 37), (5, 3, 30, 44), (2, 6, 41, 23)])
def test_cut_tiles_gives_one_surface_per_tile(picture: pygame.Surface, board_w: int,
                                              board_h: int, tile_w: int, tile_h: int) -> None:
    tiles = cut_tiles(picture, board_w, board_h, tile_w, tile_h, numbers=True, font=None)
    assert sorted(tiles) == list(range(1, board_w * board_h))
    assert all(tile.get_size() == (tile_w, tile_h) for tile in tiles.values())


@pytest.mark.parametrize(("board_w", "board_h"), [(4, 4), (5, 3)])
def test_each_tile_shows_its_solved_cell(picture: pygame.Surface, board_w: int,
                                         board_h: int) -> None:
    tile_w, tile_h = 40, 36
    fitted = pixels(fit(picture, board_w * tile_w, board_h * tile_h))
    tiles = cut_tiles(picture, board_w, board_h, tile_w, tile_h, numbers=False, font=None)
    inset = frame_width(tile_w, tile_h)
    for number, tile in tiles.items():
        row, col = divmod(number - 1, board_w)
        expected = fitted[col * tile_w + inset:(col + 1) * tile_w - inset,
                          row * tile_h + inset:(row + 1) * tile_h - inset]
        got = pixels(tile)[inset:tile_w - inset, inset:tile_h - inset]
        assert np.array_equal(got, expected), f"tile {number}"


def test_tiles_have_a_visible_border(picture: pygame.Surface) -> None:
    fitted = pixels(fit_square(picture, 3 * 50))
    tile = pixels(cut_tiles(picture, 3, 3, 50, 50, numbers=False, font=None)[5])
    region = fitted[50:100, 50:100]
    assert not np.array_equal(tile[0, :], region[0, :])  # left edge
    assert not np.array_equal(tile[:, -1], region[:, -1])  # bottom edge


def test_numbers_draw_a_badge_in_the_top_left_corner_only(picture: pygame.Surface) -> None:
    plain = cut_tiles(picture, 3, 3, 64, 64, numbers=False, font=None)
    numbered = cut_tiles(picture, 3, 3, 64, 64, numbers=True, font=None)
    for number in plain:
        a, b = pixels(plain[number]), pixels(numbered[number])
        assert not np.array_equal(a[:20, :20], b[:20, :20]), f"no badge on tile {number}"
        assert np.array_equal(a[32:, 32:], b[32:, 32:]), f"badge spills on tile {number}"


def test_numbers_accept_a_font_or_a_font_factory(picture: pygame.Surface) -> None:
    asked: list[int] = []

    def factory(size: int) -> pygame.font.Font:
        asked.append(size)
        return pygame.font.Font(None, size)

    by_factory = cut_tiles(picture, 3, 3, 64, 64, numbers=True, font=factory)
    by_font = cut_tiles(picture, 3, 3, 64, 64, numbers=True, font=pygame.font.Font(None, 17))
    assert asked and all(size > 0 for size in asked)
    assert set(by_factory) == set(by_font) == set(range(1, 9))


def test_cut_tiles_leaves_the_picture_alone(picture: pygame.Surface) -> None:
    before = pygame.image.tobytes(picture, "RGB")
    cut_tiles(picture, 4, 4, 30, 30, numbers=True, font=None)
    assert pygame.image.tobytes(picture, "RGB") == before


@pytest.mark.parametrize(("board_w", "board_h"), [(1, 1), (0, 4)])
def test_cut_tiles_rejects_a_board_without_tiles(picture: pygame.Surface, board_w: int,
                                                 board_h: int) -> None:
    with pytest.raises(ValueError, match="board"):
        cut_tiles(picture, board_w, board_h, 10, 10, numbers=False, font=None)


def test_fit_crops_the_centre_of_a_wide_image() -> None:
    wide = stripes(300, 100, [(255, 0, 0), (0, 255, 0), (0, 0, 255)], vertical=True)
    square = fit_square(wide, 40)
    assert square.get_size() == (40, 40)
    assert np.allclose(pixels(square), (0, 255, 0), atol=SCALE_TOLERANCE)


def test_fit_crops_the_centre_of_a_tall_image() -> None:
    tall = stripes(90, 300, [(255, 0, 0), (0, 255, 0), (0, 0, 255)], vertical=False)
    wide = fit(tall, 90, 60)  # board aspect 3:2 from a 3:10 image: the middle band only
    assert wide.get_size() == (90, 60)
    assert np.allclose(pixels(wide), (0, 255, 0), atol=SCALE_TOLERANCE)


def test_fit_keeps_everything_when_the_aspect_matches() -> None:
    source = stripes(200, 100, [(255, 0, 0), (0, 0, 255)], vertical=True)
    fitted = pixels(fit(source, 100, 50))
    assert np.allclose(fitted[:45], (255, 0, 0), atol=SCALE_TOLERANCE)
    assert np.allclose(fitted[55:], (0, 0, 255), atol=SCALE_TOLERANCE)


def test_fit_handles_palette_and_alpha_surfaces() -> None:
    palette = pygame.Surface((30, 20), 0, 8)
    palette.fill((10, 200, 30))
    transparent = pygame.Surface((30, 20), pygame.SRCALPHA)
    for source in (palette, transparent):
        assert fit(source, 17, 11).get_size() == (17, 11)


def test_fit_rejects_an_empty_target() -> None:
    with pytest.raises(ValueError, match="0x5"):
        fit(builtin_picture(16), 0, 5)


def test_load_picture_reads_a_png(tmp_path: Path, picture: pygame.Surface) -> None:
    path = tmp_path / "scene.png"
    pygame.image.save(picture, str(path))
    loaded = load_picture(str(path))
    assert loaded.get_size() == picture.get_size()
    assert np.array_equal(pixels(loaded), pixels(picture))  # PNG is lossless


def test_load_picture_accepts_a_path_object(tmp_path: Path) -> None:
    path = tmp_path / "tiny.bmp"
    pygame.image.save(stripes(12, 8, [(1, 2, 3), (200, 100, 50)], vertical=True), str(path))
    assert load_picture(path).get_size() == (12, 8)


def test_load_picture_on_garbage_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.png"
    path.write_bytes(b"\x89PNG this is certainly not an image" * 3)
    with pytest.raises(PictureError) as info:
        load_picture(str(path))
    message = str(info.value)
    assert message.startswith(f"cannot read image file '{path}': ")
    assert "\n" not in message
    assert isinstance(info.value, ValueError)


def test_load_picture_on_a_missing_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.jpg"
    with pytest.raises(PictureError, match="missing.jpg"):
        load_picture(str(path))


def test_load_picture_on_a_directory_names_it(tmp_path: Path) -> None:
    with pytest.raises(PictureError, match="cannot read image file"):
        load_picture(str(tmp_path))

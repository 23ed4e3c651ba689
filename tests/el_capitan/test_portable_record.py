"""A game played with a user board file leaves a record that replays on a machine without it."""

import random
import shutil
from pathlib import Path

import referee

HERE = Path(__file__).parent


def test_record_replays_without_the_board_file(tmp_path):
    board = tmp_path / "My Board.json"
    shutil.copy(HERE / "test_board.json", board)
    game = referee.new_game("el-capitan", ["Ann", "Bob", "Cal"], {"board": str(board)})
    rng = random.Random(3)
    for _ in range(400):
        if game.finished:
            break
        game.play(rng.choice(game.legal_moves()).text)
    record = game.to_record()
    board.unlink()  # another machine: no such file
    again = referee.load_record(record)
    assert again.view() == game.view() and again.moves == game.moves
    assert '"board": "none"' in record

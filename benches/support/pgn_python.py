"""Reads a PGN of studies with python-chess, as benches/tools/pgn_index.rs reads it with gbrscan:
every game's headers, and the board of its FEN. Prints games read and the time.

    python pgn_python.py FILE           # headers and FEN board (chess.pgn.read_headers)
    python pgn_python.py FILE --games   # whole games with moves (chess.pgn.read_game)
"""
import sys
import time

import chess
import chess.pgn


def main():
    path = sys.argv[1]
    whole = "--games" in sys.argv
    started = time.perf_counter()
    games = with_fen = 0
    with open(path, encoding="utf-8", errors="replace") as pgn:
        while True:
            if whole:
                game = chess.pgn.read_game(pgn)
                if game is None:
                    break
                headers = game.headers
            else:
                headers = chess.pgn.read_headers(pgn)
                if headers is None:
                    break
            games += 1
            fen = headers.get("FEN")
            if fen:
                board = chess.Board(fen)
                with_fen += bool(board.occupied)
    took = time.perf_counter() - started
    mode = "read_game" if whole else "read_headers"
    print(f"python-chess {chess.__version__} {mode}: {games} games, {with_fen} with a FEN, "
          f"{took:.2f} s ({games / took:.0f} games/s)")


if __name__ == "__main__":
    main()

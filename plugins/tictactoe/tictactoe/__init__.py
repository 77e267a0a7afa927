"""Tic-tac-toe: the smallest complete Meeple Hall game, written to be copied."""

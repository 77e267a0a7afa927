from django.apps import AppConfig


class TictactoeConfig(AppConfig):
    name = "tictactoe"
    label = "tictactoe"
    verbose_name = "Tic-tac-toe"

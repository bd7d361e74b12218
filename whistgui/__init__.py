"""whistgui: Wästlund's theory of two-person whist as a desktop analyzer and a command line."""

__version__ = "0.1.0"

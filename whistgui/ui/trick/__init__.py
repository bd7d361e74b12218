"""The trick-game workspace (whist and its family): the table of hands,
the analysis, the game-tree inspector (R43 view, number line, matrix) and the play panel, with
their models."""

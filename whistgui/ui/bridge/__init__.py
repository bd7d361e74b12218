"""Four-hand bridge, double dummy, in the app: the board's session, the table of four hands,
the double-dummy table, the play with every card's result, and the tree of the current trick."""

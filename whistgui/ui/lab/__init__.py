"""The single-suit laboratory: every suit of n cards a hand, browsed and plotted."""

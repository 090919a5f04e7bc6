"""The pages of the players' own side of the venue (docs/venue.md)."""

"""The team room's state changes (docs/teams.md): ``rosters`` (the event's settings, its teams,
their board order and captains) and ``lineups`` (each round's lineups and their deadlines)."""

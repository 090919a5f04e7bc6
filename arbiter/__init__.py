"""The arbiter app: Django project settings and the tournament app (events, players, rounds)."""

"""Routes of a competition day: see docs/competition.md."""

urlpatterns: list = []

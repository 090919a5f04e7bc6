from django.apps import AppConfig


class TeamsConfig(AppConfig):
    """Team events (issue 30; docs/teams.md): each team event's settings (boards, scoring,
    colour preferences, lineup rules), the lineups of each round, entered by the arbiter or the
    team's captain, and the byes of teams. The teams and their matches are the core's."""

    name = "arbiter.teams"
    label = "teams"
    verbose_name = "Team events"

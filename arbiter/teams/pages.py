"""The public pages of a team event as tabs (``PairingSystem.public_pages``): the team round
robin's and the team Swiss's registry entries take them, so the public site shows a team
event's matches, team standings, crosstable and board prizes (arbiter/public/views/teams.py,
docs/teams.md "Public pages of team events")."""

from django.utils.translation import gettext_lazy as _

from arbiter.core.systems import Link

PUBLIC_PAGES = (
    Link(_("Matches"), "public_team_rounds"),
    Link(_("Team standings"), "public_team_standings"),
    Link(_("Team crosstable"), "public_team_crosstable"),
    Link(_("Board prizes"), "public_board_prizes"),
    Link(_("Team standings (PDF)"), "export_team_standings_pdf", download=True),
)

"""The team room's forms: every text bounded (length, no control characters), every count
checked before a service sees it (docs/teams.md)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Team, federation_code, no_control_characters
from arbiter.teams.models import MOST_BOARDS, TeamSettings
from arbiter.teams.services.rosters import BY_RATING, IN_ORDER, SETTINGS_FIELDS


class TeamSettingsForm(forms.ModelForm):
    class Meta:
        model = TeamSettings
        fields = SETTINGS_FIELDS
        labels = {
            "boards": _("Boards per match"),
            "most_players": _("Players per team, reserves included (at most 14)"),
            "primary_score": _("Primary score"),
            "secondary_used": _("The other score is used (colours, tie-breaks)"),
            "match_win": _("Match points for a won match"),
            "match_draw": _("Match points for a drawn match"),
            "match_loss": _("Match points for a lost match"),
            "bye_match_points": _("Match points of the pairing-allocated bye"),
            "bye_game_points": _("Game points of the pairing-allocated bye"),
            "colours": _("Colour preferences"),
            "board_order": _("Board order"),
            "missing_lineup": _("A team without a lineup plays with"),
            "captains_enter_lineups": _("Captains enter their team's lineups"),
        }
        help_texts = {
            "bye_game_points": _("Empty: half the boards."),
            "board_order": _(
                "Fixed: a lineup keeps the team's board order (reserves only below), and the "
                "order is locked once the team is paired."
            ),
        }

    def clean(self):
        data = super().clean()
        for name in ("match_win", "match_draw", "match_loss", "bye_match_points"):
            value = data.get(name)
            if value is not None and value < 0:
                self.add_error(name, _("Points cannot be negative."))
        gp = data.get("bye_game_points")
        if gp is not None and gp < 0:
            self.add_error("bye_game_points", _("Points cannot be negative."))
        return data


class TeamForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = ["name", "nickname", "federation"]
        labels = {
            "name": _("Team name"),
            "nickname": _("Short name (5 characters)"),
            "federation": _("Federation"),
        }

    def clean_name(self) -> str:
        return self.cleaned_data["name"].strip()

    def clean_federation(self) -> str:
        return self.cleaned_data["federation"].upper()


class NumberTeamsForm(forms.Form):
    method = forms.ChoiceField(
        choices=[
            (IN_ORDER, _("In the order the teams were added")),
            (BY_RATING, _("By the average rating of each team's first boards")),
        ]
    )


class MemberForm(forms.Form):
    """An entered player (``entry``), or a new one typed in (``name``, ``rating``,
    ``federation``)."""

    entry = forms.IntegerField(required=False, min_value=1, max_value=2**62)
    name = forms.CharField(
        required=False, max_length=100, validators=[no_control_characters], label=_("New player")
    )
    rating = forms.IntegerField(required=False, min_value=0, max_value=3500, label=_("Rating"))
    federation = forms.CharField(required=False, max_length=3, label=_("Federation"))

    def clean_federation(self) -> str:
        value = self.cleaned_data["federation"].upper()
        if value:
            federation_code(value)
        return value

    def clean(self):
        data = super().clean()
        if not data.get("entry") and not (data.get("name") or "").strip():
            raise forms.ValidationError(_("Pick a player, or type a new player's name."))
        return data


class MoveForm(forms.Form):
    place = forms.IntegerField(min_value=1, max_value=99)


class CaptainForm(forms.Form):
    username = forms.CharField(
        required=False,
        max_length=150,
        validators=[no_control_characters],
        label=_("Captain's account"),
        help_text=_("An existing account; empty: no captain."),
    )
    invite = forms.BooleanField(
        required=False, label=_("Create this account and give me a link to set its password")
    )


class DeadlineForm(forms.Form):
    round = forms.IntegerField(min_value=1, max_value=999)
    closes_at = forms.DateTimeField(
        required=False,
        label=_("Lineups close at"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"],
        help_text=_("Empty: captains may enter lineups until the round is paired."),
    )


class LineupForm(forms.Form):
    """One select per board: a player of the team, or nobody (the board is lost by forfeit)."""

    team = forms.IntegerField(min_value=1, max_value=2**62)
    round = forms.IntegerField(min_value=1, max_value=999)
    version = forms.IntegerField(min_value=0, max_value=2**31)

    def __init__(self, *args, boards: int, players, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", _("(empty board)"))] + [
            (str(entry.pk), self._label(entry, boards)) for entry in players
        ]
        self.boards = min(boards, MOST_BOARDS)
        for board in range(1, self.boards + 1):
            self.fields[f"board-{board}"] = forms.TypedChoiceField(
                choices=choices,
                required=False,
                coerce=int,
                empty_value=None,
                label=_("Board %(board)s") % {"board": board},
            )

    @staticmethod
    def _label(entry, boards: int) -> str:
        place = entry.team_board or 0
        role = _("reserve") if place > boards else _("board order %(n)s") % {"n": place}
        return f"{entry.name} ({role})"

    def board_ids(self) -> list[int | None]:
        return [self.cleaned_data.get(f"board-{b}") for b in range(1, self.boards + 1)]


#: A requested bye as a form offers it: none, or a full-, half- or zero-point bye.
BYE_CHOICES = [
    ("", _("No bye")),
    ("F", _("Full-point bye")),
    ("H", _("Half-point bye")),
    ("Z", _("Zero-point bye")),
]


class TeamByeForm(forms.Form):
    """A team's requested bye in a round not yet paired; ``expected`` is the kind the page
    showed (a stale page is refused)."""

    team = forms.IntegerField(min_value=1, max_value=2**31 - 1, widget=forms.HiddenInput)
    round = forms.IntegerField(min_value=1, max_value=99, widget=forms.HiddenInput)
    kind = forms.ChoiceField(choices=BYE_CHOICES, required=False, label=_("Bye"))
    expected = forms.ChoiceField(choices=BYE_CHOICES, required=False, widget=forms.HiddenInput)


class WithdrawTeamForm(forms.Form):
    """A team leaving the event from a round not yet paired (the arbiter confirms it)."""

    from_round = forms.IntegerField(min_value=1, max_value=99, label=_("From round"))
    expected = forms.IntegerField(min_value=0, max_value=99, widget=forms.HiddenInput)
    withdraw_players = forms.BooleanField(required=False, label=_("Withdraw its players too"))
    confirm = forms.BooleanField(required=False, label=_("Yes, the team withdraws"))

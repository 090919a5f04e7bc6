"""Forms for the arbiter pages; their validation is also the per-line validation of CSV imports."""

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import (
    Entry,
    RatingMethod,
    RatingType,
    TiebreakRules,
    Title,
    Tournament,
    no_control_characters,
    tiebreak_rules_for,
)
from arbiter.core.services.entries import ENTRY_FIELDS
from arbiter.core.services.tournaments import (
    TOURNAMENT_FIELDS,
    initial_order_change_refused,
    system_change_refused,
)
from arbiter.core.standings import check_tiebreaks
from arbiter.core.systems import SYSTEMS
from arbiter.platform.limits import InputTooLarge, check_text, read_upload
from arbiter.platform.spreadsheets import decode_upload
from arbiter.ratings.models import NormSettings
from pairing.engines.initial_order import uses_national
from pairing.engines.tiebreaks import available_codes
from pairing.engines.tiebreaks.teams import TEAM_CODES


class TournamentForm(forms.ModelForm):
    rules_version = forms.ChoiceField(
        choices=[
            ("", _("By start date (2017 rules before 1 Feb 2026)")),
            *Tournament._meta.get_field("rules_version").choices,
        ],
        required=False,
        label=_("Rules version"),
        help_text=_("The FIDE Dutch rule set for Swiss events."),
    )
    rating_type = forms.ChoiceField(
        choices=[
            ("", _("From the time control")),
            *RatingType.choices,
        ],
        required=False,
        label=_("Rating type"),
        help_text=_(
            "The FIDE rating the event reads from the rating list and is rated in. From the time "
            "control: the time for 60 moves (the time plus 60 times the increment) of 60 minutes "
            "or more is standard, more than 10 rapid, 10 or less blitz; a time control it "
            "cannot read is standard."
        ),
    )
    rating_method = forms.ChoiceField(
        choices=RatingMethod.choices, required=False, label=_("Initial order by")
    )
    tiebreak_rules = forms.ChoiceField(
        choices=[
            ("", _("By start date (2023 text before 1 Mar 2026); a Monrad: the club rule")),
            *Tournament._meta.get_field("tiebreak_rules").choices,
        ],
        required=False,
        label=_("Tie-break rules"),
    )

    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }
        labels = {
            "name": _("Name"),
            "system": _("System"),
            "start_date": _("Start date"),
            "end_date": _("End date"),
            "city": _("City"),
            "federation": _("Federation"),
            "time_control": _("Time control"),
            "planned_rounds": _("Planned rounds"),
            "tiebreaks": _("Tie-breaks"),
            "unrated_rating": _("Rating of unrated players"),
            "national_federation": _("National rating list"),
            "initial_order_by_lot": _("Equal rating and title: drawing of lots"),
            "is_published": _("Published (visible to the public)"),
        }
        help_texts = {
            "rating_method": _(
                "The rating that ranks the players before round 1 (C.04.2; TRF-2026 record 172)."
            ),
            "national_federation": _(
                "The federation whose national ratings the players' National rating holds, e.g. "
                "NOR; empty: the tournament's federation."
            ),
            "initial_order_by_lot": _(
                "Players of equal rating and title are ranked by a drawing of lots, repeatable "
                "from the tournament's own seed, instead of alphabetically."
            ),
            # the model's own help text is English (models have no translated texts, docs/i18n.md)
            "unrated_rating": _(
                "For the rating-based tie-breaks (ARO, TPR; C.07 art. 10). Empty: games against "
                "unrated players are left out."
            ),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tiebreaks"].help_text = tiebreaks_offered(self.instance)

    def clean_federation(self) -> str:
        return self.cleaned_data["federation"].upper()

    def clean_rating_method(self) -> str:
        return self.cleaned_data["rating_method"] or RatingMethod.FIDE

    def clean_national_federation(self) -> str:
        return self.cleaned_data["national_federation"].upper()

    def clean_tiebreaks(self) -> str:
        return " ".join(self.cleaned_data["tiebreaks"].replace(",", " ").upper().split())

    def clean(self) -> dict:
        cleaned = super().clean()
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The tournament cannot end before it starts."))
        if self.instance.pk and cleaned.get("system"):
            refused = system_change_refused(self.instance, cleaned["system"])
            if refused:
                self.add_error("system", refused)
        if self.instance.pk:
            refused = initial_order_change_refused(self.instance, cleaned)
            if refused:
                self.add_error("rating_method", refused)
        method = cleaned.get("rating_method")
        if method and uses_national(method) and not cleaned.get("national_federation"):
            cleaned["national_federation"] = cleaned.get("federation", "")
            if not cleaned["national_federation"]:
                self.add_error(
                    "national_federation",
                    _("Name the federation of the national ratings (or the tournament's)."),
                )
        codes = cleaned.get("tiebreaks", "").split()
        system = cleaned.get("system") or self.instance.system
        rules = cleaned.get("tiebreak_rules") or tiebreak_rules_for(start, system)
        if rules == TiebreakRules.CLUB and system and not SYSTEMS[system].club_rules:
            self.add_error("tiebreak_rules", _("This system has no club rule."))
        elif codes and system:
            try:
                check_tiebreaks(codes, rules, SYSTEMS[system])
            except ValueError as error:
                self.add_error("tiebreaks", str(error))
        return cleaned


def tiebreaks_offered(tournament: Tournament) -> str:
    """The tie-break field's help: the codes the tournament's system may rank by. A round robin's
    list has no Buchholz, Fore Buchholz or AOB at all, not even greyed out (C.07 Art. 8;
    checklist Q105); a new tournament, whose system is chosen in the same form, sees both lists
    apart."""
    example = _("C.07 codes in order, e.g. BH-C1 BH SB DE; empty for the system's default.")
    if tournament.pk is None or tournament.system not in SYSTEMS:
        return format_lazy(
            "{example} {swiss} {round_robin}",
            example=example,
            swiss=format_lazy(_("A Swiss offers: {codes}."), codes=_codes(round_robin=False)),
            round_robin=format_lazy(
                _("A round robin offers: {codes}."), codes=_codes(round_robin=True)
            ),
        )
    if tournament.pairing_system.team_event:
        return format_lazy(
            _(
                "The teams' C.07 tie-breaks in order, after the match and game points, e.g. "
                "EDE ESB BH:MP; empty for the defaults (docs/teams.md). Offered: {codes}."
            ),
            codes=", ".join(TEAM_CODES),
        )
    if tournament.pairing_system.all_play_all:
        return format_lazy(
            _(
                "C.07 codes in order, e.g. DE SB WIN KS; empty for the system's default. "
                "Offered: {codes}."
            ),
            codes=_codes(round_robin=True),
        )
    return format_lazy(
        "{example} {offered}",
        example=example,
        offered=format_lazy(_("Offered: {codes}."), codes=_codes(round_robin=False)),
    )


def _codes(*, round_robin: bool) -> str:
    return ", ".join(available_codes("2026", round_robin=round_robin))


#: The fields of a chess player only (a system without them leaves them out:
#: arbiter/core/systems.py).
CHESS_FIELDS = (
    "title",
    "rating",
    "national_rating",
    "fide_id",
    "k_factor",
    "no_half_point_byes",
)


class EntryForm(forms.ModelForm):
    class Meta:
        model = Entry
        fields = ENTRY_FIELDS
        labels = {
            "name": _("Name"),
            "title": _("Title"),
            "sex": _("Sex"),
            "federation": _("Federation"),
            "club": _("Club"),
            "rating": _("Rating"),
            "national_rating": _("National rating"),
            "fide_id": _("FIDE id"),
            "k_factor": _("K-factor"),
            "birth_year": _("Birth year"),
            "no_half_point_byes": _("Not eligible for half-point byes (event regulations)"),
        }

    def __init__(
        self, data=None, *args, tournament: Tournament, taken_fide_ids=None, **kwargs
    ) -> None:
        """`taken_fide_ids`: the FIDE ids already entered, when the caller has read them once."""
        kwargs.setdefault("instance", Entry(tournament=tournament))
        super().__init__(_normalised(data), *args, **kwargs)
        self.taken_fide_ids = taken_fide_ids
        if not tournament.pairing_system.chess_fields:
            for name in CHESS_FIELDS:
                del self.fields[name]
            return
        self.fields["rating"].required = False
        self.fields["national_rating"].required = False
        # FIDE's abbreviations as arbiters write them ("WGM"), not Django's "Wgm" from the names.
        self.fields["title"].choices = [("", "—"), *((t, t) for t in Title.values)]

    def clean_name(self) -> str:
        name = self.cleaned_data["name"]
        no_control_characters(name)  # refused, not folded into a blank
        return " ".join(name.split())

    def clean_fide_id(self) -> int | None:
        fide_id = self.cleaned_data["fide_id"]
        if fide_id is None:
            return None
        if self.taken_fide_ids is not None:
            taken = fide_id in self.taken_fide_ids
        else:
            entry = self.instance
            others = Entry.objects.filter(tournament_id=entry.tournament_id, fide_id=fide_id)
            taken = others.exclude(pk=entry.pk).exists()
        if taken:
            raise forms.ValidationError(
                _("A player with FIDE id %(fide_id)s already exists here."),
                params={"fide_id": fide_id},
            )
        return fide_id

    def clean_rating(self) -> int:
        return self.cleaned_data["rating"] or 0

    def clean_national_rating(self) -> int:
        return self.cleaned_data["national_rating"] or 0


def _normalised(data):
    """Accept codes in any case, and TRF's `w` for women, before the choices are checked."""
    if data is None:
        return None
    data = data.copy()
    for name in ("title", "federation"):
        if name in data:
            data[name] = data[name].strip().upper()
    if "sex" in data:
        sex = data["sex"].strip().lower()
        data["sex"] = "f" if sex == "w" else sex
    return data


class PlayerListImportForm(forms.Form):
    """A CSV list pasted or uploaded; ``cleaned_data["text"]`` is the list either way, within
    ``MAX_UPLOAD_BYTES`` and a line per player allowed (arbiter/platform/limits.py)."""

    text = forms.CharField(
        label=_("Paste the list"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        required=False,
    )
    file = forms.FileField(label=_("or upload a CSV file"), required=False)

    def clean(self) -> dict:
        cleaned = super().clean()
        upload, text = cleaned.get("file"), cleaned.get("text", "")
        if not text.strip() and not upload:
            raise forms.ValidationError(_("Paste a list or choose a file."))
        max_lines = list_lines_allowed()
        try:
            if upload:
                raw = read_upload(upload, max_lines=max_lines, what="file")
                cleaned["text"] = decode_upload(raw)
            else:
                check_text(text, max_lines=max_lines, what="list")
        except InputTooLarge as refused:
            raise forms.ValidationError(str(refused)) from None
        return cleaned


def list_lines_allowed() -> int:
    """A player list's lines: one per player allowed, and some for the header and blanks."""
    return settings.MAX_PLAYERS + 100


class DeputyForm(forms.Form):
    username = forms.CharField(label=_("Username of the deputy arbiter"), max_length=150)

    def clean_username(self):
        username = self.cleaned_data["username"]
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            raise forms.ValidationError(_("No active user has that username."))
        return user


class NormSettingsForm(forms.ModelForm):
    """What the title norms need from the arbiter (arbiter/ratings/norms.py)."""

    class Meta:
        model = NormSettings
        fields = ["exemption", "chief_arbiter", "chief_arbiter_fide_id"]
        help_texts = {
            "exemption": _(
                "These events are exempt from the federation requirements (B.01 1.4.3-1.4.4); "
                "a and b for the host federation's players only. A Swiss's 1.4.3d is worked "
                "out from its field."
            ),
            "chief_arbiter": _("Blank: the tournament's chief arbiter."),
        }

"""Forms of the registration list: the public entry form (every field bounded: lengths,
characters, years, digits) and the organiser's row actions (docs/events.md, "Registrations,
fees and check-in")."""

import datetime
import unicodedata
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import no_control_characters
from arbiter.events.models import MAX_FEE, Registration

#: Characters a name may hold besides letters (and the combining marks of accents).
NAME_PUNCTUATION = set(" .,'-\u2019")
#: The longest FIDE id taken (FIDE's ids have at most 9 digits today).
FIDE_ID_DIGITS = 10


def check_name(value: str) -> str:
    """Letters, spaces and ``. , ' -`` only, at least two letters: a person's name, no
    markup, digits or symbols."""
    value = " ".join(value.split())
    letters = 0
    for character in value:
        category = unicodedata.category(character)
        if category.startswith("L"):
            letters += 1
        elif not (category.startswith("M") or character in NAME_PUNCTUATION):
            raise ValidationError(
                _("A name holds letters, spaces and . , ' - only."), code="characters"
            )
    if letters < 2:
        raise ValidationError(_("Write your name as Lastname, Firstname."), code="short")
    return value


def _section_choices(tournaments) -> list[tuple[str, str]]:
    return [(str(t.pk), getattr(t, "section_label", t.name)) for t in tournaments]


class EnterForm(forms.Form):
    """A player's own entry on the event's public page."""

    name = forms.CharField(
        label=_("Name"),
        max_length=100,
        help_text=_("Lastname, Firstname"),
        validators=[no_control_characters],
    )
    fide_id = forms.CharField(
        label=_("FIDE id"),
        max_length=FIDE_ID_DIGITS,
        required=False,
        help_text=_("If you have one: your name, rating and federation are taken from the list."),
    )
    birth_year = forms.IntegerField(label=_("Year of birth"), min_value=1900)
    sex = forms.ChoiceField(
        label=_("Sex"), choices=[("", "—"), *Registration.Sex.choices], required=False
    )
    federation = forms.CharField(
        label=_("Federation"),
        max_length=3,
        min_length=3,
        required=False,
        help_text=_("Three letters, e.g. NOR"),
    )
    club = forms.CharField(
        label=_("Club"), max_length=100, required=False, validators=[no_control_characters]
    )
    email = forms.EmailField(label=_("E-mail"), max_length=200, required=False)
    tournament = forms.ChoiceField(label=_("Section"))
    note = forms.CharField(
        label=_("Note to the organiser"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        validators=[no_control_characters],
    )

    def __init__(self, *args, sections=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sections = {t.pk: t for t in sections}
        self.fields["tournament"].choices = _section_choices(sections)
        this_year = datetime.date.today().year
        self.fields["birth_year"] = forms.IntegerField(
            label=_("Year of birth"), min_value=1900, max_value=this_year
        )
        self.fields["fide_id"].widget.attrs.update(inputmode="numeric", pattern="[0-9]*")
        self.fields["name"].widget.attrs.update(autocomplete="name")
        self.fields["email"].widget.attrs.update(autocomplete="email")

    def clean_name(self) -> str:
        return check_name(self.cleaned_data["name"])

    def clean_fide_id(self) -> int | None:
        value = self.cleaned_data["fide_id"].strip()
        if not value:
            return None
        if not (value.isascii() and value.isdigit()) or int(value) == 0:
            raise ValidationError(_("A FIDE id is digits only."), code="digits")
        return int(value)

    def clean_federation(self) -> str:
        value = self.cleaned_data["federation"].strip().upper()
        if value and not (value.isascii() and value.isalpha()):
            raise ValidationError(_("Three letters, e.g. NOR."), code="federation")
        return value

    def clean_tournament(self):
        value = self.cleaned_data["tournament"]
        return self.sections[int(value)]


class RegisterForm(EnterForm):
    """The organiser registers someone: the same bounded fields, a rating (for a player
    without a FIDE id: a national rating, say), the year of birth optional and the section
    left open if need be."""

    rating = forms.IntegerField(label=_("Rating"), min_value=0, max_value=3500, required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["birth_year"].required = False
        self.fields["tournament"].required = False
        self.fields["tournament"].choices = [("", "—"), *self.fields["tournament"].choices]
        for name in ("email", "note"):
            del self.fields[name]

    def clean_tournament(self):
        if not self.cleaned_data["tournament"]:
            return None
        return super().clean_tournament()

    def clean_rating(self) -> int:
        return self.cleaned_data["rating"] or 0


class FeeForm(forms.Form):
    """An amount (a fee due, or what has been paid in all)."""

    amount = forms.DecimalField(
        label=_("Amount"),
        min_value=Decimal("0"),
        max_value=MAX_FEE,
        max_digits=7,
        decimal_places=2,
    )


class PlaceForm(forms.Form):
    """The section a person is placed in (one of the event's)."""

    tournament = forms.ChoiceField(label=_("Section"))

    def __init__(self, *args, sections=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sections = {t.pk: t for t in sections}
        self.fields["tournament"].choices = _section_choices(sections)

    def clean_tournament(self):
        return self.sections[int(self.cleaned_data["tournament"])]


def seen_version(data) -> int:
    """The registration's version the page showed (``version``); -1 when it is missing or not
    a small whole number, so the change is refused as from a stale page."""
    value = str(data.get("version", ""))
    if value.isascii() and value.isdigit() and len(value) <= 9:
        return int(value)
    return -1

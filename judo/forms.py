"""Forms of the arbiter's competition pages (pairing/views/competition*.py): every input bounded,
weights read with a decimal comma or point."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbiter.core.models import Entry, no_control_characters
from judo.models import Category, Competition, TeamEvent, TeamMember
from judo.services.competition import COMPETITION_FIELDS

#: A competitor's weight at the weigh-in or as declared (kg).
LIGHTEST, HEAVIEST = Decimal("10"), Decimal("250")
YEARS = (1900, 2100)


class WeightField(forms.CharField):
    """A weight in kg, "73,4" or "73.4", 10 to 250, kept to a tenth."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_length", 10)
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal", "size": 6}))
        super().__init__(**kwargs)

    def clean(self, value):
        text = super().clean(value)
        if text in ("", None):
            return None
        try:
            weight = Decimal(text.strip().replace(",", "."))
        except InvalidOperation:
            raise forms.ValidationError(_("Give the weight in kg, e.g. 73.4.")) from None
        if not weight.is_finite() or not LIGHTEST <= weight <= HEAVIEST:
            raise forms.ValidationError(
                _("A weight is between %(low)s and %(high)s kg.")
                % {"low": LIGHTEST, "high": HEAVIEST}
            )
        return weight.quantize(Decimal("0.1"))


class CompetitionForm(forms.ModelForm):
    class Meta:
        model = Competition
        fields = list(COMPETITION_FIELDS)
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "starts_at": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }
        labels = {
            "rest_minutes": gettext_lazy("Minimum rest (minutes)"),
            "bout_minutes": gettext_lazy("A bout takes (minutes)"),
            "rule_set": gettext_lazy("Scoring rules"),
        }
        help_texts = {
            "rule_set": gettext_lazy(
                "IJF 2025 scores yuko (a throw landing on the side, a hold-down of 5 to 9 s); "
                "national events may still run the 2018-2024 rules. A bout keeps the rules it "
                "was begun under."
            ),
            "rest_minutes": gettext_lazy(
                "Between two bouts of one competitor; the contest order keeps it."
            ),
            "bout_minutes": gettext_lazy("With the breaks between bouts: the order's estimate."),
            "starts_at": gettext_lazy(
                "The plan's start: the public pages say how late each mat runs against it. "
                "Empty: from the first bout begun."
            ),
        }


class CompetitionSettingsForm(CompetitionForm):
    #: Asked only when the rules change once bouts are scored (the page shows it then).
    confirm_rules = forms.BooleanField(
        required=False, label=gettext_lazy("Change the rules all the same")
    )


#: The sexes of an individual's category (a mixed category is a team one: TeamEventForm).
INDIVIDUAL_SEXES = [c for c in Category.Sex.choices if c[0] != Category.Sex.MIXED]


class CategoryForm(forms.Form):
    sex = forms.ChoiceField(choices=INDIVIDUAL_SEXES)
    age_group = forms.CharField(
        max_length=40, validators=[no_control_characters], label=gettext_lazy("Age group")
    )
    weight_limit = forms.DecimalField(
        required=False,
        min_value=10,
        max_value=200,
        max_digits=4,
        decimal_places=1,
        label=gettext_lazy("Weight limit (kg)"),
        help_text=gettext_lazy("Empty: the open class (+)."),
    )
    born_from = forms.IntegerField(
        required=False, min_value=YEARS[0], max_value=YEARS[1], label=gettext_lazy("Born from")
    )
    born_to = forms.IntegerField(
        required=False, min_value=YEARS[0], max_value=YEARS[1], label=gettext_lazy("to")
    )
    contest_seconds = forms.IntegerField(
        required=False,
        min_value=30,
        max_value=600,
        label=gettext_lazy("Contest time (seconds)"),
        help_text=gettext_lazy(
            "Empty: 240 (4 minutes: seniors, juniors, cadets). Kids and veterans by national rules."
        ),
    )

    def clean_age_group(self) -> str:
        return " ".join(self.cleaned_data["age_group"].split())

    def clean(self) -> dict:
        cleaned = super().clean()
        first, last = cleaned.get("born_from"), cleaned.get("born_to")
        if first and last and first > last:
            self.add_error("born_to", _("The first year of birth comes before the last."))
        return cleaned


class WeightClassesForm(forms.Form):
    sex = forms.ChoiceField(choices=INDIVIDUAL_SEXES)
    age_group = forms.CharField(
        max_length=40, validators=[no_control_characters], label=gettext_lazy("Age group")
    )

    def clean_age_group(self) -> str:
        return " ".join(self.cleaned_data["age_group"].split())


class CompetitorForm(forms.Form):
    """A competitor entered: the category chosen, or the declared weight that picks it."""

    name = forms.CharField(
        max_length=100, validators=[no_control_characters], help_text=_("Lastname, Firstname")
    )
    club = forms.CharField(max_length=100, required=False, validators=[no_control_characters])
    federation = forms.CharField(
        max_length=3,
        required=False,
        label=gettext_lazy("Country"),
        help_text=gettext_lazy("The federation's three letters, e.g. NOR."),
    )
    sex = forms.ChoiceField(choices=INDIVIDUAL_SEXES)
    birth_year = forms.IntegerField(
        min_value=YEARS[0], max_value=YEARS[1], label=gettext_lazy("Year of birth")
    )
    category = forms.ModelChoiceField(
        queryset=Category.objects.none(),
        required=False,
        label=gettext_lazy("Category"),
        empty_label=gettext_lazy("By the declared weight"),
    )
    weight = WeightField(required=False, label=gettext_lazy("Declared weight (kg)"))

    def __init__(self, data=None, *, competition: Competition, **kwargs):
        super().__init__(data, **kwargs)
        self.fields["category"].queryset = competition.categories.filter(team=False)

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean_club(self) -> str:
        return " ".join(self.cleaned_data["club"].split())

    def clean_federation(self) -> str:
        code = self.cleaned_data["federation"].strip().upper()
        if code:
            Entry._meta.get_field("federation").run_validators(code)
        return code

    def clean(self) -> dict:
        cleaned = super().clean()
        category, weight = cleaned.get("category"), cleaned.get("weight")
        if category is None and weight is None and not self.errors:
            raise forms.ValidationError(_("Choose the category or give the declared weight."))
        if category is not None and cleaned.get("sex") and category.sex != cleaned["sex"]:
            self.add_error(
                "category", _("%(category)s is not for this sex.") % {"category": category.label}
            )
        year = cleaned.get("birth_year")
        born = category is not None and year is not None
        if born and not (category.born_from or 0) <= year <= (category.born_to or 9999):
            self.add_error(
                "category",
                _("%(category)s is for those born %(years)s.")
                % {"category": category.label, "years": years_label(category)},
            )
        return cleaned


def years_label(category: Category) -> str:
    if category.born_from and category.born_to:
        return f"{category.born_from}-{category.born_to}"
    if category.born_from:
        return _("in %(year)s or later") % {"year": category.born_from}
    if category.born_to:
        return _("in %(year)s or earlier") % {"year": category.born_to}
    return _("in any year")


class WeighForm(forms.Form):
    weight = WeightField(label=gettext_lazy("Weight (kg)"))


class EntryListForm(forms.Form):
    """A registration export: CSV or XLSX, read by arbiter/platform/spreadsheets.py."""

    file = forms.FileField(
        label=gettext_lazy("The list (CSV or Excel .xlsx)"),
        widget=forms.ClearableFileInput(
            attrs={
                "accept": ".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-"
                "officedocument.spreadsheetml.sheet"
            }
        ),
    )


class TeamEventForm(forms.Form):
    """A team category: mixed or single-sex, its classes and rules (docs/competition.md
    "Team matches")."""

    sex = forms.ChoiceField(
        choices=[
            (Category.Sex.MIXED, gettext_lazy("Mixed team")),
            (Category.Sex.MEN, gettext_lazy("Men's team")),
            (Category.Sex.WOMEN, gettext_lazy("Women's team")),
        ],
        label=gettext_lazy("Team"),
    )
    age_group = forms.CharField(
        max_length=40, validators=[no_control_characters], label=gettext_lazy("Age group")
    )
    classes = forms.CharField(
        max_length=100,
        required=False,
        label=gettext_lazy("Weight classes, in bout order"),
        help_text=gettext_lazy(
            "Empty: IJF mixed F-57 M-73 F-70 M-90 F+70 M+90, or five classes of the sex "
            "(M-66 M-73 M-81 M-90 M+90; F-52 F-57 F-63 F-70 F+70)."
        ),
    )
    order = forms.ChoiceField(choices=TeamEvent.Order.choices, label=gettext_lazy("Bout order"))
    one_up = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("An athlete may fight one class up")
    )
    fight_all = forms.BooleanField(
        required=False, label=gettext_lazy("Fight every bout (no stop at four wins)")
    )
    tie_break = forms.ChoiceField(
        choices=TeamEvent.TieBreak.choices, label=gettext_lazy("A tied match")
    )

    def clean_age_group(self) -> str:
        return " ".join(self.cleaned_data["age_group"].split())

    def clean_classes(self) -> list[str]:
        return self.cleaned_data["classes"].upper().replace(",", " ").split()[:10]


class TeamForm(forms.Form):
    name = forms.CharField(max_length=100, validators=[no_control_characters])
    club = forms.CharField(max_length=100, required=False, validators=[no_control_characters])
    federation = forms.CharField(
        max_length=3,
        required=False,
        label=gettext_lazy("Country"),
        help_text=gettext_lazy("The federation's three letters, e.g. NOR."),
    )

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean_federation(self) -> str:
        value = self.cleaned_data["federation"].strip().upper()
        if value and not (value.isascii() and value.isalpha() and len(value) == 3):
            raise forms.ValidationError(_("Three letters, e.g. NOR."))
        return value


class TeamMemberForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Entry.objects.none(), label=gettext_lazy("Team"))
    name = forms.CharField(max_length=100, validators=[no_control_characters])
    sex = forms.ChoiceField(choices=TeamMember.Sex.choices)
    weight = WeightField(required=False, label=gettext_lazy("Weight at the weigh-in (kg)"))

    def __init__(self, data=None, *, category: Category, **kwargs):
        super().__init__(data, **kwargs)
        self.fields["team"].queryset = category.tournament.entries.filter(withdrawn=False)

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

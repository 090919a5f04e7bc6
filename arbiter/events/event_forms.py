"""The forms of the event's desk pages (arbiter/events/views/desk.py): bounded fields, each
refusal a message; the services check again (docs/events.md)."""

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from arbiter.core import systems
from arbiter.core.models import no_control_characters
from arbiter.events.models import Event, EventStaff, Section
from arbiter.events.services.events import EVENT_FIELDS
from judo.models import MAX_MATS

#: The most rounds a section may plan (a long Swiss has 13, a double round robin of 20 has 38).
MAX_ROUNDS = 99


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = list(EVENT_FIELDS)
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }
        labels = {"organiser": _("Organiser (as the public page names it)")}

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The event cannot end before it starts."))
        currency = data.get("currency", "")
        if currency and not (len(currency) == 3 and currency.isalpha()):
            self.add_error("currency", _("Three letters, as EUR or NOK."))
        elif currency:
            data["currency"] = currency.upper()
        return data


class LogoForm(forms.Form):
    logo = forms.FileField(label=_("Logo (PNG, JPEG or WebP)"))


class TournamentSectionForm(forms.Form):
    """A new chess tournament as a section (its ids apart from the other forms on the page)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "tournament_%s")
        super().__init__(*args, **kwargs)

    name = forms.CharField(max_length=200, validators=[no_control_characters])
    system = forms.ChoiceField(choices=systems.choices)  # every registered system
    planned_rounds = forms.IntegerField(
        label=_("Rounds"),
        required=False,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)],
    )


class CompetitionSectionForm(forms.Form):
    """A new judo competition day as a section."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "competition_%s")
        super().__init__(*args, **kwargs)

    name = forms.CharField(max_length=200, validators=[no_control_characters])
    date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    mats = forms.IntegerField(
        initial=2, validators=[MinValueValidator(1), MaxValueValidator(MAX_MATS)]
    )


class AttachForm(forms.Form):
    """An existing tournament or competition day the user runs, as a section."""

    tournament = forms.ModelChoiceField(queryset=None, required=False)
    competition = forms.ModelChoiceField(queryset=None, required=False)

    def __init__(self, *args, tournaments, competitions, **kwargs):
        kwargs.setdefault("auto_id", "attach_%s")
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = tournaments
        self.fields["competition"].queryset = competitions

    def clean(self):
        data = super().clean()
        if bool(data.get("tournament")) == bool(data.get("competition")):
            raise forms.ValidationError(_("Choose one tournament or one competition day."))
        return data


class StaffForm(forms.Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=EventStaff.Role.choices)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=EventStaff.Role.choices)


class ScheduleForm(forms.Form):
    starts_at = forms.DateTimeField(
        label=_("Starts at"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    title = forms.CharField(max_length=200, validators=[no_control_characters])
    section = forms.ModelChoiceField(queryset=Section.objects.none(), required=False)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["section"].queryset = event.sections.select_related("tournament", "competition")

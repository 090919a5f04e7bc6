"""Forms for the arbiter pages; their validation is also the per-line validation of CSV imports."""

from django import forms
from django.contrib.auth import get_user_model

from arbiter.models import Entry, Tournament


class TournamentForm(forms.ModelForm):
    rules_version = forms.ChoiceField(
        choices=[
            ("", "By start date (2017 rules before 1 Feb 2026)"),
            *Tournament._meta.get_field("rules_version").choices,
        ],
        required=False,
        help_text="The FIDE Dutch rule set for Swiss events.",
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "system",
            "rules_version",
            "start_date",
            "end_date",
            "city",
            "federation",
            "time_control",
            "planned_rounds",
            "is_published",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }
        labels = {"is_published": "Published (visible to the public)"}

    def clean_federation(self) -> str:
        return self.cleaned_data["federation"].upper()

    def clean(self) -> dict:
        cleaned = super().clean()
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "The tournament cannot end before it starts.")
        return cleaned


class EntryForm(forms.ModelForm):
    class Meta:
        model = Entry
        fields = ["name", "title", "sex", "federation", "club", "rating", "fide_id", "birth_year"]

    def __init__(self, *args, tournament: Tournament, **kwargs) -> None:
        kwargs.setdefault("instance", Entry(tournament=tournament))
        super().__init__(*args, **kwargs)
        self.fields["rating"].required = False

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean_federation(self) -> str:
        return self.cleaned_data["federation"].upper()

    def clean_title(self) -> str:
        return self.cleaned_data["title"].upper()

    def clean_rating(self) -> int:
        return self.cleaned_data["rating"] or 0


class PlayerListImportForm(forms.Form):
    text = forms.CharField(
        label="Paste the list",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        required=False,
    )
    file = forms.FileField(label="or upload a CSV file", required=False)

    def clean(self) -> dict:
        cleaned = super().clean()
        if not cleaned.get("text", "").strip() and not cleaned.get("file"):
            raise forms.ValidationError("Paste a list or choose a file.")
        return cleaned


class DeputyForm(forms.Form):
    username = forms.CharField(label="Username of the deputy arbiter", max_length=150)

    def clean_username(self):
        username = self.cleaned_data["username"]
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            raise forms.ValidationError("No active user has that username.")
        return user

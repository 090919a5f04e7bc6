"""The rating lists page's forms: a list file uploaded, or one placed in RATING_LISTS_DIR, with
what the file itself may not say (its month, its source, a national list's columns)."""

from __future__ import annotations

import datetime
import re

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import RatingType, no_control_characters
from arbiter.platform.limits import megabytes
from arbiter.ratings import files
from arbiter.ratings.models import RatingList
from pairing.engines.rating_lists import CSV_FIELDS

#: The encodings a national list may be in (a closed list: any other name is refused).
ENCODINGS = [
    ("utf-8", "UTF-8"),
    ("cp1252", "Windows-1252 (Western Europe)"),
    ("iso-8859-1", "ISO-8859-1 (Latin-1)"),
    ("cp1250", "Windows-1250 (Central Europe)"),
    ("iso-8859-2", "ISO-8859-2 (Latin-2)"),
    ("cp1251", "Windows-1251 (Cyrillic)"),
]

#: A national list's columns, as the form asks for them (field -> label).
COLUMN_LABELS = {
    "national_id": _("National id"),
    "fide_id": _("FIDE id"),
    "name": _("Name"),
    "surname": _("Surname"),
    "first_name": _("First name"),
    "federation": _("Federation"),
    "sex": _("Sex"),
    "title": _("Title"),
    "rating": _("Rating"),
    "rapid": _("Rapid rating"),
    "blitz": _("Blitz rating"),
    "birth_year": _("Birth year"),
}
assert set(COLUMN_LABELS) <= set(CSV_FIELDS)

_MONTH = re.compile(r"^(\d{4})-(\d{1,2})$")


class ListOptionsForm(forms.Form):
    """What the file may not say itself. Blank: from the file."""

    source = forms.ChoiceField(
        label=_("Source"), choices=RatingList.Source.choices, initial=RatingList.Source.FIDE
    )
    federation = forms.CharField(
        label=_("Federation of a national list"),
        max_length=3,
        required=False,
        help_text=_("Three letters, e.g. NOR."),
    )
    month = forms.CharField(
        label=_("Month"),
        max_length=7,
        required=False,
        help_text=_(
            "YYYY-MM, the month the list is in force from. Blank: from the file's name "
            "(FIDE's archives: standard_oct26frl.zip)."
        ),
    )
    rating_type = forms.ChoiceField(
        label=_("Its one rating is"),
        choices=[("", _("From the file's name")), *RatingType.choices],
        required=False,
        help_text=_(
            "FIDE's per-type lists (standard_rating_list.txt, …) and a national list's rating "
            "column: which rating it is."
        ),
    )
    encoding = forms.ChoiceField(
        label=_("Encoding of a national list"), choices=ENCODINGS, required=False
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name, label in COLUMN_LABELS.items():
            self.fields[f"column_{name}"] = forms.CharField(
                label=label, max_length=60, required=False, validators=[no_control_characters]
            )

    def options_fields(self):
        return [self[name] for name in ("source", "federation", "month", "rating_type")]

    def column_fields(self):
        return [self[f"column_{name}"] for name in COLUMN_LABELS]

    def clean_federation(self) -> str:
        federation = self.cleaned_data["federation"].strip().upper()
        if federation and not re.fullmatch(r"[A-Z]{3}", federation):
            raise forms.ValidationError(_("Use the three-letter FIDE code, e.g. NOR."))
        return federation

    def clean_month(self) -> str:
        text = self.cleaned_data["month"].strip()
        if not text:
            return ""
        found = _MONTH.match(text)
        try:
            if found is None:
                raise ValueError(text)
            month = datetime.date(int(found.group(1)), int(found.group(2)), 1)
        except ValueError:
            raise forms.ValidationError(_("Write the month as YYYY-MM, e.g. 2026-10.")) from None
        if not 1970 <= month.year <= 2100:
            raise forms.ValidationError(_("Write the month as YYYY-MM, e.g. 2026-10."))
        return f"{month:%Y-%m}"

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("source") == RatingList.Source.NATIONAL and not cleaned.get("federation"):
            self.add_error("federation", _("A national list needs its federation."))
        if cleaned.get("source") == RatingList.Source.FIDE:
            cleaned["federation"] = ""
        return cleaned

    def job_options(self) -> dict:
        """What the import job is told (arbiter/ratings/import_jobs.py)."""
        data = self.cleaned_data
        columns = {
            name: data[f"column_{name}"].strip()
            for name in COLUMN_LABELS
            if data.get(f"column_{name}", "").strip()
        }
        return {
            "source": data["source"],
            "federation": data["federation"],
            "month": data["month"],
            "rating_type": data["rating_type"],
            "encoding": data.get("encoding") or "utf-8",
            "columns": columns,
        }


class UploadForm(ListOptionsForm):
    """A list file sent with the page (zipped or not), up to RATING_LIST_MAX_BYTES."""

    file = forms.FileField(label=_("List file"), max_length=200, allow_empty_file=False)

    field_order = ["file"]

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > settings.RATING_LIST_MAX_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)s (RATING_LIST_MAX_BYTES).")
                % {"size": megabytes(settings.RATING_LIST_MAX_BYTES)}
            )
        if not files.is_list_name(upload.name):
            raise forms.ValidationError(
                _("A list is a .txt, .xml, .csv or .zip file, as FIDE or a federation gives it.")
            )
        return upload


class PlacedForm(ListOptionsForm):
    """A file an arbiter placed in RATING_LISTS_DIR, chosen by its Import button."""

    file = forms.CharField(max_length=200)

    def clean_file(self) -> str:
        name = self.cleaned_data["file"]
        if files.placed_path(name) is None:
            raise forms.ValidationError(_("There is no such file among the placed files."))
        return name

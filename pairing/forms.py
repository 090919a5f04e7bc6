from django import forms

from pairing.models import LotDrawing


class StartDrawingForm(forms.Form):
    group_by = forms.ChoiceField(
        choices=LotDrawing.GroupBy.choices,
        initial=LotDrawing.GroupBy.FEDERATION,
        label="Keep apart players of the same",
        help_text="Club for club events: then the club takes the federation's place.",
    )
    double_round_robin = forms.BooleanField(required=False, label="Double round robin")
    swap_last_two_rounds = forms.BooleanField(
        required=False,
        initial=True,
        label="Swap the last two rounds of the first cycle (FIDE, double round robin only)",
    )


class PickForm(forms.Form):
    step = forms.IntegerField(min_value=0)
    envelope = forms.CharField(max_length=10)
    number = forms.IntegerField(min_value=1)


class StepForm(forms.Form):
    step = forms.IntegerField(min_value=0)


class TrfImportForm(forms.Form):
    """A tournament report file, pasted or uploaded; the name overrides the file's ``012``."""

    MAX_BYTES = 5 * 1024 * 1024

    text = forms.CharField(
        label="Paste the TRF",
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        required=False,
        strip=False,
    )
    file = forms.FileField(label="or upload a TRF file", required=False)
    name = forms.CharField(
        label="Tournament name",
        max_length=200,
        required=False,
        help_text="Leave empty to take the name from the file (record 012).",
    )

    def clean_file(self):
        upload = self.cleaned_data.get("file")
        if upload and upload.size > self.MAX_BYTES:
            raise forms.ValidationError("The file is larger than 5 MB: is it really a TRF?")
        return upload

    def clean(self) -> dict:
        cleaned = super().clean()
        empty = not cleaned.get("text", "").strip() and not cleaned.get("file")
        if empty and "file" not in self.errors:
            raise forms.ValidationError("Paste a TRF or choose a file.")
        return cleaned

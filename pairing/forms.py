from django import forms
from django.utils.translation import gettext_lazy as _

from arbiter.limits import InputTooLarge, check_text, read_upload
from pairing.engines.trf import decode_trf
from pairing.models import LotDrawing
from pairing.services.trf_import import trf_lines_allowed


class StartDrawingForm(forms.Form):
    group_by = forms.ChoiceField(
        choices=LotDrawing.GroupBy.choices,
        initial=LotDrawing.GroupBy.FEDERATION,
        label=_("Keep apart players of the same"),
        help_text=_("Club for club events: then the club takes the federation's place."),
    )
    double_round_robin = forms.BooleanField(required=False, label=_("Double round robin"))
    swap_last_two_rounds = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Swap the last two rounds of the first cycle (FIDE, double round robin only)"),
    )


class PickForm(forms.Form):
    step = forms.IntegerField(min_value=0)
    envelope = forms.CharField(max_length=10)
    number = forms.IntegerField(min_value=1)


class StepForm(forms.Form):
    step = forms.IntegerField(min_value=0)


class TrfImportForm(forms.Form):
    """A tournament report file, pasted or uploaded; the name overrides the file's ``012``.
    ``cleaned_data["text"]`` is the file's text either way, within ``MAX_UPLOAD_BYTES`` and the
    lines a file of ``MAX_PLAYERS`` needs (arbiter/limits.py)."""

    text = forms.CharField(
        label=_("Paste the TRF"),
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        required=False,
        strip=False,
    )
    file = forms.FileField(label=_("or upload a TRF file"), required=False)
    name = forms.CharField(
        label=_("Tournament name"),
        max_length=200,
        required=False,
        help_text=_("Leave empty to take the name from the file (record 012)."),
    )

    def clean(self) -> dict:
        cleaned = super().clean()
        upload, text = cleaned.get("file"), cleaned.get("text", "")
        if not text.strip() and not upload:
            if "file" not in self.errors:
                raise forms.ValidationError(_("Paste a TRF or choose a file."))
            return cleaned
        try:
            if upload:
                raw = read_upload(upload, max_lines=trf_lines_allowed(), what="file")
                cleaned["text"] = decode_trf(raw)
            else:
                check_text(text, max_lines=trf_lines_allowed(), what="TRF")
        except InputTooLarge as refused:
            raise forms.ValidationError(
                _("%(refusal)s Is it really a TRF?"), params={"refusal": refused}
            ) from None
        return cleaned

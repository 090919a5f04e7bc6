"""The TRF import page's form: a file pasted or uploaded, within the limits."""

from django import forms
from django.utils.translation import gettext_lazy as _

from arbiter.platform.limits import InputTooLarge, check_text, read_upload
from pairing.engines.trf import decode_trf
from pairing.swiss.trf.imports import trf_lines_allowed


class TrfImportForm(forms.Form):
    """A tournament report file, pasted or uploaded; the name overrides the file's ``012``.
    ``cleaned_data["text"]`` is the file's text either way, within ``MAX_UPLOAD_BYTES`` and the
    lines a file of ``MAX_PLAYERS`` needs (arbiter/platform/limits.py)."""

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

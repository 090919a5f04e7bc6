from django import forms
from django.utils.translation import gettext_lazy as _

from pairing.round_robin.models import LotDrawing


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

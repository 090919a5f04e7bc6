"""The arbiter's own tournaments."""

from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from arbiter.models import Tournament


@require_GET
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    tournaments = (
        Tournament.objects.filter(staff__user=request.user)
        .annotate(player_count=Count("entries", distinct=True))
        .order_by("-start_date", "name")
    )
    return render(request, "arbiter/dashboard.html", {"tournaments": tournaments})

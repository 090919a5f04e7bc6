"""Entering a competition's entry list as a background job (arbiter/platform/jobs.py)."""

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from arbiter.core.models import BackgroundJob
from arbiter.core.services.entries import EntryError
from arbiter.platform.jobs import JobKind, JobRefused, Outcome
from arbiter.platform.time_limit import check_deadline
from judo.services import competition_lists
from judo.services.competition import CompetitionError


def import_competition_list(job: BackgroundJob) -> Outcome:
    """Enter a competition's entry list as its preview showed it, all of it or nothing
    (judo/services/competition_lists.py)."""
    options = job.options
    try:
        with transaction.atomic():
            done = competition_lists.import_list(
                job.started_by, options["list"], options["mapping"], seen=options["seen"]
            )
            check_deadline()
    except (CompetitionError, EntryError) as refused:
        raise JobRefused(str(refused), getattr(refused, "details", [])) from refused
    return Outcome(
        gettext("%(n)s competitors entered in %(categories)s categories.")
        % {"n": done.entered, "categories": done.categories},
        reverse("competition_entries", args=[options["competition"]]),
    )


def may_see(user, job: BackgroundJob) -> bool:
    """The competition's arbiters see its import."""
    return user.competitions.filter(pk=job.options.get("competition")).exists()


COMPETITION_IMPORT = JobKind("competition_import", import_competition_list, may_see=may_see)

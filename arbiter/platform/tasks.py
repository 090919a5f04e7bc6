"""The tasks django-tasks queues and its workers (``manage.py db_worker``) run."""

from django.utils.translation import override
from django_tasks import task

from arbiter.platform import jobs, public_pdf


@task()
def run_job(job_id: int) -> None:
    """Run a background job (arbiter/platform/jobs.py); its outcome is kept on the job."""
    jobs.run(job_id)


@task(priority=jobs.PDF_PRIORITY)
def build_public_pdf(
    tournament_id: int,
    full_name: str,
    builder: str,
    args: list,
    marker: str,
    loader: str = "",
    language: str = "en",
) -> None:
    """Write a public PDF in `language` and keep it for its subject's version
    (arbiter/platform/public_pdf.py): a tournament, or what `loader` reads (a competition)."""
    with override(language):
        public_pdf.build(tournament_id, full_name, builder, args, marker, loader)

"""The tasks django-tasks queues and its workers (``manage.py db_worker``) run."""

from django_tasks import task

from arbiter import jobs


@task()
def run_job(job_id: int) -> None:
    """Run a background job (arbiter/jobs.py); its outcome is kept on the job."""
    jobs.run(job_id)

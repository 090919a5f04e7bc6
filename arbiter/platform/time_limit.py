"""The time limit of a background job (``TASK_TIME_LIMIT``): work past it is stopped, not waited
for, and changes nothing.

A job runs under :func:`deadline`. The long part of its work, a draw engine's computation, is
pure (plain data in, plain data out: pairing/engines import nothing from Django), so
:func:`run_pure` runs it in a child process and kills that process at the deadline: the
engine stops wherever it is, whatever it is doing. The caller is inside the service's
transaction and has written nothing the engine's answer depends on, so the
:class:`TimeLimitExceeded` it raises rolls that transaction back. :func:`check_deadline`
refuses to go on between steps that run in the job's own process.

Outside a job (the command line, the demo data, most tests) there is no deadline and
:func:`run_pure` calls the function directly.
"""

from __future__ import annotations

import contextvars
import multiprocessing
import pickle
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from django.utils.translation import gettext

T = TypeVar("T")

_deadline: contextvars.ContextVar[tuple[float, int] | None] = contextvars.ContextVar(
    "job_deadline", default=None
)

#: Modules the child processes' parent (multiprocessing's fork server) imports once, so that
#: each child starts with the engines loaded.
PRELOAD = ["pairing.engines.dutch", "pairing.engines.monrad"]


class TimeLimitExceeded(Exception):
    """The job ran past its time limit and was stopped; nothing was changed."""

    def __init__(self, seconds: int) -> None:
        super().__init__(
            gettext(
                "Stopped after %(seconds)s seconds, the time limit (TASK_TIME_LIMIT): nothing was "
                "changed. A field this size may need a longer limit or a faster machine."
            )
            % {"seconds": seconds}
        )


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Run the block's work under a time limit of ``seconds`` from now."""
    token = _deadline.set((time.monotonic() + seconds, seconds))
    try:
        yield
    finally:
        _deadline.reset(token)


def check_deadline() -> None:
    """Raise :class:`TimeLimitExceeded` when the current job's time is up."""
    current = _deadline.get()
    if current is not None and time.monotonic() >= current[0]:
        raise TimeLimitExceeded(current[1])


def _context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def warm_up() -> None:
    """Start the fork server now (a worker starting), not on the first job: the first pairing
    after a worker starts is then as quick as the next."""
    from multiprocessing import forkserver

    _context()
    forkserver.ensure_running()


def run_pure(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)``, stopped at the job's deadline. ``function`` and its arguments and
    result must be plain data a child process can receive (picklable), and it must not touch
    the database. An exception it raises is raised here."""
    current = _deadline.get()
    if current is None:
        return function(*args)
    check_deadline()
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    # Pickled here, unpickled in the child's try: an argument that is not plain data (a model,
    # a Django enum) is reported as the error it is, not as a silent death of the child.
    work = pickle.dumps((function, args))
    child = context.Process(target=_child, args=(sender, work), daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(max(0.0, current[0] - time.monotonic())):
            raise TimeLimitExceeded(current[1])
        outcome, value = receiver.recv()
    except EOFError:
        raise RuntimeError("The engine's process ended without an answer.") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()
    if outcome == "raise":
        raise _rebuilt(*value)
    return value


def _child(sender, work: bytes) -> None:
    try:
        function, args = pickle.loads(work)
        sender.send(("return", function(*args)))
    except Exception as error:
        # Exceptions with their own __init__ arguments do not always unpickle: send their class,
        # arguments and attributes, and rebuild them in the parent.
        sender.send(("raise", (type(error), error.args, error.__dict__)))
    finally:
        sender.close()


def _rebuilt(cls: type[BaseException], args: tuple, attributes: dict) -> BaseException:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(attributes)
    return error

"""The import service (arbiter/ratings/importing.py): a list written in batches while nobody
reads it, a month replaced only once the new one is whole (lookups answering throughout), a
refused or stopped import leaving nothing behind but its record, a killed one cleaned up, the
months kept."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from arbiter.platform.time_limit import TimeLimitExceeded
from arbiter.ratings import importing, lookup
from arbiter.ratings.importing import ImportRefused, import_rating_list
from arbiter.ratings.models import ListedPlayer, RatingList
from tests.arbiter.ratings.lists import CARLSEN, POLGAR, fide_txt, players, write, zipped

pytestmark = pytest.mark.django_db

OCTOBER = datetime.date(2026, 10, 1)


@pytest.fixture
def small_batches(monkeypatch):
    """Batches of 3 players, so that a small list is written in several."""
    monkeypatch.setattr(importing, "BATCH", 3)
    monkeypatch.setattr(importing, "DELETE_BATCH", 4)


def test_a_list_is_imported_complete_with_its_players(tmp_path, anna):
    path = write(tmp_path / "players_list_foa.txt", fide_txt([CARLSEN, POLGAR]))
    imported = import_rating_list(path, month="2026-10", user=anna)
    imported.refresh_from_db()
    assert (imported.state, imported.month, imported.players) == ("complete", OCTOBER, 2)
    assert (imported.imported_by, imported.file_name) == (anna, "players_list_foa.txt")
    assert imported.bytes_read == imported.size == path.stat().st_size
    assert imported.completed_at is not None
    polgar = ListedPlayer.objects.get(rating_list=imported, fide_id=700070)
    assert (polgar.name, polgar.name_key, polgar.federation, polgar.flag) == (
        "Polgár, Judit", "polgar, judit", "HUN", "wi",
    )  # fmt: skip
    assert (polgar.standard, polgar.standard_k, polgar.rapid, polgar.rapid_games) == (
        2736, 10, None, None,
    )  # fmt: skip
    assert lookup.list_in_force(datetime.date(2026, 10, 20)) == imported
    assert lookup.list_in_force(datetime.date(2026, 9, 30)) is None
    assert importing.outcome_message(imported) == "2 players imported: the FIDE 2026-10 list"


def test_the_month_comes_from_the_option_else_the_file_s_name_else_it_is_asked_for(tmp_path):
    archive = write(tmp_path / "standard_oct26frl.zip", zipped("x.txt", fide_txt([CARLSEN])))
    assert import_rating_list(archive).month == OCTOBER
    assert import_rating_list(archive, month="2026-11").month == datetime.date(2026, 11, 1)
    plain = write(tmp_path / "players_list_foa.txt", fide_txt([CARLSEN]))
    with pytest.raises(ImportRefused, match="The file's name gives no month") as refused:
        import_rating_list(plain)
    assert refused.value.rating_list is None  # nothing to record: no month, no list
    with pytest.raises(ImportRefused, match=r"^2026-13 is not a month: write it as YYYY-MM"):
        import_rating_list(plain, month="2026-13")
    assert RatingList.objects.count() == 2


def test_a_refused_file_leaves_a_failed_list_naming_the_line_and_no_player(tmp_path, small_batches):
    path = write(tmp_path / "players_list_foa.txt", fide_txt(players(10), broken_at=9))
    with pytest.raises(ImportRefused, match="Line 9: the rating 'x000' is not a number"):
        import_rating_list(path, month="2026-10")
    failed = RatingList.objects.get()
    assert failed.state == "failed"
    assert failed.message == "Line 9: the rating 'x000' is not a number"
    assert failed.players == 6  # two batches were written, then deleted
    assert not ListedPlayer.objects.exists()
    assert lookup.list_in_force(None) is None


def test_a_month_imported_again_replaces_the_old_only_once_whole(tmp_path, small_batches):
    first = import_rating_list(
        write(tmp_path / "first.txt", fide_txt(players(7, rating=1700))), month="2026-10"
    )
    seen_during = []

    def progress(rating_list):
        # lookups meanwhile: the first list, whole; the new one is not read
        in_force = lookup.list_in_force(OCTOBER)
        seen_during.append((in_force.pk, rating_list.state, len(lookup.find(in_force, "play"))))
        assert lookup.find(in_force, "10000003")[0].standard == 1700

    broken = write(tmp_path / "second.txt", fide_txt(players(8, rating=1800), broken_at=8))
    with pytest.raises(ImportRefused, match="Line 8"):
        import_rating_list(broken, month="2026-10", progress=progress)
    assert seen_during == [(first.pk, "importing", 7), (first.pk, "importing", 7)]
    assert lookup.list_in_force(OCTOBER) == first
    assert ListedPlayer.objects.filter(rating_list=first).count() == 7
    assert ListedPlayer.objects.count() == 7

    second = import_rating_list(
        write(tmp_path / "third.txt", fide_txt(players(8, rating=1800))),
        month="2026-10",
        progress=progress,
    )
    assert lookup.list_in_force(OCTOBER) == second
    assert not RatingList.objects.filter(pk=first.pk).exists()  # deleted with its players
    assert set(ListedPlayer.objects.values_list("standard", flat=True)) == {1800}
    assert ListedPlayer.objects.count() == 8
    assert lookup.find(second, "10000003")[0].standard == 1800


def test_a_stopped_import_is_undone_and_says_why(tmp_path, small_batches):
    import_rating_list(write(tmp_path / "a.txt", fide_txt(players(4))), month="2026-10")
    batches = []

    def check():
        batches.append(1)
        if len(batches) == 2:
            raise TimeLimitExceeded(600)

    with pytest.raises(TimeLimitExceeded):
        import_rating_list(
            write(tmp_path / "b.txt", fide_txt(players(9))), month="2026-10", check=check
        )
    stopped = RatingList.objects.get(file_name="b.txt")
    assert stopped.state == "failed"
    assert stopped.message.startswith("Stopped after 600 seconds, the time limit")
    assert ListedPlayer.objects.count() == 4  # the first list's, in force still
    assert lookup.list_in_force(OCTOBER).file_name == "a.txt"


def test_an_import_whose_worker_was_killed_is_cleaned_up_by_the_next(tmp_path):
    old = timezone.now() - importing.STALE_AFTER - datetime.timedelta(seconds=1)
    killed = RatingList.objects.create(source="fide", month=OCTOBER, file_name="killed.txt")
    RatingList.objects.filter(pk=killed.pk).update(updated_at=old)
    live = RatingList.objects.create(source="fide", month=OCTOBER, file_name="live.txt")
    for rating_list in (killed, live):
        ListedPlayer.objects.bulk_create(
            ListedPlayer(rating_list=rating_list, fide_id=n, name="X", name_key="x")
            for n in range(5)
        )
    import_rating_list(write(tmp_path / "next.txt", fide_txt([CARLSEN])), month="2026-11")
    killed.refresh_from_db()
    assert killed.state == "failed"
    assert killed.message.startswith("The import stopped before it was whole")
    assert not ListedPlayer.objects.filter(rating_list=killed).exists()
    # one still writing (lately) is left alone
    assert ListedPlayer.objects.filter(rating_list=live).count() == 5
    assert RatingList.objects.get(pk=live.pk).state == "importing"


def test_an_import_cleaned_up_as_stale_while_it_ran_is_not_made_complete(tmp_path):
    def cleaned_meanwhile(rating_list):
        RatingList.objects.filter(pk=rating_list.pk).update(state="failed")

    with pytest.raises(ImportRefused, match="The import stopped before it was whole"):
        import_rating_list(
            write(tmp_path / "a.txt", fide_txt([CARLSEN])),
            month="2026-10",
            progress=cleaned_meanwhile,
        )
    assert lookup.list_in_force(None) is None
    assert not ListedPlayer.objects.exists()


def test_the_newest_months_are_kept(tmp_path, settings):
    settings.RATING_LISTS_KEPT = 2
    path = write(tmp_path / "list.txt", fide_txt([CARLSEN, POLGAR]))
    for month in ("2026-08", "2026-09", "2026-10"):
        import_rating_list(path, month=month)
    months = sorted(f"{m:%Y-%m}" for m in RatingList.objects.values_list("month", flat=True))
    assert months == ["2026-09", "2026-10"]
    assert ListedPlayer.objects.count() == 4
    # an older month brought in on purpose stays until the next import
    import_rating_list(path, month="2026-01")
    assert RatingList.objects.filter(month=datetime.date(2026, 1, 1), state="complete").exists()
    assert lookup.list_in_force(datetime.date(2026, 3, 1)).month == datetime.date(2026, 1, 1)
    import_rating_list(path, month="2026-11")
    months = sorted(f"{m:%Y-%m}" for m in RatingList.objects.values_list("month", flat=True))
    assert months == ["2026-10", "2026-11"]
    # each source and federation keeps its own months
    national = write(tmp_path / "nor.csv", b"id,name,rating\n1,Aas,1500\n")
    import_rating_list(national, source="national", federation="nor", month="2026-01")
    assert lookup.list_in_force(None, "national", "NOR").month == datetime.date(2026, 1, 1)
    assert RatingList.objects.filter(source="fide").count() == 2


def test_a_national_list_with_its_columns(tmp_path):
    text = "Nr;Navn;Elo;Født\n12;Ås, Øyvind;1850;1990\n13;Berg, Kari;;2001\n".encode()
    path = write(tmp_path / "nsf.csv", text)
    imported = import_rating_list(
        path,
        source="national",
        federation="NOR",
        month="2026-10",
        columns={"national_id": "Nr", "name": "Navn", "birth_year": "Født"},
    )
    assert (imported.source, imported.federation, imported.players) == ("national", "NOR", 2)
    rows = ListedPlayer.objects.filter(rating_list=imported).order_by("national_id")
    assert [(p.national_id, p.name_key, p.standard, p.federation) for p in rows] == [
        ("12", "as, øyvind", 1850, "NOR"),
        ("13", "berg, kari", None, "NOR"),
    ]
    assert lookup.list_in_force(None) is None  # FIDE's lists are others
    with pytest.raises(ImportRefused, match="A national list needs its federation"):
        import_rating_list(path, source="national", month="2026-10")
    with pytest.raises(ImportRefused, match="is not a source of lists"):
        import_rating_list(path, source="elsewhere", month="2026-10")


def test_the_bounds(tmp_path, settings):
    path = write(tmp_path / "list.txt", fide_txt(players(5)))
    settings.RATING_LIST_MAX_BYTES = 100
    with pytest.raises(ImportRefused, match=r"larger than 100 bytes \(RATING_LIST_MAX_BYTES\)"):
        import_rating_list(path, month="2026-10")
    settings.RATING_LIST_MAX_BYTES = 10**9
    settings.RATING_LIST_MAX_PLAYERS = 3
    with pytest.raises(ImportRefused, match="Line 5: the list has more than 3 players"):
        import_rating_list(path, month="2026-10")
    assert not ListedPlayer.objects.exists()
    with pytest.raises(ImportRefused, match=r"There is no file nowhere\.txt"):
        import_rating_list(tmp_path / "nowhere.txt", month="2026-10")


def test_progress_is_kept_on_the_list_as_each_batch_is_written(tmp_path, small_batches):
    seen = []

    def progress(rating_list):
        stored = RatingList.objects.get(pk=rating_list.pk)
        seen.append((stored.state, stored.players, stored.bytes_read > 0))

    import_rating_list(
        write(tmp_path / "list.txt", fide_txt(players(7))), month="2026-10", progress=progress
    )
    assert seen == [("importing", 3, True), ("importing", 6, True), ("importing", 7, True)]

"""Pool points under the IJF 2025 rules (issue 26): a yuko win is worth 5 (ippon 10, waza-ari 7),
and the bracket page's pool standing and the printed pool sheet rank with those points, as the
placings do."""

import pytest
from django.urls import reverse

from arbiter.platform.pdf import pool_sheet_rows
from judo.services import mats
from pairing.knockout import services as knockout
from tests.conftest import login
from tests.judo.test_mats import judo_day

pytestmark = pytest.mark.django_db

#: A pool of three, bouts 1-2, 1-3, 2-3: 1 beats 2 by yuko, 3 beats 1 by waza-ari, 2 beats 3 by
#: ippon. One win each, so the points decide: 2 (10), 3 (7), 1 (5).
CIRCLE = {1: ["a:yuko", "time"], 2: ["b:waza-ari", "time"], 3: ["a:ippon"]}


@pytest.fixture
def pool(anna):
    cup = judo_day(anna, sizes=(3, 2))
    category = cup.categories.get(weight_limit=60)
    for match, actions in CIRCLE.items():
        for seen, action in enumerate(actions):
            mats.score(anna, category, match, action, seen=seen)
        mats.confirm(anna, category, match, seen=len(actions))
    return category


def numbers(sheet):
    slots = [c for c in sheet.engine.draw.slots if c is not None]
    return {n: sheet.entries[cid].name for n, cid in enumerate(slots, start=1)}


def test_the_pool_ranks_one_win_each_by_the_points_of_how_they_won(pool):
    sheet = knockout.sheet(pool.tournament)
    name = numbers(sheet)
    rows = [(sheet.entries[row.competitor].name, row.wins, row.points) for row in sheet.standings()]
    assert rows == [(name[2], 1, 10), (name[3], 1, 7), (name[1], 1, 5)]
    placed = [sheet.entries[line.competitor].name for line, _entry in sheet.placings()]
    assert placed == [name[2], name[3], name[1]]


def test_the_bracket_page_shows_the_points_of_the_pool(client, anna, pool):
    login(client, anna)
    html = client.get(reverse("bracket", args=[pool.tournament.pk])).content.decode()
    table = html[html.index('id="pool-standing"') :]
    sheet = knockout.sheet(pool.tournament)
    name = numbers(sheet)
    assert table.index(name[2]) < table.index(name[3]) < table.index(name[1])
    assert '<td class="num">10</td>' in table and '<td class="num">5</td>' in table


def test_the_printed_pool_sheet_has_the_points_and_how_each_bout_was_won(pool):
    sheet = knockout.sheet(pool.tournament)
    grid, bouts = pool_sheet_rows(sheet)
    assert grid[0][-3:] == ["Wins", "Points", "Rank"]
    assert [row[-3:] for row in grid[1:]] == [["1", "5", "3"], ["1", "10", "1"], ["1", "7", "2"]]
    assert bouts[0][-2:] == ["How", "Points"]
    assert [row[-2:] for row in bouts[1:]] == [
        ["yuko", "5\u20130"],
        ["waza-ari", "0\u20137"],
        ["ippon", "10\u20130"],
    ]

"""The words of a norm verdict (pairing/engines/norms.py), in the reader's language: the line a
player's card shows per title ("IM norm: reached", "GM norm: needs 1½ from the last 2 rounds")
and each requirement with its value, its bound and whether it holds. The card, the arbiter's
norms page and the norm report (PDF) all read them from here."""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbiter.core.templatetags.chess import points
from pairing.engines import norms as engine

#: 1.4.5b-e: who counts for each norm, as the requirement's name says it.
HOLDERS = {
    engine.GM: lambda: _("GMs among the opponents"),
    engine.IM: lambda: _("IMs or GMs among the opponents"),
    engine.WGM: lambda: _("WGMs, IMs or GMs among the opponents"),
    engine.WIM: lambda: _("WIMs, WGMs, IMs or GMs among the opponents"),
}


@dataclass(frozen=True)
class RequirementText:
    """One requirement as shown: what it is, its article, the value and bound in words, and
    whether it holds."""

    label: str
    article: str
    value: str
    holds: bool


def headline(result: engine.NormResult) -> str:
    """The verdict in one line: "IM norm: reached", "GM norm: needs 1½ from the last 2
    rounds", "WIM norm: out of reach"."""
    title = result.title
    if result.status is engine.Status.REACHED:
        return _("%(title)s norm: reached") % {"title": title}
    if result.status is engine.Status.REACHABLE and result.needed is not None:
        values = {"title": title, "points": points(result.needed), "rounds": result.remaining}
        if result.needed == 0:
            return (
                ngettext(
                    "%(title)s norm: needs only to play the last round",
                    "%(title)s norm: needs only to play the last %(rounds)s rounds",
                    result.remaining,
                )
                % values
            )
        return (
            ngettext(
                "%(title)s norm: needs %(points)s from the last round",
                "%(title)s norm: needs %(points)s from the last %(rounds)s rounds",
                result.remaining,
            )
            % values
        )
    if result.status is engine.Status.HELD:
        return _("%(title)s norm: title already held") % {"title": title}
    if result.status is engine.Status.NOT_STARTED:
        return _("%(title)s norm: no game yet") % {"title": title}
    if result.status is engine.Status.NOT_ELIGIBLE:
        return _("%(title)s norm: a women's title") % {"title": title}
    return _("%(title)s norm: out of reach") % {"title": title}


def remarks(result: engine.NormResult) -> list[str]:
    """What the details add under the requirements: the games left out, the assumption about
    rounds to come, the exemption used."""
    said = []
    if result.status is engine.Status.REACHED and result.norm_games:
        said.append(
            _("The norm counts as %(games)s games (B.01 1.4.1c-d, 1.7).")
            % {"games": result.norm_games}
        )
    left = {line.left for line in result.lines if line.left is not None}
    if engine.Left.AFTER_NORM in left:
        said.append(
            _("Reached after round %(round)s: the later games are left out (B.01 1.4.1e).")
            % {"round": result.through_round}
        )
    if engine.Left.BEATEN in left:
        said.append(_("Games against beaten opponents are left out (B.01 1.4.1f)."))
    if engine.Left.UNRATED_ZERO in left:
        said.append(
            _(
                "Games against unrated opponents who scored nothing against rated players "
                "are left out (B.01 1.4.2b)."
            )
        )
    if engine.Left.FORFEIT in left:
        said.append(_("Games decided by forfeit are not counted (B.01 1.4.2c)."))
    if result.status is engine.Status.REACHABLE and result.assumed:
        said.append(
            ngettext(
                "The round not paired yet is taken as a titled opponent of the present average "
                "rating from another federation.",
                "The %(rounds)s rounds not paired yet are taken as titled opponents of the "
                "present average rating from other federations.",
                result.assumed,
            )
            % {"rounds": result.assumed}
        )
    if result.exemption:
        said.append(
            _("The federation requirements are waived (B.01 %(article)s).")
            % {"article": result.exemption}
        )
    return said


def requirements(result: engine.NormResult) -> list[RequirementText]:
    """Every requirement of the verdict in words, in the engine's order."""
    return [_text(result, r) for r in result.requirements]


def _bound(requirement: engine.Requirement, value: str) -> str:
    if requirement.at_most:
        return _("at most %(bound)s") % {"bound": value}
    return _("at least %(bound)s") % {"bound": value}


def _text(result: engine.NormResult, r: engine.Requirement) -> RequirementText:
    bound = _bound(r, str(r.bound))
    value = str(r.value)
    if r.code == "games":
        label = _("Games")
        if r.note:
            value = _("%(games)s, standing for 9 (B.01 1.4.1c)") % {"games": r.value}
    elif r.code == "average":
        label = _("Opponents' average rating (Ra)")
        if r.note:
            floor = engine.RULES[result.title].floor
            value = _("%(value)s, with %(rating)s raised to %(floor)s (B.01 1.4.6)") % {
                "value": r.value,
                "rating": r.note,
                "floor": floor,
            }
    elif r.code == "performance":
        label = _("Performance (Rp = Ra + dp)")
        value = _("%(value)s (%(exact)s before rounding)") % {"value": r.value, "exact": r.note}
    elif r.code == "score":
        label = _("Score")
        found = result.performance
        percentage = f" ({found.percentage} %)" if found is not None else ""
        value = points(r.value) + percentage
        bound = _bound(r, points(r.bound)) + " (35 %)"
    elif r.code == "titled":
        label = _("Title-holders among the opponents (CM and WCM not counted)")
    elif r.code == "holders":
        label = HOLDERS[result.title]()
    elif r.code == "foreign_federations":
        label = _("Federations other than the player's")
    elif r.code == "own_federation":
        label = _("Opponents from the player's federation")
    else:
        label = _("Most opponents from one federation")
        if r.note:
            value = f"{r.value} ({r.note})"
    text = _("%(value)s; %(bound)s") % {"value": value, "bound": bound}
    if r.exempt:
        text = _("%(value)s; waived (B.01 %(article)s)") % {"value": value, "article": r.exempt}
    return RequirementText(label, r.article, text, r.holds)


@dataclass(frozen=True)
class NormView:
    """A verdict as the pages show it: the title, its status, the headline, the requirements
    in words and the remarks."""

    title: str
    status: str
    headline: str
    requirements: list[RequirementText]
    remarks: list[str]
    reached: bool


def view(result: engine.NormResult) -> NormView:
    return NormView(
        title=result.title,
        status=result.status.name.lower(),
        headline=headline(result),
        requirements=requirements(result),
        remarks=remarks(result),
        reached=result.status is engine.Status.REACHED,
    )

"""Routes of a knockout category's bracket: the arbiter's page and its actions, the public page."""

from django.urls import path

from pairing.knockout import views as knockout

_t = "arbiter/t/<int:tournament_id>/bracket/"
urlpatterns = [
    path(_t, knockout.bracket_page, name="bracket"),
    path(_t + "seeds/", knockout.seeds, name="bracket_seeds"),
    path(_t + "rules/", knockout.rules, name="bracket_rules"),
    path(_t + "place/", knockout.place, name="bracket_place"),
    path(_t + "draw/", knockout.draw, name="bracket_draw"),
    path(_t + "undraw/", knockout.undraw, name="bracket_undraw"),
    path(_t + "bout/", knockout.bout, name="bracket_bout"),
    path(_t + "pdf/", knockout.arbiter_bracket_pdf, name="bracket_pdf"),
]

#: The public bracket and its PDF, in every language (arbiter/urls.py's i18n_patterns).
public_urlpatterns = [
    path("t/<int:tournament_id>/bracket/", knockout.public_bracket, name="public_bracket"),
    path(
        "t/<int:tournament_id>/bracket.pdf", knockout.public_bracket_pdf, name="public_bracket_pdf"
    ),
]

from django.urls import path

from pairing.views import drawing

urlpatterns = [
    path("arbiter/t/<int:tournament_id>/drawing/", drawing.drawing_page, name="drawing"),
    path("arbiter/t/<int:tournament_id>/drawing/start/", drawing.start, name="drawing_start"),
    path("arbiter/t/<int:tournament_id>/drawing/pick/", drawing.pick, name="drawing_pick"),
    path(
        "arbiter/t/<int:tournament_id>/drawing/random/",
        drawing.draw_at_random,
        name="drawing_random",
    ),
    path("arbiter/t/<int:tournament_id>/drawing/undo/", drawing.undo, name="drawing_undo"),
    path("arbiter/t/<int:tournament_id>/drawing/restart/", drawing.restart, name="drawing_restart"),
    path("arbiter/t/<int:tournament_id>/drawing/confirm/", drawing.confirm, name="drawing_confirm"),
]

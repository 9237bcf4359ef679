"""The campaign library's URLs (named `library:...`)."""

from __future__ import annotations

from django.urls import path

from vtt.lobby import library_pages, mech_builder

app_name = "library"
urlpatterns = [
    path("campaigns/<int:campaign_id>/library/", library_pages.library, name="library"),
    path(
        "campaigns/<int:campaign_id>/library/new/<slug:kind_key>/",
        library_pages.item_new,
        name="new",
    ),
    path(
        "campaigns/<int:campaign_id>/library/starters/",
        library_pages.add_starters,
        name="starters",
    ),
    path(
        "campaigns/<int:campaign_id>/library/export/",
        library_pages.export_library,
        name="export",
    ),
    path(
        "campaigns/<int:campaign_id>/library/import/",
        library_pages.import_library,
        name="import",
    ),
    path("campaigns/<int:campaign_id>/mech/build/", mech_builder.mech_build, name="mech"),
    path("library/<int:item_id>/", library_pages.item_edit, name="item"),
    path("library/<int:item_id>/copy/", library_pages.item_copy, name="copy"),
    path("library/<int:item_id>/delete/", library_pages.item_delete, name="delete"),
]

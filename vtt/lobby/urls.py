"""Campaign URLs (named `campaigns:...`, as the pages were first named)."""

from __future__ import annotations

from django.urls import path

from vtt.lobby import scenario_views, views

app_name = "campaigns"
urlpatterns = [
    path("campaigns/", views.campaign_list, name="list"),
    path("campaigns/<int:campaign_id>/", views.campaign_detail, name="detail"),
    path("campaigns/<int:campaign_id>/export/", views.export_campaign, name="export"),
    path("campaigns/<int:campaign_id>/export/share/", views.share_file, name="share_file"),
    path("campaigns/import/", views.import_campaign, name="import"),
    path("campaigns/<int:campaign_id>/days/", views.pass_days, name="days"),
    path(
        "campaigns/<int:campaign_id>/between/<slug:tool>/",
        views.between_fights,
        name="between",
    ),
    path("campaigns/<int:campaign_id>/invite/renew/", views.renew_invite, name="renew_invite"),
    path("campaigns/<int:campaign_id>/invite/revoke/", views.revoke_invite, name="revoke_invite"),
    path(
        "campaigns/<int:campaign_id>/members/<int:user_id>/role/", views.set_role, name="set_role"
    ),
    path(
        "campaigns/<int:campaign_id>/members/<int:user_id>/remove/",
        views.remove_member,
        name="remove_member",
    ),
    path("campaigns/<int:campaign_id>/settings/", views.save_settings, name="settings"),
    path("campaigns/<int:campaign_id>/table/", views.save_table, name="table"),
    path("join/<str:token>/", views.join, name="join"),
    path("campaigns/<int:campaign_id>/scenarios/", scenario_views.scenario_list, name="scenarios"),
    path(
        "campaigns/<int:campaign_id>/scenarios/<int:scenario_id>/",
        scenario_views.scenario_edit,
        name="scenario",
    ),
    path(
        "campaigns/<int:campaign_id>/scenarios/<int:scenario_id>/export/",
        scenario_views.scenario_export,
        name="scenario_export",
    ),
    path(
        "campaigns/<int:campaign_id>/scenarios/<int:scenario_id>/delete/",
        scenario_views.scenario_delete,
        name="scenario_delete",
    ),
    path(
        "invitations/<int:invitation_id>/<str:answer>/",
        views.answer_invitation,
        name="answer_invitation",
    ),
]

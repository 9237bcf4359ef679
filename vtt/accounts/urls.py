"""Account URLs."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from vtt.accounts import views

urlpatterns = [
    path("login/", views.ThrottledLoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
]

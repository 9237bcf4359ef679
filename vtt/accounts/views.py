"""Sign up; logging in and out are Django's own views."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import check_for_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from vtt.accounts import throttle
from vtt.accounts.forms import ProfileForm, SignUpForm
from vtt.accounts.models import profile_of


class ThrottledLoginView(LoginView):
    """Django's login, refused for a while after too many failures per account or address."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = str(request.POST.get("username", ""))[:150]
        if throttle.login_blocked(request, username):
            form = self.get_form()
            form.is_valid()  # the form must be bound and cleaned before an error is added
            form.errors.clear()
            form.add_error(
                None, _("Too many failed logins for this account or address; try again later.")
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        response = super().post(request, *args, **kwargs)
        if not request.user.is_authenticated:
            throttle.login_failed(request, username)
        return response


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in; `next` survives, so an invite link still works."""
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}):
        next_url = ""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and throttle.signup_blocked(request):
        form.is_valid()
        form.add_error(None, _("Too many new accounts from this address; try again later."))
        return render(
            request, "registration/signup.html", {"form": form, "next": next_url}, status=429
        )
    if request.method == "POST" and form.is_valid():
        throttle.signed_up(request)
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url or "campaigns:list")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """The person's display name, language, dice and turn alert."""
    form = ProfileForm(request.POST or None, instance=profile_of(request.user))
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Profile saved."))
        return redirect("profile")
    return render(request, "registration/profile.html", {"form": form})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's language switch, remembered on the profile of a signed-in person."""
    language = request.POST.get("language", "")
    if request.user.is_authenticated and check_for_language(language):
        chosen = profile_of(request.user)
        chosen.language = language
        chosen.save(update_fields=["language"])
    return django_set_language(request)

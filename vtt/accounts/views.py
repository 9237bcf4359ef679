"""Sign up; logging in and out are Django's own views."""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from vtt.accounts.forms import SignUpForm


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in; `next` survives, so an invite link still works."""
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}):
        next_url = ""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url or "campaigns:list")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})

"""Accounts: register, log in, play as a guest, log out — each as a JSON API call and as a form
of the home page — and the page language chosen at ``/lang/{code}``.

A login starts a fresh session (a new CSRF token; the invitations the visitor came by are
kept); logging out ends every session of the account, a copied cookie included, and closes
its open table connections.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import replace
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from ..store import StoreError, UserRecord
from ..store.names import name_key
from ..web import i18n
from .actor import LOGGED_OUT
from .auth import AuthError, check_name, check_password, new_token
from .context import (
    LANG_COOKIE,
    api_guard,
    client_ip,
    csrf_token,
    current_user,
    limited,
    safe_next,
    srv,
)
from .lobby import form_or_lobby, posted_form

GUEST_TRIES = 5
"""Random guest names tried before giving up (each is six hex digits: a clash is rare)."""


async def register(request: Request, name: object, password: object) -> UserRecord:
    server = srv(request)
    ip = client_ip(request)
    limited(server.signups_by_ip, ip, "new accounts from your address")
    try:
        name_ok, password_ok = check_name(name), check_password(password)
    except AuthError as e:
        raise HTTPException(400, str(e)) from None
    hashed = await asyncio.to_thread(server.passwords.hash, password_ok)
    try:
        user = await asyncio.to_thread(server.store.create_user, name_ok, hashed, guest=False)
    except StoreError as e:
        raise HTTPException(409, str(e)) from None
    server.signups_by_ip.hit(ip)
    log_in(request, user)
    return user


async def login(request: Request, name: object, password: object) -> UserRecord:
    server = srv(request)
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > 1024:
        raise HTTPException(400, "give a name and a password")
    name = name.strip()[:64]
    by_name, ip_key = "name:" + name_key(name), "ip:" + client_ip(request)
    limited(server.login_failures_by_name, by_name, "failed logins for this name")
    limited(server.login_failures_by_ip, ip_key, "failed logins from your address")
    user = await asyncio.to_thread(server.store.user_by_name, name)
    ok = await asyncio.to_thread(
        server.passwords.verify, user.password_hash if user else None, password
    )
    if user is None or not ok:
        server.login_failures_by_name.hit(by_name)
        server.login_failures_by_ip.hit(ip_key)
        raise HTTPException(401, "wrong name or password")
    server.login_failures_by_name.reset(by_name)
    log_in(request, user)
    return user


async def guest(request: Request) -> UserRecord:
    server = srv(request)
    ip = client_ip(request)
    limited(server.signups_by_ip, ip, "new accounts from your address")
    for _ in range(GUEST_TRIES):
        try:
            user = await asyncio.to_thread(
                server.store.create_user, f"guest-{secrets.token_hex(3)}", None, guest=True
            )
        except StoreError:
            continue
        server.signups_by_ip.hit(ip)
        log_in(request, user)
        return user
    raise HTTPException(503, "could not make a guest account: try again")


def log_in(request: Request, user: UserRecord) -> None:
    invites = request.session.get("invites")
    request.session.clear()
    request.session["uid"] = user.id
    request.session["epoch"] = user.session_epoch
    request.session["csrf"] = new_token()  # a fresh token with each new login
    if isinstance(invites, list):
        request.session["invites"] = invites
    srv(request).users[user.id] = user


async def end_sessions(request: Request) -> None:
    """Log out: this session and every other one of the account (a copied cookie included)
    stop working (their epoch is behind the account's)."""
    user = await current_user(request)
    request.session.clear()
    if user is not None:
        server = srv(request)
        epoch = await asyncio.to_thread(server.store.end_sessions, user.id)
        server.users[user.id] = replace(user, session_epoch=epoch)
        for actor in server.tables.all():  # and its open tables' connections close
            actor.hang_up_on(user.id, LOGGED_OUT)


def user_json(user: UserRecord | None) -> dict[str, Any] | None:
    return None if user is None else {"id": user.id, "name": user.name, "guest": user.is_guest}


# --- the JSON API -----------------------------------------------------------------------------


async def api_me(request: Request) -> Response:
    user = await current_user(request)
    return JSONResponse({"user": user_json(user), "csrf": csrf_token(request)})


async def api_register(request: Request) -> Response:
    data = await api_guard(request)
    user = await register(request, data.get("name"), data.get("password"))
    return JSONResponse({"user": user_json(user), "csrf": request.session["csrf"]}, 201)


async def api_login(request: Request) -> Response:
    data = await api_guard(request)
    user = await login(request, data.get("name"), data.get("password"))
    return JSONResponse({"user": user_json(user), "csrf": request.session["csrf"]})


async def api_guest(request: Request) -> Response:
    await api_guard(request)
    user = await guest(request)
    return JSONResponse({"user": user_json(user), "csrf": request.session["csrf"]}, 201)


async def api_logout(request: Request) -> Response:
    await api_guard(request)
    await end_sessions(request)
    return JSONResponse({"user": None, "csrf": csrf_token(request)})


# --- the forms (the pages post these; each answers with a redirect) ---------------------------


async def form_register(request: Request) -> Response:
    async def act(f: dict[str, str]) -> str:
        await register(request, f.get("name"), f.get("password"))
        return safe_next(f.get("next"))

    return await form_or_lobby(request, act)


async def form_login(request: Request) -> Response:
    async def act(f: dict[str, str]) -> str:
        await login(request, f.get("name"), f.get("password"))
        return safe_next(f.get("next"))

    return await form_or_lobby(request, act)


async def form_guest(request: Request) -> Response:
    async def act(f: dict[str, str]) -> str:
        await guest(request)
        return safe_next(f.get("next"))

    return await form_or_lobby(request, act)


async def form_logout(request: Request) -> Response:
    await posted_form(request)
    await end_sessions(request)
    return RedirectResponse("/", status_code=303)


def set_language(request: Request) -> Response:
    code = i18n.normalize(request.path_params["code"])
    response = RedirectResponse(safe_next(request.query_params.get("next")), status_code=303)
    response.set_cookie(LANG_COOKIE, code, max_age=365 * 24 * 3600, samesite="lax")
    return response


def account_routes() -> list[BaseRoute]:
    return [
        Route("/lang/{code}", set_language),
        Route("/register", form_register, methods=["POST"]),
        Route("/login", form_login, methods=["POST"]),
        Route("/guest", form_guest, methods=["POST"]),
        Route("/logout", form_logout, methods=["POST"]),
        Route("/api/me", api_me),
        Route("/api/register", api_register, methods=["POST"]),
        Route("/api/login", api_login, methods=["POST"]),
        Route("/api/guest", api_guest, methods=["POST"]),
        Route("/api/logout", api_logout, methods=["POST"]),
    ]

"""The pages' language: zh-CN for a visitor who has chosen none, unless the browser's
Accept-Language prefers English (q-values weighed); the choice made at /lang/{code} (a cookie)
wins over the header."""

from __future__ import annotations

import re

import pytest

from qipai.web import i18n


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        (None, "zh"),
        ("", "zh"),
        ("zh-CN,zh;q=0.9", "zh"),
        ("en-US,en;q=0.9", "en"),
        ("en", "en"),
        ("EN-gb", "en"),
        ("en-US,en;q=0.9,zh-CN;q=0.8", "en"),  # Chrome, English first
        ("zh-CN,zh;q=0.9,en;q=0.8,en-GB;q=0.7", "zh"),  # Chrome, Chinese first
        ("zh-TW,en;q=0.5", "zh"),
        ("zh;q=0.3, en;q=0.6", "en"),  # q-values, not the order, decide
        ("en;q=0.3, zh;q=0.6", "zh"),
        ("en, zh", "en"),  # equal q: the one listed first
        ("zh, en", "zh"),
        ("fr-FR,fr;q=0.9", "zh"),  # neither: the default
        ("fr-FR,fr;q=0.9,en;q=0.5", "en"),  # English before no Chinese at all
        ("fr, en;q=0.5, zh;q=0.4", "en"),
        ("en;q=0", "zh"),  # not acceptable
        ("en;q=0, fr", "zh"),
        ("*", "zh"),
        ("*;q=0.5, en", "en"),
        ("en;q=0.5, *", "zh"),  # '*' covers Chinese, at q=1
        ("zh;q=0, *;q=0.8, en;q=0.9", "en"),
        ("english", "zh"),  # not a language range for en
        ("en;q=2", "zh"),  # a bad q: the entry is ignored
        ("en;q=abc, zh;q=0.1", "zh"),
        ("en;q=0.1234", "zh"),  # at most three decimals
        ("en;q=1.000", "en"),
        ("   en-US  ;  q=0.8  ", "en"),
        ("<script>, en", "en"),
        (",,,;;;=", "zh"),
        ("en-US," * 5000, "en"),
    ],
)
def test_preferred(header, lang):
    assert i18n.preferred(header) == lang


def test_accept_language_keeps_order_and_q():
    assert i18n.accept_language("en-US,en;q=0.9,zh-CN;q=0.8,*;q=0") == [
        ("en-us", 1.0),
        ("en", 0.9),
        ("zh-cn", 0.8),
        ("*", 0.0),
    ]
    assert i18n.accept_language("en;q=.5") == []  # a qvalue starts with 0 or 1


def html_lang(response) -> str:
    m = re.search(r'<html lang="([^"]+)"', response.text)
    assert m, response.text[:200]
    return m.group(1)


def test_pages_follow_accept_language(server, h):
    visitor = h.TestClient(server.app)
    visitor.portal = server.portal
    assert html_lang(visitor.get("/")) == "zh-CN"  # no header: Chinese
    r = visitor.get("/", headers={"Accept-Language": "en-US,en;q=0.9,zh-CN;q=0.8"})
    assert html_lang(r) == "en" and ">Log in<" in r.text
    r = visitor.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert html_lang(r) == "zh-CN" and "登录" in r.text
    r = visitor.get("/", headers={"Accept-Language": "zh-CN;q=0.5,en;q=0.8"})
    assert html_lang(r) == "en"
    # error pages too
    r = visitor.get("/tables/999", headers={"Accept-Language": "en"})
    assert r.status_code == 404 and html_lang(r) == "en"
    r = visitor.get("/tables/999", headers={"Accept-Language": "fr"})
    assert r.status_code == 404 and html_lang(r) == "zh-CN"


def test_the_cookie_wins_over_the_header(server, h):
    ann = h.Player(server).register("ann")
    table_id = ann.create_table(robot_level=None)
    english = {"Accept-Language": "en-US,en;q=0.9"}
    chinese = {"Accept-Language": "zh-CN,zh;q=0.9"}
    r = ann.client.get("/lang/zh?next=/", headers=english, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert html_lang(ann.client.get("/", headers=english)) == "zh-CN"
    page = ann.client.get(f"/tables/{table_id}", headers=english)
    assert html_lang(page) == "zh-CN" and '"lang": "zh"' in page.text
    ann.client.get("/lang/en?next=/", headers=chinese)
    assert html_lang(ann.client.get("/", headers=chinese)) == "en"
    page = ann.client.get(f"/tables/{table_id}", headers=chinese)
    assert html_lang(page) == "en" and '"lang": "en"' in page.text


def test_a_bad_cookie_falls_back_to_the_header(server, h):
    visitor = h.TestClient(server.app)
    visitor.portal = server.portal
    visitor.cookies.set("lang", "fr")
    assert html_lang(visitor.get("/", headers={"Accept-Language": "en"})) == "en"
    assert html_lang(visitor.get("/")) == "zh-CN"

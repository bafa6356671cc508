"""The browser side: Jinja2 templates, one vanilla JS file, CSS, and the UI's i18n table."""

from pathlib import Path

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"

"""The project's settings: `rulekit.yaml` at its root, optional, as is every setting.

    site:
      base_url: https://rules.example.org/   # where build/site/ is published

With a base URL the site gets absolute canonical and hreflang links, a
sitemap.xml and a robots.txt naming it; without one its links stay relative,
so that it works from any folder or file://.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rulekit.errors import InputError
from rulekit.sources import YamlLines, load_yaml


class SiteConfig(BaseModel):
    """How the static site is published."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    base_url: str | None = Field(
        default=None, description="The absolute http(s) URL of the site's root folder."
    )

    @field_validator("base_url")
    @classmethod
    def _absolute(cls, url: str | None) -> str | None:
        if url is None:
            return None
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError("must be an absolute http:// or https:// URL")
        if parts.query or parts.fragment:
            raise ValueError("must have no ?query or #fragment")
        return url if url.endswith("/") else url + "/"


class ProjectConfig(BaseModel):
    """Everything `rulekit.yaml` may set."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    site: SiteConfig = SiteConfig()


def load_config(path: Path) -> ProjectConfig:
    """The settings in `path` (`Project.config_file`); the defaults where there is none."""
    if not path.is_file():
        return ProjectConfig()
    data = load_yaml(path)
    try:
        return ProjectConfig.model_validate(data if data is not None else {})
    except ValidationError as error:
        first = error.errors()[0]
        location = [str(part) for part in first["loc"]]
        line = YamlLines(path).line(location) if location else 0
        where = ".".join(location) or "settings"
        raise InputError(path, line, f"{where}: {first['msg']}") from None

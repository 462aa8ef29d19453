"""What search engines read besides the pages: sitemap.xml and robots.txt.

Both need the site's absolute address, so they are written only when the
project sets a base URL (`rulekit.config`).
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"


def sitemap_xml(base_url: str, pages: dict[str, dict[str, str]]) -> bytes:
    """A sitemap of `pages` (site-relative path -> hreflang -> site-relative path of the
    same page in that language), every URL under `base_url`, alternates included."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<urlset xmlns="{SITEMAP_NS}" xmlns:xhtml="{XHTML_NS}">',
    ]
    for path, alternates in sorted(pages.items()):
        lines.append(f"<url><loc>{escape(base_url + path)}</loc>")
        for lang, other in alternates.items():
            href = quoteattr(base_url + other)
            lines.append(f'<xhtml:link rel="alternate" hreflang="{lang}" href={href}/>')
        lines.append("</url>")
    lines.append("</urlset>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def robots_txt(base_url: str) -> bytes:
    """Every page may be crawled; the sitemap says where they are."""
    return f"User-agent: *\nAllow: /\nSitemap: {base_url}sitemap.xml\n".encode()

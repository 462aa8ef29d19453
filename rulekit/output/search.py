"""The site's search index, by Pagefind, one index per language.

What the index holds is decided by the templates: only a page's
`data-pagefind-body` is indexed (the rules of each game and the glossary of all
games, so a term is found once), without its `data-pagefind-ignore` parts (German
text on another language's page, tooltips, badges); the glossary's words weigh
less than the rules'. `site.js` searches the page's language, lists rules first
and links each hit to its rule's anchor.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def index_site(site_dir: Path) -> None:
    """Build the Pagefind search index of a rendered site, with the bundled binary."""
    command = [sys.executable, "-m", "pagefind", "--site", str(site_dir), "--silent"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"pagefind failed: {result.stderr.strip() or result.stdout.strip()}")
    # Pagefind lists languages in hash-map order; sorted, two builds are byte-identical.
    entry = site_dir / "pagefind" / "pagefind-entry.json"
    data = json.loads(entry.read_text("utf-8"))
    entry.write_text(
        json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")), "utf-8"
    )

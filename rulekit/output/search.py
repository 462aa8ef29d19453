"""The site's search index, by Pagefind, one index per language.

What the index holds is decided by the templates: only a page's
`data-pagefind-body` is indexed (the rules of each game and the glossary of all
games, so a term is found once), without its `data-pagefind-ignore` parts (German
text on another language's page, tooltips, badges); the glossary's words weigh
less than the rules'. `site.js` searches the page's language, lists rules first
and links each hit to its rule's anchor.

Pagefind has no incremental mode: every run indexes all the pages it is given
and writes the whole bundle.  Once a page carries `data-pagefind-body`, pages
without it are left out of the index (Pagefind's documented rule), so only the
pages that carry it are handed over: they alone decide the index, and the build
runs Pagefind again only when one of them changed.  It runs in the background
(`Indexing`), beside the card workers.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import TracebackType

BODY = b"data-pagefind-body"
BUNDLE = "pagefind"


def indexed_pages(pages: dict[str, bytes]) -> dict[str, bytes]:
    """The HTML pages among `pages` (site-relative path -> content) that Pagefind indexes."""
    return {path: page for path, page in pages.items() if path.endswith(".html") and BODY in page}


class Indexing:
    """Pagefind indexing `pages` (site-relative path -> content) in the background.

    Used as a context manager: the pages are written to a temporary folder and
    Pagefind started on entering; `files()` waits for the bundle; leaving ends a
    run nobody waited for and removes the folder.
    """

    def __init__(self, pages: dict[str, bytes]) -> None:
        self.pages = pages
        self.folder = Path()
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Indexing:
        self.folder = Path(tempfile.mkdtemp(prefix="rulekit-pagefind-"))
        site = self.folder / "site"
        for path, page in self.pages.items():
            (site / path).parent.mkdir(parents=True, exist_ok=True)
            (site / path).write_bytes(page)
        command = [sys.executable, "-m", "pagefind", "--site", str(site), "--silent"]
        command += ["--output-path", str(self.folder / BUNDLE)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return self

    def files(self) -> dict[str, bytes]:
        """The search bundle, as site-relative path -> content, once Pagefind is done."""
        assert self.process is not None, "used as a context manager"
        out, err = self.process.communicate()
        if self.process.returncode != 0:
            message = (err or out).decode("utf-8", "replace").strip()
            raise RuntimeError(f"pagefind failed: {message}")
        bundle = self.folder / BUNDLE
        files = {
            f"{BUNDLE}/{path.relative_to(bundle)}": path.read_bytes()
            for path in sorted(bundle.rglob("*"))
            if path.is_file()
        }
        # Pagefind lists languages in hash-map order; sorted, two builds are byte-identical.
        entry = f"{BUNDLE}/pagefind-entry.json"
        data = json.loads(files[entry])
        files[entry] = json.dumps(
            data, sort_keys=True, ensure_ascii=False, separators=(",", ":")
        ).encode("utf-8")
        return files

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

"""`rulekit serve`: the built site on localhost, rebuilt as its inputs change, and the
open page reloaded once the rebuild is in place.

Builds are incremental, so an edit re-makes only the outputs made from it.  The
reload needs no change to the built pages: the server adds a small script to
each HTML page it sends, which asks `/__rulekit/build` every second for the
current build's input hash and reloads the page when it changes.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
import time
from collections.abc import Callable
from pathlib import Path

from rulekit.project import INPUTS_FILE, BuildResult, Project, input_hash

BUILD_ID_PATH = "/__rulekit/build"
POLL_SECONDS = 1.0
RELOAD_SCRIPT = f"""<script>
(() => {{
  let seen = null;
  setInterval(async () => {{
    try {{
      const now = await (await fetch("{BUILD_ID_PATH}", {{cache: "no-store"}})).text();
      if (seen !== null && now !== seen) location.reload();
      seen = now;
    }} catch (error) {{}}
  }}, {int(POLL_SECONDS * 1000)});
}})();
</script>
""".encode()


class ReloadingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves `build/site`; HTML pages get the reload script, `/__rulekit/build` the
    build's input hash.  The folder is resolved per request, so each request sees
    whichever tree the atomic build swapped in last."""

    build_dir: Path

    def __init__(self, *args: object, build_dir: Path, **kwargs: object) -> None:
        self.build_dir = build_dir
        super().__init__(*args, directory=str(build_dir / "site"), **kwargs)  # type: ignore[arg-type]

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] == BUILD_ID_PATH:
            self._send(build_id(self.build_dir), "text/plain; charset=utf-8")
            return
        file = Path(self.translate_path(self.path))
        if file.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            file = file / "index.html"
        if file.suffix == ".html" and file.is_file():
            self._send(with_reload(file.read_bytes()), "text/html; charset=utf-8")
            return
        # Everything else as usual, a folder's address without its slash redirected.
        super().do_GET()

    def _send(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def build_id(build_dir: Path) -> bytes:
    """The input hash of the build in `build_dir`, empty while there is none."""
    try:
        return (build_dir / INPUTS_FILE).read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return b""


def with_reload(page: bytes) -> bytes:
    """An HTML page with the reload script before its `</body>` (or at its end)."""
    at = page.rfind(b"</body>")
    return page + RELOAD_SCRIPT if at < 0 else page[:at] + RELOAD_SCRIPT + page[at:]


def serve(
    project: Project,
    port: int,
    rebuild: Callable[[], BuildResult],
    say: Callable[[str], None],
    complain: Callable[[str], None],
) -> None:
    """Serve the site on 127.0.0.1:`port` until Ctrl-C, calling `rebuild` whenever
    an input changed; a failed rebuild is reported and the last good build served."""
    seen = input_hash(project)
    rebuild()
    handler = functools.partial(ReloadingHandler, build_dir=project.build_dir)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        say(f"serving {project.build_dir / 'site'} on http://127.0.0.1:{port}/ (Ctrl-C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(POLL_SECONDS)
                now = input_hash(project)
                if now == seen:
                    continue
                seen = now
                say("input changed, rebuilding")
                start = time.perf_counter()
                try:
                    result = rebuild()
                except Exception as error:  # keep serving the last good build while editing
                    complain(str(error))
                else:
                    took = time.perf_counter() - start
                    say(f"rebuilt {len(result.rebuilt)} outputs in {took:.1f} s")
        server.shutdown()

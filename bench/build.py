"""Time a full cold build of the bundled project and a rebuild with nothing changed.

Prints seconds per build; targets are 15 s cold (5 games x 4 languages) and 1 s warm.
The warm figure is measured as a user meets it: `rulekit build` in a fresh
interpreter, imports included.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.build import build  # noqa: E402
from rulekit.project import Project  # noqa: E402

TARGET_COLD_S = 15.0
TARGET_WARM_S = 1.0


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for part in ("sources", "glossary", "templates", "translations", "tests"):
            shutil.copytree(ROOT / part, root / part)
        project = Project(root)
        start = time.perf_counter()
        result = build(project)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        build(project)
        in_process = time.perf_counter() - start
        command = [sys.executable, "-m", "rulekit", "build", "-q", "--project", str(root)]
        start = time.perf_counter()
        subprocess.run(command, check=True)
        warm = time.perf_counter() - start
    cards = len(result.under("cards"))
    print(
        f"cold build: {cold:.2f} s ({cold / TARGET_COLD_S:.2f} of the {TARGET_COLD_S:.0f} s target)"
    )
    print(
        f"rebuild:    {warm:.2f} s ({warm / TARGET_WARM_S:.2f} of the {TARGET_WARM_S:.0f} s target)"
        f" by the command line; {in_process:.3f} s in process"
    )
    print(f"files:      {len(result.files)}, of which {cards} card PDFs")


if __name__ == "__main__":
    main()

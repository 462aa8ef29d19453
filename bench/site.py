"""Time the site stage alone: rendering every page, then the Pagefind index.

Prints seconds for each; the target is 2 s for both together (5 games x 4 languages).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.build import (  # noqa: E402
    analyse,
    load_definitions,
    load_localizations,
    load_template_translations,
)
from rulekit.model import TraceReport  # noqa: E402
from rulekit.output.search import index_site  # noqa: E402
from rulekit.output.site import render_site  # noqa: E402
from rulekit.output.templating import make_environment  # noqa: E402
from rulekit.project import Project  # noqa: E402

TARGET_S = 2.0


def main() -> None:
    project = Project(ROOT)
    manuals = analyse(project)
    texts = load_localizations(project, manuals)
    ui = load_template_translations(project)
    # The trace page is one table; an empty trace keeps this bench to the site's own code.
    report = TraceReport(rules=[], orphans=[])
    env = make_environment(project.templates_dir)
    start = time.perf_counter()
    definitions = load_definitions(project)
    pages = render_site(
        env, project.templates_dir, manuals, texts, ui, report, definitions, project.sources_dir
    )
    render = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder)
        for path, content in pages.items():
            (site / path).parent.mkdir(parents=True, exist_ok=True)
            (site / path).write_bytes(content)
        start = time.perf_counter()
        index_site(site)
        index = time.perf_counter() - start
    total = render + index
    print(f"render:   {render:.2f} s ({len(pages)} files, {sum(map(len, pages.values())):,} bytes)")
    print(f"pagefind: {index:.2f} s")
    print(f"site:     {total:.2f} s ({total / TARGET_S:.2f} of the {TARGET_S:.0f} s target)")


if __name__ == "__main__":
    main()

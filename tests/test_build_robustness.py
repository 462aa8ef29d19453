"""Interrupted and concurrent builds, and the modes of what rulekit writes.

The end-to-end tests run `python -m rulekit build` as subprocesses on a
one-game copy of the project and kill them the way a user or the OOM killer
would (SIGKILL), at points found by watching the process from outside: its
lock file, its worker processes in /proc, its staging folder.  The small
tests drive the same mechanisms in-process.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from rulekit import build as build_module
from rulekit.build import WORKER_NAME
from rulekit.files import (
    leftovers,
    lock_file,
    locked,
    old_tree,
    remove_leftovers,
    write_atomic,
    write_tree,
)
from rulekit.project import INPUTS_FILE, Project, current_build, input_hash
from tests.conftest import ROOT, tree_bytes

GAME = "stratego"
UMASK = 0o022
# Workers are SIGKILLed by the kernel at once; the rest allows for a loaded machine.
GRACE_SECONDS = 10.0
POLL_SECONDS = 0.005
PHASE_TIMEOUT = 180.0


def small_project(root: Path) -> Project:
    """One game of the bundled project, with its catalogs and the templates' catalogs."""
    shutil.copytree(ROOT / "sources" / GAME, root / "sources" / GAME)
    for part in ("glossary", "templates"):
        shutil.copytree(ROOT / part, root / part)
    for catalog in sorted((ROOT / "translations").glob("*/LC_MESSAGES/*.po")):
        if catalog.stem in (GAME, "templates"):
            copy = root / catalog.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(catalog, copy)
    (root / "tests").mkdir()
    return Project(root)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Project:
    """A small project with a complete build made by one uninterrupted `rulekit build`."""
    project = small_project(tmp_path_factory.mktemp("reference") / "project")
    done = start_build(project)
    _, stderr = done.communicate(timeout=PHASE_TIMEOUT)
    assert done.returncode == 0, stderr
    return project


def start_build(project: Project) -> subprocess.Popen[str]:
    """`rulekit build` on `project` in a process of its own, with umask 022."""
    return subprocess.Popen(
        [sys.executable, "-m", "rulekit", "build", "-q", "--project", str(project.root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        umask=UMASK,
        start_new_session=True,  # a process group of its own, as a terminal would give it
    )


# --- processes, seen from /proc ------------------------------------------------------------


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat from the state on (the name may hold anything)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None


def _identity(pid: int) -> tuple[int, str] | None:
    """pid and start time, which together name one process even if the pid is reused."""
    fields = _stat_fields(pid)
    return (pid, fields[19]) if fields else None


def running(process: tuple[int, str]) -> bool:
    """Whether the process still runs; a zombie waiting to be reaped has ended."""
    fields = _stat_fields(process[0])
    return fields is not None and fields[19] == process[1] and fields[0] != "Z"


def children(pid: int) -> list[tuple[int, str, bytes]]:
    """The running children of `pid`: pid, start time and command line."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat_fields(int(entry.name))
        if fields is None or fields[0] == "Z" or int(fields[1]) != pid:
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        found.append((int(entry.name), fields[19], cmdline))
    return found


def workers(pid: int) -> list[tuple[int, str]]:
    """The card workers of the build `pid`, by the name they give themselves."""
    found = []
    for child, start, _ in children(pid):
        try:
            name = Path(f"/proc/{child}/comm").read_text().strip()
        except OSError:
            continue
        if name == WORKER_NAME:
            found.append((child, start))
    return found


def holds_lock(pid: int, project: Project) -> bool:
    """Whether the build `pid` has its lock file open, i.e. is inside `build()`."""
    lock = os.path.realpath(lock_file(project.build_dir))
    try:
        descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False
    for fd in descriptors:
        # The build opens and closes files all the time: one listed may be gone by now.
        try:
            if os.readlink(fd) == lock:
                return True
        except OSError:
            continue
    return False


def wait_until(condition: Callable[[], bool], build: subprocess.Popen[str], what: str) -> None:
    """Poll `condition` until it holds; fail if the build ends first."""
    deadline = time.monotonic() + PHASE_TIMEOUT
    while not condition():
        if build.poll() is not None:
            pytest.fail(f"the build ended before {what}: {build.communicate()[1]}")
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} within {PHASE_TIMEOUT} s")
        time.sleep(POLL_SECONDS)


def kill(build: subprocess.Popen[str]) -> tuple[int, int]:
    """SIGKILL the build; how many of its children ran then, and after a grace period."""
    descendants = [(pid, start) for pid, start, _ in children(build.pid)]
    build.kill()
    build.communicate()
    deadline = time.monotonic() + GRACE_SECONDS
    while any(running(p) for p in descendants) and time.monotonic() < deadline:
        time.sleep(0.05)
    return len(descendants), sum(running(p) for p in descendants)


def outputs(folder: Path) -> dict[str, bytes]:
    """The files of a build but its input hashes (the whole build's and each output's),
    which cover rulekit's own code too."""
    files = tree_bytes(folder)
    del files[INPUTS_FILE]
    return {name: content for name, content in files.items() if not name.startswith(".cache/")}


def staging_folders(project: Project) -> list[str]:
    """The staging folders beside build/: a build is writing, or was killed writing."""
    return [p.name for p in leftovers(project.build_dir) if p != old_tree(project.build_dir)]


def debris(project: Project) -> list[str]:
    """Names beside build/ that a build leaves only when it is killed."""
    return sorted(p.name for p in leftovers(project.build_dir))


# --- the end-to-end tests ------------------------------------------------------------------


def test_a_build_killed_at_any_point_leaves_a_complete_build_and_no_processes(
    reference: Project, tmp_path: Path
) -> None:
    project = small_project(tmp_path / "project")
    expected = tree_bytes(reference.build_dir)
    seen: dict[str, tuple[int, int]] = {}

    # 1. During the analysis: the card workers start as it loads its tools. No build/ yet.
    build = start_build(project)
    wait_until(lambda: len(workers(build.pid)) > 0, build, "card workers")
    assert holds_lock(build.pid, project) and staging_folders(project) == []
    seen["analysis"] = kill(build)
    assert not project.build_dir.exists()
    assert debris(project) == []

    # An earlier complete build, then a change of input that alters no output, but
    # is an input of every deck, so that the cards are made again.
    shutil.copytree(reference.build_dir, project.build_dir)
    stylesheet = project.templates_dir / "cards" / "card.css"
    stylesheet.write_text(stylesheet.read_text("utf-8") + "\n/* input hash only */\n", "utf-8")

    # 2. While the workers render cards: build/ stays the earlier build.
    build = start_build(project)
    wait_until(lambda: len(workers(build.pid)) > 0, build, "card workers")
    time.sleep(1.0)
    assert len(workers(build.pid)) > 0 and staging_folders(project) == [], "killed while rendering"
    seen["cards"] = kill(build)
    assert tree_bytes(project.build_dir) == expected

    # 3. During the write: the staging folder is there; the swap may or may not have happened.
    build = start_build(project)
    wait_until(lambda: staging_folders(project) != [], build, "a staging folder")
    seen["write"] = kill(build)
    after_kill = tree_bytes(project.build_dir)

    # The next build cleans up and completes; the build killed during its write
    # left the earlier build or, if its swap was done, its own complete one.
    done = start_build(project)
    _, stderr = done.communicate(timeout=PHASE_TIMEOUT)
    assert done.returncode == 0, stderr
    final = tree_bytes(project.build_dir)
    assert final[INPUTS_FILE] != expected[INPUTS_FILE]  # made anew, for the changed input
    assert outputs(project.build_dir) == outputs(reference.build_dir)
    assert after_kill in (expected, final)
    assert debris(project) == []
    assert all(after == 0 for _, after in seen.values()), seen
    assert seen["analysis"][0] >= 1 and seen["cards"][0] >= 1


def test_two_builds_at_once_give_the_result_of_one(reference: Project, tmp_path: Path) -> None:
    project = small_project(tmp_path / "project")
    first, second = start_build(project), start_build(project)
    results = [build.communicate(timeout=PHASE_TIMEOUT) for build in (first, second)]
    assert [first.returncode, second.returncode] == [0, 0], results
    assert outputs(project.build_dir) == outputs(reference.build_dir)
    assert debris(project) == []
    # Usually one build waits for the other; it says so in one line.
    waits = [stderr.count("waiting for another build") for _, stderr in results]
    assert sorted(waits) in ([0, 0], [0, 1]), results


def test_an_interrupted_build_ends_its_workers_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Jobs that would take minutes: a plain pool shutdown would wait for them all.
    monkeypatch.setattr(build_module, "_start_printer", lambda project: None)
    started = time.monotonic()
    pool_of = build_module._card_workers(Project(tmp_path))
    with pytest.raises(KeyboardInterrupt), pool_of as pool:
        jobs: list[Future[None]] = [pool.submit(time.sleep, 120) for _ in range(8)]
        time.sleep(0.5)
        processes = list(pool._processes.values())
        raise KeyboardInterrupt
    assert time.monotonic() - started < 30
    assert processes and not any(process.is_alive() for process in processes)
    assert all(job.done() for job in jobs)


# --- modes ---------------------------------------------------------------------------------


def test_build_files_get_the_modes_of_a_plain_write(reference: Project) -> None:
    folder = reference.build_dir
    modes = {stat.S_IMODE(p.stat().st_mode) for p in [folder, *folder.rglob("*")] if p.is_dir()}
    assert modes == {0o755}
    modes = {stat.S_IMODE(p.stat().st_mode) for p in folder.rglob("*") if p.is_file()}
    assert modes == {0o644}
    assert stat.S_IMODE(lock_file(folder).stat().st_mode) == 0o644


def test_i18n_update_keeps_a_catalogs_mode_and_gives_new_ones_a_plain_mode(
    tmp_path: Path,
) -> None:
    project = small_project(tmp_path / "project")
    messages = project.translations_dir / "fr" / "LC_MESSAGES"
    kept = messages / f"{GAME}.po"
    kept.write_bytes(kept.read_bytes() + b"\n\n")  # so that the update rewrites it
    kept.chmod(0o640)
    created = project.translations_dir / "en" / "LC_MESSAGES" / f"{GAME}.po"
    created.unlink()
    done = subprocess.run(
        [sys.executable, "-m", "rulekit", "i18n", "update", "--project", str(project.root)],
        capture_output=True,
        text=True,
        umask=UMASK,
        timeout=PHASE_TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    assert f"updated {kept}" in done.stdout and f"updated {created}" in done.stdout
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    assert stat.S_IMODE(created.stat().st_mode) == 0o644
    assert not kept.read_bytes().endswith(b"\n\n\n")
    hidden = [p.name for p in project.translations_dir.rglob(".*")]
    assert hidden == []


# --- the mechanisms, in-process ------------------------------------------------------------


@pytest.fixture
def umask() -> Iterator[Callable[[int], None]]:
    """Set the process umask for one test."""
    before = os.umask(0o022)

    def set_umask(mask: int) -> None:
        os.umask(mask)

    yield set_umask
    os.umask(before)


def test_write_atomic_gives_a_new_file_a_plain_mode_and_keeps_an_old_ones(
    tmp_path: Path, umask: Callable[[int], None]
) -> None:
    umask(0o027)
    path = tmp_path / "sub" / "catalog.po"
    write_atomic(path, b"first")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    path.chmod(0o604)
    write_atomic(path, b"second")
    assert path.read_bytes() == b"second"
    assert stat.S_IMODE(path.stat().st_mode) == 0o604
    assert sorted(p.name for p in path.parent.iterdir()) == ["catalog.po"]


def test_write_atomic_leaves_nothing_behind_when_it_fails(tmp_path: Path) -> None:
    (tmp_path / "catalog.po").mkdir()
    with pytest.raises(OSError):
        write_atomic(tmp_path / "catalog.po", b"content")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["catalog.po"]
    assert (tmp_path / "catalog.po").is_dir()


def test_write_tree_gives_plain_modes_and_keeps_the_targets(
    tmp_path: Path, umask: Callable[[int], None]
) -> None:
    target = tmp_path / "build"
    write_tree({"a.txt": b"a", "site/b.txt": b"b"}, target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o755
    assert stat.S_IMODE((target / "site").stat().st_mode) == 0o755
    assert stat.S_IMODE((target / "site" / "b.txt").stat().st_mode) == 0o644
    target.chmod(0o750)
    write_tree({"a.txt": b"new"}, target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o750
    assert tree_bytes(target) == {"a.txt": b"new"}


def test_leftovers_of_killed_builds_are_removed_and_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "build"
    ours = [".build.new-abc123", ".build.new-x", ".build.old"]
    theirs = [".build.new", ".build.older", ".builds.new-1", ".site.new-1", "build.new-1"]
    for name in ours + theirs:
        (tmp_path / name).mkdir()
        (tmp_path / name / "file").write_bytes(b"x")
    (tmp_path / ".build.new-file").write_bytes(b"a file, not a staging folder")
    # No build/: the moved-aside old tree is the last complete build and comes back.
    remove_leftovers(target)
    assert tree_bytes(target) == {"file": b"x"}
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(["build", ".build.new-file", *theirs])


def test_a_current_build_with_leftovers_beside_it_is_not_taken_as_done(tmp_path: Path) -> None:
    project = Project(tmp_path)
    project.tests_dir.mkdir()
    inputs = input_hash(project)
    write_tree({INPUTS_FILE: inputs.encode()}, project.build_dir)
    assert current_build(project.build_dir, inputs) is not None
    old_tree(project.build_dir).mkdir()
    # So the CLI's quick path goes on to build(), which cleans up under the lock.
    assert current_build(project.build_dir, inputs) is None


def test_a_second_locker_waits_and_says_so_once(tmp_path: Path) -> None:
    target = tmp_path / "build"
    said: list[str] = []
    order: list[str] = []
    with locked(target, waiting=said.append):
        assert said == []

        def second() -> None:
            with locked(target, waiting=said.append):
                order.append("second")

        thread = threading.Thread(target=second)
        thread.start()
        deadline = time.monotonic() + 10
        while not said and time.monotonic() < deadline:
            time.sleep(0.01)
        order.append("first")
    thread.join(timeout=10)
    assert order == ["first", "second"]
    assert len(said) == 1 and "waiting for another build" in said[0]


def test_workers_die_with_their_parent(tmp_path: Path) -> None:
    """A grandchild set up like a card worker ends when its parent is SIGKILLed."""
    script = (
        "import os, subprocess, sys, time\n"
        "from rulekit.processes import die_with_parent\n"
        "parent = os.getpid()\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    die_with_parent(parent)\n"
        "    time.sleep(120)\n"
        "    os._exit(0)\n"
        "print(pid, flush=True)\n"
        "time.sleep(120)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = _identity(int(parent.stdout.readline()))
    assert child is not None and running(child)
    time.sleep(0.3)  # let the child set up its death signal
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + GRACE_SECONDS
    while running(child) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not running(child)

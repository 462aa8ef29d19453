"""Atomic writes of single files and whole folder trees, and the lock builds take.

Every write here puts its target in place with one rename, so a reader, or a
crash, sees the old content or the new one, never a part.  New files and
folders get the modes a plain `open()` or `mkdir()` would give them (0666 or
0777 less the umask), not tempfile's private 0600 and 0700, which would shut a
translator's group out of the catalogs; a replaced file keeps its mode.

This module imports nothing heavy: `rulekit.project` uses it on the path of a
build with nothing changed.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import secrets
import shutil
import stat
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# What a plain open() and mkdir() ask for; the kernel takes the umask off.
PLAIN_FILE_MODE = 0o666
PLAIN_FOLDER_MODE = 0o777
_NAME_TRIES = 100
# Files flushed to disk at once (`_fsync_files`): threads that wait, not compute.
FSYNC_THREADS = 16


def write_atomic(path: Path, content: bytes) -> None:
    """Replace the file `path` with `content` in one step.

    A new file gets the mode a plain write gives it, a replaced file keeps its
    mode.  The data is fsynced before the rename: some filesystems (XFS, ext4
    mounted data=writeback) may commit the rename before the data, and after a
    crash the name would point at an empty file; these files are people's work
    (catalogs, the glossary).  The folder is not fsynced: a rename lost in a
    crash only brings back the old file.  On any failure the temporary file is
    removed and `path` is left as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _file_mode(path)
    fd, temporary = _new_temporary_file(path)
    try:
        with open(fd, "wb") as handle:
            handle.write(content)
            handle.flush()
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def _file_mode(path: Path) -> int | None:
    """The permission bits of an existing regular file, None when there is none."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    return stat.S_IMODE(status.st_mode) if stat.S_ISREG(status.st_mode) else None


def _new_temporary_file(path: Path) -> tuple[int, Path]:
    """Create `.<name>.<random>.tmp` beside `path`, with a plain write's mode."""
    for _ in range(_NAME_TRIES):
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            # O_EXCL: never write into a file somebody else created under this name.
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
            return os.open(temporary, flags, PLAIN_FILE_MODE), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path))


def new_folder(parent: Path, prefix: str) -> Path:
    """Create an empty folder `<prefix><random>` in `parent`, with a plain mkdir's mode.

    This is `tempfile.mkdtemp` without its 0700 mode, for folders that are
    renamed into place and must then be as readable as any other.
    """
    for _ in range(_NAME_TRIES):
        folder = parent / f"{prefix}{secrets.token_hex(4)}"
        try:
            folder.mkdir(PLAIN_FOLDER_MODE)
        except FileExistsError:
            continue
        return folder
    raise FileExistsError(errno.EEXIST, "no free folder name", str(parent / prefix))


def staging_prefix(target: Path) -> str:
    """The name prefix of the folders `write_tree` assembles a new `target` in."""
    return f".{target.name}.new-"


def old_tree(target: Path) -> Path:
    """Where `write_tree` moves the previous `target` aside during the swap."""
    return target.with_name(f".{target.name}.old")


def lock_file(target: Path) -> Path:
    """The file whose lock a build of `target` holds."""
    return target.with_name(f".{target.name}.lock")


def write_tree(
    files: dict[str, bytes],
    target: Path,
    finish: Callable[[Path], None] | None = None,
    kept: Mapping[str, Path] | None = None,
) -> None:
    """Write `files` (relative path -> bytes) as the new `target` folder, atomically.

    The tree is assembled in a sibling folder; the old tree is moved aside and
    the new one renamed into place, so readers see the old or the new tree,
    never a mix.  `kept` (relative path -> an existing file, usually in the old
    `target`) is taken over unchanged: hard-linked, so bytes, inode and mtime
    stay, or copied where a link cannot be made.  `finish` runs on the complete
    staging tree before the swap (the site's search index is built there).  A
    replaced `target` keeps its mode.  An old tree left by a swap that was
    interrupted between its two renames is restored or removed first.

    Every file written here is fsynced before the swap, `finish`'s too: a tree
    whose rename survived a crash but whose data did not would hold empty
    files, and its inputs.sha256 would still have it taken as current.  Linked
    files were fsynced by the build that wrote them.
    """
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    old = old_tree(target)
    _restore_or_drop_old(target)
    staging = new_folder(parent, staging_prefix(target))
    try:
        if target.is_dir():
            os.chmod(staging, stat.S_IMODE(target.stat().st_mode))
        for relative, content in files.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        linked = {
            staging / relative
            for relative, source in (kept or {}).items()
            if _link_or_copy(source, staging / relative)
        }
        if finish is not None:
            finish(staging)
        _fsync_files(staging, skip=linked)
        if target.exists():
            os.rename(target, old)
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        if old.exists() and not target.exists():
            os.rename(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)


def _link_or_copy(source: Path, path: Path) -> bool:
    """Make `path` the file `source`: a hard link (True), or a copy where none can be made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, path)
    except OSError:
        shutil.copyfile(source, path)
        return False
    return True


def _fsync_files(folder: Path, skip: set[Path]) -> None:
    """Flush the data of every file under `folder` but those in `skip` to disk.

    Many at once: each fsync waits for the disk, and the file system commits the
    flushes that wait together in one go (a build's 300 files took a second one
    after another, a twentieth of that at once).
    """
    paths = [
        path
        for path in folder.rglob("*")
        if path not in skip and path.is_file() and not path.is_symlink()
    ]
    with ThreadPoolExecutor(max_workers=FSYNC_THREADS) as pool:
        # list() raises the first error here, as the loop did.
        list(pool.map(_fsync, paths))


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _restore_or_drop_old(target: Path) -> None:
    """Put a moved-aside tree back when `target` is missing, else remove it."""
    old = old_tree(target)
    if not old.is_dir() or old.is_symlink():
        return
    if target.exists():
        _remove_folder(old, target)
    else:
        os.rename(old, target)


def leftovers(target: Path) -> list[Path]:
    """What killed writes of `target` left beside it: staging folders, an old tree.

    Only rulekit's own names count: `.<name>.new-*` and `.<name>.old`, as folders.
    """
    prefix, old = staging_prefix(target), old_tree(target).name
    try:
        names = os.listdir(target.parent)
    except FileNotFoundError:
        return []
    found = [target.parent / name for name in names if name.startswith(prefix) or name == old]
    return sorted(path for path in found if path.is_dir() and not path.is_symlink())


def remove_leftovers(target: Path) -> None:
    """Restore or remove what killed writes of `target` left beside it.

    Call it only with the lock of `target` held: the staging folder of a
    running build has the same name pattern as a killed one's.
    """
    _restore_or_drop_old(target)
    for path in leftovers(target):
        _remove_folder(path, target)


def _remove_folder(folder: Path, target: Path) -> None:
    """Remove a leftover folder, first moving it out of the way of late writers.

    A process the killed build started (the search indexer) may still be
    writing into its staging folder for a moment; after the rename its paths
    lead nowhere, so it cannot refill the folder while it is removed.  A
    folder that cannot be removed now stays a leftover for the next build.
    """
    # Still a staging name: if this build is killed too, the next one removes it.
    doomed = target.with_name(f"{staging_prefix(target)}gone-{secrets.token_hex(4)}")
    try:
        os.rename(folder, doomed)
    except OSError:
        doomed = folder
    shutil.rmtree(doomed, ignore_errors=True)


@contextlib.contextmanager
def locked(target: Path, waiting: Callable[[str], None]) -> Iterator[None]:
    """Hold the lock of `target` (`.<name>.lock` beside it) for the body.

    When another process holds it, `waiting` is called once with a line to
    show, and the lock is awaited.  It is an flock: it belongs to the open
    file, which worker processes forked meanwhile share, so after a killed
    build the next one waits until its workers are gone too.  The file stays:
    removing it would let a waiting build and a new one lock different files.
    """
    path = lock_file(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDONLY | os.O_CREAT, PLAIN_FILE_MODE)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waiting(f"waiting for another build of {target} to finish ({path.name} is locked)")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)

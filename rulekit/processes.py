"""Helper processes that end with the process that started them.

A process pool's workers wait for work on a pipe whose writing end they hold
themselves (they are forked with it), so when the build process is killed
outright (SIGKILL, the OOM killer) nothing ever tells them to stop: each
lingers with a few hundred MB of fonts and layout state.  `die_with_parent`
makes the kernel kill them instead.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

# From <linux/prctl.h>.
PR_SET_PDEATHSIG = 1
PR_SET_NAME = 15
_POLL_SECONDS = 1.0


def die_with_parent(parent: int) -> None:
    """End this process as soon as `parent`, the process that started it, is gone.

    On Linux, prctl(PR_SET_PDEATHSIG, SIGKILL) has the kernel send SIGKILL when
    the parent dies, however it dies; SIGKILL because a worker has nothing to
    clean up and may be deep in C code that would not see a gentler signal
    soon.  The signal comes when the parent *thread* that forked this process
    ends, so the pool must be started by a thread that outlives it (a build
    holds its pool within one call).  Where prctl is not available, a thread
    polls for the parent pid to change, which it does when the parent dies and
    this process is handed to another one.
    """
    if _set_parent_death_signal(signal.SIGKILL):
        # The parent may have died before the signal was set up.
        if os.getppid() != parent:
            os._exit(1)
        return
    threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()


def name_process(name: str) -> None:
    """Show this process as `name` (at most 15 bytes) in ps, top and /proc/<pid>/comm.

    Forked workers otherwise look exactly like the build that started them.
    Nothing happens where prctl is not available.
    """
    _prctl(PR_SET_NAME, ctypes.c_char_p(name.encode()[:15]))


def _set_parent_death_signal(signum: int) -> bool:
    """Ask the kernel for `signum` when the parent dies; False where that is impossible."""
    return _prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signum))


def _prctl(option: int, argument: ctypes.c_ulong | ctypes.c_char_p) -> bool:
    """Linux's prctl(2) with one argument; False where it is missing or fails."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return False
    unused = ctypes.c_ulong(0)
    result: int = prctl(ctypes.c_int(option), argument, unused, unused, unused)
    return result == 0


def _exit_when_orphaned(parent: int) -> None:
    """Poll for the parent's death, the fallback where prctl is missing."""
    while os.getppid() == parent:
        time.sleep(_POLL_SECONDS)
    os._exit(1)

"""Runs a Python module (`python -m bench.profiled OUT -m daphne ...`) with cProfile on every
thread, and writes the threads' stats together to OUT when the process ends (SIGTERM included:
Daphne's reactor stops on it and the interpreter exits normally). Channels runs a socket's
database calls and a broadcast's renders on worker threads, which `python -m cProfile` alone does
not see. Times are each thread's CPU time (waits cost nothing here, whatever else the machine is
doing); calls still running at the end (idle threads' waits) carry meaningless times.
"""

from __future__ import annotations

import atexit
import cProfile
import pstats
import runpy
import sys
import threading
import time

_PROFILES: list[cProfile.Profile] = []
_LOCK = threading.Lock()


def _start_in_thread(*_args: object) -> None:
    """The first profile event of a new thread: give the thread a profiler of its own."""
    profile = cProfile.Profile(time.thread_time)
    with _LOCK:
        _PROFILES.append(profile)
    profile.enable()  # replaces this hook for the thread


def _write(out: str) -> None:
    with _LOCK:
        profiles = list(_PROFILES)
    for profile in profiles:
        profile.disable()  # only stops the thread this runs in; the others are done by now
    stats = pstats.Stats(profiles[0])
    for profile in profiles[1:]:
        try:
            stats.add(profile)
        except TypeError:  # a profiler that recorded nothing
            continue
    stats.dump_stats(out)


def main() -> None:
    out, *command = sys.argv[1:]
    module, *rest = command[1:] if command[0] == "-m" else command
    threading.setprofile(_start_in_thread)
    main_profile = cProfile.Profile(time.thread_time)
    _PROFILES.append(main_profile)
    atexit.register(_write, out)
    sys.argv = [module, *rest]
    main_profile.enable()
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()

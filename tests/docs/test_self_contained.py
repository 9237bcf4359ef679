"""No tracked file points outside the repository: specs, seeds and design notes live in docs/."""

from __future__ import annotations

import re
import subprocess

import pytest
from citations import ROOT

# Spelled in parts so that this file does not match itself.
_SHARED = "shared"
FORBIDDEN = re.compile(
    "|".join(
        [
            re.escape("../" + _SHARED),
            re.escape("/" + "work/"),  # any absolute path on the build machines
            re.escape(_SHARED + "/rules"),
            re.escape(_SHARED + "/seeds"),
            r"\b(?:DESIGN|REALTIME|STYLE)\.md\b",  # the outside notes; ours are docs/design.md...
            r"\b[0-9]{3}_[0-9a-f]{16}\.txt\b",  # a Chinese seed's file name
        ]
    )
)


def outside_pointers(text: str) -> list[str]:
    """The pointers outside the repository that `text` contains."""
    return [match.group(0) for match in FORBIDDEN.finditer(text)]


def test_no_tracked_file_points_outside_the_repository() -> None:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout.split("\0")
    found = []
    for path in filter(None, listed):
        try:
            text = (ROOT / path).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # binary, deleted or a submodule: nothing a reader follows
        found += [f"{path}: {pointer}" for pointer in outside_pointers(text)]
    assert len(listed) > 100  # git listed the repository, so an empty result means something
    assert not found, "pointers outside the repository:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "text",
    [
        "see ../" + _SHARED + "/rules/scs-wargame.md",
        'Path("/' + 'work/main/x")',
        "the " + _SHARED + "/seeds folder",
        "read " + "REALTIME" + ".md first",
        "seed 004_f1a95c51750c4e6a" + ".txt",
    ],
)
def test_each_kind_of_outside_pointer_is_found(text: str) -> None:
    assert outside_pointers(text)


def test_in_repository_pointers_are_allowed() -> None:
    assert not outside_pointers("docs/realtime.md, docs/rules/reference/scs.md, a shared lock")

"""PO files on disk: checked by GNU gettext, read and written as gettext does.

Catalogs live in memory as Babel `Catalog`s. Babel's own PO reader and writer
fall short of gettext: it wraps previous msgids (`#|`) into lines gettext cannot
read, drops the flags and previous msgids of obsolete entries, reads `#|` lines
back as translator comments, rejects `#~|`, and accepts broken lines and
duplicate entries that gettext refuses. So:

- before a file is read, GNU `msgfmt --check` judges it: what gettext rejects is
  refused with gettext's own `path:line: message`, and a file that a translator's
  tools accept is never refused here;
- the file is then parsed, and written, with translate-toolkit's PO store, the
  PO library behind Weblate and Pootle, which knows every construct gettext
  writes and wraps lines as gettext does (width 79, `msgcat`'s default).

`catalog_bytes(read_catalog(path))` of a file rulekit wrote is the same bytes,
and `msgcat` leaves it unchanged.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import cast

from babel.messages.catalog import Catalog, Message
from translate.storage.pypo import pofile, pounit

from rulekit.errors import InputError

# Lines are left whole here; msgcat wraps them as gettext does.
UNWRAPPED = -1
# Flags gettext writes first; the rest follow in alphabetical order.
_FIRST_FLAGS = ("fuzzy",)


def check_po_file(path: Path) -> None:
    """Refuse a PO file that GNU msgfmt rejects, with msgfmt's first `path:line: message`.

    `--check` covers syntax, duplicate entries, the header and printf-style
    placeholders of entries flagged as format strings.
    """
    _gettext_tool(["msgfmt", "--check", "--output-file", os.devnull, str(path)], b"", path)


def _gettext_tool(
    command: list[str], stdin: bytes, path: Path
) -> subprocess.CompletedProcess[bytes]:
    """Run a GNU gettext program; its first error about `path` becomes an `InputError`."""
    try:
        result = subprocess.run(
            command,
            input=stdin,
            capture_output=True,
            env={**os.environ, "LC_ALL": "C", "LANGUAGE": ""},
            check=False,
        )
    except FileNotFoundError:
        raise InputError(
            path, 0, f"{command[0]} is needed for catalogs; install GNU gettext"
        ) from None
    if result.returncode == 0:
        return result
    name = "<stdin>" if str(path) == "-" else str(path)
    located = re.compile(rf"^{re.escape(name)}:(\d+):(?:\d+:)? (.*)$")
    lines = [line for line in result.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    for line in lines:
        match = located.match(line)
        if match and not match.group(2).startswith("warning:"):
            raise InputError(path, int(match.group(1)), match.group(2))
    raise InputError(path, 0, lines[0] if lines else f"{command[0]} failed")


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """A PO or POT file as a Babel catalog: fuzzy flags, previous msgids, obsolete
    entries and line numbers included. Bad input raises `InputError(path, line, …)`."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(path, 0, error.strerror or str(error)) from None
    check_po_file(path)
    store = pofile(data, width=UNWRAPPED)
    catalog = Catalog(locale=locale, domain=path.stem, fuzzy=False)
    for unit in store.units:
        if unit.isheader():
            catalog[""] = Message(
                "",
                str(unit.target),
                user_comments=_comment_lines(unit.getnotes("translator")),
                flags=_flags(unit),
            )
            continue
        message = _message(unit)
        if unit.isobsolete():
            catalog.obsolete[_key(message)] = message
        else:
            catalog[message.id] = message
    return catalog


def catalog_bytes(catalog: Catalog) -> bytes:
    """The PO text of a catalog, as GNU gettext writes it: obsolete entries last,
    with their flags and previous msgids (`#~|`)."""
    store = pofile(width=UNWRAPPED)
    store.units = []  # a new store starts with a header of translate-toolkit's own
    store.addunit(_header_unit(store, catalog))
    for message in catalog:
        if message.id:
            store.addunit(_unit(store, message, obsolete=False))
    for message in catalog.obsolete.values():
        store.addunit(_unit(store, message, obsolete=True))
    return _gettext_tool(["msgcat", "-"], bytes(store), Path("-")).stdout


def _key(message: Message) -> str | tuple[str, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return (msgid, message.context) if message.context else msgid


def _message(unit: pounit) -> Message:
    """One entry of the file as a Babel message."""
    source, target = unit.source, unit.target
    if unit.hasplural():
        msgid: str | tuple[str, ...] = tuple(str(s) for s in source.strings)
        string: str | tuple[str, ...] = tuple(str(s) for s in target.strings)
    else:
        msgid, string = str(source), str(target or "")
    message = Message(
        msgid,
        string,
        # Babel keeps a reference without a line as (file, None), though typed as int.
        locations=cast(list[tuple[str, int]], [_location(t) for t in unit.getlocations()]),
        flags=_flags(unit),
        auto_comments=_comment_lines(unit.getnotes("developer")),
        user_comments=_comment_lines(unit.getnotes("translator")),
        previous_id=_previous(unit),
        lineno=_msgstr_line(unit),
        context=unit.getcontext() or None,
    )
    # Babel adds python-format by looking at the msgid; the file's flags decide.
    message.flags = set(_flags(unit))
    return message


# The parts of an entry before its msgstr, each held as the lines it was read from.
_BEFORE_MSGSTR = (
    "othercomments",
    "automaticcomments",
    "sourcecomments",
    "typecomments",
    "prev_msgctxt",
    "prev_msgid",
    "prev_msgid_plural",
    "msgctxt",
    "msgid",
    "msgid_plural",
)


def _msgstr_line(unit: pounit) -> int | None:
    """The line of an entry's msgstr: problems are in the translation, so point there."""
    if unit.line_number is None:
        return None
    return int(unit.line_number) + sum(len(getattr(unit, part)) for part in _BEFORE_MSGSTR)


def _previous(unit: pounit) -> list[str]:
    previous = unit.prev_source
    if not previous:
        return []
    strings = getattr(previous, "strings", None)
    return [str(s) for s in strings] if strings else [str(previous)]


def _location(text: str) -> tuple[str, int | None]:
    filename, _, line = text.rpartition(":")
    if filename and line.isdigit():
        return filename, int(line)
    return text, None


def _flags(unit: pounit) -> list[str]:
    return [
        flag.strip()
        for comment in unit.typecomments
        for flag in comment.strip().removeprefix("#,").split(",")
        if flag.strip()
    ]


def _comment_lines(text: str) -> list[str]:
    return text.split("\n") if text else []


def _header_unit(store: pofile, catalog: Catalog) -> pounit:
    unit = store.UnitClass("")
    unit.target = "".join(
        f"{name}: {value.rstrip(chr(10))}\n" for name, value in catalog.mime_headers
    )
    unit.othercomments = [
        f"{line}\n" for line in catalog.header_comment.splitlines() if line.strip("# ")
    ]
    if catalog.fuzzy:
        unit.typecomments = ["#, fuzzy\n"]
    return unit


def _unit(store: pofile, message: Message, obsolete: bool) -> pounit:
    unit = store.UnitClass()
    if isinstance(message.id, str):
        unit.source = message.id
        unit.target = str(message.string or "")
    else:
        unit.source = list(message.id)
        unit.target = list(message.string or ())
    if message.context:
        unit.setcontext(message.context)
    for comment in message.user_comments:
        unit.addnote(comment, origin="translator")
    for comment in message.auto_comments:
        unit.addnote(comment, origin="developer")
    for filename, line in message.locations:
        unit.addlocation(f"{filename}:{line}" if line is not None else filename)
    flags = _ordered_flags(message.flags)
    if flags:
        unit.typecomments = [f"#, {', '.join(flags)}\n"]
    if message.previous_id and message.fuzzy:
        previous = message.previous_id
        unit.prev_source = previous[0] if len(previous) == 1 else list(previous)
    if obsolete:
        unit.makeobsolete()
    return unit


def _ordered_flags(flags: Iterable[str]) -> list[str]:
    first = [flag for flag in _FIRST_FLAGS if flag in flags]
    return first + sorted(set(flags) - set(_FIRST_FLAGS))

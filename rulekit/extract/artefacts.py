"""Lines that are not part of the manual: printer slugs, job tickets, fingerprints, headers.

These checks read a line's content only, so both the PDF and the text path use
them.  Each marks lines with role "artefact" and lists the removal as a repair.
"""

from __future__ import annotations

import base64
import binascii
import re

from rulekit.model import Repair, TextLine

# Layout-program files named in printer slugs ("53486i100 Rules.indd", "Rules.qxd").
_DTP_FILE = re.compile(
    r"\b[\w.-]+\.(?:indd|indt|idml|qxd|qxp|qxb|pm[4-7]|p65|fm|sla|cdr|ai|psd|eps)\b",
    re.IGNORECASE,
)
_DATE = r"\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}"
_TIME = r"\d{1,2}:\d{2}(?::\d{2})?"
_TIMESTAMP = re.compile(rf"{_DATE}\s*{_TIME}")
# Job-ticket fields ("Originator: DMD", "ROD: 11.24") and long job numbers.
_TICKET_FIELD = re.compile(r"^(?:[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)?: \S+\s*)+$")
_JOB_NUMBER = re.compile(r"^\d{8,}\b")
_BASE64_TOKEN = re.compile(r"^[A-Za-z0-9+/]{8,}={0,2}$")
# How far a ticket line may stand from the slug it belongs to.
_TICKET_REACH = 4


def is_printer_slug(text: str) -> bool:
    """A layout program's file name or a print timestamp: a slug from the trim area."""
    return bool(_DTP_FILE.search(text) or _TIMESTAMP.search(text))


def is_ticket_line(text: str) -> bool:
    """A job-ticket field or a job number, as printed next to a slug."""
    stripped = text.strip()
    return bool(_TICKET_FIELD.match(stripped) or _JOB_NUMBER.match(stripped))


def is_fingerprint(text: str) -> bool:
    """Base64 tokens a publishing platform stamps on a page ("RkJQdWJsaXNoZXIy Mjk4NDQ3Nw==").

    Every token must decode to printable ASCII and look like no word: a mix of
    cases with digits or padding.
    """
    tokens = text.split()
    if not tokens or not all(_BASE64_TOKEN.match(token) for token in tokens):
        return False
    for token in tokens:
        padded = token + "=" * (-len(token) % 4)
        try:
            decoded = base64.b64decode(padded, validate=True)
        except (binascii.Error, ValueError):
            return False
        if not decoded or not all(32 <= byte < 127 for byte in decoded):
            return False
    joined = "".join(tokens)
    mixed_case = any(c.islower() for c in joined) and any(c.isupper() for c in joined)
    return mixed_case and (any(c.isdigit() for c in joined) or joined.endswith("="))


def doubled_header(text: str) -> bool:
    """A running header from facing pages run together ("Kommandobuch Kommandobuch")."""
    words = text.split()
    half = len(words) // 2
    return (
        len(words) >= 2
        and len(words) % 2 == 0
        and words[:half] == words[half:]
        and any(c.isalpha() for c in text)  # "1 1" is a table's row
    )


def _heads_rows(text: str, following: str) -> bool:
    """The column titles of a table set twice across the page ("Felder Lauch Felder
    Lauch" over "1 1 11 66"): as many numbers under them as they have words."""
    cells = following.split()
    return len(cells) == len(text.split()) and all(cell.isdigit() for cell in cells)


def mark_artefacts(lines: list[TextLine]) -> tuple[list[TextLine], list[Repair]]:
    """Mark slugs, their job-ticket lines, fingerprints and doubled headers as artefacts."""
    kinds: dict[int, str] = {}
    for index, line in enumerate(lines):
        text = line.text.strip()
        if is_printer_slug(text):
            kinds[index] = "printer-slug"
        elif is_fingerprint(text):
            kinds[index] = "fingerprint"
        elif doubled_header(text) and not _heads_rows(
            text, lines[index + 1].text if index + 1 < len(lines) else ""
        ):
            kinds[index] = "running-header"
    # Ticket lines only count beside a slug: alone, "Name: Wert" may be body text.
    slugs = [index for index, kind in kinds.items() if kind == "printer-slug"]
    for slug in slugs:
        for step in (-1, 1):
            index = slug + step
            while 0 <= index < len(lines) and abs(index - slug) <= _TICKET_REACH:
                if index in kinds or is_ticket_line(lines[index].text):
                    kinds.setdefault(index, "printer-slug")
                    index += step
                else:
                    break
    return set_apart_as_artefacts(lines, kinds, confidence=0.95)


def set_apart_as_artefacts(
    lines: list[TextLine], kinds: dict[int, str], confidence: float
) -> tuple[list[TextLine], list[Repair]]:
    """Mark the lines at the indices of `kinds` as artefacts of their kind, each removal
    listed as a repair; lines already marked stay as they are."""
    result: list[TextLine] = []
    repairs: list[Repair] = []
    for index, line in enumerate(lines):
        kind = kinds.get(index)
        if kind is None or line.role == "artefact":
            result.append(line)
            continue
        result.append(line.model_copy(update={"role": "artefact", "artefact": kind}))
        repairs.append(
            Repair(
                kind=kind,
                before=line.text,
                after="",
                page=line.page,
                line=line.line,
                confidence=confidence,
            )
        )
    return result, repairs

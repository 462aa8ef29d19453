"""Line cleaning shared by the PDF and text paths: lines in reading order to blocks."""

from __future__ import annotations

from rulekit.model import Block, BlockKind, Extraction, Repair, TextLine

_BLOCK_KIND: dict[str, BlockKind] = {
    "heading": "heading",
    "list-item": "list-item",
    "figure": "figure",
    "caption": "caption",
    "body": "paragraph",
}


def clean_lines(lines: list[TextLine]) -> Extraction:
    """Blocks from lines whose roles are decided; artefact lines are dropped.

    Consecutive lines of one role form one block; a body line with
    `starts_paragraph` opens a new paragraph.
    """
    blocks: list[Block] = []
    repairs: list[Repair] = []
    current: list[TextLine] = []

    def flush() -> None:
        if current:
            blocks.append(_block(current, repairs))
            current.clear()

    for line in lines:
        role = line.role or "body"
        if role == "artefact":
            continue
        if current and ((current[0].role or "body") != role or line.starts_paragraph):
            flush()
        current.append(line)
    flush()
    return Extraction(blocks=blocks, repairs=repairs)


def _block(lines: list[TextLine], repairs: list[Repair]) -> Block:
    text = lines[0].text.strip()
    for line in lines[1:]:
        text = join_lines(text, line.text.strip())
    return Block(
        kind=_BLOCK_KIND[lines[0].role or "body"],
        text=text,
        page=lines[0].page,
        lines=(lines[0].line, lines[-1].line),
    )


def join_lines(left: str, right: str) -> str:
    """Join two lines of running text, undoing line-break hyphenation.

    A soft hyphen always marks a break; a hard hyphen before a lower-case
    continuation is a break too, before an upper-case one it belongs to a
    compound ("Bunker-" + "Karte").
    """
    if left.endswith("\u00ad"):
        return left[:-1] + right
    if left.endswith(("-", "\u2010")) and len(left) > 1 and left[-2].isalpha():
        if right[:1].islower():
            return left[:-1] + right
        return left + right
    return f"{left} {right}" if left and right else left or right

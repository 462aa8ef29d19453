"""Opening PDFs: every readable PDF is read, and only real damage is refused.

The manuals are made with WeasyPrint and rewritten with pikepdf the ways
real producers write PDFs (object streams, incremental updates, shared and
empty content streams, owner passwords), or damaged the ways files get
damaged.
"""

from __future__ import annotations

import os
from pathlib import Path

import pikepdf
import pytest
import weasyprint

from rulekit.errors import InputError
from rulekit.extract import extract
from rulekit.extract.pdf import extract_pdf

TEXTS = (
    "Jeder Spieler erhält fünf Karten und legt sie verdeckt vor sich ab.",
    "Wer am Zug ist, spielt eine Karte aus oder zieht eine neue vom Stapel.",
    "Das Spiel endet, sobald ein Spieler keine Karten mehr auf der Hand hat.",
)


@pytest.fixture(scope="module")
def manual(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three pages of running text, one paragraph each."""
    path = tmp_path_factory.mktemp("open") / "manual.pdf"
    pages = "".join(
        f'<p style="break-after: page">Seite {n}: {text}</p>'
        for n, text in enumerate(TEXTS, start=1)
    )
    weasyprint.HTML(string=f'<html lang="de"><body>{pages}</body></html>').write_pdf(path)
    return path


def body(path: Path) -> str:
    return " ".join(block.text for block in extract_pdf(path).blocks)


def test_object_streams_and_a_cross_reference_stream_are_read(manual: Path, tmp_path: Path) -> None:
    path = tmp_path / "objstm.pdf"
    with pikepdf.open(manual) as pdf:
        pdf.save(path, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    assert body(path) == body(manual)


def test_an_incremental_update_is_read(manual: Path, tmp_path: Path) -> None:
    # A second revision appended after the first %%EOF, as an editor saves it.
    data = manual.read_bytes()
    with pikepdf.open(manual) as pdf:
        size, root = int(pdf.trailer.Size), pdf.Root.objgen[0]
    previous = int(data.rsplit(b"startxref", 1)[1].split()[0])
    info = f"{size} 0 obj\n<< /Title (Nachtrag) >>\nendobj\n".encode()
    start = len(data) + 1
    xref = start + len(info)
    update = (
        f"xref\n0 1\n0000000000 65535 f \n{size} 1\n{start:010d} 00000 n \n"
        f"trailer\n<< /Size {size + 1} /Root {root} 0 R /Info {size} 0 R /Prev {previous} >>\n"
        f"startxref\n{xref}\n%%EOF\n"
    ).encode()
    path = tmp_path / "updated.pdf"
    path.write_bytes(data + b"\n" + info + update)
    with pikepdf.open(path) as pdf:
        assert str(pdf.docinfo["/Title"]) == "Nachtrag"
    assert body(path) == body(manual)


def test_empty_and_shared_content_streams_are_normal(manual: Path, tmp_path: Path) -> None:
    path = tmp_path / "shared.pdf"
    with pikepdf.open(manual) as pdf:
        # Every page also draws one shared stream (a rule); page 2's own
        # stream is compressed and empty.
        rule = pdf.make_indirect(pikepdf.Stream(pdf, b"0.5 w 40 40 m 200 40 l S"))
        for index, page in enumerate(pdf.pages):
            own = pdf.make_indirect(pikepdf.Stream(pdf, b"")) if index == 1 else page.obj.Contents
            page.obj.Contents = pikepdf.Array([rule, own])
        pdf.save(path, compress_streams=True)
    text = body(path)
    assert "Seite 1:" in text and "Seite 3:" in text and "Seite 2:" not in text


def test_an_owner_password_only_restricts_and_is_read(manual: Path, tmp_path: Path) -> None:
    path = tmp_path / "owner.pdf"
    with pikepdf.open(manual) as pdf:
        allow = pikepdf.Permissions(extract=False, modify_other=False)
        pdf.save(path, encryption=pikepdf.Encryption(user="", owner="geheim", allow=allow))
    assert body(path) == body(manual)


def test_a_user_password_is_one_clear_error(manual: Path, tmp_path: Path) -> None:
    path = tmp_path / "locked.pdf"
    with pikepdf.open(manual) as pdf:
        pdf.save(path, encryption=pikepdf.Encryption(user="geheim", owner="geheim"))
    with pytest.raises(InputError, match="encrypted; remove the password first") as caught:
        extract(path)
    assert caught.value.line == 0


@pytest.mark.parametrize("header", [b"", b"%PDF-1.7\n"])
def test_random_bytes_are_not_a_pdf(tmp_path: Path, header: bytes) -> None:
    path = tmp_path / "noise.pdf"
    path.write_bytes(header + os.urandom(20_000).replace(b"%PDF-", b"").replace(b"obj", b""))
    with pytest.raises(InputError, match="not a PDF"):
        extract(path)


def test_junk_after_the_end_is_ignored(manual: Path, tmp_path: Path) -> None:
    path = tmp_path / "padded.pdf"
    path.write_bytes(manual.read_bytes() + b"\0" * 4096)
    assert body(path) == body(manual)


def test_blocks_and_lines_keep_their_page_and_box(manual: Path) -> None:
    extraction = extract_pdf(manual)
    first = extraction.blocks[0]
    assert first.page == 1 and first.bbox is not None
    x0, top, x1, bottom = first.bbox
    assert 0 < x0 < x1 < 600 and 0 < top < bottom < 200

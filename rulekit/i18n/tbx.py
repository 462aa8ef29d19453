"""TBX v3 (ISO 30042:2019), TBX-Basic dialect: the termbase in the format CAT tools load.

One `conceptEntry` per term: the German `langSec` holds the term, its variants
(`termType` variant), part of speech, gender, status and definition; one
`langSec` per target language holds its translations with their statuses and
notes.  Games are `subjectField`s and the translator note is the concept's
`note`.  `read_tbx(write_tbx(terms)) == terms`: nothing is lost either way.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from pydantic import ValidationError

from rulekit.errors import InputError
from rulekit.model import Term, Translation

NAMESPACE = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SOURCE_LANGUAGE = "de"
_STATUS_TO_TBX = {
    "preferred": "preferredTerm-admn-sts",
    "admitted": "admittedTerm-admn-sts",
    "deprecated": "deprecatedTerm-admn-sts",
}
_STATUS_FROM_TBX = {value: key for key, value in _STATUS_TO_TBX.items()}
_POS_TO_TBX = {"proper noun": "properNoun"}
_POS_FROM_TBX = {value: key for key, value in _POS_TO_TBX.items()}


def _q(tag: str) -> str:
    return f"{{{NAMESPACE}}}{tag}"


def write_tbx(terms: list[Term]) -> bytes:
    """The termbase as a TBX-Basic document (UTF-8, deterministic)."""
    ET.register_namespace("", NAMESPACE)
    root = ET.Element(_q("tbx"), {"type": "TBX-Basic", "style": "dca", XML_LANG: SOURCE_LANGUAGE})
    header = ET.SubElement(root, _q("tbxHeader"))
    source = ET.SubElement(ET.SubElement(header, _q("fileDesc")), _q("sourceDesc"))
    ET.SubElement(source, _q("p")).text = "rulekit termbase"
    body = ET.SubElement(ET.SubElement(root, _q("text")), _q("body"))
    for term in terms:
        concept = ET.SubElement(body, _q("conceptEntry"), {"id": term.id})
        for game in term.games:
            _child(concept, "descrip", game, type="subjectField")
        if term.note:
            _child(concept, "note", term.note)
        german = ET.SubElement(concept, _q("langSec"), {XML_LANG: SOURCE_LANGUAGE})
        if term.definition:
            _child(german, "descrip", term.definition, type="definition")
        main = _term_section(german, term.de, term.status)
        if term.pos:
            _child(main, "termNote", _POS_TO_TBX.get(term.pos, term.pos), type="partOfSpeech")
        if term.gender:
            _child(main, "termNote", term.gender, type="grammaticalGender")
        for variant in term.variants:
            section = _term_section(german, variant, None)
            _child(section, "termNote", "variant", type="termType")
        for lang, translations in term.translations.items():
            lang_sec = ET.SubElement(concept, _q("langSec"), {XML_LANG: lang})
            for translation in translations:
                section = _term_section(lang_sec, translation.term, translation.status)
                if translation.note:
                    _child(section, "note", translation.note)
    ET.indent(root)
    text = ET.tostring(root, encoding="unicode", xml_declaration=False)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n").encode("utf-8")


def read_tbx(path: Path) -> list[Term]:
    """Terms from a TBX-Basic file; a malformed file is an `InputError` with its line."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        raise InputError(path, error.position[0], f"not well-formed XML: {error}") from None
    if root.tag != _q("tbx"):
        raise InputError(path, 1, f"not a TBX v3 document (root element {root.tag})")
    terms = []
    for index, concept in enumerate(root.iter(_q("conceptEntry")), start=1):
        try:
            terms.append(_concept(concept))
        except StopIteration:
            raise InputError(path, 0, f"conceptEntry {index}: no German term") from None
        except (ValidationError, ValueError, KeyError) as error:
            message = str(error).splitlines()[0]
            raise InputError(path, 0, f"conceptEntry {index}: {message}") from None
    return terms


def _concept(concept: ET.Element) -> Term:
    games = [
        e.text or "" for e in concept.findall(_q("descrip")) if e.get("type") == "subjectField"
    ]
    note = _text(concept.find(_q("note")))
    data: dict[str, object] = {"id": concept.get("id"), "games": games, "note": note}
    translations: dict[str, list[Translation]] = {}
    for lang_sec in concept.findall(_q("langSec")):
        lang = lang_sec.get(XML_LANG, "")
        sections = lang_sec.findall(_q("termSec"))
        if lang == SOURCE_LANGUAGE:
            definition = lang_sec.find(_q("descrip"))
            data["definition"] = _text(definition)
            main = next(s for s in sections if _note(s, "termType") != "variant")
            data["de"] = _text(main.find(_q("term")))
            data["status"] = _STATUS_FROM_TBX[_note(main, "administrativeStatus")]
            pos = _note(main, "partOfSpeech")
            data["pos"] = _POS_FROM_TBX.get(pos, pos)
            data["gender"] = _note(main, "grammaticalGender")
            data["variants"] = [
                _text(s.find(_q("term"))) for s in sections if _note(s, "termType") == "variant"
            ]
        else:
            translations[lang] = [
                Translation(
                    term=_text(s.find(_q("term"))),
                    status=_STATUS_FROM_TBX[_note(s, "administrativeStatus")],
                    note=_text(s.find(_q("note"))),
                )
                for s in sections
            ]
    data["translations"] = translations
    return Term.model_validate(data)


def _term_section(parent: ET.Element, text: str, status: str | None) -> ET.Element:
    section = ET.SubElement(parent, _q("termSec"))
    _child(section, "term", text)
    if status is not None:
        _child(section, "termNote", _STATUS_TO_TBX[status], type="administrativeStatus")
    return section


def _child(parent: ET.Element, tag: str, text: str, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, _q(tag), attributes)
    element.text = text
    return element


def _note(section: ET.Element, kind: str) -> str:
    for element in section.findall(_q("termNote")):
        if element.get("type") == kind:
            return element.text or ""
    return ""


def _text(element: ET.Element | None) -> str:
    return (element.text or "") if element is not None else ""

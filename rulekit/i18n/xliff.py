"""Catalogs as XLIFF 1.2, for CAT tools that do not read PO (OmegaT, Trados, memoQ).

translate-toolkit writes the XML; the plural forms follow the XLIFF 1.2
Representation Guide for Gettext PO, as its own po2xliff does.
"""

from __future__ import annotations

from babel.messages.catalog import Catalog, Message
from lxml import etree
from translate.storage.xliff import xlifffile, xliffunit

from rulekit.i18n.catalogs import SOURCE_LANGUAGE

XLIFF_12 = "urn:oasis:names:tc:xliff:document:1.2"


class _Xliff12Unit(xliffunit):
    namespace = XLIFF_12


class _Xliff12File(xlifffile):
    # translate-toolkit writes XLIFF 1.1 by default; 1.2 differs in version and namespace.
    UnitClass = _Xliff12Unit
    namespace = XLIFF_12
    XMLskeleton = xlifffile.XMLskeleton.replace("1.1", "1.2")


def catalog_xliff(catalog: Catalog, original: str, source_language: str = SOURCE_LANGUAGE) -> bytes:
    """A language's catalog as XLIFF 1.2 for CAT tools; the trans-unit id is the rule id.

    Reviewed translations are approved; fuzzy ones need review; the extracted
    comments (page, approved glossary terms) become developer notes.
    """
    store = _Xliff12File(sourcelanguage=source_language)
    store.settargetlanguage(str(catalog.locale))
    for message in catalog:
        if not message.id:
            continue
        unit_id = message.context or _singular(message.id)
        if message.pluralizable:
            _add_plural_group(store, message, unit_id, original, catalog.num_plurals)
            continue
        unit = store.addsourceunit(str(message.id), original, True)
        _fill_unit(unit, unit_id, str(message.string), message)
    return bytes(store)


def _singular(msgid: str | tuple[str, ...] | list[str]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _fill_unit(unit: xliffunit, unit_id: str, target: str, message: Message) -> None:
    unit.setid(unit_id)
    if target:
        unit.target = target
        unit.markfuzzy(message.fuzzy)
        unit.markapproved(not message.fuzzy)
    if message.auto_comments:
        unit.addnote("\n".join(message.auto_comments), origin="developer")


def _add_plural_group(
    store: _Xliff12File, message: Message, unit_id: str, original: str, forms: int
) -> None:
    """A plural message as the PO representation guide of XLIFF 1.2 writes it: a group
    `x-gettext-plurals` with one trans-unit per plural form of the target language."""
    singular, plural = message.id[0], message.id[1]
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    store.switchfile(original, createifmissing=True)
    group = etree.SubElement(
        store.body,
        store.namespaced("group"),
        restype="x-gettext-plurals",
        id=unit_id,
    )
    for form in range(forms):
        unit = _Xliff12Unit(singular if form == 0 else plural)
        target = strings[form] if form < len(strings) else ""
        _fill_unit(unit, f"{unit_id}[{form}]", target or "", message)
        group.append(unit.xmlelement)

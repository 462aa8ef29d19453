"""The rule an exception names as the one that does not hold.

An exception may say which rule it departs from: by a quote ("Abweichend von der Regel
„Noch einmal würfeln“ …"), by the name a rule gives itself in brackets ("… von der
Zugpflicht"), by a step's or a section's number ("Abweichend von Schritt 5 …", "…
von 3.1 …"), or as the subject of "gilt nicht" ("Die Schlagpflicht gilt nicht für …",
"In den Zielfeldern gilt die Regel vom Überspringen nicht").  `named_rule` and
`quoted_rule` find that rule; `rulekit.graph.exception_links` asks them before it weighs
every rule as a pair with the exception.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.graph.clauses import split_clauses
from rulekit.graph.exception_denials import heading_words, named_duties, obliges, with_parts
from rulekit.graph.exceptions import marker_features
from rulekit.graph.overlap import Overlap, stem
from rulekit.graph.special_cases import nominalised, verbs

if TYPE_CHECKING:
    from spacy.tokens import Token

    from rulekit.cues import Cues
    from rulekit.graph.unit import Unit


# Words that join the nouns of one phrase ("weder Plättchen noch Karten").
# The articles and demonstratives that open the subject after "gilt" ("gilt die Regel …").
_ARTICLES = frozenset({"der", "die", "das", "dieser", "diese", "dieses"})


# A section's number in an outline: "4.1", "3.2.1".
_OUTLINE_NUMBER = re.compile(r"^\d{1,2}(?:\.\d{1,2})+\.?$")


# A quotation: „…“, »…«, "…".
# A name in brackets at the end of a sentence: "… (Zugpflicht)."
_COINED = re.compile(r"\(([A-ZÄÖÜ][a-zäöüß]{4,})\)[.!]?$")


_QUOTE = re.compile(r"[„»\"“]([^„“”»«\"]+)[“”«\"]")


# The fewest words of a quote that names a rule or its heading.
QUOTED_RULE_WORDS = 3


# A subject of this many content words retells the rule that does not hold ("Die Regel,
# dass auf jedem Feld nur eine Ziege stehen darf, gilt nicht …"), fewer name it.
RETOLD_RULE_WORDS = 3


def named_rule(
    exception: Unit, candidates: list[Unit], overlap: Overlap, by_id: dict[str, Unit], cues: Cues
) -> list[Unit]:
    """The rule an exception names as what does not hold: "Die Schlagpflicht gilt nicht
    für das Einsetzen" excepts a rule under the heading "Schlagpflicht", "Die Regel vom
    Überspringen gilt nicht für die Zielstraße" a rule that says "überspringen": of the
    earlier rules under the heading that its subject says, or else of those that say all
    its words (or all parts of its compound), the most alike.  "Das gilt nicht …"
    names nothing: it replies to what was just said.  A step named by its number is
    named wherever the sentence names it ("Abweichend von Schritt 5 …")."""
    tokens = [t for t in exception.sentences[0] if not t.is_space] if exception.sentences else []
    earlier = [rule for rule in candidates if rule.position < exception.position]
    # A step named by its number ("Abweichend von Schritt 5 beginnt …") is the one, and
    # a section by its number ("Abweichend von 4.1 zieht …") holds it.
    step = _named_step(tokens, earlier, cues)
    if step is not None:
        return [step]
    numbered = _named_section(tokens, earlier, by_id, cues)
    if numbered:
        scored = [(overlap.weight(exception.features & rule.features), rule) for rule in numbered]
        return [max(scored, key=lambda pair: pair[0])[1]]
    verb = next((i for i, t in enumerate(tokens) if t.lemma_.lower() == "gelten"), None)
    named_tokens = _holding_subject(tokens, verb, cues) if verb else []
    if not named_tokens:
        return []
    subject = {
        stem(t.lemma_.lower())
        for t in named_tokens
        if t.is_alpha and t.lower_ not in STOP_WORDS and t.lower_ not in cues.rule_nouns
    }
    if not subject:
        return []
    words = with_parts(subject, overlap)
    headed = [
        rule
        for rule in earlier
        if rule.section in by_id and heading_words(by_id[rule.section]) <= words
    ]
    parts = words - subject
    # A verb named as a noun names the rule that does it ("Die Pflicht zum Abwerfen"),
    # and a duty named by what must be done ("Die Schlagpflicht") the rule that says so.
    done = {stem(t.lower_) for t in nominalised([named_tokens])}
    duties = named_duties({t.lower_ for t in named_tokens if t.is_alpha}, cues)
    obliging = [
        rule
        for rule in earlier
        if duties
        and duties <= verbs(rule)
        and obliges(rule, cues)
        and _modal_deed(rule, duties, cues)
    ]
    # A bound named by its count ("Die Grenze von 15 Körnern") is set by the rule that
    # counts so ("… höchstens 15 Körner übrig hast").
    counts = {f for f in overlap.features([named_tokens]) if f.startswith("#")}
    saying = (
        [rule for rule in headed if rule in obliging]
        or obliging
        or headed
        or [
            rule
            for rule in earlier
            if subject <= rule.features
            or (parts and parts <= rule.features)
            or (done and done <= verbs(rule))
            or (counts and counts <= rule.features and subject & rule.features)
        ]
    )
    told = exception.features - marker_features(exception, overlap, cues)
    # What the subject names comes first; a rule the subject retells ("Die Regel, dass
    # auf jedem Feld nur eine Ziege stehen darf, …") says little else besides; the rest
    # of the sentence (its case) tells the others apart.
    named = overlap.features([named_tokens])
    retold = len(named) >= RETOLD_RULE_WORDS
    ranked = [
        (
            (
                overlap.weight(named & rule.features),
                overlap.weight(named & rule.features)
                / (overlap.weight(named | rule.features) or 1.0)
                if retold
                else 0.0,
                overlap.weight(told & rule.features),
            ),
            rule,
        )
        for rule in saying
    ]
    best = max(ranked, key=lambda pair: pair[0], default=None)
    return [best[1]] if best is not None else []


def _modal_deed(rule: Unit, deeds: set[str], cues: Cues) -> bool:
    """A clause of the rule says the deed with a modal verb: "Wer schlagen kann, muss
    schlagen", "Kannst du … schlagen, musst du es auch tun"; not "…, schlägst du sie: Sie
    muss zurück …", whose duty is another."""
    return any(
        any(t.lemma_.lower() in cues.modal_lemmas for t in clause)
        and deeds & {stem(t.lemma_.lower()) for t in clause if t.is_alpha}
        for sentence in rule.sentences
        for clause in split_clauses(sentence)
    )


def _holding_subject(tokens: list[Token], verb: int, cues: Cues) -> list[Token]:
    """The words that name the rule a sentence says does not hold ("gilt … nicht"):
    before the verb ("Die Schlagpflicht gilt nicht für …", "Die Begrenzung auf 8 Felder
    gilt für den Rückzug nicht"), or after it where a place or case comes first ("In
    den Zielfeldern gilt die Regel vom Überspringen nicht"), up to where it does not
    hold ("für …").  None if the clause negates nothing after the verb."""
    end = next((i for i in range(verb, len(tokens)) if tokens[i].is_punct), len(tokens))
    negation = next(
        (i for i in range(verb + 1, end) if tokens[i].lower_ in cues.exception_negations), None
    )
    if negation is None:
        return []
    if negation > verb + 2 and tokens[verb + 1].lower_ in _ARTICLES:
        scope = next((i for i in range(verb + 1, negation) if tokens[i].lower_ == "für"), negation)
        return tokens[verb + 1 : scope]
    return tokens[:verb]


def quoted_rule(text: str, earlier: list[Unit], by_id: dict[str, Unit]) -> list[Unit]:
    """The rule an exception names by a quote: the first rule under the heading it
    quotes ("Abweichend von der Regel „Noch einmal würfeln“ …"), else the earlier rule
    whose words it quotes ("… der Regel „Wer ziehen kann, muss auch ziehen“ …"), else
    the one that says all its words with the fewest others ("Die Regel „Ein Igel pro
    Feld“ gilt nicht …" for "Auf jedem Feld darf immer nur ein Igel stehen"); a quote of
    a word or two names nothing.  Or the rule whose name in brackets it says
    ("Abweichend von der Zugpflicht …" for "… (Zugpflicht).")."""
    for quote in _QUOTE.findall(text):
        said = _plain(quote)
        if len(said.split()) < QUOTED_RULE_WORDS:
            continue
        headed = [
            rule
            for rule in earlier
            if rule.section in by_id and _plain(by_id[rule.section].text) == said
        ]
        if headed:
            return headed[:1]
        quoting = [rule for rule in earlier if said in _plain(rule.text)]
        if quoting:
            return quoting[:1]
        words = _content_stems(said)
        saying = [rule for rule in earlier if words and words <= _content_stems(rule.text)]
        if saying:
            return [min(saying, key=lambda rule: len(_content_stems(rule.text) - words))]
    # A rule that coins its name in brackets ("… auch wenn es dir nicht passt
    # (Zugpflicht).") is named by it ("Abweichend von der Zugpflicht …").
    named = set(_plain(text).split())
    coining = [rule for rule in earlier if (_coined(rule.text) or "").lower() in named]
    return coining[:1]


def _coined(text: str) -> str | None:
    """The name a rule gives itself in brackets at its end: "(Zugpflicht)"."""
    match = _COINED.search(text)
    return match.group(1) if match else None


def _content_stems(text: str) -> set[str]:
    """The stems of a text's content words: no stop words, nothing as short as a
    preposition ("pro", "je")."""
    return {stem(w) for w in _plain(text).split() if w not in STOP_WORDS and len(w) > 3}


def _plain(text: str) -> str:
    """Lower-case words only, for comparing a quote with what it quotes."""
    return " ".join(re.findall(r"\w+", text.lower()))


def _named_step(subject: list[Token], earlier: list[Unit], cues: Cues) -> Unit | None:
    """The step the words name by its number ("Schritt 1 gilt nicht …", "Abweichend von
    Schritt 5 …"): the nearest earlier item numbered so ("1. Du legst …")."""
    words = [t for t in subject if not t.is_punct]
    number = next(
        (b.text for a, b in pairwise(words) if a.lower_ in cues.step_nouns and b.is_digit),
        None,
    )
    if number is None:
        return None
    return next(
        (rule for rule in reversed(earlier) if re.match(rf"{number}[.)]\s", rule.text)),
        None,
    )


# The sign before the number of a section of a statute-like rulebook ("§ 5 Schlagen").
_SECTION_SIGN = "§"


def _named_section(
    tokens: list[Token], earlier: list[Unit], by_id: dict[str, Unit], cues: Cues
) -> list[Unit]:
    """The earlier rules of the section the words name by its outline number ("von 4.1"
    for "4.1 Ziehen"), or by its number after a word for a section ("Abweichend von
    Abschnitt 4" for "4. Spielablauf" and its subsections "4.1", "4.2", "Abweichend von
    § 5" for "§ 5 Schlagen"), none if they name none."""
    numbers = {t.text.rstrip(".") for t in tokens if _OUTLINE_NUMBER.match(t.text)} | {
        after.text.rstrip(".")
        for before, after in pairwise(tokens)
        if (before.lower_ in cues.section_nouns or before.text == _SECTION_SIGN)
        and re.fullmatch(r"\d{1,2}(?:\.\d{1,2})*\.?", after.text)
    }

    def named(section: Unit) -> bool:
        words = section.text.removeprefix(_SECTION_SIGN).split(maxsplit=1)
        number = words[0].rstrip(".") if words else ""
        return any(number == n or number.startswith(f"{n}.") for n in numbers)

    return [rule for rule in earlier if rule.section in by_id and named(by_id[rule.section])]

"""The shape of a line or a sentence, by its characters alone: headings, one-line list
items, run-in headings, quotations, and the clauses of a sentence (its main clause, a
contrast, a wish, a verdict).  A list's markers are told in `rulekit.graph.markers`, a
table's lines in `rulekit.graph.table_shapes`.

The segmenter (`units.py`) reads these shapes with the structure around them (what
came before, what follows) to tell a section from an item or a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise
from typing import TYPE_CHECKING

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Span, Token

from rulekit.extract.textlistshapes import (
    listed,
)
from rulekit.extract.textshapes import (
    LIST_MARKER,
)
from rulekit.extract.wordclasses import (
    CONJUNCTIONS,
    DETERMINERS,
    FINITE_MODALS,
    POSSESSIVES,
    SUBJECT_PRONOUNS,
)
from rulekit.graph.markers import MARKER, marker_type
from rulekit.model import Block

if TYPE_CHECKING:
    from rulekit.cues import Cues

# A unit of fewer words without a verb is a fragment, not a clause.
CLAUSE_MIN_WORDS = 5
# A paragraph's bold lead closed by a full stop holds fewer words ("Genau zählen.").
LEAD_WORDS = 4
# Relative pronouns, which open a relative clause ("..., auf dem der Räuber steht").
RELATIVE_PRONOUNS = frozenset(
    {
        *("der", "die", "das", "dem", "den", "deren", "dessen", "denen"),
        *("welche", "welcher", "welches", "welchem", "welchen"),
    }
)
# A paragraph of one to three capitalised words and no punctuation reads as a heading.
TITLE = re.compile(r"^[A-ZÄÖÜ][\w-]*(?:\s+[A-ZÄÖÜ][\w-]*){0,2}$")
_NOUN_JOINERS = frozenset({"und", "oder", "sowie"})
# Determiners of every thing of a kind: "auf jedem Feld", "in allen Runden", "jeder Spieler".
EVERY = frozenset({"jedem", "jeden", "jeder", "jede", "jedes", "allen", "alle"})
# Words that join main clauses, and what else may stand between a comma and an article.
_JOINERS = _NOUN_JOINERS | {"aber", "doch", "jedoch", "sondern", "denn", "dann", "also", "so"}
# A paragraph that is nothing but a call in quotes: a figure's speech bubble.
SPEECH = re.compile(r"^[„»\"][^„“”»«\"]+[!?]\s*[“”«\"]$")
# An item printed on one line after a colon, without a sentence end, has at most this many words.
ITEM_LINE_WORDS = 12
# A question or a clause that opens with an interrogative ("Wie können Sie ...?", "Was
# wir ... erfahren können.") heads the paragraphs under it when it is this short.
QUESTION_HEADING_WORDS = 10
# A question of this few words heads what follows without an interrogative ("Weiter oder
# aufhören?").
SHORT_QUESTION_WORDS = 4
# German quotation marks „…“ (closed by a typographic double quote of either shape); a quote
# over several sentences is a character speaking.  »…« is left out: Swiss print turns it round.
_QUOTE_OPENERS = frozenset("„")
# A straight quote closes a German one in plainer type ("ein Plättchen „5"").
_QUOTE_CLOSERS = frozenset('“”"')
# A clause that opens so, alone on a heading line, heads what is done in its case
# ("Wenn nichts mehr geht").
_CASE_HEADING_OPENERS = frozenset({"wenn", "falls"})
INTERROGATIVES = frozenset(
    {
        "wie",
        "was",
        "warum",
        "wann",
        "wo",
        "wer",
        "welche",
        "welcher",
        "welches",
        "wozu",
        "weshalb",
        "worum",
        "womit",
        "wofür",
        "wohin",
        "woher",
    }
)
SENTENCE_END = re.compile(r"[.!?:]\W*$")
# "… so vor:", "… so:": a manner the list after the colon tells.
_SO_BEFORE_COLON = re.compile(r"\bso(?:\s+\w+)?:$")
# The number of a section in an outline: "3.2", "2.1.4".
OUTLINE_NUMBER = re.compile(r"^\d{1,2}(?:\.\d{1,2})+\.?\s+\S")
# A numbered line this short, without a sentence end, is a heading ("1. Eigene Figur wählen").
NUMBERED_HEADING_WORDS = 8

# Words that open a subordinate clause after a comma: relative pronouns, conjunctions.
SUBORDINATORS = RELATIVE_PRONOUNS | CONJUNCTIONS
# A colon after one of these closes a sentence that names its list ("Die Arten sind:").
COPULAS = frozenset({"sind", "ist", "lauten", "lautet"})
# How German infinitives end ("ziehen", "würfeln", "wandern").
VERB_ENDINGS = ("en", "ern", "eln")
# The indefinite article: "ein Spieler", "eines Spielers", the numeral one after a limit.
INDEFINITE_ARTICLES = frozenset({"ein", "eine", "einen", "einem", "einer", "eines"})
# The definite article before a thing as subject or object: "die gelbe Schnecke", "der 6".
PLAIN_DEFINITE_ARTICLES = frozenset({"der", "die", "das"})
# The demonstratives that stand for what was just said: "Das ist …", "Dies kostet …".
DEMONSTRATIVES = frozenset({"das", "dies", "dieses"})
_DETERMINERS_AS_VERBS = DETERMINERS | (POSSESSIVES - {"sein"})
# Forms of "werden" that make a passive ("wird … gesetzt").
_PASSIVE_AUXILIARIES = frozenset({"wird", "werden"})
# Conjunctions that join a contrasting clause after a comma ("…, aber nur wenn …").
CONTRASTS = frozenset({"aber", "doch", "jedoch", "sondern"})
# Forms of the subjunctive of "werden" and "sein": a wish or a case that is not so.
IRREALIS = frozenset({"würde", "würden", "würdest", "würdet", "wäre", "wären", "wärst", "wärt"})
# The perfect's auxiliary beside the reader ("haben Sie … erreicht") tells a verdict.
PERFECT_AUXILIARIES = frozenset({"hast", "habt", "haben"})
READER = frozenset({"Sie", "du", "Du", "ihr", "Ihr"})


def content_lemmas(sentence: Iterable[Token]) -> set[str]:
    """The lemmas of a sentence's content words."""
    return {
        t.lemma_.lower()
        for t in sentence
        if t.is_alpha and len(t) > 2 and t.lower_ not in STOP_WORDS
    }


def has_verb(tokens: Iterable[Token]) -> bool:
    """A lower-case content word: German capitalises nouns, so a verb or adjective."""
    return any(t.is_alpha and t.text[:1].islower() and t.lower_ not in STOP_WORDS for t in tokens)


def verb_form(token: Token) -> bool:
    """A verb in lower case, its lemma an infinitive: "gilt", "darf", and in the plural
    the infinitive itself ("Mitgezählt werden …", "… stehen dir alle offen")."""
    lemma = token.lemma_.lower()
    return (
        token.is_alpha
        and token.text[:1].islower()
        and (lemma.endswith(VERB_ENDINGS) or lemma == "sein")
        # An article or a possessive whose lemma reads as a verb ("eine": "einen",
        # "seine": "sein"); "sein" itself may be the verb.
        and token.lower_ not in _DETERMINERS_AS_VERBS
    )


def inflected_verb(token: Token) -> bool:
    """A verb in lower case that is not its infinitive ("beträgt", "enthält"): no
    instruction heading ends in one ("Ein Plättchen vom Spielplan entfernen:")."""
    return verb_form(token) and token.lower_ != token.lemma_.lower()


def ends_in_verb(sentences: list[Span]) -> bool:
    """The last word is an inflected verb ("Die Ernte beträgt:"), not the infinitive an
    instruction heading ends in ("Ein Plättchen vom Spielplan entfernen:")."""
    words = [t for sentence in sentences for t in sentence if t.is_alpha]
    return bool(words) and inflected_verb(words[-1])


def marked_heading(text: str, following: Block | None) -> bool:
    """A numbered or lettered line that heads what follows: short, no sentence end.

    What follows is a paragraph, or a list of another marker ("4. Sonderfälle"
    over "a) Sieben gewürfelt", "1. Spielmaterial" over "• 1 Spielplan"); under a
    colon ("a) Binnenhandel (…):") too, and a label with its title ("7. Variante: Der
    lange Winter").
    """
    head = text.rstrip(":")
    words = head.split()
    if (
        len(words) > NUMBERED_HEADING_WORDS
        # A short question heads ("6. Noch Fragen?"), a longer one asks ("1. Darf ich …?").
        or (
            SENTENCE_END.search(head)
            and not (head.endswith("?") and len(words) <= SHORT_QUESTION_WORDS)
        )
        # A run-in label with its content ("a) Straße: erfordert …"), not with a title
        # ("7. Variante: Der lange Winter").
        or (":" in head and not verbless(head.split(":", 1)[1]))
        or any(w in ("Sie", "er", "sie", "ihr", "du") for w in words[1:])
        or following is None
    ):
        return False
    if following.kind in ("paragraph", "heading"):
        return True
    return following.kind == "list-item" and marker_type(following.text) != marker_type(text)


def verbless(text: str) -> bool:
    """No lower-case content word: nouns and function words only ("Handel mit der Bank")."""
    return not any(
        word[:1].islower() and word.lower() not in STOP_WORDS
        for word in re.findall(r"[^\W\d_]+", text)
    )


def quoted_sentences(sentences: list[Span]) -> set[int]:
    """The sentences that open inside a quotation begun in an earlier sentence and closed
    in the block: a quotation never closed ("ein Plättchen „5 ist …") is a slip, not speech."""
    inside = False
    opened: list[int] = []  # sentences inside the open quotation
    quoted: set[int] = set()
    for position, sentence in enumerate(sentences):
        if inside:
            opened.append(position)
        for char in sentence.text:
            if char in _QUOTE_OPENERS:
                inside, opened = True, []
            elif char in _QUOTE_CLOSERS and inside:
                inside = False
                quoted.update(opened)
    return quoted


def item_line(block: Block, text: str) -> bool:
    """A paragraph of one short printed line without a sentence end: a list item."""
    return (
        block.kind == "paragraph"
        and block.lines[0] == block.lines[1]
        and len(text.split()) <= ITEM_LINE_WORDS
        and not SENTENCE_END.search(text)
        # A clause before a colon opens a list of its own ("Die Aufstellung ist so: W hat").
        and verbless(text.partition(":")[0] if ":" in text else "")
    )


def interrogative_heading(text: str) -> bool:
    """A heading line of an interrogative or conditional clause without a question mark:
    "Worum es geht", "Wie gespielt wird", "Wenn nichts mehr geht"; its verb comes last,
    as a sentence's never would."""
    words = text.split()
    return (
        1 < len(words) <= QUESTION_HEADING_WORDS
        and words[0].lower() in INTERROGATIVES | _CASE_HEADING_OPENERS
        and not re.search(r"[,.!?:;]", text)
        and (words[0].lower() in INTERROGATIVES or words[-1][:1].islower())
    )


def asked_first(span: Span) -> bool:
    """The sentence opens with an indirect question as its object ("Wie viel
    Sternenstaub ein Zug kostet, zeigt Ihnen die Kostentafel:"), not with who does
    something ("Wer …, zeigt …")."""
    words = [t for t in span if t.is_alpha]
    return bool(words) and words[0].lower_ in INTERROGATIVES - {"wer"} and "," in span.text


def closing_bracket(span: Span) -> int | None:
    """The document index of the bracket that closes the one `span` opens with."""
    depth = 0
    for token in span:
        depth += (token.text == "(") - (token.text == ")")
        if depth == 0:
            return token.i
    return None


def run_in_heading(sentence: Span, opens_block: bool = False) -> bool:
    """A few nouns closed by a full stop that head the next sentence ("Bomben und Mineure
    (3)."); at a paragraph's start also a few words without a finite verb, a bold lead
    ("Genau zählen. Der Pflaumenkorb zählt …", "Nur vorbei. Ziehst du …", "Für 2
    Spieler. Spielen nur zwei …")."""
    words = [t for t in sentence if t.is_alpha]
    if not (
        0 < len(words) < CLAUSE_MIN_WORDS
        and sentence.text.rstrip().endswith(".")
        and not any(t.like_num and not t.text.strip("()").isdigit() for t in sentence)
    ):
        return False
    if words[0].lower_ not in STOP_WORDS and all(
        t.text[:1].isupper() or t.lower_ in _NOUN_JOINERS for t in words
    ):
        return True
    return (
        opens_block
        and len(words) < LEAD_WORDS
        and words[0].text[:1].isupper()
        and not any(t.lower_ in COPULAS or _finite(t) for t in words)
        # "Krähenfeld: 5 Körner abgeben." says its rule itself; "Für 2 Spieler." names
        # whom the paragraph is for.
        and not any(t.text == ":" for t in sentence)
        and not (
            any(t.like_num for t in sentence)
            and any(t.text[:1].islower() and t.lower_ not in STOP_WORDS for t in words)
        )
    )


def _finite(token: Token) -> bool:
    """A verb in lower case that its ending inflects ("zieht", "geht"), not its infinitive."""
    lemma = token.lemma_.lower()
    return token.text[:1].islower() and lemma != token.lower_ and lemma.endswith(VERB_ENDINGS)


def has_phrase(text: str, phrase: str) -> bool:
    """`phrase` occurs in `text` as whole words."""
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


def in_denied_part(text: str, position: int, negations: Iterable[str]) -> bool:
    """Whether `position` of a lower-case sentence lies in the part a "nicht ...,
    sondern ..." sentence denies ("Die Kurven geben nicht wieder, welche Stellung z.B.
    ... hat, sondern ..."): an instance named there is one of what does not hold, and
    the sentence asserts what follows "sondern"."""
    before = text[:position]
    return has_phrase(text[position:], "sondern") and any(has_phrase(before, n) for n in negations)


def wish(sentence: Span) -> bool:
    """A main clause in the subjunctive after its condition: "Wenn nur …, würden die
    Generationen …"; a rule's case opens with it instead ("Würde eine Lücke entstehen, …")."""
    return any(a.text == "," and b.lower_ in IRREALIS for a, b in pairwise(sentence))


def verdict(sentence: Span) -> bool:
    """A verdict on what the reader has done: one clause in the perfect, spoken to them
    ("Auch Sie haben das Ziel erreicht."); a rule's perfect is a condition ("Wer … hat,")."""
    words = [t for t in sentence if t.is_alpha]
    return (
        not any(t.text == "," for t in sentence)
        and len(words) >= 3
        and any(
            {a.lower_, b.lower_} & PERFECT_AUXILIARIES and {a.text, b.text} & READER
            for a, b in pairwise(words[1:])
        )
        and words[-1].text[:1].islower()
        and words[-1].lower_.endswith(("t", "en"))
        and words[-1].lemma_ != words[-1].lower_
    )


def counted_parts(sentence: Span) -> bool:
    """Closes on a count and what is counted before its colon: "… zeigen 5 Attribute:"."""
    words = [t for t in sentence if t.is_alpha or t.like_num]
    return (
        len(words) >= 3
        and words[-2].like_num
        and words[-1].is_alpha
        and words[-1].text[:1].isupper()
        and has_verb(words[:-2])
    )


def addresses(span: Span) -> bool:
    """Speaks to the players: "du", "ihr", or "Sie" inside the sentence; not "ihr" as a
    possessive before its noun ("Die Eichhörnchen tragen ihr großes Rennen aus")."""
    return any(
        t.lower_ == "du"
        or (t.lower_ == "ihr" and not _possessive(t, span))
        or (t.text == "Sie" and t.i > span.start)
        for t in span
    )


# Endings of an adjective between a possessive and its noun ("ihr großes Rennen").
_INFLECTIONS = ("e", "en", "em", "er", "es")


def _possessive(token: Token, span: Span) -> bool:
    """The pronoun stands before its noun, or before an adjective and its noun."""
    after = [t for t in span.doc[token.i + 1 : min(span.end, token.i + 3)] if t.is_alpha]
    return bool(after) and (
        after[0].text[:1].isupper()
        or (
            len(after) > 1
            and after[0].lower_.endswith(_INFLECTIONS)
            and after[1].text[:1].isupper()
        )
    )


def outside_brackets(sentence: Span) -> list[Token]:
    """The tokens of a sentence that stand outside brackets."""
    depth = 0
    tokens = []
    for token in sentence:
        depth += (token.text == "(") - (token.text == ")")
        if depth <= 0 and token.text != ")":
            tokens.append(token)
    return tokens


def before_contrast(clause: Span) -> Span:
    """The clause up to a contrast joined by a comma ("…, aber nur wenn …")."""
    for token in clause[:-1]:
        if token.text == "," and clause.doc[token.i + 1].lower_ in CONTRASTS:
            return clause.doc[clause.start : token.i]
    return clause


def done_to(clause: Span) -> bool:
    """A passive that says what is done with something: a form of "werden" and the
    clause ending in a lower-case word, the participle ("Die Kartenhalter werden neben
    dem Spielfeld bereitgestellt.")."""
    words = [t for t in clause if t.is_alpha]
    return (
        len(words) > 2
        and any(t.lower_ in _PASSIVE_AUXILIARIES for t in words[1:-1])
        and words[-1].text[:1].islower()
    )


def main_clause(sentence: Span) -> Span:
    """The sentence up to its first subordinate clause ("Der Plan zeigt alle Sorten, die …",
    "Als Fehlwurf gilt ein Wurf, bei dem du …")."""
    for token in sentence[:-1]:
        following = sentence.doc[token.i + 1]
        if token.text == "," and (
            following.lower_ in SUBORDINATORS or _relative_after_preposition(sentence, token.i + 1)
        ):
            return sentence.doc[sentence.start : token.i]
    return sentence


def _relative_after_preposition(sentence: Span, index: int) -> bool:
    """A preposition then a relative pronoun open a relative clause: ", bei dem", ", auf
    denen"; a conjunction before an article joins a main clause (", und die …")."""
    if index + 1 >= sentence.end:
        return False
    word, pronoun = sentence.doc[index], sentence.doc[index + 1]
    return (
        word.lower_ in STOP_WORDS
        and word.lower_ not in _JOINERS
        and word.lower_ not in SUBORDINATORS
        and word.is_alpha
        and pronoun.lower_ in RELATIVE_PRONOUNS
    )


def tells_how(lower: str) -> bool:
    """A sentence whose colon announces how something is done, step by step: "So
    bereitet ihr das Spiel vor:", "Er geht so vor:" (lower case)."""
    return lower.endswith(":") and (
        lower.startswith("so ") or _SO_BEFORE_COLON.search(lower) is not None
    )


def names_a_set(text: str) -> bool:
    """Closes on a copula before its colon: "Die vorkommenden Arten sind:"; not the
    copula of a clause set into the sentence ("Die Kosten zeigt die folgende Tabelle,
    die auch auf den Übersichtskarten abgedruckt ist:")."""
    words = re.findall(r"[^\W\d_]+", text)
    clause = re.findall(r"[^\W\d_]+", text.rsplit(",", 1)[-1]) if "," in text else []
    inserted = bool(clause) and clause[0].lower() in SUBORDINATORS | RELATIVE_PRONOUNS
    return bool(words) and words[-1].lower() in COPULAS and not inserted


def infinitive_heading(words: list[str]) -> bool:
    """An instruction heading ends in its infinitive ("Plättchen vom Spielplan entfernen:")."""
    return words[-1][:1].islower() and re.search(r"(?:en|ern|eln)$", words[-1]) is not None


def infinitive_instruction(text: str) -> bool:
    """An item that instructs in the infinitive, as a list of steps does: "1. Eine Karte
    ziehen – entweder …", "2. Aufgabe auslegen, wenn möglich."  Up to its first comma or
    dash the item ends in an infinitive, with no subject and no other verb's form
    before it ("Steine dürfen nicht überlappen", "Du kannst … ziehen" say what is so)."""
    clause = re.split(r"[,;:–—(]| - ", MARKER.sub("", text.strip()), maxsplit=1)[0]
    words = re.findall(r"[^\W\d_]+", clause)
    return (
        len(words) >= 2
        and infinitive_heading(words)
        # "Karten, die abgehandelt wurden": an auxiliary or a modal verb is finite.
        and words[-1].lower() not in STOP_WORDS
        and not any(
            word.lower() in (SUBORDINATORS - RELATIVE_PRONOUNS) | SUBJECT_PRONOUNS | FINITE_MODALS
            or (
                word[:1].islower()
                and word.lower() not in STOP_WORDS
                and word.endswith(VERB_ENDINGS)
            )
            for word in words[:-1]
        )
    )


def closed(text: str) -> bool:
    """An example or remark wholly in brackets whose bracket has closed: "(Beispiel: …
    eine 8.)"."""
    text = text.strip()
    return text.startswith("(") and text.endswith(")") and not open_bracket(text)


def open_bracket(text: str) -> bool:
    """The text opens with a bracket it has not closed yet: "(Beispiel: … Figur."."""
    stripped = text.lstrip()
    return stripped.startswith("(") and stripped.count("(") > stripped.count(")")


def heads_after_list(previous: Block, text: str, following: Block) -> bool:
    """A heading set unlike the lines of a list a colon announced heads what follows
    ("10 bis 12: 10 Punkte" / "Joker" / "Der Joker zählt …"); names one under another
    are the list ("Sanierung" / "Produktion"), up to the last over the text after it, and
    a lower-case line goes on with it.
    What follows may be a list of its own ("Kurz & knapp" / "• Eine 6 bringt …")."""
    return (
        previous.kind != "heading"
        and not listed(previous.text.strip(), text)
        # "Radieschenfelder" / "Maulwurfsfelder": names, one a line, up to the last
        and not (
            TITLE.match(text)
            and (TITLE.match(following.text.strip()) or TITLE.match(previous.text.strip()))
        )
        and LIST_MARKER.sub("", following.text.strip())[:1].isupper()
    )


# Articles that open a thing a sentence may say what it is ("Der Ablagestapel ist …"),
# and those of what it is ("… der offene Stapel daneben").
_THING_ARTICLES = frozenset({"der", "die", "das", "ein", "eine"})
_PREDICATE_ARTICLES = frozenset({"der", "die", "das", "ein", "eine", "einer"})
# The subject of a sentence that says what a thing is stands within this many words.
SUBJECT_WORDS = 10


def says_what_it_is(sentence: Span, cues: Cues) -> bool:
    """The sentence names a thing and says what it is: "Der Nachziehstapel ist der
    verdeckte Stapel in der Tischmitte", "Ein Kohlfeld ist ein Rastplatz, …", "Die
    Scheune ist euer Ziel", "Die vier Felder mit einem goldenen Ring sind Ringfelder"
    (not "Der Spieler ist an der Reihe", "Ein Joker ist kein Zahlenwert", nor what a
    player is: "Der Spieler mit den meisten Punkten ist der Sieger")."""
    words = [t for t in sentence if not t.is_space]
    if len(words) < 4 or words[0].lower_ not in _THING_ARTICLES:
        return False
    # The subject: a noun, maybe with its number, adjectives and a phrase after it, up
    # to the copula ("Die drei letzten Felder vor der Scheune sind …").
    at = next((i for i, t in enumerate(words[:SUBJECT_WORDS]) if t.lower_ in ("ist", "sind")), None)
    if at is None or any(not (t.is_alpha or t.like_num) for t in words[1:at]):
        return False
    nouns = [t for t in words[1:at] if t.is_alpha and t.text[:1].isupper()]
    if not nouns or nouns[0].lower_ in cues.actor_nouns:
        return False
    said = [t for t in words[at + 1 :] if not t.is_punct]
    if not said:
        return False
    # What it is: a thing with its article or whose it is ("euer Ziel"), or a bare name
    # ("… sind Ringfelder").
    return said[0].lower_ in _PREDICATE_ARTICLES | cues.reader_possessives or (
        len(said) == 1 and said[0].is_alpha and said[0].text[:1].isupper()
    )

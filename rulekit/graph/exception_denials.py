"""What an exception excepts when it denies, withdraws or lacks something.

- One that denies a thing ("erhalten ... KEINE Rohstofferträge") overrides the rules
  under the heading that names it (`named_by_heading`).
- An end-phase rule that withdraws a permission or a duty ("Brücken dürfen jetzt nicht
  mehr gebaut werden", "Es müssen keine Karten mehr ... gespielt werden") overrides the
  rule that grants or imposes it (`withdrawn`); one that denies gains ("Sie erhalten
  weder Plättchen noch Karten") the first rule of the turn that gives each thing
  (`denied_gains`).
- A case that something is not there ("Sollte keine Karte verfügbar sein, ...")
  excepts the rule that hands that thing out (`supplier`).
- One that says a thing has no effect in a case ("Wirft jemand eine Pausenkarte als
  letzte Karte ab, hat sie keine Wirkung") excepts the rule that gives the effect,
  whose case or label names the thing ("Pause: Wirfst du eine Pausenkarte ab, …",
  `effect_givers`).

`claimed` reads what a rule claims, by the verbs of its clauses; `allowed_actions`
what an exception allows and `limited_actions` what a rule forbids or limits, so that
one lifts the other ("… darf als Ausnahme … überspringen" against "… dürfen niemals
übersprungen werden"); `exception_links` weighs the rest.  `heading_words`,
`named_duties`, `obliges` and `with_parts` also serve `rulekit.graph.named_rules`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise
from typing import TYPE_CHECKING

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.graph.clauses import case_clauses
from rulekit.graph.exception_counts import REPLACING
from rulekit.graph.exceptions import negated, voided
from rulekit.graph.overlap import Overlap, stem
from rulekit.graph.phases import headings
from rulekit.graph.shapes import verb_form
from rulekit.graph.special_cases import counterparts, nominalised, verbs

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from rulekit.cues import Cues
    from rulekit.graph.units import Unit

# The rules under a heading that names what an exception denies are excepted if at
# least this share as alike to it as the most alike of them.
HEADING_SHARE_OF_BEST = 0.5
# The parts of a compound that count on their own are at least this long ("Hand").
_MIN_PART = 4
_JOINING = frozenset({"und", "oder", "noch", "sowie"})


def supplier(
    shortages: list[list[Token]], local: list[Unit], overlap: Overlap, cues: Cues
) -> list[Unit]:
    """The rule that hands out what a shortage case lacks ("Sollte eine Sorte Steine
    nicht im Vorrat verfügbar sein, ..."): the earlier rule of its section whose claim
    names most of the things of that case ("... und mit Steinen belegt").  If several
    name as many, as when each of two rules hands out its own kind, the rule that
    announces them all ("... muss sofort aufgefüllt werden:"), else none."""
    things = {
        stem(t.lemma_.lower())
        for clause in shortages
        for t in clause[1:]
        if t.is_alpha and t.text[:1].isupper() and t.lower_ not in STOP_WORDS
    }
    named = [(len(things & claimed(rule, overlap, cues)), rule) for rule in local]
    best = max((count for count, _ in named), default=0)
    chosen = [rule for count, rule in named if count == best]
    if not best:
        return []
    if len(chosen) == 1:
        return chosen
    # Rules that all follow one that announces them ("... muss er sofort auffüllen:")
    # are its cases: the shortage excepts what that rule announces.
    announcing = [rule for rule in local if rule.position < chosen[0].position]
    lead = next((rule for rule in reversed(announcing) if rule.text.rstrip().endswith(":")), None)
    between = [rule for rule in local if lead and lead.position < rule.position]
    if lead and not any(rule.text.rstrip().endswith(":") for rule in between):
        return [lead]
    return []


def claimed(
    rule: Unit, overlap: Overlap, cues: Cues, doing: frozenset[str] | None = None
) -> set[str]:
    """The features of what a rule claims, not of the case it names; with `doing`, only
    of the claims with one of those verbs ("nimmt sich ..." for `gain_lemmas`)."""
    return overlap.features(
        clause
        for sentence in rule.sentences
        for clause, names_case in case_clauses(sentence, cues)
        if not names_case and (doing is None or _clause_verbs(clause) & doing)
    )


def allowed_actions(exception: Unit, cues: Cues) -> set[str]:
    """The stems of the lower-case words of an exception's claims that allow without a
    negation: "… dürfen in einer Hütte beliebig viele Bergsteiger stehen" allows
    "stehen"; with the counterpart of a direction it allows, which a rule limits to
    ("… darfst du auch rückwärts springen" against "… springen nur vorwärts")."""
    allowed = {
        stem(t.lemma_.lower())
        for clause in _claims(exception, cues)
        if any(t.lemma_.lower() in cues.permission_lemmas for t in clause)
        and not any(t.lower_ in cues.exception_negations for t in clause)
        for t in _verbs(clause)
    }
    opposite = {stem(a): stem(b) for a, b in counterparts(cues).items()}
    return allowed | {opposite[word] for word in allowed if word in opposite}


def limited_actions(rule: Unit, cues: Cues) -> set[str]:
    """The stems of the lower-case words of a rule's claims that forbid or limit: "…
    dürfen niemals übersprungen werden", "Schnecken kriechen immer nur vorwärts"; not
    "nicht nur" (which adds)."""
    limited: set[str] = set()
    for clause in _claims(rule, cues):
        lowers = [t.lower_ for t in clause]
        negation = any(
            word in cues.exception_negations and after != "nur"
            for word, after in zip(lowers, [*lowers[1:], ""], strict=True)
        )
        if negation or any(word in cues.upper_bound_words for word in lowers):
            limited |= {stem(t.lemma_.lower()) for t in _verbs(clause)}
    return limited


def _claims(unit: Unit, cues: Cues) -> list[list[Token]]:
    """The clauses of a unit that claim something rather than name its case."""
    return [
        clause
        for sentence in unit.sentences
        for clause, names_case in case_clauses(sentence, cues)
        if not names_case
    ]


def _verbs(clause: list[Token]) -> list[Token]:
    """The lower-case content words of a clause: in German, its verbs and adjectives."""
    return [t for t in clause if t.is_alpha and t.text[:1].islower() and t.lower_ not in STOP_WORDS]


def named_by_heading(
    exception: Unit, candidates: list[Unit], overlap: Overlap, by_id: dict[str, Unit], cues: Cues
) -> list[Unit]:
    """The rules of the section whose heading names what the exception denies.

    "... erhalten KEINE Rohstofferträge" overrides the rules under the heading
    "Rohstofferträge", wherever they stand: of these, those most alike the exception.
    What it denies is what it gains ("keine Karte abwerfen" names no section "Die
    Karten").
    """
    denied = _denied(exception, cues, cues.gain_lemmas)
    if not denied:
        return []
    own = {section.node_id for section in headings(exception, by_id)}
    section_words = {
        section: heading_words(unit)
        for section, unit in by_id.items()
        if unit.kind == "section" and section not in own
    }
    named = [
        rule
        for rule in candidates
        if rule.section in section_words
        and section_words[rule.section] <= denied
        and not negated(rule, cues)
    ]
    scored = [(overlap.weight(exception.features & rule.features), rule) for rule in named]
    best = max((score for score, _ in scored), default=0.0)
    return [rule for score, rule in scored if score > 0 and score >= HEADING_SHARE_OF_BEST * best]


def obliged_move(exception: Unit, scored: list[tuple[float, Unit]], cues: Cues) -> list[Unit]:
    """The rule that obliges a move, which an exception that keeps a piece where it is
    lifts ("Winterschlaf: In deinem nächsten Zug bleibst du ausnahmsweise stehen"
    against "Wer an der Reihe ist, muss sein Eichhörnchen bewegen"), or the rule that
    obliges what it does something instead of ("Statt zu würfeln, darfst du …" against
    "…, musst du würfeln"), or one that forbids to stay ("Du musst in jedem Zug ziehen;
    stehen bleiben ist nicht erlaubt"): of the earlier rules with that duty, the most
    alike."""
    stays = any(_stays(sentence, cues) for sentence in exception.sentences)
    # "… stehen bleiben, anstatt zu ziehen", "Statt zu würfeln, darfst du …": what it
    # does instead of is the move.
    replaced = replaced_verbs(exception, cues)
    if not (stays or replaced):
        return []
    # "Statt vorwärts zu ziehen, …" sets aside the rule that first tells how one moves
    # ("Gezogen wird immer vorwärts"), whether or not it obliges the move.
    manner = {stem(word.lemma_.lower()) for word in _replaced_manner(exception)}
    told = [
        rule
        for _, rule in scored
        if manner
        and rule.position < exception.position
        and not negated(rule, cues)
        and manner <= rule.features
        and {stem(verb) for verb in replaced} & rule.features
    ]
    if told:
        return [min(told, key=lambda rule: rule.position)]
    moves = (cues.moving_lemmas if stays else frozenset()) | replaced
    obliging = [
        (score, rule)
        for score, rule in scored
        if rule.position < exception.position
        and (
            any(
                any(t.lemma_.lower() in cues.duty_lemmas for t in clause)
                and any(t.lemma_.lower() in moves for t in clause)
                for clause in _claims(rule, cues)
            )
            # "Du musst in jedem Zug ziehen; stehen bleiben ist nicht erlaubt."
            or (stays and _forbids_staying(rule, cues))
        )
    ]
    best = max(obliging, key=lambda pair: pair[0], default=None)
    return [best[1]] if best is not None else []


def replaced_verbs(unit: Unit, cues: Cues) -> set[str]:
    """The lemmas of the verbs a unit does something instead of: "statt zu ziehen",
    "statt vorwärts zu ziehen", and the verbs a clause negates before "sondern" ("zieht
    … nicht weiter, sondern frißt")."""
    replaced = {
        verb.lemma_.lower()
        for sentence in unit.sentences
        for start, word in enumerate(sentence)
        if word.lower_ in REPLACING
        for verb in _infinitive(list(sentence[start + 1 :]))[-1:]
    }
    for sentence in unit.sentences:
        tokens = list(sentence)
        turn = next((i for i, t in enumerate(tokens) if t.lower_ == "sondern"), None)
        if turn is None:
            continue
        start = max((i + 1 for i, t in enumerate(tokens[:turn]) if t.text in ":;"), default=0)
        clause = tokens[start:turn]
        if any(t.lower_ in cues.exception_negations for t in clause):
            replaced |= {
                t.lemma_.lower() for t in clause if verb_form(t) and t.lower_ not in STOP_WORDS
            }
    return replaced


def _infinitive(clause: list[Token]) -> list[Token]:
    """An infinitive clause with "zu" that opens `clause` and ends at its first
    punctuation, to its verb ("vorwärts zu ziehen, …"): none if it has no "zu"."""
    for index, (to, verb) in enumerate(pairwise(clause)):
        if to.is_punct:
            return []
        if to.lower_ == "zu" and verb_form(verb):
            return clause[: index + 2]
    return []


def _replaced_manner(unit: Unit) -> list[Token]:
    """The adverbs of what a unit does something instead of ("statt vorwärts zu
    ziehen": "vorwärts")."""
    return [
        word
        for sentence in unit.sentences
        for start, opener in enumerate(sentence)
        if opener.lower_ in REPLACING
        for word in _infinitive(list(sentence[start + 1 :]))[:-2]
        if word.is_alpha and word.text[:1].islower() and word.lower_ not in STOP_WORDS
    ]


def _forbids_staying(rule: Unit, cues: Cues) -> bool:
    """The rule obliges a move by forbidding to stay: "… muss ziehen; einfach stehen
    bleiben ist nicht erlaubt"."""
    return (
        obliges(rule, cues)
        and negated(rule, cues)
        and any(_stays(sentence, cues) for sentence in rule.sentences)
    )


def _stays(sentence: Span, cues: Cues) -> bool:
    """The sentence keeps a piece where it is: "bleibst du stehen", "setzt aus", "dürfen
    Sie Ihre Maus auch stehen lassen"."""
    lemmas = {t.lemma_.lower() for t in sentence}
    separated = "setzen" in lemmas and any(t.lower_ == "aus" for t in sentence)
    left = {"stehen", "lassen"} <= lemmas
    return bool(lemmas & cues.staying_lemmas) or separated or left


def _denied(exception: Unit, cues: Cues, within: frozenset[str] = frozenset()) -> set[str]:
    """The stems of the nouns a claim of the exception negates: "erhalten ... KEINE
    Rohstofferträge", "weder Plättchen noch Karten" (not those of its case, nor what a
    phrase after them adds: "... für diesen Zug"); if `within` is given, only in a claim
    with one of these verbs."""
    denied: set[str] = set()
    for sentence in exception.sentences:
        for clause, names_case in case_clauses(sentence, cues):
            negations = (i for i, t in enumerate(clause) if t.lower_ in cues.exception_negations)
            at = next(negations, None)
            if names_case or at is None or (within and not _clause_verbs(clause) & within):
                continue
            nouns: set[str] = set()
            for token in clause[at + 1 :]:
                if token.is_alpha and token.text[:1].isupper():
                    nouns |= {stem(token.lower_), stem(token.lemma_.lower())}
                elif nouns and token.lower_ in STOP_WORDS and token.lower_ not in _JOINING:
                    break  # the noun phrase ends: "weder Plättchen noch Karten | für ..."
            denied |= nouns
    return denied


def denied_gains(
    exception: Unit, scored: list[tuple[float, Unit]], overlap: Overlap, cues: Cues
) -> list[Unit]:
    """The rules that give what an end-phase rule denies: for each thing of "Sie
    erhalten weder Plättchen noch Karten", the first rule of the turn (the set-up is no
    candidate) whose claim gets it ("nimmt sich das Wegeplättchen", "zieht 1 Karte
    nach"); later rules that give it too tell special ways to get it ("kauft Karten")."""
    denied = _denied(exception, cues, cues.gain_lemmas)
    rules = sorted((rule for _, rule in scored), key=lambda rule: rule.position)
    chosen: list[Unit] = []
    for noun in sorted(denied):
        giving = (
            rule
            for rule in rules
            if noun in claimed(rule, overlap, cues, cues.gain_lemmas) and not negated(rule, cues)
        )
        first = next(giving, None)
        if first is not None and first not in chosen:
            chosen.append(first)
    return chosen


def _clause_verbs(clause: list[Token]) -> set[str]:
    """The lemmas of a clause, and each joined with the particle that ends the clause:
    "zieht 1 Karte nach" gives "nachziehen"."""
    lemmas = {t.lemma_.lower() for t in clause if t.is_alpha}
    words = [t.lower_ for t in clause if t.is_alpha]
    particle = words[-1] if words and len(words) > 1 else ""
    return lemmas | {particle + lemma for lemma in lemmas if particle}


def heading_words(section: Unit) -> set[str]:
    """The stems of a heading's content words ("1. Rohstofferträge" gives one)."""
    words = re.findall(r"[^\W\d_]+", section.block.text)
    return {stem(w.lower()) for w in words if len(w) > 1 and w.lower() not in STOP_WORDS} or {""}


def withdrawn(
    exception: Unit, scored: list[tuple[float, Unit]], overlap: Overlap, cues: Cues
) -> list[Unit]:
    """The permission or duty an end-phase rule withdraws, however little else the two
    share.  A permission ("Brücken dürfen jetzt nicht mehr gebaut werden"): of the rules
    that allow something with a thing it names ("Jeder Spieler kann seine Brücke ...
    legen"), the most alike.  A duty ("Es müssen keine Karten mehr aus der Hand gespielt
    werden"): of the rules that do, not allow, something with every thing its withdrawn
    clause names, its compounds' parts counted ("legt eine seiner Handkarten ab"), the
    most alike."""
    if _withdraws(exception, cues, cues.permission_lemmas) is not None:
        nouns = {
            stem(t.lemma_.lower())
            for s in exception.sentences
            for t in s
            if t.is_alpha and t.text[:1].isupper() and t.lower_ not in STOP_WORDS
        }
        allowing = [
            (score, rule)
            for score, rule in scored
            if nouns & rule.features and _permits(rule, cues) and not negated(rule, cues)
        ]
        return [max(allowing, key=lambda pair: pair[0])[1]] if allowing else []
    withdrawn = _withdraws(exception, cues, cues.modal_lemmas - cues.permission_lemmas)
    duty = {
        stem(t.lemma_.lower())
        for t in withdrawn or []
        if t.is_alpha and t.text[:1].isupper() and t.lower_ not in STOP_WORDS
    }
    if not duty:
        return []
    # A duty is withdrawn only where the rule that imposes it names all it is about:
    # "Karten" alone is said by half the manual.
    bidding = [
        (score, rule)
        for score, rule in scored
        if duty <= with_parts(rule.features, overlap)
        and not _permits(rule, cues)
        and not negated(rule, cues)
    ]
    return [max(bidding, key=lambda pair: pair[0])[1]] if bidding else []


def _withdraws(unit: Unit, cues: Cues, modals: frozenset[str]) -> list[Token] | None:
    """What a clause of the unit that says what holds (not its case) no longer lets or
    makes one do: the clause from its negation on ("keine Karten mehr aus der Hand
    gespielt werden"), if it has one of the modal verbs `modals`, and "mehr" after the
    negation ("dürfen jetzt nicht mehr gebaut werden", but not "nicht mehr als 3")."""
    for sentence in unit.sentences:
        for clause, names_case in case_clauses(sentence, cues):
            lowers = [t.lower_ for t in clause]
            if names_case or not any(t.lemma_.lower() in modals for t in clause):
                continue
            negations = [i for i, w in enumerate(lowers) if w in cues.exception_negations]
            following = [*lowers[1:], ""]
            if negations and any(
                lowers[i] == "mehr" and following[i] != "als"
                for i in range(negations[0] + 1, len(lowers))
            ):
                return clause[negations[0] :]
    return None


def named_duties(words: set[str], cues: Cues) -> set[str]:
    """The stems of what the duties some words name must be done: "schlagpflicht" and
    "schlagzwang" give "schlag" ("schlagen")."""
    return {
        stem(word[: -len(noun)])
        for word in words
        for noun in cues.duty_nouns
        if word.endswith(noun) and len(word) - len(noun) >= _MIN_PART
    }


def obliges(rule: Unit, cues: Cues) -> bool:
    """The rule says what must be done: "muss", "müssen"."""
    return any(t.lemma_.lower() in cues.duty_lemmas for s in rule.sentences for t in s)


def with_parts(features: set[str], overlap: Overlap) -> set[str]:
    """Some features and the first parts of their compounds whose other part the manual
    also uses ("handkart" gives "hand" when "kart" is a word of the manual)."""
    parts = {
        word[:cut]
        for word in features
        for cut in range(_MIN_PART, len(word) - _MIN_PART + 1)
        if word[cut:] in overlap.idf and word[:cut] in overlap.idf
    }
    return features | parts


def _permits(unit: Unit, cues: Cues) -> bool:
    """The unit says what may be done: "kann", "darf", "dürfen"."""
    return any(t.lemma_.lower() in cues.permission_lemmas for s in unit.sentences for t in s)


# The verb of what a case does away with: "…, entfällt das Ablegen".
_LIFTING = "entfallen"
_LIFTED_REACH = 3


def lifted_doers(exception: Unit, earlier: list[Unit]) -> list[Unit]:
    """The rules that do what an exception does away with ("Wirst du … deine letzte
    Karte los, entfällt das Ablegen"): the nearest earlier rule that does it ("Zum
    Schluss legst du eine Handkarte … ab"), and the step of the turn that names it
    ("4. Ablegen").  None if it does away with no action."""
    lifting = [t.i for s in exception.sentences for t in s if t.lemma_.lower() == _LIFTING]
    # What is done away with stands beside the verb ("entfällt das Ablegen", "das
    # Abwerfen entfällt"), not in the case before it ("beim Auslegen oder Anlegen").
    lifted = {
        stem(token.lower_)
        for token in nominalised(exception.sentences)
        if any(abs(token.i - at) <= _LIFTED_REACH for at in lifting)
    }
    if not lifted:
        return []
    doing = [rule for rule in earlier if lifted & verbs(rule)]
    nearest = [rule for rule in doing if rule.kind != "step"][-1:]
    steps = [rule for rule in doing if rule.kind == "step"][-1:]
    return [*nearest, *steps]


def effect_givers(exception: Unit, earlier: list[Unit], overlap: Overlap, cues: Cues) -> list[Unit]:
    """The rule that gives the effect an exception voids ("Wirft jemand eine
    Pausenkarte als letzte Karte ab, hat sie keine Wirkung mehr" against "Pause: Wirfst
    du eine Pausenkarte ab, bestimmst du einen Mitspieler …"): of the things the
    exception names, the rarest that an earlier rule names in its case or its label,
    the first rule that does and the sentences of its paragraph that go on with it
    ("Er muss …").  None if it voids no effect."""
    sentences = [s for s in exception.sentences if voided(s, cues)]
    # The thing the voiding clause names ("…, und der Sturm bleibt ohne Wirkung"), else
    # one its sentence names ("Wirft jemand eine Pausenkarte … ab, hat sie keine Wirkung").
    clauses = [voided(s, cues) for s in sentences]
    things = _things(clauses, overlap, cues) or _things(sentences, overlap, cues)
    givers: dict[str, list[Unit]] = {}
    for rule in earlier:
        if negated(rule, cues):
            continue
        for feature in things & overlap.features(_cases(rule, cues)):
            givers.setdefault(feature, []).append(rule)
    if not givers:
        return []
    rarest = max(givers, key=lambda feature: (overlap.weight([feature]), feature))
    giver = givers[rarest][0]
    # The effect may be told on in the sentences after it ("Legst du eine Aussetzkarte
    # ab, bestimmst du einen Mitspieler. Er muss seinen nächsten Zug aussetzen.").
    told_on = []
    pointing = cues.continuation_pronouns | cues.demonstratives
    for rule in earlier[earlier.index(giver) + 1 :]:
        opening = next((t.lower_ for s in rule.sentences[:1] for t in s if t.is_alpha), "")
        if rule.block is not giver.block or opening not in pointing:
            break
        told_on.append(rule)
    return [giver, *told_on]


def _things(spans: Iterable[Iterable[Token]], overlap: Overlap, cues: Cues) -> set[str]:
    """The features of the things some spans name (`_thing`)."""
    return {
        feature
        for span in spans
        for token in span
        if _thing(token, cues)
        for feature in overlap.features([[token]])
    }


def _thing(token: Token, cues: Cues) -> bool:
    """A noun that may name a thing with an effect: not an actor ("Spieler") and not
    the effect itself ("Wirkung")."""
    effect_words = {word for phrase in cues.voided_effects for word in phrase.split()}
    return (
        token.is_alpha
        and token.text[:1].isupper()
        and token.lower_ not in STOP_WORDS
        and token.lower_ not in effect_words
        and token.lemma_.lower() not in cues.actor_nouns
        and not verb_form(token)
    )


def _cases(rule: Unit, cues: Cues) -> list[list[Token]]:
    """The clauses of a rule that name its case, with its label ("Pause: …")."""
    named: list[list[Token]] = []
    for sentence in rule.sentences:
        clauses = case_clauses(sentence, cues)
        for number, (clause, names_case) in enumerate(clauses):
            label = number == 0 and len(clauses) > 1 and clause[-1].nbor(1).text == ":"
            if names_case or label:
                named.append(clause)
    return named

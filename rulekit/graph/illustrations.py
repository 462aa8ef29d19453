"""The rules an example shows, by what it talks about (`overlap.Overlap`: the content a
unit shares with another, rare words weighing more), with the layout of the text as a
prior.

An example illustrates the rules it comes after: the rules told before it in its
own paragraph, or, when it opens a paragraph, those of the paragraph before
("Beispiel: ..." after the rules it shows).  Of these it takes the nearest and
every other one it shares more than an everyday word with beyond what the nearest
says (one thing that both count, "9 Karten" and "mehr als 7 Rohstoffkarten", weighs
as such a word), and the rules after it in its own paragraph that it shares much
with.  An example that concludes from the sentence before it ("Für 5 Punkte darf er
sich also 2 Karten nehmen") takes only the nearest.  A worked example of several
sentences says many words by chance: it takes another rule of the paragraph only if
it shares as much with it as with a rule told earlier, and a rule after it only if
one of its sentences does; it also shows rules told earlier (a figure box at the top
of a page shows the rules of the page before): every earlier rule whose content one
of its sentences mostly repeats.  A rule that points to an example ("siehe Beispiel
2") is shown by it.  So is an earlier rule that sets a bound the example reaches
("höchstens 3 Einheiten" and "Er sendet 3 Einheiten (Maximum)", an upper bound of
the same count of the same thing), and a rule labelled with what the example is
about ("Schlange: Bewegt sich ..." for "Beispiel: Eine Schlange kann ..."), wherever
it stands, if the two share more than that name, with the sentences after it that
go on about it ("Danach bewegt sie sich ...").  An example that walks through most
steps of a numbered procedure (two at least) shows all of them.  A sum the example
works out ("1 + 4 + 1 = 6 Punkte") shows the earlier rules that say how that count is
found ("Die Anzahl der zu bezahlenden Punkte wird durch ... bestimmt",
`reckoning_phrases`), and the rows of a table shortly before it whose values it
works with ("Joker 20", "21 bis 24 1"), a table of counts anywhere before it whose count
it pays or gets, and a table of named things whose name it says (`rulekit.graph.rows`).
A worked example never shows, beside the rule it follows or by its sentences, a rule
for a case its story is not: one whose opening clause denies an action the example only
does ("Kann ein Spieler ... nicht bezahlen, ..." and "Dabei
bezahlt er ..."), unless a clause of the example denies it too.
"""

from __future__ import annotations

import re

from spacy.lang.de.stop_words import STOP_WORDS
from spacy.tokens import Token

from rulekit.cues import Cues
from rulekit.graph.exception_links import ExceptionContext, negated_actions
from rulekit.graph.overlap import Overlap, quantities, stem
from rulekit.graph.phases import NUMBER_WORDS, in_setup
from rulekit.graph.rows import reckoned_rows
from rulekit.graph.special_cases import verbs
from rulekit.graph.unit import Unit

# Each sentence of a worked example illustrates the earlier rules that share at least
# this share of the best rule's weight with it, and at least `WORKED_MIN_SHARED`;
# per unit of distance, the weight a rule shares loses `WORKED_DISTANCE_DECAY`.
WORKED_SHARE_OF_BEST = 0.75
WORKED_DISTANCE_DECAY = 0.015
WORKED_MIN_SHARED = 4.0
# Within the example's own section: this share of the best rule's weight there, and at
# least `SECTION_MIN_SHARED` (more than an everyday word), without decay.
SECTION_SHARE_OF_BEST = 0.8
SECTION_MIN_SHARED = 3.0
# The rules of its own section nearest before it that a worked example walks through.
LOCAL_RULES = 12
# A worked example that shows no rule otherwise shows the rule of its own section it
# shares this many times more with than with the next.
OWN_LEAD = 1.25
# A verb both say counts this much more towards what an example shows (`_shown`).
SHOWN_VERB_BONUS = 0.5
# Besides the nearest, an example shows the rules of the paragraph before it that it
# shares at least this weight with: more than one everyday word of the manual (a word
# of one unit in ten weighs about 2.4).
FOLLOWED_MIN_SHARED = 2.5
# The name an example is about is a rare word of the manual, said in at most one unit
# in seven, if it weighs this much.
RARE_NAME = 2.0
# An example that counts what a rule counts ("9 Karten", "7 Rohstoffkarten") shares this
# weight more with it: as much as a word of one unit in ten.
EXAMPLE_COUNT_BONUS = 2.4
# A counted noun meets another as its last compound part if at least this long.
MIN_COUNTED_HEAD = 4
# A worked example has at least this many sentences besides its label.
WORKED_MIN_SENTENCES = 2
# A bound word stands at most this many words before the number it bounds ("dürfen
# höchstens 3 Einheiten") or this many tokens after the noun ("3 Einheiten (Maximum)").
BOUND_REACH = 2
# An example that shows this many steps of a procedure, and at least half of them,
# shows all of them.
WHOLE_PROCEDURE_STEPS = 2
# A sum worked out and the noun it counts: "1 + 4 + 1 = 6 Punkte", "3 x 2 = 6 Karten".
_SUM = re.compile(r"(?<!\w)\d+(?:\s*[-+−–x×·*]\s*\d+)+\s*=\s*\d+\s+([^\W\d_]+)")
# What cuts an example's sentence into clauses: punctuation and joining words.  Not
# brackets or quotes, as `exceptions.case_clauses` cuts: a negation stays with the verb it
# denies across "nicht (wie in Beispiel 1) bezahlen".
_CLAUSE_MARKS = frozenset((",", ";", ":", "–", "—"))
_CLAUSE_JOINS = frozenset(("und", "oder"))
# A label before an example ("Beispiel 2:") ends within this many tokens.
LABEL_TOKENS = 3
# A paragraph's run-in label: "Schlange: Bewegt sich …", "Igelfeld: Auf das …".
_RUN_IN_LABEL = re.compile(r"\s*([^\W\d_]+)\s*:")


def shown_rules(
    example: Unit,
    units: list[Unit],
    targets: list[Unit],
    overlap: Overlap,
    context: ExceptionContext,
) -> list[Unit]:
    """The rules, steps and table rows an example shows, nearest first."""
    shown = _whole_procedures(_illustrated(example, units, targets, overlap, context), units)
    shown += [
        rule for rule in _pointing(example, units, targets, context.cues) if rule not in shown
    ]
    # The rows of a table are no clauses, but what an example reckons with.
    shown += [row for row in reckoned_rows(example, units, context.cues) if row not in shown]
    return shown


def _illustrated(
    example: Unit,
    units: list[Unit],
    targets: list[Unit],
    overlap: Overlap,
    context: ExceptionContext,
) -> list[Unit]:
    """The rules an example shows: those it follows, the earlier rules that set a bound
    it reaches, the rules labelled with what it is about, and for a worked example, more.

    Each sentence of a worked example shows the earlier rules it is most alike.
    """
    cues, by_id = context.cues, context.by_id
    labelled = _labelled(example, units, targets, overlap, cues)
    # An example of one labelled item ("Dreierpasch: …") shows none of the items labelled
    # beside it ("Chance: …"), however near it stands.
    chosen = [
        rule
        for rule in _followed(example, units, targets, overlap, cues)
        if not (labelled and _other_item(rule, example))
    ]
    # A count at a bound ("sendet 3 Einheiten (Maximum)") shows the rule that sets that
    # bound ("höchstens 3 Einheiten"), however far before it stands.
    reached = _bounds(example, cues)
    chosen.extend(
        rule
        for rule in targets
        if rule.position < example.position
        and rule not in chosen
        and _bound_alike(reached, _bounds(rule, cues))
    )
    chosen.extend(rule for rule in labelled if rule not in chosen)
    chosen.extend(rule for rule in _reckoned(example, targets, cues) if rule not in chosen)
    if not _worked(example):
        return chosen
    # An example of play shows no rule of the set-up: the cards it holds were dealt
    # there, but that is not what it shows.
    played = not in_setup(example, by_id, cues)
    earlier = [
        rule
        for rule in targets
        if rule.position < example.position
        and not _contradicted(example, rule, overlap, cues)
        and not (played and in_setup(rule, by_id, cues))
        # An example of one labelled item ("Hasenfeld: …") shows none of the others
        # ("Igelfeld: …"), whatever values they share.
        and not (labelled and _other_item(rule, example))
    ]
    # Its own section, where the rules it walks through stand; in a manual of few
    # headings (a leaflet's numbered paragraphs) only the rules just before it.
    own_section = [rule for rule in earlier if rule.section == example.section]
    own_rules = {id(rule) for rule in own_section[-LOCAL_RULES:]}
    for sentence in example.sentences:
        features = overlap.features([sentence])
        plain = [(overlap.weight(features & rule.features), rule) for rule in earlier]
        scored = [
            (
                score * max(0.0, 1.0 - WORKED_DISTANCE_DECAY * (example.position - rule.position)),
                rule,
            )
            for score, rule in plain
        ]
        best = max((score for score, _ in scored), default=0.0)
        cut = max(WORKED_MIN_SHARED, WORKED_SHARE_OF_BEST * best)
        chosen.extend(rule for score, rule in scored if score >= cut and rule not in chosen)
        # Within its own section, where the rules it walks through stand, a sentence
        # shows the rules it is most alike with less in common than elsewhere.
        own_scores = [(score, rule) for score, rule in plain if id(rule) in own_rules]
        own_best = max((score for score, _ in own_scores), default=0.0)
        own_cut = max(SECTION_MIN_SHARED, SECTION_SHARE_OF_BEST * own_best)
        chosen.extend(rule for score, rule in own_scores if score >= own_cut and rule not in chosen)
    # What its sentences tell only together ("zieht 4 Felder" / "muss 10 Möhren
    # bezahlen") shows the rule of its own section that says all of it.
    own = [
        (overlap.weight(example.features & rule.features), rule)
        for rule in earlier
        if id(rule) in own_rules
    ]
    ranked = sorted(own, key=lambda pair: -pair[0])
    best_score, best_rule = ranked[0] if ranked else (0.0, None)
    second = ranked[1][0] if len(ranked) > 1 else 0.0
    # Short of that, the one rule of its section it shares far more with than with any
    # other, and more than an everyday word.
    shown = best_score >= WORKED_MIN_SHARED or (
        not chosen and best_score >= FOLLOWED_MIN_SHARED and best_score >= OWN_LEAD * second
    )
    if best_rule is not None and shown and best_rule not in chosen:
        chosen.append(best_rule)
    return chosen


def _reckoned(example: Unit, targets: list[Unit], cues: Cues) -> list[Unit]:
    """The earlier rules that say how a count is found ("Die Anzahl der zu bezahlenden
    Punkte wird durch ... bestimmt") whose count the example works out as a sum ("1 + 4
    + 1 = 6 Punkte"), however far before it they stand."""
    summed = _summed(example)
    if not summed:
        return []
    return [
        rule
        for rule in targets
        if rule.position < example.position
        and summed & rule.features
        and any(rule.phrase(phrase) for phrase in cues.reckoning_phrases)
    ]


def _summed(example: Unit) -> set[str]:
    """The stems of what an example's sums count: "1 + 4 + 1 = 6 Punkte" (or "1+4+1=6
    Punkte") counts "Punkte"."""
    found: set[str] = set()
    for sentence in example.sentences:
        lemmas = {t.text: t.lemma_ for t in sentence if t.is_alpha}
        for match in _SUM.finditer(sentence.text):
            noun = match.group(1)
            if noun[:1].isupper():
                found.add(stem(lemmas.get(noun, noun).lower()))
    return found


def _whole_procedures(shown: list[Unit], units: list[Unit]) -> list[Unit]:
    """An example that walks through most steps of a numbered procedure, two at least,
    shows all of it: the steps it leaves out are done on the way ("3. Drehe die Karte
    ...").  One that touches two steps of a long list shows only those."""
    procedures: list[list[Unit]] = []
    for unit in units:
        if unit.kind != "step":
            continue
        if procedures and procedures[-1][-1].position == unit.position - 1:
            procedures[-1].append(unit)
        else:
            procedures.append([unit])
    for procedure in procedures:
        walked = sum(step in shown for step in procedure)
        if walked >= WHOLE_PROCEDURE_STEPS and 2 * walked >= len(procedure):
            shown = [*shown, *(step for step in procedure if step not in shown)]
    return shown


def _followed(
    example: Unit, units: list[Unit], targets: list[Unit], overlap: Overlap, cues: Cues
) -> list[Unit]:
    """The rules of the paragraph an example closes or follows, nearest first: the
    nearest (for a worked example, only if it shares more than an everyday word with
    it), and the others it shares more than an everyday word with (a worked example:
    as much as with an earlier rule; a single sentence: beyond what the nearest says;
    none if it concludes from the nearest); then the rules that go on after it in its
    own paragraph ("So zeigt die Kurve ... . Auf der x-Achse ist also ...") that it
    shares as much with as a worked example's rules."""
    target_ids = {id(u) for u in targets}
    paragraph: list[Unit] = []
    for unit in reversed(units[: example.position]):
        if unit.kind in ("section", "example") or (
            paragraph and unit.block is not paragraph[0].block
        ):
            break
        if id(unit) in target_ids:
            paragraph.append(unit)
    after = []
    for unit in units[example.position + 1 :]:
        if unit.kind in ("section", "example") or unit.block is not example.block:
            break
        # An exception told after the example carves its case out of what it shows.
        if (
            id(unit) in target_ids
            and not unit.exception
            and _said_after(example, unit, overlap) >= WORKED_MIN_SHARED
        ):
            after.append(unit)
    if not paragraph:
        return after
    nearest, *others = paragraph
    worked = _worked(example)
    if worked:
        # A worked example says many words, some of them by chance: it shows a rule of
        # the paragraph before it only if it shares as much with it as with an earlier one.
        alike = [
            rule
            for rule in others
            if _shown(example, rule, overlap) >= WORKED_MIN_SHARED
            and not _contradicted(example, rule, overlap, cues)
        ]
    elif _concludes(example, cues):
        alike = []  # "Für 5 Punkte darf er sich also 2 Karten nehmen": what was just said
    else:
        # A single sentence shows another rule beside the nearest only for what the
        # nearest does not say.
        alike = [
            rule
            for rule in others
            if _shown(example, rule, overlap, nearest) >= FOLLOWED_MIN_SHARED
        ]
    if worked and (
        _shown(example, nearest, overlap) < FOLLOWED_MIN_SHARED
        or _contradicted(example, nearest, overlap, cues)
    ):
        return [*alike, *after]  # a worked example shows what it talks about
    return [nearest, *alike, *after]


def _contradicted(example: Unit, rule: Unit, overlap: Overlap, cues: Cues) -> bool:
    """The rule is for a case the example's story is not: its opening clause denies an
    action the example only does ("Kann ein Spieler die Kosten ... nicht bezahlen, hat er
    ..." and "Dabei bezahlt er ... 6 Punkte"); or it forbids what the example does
    ("Eigene Kegel können nicht geschlagen werden" and "Der rote Kegel wird geschlagen").
    What a clause of the example denies too ("... kann er nicht bezahlen") it may show."""
    return _affirms(example, _denied_case(rule, overlap, cues), overlap, cues) or _affirms(
        example, negated_actions(rule, cues), overlap, cues
    )


def _affirms(example: Unit, denied: set[str], overlap: Overlap, cues: Cues) -> bool:
    """The example does what `denied` names, and denies it in none of its clauses."""
    if not denied:
        return False
    affirmed = False
    for clause in _example_clauses(example):
        if not overlap.features([clause]) & denied:
            continue
        if any(t.lower_ in cues.exception_negations for t in clause):
            return False
        affirmed = True
    return affirmed


def _denied_case(rule: Unit, overlap: Overlap, cues: Cues) -> set[str]:
    """The action the opening clause of a rule denies, when a comma ends that clause and
    the rule goes on: its last word in lower case after the negation, the verb a German
    clause ends on ("Kann ein Spieler ... nicht bezahlen, ...": "bezahlen").  Not a
    count it denies ("Hat ein Spieler nicht genug Punkte, ..."): an example may show
    that case by its numbers.  None for a rule that opens otherwise."""
    if not rule.sentences:
        return set()
    tokens = [t for t in rule.sentences[0] if not t.is_space]
    comma = next((i for i, t in enumerate(tokens) if t.text == ","), None)
    if comma is None:
        return set()
    negations = [i for i, t in enumerate(tokens[:comma]) if t.lower_ in cues.exception_negations]
    if not negations:
        return set()
    denied = tokens[negations[0] + 1 : comma]
    last = denied[-1] if denied else None
    if last is None or not last.is_alpha or not last.text[:1].islower():
        return set()
    return overlap.features([[last]])


def _example_clauses(example: Unit) -> list[list[Token]]:
    """The clauses of an example's sentences: cut at punctuation inside a sentence and
    at "und", "oder" ("Er darf ... bezahlen und erhält weder ...": two clauses)."""
    clauses: list[list[Token]] = []
    for sentence in example.sentences:
        clause: list[Token] = []
        for token in sentence:
            if token.text in _CLAUSE_MARKS or token.lower_ in _CLAUSE_JOINS:
                clauses.append(clause)
                clause = []
            elif not token.is_space:
                clause.append(token)
        clauses.append(clause)
    return [clause for clause in clauses if clause]


def _concludes(example: Unit, cues: Cues) -> bool:
    """The example draws its case from the sentence before it: a conclusion word in its
    first clause ("Für 5 Punkte darf er sich also 2 Karten nehmen", "D. h. ein ..."), not
    a later one ("..., in der Abbildung also Wald")."""
    if not example.sentences:
        return False
    first = re.split(r"[,;–—]|\s-\s", example.sentences[0].text, maxsplit=1)[0].lower()
    words = (re.escape(word) for word in cues.conclusion_words)
    return any(re.search(rf"(?<!\w){word}(?!\w)", first) for word in words)


def _said_after(example: Unit, rule: Unit, overlap: Overlap) -> float:
    """What an example shares with a rule told after it: for a worked example, what its
    most alike sentence shares (a long story shares some words with any rule by chance)."""
    if not _worked(example):
        return overlap.shared(example, rule)
    return max(overlap.weight(overlap.features([s]) & rule.features) for s in example.sentences)


def _shown(example: Unit, rule: Unit, overlap: Overlap, nearest: Unit | None = None) -> float:
    """How much of `rule` an example shows: what both say (a verb, what is done, half
    again), and a fixed weight more when both count one thing ("wer 9 Karten hat" shows
    "mehr als 7 Rohstoffkarten").  Beside the `nearest` rule, which it shows anyway,
    only what that rule does not say counts."""
    said = overlap.of(example) & overlap.of(rule)
    shared = overlap.weight(said - overlap.of(nearest) if nearest else said)
    # What an example shows is what the players do in it: shared verbs count more.
    done = (verbs(example) & verbs(rule)) - (verbs(nearest) if nearest else set())
    shared += SHOWN_VERB_BONUS * overlap.weight(done)
    if _count_alike(quantities(example), quantities(rule)):
        shared += EXAMPLE_COUNT_BONUS
    return shared


def _count_alike(first: dict[str, set[str]], second: dict[str, set[str]]) -> bool:
    """Both count one thing: a noun of the same stem, or one that is the other's last
    compound part ("Karten", "Rohstoffkarten")."""
    return any(_same_counted(a, b) for a in first for b in second)


def _same_counted(a: str, b: str) -> bool:
    """Two counted noun stems name one thing: the same, or one the other's last part."""
    return a == b or (min(len(a), len(b)) >= MIN_COUNTED_HEAD and (a.endswith(b) or b.endswith(a)))


def _bounds(unit: Unit, cues: Cues) -> set[tuple[bool, str, str]]:
    """The bounds a unit sets or reaches, as (upper, noun stem, number): "höchstens 3
    Einheiten", "3 Einheiten (Maximum für ...)", "mindestens 2 Karten"; a count of what
    the unit counted before ("Sie hat 3 Einheiten. Sie darf nur 2 davon einsetzen")."""
    found: set[tuple[bool, str, str]] = set()
    last: str | None = None
    for sentence in unit.sentences:
        tokens = [t for t in sentence if not t.is_space]
        for index, token in enumerate(tokens):
            number = token.text if token.is_digit else NUMBER_WORDS.get(token.lower_)
            if number is None:
                continue
            following = tokens[index + 1 : index + 3]
            noun = next((t for t in following if t.is_alpha and t.text[:1].isupper()), None)
            if noun is not None:
                last, at = stem(noun.lemma_.lower()), index + 1 + following.index(noun)
            elif following and following[0].lower_ == "davon" and last is not None:
                at = index + 1
            else:
                continue
            before = tokens[max(0, index - BOUND_REACH) : index]
            after = tokens[at + 1 : at + 1 + BOUND_REACH]
            words = {t.lower_ for t in (*before, *after)}
            for upper, bounding in (
                (True, cues.upper_bound_words),
                (False, cues.lower_bound_words),
            ):
                if words & bounding:
                    found.add((upper, last, number))
    return found


def _bound_alike(reached: set[tuple[bool, str, str]], set_: set[tuple[bool, str, str]]) -> bool:
    """An example reaches a bound a rule sets: the same bound of the same thing."""
    return any(
        upper == other_upper and number == other_number and _same_counted(noun, other_noun)
        for upper, noun, number in reached
        for other_upper, other_noun, other_number in set_
    )


def _labelled(
    example: Unit, units: list[Unit], targets: list[Unit], overlap: Overlap, cues: Cues
) -> list[Unit]:
    """The rules labelled with what the example is about, wherever they stand ("Beispiel:
    Eine Schlange kann ... gelangen" shows "Schlange: Bewegt sich ... diagonal."), if it
    shares more than that name with them; told before it in its own section, also when
    the name is a rare word of the manual ("Dreierpasch: mindestens drei gleiche
    Würfel." for "Mit 2, 2, 2, 5 und 6 erhält man als Dreierpasch 17 Punkte."; not
    "Spieler: 2 – 4"); and the sentences of their paragraph that go on about it
    ("Danach bewegt sie sich ...")."""
    subject = _subject(example)
    if subject is None:
        return []
    target_ids = {id(u) for u in targets}
    shown: list[Unit] = []
    for rule in targets:
        label = _RUN_IN_LABEL.match(rule.text)
        if label is None or stem(label.group(1).lower()) != subject:
            continue
        said = overlap.of(example) & overlap.of(rule)
        named_before = (
            rule.section == example.section
            and rule.position < example.position
            and overlap.weight(said & {subject}) >= RARE_NAME
        )
        if (
            overlap.weight(f for f in said if f != subject) < FOLLOWED_MIN_SHARED
            and not named_before
        ):
            continue
        shown.append(rule)
        for unit in units[rule.position + 1 :]:
            opening = {t.lower_ for t in unit.sentences[0][:3]} if unit.sentences else set()
            if unit.block is not rule.block or not opening & cues.continuation_pronouns:
                break
            if id(unit) in target_ids:
                shown.append(unit)
    return shown


def _other_item(rule: Unit, example: Unit) -> bool:
    """The rule stands in a paragraph labelled with another name than the example's
    subject ("Igelfeld: …" against "Beispiel: Jonas zieht auf das Hasenfeld …")."""
    label = _RUN_IN_LABEL.match(rule.block.text)
    return label is not None and stem(label.group(1).lower()) != _subject(example)


def _subject(example: Unit) -> str | None:
    """The stem of the first noun of an example after its label ("Beispiel: Eine
    Schlange ..."): what it is about.  The first word is passed over: capitalised there,
    a verb looks like a noun ("Würfelt ein Spieler ...")."""
    if not example.sentences:
        return None
    tokens = [t for t in example.sentences[0] if not t.is_space]
    colon = next((i for i, t in enumerate(tokens[:LABEL_TOKENS]) if t.text == ":"), None)
    words = [t for t in tokens[0 if colon is None else colon + 1 :] if t.is_alpha]
    for token in words[1:]:
        if token.text[:1].isupper() and token.lower_ not in STOP_WORDS:
            return stem(token.lemma_.lower())
    return None


def _pointing(example: Unit, units: list[Unit], targets: list[Unit], cues: Cues) -> list[Unit]:
    """The rules that point to the example: "(siehe Beispiel 2)" to the example labelled
    "Beispiel 2", "(siehe Beispiel)" to the next example after the rule."""
    labels = "|".join(re.escape(label) for label in cues.example_labels)
    pointer = re.compile(rf"\b(?:siehe|vgl\.?|s\.)\s+(?:{labels})\b\s*(\d+)?", re.IGNORECASE)
    label = re.match(rf"\W*(?:{labels})\s*(\d+)", example.text, re.IGNORECASE)
    pointing = []
    for rule in targets:
        match = pointer.search(rule.text)
        if match is None:
            continue
        if match.group(1) is not None:
            if label is not None and label.group(1) == match.group(1):
                pointing.append(rule)
            continue
        following = (u for u in units[rule.position + 1 :] if u.kind == "example")
        if next(following, None) is example and example.section == rule.section:
            pointing.append(rule)
    return pointing


def _worked(example: Unit) -> bool:
    """An example of several sentences (its label not counted): a worked move."""
    sentences = [s for s in example.sentences if sum(t.is_alpha for t in s) > 2]
    return len(sentences) >= WORKED_MIN_SENTENCES

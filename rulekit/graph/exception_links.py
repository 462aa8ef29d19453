"""Exception edges: which rule an exception limits or overrides.

- An exception that opens as a reply to the sentence before it ("Das darf aber
  nicht ...", "Jedoch ...", "Außer ...", or in its paragraph "Sie darf jedoch nicht
  ...") excepts the rule before it, and one that
  replaces a count ("2 Karten statt nur einer") the rule that gives that count.
- One that denies something ("erhalten ... KEINE Rohstofferträge") overrides the rules
  under the heading that names it ("Rohstofferträge"), wherever they stand; one that
  names the rule that does not hold ("Die Schlagpflicht gilt nicht für …") the rule
  under that heading, or the rule that says what it names ("Die Regel vom Überspringen
  …").
- Otherwise every rule of the manual is judged as a pair with the exception: what
  both say (rare words and shared verbs weigh more), how near it is, whether it is a
  general rule ("jeder", "immer", "prinzipiell"), not itself negated and not itself
  bound to a case ("Hat der Spieler nicht ..., muss er ..."); the best one is
  excepted if alike enough, with the rules almost as alike.  One that names itself
  an exception and allows what an earlier rule forbids or limits ("… darf als
  Ausnahme … überspringen" against "… dürfen niemals übersprungen werden"), or
  counts otherwise what it counts ("ausnahmsweise mehrmals" against "nur einmal"),
  excepts that rule; one that names the rule it departs from ("Abweichend von der
  Grundregel …") may depart from one told anywhere; one that keeps a piece where it
  is ("… bleibst du ausnahmsweise stehen") lifts the rule that obliges a move.  No
  exception told after the set-up limits a rule of it.  An end-phase rule that
  withdraws a permission ("Brücken dürfen jetzt nicht mehr gebaut werden") overrides
  the rule that grants it, however little the two share; one that withdraws a duty
  ("Es müssen keine Karten mehr aus der Hand gespielt werden") the rule of the turn
  that imposes it, which names all it names ("legt eine seiner Handkarten ab": a
  compound's parts count when the manual uses them as words); one that denies gains
  ("Sie erhalten weder Plättchen noch Karten") the first rule of the turn that gives
  each thing ("nimmt sich das Plättchen", "zieht 1 Karte nach").  The items of a
  list announced as restrictions ("... werden durch folgende Kriterien
  eingeschränkt:") are exceptions too (each item's first sentence), judged by the
  words of their lead-in alone.
- A special case excepts the rule beside it (`rulekit.graph.special_cases`): a
  sentence that opens with a case and does what that rule does ("Bei einem Fehlwurf
  erhält ..."), or does it for a group a relative clause singles out ("Spieler,
  die ..., erhalten einen zusätzlichen Giftstein"), or allows as well the opposite
  of what it does ("... auch zurückdrehen" after "... vordrehen").  A case that
  something is not there ("Sollte keine Karte verfügbar sein, ...") excepts the
  earlier rule of its section that hands that thing out, if only one does, or the
  rule that announces all that do ("... muss sofort aufgefüllt werden:").
  A variant's rules except nothing, not even one that says how it departs from the
  base game ("Abweichend von der Grundregel ..."), nor does a rule for a number of
  players ("Zu zweit bekommt jeder 50 statt 40 …"); no exception limits a variant's
  rule.

What a denial, a withdrawal or a shortage excepts is read in
`rulekit.graph.exception_denials`, the rule one names in `rulekit.graph.named_rules`,
what a reply answers in `rulekit.graph.exception_replies`, what both count in
`rulekit.graph.exception_counts`; the likeness of a pair is weighed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from spacy.lang.de.stop_words import STOP_WORDS

from rulekit.graph.clauses import case_clauses, conditional
from rulekit.graph.exception_counts import (
    capacity_limit,
    contrasting_numbers,
    counts_otherwise,
    quantity_pairs,
    recounts,
    repeated_once_done,
    replaced_counts,
)
from rulekit.graph.exception_denials import (
    allowed_actions,
    claimed,
    denied_gains,
    effect_givers,
    lifted_doers,
    limited_actions,
    named_by_heading,
    obliged_move,
    replaced_verbs,
    supplier,
    withdrawn,
)
from rulekit.graph.exception_places import local_denial
from rulekit.graph.exception_replies import (
    continues_previous,
    contrasts_last,
    departs_from_last,
    points_back,
    replied_to,
)
from rulekit.graph.exceptions import (
    contrast_label,
    cued_exception,
    denies_action,
    marked_exception,
    marker_features,
    names_exceptions,
    names_rule,
    narrows_last,
    negated,
    no_longer,
    shortage,
)
from rulekit.graph.named_rules import named_rule, quoted_rule
from rulekit.graph.overlap import Overlap, stem
from rulekit.graph.phases import (
    for_player_count,
    in_end_phase,
    in_setup,
    in_variant,
    names_variant,
    variant_headings,
)
from rulekit.graph.special_cases import general, verbs

if TYPE_CHECKING:
    from spacy.tokens import Token

    from rulekit.cues import Cues
    from rulekit.graph.units import Unit

# An exception excepts every rule at least this share as alike as the best one.
EXCEPTION_SHARE_OF_BEST = 0.85
# An exception's likeness to a rule halves at this distance (in units) before it, and
# at `EXCEPTION_AFTER_SCALE` after it.
EXCEPTION_DISTANCE_SCALE = 10.0
EXCEPTION_AFTER_SCALE = 5.0
# An exception of the end phase overrides the normal turn, told long before, and one
# that names the rule it departs from ("Abweichend von der Grundregel …") may depart
# from one told anywhere: their likeness fades this many times slower.
EXCEPTION_END_PHASE_REACH = 3.0
# Shared verbs (what the rule does) count this much again.
EXCEPTION_VERB_BONUS = 1.0
# A verb the exception denies and the rule does counts this much more again.
EXCEPTION_DENIED_VERB_BONUS = 2.0
# A word that only names the exception's case (its conditions, its relative clauses)
# counts this much of its weight.
EXCEPTION_CASE_WEIGHT = 0.5
# A noun both count with different numbers adds this much likeness.
EXCEPTION_NUMBER_BONUS = 4.0
# Likeness is multiplied by these: a rule of the exception's own section, a general
# rule, and a rule negated like the exception.
EXCEPTION_SECTION_FACTOR = 1.5
EXCEPTION_GENERAL_FACTOR = 1.25
EXCEPTION_BOTH_NEGATED_FACTOR = 0.5
# A rule that holds only in a case of its own ("Hat der Spieler nicht ..., muss er ...")
# is rarely what an exception that names no case carves its case out of.
EXCEPTION_CONDITIONAL_FACTOR = 0.8
# Below this likeness no rule is taken as the excepted one.
EXCEPTION_MIN_SCORE = 4.0


@dataclass(frozen=True)
class ExceptionContext:
    """What choosing an exception's rule needs besides the units: the cue words, the
    units by node id, the lead-in of each list item that a lead-in makes an
    exception (its words say what the item limits), the rule each case or group
    sentence excepts ("Bei einem Fehlwurf ...", "Spieler, die ..., erhalten ..."), and
    the heading of the part each section belongs to (`part_headings`)."""

    cues: Cues
    by_id: dict[str, Unit]
    leads: dict[str, Unit]
    cases: dict[str, Unit]
    parts: dict[str, Unit]


@dataclass(frozen=True)
class Told:
    """What an exception tells of the rule it excepts: its features, those of them that
    only name its case, the actions it denies (`denied_actions`) and, if it names
    itself an exception, those it allows (`allowed_actions`)."""

    features: set[str]
    case: set[str]
    denied: set[str]
    allowed: set[str]


@dataclass(frozen=True)
class Reach:
    """Why an exception may except a rule told long before it: it overrides the normal
    turn from the end phase, or it names the rule it departs from ("Grundregel")."""

    ending: bool
    names_rule: bool


def excepted(
    exception: Unit,
    targets: list[Unit],
    overlap: Overlap,
    context: ExceptionContext,
) -> list[Unit]:
    """The rules an exception limits or overrides, most alike first.

    A special case excepts the rule beside it (`special_cases`); a reply to the sentence
    before it excepts that sentence; a count it replaces ("2 Karten statt nur einer")
    is the count of the rule it excepts; a denial ("KEINE Rohstofferträge") excepts the
    rules under the heading that names what it denies.  Otherwise every rule of the
    manual is weighed as a pair with the exception (`_pair_score`): what the two share,
    nearer rules and rules of its own section first; the best one is taken if alike
    enough, with every rule almost as alike and every alike rule that the exception
    recounts ("zieht 2 Karten" against "zieht 1 Karte nach").  An exception of the end
    phase overrides the normal turn, so its own phase holds none of its rules; if it
    withdraws a permission, it excepts the rule that grants it however little the two
    share.
    """
    cues, by_id = context.cues, context.by_id
    # An exception that names itself one ("Als Ausnahme …") is about what it denies.
    marked = any(marked_exception(sentence, cues) for sentence in exception.sentences)
    if names_variant(
        [*variant_headings(exception, by_id, context.parts), exception.text], cues
    ) or for_player_count(exception.text, cues):
        # A variant changes the game as a whole ("Statt mit 10 spielt ihr mit 8
        # Karten"); its rules are not carved out of one, and a sentence that points to
        # one ("Es sei denn, Sie wählen die Variante …") only says where the game changes.
        # Within it, a denial set against the rule just before narrows that rule of the
        # variant ("Er stellt ihn auf ein beliebiges Feld. Auf eine Lichtung darf der
        # Jäger jedoch nicht gestellt werden.").
        own = [
            rule
            for rule in targets
            if rule.section == exception.section
            and rule.position < exception.position
            and not rule.exception
        ]
        contrast = any(t.lower_ in cues.exception_contrasts for t in exception.sentences[0])
        # So does a reply under the variant's heading ("Überholst du …, musst du ihm 5
        # Rüben zahlen. Das gilt nicht, wenn …"), which points to the sentence before.
        reply = not names_variant([exception.text], cues) and continues_previous(exception, cues)
        if own and (
            reply
            or (contrast and own[-1].block is exception.block and denies_action(exception, cues))
        ):
            return own[-1:]
        return []
    # What follows an exception in its own paragraph goes on with it ("Der Mineur rückt
    # dann ... vor"); it is not what the exception carves a case out of.
    candidates = [
        rule
        for rule in targets
        if rule is not exception
        and not rule.exception
        and not (rule.block is exception.block and rule.position > exception.position)
        # A variant's rule is no rule of the base game, which exceptions limit.
        and not in_variant(rule, by_id, cues, context.parts)
    ]
    earlier = [rule for rule in candidates if rule.position < exception.position]
    if earlier and narrows_last(exception, earlier[-1], cues):
        return earlier[-1:]
    # What a case does away with ("…, entfällt das Ablegen") is what the rules that do
    # it say, whatever the case shares with the rule beside it.
    doers = lifted_doers(exception, earlier)
    if doers:
        return doers
    # What a case voids ("…, bleibt sie ohne Wirkung") is what the rule that gives the
    # effect says; a rule of the set-up gives none.
    setup = in_setup(exception, by_id, cues)
    givers = effect_givers(
        exception, [r for r in earlier if setup or not in_setup(r, by_id, cues)], overlap, cues
    )
    if givers:
        return givers
    if exception.node_id in context.cases:
        return [context.cases[exception.node_id]]
    # A place where many may stand lifts the rule that lets one stand on a field, and a
    # case that lets do more often what a rule does once excepts that rule.
    limit = capacity_limit(exception, earlier, cues) or repeated_once_done(exception, earlier, cues)
    if limit is not None:
        return [limit]
    # A rule named by a quote ("Die Regel „Ein Igel pro Feld“ gilt nicht …") is the one.
    quoted = quoted_rule(exception.text, earlier, by_id)
    if quoted:
        return quoted
    # A reply right after an exception in its paragraph limits that exception ("Solange
    # … darf er ausnahmsweise … Dies gilt jedoch nicht, solange …").
    before = [rule for rule in targets if rule.position < exception.position]
    if (
        before
        and before[-1].exception
        and before[-1].block is exception.block
        and continues_previous(exception, cues)
    ):
        return [before[-1]]
    # One labelled with a contrast ("Aber: Der zweite Extrazug kostet …") answers the
    # rule right before it, an exception itself or not.
    if (
        before
        and before[-1].section == exception.section
        and contrast_label(exception.sentences[0], cues)
    ):
        return [before[-1]]
    local = [rule for rule in earlier if rule.section == exception.section]
    # What an exception that says too little to tell excepts: what was just said.
    elliptic = local[-1:]
    heading = by_id.get(exception.section or "")
    if not local and heading is not None and names_exceptions(heading, cues):
        # An item under "Ausnahmen:" limits the paragraph its heading follows, whose
        # first sentence states the rule and the others go on with it.
        before = [rule for rule in earlier if rule.position < heading.position]
        local = [rule for rule in before if rule.block is before[-1].block] if before else []
        elliptic = local[:1]
    if elliptic and negated(exception, cues) and negated(elliptic[0], cues):
        # A denial excepts what allows or does, not another denial: the last rule that
        # does ("… wird geschlagen" before "Eigene Hütchen dürfen nicht …").
        elliptic = [rule for rule in local if not negated(rule, cues)][-1:]
    # A case that something is not there excepts the rule that hands it out, or none.
    short = [clause for clause in (shortage(s, cues) for s in exception.sentences) if clause]
    if short:
        return supplier(short, local, overlap, cues)
    # A rule named as the one that does not hold ("Die Schlagpflicht gilt nicht …") is
    # the one, whatever the sentence before it says.
    named = named_rule(exception, candidates, overlap, by_id, cues)
    if named:
        return named
    # A reply denies what the sentence before allows, or allows what it denies: after
    # a denial, a denial ("Ausnahme: … kann nicht geschlagen werden") excepts another.
    # One that names what was just said as what it departs from ("Abweichend davon …")
    # answers it, whatever either denies.
    pointed = departs_from_last(exception)
    if (
        local
        and (continues_previous(exception, cues) or contrasts_last(exception, local[-1], cues))
        and (pointed or not (denies_action(exception, cues) and negated(local[-1], cues)))
        and (pointed or not _denied_elsewhere(exception, local[-1], earlier, overlap, cues))
    ):
        return [replied_to(exception, local, overlap, cues)]
    replaced = replaced_counts(exception)
    said = [rule for rule in candidates if replaced & quantity_pairs(rule)]
    if said:
        return said
    named = named_by_heading(exception, candidates, overlap, by_id, cues)
    if named:
        return named
    ending = in_end_phase(exception, by_id, cues)
    if ending and marked and points_back(exception, local):
        # "Das Spiel endet, sobald … genau erreicht. Abweichend von der Grundregel muss
        # dabei nicht genau gewürfelt werden": "dabei" is what the paragraph just said.
        return [local[-1]]
    if ending:
        # An exception of the end phase overrides the turns before it.
        candidates = [rule for rule in candidates if not in_end_phase(rule, by_id, cues)]
    if not in_setup(exception, by_id, cues):
        # The set-up is done once, before the turns: an exception told after it limits
        # none of its rules.
        candidates = [rule for rule in candidates if not in_setup(rule, by_id, cues)]
    lead = context.leads.get(exception.node_id)
    # A list item says what it limits only through its lead-in ("Die möglichen Züge
    # werden ... eingeschränkt:"); its own words name the case, which other rules share.
    features = lead.features if lead else exception.features
    # What only the exception's conditions and relative clauses say names its case
    # ("Wird das Feld gewürfelt, auf dem der Räuber steht, ..."), which the rule it
    # excepts rarely says: such words count less.
    case = set() if lead else _case_features(exception, overlap, cues)
    # The words that mark it an exception ("Als Ausnahme …") say nothing of its rule.
    markers = marker_features(exception, overlap, cues)
    features = features - markers
    traded = (
        (
            claimed(exception, overlap, cues, cues.gain_lemmas),
            claimed(exception, overlap, cues, cues.cost_lemmas),
        )
        # A denial ("… muss nichts bezahlt werden") gives up nothing: `denied_actions`.
        if marked and not negated(exception, cues)
        else (set(), set())
    )
    # So is one that says what no longer holds ("… kann nicht mehr geschlagen werden"),
    # and one that denies an action in one place alone ("Auf einer Tauperle kann kein
    # Käfer geschlagen werden"), which only the rule that does that action can tell.
    placed = (
        lead is None
        and any(local_denial(s, cues) for s in exception.sentences)
        and not any(cued_exception(s, cues) for s in exception.sentences)
    )
    contrasted = denies_action(exception, cues) and any(
        t.lower_ in cues.exception_contrasts for s in exception.sentences for t in s
    )
    denies = (
        marked
        or placed
        or contrasted
        or any(no_longer(sentence, cues) for sentence in exception.sentences)
    )
    told = Told(
        features,
        case,
        # "… gilt nicht für …" denies no action "gelten".
        denied_actions(exception, cues) - markers if denies else set(),
        allowed_actions(exception, cues) if marked else set(),
    )
    countered = {id(rule): _countered(*traded, rule, overlap, cues) for rule in candidates}
    reach = Reach(ending, marked and names_rule(exception, cues))
    scored = [
        (_pair_score(exception, told, countered[id(rule)], rule, overlap, cues, reach), rule)
        for rule in candidates
    ]
    best = max((score for score, _ in scored), default=0.0)
    # What it gains, a rule makes pay, or the other way round: that rule, if alike enough,
    # or if no rule is more alike (the turn says what the shared words cannot).
    turned = [
        (score, rule)
        for score, rule in scored
        if score > 0 and (score >= EXCEPTION_MIN_SCORE or score == best) and countered[id(rule)]
    ]
    if turned:
        return [max(turned, key=lambda pair: pair[0])[1]]
    # What it denies, the most alike earlier rule does ("… kann nicht mehr geschlagen
    # werden" against "… wird dieser geschlagen"; "…, statt zu ziehen, …" against "…,
    # zieht seine Figur …"): that rule, however little else they share;
    # but the end phase overrides the turn as a whole (see `withdrawn` below).
    denied = [
        (score, rule)
        for score, rule in scored
        if score > 0
        and rule.position < exception.position
        and not negated(rule, cues)
        and told.denied & verbs(rule) & claimed(rule, overlap, cues)
    ]
    if placed:
        # The rule that first tells the action, not a later case of it ("Sitzt ein
        # fremder Käfer auf deinem Startblatt, …, wird er geschlagen").
        return [min(denied, key=lambda pair: pair[1].position)[1]] if denied else []
    # What one that names itself an exception allows, the most alike earlier rule
    # forbids or limits ("Felsbrocken dürfen niemals übersprungen werden" against "…
    # darf als Ausnahme … einen Felsbrocken überspringen"), or it counts otherwise what
    # that rule counts ("nur einmal" against "ausnahmsweise mehrmals"): that rule, and
    # the one whose action it denies if it does both ("… dürfen beliebig viele
    # Bergsteiger stehen, und niemand wird dort hinausgeworfen").
    lifted = [
        (score, rule)
        for score, rule in scored
        if marked
        and score > 0
        and rule.position < exception.position
        and (told.allowed & limited_actions(rule, cues) or counts_otherwise(exception, rule))
    ]
    # One that keeps a piece where it is lifts the duty to move, first.
    picked = obliged_move(exception, scored, cues) if marked and lead is None else []
    picked = picked or [
        max(pairs, key=lambda pair: pair[0])[1]
        for pairs, wanted in ((lifted, True), (denied, not ending))
        if pairs and wanted and lead is None
    ]
    if picked:
        return list(dict.fromkeys(picked))
    # The lead-in of a list item already says it limits something: the most alike rule.
    if best >= EXCEPTION_MIN_SCORE or (lead is not None and best > 0):
        chosen = [
            (score, rule)
            for score, rule in scored
            if score >= EXCEPTION_SHARE_OF_BEST * best
            or (score >= EXCEPTION_MIN_SCORE and recounts(exception, rule))
        ]
        return [rule for _, rule in sorted(chosen, key=lambda pair: -pair[0])]
    if ending:
        # One that names itself an exception and says too little to tell ("Abweichend
        # von der Grundregel muss dabei nicht genau gewürfelt werden") excepts what was
        # just said, in the end phase too.
        return (
            withdrawn(exception, scored, overlap, cues)
            or denied_gains(exception, scored, overlap, cues)
            or (elliptic if marked else [])
        )
    return elliptic


def _denied_elsewhere(
    exception: Unit, last: Unit, earlier: list[Unit], overlap: Overlap, cues: Cues
) -> bool:
    """An "Ausnahme: …" that denies an action the rule before it does not do, and an
    earlier rule does ("Ausnahme: Einen Joker auf dem Ablagestapel darf niemand nehmen"
    after a rule of what a group holds, against "Nimm die oberste Karte … vom
    Ablagestapel"): it answers that rule, not the last one."""
    words = [t for t in exception.sentences[0] if t.is_alpha] if exception.sentences else []
    if not words or words[0].lower_ not in cues.exception_openers:
        return False
    refused = denied_actions(exception, cues)
    return (
        bool(refused)
        and not refused & verbs(last)
        and any(
            refused & verbs(rule) & claimed(rule, overlap, cues)
            for rule in earlier
            if not negated(rule, cues)
        )
    )


def _case_features(exception: Unit, overlap: Overlap, cues: Cues) -> set[str]:
    """The features an exception says only in the clauses that name its case."""
    case: list[list[Token]] = []
    claim: list[list[Token]] = []
    for sentence in exception.sentences:
        for clause, names_case in case_clauses(sentence, cues):
            (case if names_case else claim).append(clause)
    return overlap.features(case) - overlap.features(claim)


def denied_actions(exception: Unit, cues: Cues) -> set[str]:
    """The stems of the verbs of a unit's claims that hold a negation (`negated_actions`)
    and of what it does instead of another action ("…, statt zu ziehen, …" denies
    "ziehen")."""
    return {stem(verb) for verb in replaced_verbs(exception, cues)} | negated_actions(
        exception, cues
    )


def negated_actions(exception: Unit, cues: Cues) -> set[str]:
    """The stems of the verbs of a unit's claims that hold a negation: "… muss nichts
    bezahlt werden" denies "bezahlen"."""
    denied: set[str] = set()
    for sentence in exception.sentences:
        for clause, names_case in case_clauses(sentence, cues):
            if names_case or not any(t.lower_ in cues.exception_negations for t in clause):
                continue
            denied |= {
                stem(t.lemma_.lower())
                for t in clause
                if t.is_alpha
                and t.text[:1].islower()
                and t.lower_ not in STOP_WORDS
                and t.lower_ not in cues.exception_negations
            }
    return denied


def _pair_score(
    exception: Unit,
    told: Told,
    countered: set[str],
    rule: Unit,
    overlap: Overlap,
    cues: Cues,
    reach: Reach,
) -> float:
    """How likely `rule` is what `exception` carves a case out of, from what the
    exception tells (`Told`); `countered` is what it gains that the rule makes pay, or
    pays that the rule gives (`_countered`).

    What both say (shared verbs count double, words that only name the exception's
    case half, an action the exception allows and the rule limits more, a noun counted
    with different numbers, "2 Karten" against "1 Karte", adds a fixed weight), less
    with distance (more for a rule told after the exception, less for an exception of
    the end phase, which overrides the normal turn told long before, or one that names
    the rule it departs from), more in its own section (unless it names that rule) and
    for a general rule ("jeder", "immer", "prinzipiell"), less when both are negated
    (an exception negates what the rule allows).
    """
    features, case, denied = told.features, told.case, told.denied
    shared_verbs = (verbs(exception) & verbs(rule)) - case
    alike = (
        overlap.weight((features - case) & rule.features)
        + EXCEPTION_CASE_WEIGHT * overlap.weight(features & case & rule.features)
        + EXCEPTION_VERB_BONUS * overlap.weight(shared_verbs)
    )
    if not negated(rule, cues):
        # "… muss nichts bezahlt werden" denies what "… muss er Blätter bezahlen" does.
        # What the rule only names as its case ("Kann ein Spieler … schlagen, muss er
        # das tun") is not what it does.
        alike += EXCEPTION_DENIED_VERB_BONUS * overlap.weight(
            denied & verbs(rule) & claimed(rule, overlap, cues)
        )
    # "Als Ausnahme … erhält er 10 Möhren" turns round "… muss er Möhren bezahlen".
    alike += EXCEPTION_DENIED_VERB_BONUS * overlap.weight(countered)
    # "… darf als Ausnahme … überspringen" lifts "… dürfen niemals übersprungen werden".
    alike += EXCEPTION_DENIED_VERB_BONUS * overlap.weight(
        told.allowed & limited_actions(rule, cues)
    )
    if contrasting_numbers(exception, rule):
        alike += EXCEPTION_NUMBER_BONUS
    distance = exception.position - rule.position
    scale = EXCEPTION_DISTANCE_SCALE if distance > 0 else EXCEPTION_AFTER_SCALE
    if reach.ending or reach.names_rule:
        scale *= EXCEPTION_END_PHASE_REACH
    alike /= 1.0 + abs(distance) / scale
    if rule.section == exception.section and not reach.names_rule:
        alike *= EXCEPTION_SECTION_FACTOR
    if general(rule, cues):
        alike *= EXCEPTION_GENERAL_FACTOR
    if negated(exception, cues) and negated(rule, cues):
        alike *= EXCEPTION_BOTH_NEGATED_FACTOR
    if conditional(rule, cues) and not conditional(exception, cues):
        alike *= EXCEPTION_CONDITIONAL_FACTOR
    return alike


def _countered(
    gains: set[str], costs: set[str], rule: Unit, overlap: Overlap, cues: Cues
) -> set[str]:
    """What an exception gains that the rule makes pay, or pays that the rule gives."""
    if not (gains or costs):
        return set()
    return (gains & claimed(rule, overlap, cues, cues.cost_lemmas)) | (
        costs & claimed(rule, overlap, cues, cues.gain_lemmas)
    )

"""Who and what a sentence of a story tells of: its players by name, colour, letter or
pronoun, its values, what would have happened to them, and an exclamation.  What goes
on with an example (`rulekit.graph.continuation`) asks these of each sentence."""

from __future__ import annotations

from itertools import pairwise

from spacy.tokens import Span, Token

from rulekit.graph.clauses import case_clauses, opens_with_case
from rulekit.graph.kinds import KindJudge
from rulekit.graph.phases import NUMBER_WORDS
from rulekit.graph.shapes import INDEFINITE_ARTICLES, PLAIN_DEFINITE_ARTICLES
from rulekit.graph.story_words import subjunctive

# The subject after a verb of what would have happened: "wäre es", "hätte er".
_SUPPOSED_SUBJECTS = frozenset({"es", "er", "sie", "das"})
# The participle of "sein" that makes a past of what would have been ("wäre … gewesen").
_BEEN = "gewesen"
# The subjunctive of "haben" and "sein" that a participle at the sentence's end makes a
# past of what would have been ("Vier Kapitäne allein hätten keinen Vierling ergeben").
_HAD = frozenset({"hätte", "hätten", "hättest", "wäre", "wären", "wärst"})
_PARTICIPLE_ENDINGS = ("t", "en")
# The verb of a claim stands among its first this many words ("Die hintere Taube käme").
_CLAIM_VERB_REACH = 4
# An exclamation of this many words goes on with a story ("Fehlwurf!").
EXCLAIMED_WORDS = 2
# Verbs in the form that addresses the readers, "ihr" after them its subject: "dürft ihr".
PLURAL_ADDRESS = frozenset(
    {"dürft", "könnt", "müsst", "sollt", "wollt", "mögt", "habt", "seid", "werdet"}
)
# Pronouns for a player of a story inside a sentence ("Nur ein Wurm kann ihn retten"),
# beside the possessives that carry an example on ("sein", `continuation_possessives`).
STORY_PRONOUNS = frozenset({"er", "sie", "ihn", "ihm", "ihr", "ihre", "ihren", "ihrem", "ihrer"})
# The two the story told of.
_BOTH = frozenset({"beide", "beiden"})


def tells_story(judge: KindJudge, sentence: Span, names: set[str]) -> bool:
    """The sentence names a player of the story or a colour, brings one in ("Als
    Nächste ist Ida an der Reihe"), refers to one ("ist ihr zu riskant", "kann ihn
    retten"), gives a value ("Die 28 hat sich aber schon …
    geschnappt") or exclaims in a word or two ("Fehlwurf!")."""
    if exclaimed(sentence):
        return True
    cast = set(names)
    judge.join_cast(sentence, cast)  # "Als Nächste ist Ida an der Reihe …" brings her in
    return (
        cast != names
        or refers_to_player(judge, sentence, names)
        or any(
            t.like_num
            or t.lower_ in _BOTH  # "Beide bleiben friedlich nebeneinander stehen."
            or t.lower_ in judge.cues.colour_words
            or judge.colour_adjective(t)  # "Die gelbe Figur wird geschlagen …"
            for t in sentence
        )
    )


def refers_to_player(judge: KindJudge, sentence: Span, names: set[str]) -> bool:
    """A player of the story named in the sentence, by name or by colour ("kann Grün
    diesen Reiter ziehen"), or a pronoun for one inside it (`story_pronoun`)."""
    pronouns = STORY_PRONOUNS | judge.cues.continuation_possessives
    return any(
        t.text in names
        or (t.i > sentence.start and story_pronoun(t, pronouns))
        or (t.text[:1].isupper() and t.lower_ in judge.cues.colour_words)
        for t in sentence
    )


def story_pronoun(token: Token, pronouns: frozenset[str]) -> bool:
    """A pronoun for a player, in lower case or opening a clause after a colon ("Ben
    muss aussetzen: Er legt …"); capitalised inside a sentence, "Ihren" addresses the
    reader."""
    if token.lower_ == "ihr" and token.i > 0 and token.nbor(-1).lower_ in PLURAL_ADDRESS:
        return False  # "… dürft ihr nirgends anlegen": the readers, no player of the story
    if (
        token.lower_ == "sie"
        and token.i + 1 < len(token.doc)
        and (token.i == token.sent.start or token.nbor(-1).is_punct)
        and _plural_form(token.nbor(1))
    ):
        # "…; sie dürfen weder umgelegt …": the things the sentence names, not "bleibt
        # sie sitzen", whose verb is singular.
        return False
    return token.lower_ in pronouns and (
        token.text[:1].islower() or (token.i > 0 and token.nbor(-1).text == ":")
    )


def _plural_form(verb: Token) -> bool:
    """A verb in the plural after its pronoun: "sind", or a form spelled as its
    infinitive ("dürfen", "bleiben"), not the singular ("darf", "legt")."""
    return verb.is_alpha and (
        verb.lower_ == "sind"
        or (
            verb.text.islower()
            and verb.lower_.endswith("en")
            and verb.lemma_.lower() == verb.lower_
        )
    )


def casts(judge: KindJudge, sentence: Span) -> bool:
    """The sentence names a player after its first word, as a labelled example brings
    one in ("Beispiel: Jonas … Doch dort sitzt schon Lina."); a case of the rules names
    none ("Würde … eine Lücke entstehen, werden Atlantis bzw. das Festland …")."""
    if opens_with_case(sentence, judge.cues) or judge.signs_off(sentence):
        return False  # "Viel Spaß … wünschen euch Oma Lene, Dohle Dora und …" signs off
    return any(judge.cast_name(t) for t in sentence if t.i > sentence.start)


def colours(judge: KindJudge, sentences: list[Span]) -> set[str]:
    """The colours the sentences tell players or pieces by ("Grün", "ein grüner Zwerg")."""
    return {
        judge.colour_stem(token)
        for sentence in sentences
        for token in sentence
        if (token.lower_ in judge.cues.colour_words and token.text[:1].isupper())
        or judge.colour_adjective(token)
    }


def supposed(judge: KindJudge, sentence: Span) -> bool:
    """What would have happened otherwise, told of the story's move: "Mit zwei Jokern
    wäre es ebenfalls gegangen", "Vier Kapitäne allein hätten dagegen keinen Vierling
    ergeben", "Die hintere Taube käme damit genau hinein", "Wären alle vier Karten
    blau, hätten Sie eine Farbreihe", not a rule's "ein Wurf, der hinausführen würde"."""
    forms = judge.cues.supposing_forms
    tokens = [t for t in sentence if t.is_alpha]
    supposing = [t for t in tokens if subjunctive(t, forms)]
    # The past of what would have been: "… wäre erlaubt gewesen", "… hätte Malte nicht
    # auslegen dürfen"; a rule says what holds, not what would have.
    past = (
        bool(supposing)
        and (
            any(t.lower_ == _BEEN for t in tokens)
            or (
                tokens[-1].lemma_.lower() in judge.cues.modal_lemmas
                and tokens[-1].lower_.endswith("en")
            )
            # one main clause, no case before it ("Wäre das Feld besetzt, …") nor a clause
            # of what would be ("…, das besetzt wäre, darf nicht betreten werden")
            or (
                "," not in sentence.text
                and tokens[0].lower_ not in _HAD
                and any(t.lower_ in _HAD for t in tokens[1:-1])
                and tokens[-1].is_lower
                and tokens[-1].lower_.endswith(_PARTICIPLE_ENDINGS)
            )
        )
    )
    # What the sentence claims, told as what would be: its verb, among its first words.
    claim = next((c for c, names_case in case_clauses(sentence, judge.cues) if not names_case), [])
    return (
        past
        or any(subjunctive(t, forms) for t in claim[:_CLAIM_VERB_REACH])
        or any(
            subjunctive(t, forms) and after.lower_ in _SUPPOSED_SUBJECTS
            for t, after in pairwise(tokens)
        )
    )


def supposes(judge: KindJudge, sentence: Span, names: set[str]) -> bool:
    """The sentence tells what would have happened to a player of the story: "Mit einer
    3 dagegen wäre Blau über den Eingang hinweggezogen", "Hätte Rot eine 2 gewürfelt,
    …" (a rule's "ein Wurf, der hinausführen würde" names no player)."""
    cues = judge.cues
    return any(subjunctive(t, cues.supposing_forms) for t in sentence) and any(
        t.text in names or (t.lower_ in cues.colour_words and t.text[:1].isupper())
        for t in sentence
        if t.is_alpha
    )


def names_again(judge: KindJudge, first: Span, second: Span) -> bool:
    """The second sentence opens with a player's name that the first one says."""
    words = [t for t in second if t.is_alpha]
    return bool(words) and judge.cast_name(words[0]) and any(t.text == words[0].text for t in first)


def exclaimed(sentence: Span) -> bool:
    """An exclamation of a word or two: "Fehlwurf!", "Wieder eine 6!"."""
    words = [t for t in sentence if t.is_alpha]
    return sentence.text.rstrip().endswith("!") and len(words) <= EXCLAIMED_WORDS


def names_player(sentence: Span, names: set[str]) -> bool:
    """The sentence names a player of the story anywhere: "… kann Uwe nicht einsetzen"."""
    return any(t.text in names for t in sentence if t.is_alpha)


def opens_with_name(sentence: Span, names: set[str]) -> bool:
    """The sentence opens with a player of the story: "Jonas bleibt stehen …"."""
    words = [t for t in sentence if t.is_alpha]
    return bool(words) and words[0].text in names


# The face one of a die, said as a noun: "eine Eins".
_ONE = "eins"


def tells_throw(judge: KindJudge, sentence: Span) -> bool:
    """The sentence states a throw or draw of one value, named with the indefinite
    article ("Der Spieler würfelt zuerst eine Drei, dann eine Sechs …"): a moment of a
    story, not a case a rule decides ("Würfelt ein Spieler eine Sechs, …", "Wer eine
    Sechs hat, …") nor what one may do with it ("Mit einer Sechs darf er …")."""
    words = [t for t in sentence if not t.is_punct]
    if not words or words[0].lower_ == "wer" or judge.modal(sentence):
        return False
    if opens_with_case(sentence, judge.cues):
        return False
    return any(
        article.lower_ in INDEFINITE_ARTICLES
        and (value.like_num or value.lower_ in NUMBER_WORDS or value.lower_ == _ONE)
        for article, value in pairwise(words)
    )


# The demonstratives that point at a thing just named ("diesem Fuchs").
_POINTING = frozenset({"dieser", "diese", "dieses", "diesem", "diesen"})


def points_at_told(judge: KindJudge, sentence: Span, told: list[Span]) -> bool:
    """The sentence points with a demonstrative at a thing the story named and states
    what comes of it ("… Ihr nächster Fuchs steht direkt vor dem Bau. … Jede andere
    Augenzahl nützt diesem Fuchs nichts"): the story's piece, not a rule's of any."""
    if judge.modal(sentence):
        return False
    named = {t.lemma_.lower() for s in told for t in s if t.is_alpha and t.text[:1].isupper()}
    return any(
        pointer.lower_ in _POINTING and thing.text[:1].isupper() and thing.lemma_.lower() in named
        for pointer, thing in pairwise(sentence)
    )


# Focus particles before the subject: "Auch eine Maus …".
_FOCUS = frozenset({"auch", "nur", "selbst", "sogar"})
# The indefinite article of a subject, and the pronouns of a player who acts.
_SUBJECT_ARTICLES = frozenset({"ein", "eine"})
_ACTING = frozenset({"er", "sie", "ihn", "ihm"})
# The words of the thing after its article ("eine echte 8").
_PHRASE = 3


def of_any(judge: KindJudge, sentence: Span, names: set[str]) -> bool:
    """The sentence opens with a thing of any kind, by the indefinite article ("Auch eine
    Maus auf ihrem eigenen Startfeld kann gefangen werden", "Eine gefangene Maus braucht
    …"), and names no player and no colour of the story: a rule of any such thing, where
    a story's thing has a colour ("Ein roter Kegel steht …")."""
    tokens = [t for t in sentence if not t.is_punct and not t.is_space]
    if tokens and tokens[0].lower_ in _FOCUS:
        tokens = tokens[1:]
    if len(tokens) < 2 or tokens[0].lower_ not in _SUBJECT_ARTICLES:
        return False
    if any(t.like_num or t.lower_ in NUMBER_WORDS for t in tokens[1:_PHRASE]):
        return False  # "Eine 8 und eine weitere 2 behält er …", "Eine echte 8 kann dort …"
    if supposed(judge, sentence):
        return False  # "Auch ein Vierling aus einer Zehn … wäre erlaubt gewesen."
    return not any(
        t.text in names
        or t.lower_ in _ACTING  # "Einen neuen Wichtel darf er …": the story's player acts
        or t.lower_ in judge.cues.colour_words
        or judge.colour_adjective(t)
        for t in sentence
    )


def recalls_value(sentence: Span, told: list[Span]) -> bool:
    """The sentence names a value the story told, with the definite article: "Trotz der 6
    ist nun der nächste Spieler an der Reihe" after "Blau würfelt eine 6 …"."""
    values = {t.text for s in told for t in s if t.like_num}
    return any(
        article.lower_ in PLAIN_DEFINITE_ARTICLES and number.like_num and number.text in values
        for article, number in pairwise(sentence)
    )

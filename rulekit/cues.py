"""The cue words of a language that the graph stage reads rule text by: labels,
headings, markers of examples and exceptions, from `rulekit/data/cues_<lang>.yaml`."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any

import yaml


@dataclass(frozen=True)
class Cues:
    """The cue words of one language, from `rulekit/data/cues_<lang>.yaml`."""

    example_labels: frozenset[str]
    note_labels: frozenset[str]
    advice_labels: frozenset[str]
    advice_headings: frozenset[str]
    rule_note_labels: frozenset[str]
    reminder_labels: frozenset[str]
    placing_lemmas: frozenset[str]
    equipment_words: frozenset[str]
    table_places: frozenset[str]
    sign_off_phrases: tuple[str, ...]
    greeting_words: frozenset[str]
    modal_lemmas: frozenset[str]
    duty_lemmas: frozenset[str]
    duty_nouns: frozenset[str]
    permission_lemmas: frozenset[str]
    gain_lemmas: frozenset[str]
    cost_lemmas: frozenset[str]
    normative_words: frozenset[str]
    advice_words: frozenset[str]
    passive_rule_modals: frozenset[str]
    hint_lemmas: frozenset[str]
    reminder_lemmas: frozenset[str]
    actor_nouns: frozenset[str]
    continuation_pronouns: frozenset[str]
    continuation_possessives: frozenset[str]
    story_moments: frozenset[str]
    exception_cues: tuple[str, ...]
    exception_openers: frozenset[str]
    consequence_openers: frozenset[str]
    exception_contrasts: frozenset[str]
    overriding_contrasts: frozenset[str]
    standing_words: frozenset[str]
    derived_words: frozenset[str]
    exception_negations: frozenset[str]
    exception_restrictions: frozenset[str]
    tie_words: frozenset[str]
    step_nouns: frozenset[str]
    section_nouns: frozenset[str]
    rule_nouns: frozenset[str]
    rule_changes: frozenset[str]
    shortage_words: frozenset[str]
    voided_effects: tuple[str, ...]
    condition_openers: frozenset[str]
    variant_words: frozenset[str]
    kind_nouns: frozenset[str]
    player_groups: tuple[str, ...]
    player_nouns: frozenset[str]
    end_phase_words: tuple[str, ...]
    setup_words: tuple[str, ...]
    general_words: frozenset[str]
    universal_words: frozenset[str]
    supposing_forms: frozenset[str]
    exclusion_phrases: tuple[str, ...]
    free_choice_words: frozenset[str]
    otherwise_words: frozenset[str]
    several_words: frozenset[str]
    first_phrases: tuple[str, ...]
    trigger_cues: tuple[str, ...]
    demonstratives: frozenset[str]
    definition_lemmas: frozenset[str]
    state_lemmas: frozenset[str]
    board_headings: frozenset[str]
    aim_headings: tuple[str, ...]
    ending_lemmas: frozenset[str]
    layout_lemmas: frozenset[str]
    staying_lemmas: frozenset[str]
    moving_lemmas: frozenset[str]
    definition_phrases: tuple[str, ...]
    flavour_lemmas: frozenset[str]
    example_phrases: tuple[str, ...]
    instance_particles: frozenset[str]
    conclusion_words: tuple[str, ...]
    example_openers: tuple[str, ...]
    supposition_words: frozenset[str]
    colour_words: frozenset[str]
    honorifics: frozenset[str]
    kin_titles: frozenset[str]
    turn_nouns: frozenset[str]
    showing_lemmas: frozenset[str]
    announcing_lemmas: frozenset[str]
    material_verbs: frozenset[str]
    material_headings: frozenset[str]
    material_labels: frozenset[str]
    material_questions: frozenset[str]
    sequence_words: frozenset[str]
    structure_headings: frozenset[str]
    title_words: frozenset[str]
    credit_labels: frozenset[str]
    duration_labels: frozenset[str]
    imprint_words: frozenset[str]
    firm_words: frozenset[str]
    navigation_phrases: tuple[str, ...]
    other_lemmas: frozenset[str]
    warning_words: frozenset[str]
    programming_stems: tuple[str, ...]
    programming_words: frozenset[str]
    lead_in_phrases: tuple[str, ...]
    lead_in_openers: tuple[str, ...]
    sequence_phrases: tuple[str, ...]
    choice_words: frozenset[str]
    consists_phrases: tuple[str, ...]
    existence_phrases: tuple[str, ...]
    first_person_plural: frozenset[str]
    first_person_singular: frozenset[str]
    question_labels: frozenset[str]
    question_headings: frozenset[str]
    answer_words: frozenset[str]
    reader_pronouns: frozenset[str]
    reader_possessives: frozenset[str]
    flavour_words: frozenset[str]
    preface_headings: frozenset[str]
    idea_headings: frozenset[str]
    naming_lemmas: frozenset[str]
    remark_connectives: frozenset[str]
    phrase_final_particles: frozenset[str]
    aid_phrases: tuple[str, ...]
    having_lemmas: frozenset[str]
    assembly_phrases: tuple[str, ...]
    upper_bound_words: frozenset[str]
    lower_bound_words: frozenset[str]
    comment_verbs: frozenset[str]
    purpose_lemmas: frozenset[str]
    trial_lemmas: frozenset[str]
    duty_words: frozenset[str]
    hedge_words: frozenset[str]
    reckoning_phrases: tuple[str, ...]
    particle_counterparts: tuple[str, ...]
    game_words: tuple[str, ...]


@cache
def cues(lang: str = "de") -> Cues:
    """The cue words for `lang`."""
    text = resources.files("rulekit").joinpath(f"data/cues_{lang}.yaml").read_text("utf-8")
    data: dict[str, list[str]] = yaml.safe_load(text)
    # Phrases keep their order (tuples, matched in turn); words are looked up (sets).
    values: dict[str, Any] = {
        cue.name: tuple(_with_swiss_spelling(data[cue.name]))
        if str(cue.type).startswith("tuple")
        else frozenset(_with_swiss_spelling(data[cue.name]))
        for cue in fields(Cues)
    }
    return Cues(**values)


def _with_swiss_spelling(words: list[str]) -> list[str]:
    """The cue words, each with "ß" written "ss" beside it as Swiss rulebooks spell it
    ("ausser", "schliesslich")."""
    return list(dict.fromkeys(form for word in words for form in (word, word.replace("ß", "ss"))))

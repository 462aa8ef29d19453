"""The German lexicon the extraction stage checks words against.

Nothing here is a typed word list: spelling comes from the Debian hunspell
dictionaries (`hunspell-de-de`, `hunspell-en-us`) through the `chunspell`
binding, frequencies from `wordfreq`.  Hunspell alone rejects many valid
German compounds ("Anwerbungsplättchen", "Schwundkosten"), so unknown words
are also split into known parts joined by a linking element (Fugenelement).
Frequency alone is no test of a word: wordfreq gives tokenizer junk such as
"chte" a non-zero frequency, so every part must also pass hunspell.

The dictionaries and frequency tables load once per process; every answer is
memoised, since extraction asks about the same words again and again.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from functools import cache
from itertools import chain
from pathlib import Path

import wordfreq
from hunspell import Hunspell  # type: ignore[import-untyped]

# Where Debian (and most other systems) put hunspell dictionaries.
_DICTIONARY_DIRS = ("/usr/share/hunspell", "/usr/share/myspell/dicts", "/usr/share/myspell")

# The frequency lists wordfreq reads unless told otherwise.
_WORDLIST = "best"

# Linking elements between the parts of a German compound, longest first.
_FUGEN = ("ens", "es", "en", "er", "s", "n", "e", "")

# A compound part is at least this long, and short parts must be this frequent
# (Zipf); shorter or rarer "parts" make damaged text look like words.
_MIN_PART = 3
_MIN_PART_ZIPF = {3: 3.5, 4: 3.0}

# An English word counts only when it is common, so that rare English
# dictionary entries do not make damaged German look like a word; short ones
# ("ash", "hen") must be very common.
_MIN_ENGLISH_LENGTH = 3
_MIN_ENGLISH_ZIPF = {3: 3.5}
_MIN_ENGLISH_ZIPF_LONG = 2.0
# English words inside compounds must be frequent, and a German compound's
# English last part long ("gyp"+"ten" is not a word).
_MIN_ENGLISH_PART_ZIPF = 3.5
_MIN_ENGLISH_TAIL = 5


def _dictionary_dir(name: str) -> str:
    """The folder holding `<name>.dic` and `<name>.aff`."""
    for folder in _DICTIONARY_DIRS:
        if (Path(folder) / f"{name}.dic").is_file():
            return folder
    debian = {"de_DE": "hunspell-de-de", "en_US": "hunspell-en-us"}.get(name, name)
    raise RuntimeError(
        f"hunspell dictionary {name} not found in {', '.join(_DICTIONARY_DIRS)}; "
        f"install the Debian package {debian}"
    )


class _Backend:
    """The heavy, shared data: two hunspell dictionaries and two frequency tables."""

    def __init__(self) -> None:
        self.german = Hunspell("de_DE", hunspell_data_dir=_dictionary_dir("de_DE"))
        self.english = Hunspell("en_US", hunspell_data_dir=_dictionary_dir("en_US"))
        # Asked as wordfreq's own `zipf_frequency` asks (the extraction uses it too), so
        # that its cache builds each table once, not once per way of asking.
        self.german_freq: dict[str, float] = wordfreq.get_frequency_dict("de", _WORDLIST)
        self.english_freq: dict[str, float] = wordfreq.get_frequency_dict("en", _WORDLIST)


@cache
def _backend() -> _Backend:
    return _Backend()


def _zipf(table: dict[str, float], word: str) -> float:
    """Zipf frequency (log10 of occurrences per billion words) from a wordfreq table."""
    frequency = table.get(word.casefold(), 0.0)
    return round(math.log10(frequency) + 9, 2) if frequency > 0 else 0.0


def _spell(checker: Hunspell, word: str) -> bool:
    try:
        return bool(checker.spell(word))
    except UnicodeError:  # a lone surrogate or similar cannot be a word
        return False


class Lexicon:
    """German word forms, German compounds and common English words.

    Build it with `german_lexicon()`; the heavy data is shared by all instances.
    """

    def __init__(self, backend: _Backend, extra_words: frozenset[str]) -> None:
        self._backend = backend
        self._extra = extra_words
        self._known: dict[str, bool] = {}
        self._written: dict[str, bool] = {}
        self._attested: dict[str, bool] = {}
        self._parts: dict[str, bool] = {}
        self._compounds: dict[str, bool] = {}

    def known(self, word: str) -> bool:
        """Whether `word` is a German word form, a German compound or a common English word.

        Case does not matter, nor the spelling before 1996 ("muß").  A hyphenated
        word is known when every part is; an empty part is allowed after a suspended
        hyphen ("Anwerbungs-"), whose first part may be a compound's first element.
        Single letters and numbers are not words.
        """
        answer = self._known.get(word)
        if answer is None:
            # The spelling before 1996 ("Nußkarten", "muß"): the reform writes "ss" after
            # a short vowel, and the dictionary knows the word so.  Repairs ask
            # `known_as_written` and `attested`, which keep to the dictionary's spelling.
            answer = self._check(word, exact_case=False) or (
                "ß" in word and self._check(word.replace("ß", "ss"), exact_case=False)
            )
            self._known[word] = answer
        return answer

    def known_as_written(self, word: str) -> bool:
        """Like `known`, but the capitalisation must be valid too ("Ägypten", not "ägypten").

        A capitalised or all-capitals form of a known word is valid, as at the
        start of a sentence or in a heading.
        """
        answer = self._written.get(word)
        if answer is None:
            answer = self._check(word, exact_case=True)
            self._written[word] = answer
        return answer

    def attested(self, word: str) -> bool:
        """Like `known`, but only as the word stands, not as a compound built from parts.

        Compound analysis accepts damaged text that happens to split into
        words ("Regein" as "Reg-ein"); OCR repairs need the stricter answer.
        """
        answer = self._attested.get(word)
        if answer is None:
            answer = self._check(word, exact_case=False, compounds=False)
            self._attested[word] = answer
        return answer

    def german_as_written(self, word: str) -> bool:
        """The German dictionary (or the glossary) holds `word` exactly as written: no
        compound of parts, no English word ("tom" is English, "Tom" a German name)."""
        return word.casefold() in self._extra or _spell(self._backend.german, word)

    def noun_stems(self, word: str) -> list[str]:
        """The capitalised stems hunspell gives for `word` ("Schnecken" -> "Schnecke"):
        the noun's base forms, shortest first; none for a word it does not know."""
        stems = {stem for stem in self._backend.german.stem(word) if stem[:1].isupper()}
        return sorted(stems, key=lambda stem: (len(stem), stem))

    def frequency(self, word: str) -> float:
        """The Zipf frequency of `word` in German (wordfreq), or 0.0 when it is not known."""
        if not self.known(word):
            return 0.0
        return _zipf(self._backend.german_freq, word)

    def usage(self, word: str) -> float:
        """The Zipf frequency of `word` as German text writes it (wordfreq), whether or not
        the dictionary holds it: dictionaries miss common words ("Neuner", a card)."""
        return _zipf(self._backend.german_freq, word)

    def common_forms(self, min_zipf: float) -> frozenset[str]:
        """Casefolded German word forms of at least this Zipf frequency in wordfreq.

        Junk tokens are among them, so this is a fast first filter for guesses,
        to be confirmed with `known`.
        """
        return _common_forms(min_zipf)

    def _check(self, word: str, exact_case: bool, compounds: bool = True) -> bool:
        parts = unicodedata.normalize("NFC", word).split("-")
        if not any(parts):
            return False
        # A part before a hyphen may be a compound's first element ("Anwerbungs-").
        return all(
            self._check_single(part, exact_case, compounds)
            or (
                compounds and index < len(parts) - 1 and part.isalpha() and self._head(part.lower())
            )
            for index, part in enumerate(parts)
            if part
        )

    def _check_single(self, word: str, exact_case: bool, compounds: bool = True) -> bool:
        word = word.strip("'’‘")
        if sum(ch.isalpha() for ch in word) < 2 or not all(
            ch.isalpha() or ch in ".'’" for ch in word
        ):
            return False
        if word.casefold() in self._extra:
            return True
        forms = [word]
        if not exact_case:
            # Two-letter abbreviations ("Fr") must not make "fr" a word.
            forms += [word.lower(), word.capitalize()] if len(word) > 2 else [word.lower()]
        if any(_spell(self._backend.german, form) for form in dict.fromkeys(forms)):
            return True
        if self._english(word, exact_case):
            return True
        if not compounds or not word.isalpha():
            return False
        if exact_case and not (word.istitle() or word.isupper()):
            # German compounds are nouns: capitalised, or in capitals in a heading.
            return False
        lower = word.lower()
        return self._compound(lower) or self._english_compound(lower)

    def _english(self, word: str, exact_case: bool) -> bool:
        if len(word) < _MIN_ENGLISH_LENGTH:
            return False
        threshold = _MIN_ENGLISH_ZIPF.get(len(word), _MIN_ENGLISH_ZIPF_LONG)
        if _zipf(self._backend.english_freq, word) < threshold:
            return False
        forms = [word] if exact_case else [word, word.lower()]
        return any(_spell(self._backend.english, form) for form in dict.fromkeys(forms))

    def _english_compound(self, lower: str) -> bool:
        """An English closed compound ("warmachine") that occurs as a token in wordfreq."""
        backend = self._backend
        if lower not in backend.english_freq and lower.casefold() not in backend.german_freq:
            return False
        return any(
            self._english_part(lower[:split]) and self._english_part(lower[split:])
            for split in range(_MIN_ENGLISH_LENGTH, len(lower) - _MIN_ENGLISH_LENGTH + 1)
        )

    def _english_part(self, part: str) -> bool:
        """A frequent English word, fit to be part of a compound ("war", "marker")."""
        return _zipf(self._backend.english_freq, part) >= _MIN_ENGLISH_PART_ZIPF and self._english(
            part, exact_case=True
        )

    def _part(self, part: str) -> bool:
        """Whether a lower-case string is a German word that can stand in a compound.

        Short parts must be frequent: rare three- and four-letter words would
        let damaged text split into "words".
        """
        answer = self._parts.get(part)
        if answer is None:
            backend = self._backend
            answer = part.casefold() in self._extra or (
                # The frequency table is a cheap first filter; hunspell decides.
                part.casefold() in backend.german_freq
                and _zipf(backend.german_freq, part) >= _MIN_PART_ZIPF.get(len(part), 0.0)
                and (_spell(backend.german, part) or _spell(backend.german, part.capitalize()))
            )
            self._parts[part] = answer
        return answer

    def _compound(self, lower: str) -> bool:
        """Whether a lower-case string splits into German parts (longest last part first)."""
        answer = self._compounds.get(lower)
        if answer is None:
            answer = any(
                (self._part(lower[start:]) or self._english_tail(lower[start:]))
                and self._head(lower[:start])
                for start in range(_MIN_PART, len(lower) - _MIN_PART + 1)
            )
            self._compounds[lower] = answer
        return answer

    def _english_tail(self, tail: str) -> bool:
        """A German compound may end in an English loan word ("Aktivierungsmarker")."""
        return len(tail) >= _MIN_ENGLISH_TAIL and self._english_part(tail)

    def _head(self, head: str) -> bool:
        """Whether a lower-case string can be the first element of a compound."""
        for fuge in _FUGEN:
            stem = head[: len(head) - len(fuge)]
            if (
                len(stem) >= _MIN_PART
                and head.endswith(fuge)
                and (self._part(stem) or self._compound(stem))
            ):
                return True
        # Elements that drop a final -e or are verb stems: "Schul-", "Spiel-".
        return len(head) >= _MIN_PART and (self._part(head + "e") or self._part(head + "en"))


@cache
def _common_forms(min_zipf: float) -> frozenset[str]:
    # The table comes from lists of the words of each frequency, most frequent first,
    # each word in one list: joining whole lists spares a test of every word.
    threshold = 10 ** (min_zipf - 9)
    lists = wordfreq.get_frequency_list("de", _WORDLIST)
    return frozenset(
        chain.from_iterable(
            words for cb, words in enumerate(lists) if wordfreq.cB_to_freq(-cb) >= threshold
        )
    )


@cache
def _lexicon(extra_words: frozenset[str]) -> Lexicon:
    return Lexicon(_backend(), extra_words)


def german_lexicon(extra_words: Iterable[str] = ()) -> Lexicon:
    """The German lexicon, extended with `extra_words` (the glossary's terms).

    Multi-word terms add each of their words.  The dictionaries load once per
    process, and the same extra words give the same (memoising) instance.
    """
    extra = frozenset(
        token.casefold()
        for term in extra_words
        for token in unicodedata.normalize("NFC", term).split()
        if sum(ch.isalpha() for ch in token) >= 2
    )
    return _lexicon(extra)

"""The home of Pygments: code fences highlighted at build time with CSS classes, and the theme CSS."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer, RegexLexer
from pygments.lexers import get_lexer_by_name
from pygments.style import Style
from pygments.styles import get_style_by_name
from pygments.token import Error, Whitespace, _TokenType
from pygments.util import ClassNotFound

LIGHT_STYLE = "friendly"
DARK_STYLE = "github-dark"
MIN_CONTRAST = 4.5  # WCAG AA for normal text
_COLOUR = re.compile(r"(?<![:\w])#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
_BACKGROUND = re.compile(r"\bbg:(#[0-9a-fA-F]{3,6})\b")


@lru_cache(maxsize=256)
def find_lexer(lang: str) -> Lexer | None:
    try:
        lexer = get_lexer_by_name(lang, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None
    if type(lexer).get_tokens_unprocessed is RegexLexer.get_tokens_unprocessed and isinstance(
        getattr(lexer, "_tokens", None), dict
    ):  # (the rules as Pygments 2 keeps them; else its own loop reads them)
        lexer.get_tokens_unprocessed = types.MethodType(joined_tokens, lexer)  # type: ignore[method-assign]
    return lexer


@lru_cache(maxsize=1)
def code_formatter() -> HtmlFormatter[str]:
    """One formatter for every block: making one builds a whole style sheet."""
    return HtmlFormatter(nowrap=True)


def highlight_code(code: str, lang: str, _attrs: str) -> str:
    """markdown-it's `highlight` option: a whole <pre> block, highlighted when the language is known."""
    name = lang.strip().split(maxsplit=1)[0].lower() if lang.strip() else ""
    lexer = find_lexer(name) if name else None
    body = highlight(code, lexer, code_formatter()) if lexer else escape(code, quote=False)
    cls = f' class="language-{escape(name)}"' if name else ""
    return f'<pre class="highlight"><code{cls}>{body}</code></pre>\n'


@lru_cache(maxsize=1)  # the same text for the whole process: made once, not on every rebuild
def pygments_css() -> str:
    """Token colours for light mode, and for dark mode: under prefers-color-scheme unless the
    theme toggle chose light (<html data-theme="light">), and whenever it chose dark."""
    light = HtmlFormatter(style=readable_style(LIGHT_STYLE)).get_style_defs(".highlight")  # type: ignore[no-untyped-call]
    dark = HtmlFormatter(style=readable_style(DARK_STYLE))
    system = dark.get_style_defs(':root:not([data-theme="light"]) .highlight')  # type: ignore[no-untyped-call]
    chosen = dark.get_style_defs(':root[data-theme="dark"] .highlight')  # type: ignore[no-untyped-call]
    system_block = "\n".join("  " + line for line in system.splitlines())
    return f"{light}\n@media (prefers-color-scheme: dark) {{\n{system_block}\n}}\n{chosen}\n"


def readable_style(name: str) -> type[Style]:
    """A Pygments style whose token colours are darkened (or, on a dark background, lightened)
    just enough to reach MIN_CONTRAST against the background they are drawn on."""
    base = get_style_by_name(name)
    styles = {
        token: readable_definition(definition, base.background_color)
        for token, definition in base.styles.items()
    }
    return type(f"Readable{base.__name__}", (base,), {"styles": styles})


def readable_definition(definition: str, background: str) -> str:
    """One style string ("italic #60a0b0 bg:#fff0f0") with its colour made readable."""
    own = _BACKGROUND.search(definition)
    under = own.group(1) if own else background
    return _COLOUR.sub(lambda m: readable_colour(m.group(0), under), definition)


def readable_colour(colour: str, background: str) -> str:
    """`colour` moved towards black or white in small steps until it reads on `background`."""
    rgb, bg = parse_hex(colour), parse_hex(background)
    target = 0.0 if luminance(bg) > 0.5 else 255.0
    for step in range(21):
        mixed = tuple(round(c + (target - c) * step / 20) for c in rgb)
        if contrast(mixed, bg) >= MIN_CONTRAST:
            return "#{:02x}{:02x}{:02x}".format(*mixed)
    return colour


def parse_hex(colour: str) -> tuple[int, int, int]:
    """The three integers 0-255 of a `#rrggbb` or `#rgb` colour (its `#` optional)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour."""
    srgb = [c / 255 for c in rgb]
    linear = [s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4 for s in srgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# Pygments' RegexLexer tries the rules of its current state one by one, a Python call each, at
# every token. Once a state's rules have failed often enough to pay for it, joined_tokens tries each
# run of them in one match of their alternation instead, where the first rule that matches wins as
# in Pygments' loop, so the tokens are the same (tests/test_highlight.py compares the two on many
# languages). A rule that cannot join others is a run of its own: one with backreferences, named
# groups or conditionals (their group numbers would shift), or in other flags than a group scopes.
Match = Callable[[str, int], "re.Match[str] | None"]
Rule = tuple[Match, Any, Any]
# a run of rules: its alternation's match and the rule each marking group stands for, or one
# rule's own match and its number
Run = tuple[Match, "dict[int, int] | int"]
_NUMBERED = re.compile(r"\\[1-9]|\(\?P[<=]|\(\?\(")
_LEADING_FLAGS = re.compile(r"^\(\?[aiLmsux]+\)")
_GLOBAL_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")
_SCOPABLE = ((re.I, "i"), (re.M, "m"), (re.S, "s"))
# rules tried in vain, per character of a state's patterns, that cost about what compiling their
# alternation does (a failed match is about 0.13 us; compiling, 1.2 to 2.4 us a character for
# Python's or Scala's, 21 for Julia's): a state little used is never joined, so a note with one
# short snippet costs no more than it did
JOIN_AFTER = 16


@dataclass(slots=True)
class StateRules:
    """A lexer's rules in one state, and (once joined) the runs they are tried in."""

    rules: Sequence[Rule]
    join_at: int  # rules tried in vain after which they are joined
    tried: int = 0
    runs: tuple[Run, ...] = ()

    def first_match(self, text: str, pos: int) -> tuple[Rule | None, int, re.Match[str] | None]:
        """The first rule matching at `pos`, where its match ends, and the rule's own match (None
        when it matched in its run's alternation, whose groups are not the rule's)."""
        if self.runs:
            for match, marks in self.runs:
                if found := match(text, pos):
                    if type(marks) is int:
                        return self.rules[marks], found.end(), found
                    return self.rules[marks[found.lastindex or 0]], found.end(), None  # type: ignore[index]
            return None, pos, None
        for failed, rule in enumerate(self.rules):
            if m := rule[0](text, pos):
                self.count_failed(failed)
                return rule, m.end(), m
        self.count_failed(len(self.rules))
        return None, pos, None

    def count_failed(self, failed: int) -> None:
        self.tried += failed
        if self.tried >= self.join_at:
            self.runs, self.join_at = joined_runs(self.rules), sys.maxsize


_STATES: dict[tuple[type, str], StateRules] = {}


def state_rules(lexer: RegexLexer, state: str) -> StateRules:
    key = (type(lexer), state)
    found = _STATES.get(key)
    if found is None:
        rules = lexer._tokens[state]  # type: ignore[attr-defined]
        chars = sum(len(rule[0].__self__.pattern) for rule in rules)
        found = _STATES[key] = StateRules(rules, JOIN_AFTER * chars)
    return found


def joined_runs(rules: Sequence[Rule]) -> tuple[Run, ...]:
    """The rules in runs, in order: each run of rules that can be joined as one alternation
    (joined_run), each other rule on its own."""
    runs: list[Run] = []
    gathered: list[tuple[int, str]] = []  # the run being gathered: each rule's scoped pattern
    base = 0
    for number, rule in enumerate(rules):
        rx: re.Pattern[str] = rule[0].__self__  # type: ignore[attr-defined]
        scoped = scoped_pattern(rx, base) if gathered else None
        if scoped is None:  # a run ends here: the rule starts the next, or stands alone
            runs += joined_run(rules, gathered, base)
            base = rx.flags & ~(re.I | re.S)
            scoped = scoped_pattern(rx, base)
            gathered = []
        if scoped is None:
            runs.append((rule[0], number))
        else:
            gathered.append((number, scoped))
    return tuple(runs + joined_run(rules, gathered, base))


def joined_run(rules: Sequence[Rule], gathered: list[tuple[int, str]], base: int) -> list[Run]:
    """One regex matching what the first of the rules `gathered` (by number, with their scoped
    patterns) to match would (each pattern, then an empty group marking it), and the rule each
    marking group stands for."""
    if len(gathered) < 2:
        return [(rules[number][0], number) for number, _ in gathered]
    parts, marks, group = [], {}, 0
    for number, scoped in gathered:
        parts.append(f"{scoped}()")
        group += rules[number][0].__self__.groups + 1  # type: ignore[attr-defined]
        marks[group] = number
    try:
        return [(re.compile("|".join(parts), base).match, marks)]
    except (re.error, RecursionError, OverflowError):
        return [(rules[number][0], number) for number, _ in gathered]


def scoped_pattern(rx: re.Pattern[str], base: int) -> str | None:
    """The rule's pattern in a group with the flags it differs from `base` in (None: it cannot
    be joined to others)."""
    pattern = _LEADING_FLAGS.sub("", rx.pattern)  # its effect is in rx.flags
    extra = rx.flags ^ base
    if base & re.X or _NUMBERED.search(pattern) or _GLOBAL_FLAGS.search(pattern):
        return None  # (a comment ending a verbose pattern would swallow what follows it)
    if extra & ~(re.I | re.M | re.S):
        return None
    on = "".join(letter for flag, letter in _SCOPABLE if extra & flag and rx.flags & flag)
    off = "".join(letter for flag, letter in _SCOPABLE if extra & flag and base & flag)
    return f"(?{on}{'-' + off if off else ''}:{pattern})"


def joined_tokens(
    lexer: RegexLexer, text: str, stack: Sequence[str] = ("root",)
) -> Iterator[tuple[int, Any, str]]:
    """RegexLexer.get_tokens_unprocessed, each state's rules tried in runs once joined."""
    pos, statestack = 0, list(stack)
    state = state_rules(lexer, statestack[-1])
    while True:
        rule, end, own = state.first_match(text, pos)
        if rule is not None:
            match, action, new_state = rule
            if action is not None:
                if type(action) is _TokenType:
                    yield pos, action, text[pos:end]
                else:  # a callback reads the rule's groups: its own match (made again if need be)
                    yield from action(lexer, own if own is not None else match(text, pos))
            pos = end
            if new_state is not None:
                push_states(statestack, new_state)
                state = state_rules(lexer, statestack[-1])
            continue
        if pos >= len(text):
            break
        if text[pos] == "\n":  # at the end of a line, back to the root state
            statestack = ["root"]
            state = state_rules(lexer, "root")
            yield pos, Whitespace, "\n"
        else:
            yield pos, Error, text[pos]
        pos += 1


def push_states(statestack: list[str], new_state: Any) -> None:
    """A rule's state transition, as RegexLexer makes it."""
    if isinstance(new_state, tuple):
        for state in new_state:
            if state == "#pop":
                if len(statestack) > 1:
                    statestack.pop()
            elif state == "#push":
                statestack.append(statestack[-1])
            else:
                statestack.append(state)
    elif isinstance(new_state, int):  # pop, but keep at least one state
        if abs(new_state) >= len(statestack):
            del statestack[1:]
        else:
            del statestack[new_state:]
    elif new_state == "#push":
        statestack.append(statestack[-1])
    else:
        raise AssertionError(f"wrong state def: {new_state!r}")

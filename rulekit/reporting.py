"""How the command line reports a failure: lines on stderr and an exit code.

Every exception that leaves a command ends here, so the rules hold for all of
them at once:

- bad input (`InputError`, a bad command-line option, a broken template, a
  path the system refuses) is one line `path:line: message` or
  `rulekit <command>: message`, exit 2;
- a failed check (`CheckFailed`, `LayoutError`) is its lines, exit 1;
- Ctrl-C is exit 130, quietly;
- anything else is a bug in rulekit: one line naming it, exit 70
  (EX_SOFTWARE), and the traceback only when RULEKIT_DEBUG is set.

This module imports nothing heavy: it runs before and around every command.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any

import typer

from rulekit.errors import CheckFailed, InputError, LayoutError

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130
DEBUG_VARIABLE = "RULEKIT_DEBUG"


def run_reporting(invoke: Callable[[], object], command: str) -> int:
    """Run `invoke` (a command line in non-standalone mode) and return its exit code.

    `command` ("rulekit add") names the command in messages that have no file.
    Whatever `invoke` raises is printed as `describe` says; `SystemExit` passes.
    """
    try:
        result = invoke()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception as error:
        lines, code = describe(error, command)
        if code == EXIT_INTERNAL and os.environ.get(DEBUG_VARIABLE):
            traceback.print_exception(error, file=sys.stderr)
        for line in lines:
            print(line, file=sys.stderr)
        return code
    # Typer returns the code of an explicit `typer.Exit`, else the command's result.
    return result if isinstance(result, int) else EXIT_OK


def describe(error: Exception, command: str) -> tuple[list[str], int]:
    """The lines to print for `error` and the exit code, per the rules above."""
    if isinstance(error, InputError):
        return [one_line(str(error))], EXIT_BAD_INPUT
    if isinstance(error, CheckFailed):
        return [one_line(problem) for problem in error.problems], EXIT_CHECK_FAILED
    if isinstance(error, LayoutError):
        return [one_line(str(error))], EXIT_CHECK_FAILED
    if isinstance(error, typer.TyperException):
        return _command_line_error(error, command)
    if isinstance(error, typer.Abort):  # an interrupted prompt
        return [], EXIT_INTERRUPTED
    template = _template_error(error, command)
    if template is not None:
        return [one_line(template)], EXIT_BAD_INPUT
    if isinstance(error, OSError):
        return [one_line(_os_error(error, command))], EXIT_BAD_INPUT
    name = type(error).__name__
    return [
        one_line(
            f"{command}: internal error: {name}: {error}; set {DEBUG_VARIABLE}=1 for the traceback"
        )
    ], EXIT_INTERNAL


def one_line(text: str) -> str:
    """`text` on one line: its non-blank lines joined with "; "."""
    return "; ".join(line.strip() for line in text.splitlines() if line.strip())


def command_label(root: Any, args: Sequence[str]) -> str:
    """ "rulekit i18n stats" for ["i18n", "stats", "--json"]: the words naming a command."""
    words = ["rulekit"]
    command = root
    for arg in args:
        sub = getattr(command, "commands", {}).get(arg)
        if sub is None:
            break
        words.append(arg)
        command = sub
    return " ".join(words)


def _command_line_error(error: typer.TyperException, command: str) -> tuple[list[str], int]:
    """A Click/Typer usage error as `rulekit <command>: [--option: ]message`."""
    ctx = getattr(error, "ctx", None)
    where = ctx.command_path if ctx is not None else command
    code = int(getattr(error, "exit_code", EXIT_BAD_INPUT))
    name = type(error).__name__
    if name == "NoArgsIsHelpError":
        # Typer has already printed the help to stdout; as Click does, the exit code is 2.
        return [], code
    if isinstance(error, typer.BadParameter) and name != "MissingParameter":
        label = _parameter_label(error)
        reason = _sentence_case(_parameter_reason(error))
        message = error.format_message() if label is None else f"{label}: {reason}"
    else:
        message = error.format_message()
    return [one_line(f"{where}: {_sentence_case(message)}")], code


def _parameter_label(error: typer.BadParameter) -> str | None:
    """How the user wrote the parameter: "--pages", or "PATH" for an argument."""
    param = error.param
    if param is not None:
        opts = [opt for opt in getattr(param, "opts", []) if opt.startswith("--")]
        if opts and getattr(param, "param_type_name", "") == "option":
            return str(opts[0])
        return str(param.name or "").upper() or None
    hint = error.param_hint
    if hint is None:
        return None
    return hint if isinstance(hint, str) else " / ".join(hint)


def _parameter_reason(error: typer.BadParameter) -> str:
    """What is wrong with the value; Typer's pydantic coercion also says what it was."""
    errors = getattr(error.__cause__, "errors", None)
    if not callable(errors):
        return error.message
    first = errors()[0]
    reason = str(first["msg"]).removeprefix("Value error, ").removesuffix(".")
    given = repr(first.get("input"))
    return reason if given in reason else f"{reason}: {given}"


def _sentence_case(message: str) -> str:
    """Click's "No such option: --x." as a clause: "no such option: --x"."""
    message = message.strip().removesuffix(".")
    if message[:1].isupper() and not message[1:2].isupper():
        message = message[:1].lower() + message[1:]
    return message


def _template_error(error: Exception, command: str) -> str | None:
    """A Jinja2 error as `template:line: message`, None for any other error.

    jinja2 is looked up, not imported: if no command has loaded it, the error
    cannot be one of its.
    """
    jinja2 = sys.modules.get("jinja2")
    if jinja2 is None or not isinstance(error, jinja2.TemplateError):
        return None
    if isinstance(error, jinja2.TemplateSyntaxError):
        return f"{error.filename or error.name}:{error.lineno}: {error.message}"
    where = _template_frame(error.__traceback__)
    if isinstance(error, jinja2.TemplateNotFound):
        message = f"template {error.name!r} not found"
        return f"{where[0]}:{where[1]}: {message}" if where else f"{error.name}:0: not found"
    if where:
        return f"{where[0]}:{where[1]}: {error.message}"
    return f"{command}: template error: {error.message}"


def _template_frame(tb: TracebackType | None) -> tuple[str, int] | None:
    """The innermost template line in a traceback.

    Jinja2 rewrites the frames of compiled templates to carry the template's
    file name and line, so the last frame that is not Python code is where the
    template went wrong.
    """
    found = None
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if not filename.endswith(".py") and not filename.startswith("<"):
            found = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _os_error(error: OSError, command: str) -> str:
    """`path:0: reason` when the system names the path it refused, else the command."""
    reason = error.strerror or str(error)
    if error.filename is not None:
        return f"{os.fsdecode(error.filename)}:0: {reason}"
    return f"{command}: {reason}"

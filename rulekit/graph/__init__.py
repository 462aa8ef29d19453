"""The graph stage: cleaned blocks of one manual to its rule graph.

One module per concern: `units` cuts the body into nodes and gives each its kind,
`links` chooses the edges between them, `ids` names them, and `builder` puts the
graph together with one German pipeline and glossary.

The package itself exports only the id rules, which the quick reference and the
overrides need: importing the builder loads spaCy, and a build whose graphs are all
cached never needs it (import `rulekit.graph.builder` for `GraphBuilder`).
"""

from rulekit.graph.ids import slugify, unique_id

__all__ = ["slugify", "unique_id"]

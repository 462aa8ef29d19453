"""The graph stage: cleaned blocks of one manual to its rule graph.

One module per concern: `units` cuts the body into nodes and gives each its kind,
`links` chooses the edges between them, `ids` names them, and `builder` puts the
graph together with one German pipeline and glossary.
"""

from rulekit.graph.builder import GraphBuilder, build_graph
from rulekit.graph.ids import slugify, unique_id

__all__ = ["GraphBuilder", "build_graph", "slugify", "unique_id"]

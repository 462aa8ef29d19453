"""Print output: a rules sheet, a deck of poker cards and its A4 imposition, print-ready.

One module per concern: `content` chooses what prints (the editors' quick
reference, or a game's mechanical rules) in the card language; `printed`
gathers all a document shows (and hashes it, the build's key for the print
files); `typography` sets text as each language's typesetters would; `layout`
fits it onto cards at one body size per deck; `sizing` chooses the body size
of a sheet; `columns` flows a sheet's text through column-sized pages that
are drawn onto its sides; `impose` draws pages onto pages (the cards onto A4,
a sheet's columns onto its sides);
`prepress` turns each file into CMYK with an output intent and its metadata;
`printer` lays the documents out with WeasyPrint (`render_cards`).

This package imports nothing itself: the build process imports `printed`
without loading WeasyPrint, which only the card workers need.
"""

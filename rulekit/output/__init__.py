"""What players and publishers get: print sheets and cards, the static site, their templates."""

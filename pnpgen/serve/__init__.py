"""``pnpgen serve``: a live design studio in the browser — every card drawn by the PDF renderer,
the validator's findings linked to their cards, a card view, live reload on save, print and simulate
panels. ``state`` holds the studio's model, ``app`` its routes, ``events`` the live-reload stream."""

"""The designer's loop: card thumbnails cached by content, contact sheets (``pnpgen proof``) and
the save-reload-validate-render loop of ``pnpgen watch``."""

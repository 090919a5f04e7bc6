"""Function views of the pairing app, one module per page family."""

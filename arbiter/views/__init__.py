"""Function views, one module per page family."""

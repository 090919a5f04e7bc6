"""One service function per state change, called by views, HTMX endpoints and commands alike."""

"""The web server (issue 10): any registered game hosted over HTTP and WebSockets, stored in
SQLite (or PostgreSQL), with a browser UI. See docs/protocol.md and docs/server.md."""

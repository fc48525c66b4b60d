"""The command line: argument parsing and the commands; it starts the app, never the reverse."""

"""Bot arena: a websocket game server in the classic 15-puzzle bot protocol, and its bot."""

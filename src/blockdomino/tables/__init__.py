"""The class's tables, apart from any web server: games refereed by the engine, seats
held by secret tokens, every action kept in SQLite before anyone hears of it."""

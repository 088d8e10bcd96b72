"""Where the live class is kept while it is served: the SQLite and Redis implementations
of the store interface (``classroom.store``), chosen in one place from the data path or
the Redis URL (``stores.choice``). Nothing here knows the transport (``server``)."""

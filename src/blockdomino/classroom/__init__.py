"""The live class with no transport in it: the live activities (the tables, the quiz,
the walkthrough, the teacher's desk) behind one interface and in one registry, what an
activity asks of the hub, the one store interface, the screens of the class and what
each may ask. The sockets, pages and store implementations are ``server``'s."""

"""The class server: the built site's files and the class's tables over one address."""

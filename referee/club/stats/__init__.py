"""Statistics and ratings of the club's finished plays, their cache, charts and insights."""

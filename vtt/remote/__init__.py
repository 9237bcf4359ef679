"""Remote play over days (issue 37): time controls of a game without a GM, conceding."""

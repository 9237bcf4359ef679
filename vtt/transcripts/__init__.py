"""A session's transcript (the 染色 log): its lines for each reader, and the files they keep."""

"""A campaign's content library: weapons, armour, items, templates, frames, unit types by kind."""

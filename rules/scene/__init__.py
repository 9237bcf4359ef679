"""Scene maps for the role-playing systems (Delta Green, Call of Cthulhu, Ace Evolution).

A scene map is optional: an encounter without `state["scene"]` is played in the theatre of
the mind and its forms ask for distances as before. The shape of the map in the state and
the geometry every rule reads are in `rules.scene.grid`.
"""

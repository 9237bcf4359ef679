"""The lobby: the campaign's pages and what spans the apps below it (issue 31's layering).

A campaign's page, joining, roles and seats, a new game with its table, the days between fights
and a campaign moved between servers each change campaigns, characters and tables together, so
they sit above those apps (vtt/campaigns, vtt/characters, vtt/encounters), which never import
them. tests/vtt/test_import_cycles.py keeps the apps free of cycles.
"""

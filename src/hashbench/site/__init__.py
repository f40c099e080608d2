"""`hashbench site`'s data: the history store's machines, runs, groups and their histories,
each library's card per machine, the newest fidelity and seeds runs, and the strength
results files, gathered once into model/site.py's SiteData for report/site/ to render."""

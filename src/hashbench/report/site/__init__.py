"""`hashbench site`'s pages: each module renders one kind of page from model/site.py's
SiteData; `build.py` lays out the whole site (every file by its relative path)."""

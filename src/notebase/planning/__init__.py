"""Planning pages: the index -> cards and every page (PageSpec) of the site, and their rendering
(the home of Jinja2)."""

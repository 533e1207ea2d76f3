"""The build machinery: runs the stages from one build's state to the next, keeps what a
rebuild reuses (memo.py, cache.py), and puts the site on disk (sitefiles.py, search.py, write.py)."""

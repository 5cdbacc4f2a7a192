"""What the page-per-task waterfall recipes share: pages laid out each on its own, stacked
in page order. A waterfall's sections only stack, so a page's frames in the whole layout
are its own moved down by the heights of the pages above it. See docs/large-catalogs.md.
"""


def page_tops(heights):
    """Each page's top in the whole layout, from the pages' content heights in page order,
    and the whole layout's height: the heights added one after another, in page order."""
    tops, top = [], 0.0
    for height in heights:
        tops.append(top)
        top += height
    return tops, top

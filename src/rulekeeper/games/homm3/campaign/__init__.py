"""Campaigns (``homm3-campaign``, docs/homm3-campaigns.md, issue 26 §3): a chain of solo
scenarios and what carries over between them. The modules: model.py (the data), reading.py
(the file, every problem named by its field), rules.py (the carry-over rules of
Heegu-sama/Homm3BG:sections/campaign.tex), chain.py (a campaign played scenario after scenario,
its progress saved; ``rulekeeper play homm3 --campaign FILE``). Imports nothing, so that
map/carry.py may import model.py alone."""

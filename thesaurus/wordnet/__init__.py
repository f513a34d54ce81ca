"""WordNet 3.0: its files provisioned, its hierarchies as thesauri, glosses, morphy, and
what it says about verbs (examples, frames, templates)."""

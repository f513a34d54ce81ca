"""The supervised methods: ``ims`` (a linear SVM per verb over local features) and
``hybrid`` (the same with the verb's case frame added as features)."""

from wsd.methods.supervised.features import COLLOCATIONS, GROUPS, frame_features, ims_features
from wsd.methods.supervised.hybrid import HybridWSD
from wsd.methods.supervised.ims import IMSWSD

__all__ = ["COLLOCATIONS", "GROUPS", "HybridWSD", "IMSWSD", "frame_features", "ims_features"]

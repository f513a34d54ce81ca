"""The supervised methods: ``ims`` (a linear SVM per verb over local features) and
``hybrid`` (the same with the verb's case frame added as features)."""

from .features import COLLOCATIONS, GROUPS, frame_features, ims_features
from .hybrid import HybridWSD
from .ims import IMSWSD

__all__ = ["COLLOCATIONS", "GROUPS", "HybridWSD", "IMSWSD", "frame_features", "ims_features"]

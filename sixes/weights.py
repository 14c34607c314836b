"""The hard bot's policy weights, one per ``bots.FEATURES``, tuned by CMA-ES
against a field of medium bots under duplicate play: ``tools/tune_policy.py``
(the README says how to re-tune). Only these numbers ship, not the tuner."""

HARD_POLICY = (7.117, -0.863, 0.011, 0.141, -5.431, -2.224, -1.701, -4.864, 0, 0, 0)

"""The hard bot's policy weights, one per ``bots.FEATURES``, tuned by CMA-ES
against a field of medium bots under duplicate play: ``tools/tune_policy.py``
(the README says how to re-tune). Only these numbers ship, not the tuner."""

HARD_POLICY = (3, -0.5, 3, 1, -4, 0, 0, 0)

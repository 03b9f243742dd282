"""Computer players. Each decides from an observation (and its own deck list) only."""

from engine.ai.agents import (
    LEVELS,
    Agent,
    EasyAgent,
    GreedyAgent,
    Level,
    PolicyAgent,
    RandomAgent,
    decide,
    make_agent,
)

__all__ = ["LEVELS", "Agent", "EasyAgent", "GreedyAgent", "Level", "PolicyAgent",
           "RandomAgent", "decide", "make_agent"]

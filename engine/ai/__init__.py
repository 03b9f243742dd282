"""Computer players. Each decides from an observation (and its own deck list) only."""

from engine.ai.agents import Agent, GreedyAgent, RandomAgent, make_agent

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "make_agent"]

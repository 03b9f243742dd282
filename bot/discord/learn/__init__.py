"""Learning in Discord: help, the rules browser, and the faction, leader and card guides."""

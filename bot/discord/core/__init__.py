"""What every feature of the Discord adapter shares: outgoing messages and components,
answering and refusing interactions, forms, and the interactions in flight."""

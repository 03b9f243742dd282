-- Number 8 is reserved for a change made on another branch. This file only keeps the
-- numbering without gaps on this branch: it changes nothing, and is deleted when the real
-- migration 0008 is merged (two files numbered 8 stop the bot at start-up).
SELECT 1;

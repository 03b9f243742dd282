-- Number 8 belongs to a migration of another branch. This empty step only keeps the
-- numbering without gaps here; delete it when that migration is merged (two files with the
-- same number stop the bot at start-up).
SELECT 1;

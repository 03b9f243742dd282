-- When each player of a match was last seen looking at it: seen_at for any interaction with
-- the match (a click or command in chat, or the table), table_seen_at for the table in a
-- browser alone. A player seen within bot.service.LOOKING_SECONDS is not pinged by a board,
-- and one seen at the table that recently is not mentioned by the turn timer's warning
-- either. NULL: not seen since this version.
ALTER TABLE seats ADD COLUMN seen_at REAL;
ALTER TABLE seats ADD COLUMN table_seen_at REAL;

"""The table in Discord: "Play at the table" (LAUNCH_ACTIVITY), the Entry Point command and
/gwent watch; the table's server itself is bot/web."""

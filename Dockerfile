# Gwent for Discord: one bot process. Configure it with environment variables (see README);
# docker-compose.yml runs PostgreSQL and two of these with two shards each.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1

WORKDIR /app
COPY requirements.txt ./
RUN pip install --no-cache-dir -r requirements.txt

COPY engine ./engine
COPY bot ./bot
COPY migrations ./migrations
COPY assets ./assets
# The table's page, served as built (table/dist) when DISCORD_CLIENT_SECRET is set.
COPY table/dist ./table/dist

# A SQLite database (DATABASE_PATH, the default) lives in /app/data: mount a volume there.
RUN useradd --create-home --uid 1000 gwent && mkdir -p /app/data && chown gwent /app/data
USER gwent
VOLUME ["/app/data"]

# The table's web server (WEB_PORT), when DISCORD_CLIENT_SECRET is set.
EXPOSE 8080

# docker stop sends SIGTERM, which the bot handles like Ctrl-C (answers in progress finish).
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]

#!/bin/sh
# First start: a cluster whose `domino` user (password from POSTGRES_PASSWORD) owns the database
# `domino`; then the server, listening on every address of the container (its network only).
set -eu
BIN=/usr/lib/postgresql/15/bin
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    "$BIN/initdb" -D "$PGDATA" -U postgres -A scram-sha-256 --pwfile=/dev/stdin <<PW
${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}
PW
    echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
    "$BIN/pg_ctl" -D "$PGDATA" -w -o "-c listen_addresses=''" start
    PGPASSWORD=$POSTGRES_PASSWORD psql -h /var/run/postgresql -U postgres -v ON_ERROR_STOP=1 \
        -c "CREATE USER domino PASSWORD '$POSTGRES_PASSWORD'" -c "CREATE DATABASE domino OWNER domino"
    "$BIN/pg_ctl" -D "$PGDATA" -w stop
fi
exec "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/tmp

# PostgreSQL 15 from Debian 12's packages, for compose.yaml's `postgres` profile (the same
# base as the bot's image: no registry needed). Data in /var/lib/postgresql/data (a volume);
# the database `domino` and its user are made on the first start.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* \
    && install -d -m 700 -o postgres -g postgres /var/lib/postgresql/data
COPY docker/postgres-start.sh /usr/local/bin/postgres-start
USER postgres
ENV PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
EXPOSE 5432
HEALTHCHECK --interval=5s --timeout=3s --retries=20 CMD ["pg_isready", "-h", "127.0.0.1"]
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/postgres-start"]

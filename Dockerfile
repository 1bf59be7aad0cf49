# The bot's image: Debian 12's Python 3.11, the bot's locked dependencies (fonts included: Open
# Sans comes with them), the bot's code, and a user that is not root. Two stages: the first
# installs, the second keeps only the virtual environment and the code (no pip cache, no build
# tools). `docker compose up` builds and runs it (compose.yaml).
#
# BASE is any Debian 12 (bookworm) image: `debian:bookworm-slim` from a registry, or one made
# from Debian's packages where no registry is reachable (docker/make-base.sh).
ARG BASE=debian:bookworm-slim

FROM ${BASE} AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 python3-venv ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY requirements.run.lock /tmp/
# A proxy's certificate authority, if the build's network needs one (docker/ca/README.md).
COPY docker/ca/ /tmp/ca/
RUN if ls /tmp/ca/*.crt >/dev/null 2>&1; then \
        cat /etc/ssl/certs/ca-certificates.crt /tmp/ca/*.crt > /tmp/ca/bundle.pem; \
        export PIP_CERT=/tmp/ca/bundle.pem; \
    fi \
    && python3 -m venv /opt/domino \
    && /opt/domino/bin/python -m pip install --no-cache-dir --require-hashes \
        -r /tmp/requirements.run.lock \
    && find /opt/domino -name '__pycache__' -prune -exec rm -rf {} + \
    && rm -rf /opt/domino/lib/python3*/site-packages/pip*
COPY bot.py /app/
COPY engine /app/engine
COPY render /app/render
COPY data /app/data
COPY cogs /app/cogs
RUN /opt/domino/bin/python -m compileall -q /app /opt/domino/lib

FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 \
    && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin domino \
    && mkdir /data && chown domino /data
COPY --from=build /opt/domino /opt/domino
COPY --from=build /app /app
WORKDIR /app
USER domino
# The store on the volume, the health endpoint on the container's port (published by compose
# on the host's loopback only), JSON logs for a collector; every other setting from the
# environment (docs/configuration.md).
ENV DATABASE_PATH=/data/domino.sqlite3 \
    HEALTH_ADDRESS=0.0.0.0:9100 \
    LOG_FORMAT=json \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1
VOLUME /data
EXPOSE 9100
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["/opt/domino/bin/python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:9100/healthz', timeout=4).status != 200)"]
# SIGTERM stops the bot gracefully (docs/operating.md, "Stopping").
STOPSIGNAL SIGTERM
ENTRYPOINT ["/opt/domino/bin/python", "bot.py"]

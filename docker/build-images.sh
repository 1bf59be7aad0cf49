#!/usr/bin/env bash
# The bot's image and compose.yaml's PostgreSQL image, built here from Debian's packages alone
# (no image registry needed): `make test-image` runs this, then tests/test_container_image.py.
# Run as root on a Debian machine: it installs Docker's engine, debootstrap and docker-compose
# from Debian where they are missing, and starts the engine if none answers; where no engine
# can run at all, it says so and exits with status 3.
set -euo pipefail
cd "$(dirname "$0")/.."
NO_ENGINE=3  # the exit status when no engine can run here (make test-image says so and stops)

has() { command -v "$1" >/dev/null 2>&1; }
if ! has dockerd || ! has debootstrap || ! { has docker-compose || docker compose version >/dev/null 2>&1; }; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io debootstrap docker-compose >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
    # No NAT rules (this machine's network allows none): builds use the host's network, and
    # containers on bridge networks reach only this machine, which is all the tests need.
    dockerd --iptables=false >/tmp/domino-dockerd.log 2>&1 &
    for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
    if ! docker info >/dev/null 2>&1; then
        # A machine whose kernel or sandbox runs no container engine: nothing to build on.
        tail -20 /tmp/domino-dockerd.log >&2
        echo "no Docker engine could be started here: the images were not built" >&2
        exit "$NO_ENGINE"
    fi
fi
# A proxy that intercepts TLS signs with a CA this machine trusts: pip in the build trusts it
# too (docker/ca/README.md; the certificates stay out of the image and out of git).
for crt in /usr/local/share/ca-certificates/*.crt; do
    [ -e "$crt" ] && cp "$crt" docker/ca/
done
docker image inspect domino-base:bookworm >/dev/null 2>&1 || docker/make-base.sh domino-base:bookworm
docker build -q --network host --build-arg BASE=domino-base:bookworm -t domino-bot .
docker build -q --network host --build-arg BASE=domino-base:bookworm \
    -f docker/postgres.Dockerfile -t domino-postgres .

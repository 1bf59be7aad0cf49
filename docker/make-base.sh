#!/usr/bin/env bash
# A Debian 12 base image made from Debian's packages, for a machine that reaches Debian's
# package mirror but no image registry: debootstrap writes a minimal root file system and
# `docker import` makes it an image. Then: docker compose build --build-arg BASE=domino-base:bookworm
# (or BASE=domino-base:bookworm in the environment, which compose.yaml passes on).
set -euo pipefail
TAG=${1:-domino-base:bookworm}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
ROOT=$(mktemp -d)
trap 'rm -rf "$ROOT"' EXIT
debootstrap --variant=minbase bookworm "$ROOT" "$MIRROR"
echo "deb $MIRROR bookworm main" > "$ROOT/etc/apt/sources.list"
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/*
tar -C "$ROOT" -c . | docker import - "$TAG"
echo "made $TAG"

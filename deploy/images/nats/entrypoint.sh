#!/bin/sh
# As the official image: a command starting with a flag is nats-server's.
set -eu
case "${1:-}" in -*) set -- nats-server "$@" ;; esac
exec "$@"

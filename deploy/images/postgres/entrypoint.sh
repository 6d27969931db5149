#!/bin/bash
# The official image's contract, minus its extras: a command starting with a flag is postgres's;
# an empty data directory is initialised first. The database is created in single-user mode, so
# the server listens on TCP only once it is ready (a healthcheck or a port wait cannot see a
# half-initialised server).
set -euo pipefail
if [[ "${1:-}" == -* ]]; then set -- postgres "$@"; fi
if [[ "$1" == postgres && ! -s "$PGDATA/PG_VERSION" ]]; then
  user="${POSTGRES_USER:-postgres}"
  method="${POSTGRES_HOST_AUTH_METHOD:-}"
  pwfile=()
  if [[ -n "${POSTGRES_PASSWORD:-}" ]]; then
    printf '%s' "$POSTGRES_PASSWORD" > /tmp/pwfile
    pwfile=(--pwfile=/tmp/pwfile)
    method="${method:-scram-sha-256}"
  fi
  if [[ -z "$method" ]]; then
    echo "entrypoint: set POSTGRES_PASSWORD or POSTGRES_HOST_AUTH_METHOD (e.g. trust)" >&2
    exit 1
  fi
  initdb -U "$user" -E UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host="$method" "${pwfile[@]}" >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all $method" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  db="${POSTGRES_DB:-$user}"
  if [[ "$db" != postgres ]]; then
    echo "CREATE DATABASE \"$db\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec "$@"

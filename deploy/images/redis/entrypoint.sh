#!/bin/sh
# As the official image: a command starting with a flag is redis-server's. Without a config file
# redis-server refuses clients from other addresses (protected mode), which is every client of a
# container; the official image turns it off the same way.
set -eu
case "${1:-}" in -*) set -- redis-server "$@" ;; esac
if [ "$1" = redis-server ]; then
  shift
  case "${1:-}" in
    -*|"") set -- redis-server --protected-mode no "$@" ;;
    *) conf="$1"; shift; set -- redis-server "$conf" --protected-mode no "$@" ;;
  esac
fi
exec "$@"

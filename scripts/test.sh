#!/usr/bin/env bash
# Runs every test: unit, server integration (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the browser journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm install --no-audit --no-fund
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null
fi

echo "== unit =="
npx vitest run --project unit
echo "== server on PGlite =="
npx vitest run --project server
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== server on PostgreSQL =="
  DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project server
fi
echo "== build =="
npm run build
echo "== browser journeys =="
npm run test:e2e

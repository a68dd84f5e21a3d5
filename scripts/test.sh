#!/usr/bin/env bash
# Runs every test: unit, server integration (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the browser journeys in Chromium, then the
# first screens on a phone against their Lighthouse gate.
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
# With an S3-compatible server (TEST_S3_ENDPOINT: an s3rver that `node scripts/s3-server.mjs` started,
# as .ci/run does), the PostgreSQL pass keeps every test's files in a bucket: the PGlite pass covers
# the local disk, this one object storage. Without PostgreSQL, the upload tests alone run again on it.
S3_TEST_ENV=()
if [ -n "${TEST_S3_ENDPOINT:-}" ]; then
  S3_TEST_ENV=(TEST_STORAGE_URL=s3://eventapp-test/ci S3_ENDPOINT="$TEST_S3_ENDPOINT" AWS_ACCESS_KEY_ID=S3RVER
    AWS_SECRET_ACCESS_KEY=S3RVER AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true)
fi
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== server on PostgreSQL${TEST_S3_ENDPOINT:+, files in an S3 bucket} =="
  env "${S3_TEST_ENV[@]}" DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project server
elif [ -n "${TEST_S3_ENDPOINT:-}" ]; then
  echo "== upload tests on object storage (S3 API) =="
  env "${S3_TEST_ENV[@]}" npx vitest run --project server \
    apps/server/src/platform/storage/storage.test.ts \
    apps/server/src/modules/content/content-uploads.test.ts \
    apps/server/src/modules/content/content-upload-budget.test.ts \
    apps/server/src/modules/content/content-held-sweep.test.ts \
    apps/server/src/modules/content/content-outside-images.test.ts \
    apps/server/src/modules/chats/chats-files.test.ts \
    apps/server/src/modules/marketplace/marketplace.test.ts \
    apps/server/src/modules/resources/resources.test.ts \
    apps/server/src/modules/console/apps/console-apps.test.ts \
    apps/server/src/modules/users/users.test.ts \
    apps/server/src/db/backup/backup.test.ts
fi
# Two nodes behind a proxy on a throwaway PostgreSQL, 50 members for 60 s, a node killed, PostgreSQL
# stopped for 10 s, a node drained (docs/operations.md "Soak and chaos"; `npm run soak` is the 10-minute run).
echo "== soak and chaos, short =="
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  S3_ENV=()
  # With an S3-compatible server (CI), the two nodes keep their files in a bucket.
  [ -n "${TEST_S3_ENDPOINT:-}" ] && S3_ENV=(STORAGE_URL=s3://eventapp-test/soak S3_ENDPOINT="$TEST_S3_ENDPOINT" AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true)
  env "${S3_ENV[@]}" DATABASE_URL="" SOAK_SECONDS="${SOAK_SECONDS:-60}" SOAK_MEMBERS="${SOAK_MEMBERS:-50}" SOAK_PG_STOP="${SOAK_PG_STOP:-10}" npm run soak
else
  echo "skipped: no PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)"
fi
echo "== build =="
npm run build
echo "== browser journeys =="
npm run test:e2e
# The first screen of every module on a phone (Lighthouse mobile): one run a page, two more when it
# falls below the gate (the median of three decides), one repeat visit.
echo "== first screens on a phone (Lighthouse, gate: performance 90, accessibility and best practices 100) =="
LIGHTHOUSE_RUNS=1 LIGHTHOUSE_REPEAT=1 LIGHTHOUSE_MIN="${LIGHTHOUSE_MIN:-90}" npm run lighthouse

#!/usr/bin/env bash
# The README's test command runs this: unit, model-based and end-to-end tests, then one closing count.
set -uo pipefail
cd "$(dirname "$0")/.."

# What the tests drive, from Debian's packages when missing (CHROMIUM_PATH: a Chromium found elsewhere):
# the tests run in chromium-headless-shell, the benchmarks in the whole chromium (tests/support/chromium.ts).
missing=()
if [ -z "${CHROMIUM_PATH:-}" ]; then
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
fi
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
[ -x /usr/sbin/mosquitto ] || missing+=(mosquitto)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "安装测试所需的 Debian 软件包：${missing[*]} ..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") || { echo "无法安装：${missing[*]}"; exit 1; }
fi

mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/vitest-postgres.json .tmp/vitest-cluster.json .tmp/playwright.json

npx vite build --logLevel warn || { echo "0 passed, 1 failed"; exit 1; }

npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
unit=$?

# The server's route tests again on PostgreSQL (issue #21): a throwaway server on loopback, each app
# on a database of its own copied from a seeded template. Every test file that starts the server with
# startTestApp is named server-*.test.ts for this.
pg_port=${TEST_PG_PORT:-15432}
trap 'scripts/postgres-throwaway.sh stop "$pg_port"' EXIT
if pg_url=$(scripts/postgres-throwaway.sh start "$pg_port"); then
  echo "PostgreSQL：$pg_url"
  # (four workers: the tests wait on PostgreSQL as much as they compute)
  TEST_DATABASE_URL=$pg_url npx vitest run tests/unit/server-*.test.ts tests/unit/*/server-*.test.ts --maxWorkers=4 \
    --reporter=default --reporter=json --outputFile.json=.tmp/vitest-postgres.json
  unit_pg=$?
  # Two server nodes behind nginx on it, with Mosquitto (tests/cluster/: the several-nodes proof)
  TEST_DATABASE_URL=$pg_url npx vitest run --config vitest.cluster.config.ts \
    --reporter=default --reporter=json --outputFile.json=.tmp/vitest-cluster.json
  cluster=$?
else
  unit_pg=1
  cluster=1
fi
scripts/postgres-throwaway.sh stop "$pg_port"
# the HTML report (traces and screenshots of failures) stays in .tmp/playwright-report
PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json PLAYWRIGHT_HTML_OUTPUT_DIR=.tmp/playwright-report PLAYWRIGHT_HTML_OPEN=never \
  npx playwright test --reporter=list,json,html
e2e=$?

node scripts/test-summary.mjs .tmp/vitest.json .tmp/vitest-postgres.json .tmp/vitest-cluster.json .tmp/playwright.json
[ $unit -eq 0 ] && [ $unit_pg -eq 0 ] && [ $cluster -eq 0 ] && [ $e2e -eq 0 ]

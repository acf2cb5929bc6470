#!/usr/bin/env bash
# The README's test command runs this: unit, model-based and end-to-end tests, then one closing count.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ] || [ ! -d /usr/share/fonts/opentype/noto ] || [ ! -x /usr/sbin/mosquitto ] || [ ! -x /usr/sbin/nginx ]; then
  echo "安装 Debian 的 Chromium、中文字体、Mosquitto 与 nginx（测试需要）..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk mosquitto nginx) || { echo "无法安装测试所需的软件包"; exit 1; }
fi

mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/playwright.json

npx vite build --logLevel warn || { echo "0 passed, 1 failed"; exit 1; }

npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
unit=$?
PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
e2e=$?

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json
[ $unit -eq 0 ] && [ $e2e -eq 0 ]

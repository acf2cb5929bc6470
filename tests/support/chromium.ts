/**
 * The Chromium the tests and benchmarks drive: Debian's by default (the test command installs it when
 * missing); CHROMIUM_PATH points elsewhere, and then nothing is installed for it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The Chromiums the tests and benchmarks drive, Debian's (the test command installs them when missing);
 * CHROMIUM_PATH points elsewhere, and then it is the one both use.
 */

/** The benchmarks' Chromium: the whole browser, as a person's console runs in it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The tests' Chromium: Debian's chromium-headless-shell, the same Blink and V8 without the browser's
 * window machinery (Playwright's own choice for headless runs). It spends about a third less CPU per
 * test than the whole browser run headless: 131 against 199 s of Chromium time for the same 32 tests,
 * 1.7 against 2.4 min (docs/decisions.md "A map behind another tab, and the tests' Chromium").
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

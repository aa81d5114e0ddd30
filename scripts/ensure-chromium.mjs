#!/usr/bin/env node
// Makes sure the system Chromium that Playwright drives is present. Playwright's own browser download cannot work on
// this project's machines (no network but the npm registry and Debian's packages), so we use Debian's chromium.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Fonts for the Indian scripts the app is written in (Devanagari for Hindi and Marathi, Malayalam, Tamil, Kannada), as
 * a rider's phone has them (Android ships Noto): without them Debian's Chromium draws those texts as empty boxes, so
 * screenshots of the app in Hindi show nothing to check and the browser searches every font on each missing glyph.
 */
const INDIC_LANGS = ['hi', 'ml', 'ta', 'kn'];
function ensureIndicFonts(isRoot) {
  let missing;
  try {
    missing = INDIC_LANGS.filter((lang) => !execSync(`fc-list :lang=${lang} family`, { encoding: 'utf8' }).trim());
  } catch {
    return; // no fontconfig tools: nothing to check with
  }
  if (!missing.length) return;
  if (!isRoot) {
    console.warn(`No font for ${missing.join(', ')}: install them with\n  sudo apt-get install -y fonts-noto-core`);
    return;
  }
  aptInstall(['fonts-noto-core']);
}

/**
 * Debian's headless-only build of the same Chromium (package chromium-headless-shell, Playwright's default for headless
 * runs): no browser UI layer, so each page costs the 2-core machine less. The e2e suite runs in it when it is present
 * (e2e/support/server.ts); the benches keep the full browser (Lighthouse wants --headless=new).
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

function aptInstall(packages) {
  console.log(`Installing ${packages.join(', ')} from Debian (apt-get install)...`);
  execSync(`(apt-get install -y -qq ${packages.join(' ')} || (apt-get update -qq && apt-get install -y -qq ${packages.join(' ')}))`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Chromium (and, as root, its headless shell) present; returns the full browser's path. */
export function ensureChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  ensureIndicFonts(isRoot);
  const missing = [
    ...(existsSync(CHROMIUM_PATH) ? [] : ['chromium']),
    ...(process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL_PATH) ? [] : ['chromium-headless-shell']),
  ];
  if (!missing.length) return CHROMIUM_PATH;
  if (!isRoot) {
    if (!existsSync(CHROMIUM_PATH)) {
      console.error(
        `Chromium is missing at ${CHROMIUM_PATH}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n(or set CHROMIUM_PATH to a Chromium binary).`,
      );
      process.exit(1);
    }
    console.warn(`No headless shell at ${HEADLESS_SHELL_PATH}: the e2e suite runs in the full browser (sudo apt-get install -y chromium-headless-shell)`);
    return CHROMIUM_PATH;
  }
  aptInstall([...missing, 'fonts-noto-core']);
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get finished but ${CHROMIUM_PATH} is still missing.`);
    process.exit(1);
  }
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

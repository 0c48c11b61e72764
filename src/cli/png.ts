// Renders an HTML file to PNG in headless Chromium through playwright-core, when Debian's Chromium is installed.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where Debian's chromium package puts the browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Screenshots `htmlFile` to `pngFile`; returns null on success or why the PNG was skipped. */
export async function renderPng(htmlFile: string, pngFile: string, executablePath = CHROMIUM): Promise<string | null> {
  if (!existsSync(executablePath)) return `${executablePath} not found (install Debian's chromium package for the PNG)`;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(pathToFileURL(htmlFile).href);
    await page.screenshot({ path: pngFile, fullPage: true });
    return null;
  } finally {
    await browser.close();
  }
}

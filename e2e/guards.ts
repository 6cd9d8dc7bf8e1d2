// Tripwires for the security and fault specs: XSS payloads that would set a global flag, open a dialog or leave
// a marked element behind if any of them ever became markup, and listeners that record whatever did happen.
import { expect, type Page } from '@playwright/test';

/** Every element a payload could create carries an id starting with this. */
export const MARK = 'xssmark';

/** The payloads for one place (`where` names it in the flag and the ids, so a failure says where it came from). */
export function payloads(where: string): string[] {
  const flag = (how: string) => `window.__xss='${where}-${how}'`;
  return [
    `<img src=x id="${MARK}-${where}-img" onerror="${flag('img')}">`,
    `<script id="${MARK}-${where}-script">${flag('script')}</script>`,
    `<svg id="${MARK}-${where}-svg" onload="${flag('svg')}"><circle r="1"/></svg>`,
    `<a id="${MARK}-${where}-a" href="javascript:${flag('a')}">click me</a>`,
    `javascript:${flag('url')}`,
    `<iframe id="${MARK}-${where}-iframe" srcdoc="<script>parent.__xss='${where}-iframe'</script>"></iframe>`,
    `"><img src=x id="${MARK}-${where}-attr" onerror=alert('${where}')>`,
    `<details id="${MARK}-${where}-details" open ontoggle="${flag('toggle')}">`,
    `<math><mtext><table><mglyph><style><img src=x id="${MARK}-${where}-mxss" onerror="${flag('mxss')}">`,
  ];
}

/** Installs the tripwires before any page script runs; call before the first goto. */
export async function installGuards(
  page: Page,
): Promise<{ dialogs: string[]; consoleLines: string[] }> {
  const dialogs: string[] = [];
  const consoleLines: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
  await page.addInitScript((mark) => {
    const w = window as unknown as {
      __xss: string | null;
      __violations: string[];
      __injected: string[];
    };
    w.__xss = null;
    w.__violations = [];
    w.__injected = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(
        `${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
    // Markup never comes from React text: an id with the mark, an inline handler, or a javascript: URL means a
    // payload became an element or an attribute.
    const bad = (el: Element) =>
      el.id.startsWith(mark) ||
      [...el.attributes].some(
        (a) =>
          /^on/i.test(a.name) ||
          (/^(href|src|xlink:href|action|formaction|srcdoc)$/i.test(a.name) &&
            /^\s*javascript:/i.test(a.value)),
      );
    const report = (el: Element) => w.__injected.push(el.outerHTML.slice(0, 200));
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element && bad(r.target))
          report(r.target);
        for (const n of r.addedNodes)
          if (n instanceof Element)
            for (const el of [n, ...n.querySelectorAll('*')]) if (bad(el)) report(el);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, MARK);
  return { dialogs, consoleLines };
}

/** Nothing ran, nothing was injected, nothing was blocked, no dialog opened. */
export async function expectNoScriptRan(page: Page, dialogs: string[]): Promise<void> {
  const state = await page.evaluate(() => {
    const w = window as unknown as {
      __xss: string | null;
      __violations: string[];
      __injected: string[];
    };
    return {
      xss: w.__xss,
      violations: w.__violations,
      injected: w.__injected,
      marked: document.querySelectorAll('[id^="xssmark"]').length,
    };
  });
  expect(state).toEqual({ xss: null, violations: [], injected: [], marked: 0 });
  expect(dialogs).toEqual([]);
}

import { type BrowserContext, test as base, expect } from '@playwright/test';

/**
 * Every spec runs under the server's Content-Security-Policy and fails on any violation the browser
 * reports: a `securitypolicyviolation` event in any page or frame of the context, or a console error
 * saying the policy refused something. So a future screen cannot silently break under the policy.
 */
export type CspViolation = { page: string; directive: string; blocked: string; sample?: string };

const watched = new WeakMap<BrowserContext, CspViolation[]>();
/** The violation lists of the contexts the running test watches; checked when it ends. */
const active = new Set<CspViolation[]>();

/** Starts collecting the CSP violations of a context: the test's own is watched already, call it for a context a spec makes itself. */
export async function watchCsp(context: BrowserContext): Promise<CspViolation[]> {
  const existing = watched.get(context);
  if (existing) return existing;
  const violations: CspViolation[] = [];
  watched.set(context, violations);
  active.add(violations);
  await context.exposeBinding('__khidmaCspViolation', ({ page }, v: Omit<CspViolation, 'page'>) => {
    violations.push({ page: page?.url() ?? '', ...v });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (globalThis as unknown as { __khidmaCspViolation?: (v: unknown) => void }).__khidmaCspViolation;
      report?.({ directive: e.effectiveDirective || e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
    });
  });
  const onPage = (page: import('@playwright/test').Page) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(msg.text())) {
        violations.push({ page: page.url(), directive: 'console', blocked: msg.text() });
      }
    });
  };
  context.pages().forEach(onPage);
  context.on('page', onPage);
  return violations;
}

/** Fails when the context reported a violation; called after each test for every watched context. */
export function expectNoCspViolations(violations: CspViolation[]) {
  expect(violations, `Content-Security-Policy violations:\n${violations.map((v) => `  ${v.page}: ${v.directive} blocked ${v.blocked}${v.sample ? ` (${v.sample})` : ''}`).join('\n')}`).toEqual([]);
}

export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      active.clear();
      await watchCsp(context);
      await use(undefined);
      const all = [...active].flat();
      active.clear();
      expectNoCspViolations(all);
    },
    { auto: true },
  ],
});

export { expect };

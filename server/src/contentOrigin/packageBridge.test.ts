import fs from 'node:fs';
import path from 'node:path';
import { JSDOM, type DOMWindow } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';

const BRIDGE = fs.readFileSync(path.join(import.meta.dirname, 'packageBridge.js'), 'utf8');
const doms: JSDOM[] = [];
afterEach(() => { for (const dom of doms.splice(0)) dom.window.close(); });
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

/** The portal (http://app.test) framing an HTML package page with the bridge as the content origin serves it. */
function framedPackage(parent: string | null) {
  const portal = new JSDOM('<!doctype html><iframe></iframe>', { url: 'http://app.test/courses/1', runScripts: 'dangerously' });
  doms.push(portal);
  const heard: unknown[] = [];
  portal.window.addEventListener('message', (event: { data: unknown }) => heard.push(event.data));
  const frame = portal.window.document.querySelector('iframe')!.contentWindow! as unknown as DOMWindow & { lpPackage?: { complete(): void } };
  const script = frame.document.createElement('script');
  if (parent) script.setAttribute('data-parent', parent);
  script.textContent = BRIDGE;
  frame.document.head.append(script);
  return { frame, heard };
}

describe("the HTML package's bridge to the portal (packageBridge.js)", () => {
  it('tells the portal the package is shown, and passes on the completion the package reports', async () => {
    const { frame, heard } = framedPackage('http://app.test');
    await tick();
    expect(heard).toEqual([{ type: 'lp-package', kind: 'loaded' }]);
    frame.lpPackage!.complete();
    await tick();
    expect(heard).toEqual([{ type: 'lp-package', kind: 'loaded' }, { type: 'lp-package', kind: 'completed' }]);
  });

  it('tells nothing to a portal of another origin, nor without one', async () => {
    const other = framedPackage('http://elsewhere.test');
    const none = framedPackage(null);
    await tick();
    other.frame.lpPackage!.complete();
    none.frame.lpPackage!.complete();
    await tick();
    expect(other.heard).toEqual([]);
    expect(none.heard).toEqual([]);
  });
});

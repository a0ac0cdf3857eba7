import { describe, expect, it } from 'vitest';
import { serviceWorkerInControl } from './useOfflineReady';

/** A service-worker container as the page sees it: `ready` once installed, `controller` once it controls the page. */
class FakeContainer extends EventTarget {
  controller: object | null = null;
  private install!: () => void;
  readonly ready = new Promise<void>((resolve) => {
    this.install = resolve;
  });
  installed() {
    this.install();
  }
  takesControl() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

/** Whether `promise` has settled after the pending microtasks and one macrotask ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

const asContainer = (fake: FakeContainer) => fake as unknown as ServiceWorkerContainer;

describe('serviceWorkerInControl ("Ready offline" waits for it)', () => {
  it('waits for the install (the precache) and then for the worker to take control of the page', async () => {
    const container = new FakeContainer();
    const inControl = serviceWorkerInControl(asContainer(container));
    expect(await settled(inControl)).toBe(false);
    container.installed();
    expect(await settled(inControl)).toBe(false);
    container.takesControl();
    expect(await settled(inControl)).toBe(true);
  });

  it('is done at once for a page a worker already controls (a reload, a warm start)', async () => {
    const container = new FakeContainer();
    container.installed();
    container.controller = {};
    expect(await settled(serviceWorkerInControl(asContainer(container)))).toBe(true);
  });
});

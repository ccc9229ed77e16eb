import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyModule, type LazyModule } from '@/components/lazy/lazy-module';
import { LoadNotice } from '@/components/lazy/load-notice';
import { useLazy } from '@/components/lazy/use-lazy';
import { getDictionary } from '@/lib/content';
import type { Locale } from '@/lib/i18n';

/**
 * A module whose loads fail until `fix()`: each load fails or succeeds as the fault was when it began, and
 * waits for `release()`, so a test decides when it ends.
 */
function controlledModule(name: string, failure: 'retry' | 'offline' = 'retry') {
  let failing = true;
  let waiting: (() => void)[] = [];
  const lazy = lazyModule(
    () =>
      new Promise<string>((resolve, reject) => {
        const fails = failing;
        waiting.push(() => (fails ? reject(new Error('ChunkLoadError')) : resolve(name)));
      }),
    async () => failure,
  );
  return {
    module: lazy,
    fix: () => (failing = false),
    /** Ends every load under way. */
    release: async () => {
      const ending = waiting;
      waiting = [];
      await act(async () => ending.forEach((end) => end()));
    },
  };
}

/** A feature that asks for its module when the visitor clicks, and says when it has it. */
function Feature({ label, module }: { label: string; module: LazyModule<string> }) {
  const { loaded, request } = useLazy(module);
  return (
    <button type="button" onClick={() => request()}>
      {loaded ? `${label}: ${loaded}` : label}
    </button>
  );
}

describe.each<Locale>(['de', 'en'])('the load notice (%s)', (locale) => {
  const errors = getDictionary(locale).errors;

  function renderPage(...features: { label: string; module: LazyModule<string> }[]) {
    render(
      <>
        {features.map((feature) => (
          <Feature key={feature.label} {...feature} />
        ))}
        <LoadNotice strings={errors} />
      </>,
    );
  }

  it('stays when another module loads, and goes when its own module loads', async () => {
    const user = userEvent.setup();
    const form = controlledModule('form');
    const cart = controlledModule('cart');
    cart.fix();
    renderPage({ label: 'Form', module: form.module }, { label: 'Cart', module: cart.module });

    await user.click(screen.getByRole('button', { name: 'Form' }));
    await form.release();
    expect(await screen.findByRole('alert')).toHaveTextContent(errors.loadFailed);

    await user.click(screen.getByRole('button', { name: 'Cart' }));
    await cart.release();
    expect(screen.getByRole('button', { name: 'Cart: cart' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(errors.loadFailed);

    form.fix();
    await user.click(screen.getByRole('button', { name: errors.retry }));
    await form.release();
    expect(screen.getByRole('button', { name: 'Form: form' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says the page is offline when the browser is, and the retry loads once it is back', async () => {
    const user = userEvent.setup();
    const form = controlledModule('form', 'offline');
    renderPage({ label: 'Form', module: form.module });

    await user.click(screen.getByRole('button', { name: 'Form' }));
    await form.release();
    expect(await screen.findByRole('alert')).toHaveTextContent(errors.offline);
    expect(screen.getByRole('alert')).not.toHaveTextContent(errors.loadFailed);

    form.fix();
    await user.click(screen.getByRole('button', { name: errors.retry }));
    await form.release();
    expect(screen.getByRole('button', { name: 'Form: form' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('waits while the page tries again, and a click during a failing attempt loads once that attempt has failed', async () => {
    const user = userEvent.setup();
    const form = controlledModule('form');
    renderPage({ label: 'Form', module: form.module });

    await user.click(screen.getByRole('button', { name: 'Form' }));
    await form.release();
    const retry = screen.getByRole('button', { name: errors.retry });
    expect(retry).toBeEnabled();
    // The page tries again by itself (a field got focus, say): the message's button waits for the outcome.
    await user.click(screen.getByRole('button', { name: 'Form' }));
    expect(retry).toBeDisabled();
    // The fault goes away, and the visitor clicks again while that attempt is still on its way to failing.
    form.fix();
    await user.click(screen.getByRole('button', { name: 'Form' }));
    await form.release();
    expect(screen.getByRole('button', { name: errors.retry })).toBeEnabled();
    // The visitor's click did not fail with it: it started afresh, and that load gets through.
    await form.release();
    expect(screen.getByRole('button', { name: 'Form: form' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
